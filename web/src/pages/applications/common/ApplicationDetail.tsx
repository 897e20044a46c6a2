import type { ReactNode } from 'react';
import { Button, Descriptions, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApplicationView } from '@campus/contract';
import { fetchApplication, type ApplicationKind } from '../../../api/leave.ts';
import { ApprovalTrail } from '../../../components/ApprovalTrail/index.ts';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { noticeTime } from '../../homeSchool/common/NoticeBody.tsx';
import { ApplicationActions, ApplicationImages, StatusTag, StepProgress } from './ApplicationParts.tsx';

/** One line of the detail: its label and value. */
export interface DetailFact {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

export const applicationKey = (kind: ApplicationKind, id: number) => ['applications', kind, 'detail', id] as const;

export interface ApplicationDetailProps {
  kind: ApplicationKind;
  /** The application to show; null closes the panel. */
  id: number | null;
  title: ReactNode;
  /** The type's own facts (who, leave type, time, duration, reason; or destination, time, companions, reason). */
  facts: (application: ApplicationView) => DetailFact[];
  /** Opened from someone else's list (the class teacher's "on leave today"): no actions. */
  readOnly?: boolean;
  onClose: () => void;
  /** Reporting the return was asked for. */
  onCancelLeave?: (application: ApplicationView) => void;
  /** Withdrawn: the list loads again. */
  onChanged: () => void;
  /** The pictures' section (on by default); off for types that take none (day-school, certificates). */
  showImages?: boolean;
  /** What follows the facts (an approved application's certificate). */
  extra?: (application: ApplicationView) => ReactNode;
}

/**
 * One application as its applicant reads it, in a panel that takes a phone's whole width: every field,
 * the pictures and the approval trail; withdraw and reporting the return when the application allows them.
 */
export function ApplicationDetail({ kind, id, title, facts, readOnly = false, onClose, onCancelLeave, onChanged, showImages = true, extra }: ApplicationDetailProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const query = useQuery({
    queryKey: applicationKey(kind, id ?? 0),
    queryFn: ({ signal }) => fetchApplication(kind, id ?? 0, signal),
    enabled: id !== null,
    gcTime: 0,
  });
  const application = id !== null ? query.data : undefined;
  const actions =
    application && !readOnly ? (
      <ApplicationActions
        kind={kind}
        row={application}
        variant="button"
        block={phone}
        onCancelLeave={onCancelLeave ? () => onCancelLeave(application) : undefined}
        onChanged={() => {
          void query.refetch();
          onChanged();
        }}
      />
    ) : null;
  return (
    <SidePanel
      open={id !== null}
      onClose={onClose}
      title={title}
      width={phone ? '100%' : 640}
      className="application-panel"
      footer={
        <div className={`application-footer${phone ? ' is-phone' : ''}`}>
          {actions}
          <Button block={phone} onClick={onClose} data-testid="application-close">
            {t('application.close')}
          </Button>
        </div>
      }
    >
      {id !== null && query.isError && <Result status="warning" title={t('application.notFound')} />}
      {id !== null && !query.isError && !application && <Spin className="application-loading" />}
      {application && <Loaded application={application} facts={facts} phone={phone} showImages={showImages} extra={extra} />}
    </SidePanel>
  );
}

interface LoadedProps extends Pick<ApplicationDetailProps, 'facts' | 'extra'> {
  application: ApplicationView;
  phone: boolean;
  showImages: boolean;
}

function Loaded({ application, facts, phone, showImages, extra }: LoadedProps) {
  const { t } = useTranslation();
  const own: DetailFact[] = facts(application);
  const items: DetailFact[] = [
    {
      key: 'status',
      label: t('application.statusLabel'),
      value: (
        <span className="application-tags">
          <StatusTag row={application} />
          <StepProgress row={application} />
        </span>
      ),
    },
    { key: 'type', label: t('application.type'), value: t(`approval.type.${application.type}`) },
    ...own,
    ...(application.cancelled
      ? [
          {
            key: 'returnedAt',
            label: t('leavePage.returnedAt'),
            value: (
              <span data-testid="application-returned">
                {t('leavePage.cancelledAt', { time: noticeTime(application.returnedAt) })}
                {application.cancelNote && <div className="application-text">{application.cancelNote}</div>}
              </span>
            ),
          },
        ]
      : []),
    { key: 'applicant', label: t('application.applicant'), value: application.applicantName },
    { key: 'createdAt', label: t('application.createdAt'), value: noticeTime(application.createdAt) },
  ];
  return (
    <article className="application-detail" data-testid="application-detail" data-id={application.id} data-status={application.status}>
      <Descriptions
        column={1}
        size="small"
        bordered={!phone}
        layout={phone ? 'vertical' : 'horizontal'}
        className="application-facts"
        items={items.map((item) => ({ key: item.key, label: item.label, children: <span data-testid={`application-fact-${item.key}`}>{item.value}</span> }))}
      />
      {extra?.(application)}
      {showImages && (
        <section className="application-section" aria-label={t('application.images')}>
          <div className="application-section-title">{t('application.images')}</div>
          <ApplicationImages images={application.images} />
        </section>
      )}
      <section className="application-section" aria-label={t('application.trail')}>
        <div className="application-section-title">{t('application.trail')}</div>
        <ApprovalTrail entries={application.trail} stepCount={application.stepCount} />
      </section>
    </article>
  );
}
