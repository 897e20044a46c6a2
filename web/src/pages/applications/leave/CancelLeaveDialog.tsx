import { useMemo } from 'react';
import { Alert, Form, Input } from 'antd';
import type { RuleObject } from 'antd/es/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CANCEL_NOTE_MAX, leaveCancelSchema, type ApplicationView, type LeaveCancel } from '@campus/contract';
import { cancelLeave } from '../../../api/leave.ts';
import { feedback } from '../../../app/feedback.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { noticeTime } from '../../homeSchool/common/NoticeBody.tsx';
import { ApplicationTimePicker } from '../common/ApplicationTimePicker.tsx';
import { parseTime, TIME_FORMAT, timeField } from '../common/dateTime.ts';

export interface CancelLeaveDialogProps {
  /** The approved leave to end; null closes the dialog. */
  leave: Pick<ApplicationView, 'id' | 'startAt' | 'endAt'> | null;
  onClose: () => void;
  /** Recorded: the list and the detail load again. */
  onDone: () => void;
}

/** Reporting the return: when the person came back (within the leave) and a note; the class teacher is told. */
export function CancelLeaveDialog({ leave, onClose, onDone }: CancelLeaveDialogProps) {
  const { t } = useTranslation();
  const start = parseTime(leave?.startAt);
  const end = parseTime(leave?.endAt);
  const initialValues = useMemo<Partial<LeaveCancel>>(() => {
    const now = dayjs();
    const within = start && end && !now.isBefore(start) && !now.isAfter(end);
    return { id: leave?.id, returnedAt: within ? now.format(TIME_FORMAT) : '', note: '' };
    // The leave's times come with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leave?.id]);

  const withinRule: RuleObject = {
    validator: async (_rule, value: string | undefined) => {
      const returned = parseTime(value);
      if (!returned) throw new Error(t('leavePage.returnRequired'));
      if ((start && returned.isBefore(start)) || (end && returned.isAfter(end))) throw new Error(t('leave.cancelOutside'));
    },
  };

  const save = async (values: LeaveCancel) => {
    const body = leaveCancelSchema.parse({ ...values, id: leave?.id });
    const msg = await cancelLeave(body);
    feedback().message.success(msg || t('application.cancelled'));
    onDone();
  };

  return (
    <FormDialog<LeaveCancel>
      open={leave !== null}
      mode="add"
      title={t('leavePage.cancelTitle')}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={save}
      okText={t('leavePage.cancelOk')}
      width={480}
      data-testid="leave-cancel-dialog"
    >
      {(form) => (
        <>
          {leave && <Alert type="info" showIcon className="application-form-hint" title={t('leavePage.cancelHint', { start: noticeTime(leave.startAt), end: noticeTime(leave.endAt) })} />}
          <Form.Item name="returnedAt" label={t('leavePage.returnedAt')} required rules={[withinRule, zodRule(leaveCancelSchema, 'returnedAt', form)]} {...timeField}>
            <ApplicationTimePicker
              disabledDate={(day) => (start !== null && day.isBefore(start, 'day')) || (end !== null && day.isAfter(end, 'day'))}
              data-testid="leave-cancel-returned"
            />
          </Form.Item>
          <Form.Item name="note" label={t('leavePage.cancelNote')} rules={[zodRule(leaveCancelSchema, 'note', form)]}>
            <Input.TextArea maxLength={CANCEL_NOTE_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('leavePage.cancelNoteHint')} data-testid="leave-cancel-note" />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
