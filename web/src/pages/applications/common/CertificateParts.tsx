import { useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { Button, Form, Input, Tag, Typography } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CERTIFICATE_REVOKE_REASON_MAX, certificateRevokeSchema, type ApplicationDetails, type ApplicationType, type ApplicationView, type CertificateInfo } from '@campus/contract';
import { CERTIFICATE_REVOKE_PERMISSION, downloadCertificate, revokeCertificate } from '../../../api/certificates.ts';
import { feedback } from '../../../app/feedback.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import type { ApplicationListRow } from '../../../api/leave.ts';
import { noticeTime } from '../../homeSchool/common/NoticeBody.tsx';
import type { DetailFact } from './ApplicationDetail.tsx';

/**
 * What the day-school and certificate pages and the review share: the type's own fields (dates, address,
 * guardian, transport; purpose, English page, terms) and the certificate an approved application produced.
 */

/** The application types that issue a certificate on approval. */
export const CERTIFICATE_APPLICATION_TYPES: readonly ApplicationType[] = ['daySchool', 'enrolmentCertificate', 'gradeCertificate'];

export const isCertificateType = (type: ApplicationType) => CERTIFICATE_APPLICATION_TYPES.includes(type);

/** "2026-12-01 to 2026-12-31": a day-school's first and last day. */
export function DateRange({ details }: { details: Pick<ApplicationDetails, 'startDate' | 'endDate'> }) {
  const { t } = useTranslation();
  return (
    <span className="application-time" data-testid="application-dates">
      {t('application.timeRange', { start: details.startDate ?? '', end: details.endDate ?? '' })}
    </span>
  );
}

/** How a day student comes and goes, in the reader's language. */
export function transportLabel(t: TFunction, transport: ApplicationDetails['transport']): string {
  return transport ? t(`daySchoolPage.transport.${transport}`) : '';
}

/** The guardian with a phone number a phone can dial. */
export function Guardian({ details }: { details: Pick<ApplicationDetails, 'guardian' | 'guardianPhone'> }) {
  return (
    <span className="application-guardian" data-testid="application-guardian">
      {details.guardian}
      {details.guardianPhone && (
        <>
          {' · '}
          <a href={`tel:${details.guardianPhone}`} onClick={(event) => event.stopPropagation()}>
            {details.guardianPhone}
          </a>
        </>
      )}
    </span>
  );
}

/** "Yes" / "No" for the English page. */
export function englishLabel(t: TFunction, english: boolean | undefined): string {
  return english ? t('certificatePage.yes') : t('certificatePage.no');
}

/** A grade certificate's terms: their names once read one by one, their count in a list. */
export function Terms({ row }: { row: Pick<ApplicationView, 'termNames' | 'details'> }) {
  const { t } = useTranslation();
  if (row.termNames.length > 0) {
    return (
      <span className="application-tags" data-testid="application-terms">
        {row.termNames.map((name) => (
          <Tag key={name} className="application-tag">
            {name}
          </Tag>
        ))}
      </span>
    );
  }
  const count = row.details.termIds?.length ?? 0;
  return count ? <span data-testid="application-terms">{t('certificatePage.termCount', { count })}</span> : null;
}

/**
 * The fields of a day-school or certificate application, after who it is for and before the reason: the same
 * lines for the applicant and the approver. Other types have none.
 */
export function certificateFacts(t: TFunction, application: Pick<ApplicationView, 'type' | 'details' | 'termNames'>): DetailFact[] {
  const { details } = application;
  if (application.type === 'daySchool') {
    return [
      { key: 'dates', label: t('daySchoolPage.dates'), value: <DateRange details={details} /> },
      { key: 'transport', label: t('daySchoolPage.transport'), value: transportLabel(t, details.transport) },
      { key: 'address', label: t('daySchoolPage.address'), value: <div className="application-text">{details.address}</div> },
      { key: 'guardian', label: t('daySchoolPage.guardian'), value: <Guardian details={details} /> },
    ];
  }
  if (application.type === 'enrolmentCertificate' || application.type === 'gradeCertificate') {
    return [
      { key: 'purpose', label: t('certificatePage.purpose'), value: <div className="application-text">{details.purpose}</div> },
      { key: 'english', label: t('certificatePage.english'), value: englishLabel(t, details.english) },
      ...(application.type === 'gradeCertificate' ? [{ key: 'terms', label: t('certificatePage.terms'), value: <Terms row={application} /> }] : []),
    ];
  }
  return [];
}

export interface CertificateDownloadProps {
  applicationId: number;
  certificate: Pick<CertificateInfo, 'serialNumber'>;
  /** A link in a table row, a button elsewhere. */
  variant?: 'link' | 'button' | 'primary';
  block?: boolean;
}

/** Downloads the certificate's PDF, saved as <serial number>.pdf; a refusal has been shown by the request client. */
export function CertificateDownload({ applicationId, certificate, variant = 'button', block = false }: CertificateDownloadProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const save = async (event: MouseEvent) => {
    // Inside a row or a card: the click downloads, it does not open the application.
    event.stopPropagation();
    setBusy(true);
    try {
      await downloadCertificate(applicationId, certificate.serialNumber);
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type={variant === 'link' ? 'link' : variant === 'primary' ? 'primary' : 'default'}
      size={variant === 'link' ? 'small' : 'middle'}
      icon={<DownloadOutlined />}
      loading={busy}
      block={block}
      onClick={(event) => void save(event)}
      data-testid={`certificate-download-${applicationId}`}
    >
      {t('certificateInfo.download')}
    </Button>
  );
}

/** Whether the caller may revoke certificates and still download revoked ones (the academic office). */
function useRevokeRight(): boolean {
  const allowed = usePermission();
  return allowed({ permissions: [CERTIFICATE_REVOKE_PERMISSION] });
}

function RevokedTag({ certificate }: { certificate: Pick<CertificateInfo, 'revokedAt'> }) {
  const { t } = useTranslation();
  if (!certificate.revokedAt) return null;
  return (
    <Tag color="error" className="application-tag" data-testid="certificate-revoked">
      {t('certificateInfo.revoked')}
    </Tag>
  );
}

/** A list row's certificate: its serial number and the download, once approved; a revoked one says so. */
export function CertificateCell({ row, variant = 'link' }: { row: Pick<ApplicationListRow, 'id' | 'certificate'>; variant?: CertificateDownloadProps['variant'] }) {
  const office = useRevokeRight();
  if (!row.certificate) return null;
  const revoked = !!row.certificate.revokedAt;
  return (
    <span className="application-certificate-cell" data-testid={`certificate-cell-${row.id}`}>
      <span className="application-serial">{row.certificate.serialNumber}</span>
      <RevokedTag certificate={row.certificate} />
      {(!revoked || office) && <CertificateDownload applicationId={row.id} certificate={row.certificate} variant={variant} />}
    </span>
  );
}

/** The office's reason for revoking a certificate; the server tells the family and the verification page. */
function RevokeDialog({ applicationId, serialNumber, open, onClose }: { applicationId: number; serialNumber: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const initialValues = useMemo(() => ({ id: applicationId, reason: '' }), [applicationId]);
  return (
    <FormDialog<{ id: number; reason: string }>
      open={open}
      mode="add"
      title={t('certificateInfo.revokeTitle', { serial: serialNumber })}
      okText={t('certificateInfo.revoke')}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (values) => {
        const msg = await revokeCertificate(applicationId, (values.reason ?? '').trim());
        feedback().message.success(msg);
        // The detail, the lists and the review all show the certificate: each reads it again.
        await client.invalidateQueries();
      }}
      data-testid="certificate-revoke-dialog"
    >
      {(form) => (
        <>
          <Typography.Paragraph type="secondary">{t('certificateInfo.revokeHint')}</Typography.Paragraph>
          <Form.Item name="reason" label={t('certificateInfo.revokeReason')} required rules={[zodRule(certificateRevokeSchema, 'reason', form)]}>
            <Input.TextArea maxLength={CERTIFICATE_REVOKE_REASON_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} data-testid="certificate-revoke-reason" />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/**
 * The certificate section of a detail: an approved application's serial number, issue time, the PDF and the
 * public verification page; a waiting one says the certificate comes with the approval.
 */
export function CertificateSection({ application, phone = false }: { application: Pick<ApplicationView, 'id' | 'type' | 'status' | 'certificate'>; phone?: boolean }) {
  const { t } = useTranslation();
  const office = useRevokeRight();
  const [revoking, setRevoking] = useState(false);
  if (!isCertificateType(application.type)) return null;
  const { certificate } = application;
  let body: ReactNode;
  if (certificate) {
    const revoked = !!certificate.revokedAt;
    body = (
      <div className="application-certificate" data-testid="application-certificate">
        <div className="application-certificate-lines">
          <span className="application-certificate-line">
            <Typography.Text type="secondary">{t('certificateInfo.serialLabel')}</Typography.Text>
            <span className="application-serial" data-testid="certificate-serial">
              {certificate.serialNumber}
            </span>
          </span>
          <span className="application-certificate-line">
            <Typography.Text type="secondary">{t('certificateInfo.issuedLabel')}</Typography.Text>
            <span data-testid="certificate-issued">{noticeTime(certificate.issuedAt)}</span>
          </span>
          {revoked && (
            <span className="application-certificate-line" data-testid="certificate-revoked-line">
              <RevokedTag certificate={certificate} />
              <span>{t('certificateInfo.revokedLine', { time: noticeTime(certificate.revokedAt), reason: certificate.revokeReason })}</span>
            </span>
          )}
        </div>
        <div className={`application-certificate-actions${phone ? ' is-phone' : ''}`}>
          {(!revoked || office) && <CertificateDownload applicationId={application.id} certificate={certificate} variant="primary" block={phone} />}
          <Button
            href={certificate.verifyPath}
            target="_blank"
            rel="noopener noreferrer"
            icon={<SafetyCertificateOutlined />}
            block={phone}
            data-testid="certificate-verify-link"
          >
            {t('certificateInfo.verify')}
          </Button>
          {office && !revoked && (
            <Button danger icon={<StopOutlined />} block={phone} onClick={() => setRevoking(true)} data-testid="certificate-revoke">
              {t('certificateInfo.revoke')}
            </Button>
          )}
        </div>
        {office && <RevokeDialog applicationId={application.id} serialNumber={certificate.serialNumber} open={revoking} onClose={() => setRevoking(false)} />}
      </div>
    );
  } else if (application.status === 'pending') {
    body = (
      <Typography.Text type="secondary" data-testid="certificate-pending">
        {t('certificateInfo.pending')}
      </Typography.Text>
    );
  } else {
    return null;
  }
  return (
    <section className="application-section" aria-label={t('certificateInfo.title')}>
      <div className="application-section-title">{t('certificateInfo.title')}</div>
      {body}
    </section>
  );
}
