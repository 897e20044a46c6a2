import { DatePicker, Form, Input, Select, type FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DAY_SCHOOL_ADDRESS_MAX, DAY_SCHOOL_TRANSPORTS, LEAVE_REASON_MAX, daySchoolCreateSchema, type DaySchoolCreate, type DaySchoolTransport } from '@campus/contract';
import type { LeaveChild } from '../../../api/leave.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { transportLabel } from '../common/CertificateParts.tsx';

export type DaySchoolFormValues = DaySchoolCreate;

/** The 'YYYY-MM-DD' of the day-school calls. */
export const DATE_FORMAT = 'YYYY-MM-DD';
/** A permit lasts at most a year (the server's rule: 366 days between the first and the last day). */
const MAX_SPAN_DAYS = 366;

export function parseDate(value: string | null | undefined): Dayjs | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = dayjs(value);
  return day.isValid() ? day : null;
}

/** A DatePicker's Form.Item that keeps the value as the call's 'YYYY-MM-DD' text (what the schema checks). */
const dateField = {
  getValueProps: (value: string | undefined) => ({ value: parseDate(value) }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(DATE_FORMAT) : ''),
};

/** The form's first values: the chosen child, nothing else. */
export function daySchoolFormValues(studentId: number | null): Partial<DaySchoolFormValues> {
  return { ...(studentId !== null ? { studentId } : {}), startDate: '', endDate: '', address: '', guardian: '', guardianPhone: '', transport: undefined, reason: '' };
}

/** The call's body: a parent names the child, a student does not. */
export function daySchoolBody(values: DaySchoolFormValues, parent: boolean): DaySchoolCreate {
  const body = daySchoolCreateSchema.parse(values);
  if (!parent) delete body.studentId;
  return body;
}

export interface DaySchoolFormProps {
  form: FormInstance<DaySchoolFormValues>;
  parent: boolean;
  childOptions: readonly LeaveChild[];
}

/** The day-school form: (the child,) first and last day, home address, who brings and fetches, their phone, transport, reason. */
export function DaySchoolForm({ form, parent, childOptions }: DaySchoolFormProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const rule = (field: keyof DaySchoolFormValues) => zodRule(daySchoolCreateSchema, field, form);
  const today = dayjs().startOf('day');
  const childRule: RuleObject = {
    validator: async (_rule, value: number | undefined) => {
      if (!value) throw new Error(t('certificatePage.childRequired'));
    },
  };
  // The contract's message names a leave; this form asks for its own reason.
  const reasonRule: RuleObject = {
    validator: async (_rule, value: string | undefined) => {
      if (!value?.trim()) throw new Error(t('daySchoolPage.reasonRequired'));
    },
  };
  const startRule: RuleObject = {
    validator: async (_rule, value: string | undefined) => {
      const start = parseDate(value);
      if (start && start.isBefore(dayjs().startOf('day'))) throw new Error(t('daySchool.startPast'));
    },
  };
  // Not before the first day, and within a year of it (the schema's refinement waits for every other field).
  const spanRule: RuleObject = {
    validator: async () => {
      const start = parseDate(form.getFieldValue('startDate') as string);
      const end = parseDate(form.getFieldValue('endDate') as string);
      if (!start || !end) return;
      if (end.isBefore(start)) throw new Error(t('daySchool.endBeforeStart'));
      if (end.diff(start, 'day') > MAX_SPAN_DAYS) throw new Error(t('daySchool.tooLong'));
    },
  };
  const picker = (testId: string, disabledBefore: () => Dayjs) => (
    <DatePicker
      format={DATE_FORMAT}
      placeholder={t('daySchoolPage.dateHint')}
      style={{ width: '100%' }}
      inputReadOnly={phone}
      disabledDate={(day) => day.isBefore(disabledBefore(), 'day')}
      data-testid={testId}
    />
  );
  return (
    <>
      {parent && (
        <Form.Item name="studentId" label={t('certificatePage.child')} required rules={[childRule]}>
          <Select<number>
            options={childOptions.map((child) => ({ value: child.id, label: child.className ? `${child.name} · ${child.className}` : child.name }))}
            placeholder={t('certificatePage.child')}
            data-testid="day-school-form-child"
          />
        </Form.Item>
      )}
      <div className="application-form-row">
        <Form.Item name="startDate" label={t('daySchoolPage.startDate')} required validateFirst rules={[rule('startDate'), startRule]} {...dateField}>
          {picker('day-school-form-start', () => today)}
        </Form.Item>
        <Form.Item name="endDate" label={t('daySchoolPage.endDate')} required validateFirst dependencies={['startDate']} rules={[rule('endDate'), spanRule]} {...dateField}>
          {picker('day-school-form-end', () => parseDate(form.getFieldValue('startDate') as string) ?? today)}
        </Form.Item>
      </div>
      <Form.Item name="address" label={t('daySchoolPage.address')} required rules={[rule('address')]}>
        <Input maxLength={DAY_SCHOOL_ADDRESS_MAX} placeholder={t('daySchoolPage.addressHint')} data-testid="day-school-form-address" />
      </Form.Item>
      <div className="application-form-row">
        <Form.Item name="guardian" label={t('daySchoolPage.guardian')} required rules={[rule('guardian')]}>
          <Input maxLength={50} placeholder={t('daySchoolPage.guardianHint')} data-testid="day-school-form-guardian" />
        </Form.Item>
        <Form.Item name="guardianPhone" label={t('daySchoolPage.guardianPhone')} required rules={[rule('guardianPhone')]}>
          <Input type="tel" inputMode="tel" maxLength={20} placeholder={t('daySchoolPage.phoneHint')} data-testid="day-school-form-phone" />
        </Form.Item>
      </div>
      <Form.Item name="transport" label={t('daySchoolPage.transport')} required rules={[rule('transport')]}>
        <Select<DaySchoolTransport>
          options={DAY_SCHOOL_TRANSPORTS.map((value) => ({ value, label: transportLabel(t, value) }))}
          placeholder={t('daySchoolPage.transportHint')}
          data-testid="day-school-form-transport"
        />
      </Form.Item>
      <Form.Item name="reason" label={t('daySchoolPage.reason')} required validateFirst rules={[reasonRule, rule('reason')]}>
        <Input.TextArea maxLength={LEAVE_REASON_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('daySchoolPage.reasonHint')} data-testid="day-school-form-reason" />
      </Form.Item>
    </>
  );
}
