import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Select, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CLAIM_COMMENT_MAX, CLAIM_STATUSES, INSURANCE_PERMISSIONS, INSURANCE_URLS, claimActionSchema, claimNext, type ClaimAction, type ClaimActionForm, type ClaimRow, type ClaimStatus } from '@campus/contract';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { INSURANCE_CALLS, moveClaim } from './api.ts';
import { ClaimModal } from './FamilyClaims.tsx';
import { ClaimStatusTag, DayPicker, todayText, yuan } from './parts.tsx';

interface SearchForm {
  keyword?: string;
  status?: ClaimStatus;
}

/**
 * The office's claims: every family's, searched by status; the actions the status table allows (materials
 * received, paid with the amount and date, rejected with a reason); export.
 */
export function OfficeClaims({ studentId, policyId }: { studentId?: number; policyId?: number }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<number | null>(null);
  const [acting, setActing] = useState<{ row: ClaimRow; action: ClaimAction } | null>(null);
  const fixed = { ...(studentId ? { studentId } : {}), ...(policyId ? { policyId } : {}) };

  return (
    <ManagePage<ClaimRow, SearchForm>
      permission={INSURANCE_PERMISSIONS.manage}
      editPermission={INSURANCE_PERMISSIONS.manage}
      deletePermission={INSURANCE_PERMISSIONS.manage}
      listUrl={INSURANCE_CALLS.claimsPage}
      exportUrl={INSURANCE_CALLS.claimsExport}
      exportName={t('insurance.export.claims')}
      initialSearch={{}}
      toSearch={(values) => ({ keyword: values.keyword?.trim() ?? '', status: values.status ?? '', ...fixed })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('insuranceUi.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('insuranceUi.claimKeywordHint')} data-testid="insurance-search-keyword" />
          </Form.Item>
          <Form.Item name="status" label={t('insuranceUi.status')}>
            <Select allowClear placeholder={t('manage.all')} style={{ width: 150 }} options={CLAIM_STATUSES.map((s) => ({ value: s, label: t(`insurance.status.${s}`) }))} data-testid="insurance-search-status" />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'studentName', dataIndex: 'studentName', title: t('insuranceUi.student'), sorter: true, width: 110 },
        { key: 'className', dataIndex: 'className', title: t('insuranceUi.class'), width: 110 },
        { key: 'policyNo', dataIndex: 'policyNo', title: t('insuranceUi.policy'), width: 130 },
        { key: 'accidentDate', dataIndex: 'accidentDate', title: t('insuranceUi.accidentDate'), sorter: true, width: 120 },
        { key: 'place', dataIndex: 'place', title: t('insuranceUi.place'), width: 130 },
        { key: 'amountClaimed', dataIndex: 'amountClaimed', title: t('insuranceUi.amountClaimed'), sorter: true, width: 120, render: (v: number) => yuan(v) },
        { key: 'status', dataIndex: 'status', title: t('insuranceUi.status'), sorter: true, width: 120, render: (s: ClaimStatus, row: ClaimRow) => <ClaimStatusTag status={s} testId={`insurance-status-${row.id}`} /> },
        { key: 'materialsReceived', dataIndex: 'materialsReceived', title: t('insuranceUi.materialsReceived'), width: 110, render: (v: boolean) => t(v ? 'insuranceUi.yes' : 'insuranceUi.no') },
        { key: 'paidAmount', dataIndex: 'paidAmount', title: t('insuranceUi.paidAmount'), width: 110, render: (v: number | null) => yuan(v) },
        { key: 'createdAt', dataIndex: 'createdAt', title: t('insuranceUi.filedAt'), sorter: true, width: 150 },
      ]}
      actionsWidth={phone ? 150 : i18n.language === 'en' ? 380 : 300}
      rowActions={(row, { canEdit }) => (
        <>
          <Button type="link" size="small" onClick={() => setViewing(row.id)} data-testid={`insurance-view-${row.id}`}>
            {t('manage.view')}
          </Button>
          {canEdit &&
            (['receive', 'pay', 'reject'] as const)
              .filter((action) => claimNext(row.status, action))
              .map((action) => (
                <Button key={action} type="link" size="small" danger={action === 'reject'} onClick={() => setActing({ row, action })} data-testid={`insurance-${action}-${row.id}`}>
                  {t(`insuranceUi.do.${action}`)}
                </Button>
              ))}
          {!studentId && (
            <Button type="link" size="small" onClick={() => void navigate(`${INSURANCE_URLS.studentClaims}?studentId=${row.studentId}`)} data-testid={`insurance-student-${row.id}`}>
              {t('insuranceUi.studentClaims')}
            </Button>
          )}
        </>
      )}
      data-testid="insurance-claims-page"
    >
      {({ reload }) => (
        <>
          <ClaimModal id={viewing} onClose={() => setViewing(null)} />
          <ActionDialog acting={acting} onClose={() => setActing(null)} onDone={reload} />
        </>
      )}
    </ManagePage>
  );
}

function ActionDialog({ acting, onClose, onDone }: { acting: { row: ClaimRow; action: ClaimAction } | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ClaimActionForm>();
  const [saving, setSaving] = useState(false);
  const rule = (field: string) => zodRule(claimActionSchema, field, form);
  const action = acting?.action;

  const submit = async () => {
    if (!acting) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await moveClaim({ ...form.getFieldsValue(true), id: acting.row.id, action: acting.action });
      feedback().message.success(t(`insurance.done.${acting.action}`));
      onDone();
      onClose();
    } catch {
      onDone();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!acting}
      title={acting ? t(`insuranceUi.actionTitle.${acting.action}`, { name: acting.row.studentName }) : ''}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={action ? t(`insuranceUi.do.${action}`) : ''}
      cancelText={t('manage.cancel')}
      okButtonProps={{ danger: action === 'reject', 'data-testid': 'insurance-action-ok' } as ButtonProps}
      confirmLoading={saving}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (open && acting) form.setFieldsValue({ id: acting.row.id, action: acting.action, comment: '', paidAmount: acting.action === 'pay' ? acting.row.amountClaimed : undefined, paidDate: acting.action === 'pay' ? todayText() : undefined });
      }}
    >
      <Form form={form} layout="vertical" preserve={false} data-testid="insurance-action-form">
        {action === 'pay' && (
          <>
            <Form.Item name="paidAmount" label={t('insuranceUi.paidAmount')} required rules={[rule('paidAmount')]} extra={t('insuranceUi.claimedWas', { amount: yuan(acting?.row.amountClaimed) })}>
              <InputNumber min={0.01} max={acting?.row.amountClaimed} precision={2} prefix="¥" style={{ width: '100%' }} data-testid="insurance-action-amount" />
            </Form.Item>
            <Form.Item name="paidDate" label={t('insuranceUi.paidDate')} required rules={[rule('paidDate')]}>
              <DayPicker max={todayText()} data-testid="insurance-action-date" />
            </Form.Item>
          </>
        )}
        <Form.Item name="comment" label={t(action === 'reject' ? 'insuranceUi.rejectReason' : 'insuranceUi.comment')} required={action === 'reject'} rules={[rule('comment')]}>
          <Input.TextArea maxLength={CLAIM_COMMENT_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} data-testid="insurance-action-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
