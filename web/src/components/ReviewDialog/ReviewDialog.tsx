import { useState, type ReactNode } from 'react';
import { Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';

export type ReviewDecision = 'approve' | 'reject';

export interface ReviewDialogProps {
  /** The decision being taken; null: closed. */
  decision: ReviewDecision | null;
  title: string;
  /** The OK button's text; the dialog's own when left out. */
  okText?: string;
  /** What the comment box asks for (a reason when rejecting, a word otherwise). */
  placeholder: string;
  /** The warning when a rejection comes without a reason: nothing is sent then. */
  reasonRequired: string;
  commentMax: number;
  /** Sends the decision with the trimmed comment and answers the message to show. */
  onSubmit: (comment: string) => Promise<string>;
  onClose: () => void;
  /** After the server accepted. */
  onDone: () => void;
  /** Each time the dialog opens, so the caller resets what it adds (children) with the comment. */
  onOpen?: () => void;
  /** Fields above the comment, such as the post an approval gives. */
  children?: ReactNode;
}

/**
 * Approving or rejecting pending requests with a comment, which a rejection needs. A refusal of the server
 * (decided meanwhile ...) is shown by the request client and keeps the dialog open.
 */
export function ReviewDialog({ decision, title, okText, placeholder, reasonRequired, commentMax, onSubmit, onClose, onDone, onOpen, children }: ReviewDialogProps) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!decision) return;
    if (decision === 'reject' && !comment.trim()) {
      feedback().message.warning(reasonRequired);
      return;
    }
    setSaving(true);
    try {
      feedback().message.success(await onSubmit(comment.trim()));
      onDone();
      onClose();
    } catch {
      // The request client has shown the refusal.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!decision}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={okText}
      cancelText={t('manage.cancel')}
      afterOpenChange={(opened) => {
        if (opened) {
          onOpen?.();
          setComment('');
        }
      }}
      destroyOnHidden
    >
      {children}
      <Input.TextArea rows={3} maxLength={commentMax} value={comment} onChange={(event) => setComment(event.target.value)} placeholder={placeholder} />
    </Modal>
  );
}
