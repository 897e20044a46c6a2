import type { ReactNode } from 'react';
import { Button, Descriptions, Result, Space, Spin, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApplicationView } from '@campus/contract';
import { fetchApplicationForReview, type ApprovalDecision } from '../../../api/approvals.ts';
import { ApprovalTrail } from '../../../components/ApprovalTrail/index.ts';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { noticeTime } from '../../homeSchool/common/NoticeBody.tsx';
import { ApplicationImages, StatusTag, StepProgress, TimeRange } from '../common/ApplicationParts.tsx';
import { CertificateSection, certificateFacts, isCertificateType } from '../common/CertificateParts.tsx';
import '../common/applications.css';

/** The query key of an application opened for review (the list's decisions refresh it). */
export const reviewKey = (id: number) => ['applications', 'review', id] as const;

export interface ReviewDetailProps {
  /** The application shown, or null when closed. */
  id: number | null;
  onClose: () => void;
  /** Approve or reject this application (the page's decision dialog). */
  onDecide: (application: ApplicationView, decision: ApprovalDecision) => void;
}

/**
 * One application as its approver reads it: who applied and for whom, every field its type has (leave type,
 * times, duration, reason, destination, follower, pictures; a day-school's dates, address, guardian and transport;
 * a certificate's purpose, English page and terms), an approved one's certificate (to download), its approval
 * trail, and approve / reject while it waits for the caller.
 */
export function ReviewDetail({ id, onClose, onDecide }: ReviewDetailProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const query = useQuery({ queryKey: reviewKey(id ?? 0), queryFn: ({ signal }) => fetchApplicationForReview(id!, signal), enabled: id !== null, gcTime: 0 });
  const detail = id !== null && query.data?.id === id ? query.data : undefined;
  const footer =
    detail?.canDecide && detail.status === 'pending' ? (
      <Space className="review-detail-actions">
        <Button type="primary" icon={<CheckOutlined />} onClick={() => onDecide(detail, 'approve')} data-testid="review-detail-approve">
          {t('review.approve')}
        </Button>
        <Button danger icon={<CloseOutlined />} onClick={() => onDecide(detail, 'reject')} data-testid="review-detail-reject">
          {t('review.reject')}
        </Button>
      </Space>
    ) : undefined;
  return (
    <SidePanel open={id !== null} onClose={onClose} title={t('review.detailTitle')} width={phone ? '100%' : 720} footer={footer}>
      {id !== null && query.isError && <Result status="warning" title={t('application.notFound')} />}
      {id !== null && !query.isError && !detail && <Spin className="review-loading" />}
      {detail && <DetailBody detail={detail} phone={phone} />}
    </SidePanel>
  );
}

function DetailBody({ detail, phone }: { detail: ApplicationView; phone: boolean }) {
  const { t } = useTranslation();
  // Day-school and certificate applications: their own fields (a day-school's dates stand for its time).
  const certificate = isCertificateType(detail.type);
  const items: { key: string; label: string; children: ReactNode }[] = [];
  const add = (key: string, label: string, value: ReactNode, shown = true) => {
    if (shown) items.push({ key, label, children: value });
  };
  add('type', t('application.type'), t(`approval.type.${detail.type}`));
  add('status', t('application.statusLabel'), (
    <Space size={4} wrap>
      <StatusTag row={detail} />
      <StepProgress row={detail} />
    </Space>
  ));
  add('applicant', t('application.applicant'), detail.applicantName);
  add('subject', t('review.subject'), detail.subjectName, detail.subjectName !== '' && detail.subjectName !== detail.applicantName);
  add('class', t('review.class'), detail.className, detail.className !== '');
  add('leaveType', t('review.leaveType'), detail.leaveTypeName || detail.leaveType, !!(detail.leaveTypeName || detail.leaveType));
  add('destination', t('review.destination'), detail.destination, detail.destination !== '');
  const roll = detail.type === 'rollChange' ? detail.details : null;
  add('time', t('application.time'), <TimeRange row={detail} />, detail.startAt !== '' && !certificate && !roll);
  if (roll?.changeKind) {
    add('rollKind', t('review.rollKind'), t(`review.rollKind.${roll.changeKind}`));
    add('rollClasses', t('review.rollClasses'), `${roll.fromClassName || t('review.rollNoClass')} → ${roll.toClassName || t('review.rollNoClass')}`);
    add('rollDate', t('review.rollDate'), roll.effectiveDate ?? '');
    add('rollSchool', t('review.rollSchool'), roll.school ?? '', !!roll.school);
  }
  for (const fact of certificateFacts(t, detail)) add(fact.key, String(fact.label), fact.value);
  add('duration', t('review.duration'), detail.duration ? t('review.durationValue', { days: detail.duration.days, periods: detail.duration.periods }) : '', !!detail.duration);
  add('follower', t('review.follower'), detail.follower, detail.follower !== '');
  add('reason', t('review.reason'), <span className="review-reason">{detail.reason}</span>, detail.reason !== '');
  add('returned', t('review.returnedAt'), [noticeTime(detail.returnedAt), detail.cancelNote].filter(Boolean).join(' · '), detail.cancelled);
  add('createdAt', t('application.createdAt'), noticeTime(detail.createdAt));
  return (
    <div className="review-detail" data-testid="review-detail" data-id={detail.id}>
      <Descriptions column={1} size="small" bordered items={items.map((item) => ({ ...item, children: <span data-testid={`review-fact-${item.key}`}>{item.children}</span> }))} />
      <CertificateSection application={detail} phone={phone} />
      {(!certificate || detail.images.length > 0) && (
        <>
          <Typography.Title level={5} className="review-section-title">
            {t('application.images')}
          </Typography.Title>
          <ApplicationImages images={detail.images} />
        </>
      )}
      <Typography.Title level={5} className="review-section-title">
        {t('application.trail')}
      </Typography.Title>
      <ApprovalTrail entries={detail.trail} stepCount={detail.stepCount} />
    </div>
  );
}
