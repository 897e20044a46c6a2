import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import { Button, DatePicker, Descriptions, Empty, Image, Result, Skeleton, Tag, Timeline, Typography } from 'antd';
import { FileOutlined, PictureOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClaimDetail, ClaimFile, ClaimStatus } from '@campus/contract';
import { download } from '../../../api/client.ts';
import { saveBlob } from '../../../api/exports.ts';
import { useAuthorizedObjectUrl } from '../../../hooks/useAuthorizedObjectUrl.ts';
import { CLAIM_COLOURS } from './api.ts';
import './insurance.css';

/** The status names come from the server's catalogue (insurance.status.*). */
export function ClaimStatusTag({ status, testId }: { status: ClaimStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={CLAIM_COLOURS[status]} data-testid={testId} data-status={status}>
      {t(`insurance.status.${status}`)}
    </Tag>
  );
}

export const yuan = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `¥${value.toFixed(2)}`);

const filePath = (file: ClaimFile) => `/file/download/${encodeURIComponent(file.id)}`;

function Picture({ file }: { file: ClaimFile }) {
  const { url, failed } = useAuthorizedObjectUrl(filePath(file));
  if (failed) {
    return (
      <div className="insurance-photo is-missing" title={file.name}>
        <PictureOutlined />
      </div>
    );
  }
  if (!url) return <Skeleton.Image active className="insurance-photo" />;
  return <Image src={url} alt={file.name} width={96} height={96} rootClassName="insurance-photo" data-testid="insurance-photo" />;
}

/** Pictures shown (with a preview); documents as links that download. */
export function ClaimFiles({ files }: { files: ClaimFile[] }) {
  const { t } = useTranslation();
  if (files.length === 0) return <Typography.Text type="secondary">{t('insuranceUi.noFiles')}</Typography.Text>;
  const pictures = files.filter((file) => file.mimeType.startsWith('image/'));
  const documents = files.filter((file) => !file.mimeType.startsWith('image/'));
  return (
    <div className="insurance-files" data-testid="insurance-files">
      <Image.PreviewGroup>
        {pictures.map((file) => (
          <Picture key={file.id} file={file} />
        ))}
      </Image.PreviewGroup>
      {documents.map((file) => (
        <Button key={file.id} type="link" icon={<FileOutlined />} onClick={() => void download(filePath(file)).then((blob) => saveBlob(blob, file.name))}>
          {file.name}
        </Button>
      ))}
    </div>
  );
}

/** A claim in full: the accident, the amounts, the files and every status it passed through. */
export function ClaimDetailView({ claim, phone }: { claim: ClaimDetail; phone: boolean }) {
  const { t } = useTranslation();
  return (
    <div data-testid="insurance-claim-detail" data-status={claim.status}>
      <Descriptions column={phone ? 1 : 2} size="small" bordered>
        <Descriptions.Item label={t('insuranceUi.student')}>{`${claim.studentName} · ${claim.className}`}</Descriptions.Item>
        <Descriptions.Item label={t('insuranceUi.status')}>
          <ClaimStatusTag status={claim.status} testId="insurance-detail-status" />
        </Descriptions.Item>
        <Descriptions.Item label={t('insuranceUi.policy')}>{`${claim.policyNo} · ${claim.companyName}`}</Descriptions.Item>
        <Descriptions.Item label={t('insuranceUi.accidentDate')}>{claim.accidentDate}</Descriptions.Item>
        <Descriptions.Item label={t('insuranceUi.place')}>{claim.place}</Descriptions.Item>
        <Descriptions.Item label={t('insuranceUi.amountClaimed')}>{yuan(claim.amountClaimed)}</Descriptions.Item>
        <Descriptions.Item label={t('insuranceUi.materialsReceived')}>{t(claim.materialsReceived ? 'insuranceUi.yes' : 'insuranceUi.no')}</Descriptions.Item>
        <Descriptions.Item label={t('insuranceUi.paid')}>
          <span data-testid="insurance-detail-paid">{claim.paid ? t('insuranceUi.paidOn', { amount: yuan(claim.paidAmount), date: claim.paidDate }) : t('insuranceUi.no')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('insuranceUi.description')} span={phone ? 1 : 2}>
          {claim.description}
        </Descriptions.Item>
        {claim.status === 'rejected' && (
          <Descriptions.Item label={t('insuranceUi.rejectReason')} span={phone ? 1 : 2}>
            <Typography.Text type="danger">{claim.rejectReason}</Typography.Text>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('insuranceUi.files')} span={phone ? 1 : 2}>
          <ClaimFiles files={claim.files} />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} className="insurance-history-title">
        {t('insuranceUi.history')}
      </Typography.Title>
      <Timeline
        items={claim.events.map((event) => ({
          color: CLAIM_COLOURS[event.status],
          content: (
            <div>
              <strong>{t(`insurance.status.${event.status}`)}</strong>
              <Typography.Text type="secondary" className="insurance-history-meta">{` ${event.at} · ${event.byName}`}</Typography.Text>
              {event.comment && <div>{event.comment}</div>}
            </div>
          ),
        }))}
      />
    </div>
  );
}

/** A page opened without the record it needs: says so, with the way back. */
export function ParametersLost({ back, backLabel, message }: { back: string; backLabel: ReactNode; message?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={message || t('insuranceUi.parametersLost')}
      extra={
        <Button type="primary" onClick={() => void navigate(back)} data-testid="safety-back">
          {backLabel}
        </Button>
      }
      data-testid="safety-parameters-lost"
    />
  );
}

export function EmptyList({ text }: { text: ReactNode }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}

/** An id from the query string, or null. */
export function idParam(params: URLSearchParams, name: string): number | null {
  const value = Number(params.get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** A day as the form holds it (YYYY-MM-DD text), picked on a calendar. */
export function DayPicker({ value, onChange, disabled, max, min, 'data-testid': testId }: { value?: string; onChange?: (value: string) => void; disabled?: boolean; max?: string; min?: string; 'data-testid'?: string }) {
  return (
    <DatePicker
      value={value ? dayjs(value) : null}
      onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : '')}
      disabled={disabled}
      disabledDate={max || min ? (day) => (!!max && day.format('YYYY-MM-DD') > max) || (!!min && day.format('YYYY-MM-DD') < min) : undefined}
      style={{ width: '100%' }}
      inputReadOnly
      data-testid={testId}
    />
  );
}

/** Today in the school's calendar (the browser's day). */
export const todayText = () => dayjs().format('YYYY-MM-DD');
