import { Form, Input, Select, type FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LEAVE_ATTACHMENTS, LEAVE_DAYS_MAX, LEAVE_REASON_MAX, leaveCreateSchema, type LeaveCreate } from '@campus/contract';
import { fetchLeaveTypes, type LeaveChild } from '../../../api/leave.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { FileUpload } from '../../../components/FileUpload/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { ApplicationTimePicker } from '../common/ApplicationTimePicker.tsx';
import { parseTime, timeField } from '../common/dateTime.ts';

export type LeaveFormValues = LeaveCreate;

/** The form's first values: the chosen child, nothing else. */
export function leaveFormValues(studentId: number | null): Partial<LeaveFormValues> {
  return { ...(studentId !== null ? { studentId } : {}), leaveType: undefined, startAt: '', endAt: '', reason: '', images: [] };
}

/** The call's body: a parent names the child, a student and staff do not. */
export function leaveBody(values: LeaveFormValues, parent: boolean): LeaveCreate {
  const body = leaveCreateSchema.parse(values);
  if (!parent) delete body.studentId;
  return body;
}

export interface LeaveFormProps {
  form: FormInstance<LeaveFormValues>;
  /** A parent chooses the child the leave is for. */
  parent: boolean;
  childOptions: readonly LeaveChild[];
}

/** The leave form: (the child,) the type of leave, start and end, the reason and up to 4 pictures. */
export function LeaveForm({ form, parent, childOptions }: LeaveFormProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const types = useQuery({ queryKey: ['applications', 'leaveTypes'], queryFn: fetchLeaveTypes, staleTime: 5 * 60_000 });
  const rule = (field: keyof LeaveFormValues) => zodRule(leaveCreateSchema, field, form);
  const childRule: RuleObject = {
    validator: async (_rule, value: number | undefined) => {
      if (!value) throw new Error(t('leave.childRequired'));
    },
  };
  // The end after the start, at most LEAVE_DAYS_MAX days later (the schema's refinement waits for every other field).
  const spanRule: RuleObject = {
    validator: async () => {
      const start = parseTime(form.getFieldValue('startAt') as string);
      const end = parseTime(form.getFieldValue('endAt') as string);
      if (!start || !end) return;
      if (!end.isAfter(start)) throw new Error(t('leave.endBeforeStart'));
      if (end.diff(start, 'minute') > LEAVE_DAYS_MAX * 24 * 60) throw new Error(t('leave.tooLong', { days: LEAVE_DAYS_MAX }));
    },
  };
  return (
    <>
      {parent && (
        <Form.Item name="studentId" label={t('leavePage.child')} required rules={[childRule]}>
          <Select<number>
            options={childOptions.map((child) => ({ value: child.id, label: child.className ? `${child.name} · ${child.className}` : child.name }))}
            placeholder={t('leavePage.child')}
            data-testid="leave-form-child"
          />
        </Form.Item>
      )}
      <Form.Item name="leaveType" label={t('leavePage.type')} required rules={[rule('leaveType')]}>
        <Select<string>
          loading={types.isPending}
          options={(types.data ?? []).map((item) => ({ value: item.code, label: item.name }))}
          placeholder={t('leavePage.typeHint')}
          data-testid="leave-form-type"
        />
      </Form.Item>
      <div className="application-form-row">
        <Form.Item name="startAt" label={t('application.start')} required rules={[rule('startAt')]} {...timeField}>
          <ApplicationTimePicker data-testid="leave-form-start" />
        </Form.Item>
        <Form.Item name="endAt" label={t('application.end')} required validateFirst dependencies={['startAt']} rules={[rule('endAt'), spanRule]} {...timeField}>
          <ApplicationTimePicker data-testid="leave-form-end" />
        </Form.Item>
      </div>
      <Form.Item name="reason" label={t('leavePage.reason')} required rules={[rule('reason')]}>
        <Input.TextArea maxLength={LEAVE_REASON_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('leavePage.reasonHint')} data-testid="leave-form-reason" />
      </Form.Item>
      <Form.Item name="images" label={t('application.images')} extra={t('leavePage.imagesHint')} rules={[rule('images')]}>
        <FileUpload purpose={LEAVE_ATTACHMENTS.images} capture={phone ? 'environment' : undefined} data-testid="leave-form-images" />
      </Form.Item>
    </>
  );
}
