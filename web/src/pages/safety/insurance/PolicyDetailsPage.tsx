import { useState } from 'react';
import { Button, Descriptions, Form, Input, Modal, Select, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INSURANCE_PERMISSIONS, INSURANCE_URLS, INSURED_IMPORT_MAX_ROWS, INSURED_IMPORT_PURPOSE, UPLOAD_PURPOSES, formatByteLimit, type InsuredImportResult, type InsuredRow, type PolicyRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { ApiError } from '../../../api/client.ts';
import { feedback } from '../../../app/feedback.ts';
import { ImportDialog } from '../../../components/ImportDialog/index.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { StudentSelect } from '../../../components/StudentSelect/index.ts';
import { INSURANCE_CALLS, fetchInsuranceClasses, fetchPolicy, insuranceKeys, insure, insuredImportUrl, searchInsuranceStudents, uninsure } from './api.ts';
import { ParametersLost, idParam, yuan } from './parts.tsx';

const P = INSURANCE_PERMISSIONS.manage;

/** /cbxq/index?policyId=: a policy's details and the students it covers; students are added one by one, by class or from an Excel sheet. */
export default function PolicyDetailsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const policyId = idParam(params, 'policyId');
  const policy = useQuery({ queryKey: insuranceKeys.policy(policyId ?? 0), queryFn: ({ signal }) => fetchPolicy(policyId!, signal), enabled: policyId !== null, retry: false });
  const title = routeTitle(route, i18n.language);
  const back = <ParametersLost back={INSURANCE_URLS.page} backLabel={t('insuranceUi.backToInsurance')} />;
  if (policyId === null) return back;
  if (policy.isPending) return <Spin />;
  if (policy.isError) return policy.error instanceof ApiError && policy.error.kind === 'business' ? back : <Spin />;
  return (
    <div data-testid="insurance-policy-details" data-policy-id={policyId}>
      <Typography.Title level={4}>{title}</Typography.Title>
      <PolicyHead policy={policy.data} />
      <InsuredList policy={policy.data} />
    </div>
  );
}

function PolicyHead({ policy }: { policy: PolicyRow }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('insuranceUi.policyNo')}>{policy.policyNo}</Descriptions.Item>
      <Descriptions.Item label={t('insuranceUi.company')}>{policy.companyName}</Descriptions.Item>
      <Descriptions.Item label={t('insuranceUi.year')}>{policy.year}</Descriptions.Item>
      <Descriptions.Item label={t('insuranceUi.period')}>{`${policy.startDate} ~ ${policy.endDate}`}</Descriptions.Item>
      <Descriptions.Item label={t('insuranceUi.premium')}>{yuan(policy.premium)}</Descriptions.Item>
      <Descriptions.Item label={t('insuranceUi.insuredCount')}>{policy.insuredCount}</Descriptions.Item>
      <Descriptions.Item label={t('insuranceUi.coverage')} span={3}>
        {policy.coverage}
      </Descriptions.Item>
    </Descriptions>
  );
}

function InsuredList({ policy }: { policy: PolicyRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const classes = useQuery({ queryKey: insuranceKeys.classes, queryFn: ({ signal }) => fetchInsuranceClasses(signal) });
  const classOptions = (classes.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <ManagePage<InsuredRow, { keyword?: string; classId?: number }>
      permission={P}
      editPermission={P}
      deletePermission={P}
      listUrl={INSURANCE_CALLS.insuredPage}
      initialSearch={{}}
      toSearch={(v) => ({ policyId: policy.id, keyword: v.keyword?.trim() ?? '', classId: v.classId ?? '' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('insuranceUi.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('insuranceUi.studentKeywordHint')} data-testid="insurance-insured-keyword" />
          </Form.Item>
          <Form.Item name="classId" label={t('insuranceUi.class')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('manage.all')} style={{ width: 160 }} options={classOptions} />
          </Form.Item>
        </>
      )}
      toolbar={({ canEdit, selected, reload }) =>
        canEdit && (
          <>
            <Button type="primary" onClick={() => setAdding(true)} data-testid="insurance-insure">
              {t('insuranceUi.insure')}
            </Button>
            <Button onClick={() => setImporting(true)} data-testid="insurance-insured-import">
              {t('insuranceUi.import')}
            </Button>
            <Button
              danger
              disabled={selected.length === 0}
              onClick={() =>
                feedback().modal.confirm({
                  title: t('insuranceUi.uninsureConfirm', { count: selected.length }),
                  okText: t('insuranceUi.uninsure'),
                  cancelText: t('manage.cancel'),
                  onOk: async () => {
                    await uninsure(
                      policy.id,
                      selected.map((r) => r.id),
                    );
                    feedback().message.success(t('common.deleted'));
                    reload();
                  },
                })
              }
            >
              {t('insuranceUi.uninsure')}
            </Button>
          </>
        )
      }
      columns={[
        { key: 'studentNumber', dataIndex: 'studentNumber', title: t('insuranceUi.studentNumber'), sorter: true, width: 120 },
        { key: 'studentName', dataIndex: 'studentName', title: t('insuranceUi.student'), width: 110 },
        { key: 'className', dataIndex: 'className', title: t('insuranceUi.class'), sorter: true, width: 120 },
        { key: 'claimCount', dataIndex: 'claimCount', title: t('insuranceUi.claimCount'), width: 90 },
        { key: 'createdAt', dataIndex: 'createdAt', title: t('insuranceUi.insuredAt'), width: 150 },
      ]}
      actionsWidth={140}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => void navigate(`${INSURANCE_URLS.studentClaims}?studentId=${row.studentId}`)}>
          {t('insuranceUi.studentClaims')}
        </Button>
      )}
      data-testid="insurance-insured-page"
    >
      {({ reload }) => {
        const changed = () => {
          reload();
          void queryClient.invalidateQueries({ queryKey: insuranceKeys.policy(policy.id) });
        };
        return (
          <>
            <InsureDialog open={adding} policyId={policy.id} classOptions={classOptions} onClose={() => setAdding(false)} onDone={changed} />
            <ImportDialog<InsuredImportResult>
              open={importing}
              onClose={() => setImporting(false)}
              onImported={changed}
              title={t('insuranceUi.importTitle', { policyNo: policy.policyNo })}
              hint={t('insuranceUi.importHint', { size: formatByteLimit(UPLOAD_PURPOSES[INSURED_IMPORT_PURPOSE].maxBytes), max: INSURED_IMPORT_MAX_ROWS })}
              url={insuredImportUrl(policy.id)}
              templateUrl={INSURANCE_CALLS.insuredTemplate}
              templateName={t('insurance.templateName')}
              purpose={INSURED_IMPORT_PURPOSE}
              successText={(result) => t('insurance.imported', { count: result.imported, skipped: result.skipped })}
              testId="insurance-insured-import"
            />
          </>
        );
      }}
    </ManagePage>
  );
}

function InsureDialog({ open, policyId, classOptions, onClose, onDone }: { open: boolean; policyId: number; classOptions: { value: number; label: string }[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [studentIds, setStudentIds] = useState<number[]>([]);
  const [classIds, setClassIds] = useState<number[]>([]);
  const [numbers, setNumbers] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      const result = await insure(
        policyId,
        studentIds,
        classIds,
        numbers.split(/[\s,;，；]+/).filter(Boolean),
      );
      feedback().message.success(t('insurance.insured', result));
      setStudentIds([]);
      setClassIds([]);
      setNumbers('');
      onDone();
      onClose();
    } catch {
      // The request client has shown why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={t('insuranceUi.insure')} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} okText={t('insuranceUi.insure')} cancelText={t('manage.cancel')} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('insuranceUi.byClass')}>
          <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} value={classIds} onChange={setClassIds} options={classOptions} placeholder={t('insuranceUi.byClassHint')} />
        </Form.Item>
        <Form.Item label={t('insuranceUi.byStudent')}>
          <StudentSelect search={searchInsuranceStudents} value={studentIds} onChange={setStudentIds} placeholder={t('insuranceUi.studentKeywordHint')} />
        </Form.Item>
        <Form.Item label={t('insuranceUi.byNumbers')} extra={t('insuranceUi.byNumbersHint')}>
          <Input.TextArea value={numbers} onChange={(e) => setNumbers(e.target.value)} autoSize={{ minRows: 3, maxRows: 8 }} data-testid="insurance-insure-numbers" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
