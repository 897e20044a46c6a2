import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULE_MAX, passwordRuleProblem, passwordRuleSchema, type PasswordRuleForm } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import './SystemConfigPage.css';

/** Whether a sample password meets the pattern being edited (only when the pattern is acceptable). */
function trySample(rule: string | undefined, sample: string | undefined): boolean | null {
  if (!rule || !sample || passwordRuleProblem(rule)) return null;
  return new RegExp(rule).test(sample);
}

/** /xtgl/mmgz: the password pattern and its descriptions that getPwdStrategy serves (issue 4, item 6). */
export default function PasswordRulePage(_props: PageProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordRuleForm>();
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [sample, setSample] = useState('');
  const rule = Form.useWatch('rule', form);
  const verdict = trySample(rule, sample);

  const load = useCallback(async () => {
    try {
      form.setFieldsValue(await call<PasswordRuleForm>('/api/system/passwordRule/get'));
      setLoaded(true);
    } catch {
      // The request client has shown why.
    }
  }, [form]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async () => {
    let values: PasswordRuleForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await call('/api/system/passwordRule/save', { json: values });
      feedback().message.success(t('common.saved'));
    } catch {
      // The request client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="ops-form-page" data-testid="pwdrule-page">
      {!loaded && <Spin />}
      <Form<PasswordRuleForm> form={form} layout="vertical" onFinish={() => void save()} style={loaded ? undefined : { display: 'none' }}>
        <Form.Item name="rule" label={t('opsPwd.rule')} required rules={[zodRule(passwordRuleSchema, 'rule', form)]} extra={t('opsPwd.ruleHint', { max: PASSWORD_RULE_MAX })}>
          <Input maxLength={PASSWORD_RULE_MAX + 50} className="ops-monospace" data-testid="pwdrule-rule" />
        </Form.Item>
        <Form.Item name="description" label={t('opsPwd.description')} required rules={[zodRule(passwordRuleSchema, 'description', form)]}>
          <Input maxLength={200} data-testid="pwdrule-description" />
        </Form.Item>
        <Form.Item name="descriptionEn" label={t('opsPwd.descriptionEn')} required rules={[zodRule(passwordRuleSchema, 'descriptionEn', form)]}>
          <Input maxLength={200} data-testid="pwdrule-description-en" />
        </Form.Item>
        <Form.Item label={t('opsPwd.sample')} extra={t('opsPwd.sampleHint')}>
          <Input value={sample} onChange={(event) => setSample(event.target.value)} maxLength={50} autoComplete="off" data-testid="pwdrule-sample" />
        </Form.Item>
        {verdict !== null && (
          <Alert type={verdict ? 'success' : 'warning'} showIcon message={t(verdict ? 'opsPwd.sampleMatches' : 'opsPwd.sampleFails')} style={{ marginBottom: 16 }} data-testid="pwdrule-verdict" />
        )}
        <Typography.Paragraph type="secondary">{t('opsPwd.appliesAtOnce')}</Typography.Paragraph>
        <div className="ops-form-actions">
          <Button type="primary" htmlType="submit" loading={saving} data-testid="pwdrule-save">
            {t('manage.save')}
          </Button>
          <Button onClick={() => void load()}>{t('opsConfig.reset')}</Button>
        </div>
      </Form>
    </Card>
  );
}
