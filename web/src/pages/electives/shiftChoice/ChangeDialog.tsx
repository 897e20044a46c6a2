import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { choiceChangeFormSchema, type MyShiftBatch } from '@campus/contract';
import { requestChoiceChange } from '../../../api/shiftChoice.ts';
import { feedback } from '../../../app/feedback.ts';
import { refusalOf, schemaRule } from '../common/parts.tsx';
import { ChoicePicker } from './ChoicePicker.tsx';
import { choiceHint, chosenNames, sameChoice } from './rules.ts';

export const REASON_MAX = 200;

export interface ChangeDialogProps {
  /** The ended batch asked about; the dialog is closed without one. */
  item: MyShiftBatch | null;
  studentId: number;
  phone: boolean;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}

/** After the window: the new choice (same selectors as inside it) and a reason, sent to the academic office. */
export function ChangeDialog({ item, studentId, phone, onClose, onDone }: ChangeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!item}
      title={item ? t('shiftChoice.changeTitle', { name: item.batch.name }) : ''}
      onCancel={onClose}
      footer={null}
      width={phone ? '100%' : 640}
      style={phone ? { top: 8, maxWidth: 'calc(100vw - 16px)' } : undefined}
      destroyOnHidden
    >
      {item && <ChangeForm key={`${studentId}:${item.batch.id}`} item={item} studentId={studentId} phone={phone} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function ChangeForm({ item, studentId, phone, onClose, onDone }: Omit<ChangeDialogProps, 'item'> & { item: MyShiftBatch }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [ids, setIds] = useState<number[]>(item.chosen);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState('');
  const { batch, courses, chosen } = item;
  const same = sameChoice(ids, chosen);
  const hint = choiceHint(t, batch.scheme, courses, ids) || (same ? t('shift.sameChoice') : '');

  const body = () => ({ batchId: batch.id, studentId, toCourseIds: ids, reason: String(form.getFieldValue('reason') ?? '') });

  const submit = async () => {
    setBusy(true);
    setRefusal('');
    try {
      const msg = await requestChoiceChange(choiceChangeFormSchema.parse(body()));
      feedback().message.success(msg || t('shift.changeRequested'));
      onClose();
      await onDone();
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" className="shift-choice-change-form" data-testid="shift-choice-change-dialog" onFinish={() => void submit()}>
      <div className="shift-choice-current">
        <span className="shift-choice-current-label">{t('shiftChoice.current')}</span>
        <span className="shift-choice-current-names">{chosenNames(t, i18n.language, courses, chosen)}</span>
      </div>
      <Typography.Text strong className="shift-choice-new">
        {t('shiftChoice.newChoice')}
      </Typography.Text>
      <ChoicePicker scheme={batch.scheme} courses={courses} value={ids} onChange={setIds} testIdPrefix="shift-choice-change-option" />
      <Typography.Text type={hint ? 'warning' : 'secondary'} className="elective-small shift-choice-dialog-hint" data-testid="shift-choice-change-hint">
        {hint || t('shiftChoice.readyHint')}
      </Typography.Text>
      <Form.Item name="reason" label={t('shiftChoice.reason')} required rules={[schemaRule(choiceChangeFormSchema, body, ['reason'])]} className="shift-choice-reason">
        <Input.TextArea rows={3} maxLength={REASON_MAX} showCount placeholder={t('shiftChoice.reasonPlaceholder')} data-testid="shift-choice-reason" />
      </Form.Item>
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="shift-choice-change-refusal" className="shift-choice-dialog-refusal" />}
      <div className={`shift-choice-buttons shift-choice-dialog-buttons${phone ? ' is-phone' : ''}`}>
        <Button onClick={onClose} block={phone} size="large" data-testid="shift-choice-change-cancel">
          {t('shiftChoice.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" block={phone} size="large" loading={busy} disabled={!!hint} data-testid="shift-choice-change-submit">
          {t('shiftChoice.submitChange')}
        </Button>
      </div>
    </Form>
  );
}
