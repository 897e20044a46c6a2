import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Radio, Row, Select, Spin, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SYSTEM_THEMES, systemConfigSchema, type SystemConfigForm, type SystemConfigView } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { authApi } from '../../../api/auth.ts';
import { FileUpload } from '../../../components/FileUpload/index.ts';
import { useAuthorizedObjectUrl } from '../../../hooks/useAuthorizedObjectUrl.ts';
import { feedback } from '../../../app/feedback.ts';
import { appTitle } from '../../../app/appTitle.ts';
import { sessionState } from '../../../state/session.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import './SystemConfigPage.css';

/** The pictures (logo, seal) as the upload's lists of ids; the configuration stores one id each. */
type ConfigFormValues = Omit<SystemConfigForm, 'logo' | 'seal'> & { logo: string[]; seal: string[] };

const toForm = (view: SystemConfigView): ConfigFormValues => {
  const { logoUrl: _url, encryptionForced: _forced, ...values } = view;
  return { ...values, logo: view.logo ? [view.logo] : [], seal: view.seal ? [view.seal] : [] };
};

/** One picture: a new upload replaces the one before it. */
const lastId = (ids: string[] | undefined) => (ids ?? []).slice(-1);

/** The seal as certificates will print it: the stored or just uploaded picture, read with the token. */
function SealPreview({ id, alt }: { id: string | undefined; alt: string }) {
  const { url } = useAuthorizedObjectUrl(id ? `/file/download/${encodeURIComponent(id)}` : null);
  return url ? <img src={url} alt={alt} className="ops-seal-preview" data-testid="sysconfig-seal-preview" /> : null;
}

/**
 * /xtgl/xtpz: titles, logo, footers, the school's name and seal on certificates, addresses, login type, theme,
 * request encryption (issue 4, item 6; issue 14). Saving sends every field: one left out would be stored empty.
 */
export default function SystemConfigPage(_props: PageProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConfigFormValues>();
  const [view, setView] = useState<SystemConfigView | null>(null);
  const [saving, setSaving] = useState(false);
  const loginType = Form.useWatch('loginType', form);
  const seal = Form.useWatch('seal', form);

  const load = useCallback(async () => {
    try {
      const loaded = await call<SystemConfigView>('/api/system/config/get');
      setView(loaded);
      form.setFieldsValue(toForm(loaded));
    } catch {
      // The request client has shown why.
    }
  }, [form]);

  useEffect(() => {
    void load();
  }, [load]);

  // The contract schema checks the stored shape (logo as one id) while the form keeps the upload's list, so
  // each field's rule runs the schema over the converted form (zodRule would see the list and skip refinements).
  const asPayload = (values: ConfigFormValues): SystemConfigForm => ({ ...values, logo: values.logo?.at(-1) ?? '', seal: values.seal?.at(-1) ?? '' });
  const rule = (field: keyof SystemConfigForm) => ({
    validator: async () => {
      const result = systemConfigSchema.safeParse(asPayload(form.getFieldsValue(true) as ConfigFormValues));
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(t(issue.message));
    },
  });

  const save = async () => {
    let values: ConfigFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await call('/api/system/config/save', { json: asPayload({ ...(form.getFieldsValue(true) as ConfigFormValues), ...values }) });
      feedback().message.success(t('common.saved'));
      // Titles, footers and the logo show at once; the rest applies when the page is next opened.
      const fresh = await authApi.clientConfig();
      sessionState().setConfig({ title: fresh.title, titleEn: fresh.titleEn, footer: fresh.footer, footerEn: fresh.footerEn, logo: fresh.logo });
      document.title = appTitle(fresh, currentLanguage());
      await load();
    } catch {
      // The request client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="ops-form-page" data-testid="sysconfig-page">
      {/* The form is always mounted (its watchers need it); it shows once the configuration is read. */}
      {!view && <Spin />}
      <Form<ConfigFormValues>
        style={view ? undefined : { display: 'none' }} form={form} layout="vertical" onFinish={() => void save()}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="title" label={t('opsConfig.title')} required rules={[rule('title')]}>
              <Input maxLength={100} data-testid="sysconfig-title" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="titleEn" label={t('opsConfig.titleEn')} required rules={[rule('titleEn')]}>
              <Input maxLength={100} data-testid="sysconfig-title-en" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('opsConfig.logo')} extra={t('opsConfig.logoHint')}>
          {view?.logoUrl && <img src={view.logoUrl} alt={t('opsConfig.logo')} className="ops-logo-preview" data-testid="sysconfig-logo-preview" />}
          {/* One logo: a new upload replaces the one before it. */}
          <Form.Item name="logo" noStyle normalize={lastId}>
            <FileUpload purpose="image" showHint={false} knownFiles={view?.logo ? [{ RESID: view.logo, name: t('opsConfig.currentLogo') }] : []} data-testid="sysconfig-logo" />
          </Form.Item>
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="footer" label={t('opsConfig.footer')} rules={[rule('footer')]}>
              <Input maxLength={300} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="footerEn" label={t('opsConfig.footerEn')} rules={[rule('footerEn')]}>
              <Input maxLength={300} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="schoolName" label={t('opsConfig.schoolName')} extra={t('opsConfig.schoolNameHint')} rules={[rule('schoolName')]}>
              <Input maxLength={60} data-testid="sysconfig-school-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="schoolNameEn" label={t('opsConfig.schoolNameEn')} extra={t('opsConfig.schoolNameEnHint')} rules={[rule('schoolNameEn')]}>
              <Input maxLength={120} data-testid="sysconfig-school-name-en" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('opsConfig.seal')} extra={t('opsConfig.sealHint')}>
          <SealPreview id={seal?.at(-1)} alt={t('opsConfig.seal')} />
          <Form.Item name="seal" noStyle normalize={lastId} rules={[rule('seal')]}>
            <FileUpload purpose="image" showHint={false} knownFiles={view?.seal ? [{ RESID: view.seal, name: t('opsConfig.currentSeal') }] : []} data-testid="sysconfig-seal" />
          </Form.Item>
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="reportUrl" label={t('opsConfig.reportUrl')} rules={[rule('reportUrl')]}>
              <Input maxLength={300} placeholder="https://" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="officePreviewUrl" label={t('opsConfig.officePreviewUrl')} rules={[rule('officePreviewUrl')]}>
              <Input maxLength={300} placeholder="https://" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="loginType" label={t('opsConfig.loginType')} required>
              <Radio.Group
                options={[
                  { value: 'normal', label: t('opsConfig.loginNormal') },
                  { value: 'IDS', label: t('opsConfig.loginIds') },
                ]}
                data-testid="sysconfig-login-type"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="timeoutUrl" label={t('opsConfig.timeoutUrl')} required={loginType === 'IDS'} dependencies={['loginType']} rules={[rule('timeoutUrl')]}>
              <Input maxLength={300} placeholder="https://" data-testid="sysconfig-timeout-url" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="defaultTheme" label={t('opsConfig.defaultTheme')}>
              <Select options={SYSTEM_THEMES.map((value) => ({ value, label: value ? t(`theme.${value}`) : t('opsConfig.themeDefault') }))} style={{ maxWidth: 240 }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="logRetentionDays" label={t('opsConfig.logRetentionDays')} rules={[rule('logRetentionDays')]}>
              <InputNumber min={7} max={3650} precision={0} style={{ width: 160 }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="encryption" label={t('opsConfig.encryption')} valuePropName="checked" extra={t('opsConfig.encryptionHint')}>
          <Switch disabled={view?.encryptionForced} />
        </Form.Item>
        {view?.encryptionForced && <Alert type="info" showIcon message={t('opsConfig.encryptionForced')} style={{ marginBottom: 16 }} />}
        <div className="ops-form-actions">
          <Button type="primary" htmlType="submit" loading={saving} data-testid="sysconfig-save">
            {t('manage.save')}
          </Button>
          <Button onClick={() => void load()}>{t('opsConfig.reset')}</Button>
        </div>
      </Form>
    </Card>
  );
}
