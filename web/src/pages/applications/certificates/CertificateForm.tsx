import { Form, Input, Select, Switch, type FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CERTIFICATE_PURPOSE_MAX, CERTIFICATE_TERMS_MAX, LEAVE_REASON_MAX, certificateCreateSchema, type CertificateCreate } from '@campus/contract';
import { fetchCertificateTerms, type CertificateApplicationKind } from '../../../api/certificates.ts';
import type { LeaveChild } from '../../../api/leave.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';

export type CertificateFormValues = CertificateCreate;

/** The form's first values: the chosen child, a Chinese certificate, no terms. */
export function certificateFormValues(studentId: number | null): Partial<CertificateFormValues> {
  return { ...(studentId !== null ? { studentId } : {}), purpose: '', english: false, termIds: [], reason: '' };
}

/** The call's body: a parent names the child, a student does not; terms only for a grade certificate. */
export function certificateBody(kind: CertificateApplicationKind, values: CertificateFormValues, parent: boolean): CertificateCreate {
  const body = certificateCreateSchema.parse({ ...values, termIds: kind === 'grade' ? (values.termIds ?? []) : [] });
  if (!parent) delete body.studentId;
  return body;
}

export interface CertificateFormProps {
  kind: CertificateApplicationKind;
  form: FormInstance<CertificateFormValues>;
  parent: boolean;
  childOptions: readonly LeaveChild[];
}

/** The certificate form: (the child,) the purpose, an English page or not, the terms (grade certificates) and a note. */
export function CertificateForm({ kind, form, parent, childOptions }: CertificateFormProps) {
  const { t } = useTranslation();
  const grade = kind === 'grade';
  const terms = useQuery({ queryKey: ['applications', 'grade', 'terms'], queryFn: ({ signal }) => fetchCertificateTerms(signal), enabled: grade, staleTime: 5 * 60_000 });
  const rule = (field: keyof CertificateFormValues) => zodRule(certificateCreateSchema, field, form);
  const childRule: RuleObject = {
    validator: async (_rule, value: number | undefined) => {
      if (!value) throw new Error(t('certificatePage.childRequired'));
    },
  };
  const termsRule: RuleObject = {
    validator: async (_rule, value: number[] | undefined) => {
      if (!value?.length) throw new Error(t('certificate.termsRequired'));
    },
  };
  return (
    <>
      {parent && (
        <Form.Item name="studentId" label={t('certificatePage.child')} required rules={[childRule]}>
          <Select<number>
            options={childOptions.map((child) => ({ value: child.id, label: child.className ? `${child.name} · ${child.className}` : child.name }))}
            placeholder={t('certificatePage.child')}
            data-testid="certificate-form-child"
          />
        </Form.Item>
      )}
      <Form.Item name="purpose" label={t('certificatePage.purpose')} required rules={[rule('purpose')]}>
        <Input maxLength={CERTIFICATE_PURPOSE_MAX} placeholder={t('certificatePage.purposeHint')} data-testid="certificate-form-purpose" />
      </Form.Item>
      {grade && (
        <Form.Item name="termIds" label={t('certificatePage.terms')} required extra={t('certificatePage.termsHint', { max: CERTIFICATE_TERMS_MAX })} validateFirst rules={[termsRule, rule('termIds')]}>
          <Select<number[]>
            mode="multiple"
            maxCount={CERTIFICATE_TERMS_MAX}
            loading={terms.isPending}
            options={(terms.data ?? []).map((term) => ({ value: term.id, label: term.name }))}
            placeholder={t('certificatePage.termsPlaceholder')}
            optionFilterProp="label"
            data-testid="certificate-form-terms"
          />
        </Form.Item>
      )}
      <Form.Item name="english" label={t('certificatePage.english')} valuePropName="checked" extra={t('certificatePage.englishHint')}>
        <Switch data-testid="certificate-form-english" />
      </Form.Item>
      <Form.Item name="reason" label={t('certificatePage.reason')} rules={[rule('reason')]}>
        <Input.TextArea maxLength={LEAVE_REASON_MAX} showCount autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('certificatePage.reasonHint')} data-testid="certificate-form-reason" />
      </Form.Item>
    </>
  );
}
