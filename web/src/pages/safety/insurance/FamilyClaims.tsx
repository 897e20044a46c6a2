import { useMemo, useState } from 'react';
import { Alert, Button, Card, type ButtonProps, Form, Input, InputNumber, Modal, Select, Spin, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CLAIM_ATTACHMENTS, CLAIM_DESCRIPTION_MAX, CLAIM_PLACE_MAX, claimFormSchema, type ClaimForm, type ClaimRow, type InsuredChild } from '@campus/contract';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { ChildChooser } from '../../../components/ChildChooser/index.ts';
import { FileUpload } from '../../../components/FileUpload/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { fetchChildren, fetchClaim, fetchClaimsOf, fileClaim, insuranceKeys } from './api.ts';
import { ClaimDetailView, ClaimStatusTag, DayPicker, EmptyList, todayText, yuan } from './parts.tsx';

/**
 * A family's side of the insurance claims: the parent chooses the child (a student sees their own), files a claim with
 * pictures under a policy in force that covers the child, and follows each claim's status.
 */
export function FamilyClaims({ title }: { title: string }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [params] = useSearchParams();
  const children = useQuery({ queryKey: insuranceKeys.children, queryFn: ({ signal }) => fetchChildren(signal) });
  const [picked, setPicked] = useState<number | null>(null);
  const [filing, setFiling] = useState(false);
  const [viewing, setViewing] = useState<number | null>(Number(params.get('id')) || null);
  const list = useMemo(() => children.data ?? [], [children.data]);
  const child = list.find((c) => c.id === picked) ?? list[0];

  if (children.isPending) return <Spin />;
  if (!child) return <EmptyList text={t('insuranceUi.noChildren')} />;
  return (
    <div className="insurance-family" data-testid="insurance-family">
      <Typography.Title level={4}>{title}</Typography.Title>
      <div className="insurance-family-head">
        <ChildChooser items={list} value={child.id} onChange={setPicked} phone={phone} label={t('insuranceUi.child')} testIdPrefix="insurance" />
        <Button type="primary" icon={<PlusOutlined />} disabled={child.policies.length === 0} onClick={() => setFiling(true)} data-testid="insurance-file">
          {t('insuranceUi.fileClaim')}
        </Button>
      </div>
      {child.policies.length === 0 && <Alert type="info" showIcon title={t('insuranceUi.notInsured', { name: child.name })} className="insurance-family-head" />}
      <ChildClaims studentId={child.id} onOpen={setViewing} />
      <ClaimDialog child={child} open={filing} onClose={() => setFiling(false)} />
      <ClaimModal id={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

export function ChildClaims({ studentId, onOpen }: { studentId: number; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const claims = useQuery({ queryKey: insuranceKeys.claims(studentId), queryFn: ({ signal }) => fetchClaimsOf(studentId, signal) });
  if (claims.isPending) return <Spin />;
  const rows: ClaimRow[] = claims.data?.rows ?? [];
  if (rows.length === 0) return <EmptyList text={t('insuranceUi.noClaims')} />;
  return (
    <div className="insurance-cards" data-testid="insurance-claims">
      {rows.map((claim) => (
        <Card key={claim.id} size="small" hoverable onClick={() => onOpen(claim.id)} data-testid={`insurance-claim-${claim.id}`}>
          <div className="insurance-card-line">
            <strong>{claim.place}</strong>
            <ClaimStatusTag status={claim.status} testId={`insurance-claim-status-${claim.id}`} />
          </div>
          <div className="insurance-card-line">
            <Typography.Text type="secondary">{t('insuranceUi.accidentOn', { date: claim.accidentDate })}</Typography.Text>
            <span>{yuan(claim.amountClaimed)}</span>
          </div>
          <div className="insurance-card-line">
            <Typography.Text type="secondary">{claim.policyNo}</Typography.Text>
            {claim.paid && <Typography.Text type="success">{t('insuranceUi.paidOn', { amount: yuan(claim.paidAmount), date: claim.paidDate })}</Typography.Text>}
          </div>
        </Card>
      ))}
    </div>
  );
}

/** One claim in a dialog (opened from a card, or from a message's link ?id=). */
export function ClaimModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const claim = useQuery({ queryKey: insuranceKeys.claim(id ?? 0), queryFn: ({ signal }) => fetchClaim(id!, signal), enabled: id !== null, retry: false });
  return (
    <Modal
      open={id !== null}
      title={t('insuranceUi.claimTitle')}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="insurance-detail-close">
          {t('manage.close')}
        </Button>
      }
      width={phone ? '100%' : i18n.language === 'en' ? 810 : 720}
      destroyOnHidden
    >
      {claim.isPending ? <Spin /> : claim.data ? <ClaimDetailView claim={claim.data} phone={phone} /> : <EmptyList text={t('insuranceUi.claimGone')} />}
    </Modal>
  );
}

function ClaimDialog({ child, open, onClose }: { child: InsuredChild; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ClaimForm>();
  const [saving, setSaving] = useState(false);
  const rule = (field: string) => zodRule(claimFormSchema, field, form);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await fileClaim({ ...form.getFieldsValue(true), studentId: child.id });
      feedback().message.success(t('insurance.filed'));
      await queryClient.invalidateQueries({ queryKey: insuranceKeys.claims(child.id) });
      onClose();
    } catch {
      // The request client has shown why; the parent corrects and sends again.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('insuranceUi.fileTitle', { name: child.name })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('insuranceUi.submit')}
      cancelText={t('manage.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'insurance-form-ok' } as ButtonProps}
      width={phone ? '100%' : 640}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) form.setFieldsValue({ studentId: child.id, policyId: child.policies[0]?.id, files: [] });
      }}
    >
      <Form form={form} layout="vertical" preserve={false} data-testid="insurance-form">
        <Form.Item name="policyId" label={t('insuranceUi.policy')} required rules={[rule('policyId')]}>
          <Select options={child.policies.map((p) => ({ value: p.id, label: `${p.policyNo} · ${p.companyName}` }))} data-testid="insurance-form-policy" />
        </Form.Item>
        <Form.Item name="accidentDate" label={t('insuranceUi.accidentDate')} required rules={[rule('accidentDate')]}>
          <DayPicker max={todayText()} data-testid="insurance-form-date" />
        </Form.Item>
        <Form.Item name="place" label={t('insuranceUi.place')} required rules={[rule('place')]}>
          <Input maxLength={CLAIM_PLACE_MAX} placeholder={t('insuranceUi.placeHint')} data-testid="insurance-form-place" />
        </Form.Item>
        <Form.Item name="description" label={t('insuranceUi.description')} required rules={[rule('description')]}>
          <Input.TextArea maxLength={CLAIM_DESCRIPTION_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('insuranceUi.descriptionHint')} data-testid="insurance-form-description" />
        </Form.Item>
        <Form.Item name="amountClaimed" label={t('insuranceUi.amountClaimed')} required rules={[rule('amountClaimed')]}>
          <InputNumber min={0.01} max={1_000_000} precision={2} prefix="¥" style={{ width: '100%' }} data-testid="insurance-form-amount" />
        </Form.Item>
        <Form.Item name="files" label={t('insuranceUi.files')} extra={t('insuranceUi.filesHint')} rules={[rule('files')]}>
          <FileUpload purpose={CLAIM_ATTACHMENTS.files} capture={phone ? 'environment' : undefined} data-testid="insurance-form-files" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
