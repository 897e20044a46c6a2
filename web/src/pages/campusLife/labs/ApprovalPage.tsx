import { useState } from 'react';
import { Alert, Button, Input, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LAB_URLS } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { idParam } from './common.tsx';
import { fetchBooking, labKeys, reviewBooking } from './api.ts';
import { BookingFacts } from './parts.tsx';
import { LabsLost } from './common.tsx';

/** /sysyygl/gyjs/gyjssh?id=: the lab administrator approves or rejects (with a comment) a booking of a shared room. */
export default function ApprovalPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idParam(params, 'id');
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const booking = useQuery({ queryKey: labKeys.booking(id ?? 0), queryFn: ({ signal }) => fetchBooking(id!, signal), enabled: id !== null, retry: false });
  if (id === null || booking.isError) return <LabsLost />;
  if (booking.isPending) return <Spin />;
  const row = booking.data;
  const decide = async (decision: 'approve' | 'reject') => {
    setSaving(true);
    try {
      await reviewBooking(row.id, decision, comment.trim());
      feedback().message.success(t(decision === 'approve' ? 'lab.approved' : 'lab.rejected'));
      void navigate(LAB_URLS.page);
    } catch {
      void booking.refetch();
    } finally {
      setSaving(false);
    }
  };
  const open = row.status === 'pending' && !row.expired;
  return (
    <div className="lab-edit" data-testid="lab-approval">
      <Typography.Title level={4}>{routeTitle(route, i18n.language)}</Typography.Title>
      {row.expired && <Alert type="warning" showIcon title={t('lab.expired')} style={{ marginBottom: 12 }} />}
      {open && !row.reviewable && <Alert type="warning" showIcon title={t('labsUi.ownBooking')} style={{ marginBottom: 12 }} />}
      <BookingFacts booking={row} />
      {open && row.reviewable && (
        <div style={{ marginTop: 16 }}>
          <Input.TextArea value={comment} onChange={(e) => setComment(e.target.value)} maxLength={200} showCount placeholder={t('labsUi.commentHint')} data-testid="lab-review-comment" />
          <Space style={{ marginTop: 12 }}>
            <Button type="primary" loading={saving} onClick={() => void decide('approve')} data-testid="lab-review-approve">
              {t('labsUi.approve')}
            </Button>
            <Button danger loading={saving} onClick={() => void decide('reject')} data-testid="lab-review-reject">
              {t('labsUi.reject')}
            </Button>
          </Space>
        </div>
      )}
    </div>
  );
}
