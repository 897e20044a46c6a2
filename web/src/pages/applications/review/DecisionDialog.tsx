import { useMemo } from 'react';
import { Form, Input, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { APPROVAL_COMMENT_MAX, approvalDecisionSchema } from '@campus/contract';
import { decideApplications, type ApprovalDecision } from '../../../api/approvals.ts';
import { feedback } from '../../../app/feedback.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';

/** Approving or rejecting one application, or the ticked ones at once. */
export interface Decision {
  decision: ApprovalDecision;
  applications: { id: number; name: string }[];
}

interface DecisionValues {
  ids: number[];
  decision: ApprovalDecision;
  comment: string;
}

/** How many names the dialog lists before '+n'. */
const NAMES_SHOWN = 20;

export interface DecisionDialogProps {
  decision: Decision | null;
  onClose: () => void;
  /** After the server accepted (its account of what happened has been shown). */
  onDone: () => void;
}

/**
 * The comment of a decision (a rejection needs one; the contract's rule). A refusal of the server (one's own
 * application, decided meanwhile ...) is shown by the request client and keeps the dialog open, nothing changed.
 */
export function DecisionDialog({ decision, onClose, onDone }: DecisionDialogProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const kind = decision?.decision ?? 'approve';
  const initialValues = useMemo<DecisionValues>(() => ({ ids: decision?.applications.map((a) => a.id) ?? [], decision: kind, comment: '' }), [decision, kind]);

  const submit = async (values: DecisionValues) => {
    if (!decision) return;
    const { msg } = await decideApplications(
      decision.applications.map((a) => a.id),
      decision.decision,
      (values.comment ?? '').trim(),
    );
    feedback().message.success(msg || t('review.done'));
    onDone();
  };

  const applications = decision?.applications ?? [];
  return (
    <FormDialog<DecisionValues>
      open={!!decision}
      mode="add"
      title={t(kind === 'approve' ? 'review.approveTitle' : 'review.rejectTitle')}
      okText={t(kind === 'approve' ? 'review.approve' : 'review.reject')}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={submit}
      width={phone ? undefined : 560}
      data-testid="review-decision"
    >
      {(form) => (
        <>
          <div className="review-decision-names" data-testid="review-decision-names" data-count={applications.length}>
            <Typography.Text strong>{t('review.decisionCount', { count: applications.length })}</Typography.Text>
            <Space size={[4, 4]} wrap>
              {applications.slice(0, NAMES_SHOWN).map((a) => (
                <Tag key={a.id}>{a.name}</Tag>
              ))}
              {applications.length > NAMES_SHOWN && <Tag>+{applications.length - NAMES_SHOWN}</Tag>}
            </Space>
          </div>
          <Form.Item name="comment" label={t('review.comment')} required={kind === 'reject'} rules={[zodRule(approvalDecisionSchema, 'comment', form)]}>
            <Input.TextArea
              maxLength={APPROVAL_COMMENT_MAX}
              showCount
              autoSize={{ minRows: 3, maxRows: 8 }}
              placeholder={t(kind === 'approve' ? 'review.approveHint' : 'review.rejectHint')}
              data-testid="review-decision-comment"
            />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
