import { useMemo } from 'react';
import { DatePicker, Form, Input, InputNumber, Radio, Select, type FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { enrolmentCreateSchema, isResidentId, type EnrolmentCreate, type EnrolmentRow, type StudentFormOptions } from '@campus/contract';
import { saveEnrolment } from '../../../api/enrolment.ts';
import { feedback } from '../../../app/feedback.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { FormDialog, type FormMode } from '../../../components/ManagePage/index.ts';
import { dateField } from '../../system/students/StudentsAdminPage.tsx';
import '../../system/common/people.css';

export interface EnrolmentFormValues {
  name?: string;
  gender?: string;
  birthDate?: string;
  idNumber?: string;
  gradeId?: number;
  entryYear?: number | null;
  onRegister: boolean;
  studying: boolean;
  guardianName?: string;
  guardianPhone?: string;
  previousSchool?: string;
  note?: string;
}

/** The values a new registration starts with: this year's entry, on the register and studying. */
export function newEnrolmentValues(): EnrolmentFormValues {
  return { entryYear: new Date().getFullYear(), onRegister: true, studying: true };
}

/** A registration's values in the form. */
export function enrolmentFormValues(row: EnrolmentRow): EnrolmentFormValues {
  return {
    name: row.name,
    gender: row.gender,
    birthDate: row.birthDate,
    idNumber: row.idNumber,
    gradeId: row.gradeId,
    entryYear: row.entryYear,
    onRegister: row.onRegister,
    studying: row.studying,
    guardianName: row.guardianName,
    guardianPhone: row.guardianPhone,
    previousSchool: row.previousSchool,
    note: row.note,
  };
}

/** The body of the create call (update adds the id): '' for an empty text, as the contract reads it. */
export function enrolmentBody(values: EnrolmentFormValues): EnrolmentCreate {
  return {
    name: values.name?.trim() ?? '',
    gender: values.gender as EnrolmentCreate['gender'],
    birthDate: values.birthDate ?? '',
    idNumber: (values.idNumber ?? '').trim().toUpperCase(),
    gradeId: values.gradeId as number,
    entryYear: values.entryYear as number,
    onRegister: values.onRegister,
    studying: values.studying,
    guardianName: values.guardianName?.trim() ?? '',
    guardianPhone: values.guardianPhone?.trim() ?? '',
    previousSchool: values.previousSchool?.trim() ?? '',
    note: values.note?.trim() ?? '',
  };
}

/** The birth date (YYYY-MM-DD) and gender code ('1' male, '2' female) a valid resident ID carries. */
export function fromResidentId(idNumber: string): { birthDate: string; gender: '1' | '2' } | null {
  const value = idNumber.trim().toUpperCase();
  if (!isResidentId(value)) return null;
  return { birthDate: `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`, gender: Number(value[16]) % 2 === 1 ? '1' : '2' };
}

/** A valid ID number fills in the birth date and the gender where they are still empty. */
function fillFromId(form: FormInstance<EnrolmentFormValues>, idNumber: string) {
  const found = fromResidentId(idNumber);
  if (!found) return;
  if (!form.getFieldValue('birthDate')) form.setFieldValue('birthDate', found.birthDate);
  if (!form.getFieldValue('gender')) form.setFieldValue('gender', found.gender);
}

export interface EnrolmentFormDialogProps {
  /** The dialog's mode and, to modify or view, the registration; null: closed. */
  dialog: { mode: FormMode; row?: EnrolmentRow } | null;
  options: StudentFormOptions | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Register a new student, modify a registration not yet enrolled, or view one (an enrolled one shows its accounts). */
export function EnrolmentFormDialog({ dialog, options, onClose, onSaved }: EnrolmentFormDialogProps) {
  const { t } = useTranslation();
  const row = dialog?.row;
  const mode = dialog?.mode ?? 'add';
  const initialValues = useMemo(() => (row ? enrolmentFormValues(row) : newEnrolmentValues()), [row]);

  const yesNo = [
    { value: true, label: t('enrolment.yes') },
    { value: false, label: t('enrolment.no') },
  ];

  return (
    <FormDialog<EnrolmentFormValues>
      open={!!dialog}
      mode={mode}
      title={t(mode === 'add' ? 'enrolmentPage.addTitle' : mode === 'edit' ? 'enrolmentPage.editTitle' : 'enrolmentPage.viewTitle')}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = enrolmentBody(values);
        const msg = await saveEnrolment(mode === 'edit' && row ? { ...body, id: row.id } : body);
        feedback().message.success(msg || t(mode === 'add' ? 'common.created' : 'common.updated'));
        onSaved();
      }}
      data-testid="enrolment-dialog"
    >
      {(form) => {
        const rule = (field: keyof EnrolmentCreate) => [zodRule(enrolmentCreateSchema, field, form)];
        const idRule: RuleObject = {
          validator: async (_, value: string | undefined) => {
            const id = (value ?? '').trim().toUpperCase();
            if (id && !isResidentId(id)) throw new Error(t('enrolment.idNumberFormat'));
          },
        };
        return (
          <div className="people-form-grid">
            <Form.Item name="name" label={t('enrolment.col.name')} required rules={rule('name')}>
              <Input maxLength={50} data-testid="enrolment-form-name" />
            </Form.Item>
            <Form.Item name="idNumber" label={t('enrolment.col.idNumber')} rules={[idRule]} normalize={(value: string) => value.toUpperCase()} extra={mode === 'view' ? undefined : t('enrolmentPage.idNumberHint')}>
              <Input maxLength={18} onChange={(event) => fillFromId(form, event.target.value)} data-testid="enrolment-form-id" />
            </Form.Item>
            <Form.Item name="gender" label={t('enrolment.col.gender')} required rules={rule('gender')}>
              <Select options={options?.genders ?? []} data-testid="enrolment-form-gender" />
            </Form.Item>
            <Form.Item name="birthDate" label={t('enrolment.col.birthDate')} rules={rule('birthDate')} {...dateField}>
              <DatePicker style={{ width: '100%' }} data-testid="enrolment-form-birth" />
            </Form.Item>
            <Form.Item
              name="gradeId"
              label={t('enrolment.col.grade')}
              required
              rules={[{ required: true, message: t('enrolmentPage.gradeRequired') }]}
              extra={mode === 'edit' && row?.className ? t('enrolmentPage.gradeChangeHint', { className: row.className }) : undefined}
            >
              <Select options={options?.grades ?? []} data-testid="enrolment-form-grade" />
            </Form.Item>
            <Form.Item name="entryYear" label={t('enrolment.col.entryYear')} required rules={rule('entryYear')}>
              <InputNumber min={2000} max={2100} precision={0} style={{ width: '100%' }} data-testid="enrolment-form-year" />
            </Form.Item>
            <Form.Item name="onRegister" label={t('enrolment.col.onRegister')} required extra={mode === 'view' ? undefined : t('enrolmentPage.onRegisterHint')}>
              <Radio.Group options={yesNo} data-testid="enrolment-form-register" />
            </Form.Item>
            <Form.Item name="studying" label={t('enrolment.col.studying')} required extra={mode === 'view' ? undefined : t('enrolmentPage.studyingHint')}>
              <Radio.Group options={yesNo} data-testid="enrolment-form-studying" />
            </Form.Item>
            <Form.Item name="guardianName" label={t('enrolment.col.guardianName')} required rules={rule('guardianName')}>
              <Input maxLength={50} data-testid="enrolment-form-guardian" />
            </Form.Item>
            <Form.Item name="guardianPhone" label={t('enrolment.col.guardianPhone')} required rules={rule('guardianPhone')}>
              <Input maxLength={11} inputMode="tel" data-testid="enrolment-form-phone" />
            </Form.Item>
            <Form.Item name="previousSchool" label={t('enrolment.col.previousSchool')} rules={rule('previousSchool')} className="people-form-wide">
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="note" label={t('enrolment.col.note')} rules={rule('note')} className="people-form-wide">
              <Input.TextArea maxLength={200} rows={2} />
            </Form.Item>
            {mode === 'view' && row?.status === 'enrolled' && (
              <>
                <Form.Item label={t('enrolmentPage.class')}>
                  <Input value={row.className} disabled />
                </Form.Item>
                <Form.Item label={t('enrolmentPage.studentNumber')}>
                  <Input value={row.studentNumber} disabled />
                </Form.Item>
                <Form.Item label={t('enrolmentPage.parentAccount')}>
                  <Input value={row.parentAccount} disabled />
                </Form.Item>
                <div className="people-form-wide ant-form-item-extra" data-testid="enrolment-enrolled-note">
                  {t('enrolmentPage.enrolledNote', { studentNumber: row.studentNumber })}
                </div>
              </>
            )}
            {mode === 'view' && row?.status === 'placed' && (
              <Form.Item label={t('enrolmentPage.class')}>
                <Input value={row.className} disabled />
              </Form.Item>
            )}
          </div>
        );
      }}
    </FormDialog>
  );
}
