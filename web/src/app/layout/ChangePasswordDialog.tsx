import { useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHANGE_PASSWORD_MAX, changePasswordFormSchema, matchesPasswordPolicy } from '@campus/contract';
import type { RuleObject } from 'antd/es/form';
import { authApi } from '../../api/auth.ts';
import { updatePasswordForm } from '../../api/password.ts';
import { zodRule } from '../forms/zodRule.ts';
import { clearLocalSession } from '../session.ts';
import { feedback } from '../feedback.ts';
import { sessionState, useSession } from '../../state/session.ts';

interface Values {
  oldPassword: string;
  pass: string;
  checkPass: string;
}

/**
 * Change-password dialog (spec sections 2, 5, 7): fields oldPassword, pass, checkPass; every value trimmed,
 * at most 50 characters, new and repeated equal, plus the server's pattern from getPwdStrategy whose
 * description is shown beside the new password. On success the server revokes the sessions: the message is
 * shown, the dialog closes, the token is cleared and the login page opens.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const userId = useSession((s) => s.user?.userId || s.account);
  const policy = useQuery({ queryKey: ['password-policy'], queryFn: authApi.passwordPolicy, enabled: open, staleTime: 60_000 });

  const policyRule: RuleObject = {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text && !matchesPasswordPolicy(text, policy.data?.rule)) {
        throw new Error(policy.data?.description ? t('password.policy', { description: policy.data.description }) : t('password.policyGeneric'));
      }
    },
  };

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows the errors beside the fields
    }
    const parsed = changePasswordFormSchema.safeParse(values);
    if (!parsed.success) return;
    setSaving(true);
    try {
      const account = userId || sessionState().account;
      const result = await authApi.updatePassword(updatePasswordForm(account, parsed.data.oldPassword, parsed.data.pass));
      feedback().message.success(result.msg || t('password.changed'));
      form.resetFields();
      onClose();
      clearLocalSession();
      navigate('/login', { replace: true });
    } catch {
      // The request client already showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('password.title')}
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      confirmLoading={saving}
      destroyOnHidden
      mask={{ closable: false }}
      width={520}
      rootClassName="change-password-modal"
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 7 }} wrapperCol={{ span: 17 }} className="change-password-form" preserve={false}>
        <Form.Item name="oldPassword" label={t('password.old')} rules={[zodRule(changePasswordFormSchema, 'oldPassword', form)]}>
          <Input.Password maxLength={CHANGE_PASSWORD_MAX} autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item
          name="pass"
          label={t('password.new')}
          rules={[zodRule(changePasswordFormSchema, 'pass', form), policyRule]}
          extra={
            policy.data?.description ? (
              <Typography.Text type="secondary" data-testid="password-policy-hint">
                {t('password.rule', { description: policy.data.description })}
              </Typography.Text>
            ) : undefined
          }
        >
          <Input.Password maxLength={CHANGE_PASSWORD_MAX} autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item name="checkPass" label={t('password.check')} dependencies={['pass']} rules={[zodRule(changePasswordFormSchema, 'checkPass', form)]}>
          <Input.Password maxLength={CHANGE_PASSWORD_MAX} autoComplete="new-password" data-testid="password-check" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
