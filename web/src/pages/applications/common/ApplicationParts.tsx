import { useState, type MouseEvent, type ReactNode } from 'react';
import { Button, Popconfirm, Tag, Typography } from 'antd';
import { RollbackOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApplicationView } from '@campus/contract';
import { APPLICATION_STATUS_COLOURS, withdrawApplication, type ApplicationKind, type ApplicationListRow } from '../../../api/leave.ts';
import { feedback } from '../../../app/feedback.ts';
import { NoticeBody, noticeTime } from '../../homeSchool/common/NoticeBody.tsx';

/**
 * What the applicant's pages (leave, travel, day-school and certificates) share: the status with the reported return, the time span,
 * the pictures, the row's actions and the phone's card.
 */

/** The status, and "returned early" once a leave was cancelled (reported return). */
export function StatusTag({ row }: { row: Pick<ApplicationListRow, 'status' | 'cancelled'> }) {
  const { t } = useTranslation();
  return (
    <span className="application-tags">
      <Tag color={APPLICATION_STATUS_COLOURS[row.status]} className="application-tag" data-testid="application-status" data-status={row.status}>
        {t(`application.status.${row.status}`)}
      </Tag>
      {row.cancelled && (
        <Tag color="purple" className="application-tag" data-testid="application-cancelled">
          {t('application.cancelled')}
        </Tag>
      )}
    </span>
  );
}

/** "2026-11-25 08:00 to 2026-11-26 17:00". */
export function TimeRange({ row }: { row: Pick<ApplicationListRow, 'startAt' | 'endAt'> }) {
  const { t } = useTranslation();
  return (
    <span className="application-time" data-testid="application-time">
      {t('application.timeRange', { start: noticeTime(row.startAt), end: noticeTime(row.endAt) })}
    </span>
  );
}

/** "Step 1 of 2" while pending; nothing once decided. */
export function StepProgress({ row }: { row: Pick<ApplicationListRow, 'status' | 'step' | 'stepCount'> }) {
  const { t } = useTranslation();
  if (row.status !== 'pending' || row.stepCount === 0) return null;
  return (
    <Typography.Text type="secondary" className="application-progress" data-testid="application-progress">
      {t('application.stepProgress', { step: row.step, count: row.stepCount })}
    </Typography.Text>
  );
}

/** The pictures of an application, as the notices show theirs (thumbnails with a preview). */
export function ApplicationImages({ images }: { images: ApplicationView['images'] }) {
  const { t } = useTranslation();
  if (images.length === 0) return <Typography.Text type="secondary">{t('application.noImages')}</Typography.Text>;
  return (
    <div className="application-images" data-testid="application-images">
      <NoticeBody content="" attachments={{ images, video: [], documents: [], audio: [] }} />
    </div>
  );
}

/** Clicks inside the actions (their confirm bubbles through the portal too) do not open the row. */
const stop = (event: MouseEvent) => event.stopPropagation();

export interface ApplicationActionsProps {
  kind: ApplicationKind;
  row: Pick<ApplicationListRow, 'id' | 'canWithdraw' | 'canCancel'>;
  /** The view button (the table's operation column). */
  onView?: () => void;
  /** Reporting the return was asked for: the page opens its form. */
  onCancelLeave?: () => void;
  /** Withdrawn: the list (and detail) load again. */
  onChanged: () => void;
  /** Buttons as links (a table) or plain buttons (the detail's footer, a card). */
  variant?: 'link' | 'button';
  block?: boolean;
}

/** View, withdraw (after a confirmation) and reporting the return, as far as the application allows them. */
export function ApplicationActions({ kind, row, onView, onCancelLeave, onChanged, variant = 'link', block = false }: ApplicationActionsProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const size = variant === 'link' ? 'small' : 'middle';
  const type = variant === 'link' ? 'link' : 'default';
  const withdraw = async () => {
    setBusy(true);
    try {
      const msg = await withdrawApplication(kind, row.id);
      feedback().message.success(msg || t('application.status.withdrawn'));
      onChanged();
    } catch {
      // The request client has shown why (e.g. decided meanwhile).
    } finally {
      setBusy(false);
    }
  };
  const buttons: ReactNode[] = [];
  if (onView) {
    buttons.push(
      <Button key="view" type={type} size={size} onClick={onView} data-testid={`application-view-${row.id}`}>
        {t('application.view')}
      </Button>,
    );
  }
  if (row.canWithdraw) {
    buttons.push(
      <Popconfirm
        key="withdraw"
        title={t('application.withdrawConfirm')}
        okText={t('application.withdrawOk')}
        cancelText={t('application.keep')}
        okButtonProps={{ danger: true }}
        onConfirm={() => withdraw()}
      >
        <Button type={type} size={size} danger icon={variant === 'button' ? <RollbackOutlined /> : undefined} loading={busy} data-testid={`application-withdraw-${row.id}`}>
          {t('application.withdraw')}
        </Button>
      </Popconfirm>,
    );
  }
  if (row.canCancel && onCancelLeave) {
    buttons.push(
      <Button key="cancel" type={variant === 'link' ? 'link' : 'primary'} size={size} icon={variant === 'button' ? <UndoOutlined /> : undefined} onClick={onCancelLeave} data-testid={`application-cancel-${row.id}`}>
        {t('leavePage.cancel')}
      </Button>,
    );
  }
  if (buttons.length === 0) return null;
  return (
    <span className={`application-actions${block ? ' is-block' : ''}`} onClick={stop} onKeyDown={(event) => event.stopPropagation()} role="presentation">
      {buttons}
    </span>
  );
}

/** An application as a card: the list's form on a phone; `showTime` off for types without a time span (certificates). */
export function ApplicationCard({ row, title, children, actions, showTime = true }: { row: ApplicationListRow; title: ReactNode; children?: ReactNode; actions?: ReactNode; showTime?: boolean }) {
  return (
    <div className="application-card" data-testid="application-card" data-id={row.id}>
      <div className="application-card-head">
        <span className="application-card-title">{title}</span>
        <StatusTag row={row} />
      </div>
      {showTime && <TimeRange row={row} />}
      {children}
      <Typography.Text type="secondary" className="application-card-meta">
        <span>{noticeTime(row.createdAt)}</span>
        <StepProgress row={row} />
      </Typography.Text>
      {actions}
    </div>
  );
}
