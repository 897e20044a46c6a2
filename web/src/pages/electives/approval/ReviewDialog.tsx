import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ELECTIVE_REVIEW_COMMENT_MAX, declarationNext, declarationReviewSchema, type DeclarationRow } from '@campus/contract';
import { reviewDeclaration } from '../../../api/electives.ts';
import { feedback } from '../../../app/feedback.ts';
import { t as translate } from '../../../i18n/index.ts';
import { DeclarationDetail } from '../common/DeclarationDetail.tsx';

type Decision = 'approve' | 'reject';

export interface ReviewDialogProps {
  /** The declaration viewed; null: closed. */
  row: DeclarationRow | null;
  phone: boolean;
  onClose: () => void;
  onReviewed: () => void;
}

/**
 * A declaration with its lectures, and for a declared one the office's decision: approving opens the course
 * for selection, rejecting sends the teacher the reason (which the schema requires).
 */
export function ReviewDialog({ row, phone, onClose, onReviewed }: ReviewDialogProps) {
  const { t, i18n } = useTranslation();
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<Decision | null>(null);
  const reviewable = !!row && !!declarationNext(row.status, 'approve');
  // Another declaration starts with an empty comment.
  const [shown, setShown] = useState(row);
  if (row !== shown) {
    setShown(row);
    setComment('');
    setError('');
  }

  const decide = async (decision: Decision) => {
    if (!row) return;
    const body = { id: row.id, decision, comment: comment.trim() };
    const checked = declarationReviewSchema.safeParse(body);
    if (!checked.success) {
      setError(translate(checked.error.issues[0]?.message ?? 'errors.badRequest'));
      return;
    }
    setError('');
    setBusy(decision);
    try {
      const msg = await reviewDeclaration(body);
      feedback().message.success(msg || t(decision === 'approve' ? 'elective.approved' : 'elective.rejected', { name: row.name }));
      onReviewed();
      onClose();
    } catch {
      // The request client has shown the server's message (a time clash found again, a review meanwhile).
    } finally {
      setBusy(null);
    }
  };

  const footer = reviewable
    ? [
        <Button key="cancel" onClick={onClose} data-testid="elective-review-cancel">
          {t('manage.cancel')}
        </Button>,
        <Button key="reject" danger icon={<CloseOutlined />} loading={busy === 'reject'} disabled={busy === 'approve'} onClick={() => void decide('reject')} data-testid="elective-review-reject">
          {t('electiveApprove.reject')}
        </Button>,
        <Button key="approve" type="primary" icon={<CheckOutlined />} loading={busy === 'approve'} disabled={busy === 'reject'} onClick={() => void decide('approve')} data-testid="elective-review-approve">
          {t('electiveApprove.approve')}
        </Button>,
      ]
    : [
        <Button key="close" onClick={onClose} data-testid="elective-review-close">
          {t('manage.close')}
        </Button>,
      ];

  return (
    <Modal
      open={!!row}
      title={t(reviewable ? 'electiveApprove.reviewTitle' : 'electiveDeclare.viewTitle')}
      onCancel={onClose}
      footer={footer}
      width={i18n.language === 'en' ? 810 : 720}
      destroyOnHidden
      mask={{ closable: !reviewable }}
    >
      <div data-testid="elective-review-dialog">
        {row && <DeclarationDetail row={row} phone={phone} />}
        {reviewable && (
          <Form layout="vertical" className="elective-review-form">
            <Form.Item label={t('electiveApprove.comment')} extra={t('electiveApprove.commentHint')} validateStatus={error ? 'error' : undefined} help={error || undefined}>
              <Input.TextArea
                value={comment}
                onChange={(event) => {
                  setComment(event.target.value);
                  if (error) setError('');
                }}
                maxLength={ELECTIVE_REVIEW_COMMENT_MAX}
                showCount
                rows={3}
                data-testid="elective-review-comment"
              />
            </Form.Item>
          </Form>
        )}
      </div>
    </Modal>
  );
}
