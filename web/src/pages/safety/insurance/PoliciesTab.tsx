import { useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INSURANCE_PERMISSIONS, INSURANCE_URLS, companyFormSchema, policyFormSchema, type CompanyForm, type CompanyRow, type PolicyForm, type PolicyRow } from '@campus/contract';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog, ManagePage, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { INSURANCE_CALLS, fetchCompanies, fetchStats, insuranceKeys, saveCompany, savePolicy } from './api.ts';
import { DayPicker, yuan } from './parts.tsx';

const P = INSURANCE_PERMISSIONS.manage;

/** Policies: company, number, year, coverage, premium and period; each opens its insured students (/cbxq/index). */
export function PoliciesTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const companies = useQuery({ queryKey: insuranceKeys.companies, queryFn: ({ signal }) => fetchCompanies(signal) });
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: PolicyRow } | null>(null);
  const initial = useMemo<Partial<PolicyForm>>(() => (dialog?.row ? { ...dialog.row } : { year: new Date().getFullYear(), premium: 100 }), [dialog]);
  const companyOptions = (companies.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <ManagePage<PolicyRow, { keyword?: string; companyId?: number }>
      permission={P}
      editPermission={P}
      deletePermission={P}
      listUrl={INSURANCE_CALLS.policiesPage}
      deleteUrl={INSURANCE_CALLS.policiesDelete}
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={(v) => ({ keyword: v.keyword?.trim() ?? '', companyId: v.companyId ?? '' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('insuranceUi.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('insuranceUi.policyKeywordHint')} />
          </Form.Item>
          <Form.Item name="companyId" label={t('insuranceUi.company')}>
            <Select allowClear placeholder={t('manage.all')} style={{ width: 220 }} options={companyOptions} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'policyNo', dataIndex: 'policyNo', title: t('insuranceUi.policyNo'), sorter: true, width: 140 },
        { key: 'companyName', dataIndex: 'companyName', title: t('insuranceUi.company'), width: 200 },
        { key: 'year', dataIndex: 'year', title: t('insuranceUi.year'), sorter: true, width: 80 },
        { key: 'startDate', dataIndex: 'startDate', title: t('insuranceUi.period'), sorter: true, width: 210, render: (_: unknown, r: PolicyRow) => `${r.startDate} ~ ${r.endDate}` },
        { key: 'current', dataIndex: 'current', title: t('insuranceUi.inForce'), width: 90, render: (v: boolean) => (v ? <Tag color="green">{t('insuranceUi.yes')}</Tag> : <Tag>{t('insuranceUi.no')}</Tag>) },
        { key: 'premium', dataIndex: 'premium', title: t('insuranceUi.premium'), width: 100, render: (v: number) => yuan(v) },
        { key: 'insuredCount', dataIndex: 'insuredCount', title: t('insuranceUi.insuredCount'), width: 100 },
        { key: 'claimCount', dataIndex: 'claimCount', title: t('insuranceUi.claimCount'), width: 90 },
      ]}
      actionsWidth={300}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} editTestId={`insurance-policy-edit-${row.id}`} />
          <Button type="link" size="small" onClick={() => void navigate(`${INSURANCE_URLS.policyDetails}?policyId=${row.id}`)} data-testid={`insurance-policy-insured-${row.id}`}>
            {t('insuranceUi.insuredStudents')}
          </Button>
          {canDelete && <DeleteButton type="link" size="small" url={INSURANCE_CALLS.policiesDelete} param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="insurance-policies-page"
    >
      {({ reload }) => (
        <FormDialog<PolicyForm>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(`insuranceUi.policyDialog.${dialog?.mode ?? 'add'}`)}
          initialValues={initial}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            await savePolicy({ ...values, id: dialog?.row?.id });
            feedback().message.success(t(dialog?.row ? 'common.updated' : 'common.created'));
            reload();
            void queryClient.invalidateQueries({ queryKey: insuranceKeys.stats });
          }}
        >
          {(form) => (
            <>
              <Form.Item name="companyId" label={t('insuranceUi.company')} required rules={[zodRule(policyFormSchema, 'companyId', form)]}>
                <Select options={companyOptions} />
              </Form.Item>
              <Form.Item name="policyNo" label={t('insuranceUi.policyNo')} required rules={[zodRule(policyFormSchema, 'policyNo', form)]}>
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item name="year" label={t('insuranceUi.year')} required rules={[zodRule(policyFormSchema, 'year', form)]}>
                <InputNumber min={2000} max={9999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="premium" label={t('insuranceUi.premium')} required rules={[zodRule(policyFormSchema, 'premium', form)]}>
                <InputNumber min={0.01} precision={2} prefix="¥" style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="startDate" label={t('insuranceUi.startDate')} required rules={[zodRule(policyFormSchema, 'startDate', form)]}>
                <DayPicker />
              </Form.Item>
              <Form.Item name="endDate" label={t('insuranceUi.endDate')} required dependencies={['startDate']} rules={[zodRule(policyFormSchema, 'endDate', form)]}>
                <DayPicker />
              </Form.Item>
              <Form.Item name="coverage" label={t('insuranceUi.coverage')} required rules={[zodRule(policyFormSchema, 'coverage', form)]}>
                <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
              </Form.Item>
            </>
          )}
        </FormDialog>
      )}
    </ManagePage>
  );
}

/** Insurance companies: name and contact. */
export function CompaniesTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: CompanyRow } | null>(null);
  return (
    <ManagePage<CompanyRow, { keyword?: string }>
      permission={P}
      editPermission={P}
      deletePermission={P}
      listUrl={INSURANCE_CALLS.companiesPage}
      deleteUrl={INSURANCE_CALLS.companiesDelete}
      onAdd={() => setDialog({ mode: 'add' })}
      searchFields={() => (
        <Form.Item name="keyword" label={t('insuranceUi.keyword')}>
          <Input allowClear maxLength={50} />
        </Form.Item>
      )}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('insuranceUi.companyName'), sorter: true, width: 240 },
        { key: 'contactPerson', dataIndex: 'contactPerson', title: t('insuranceUi.contactPerson'), width: 120 },
        { key: 'phone', dataIndex: 'phone', title: t('insuranceUi.phone'), width: 140 },
        { key: 'policyCount', dataIndex: 'policyCount', title: t('insuranceUi.policyCount'), width: 100 },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} />
          {canDelete && <DeleteButton type="link" size="small" url={INSURANCE_CALLS.companiesDelete} param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="insurance-companies-page"
    >
      {({ reload }) => (
        <FormDialog<CompanyForm>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(`insuranceUi.companyDialog.${dialog?.mode ?? 'add'}`)}
          initialValues={dialog?.row}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            await saveCompany({ ...values, id: dialog?.row?.id });
            feedback().message.success(t(dialog?.row ? 'common.updated' : 'common.created'));
            reload();
            void queryClient.invalidateQueries({ queryKey: insuranceKeys.companies });
          }}
        >
          {(form) => (
            <>
              <Form.Item name="name" label={t('insuranceUi.companyName')} required rules={[zodRule(companyFormSchema, 'name', form)]}>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="contactPerson" label={t('insuranceUi.contactPerson')} rules={[zodRule(companyFormSchema, 'contactPerson', form)]}>
                <Input maxLength={30} />
              </Form.Item>
              <Form.Item name="phone" label={t('insuranceUi.phone')} rules={[zodRule(companyFormSchema, 'phone', form)]}>
                <Input maxLength={30} />
              </Form.Item>
            </>
          )}
        </FormDialog>
      )}
    </ManagePage>
  );
}

/** Per policy: insured students, claims by status, amounts claimed and paid. */
export function StatsTab() {
  const { t } = useTranslation();
  const stats = useQuery({ queryKey: insuranceKeys.stats, queryFn: ({ signal }) => fetchStats(signal) });
  return (
    <Table
      rowKey="policyId"
      loading={stats.isPending}
      dataSource={stats.data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="insurance-stats"
      columns={[
        { key: 'policyNo', dataIndex: 'policyNo', title: t('insuranceUi.policyNo') },
        { key: 'companyName', dataIndex: 'companyName', title: t('insuranceUi.company') },
        { key: 'insuredCount', dataIndex: 'insuredCount', title: t('insuranceUi.insuredCount') },
        { key: 'totalClaims', dataIndex: 'totalClaims', title: t('insuranceUi.claimCount') },
        ...(['submitted', 'received', 'paid', 'rejected'] as const).map((status) => ({
          key: status,
          title: t(`insurance.status.${status}`),
          render: (_: unknown, row: { claims: Record<string, number> }) => row.claims[status] ?? 0,
        })),
        { key: 'amountClaimed', dataIndex: 'amountClaimed', title: t('insuranceUi.amountClaimedTotal'), render: (v: number) => yuan(v) },
        { key: 'amountPaid', dataIndex: 'amountPaid', title: t('insuranceUi.amountPaidTotal'), render: (v: number) => yuan(v) },
      ]}
    />
  );
}
