import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined, SafetyCertificateOutlined, TeamOutlined, ScheduleOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginSchema, type LoginInput } from '@campus/contract';
import { signIn } from '../../app/session.ts';
import { zodRule } from '../../app/forms/zodRule.ts';
import { appFooter, appLogo, appTitle } from '../../app/appTitle.ts';
import { buildRouteTable } from '../../app/routeTable.ts';
import { LanguageButton } from '../../app/layout/LanguageButton.tsx';
import { useSession, sessionState } from '../../state/session.ts';
import { usePreferences } from '../../state/preferences.ts';
import { ApiError } from '../../api/client.ts';
import './login.css';

/** A redirect target must be a path of this application. */
export function safeRedirect(value: string | null): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/login')) return undefined;
  return value;
}

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<LoginInput>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const config = useSession((s) => s.config);
  const color = usePreferences((s) => s.color);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const title = appTitle(config, i18n.language);
  useEffect(() => {
    document.title = title;
  }, [title]);

  const onFinish = async (values: LoginInput) => {
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) return;
    setSubmitting(true);
    setFailure(null);
    try {
      await signIn(parsed.data.username, values.password);
      const state = sessionState();
      const target = safeRedirect(params.get('redirect')) ?? buildRouteTable(state.menus, state.permissions).homePath;
      navigate(target, { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t('login.failed'));
      setSubmitting(false);
    }
  };

  return (
    <div className="login-page" style={{ ['--login-primary' as string]: color }}>
      <header className="login-top">
        <div className="login-brand">
          <img src={appLogo(config)} alt="" className="login-logo" />
          <span>{title}</span>
        </div>
        <LanguageButton className="login-lang" />
      </header>
      <main className="login-main">
        <section className="login-hero">
          <Typography.Title level={1} className="login-hero-title">
            {title}
          </Typography.Title>
          <Typography.Paragraph className="login-hero-text">{t('login.slogan')}</Typography.Paragraph>
          <ul className="login-points">
            <li>
              <TeamOutlined /> {t('login.point.people')}
            </li>
            <li>
              <ScheduleOutlined /> {t('login.point.teaching')}
            </li>
            <li>
              <SafetyCertificateOutlined /> {t('login.point.secure')}
            </li>
          </ul>
        </section>
        <Card className="login-card" variant="borderless">
          <Typography.Title level={3} className="login-card-title">
            {t('login.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
          {failure && (
            <Alert type="error" showIcon title={failure} className="login-failure" data-testid="login-failure" closable={{ onClose: () => setFailure(null) }} />
          )}
          <Form form={form} layout="vertical" size="large" onFinish={onFinish} requiredMark={false} autoComplete="on">
            <Form.Item name="username" label={t('login.username')} rules={[zodRule(loginSchema, 'username', form)]} validateTrigger="onBlur">
              <Input prefix={<UserOutlined />} placeholder={t('login.usernamePlaceholder')} autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={[zodRule(loginSchema, 'password', form)]} validateTrigger="onBlur">
              <Input.Password prefix={<LockOutlined />} placeholder={t('login.passwordPlaceholder')} autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </Form>
        </Card>
      </main>
      <footer className="login-footer">{appFooter(config, i18n.language)}</footer>
    </div>
  );
}
