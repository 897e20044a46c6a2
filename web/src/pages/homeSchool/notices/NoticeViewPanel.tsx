import { Alert, Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EventDetail, NoticeDetail } from '@campus/contract';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { NoticeBody, noticeTime } from '../common/NoticeBody.tsx';
import { usePhone } from '../../../hooks/usePhone.ts';
import { StatusTag } from './DeliveryStatus.tsx';
import { RecipientsSummary } from './NoticeRecipients.tsx';
import { EventFacts } from './EventFacts.tsx';
import { kindKey, useRelease } from './release.ts';

/**
 * Viewing a published notice: what its readers see, then its delivery and recipients. A panel rather than
 * the read-only form, so that pictures can be previewed and files played or saved.
 */
export function NoticeViewPanel({ detail, onClose }: { detail: NoticeDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const release = useRelease();
  return (
    <SidePanel open={!!detail} onClose={onClose} title={t(kindKey(release, 'viewTitle'))} width={phone ? '100%' : 720}>
      {detail && (
        <div data-testid="notice-view">
          <Typography.Title level={4} className="notice-view-title">
            {detail.title}
          </Typography.Title>
          <div className="notice-meta">
            <span>{detail.publisherName}</span>
            <span>{noticeTime(detail.createdAt)}</span>
            <StatusTag status={detail.status} />
          </div>
          {detail.status === 'failed' && detail.error && <Alert type="error" showIcon title={detail.error} className="notice-view-error" />}
          {'eventAt' in detail && <EventFacts event={detail as EventDetail} counts />}
          <NoticeBody content={detail.content} attachments={detail.attachments} />
          <Divider titlePlacement="start">{t('notices.recipients')}</Divider>
          <RecipientsSummary detail={detail} />
          <Typography.Paragraph type="secondary" className="notice-view-read">
            {t('notices.readSummary', { read: detail.readCount, total: detail.recipientTotal })}
            {detail.lastRemindedAt ? ` · ${t('notices.lastReminded', { time: noticeTime(detail.lastRemindedAt) })}` : ''}
          </Typography.Paragraph>
        </div>
      )}
    </SidePanel>
  );
}
