import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined, SafetyCertificateOutlined, TeamOutlined, ScheduleOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoginInput } from '@campus/contract';
import { signIn } from '../../app/session.ts';
import { zodRule } from '../../app/forms/zodRule.ts';
import { appFooter, appLogo, appTitle } from '../../app/appTitle.ts';
import { buildRouteTable } from '../../app/routeTable.ts';
import { LanguageButton } from '../../app/layout/LanguageButton.tsx';
import { useSession, sessionState } from '../../state/session.ts';
import { usePreferences } from '../../state/preferences.ts';
import { ApiError } from '../../api/client.ts';
import type { SecondFactorDue } from '../../api/auth.ts';
import './login.css';

/** The second step (code or enrolment) and its QR code load only for a login that needs them. */
const MfaStep = lazy(() => import('./MfaStep.tsx'));

/** The login rules arrive with zod after the page is usable: the first check waits for them. */
const loginSchema = () => import('./loginSchema.ts').then((m) => m.loginSchema);

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
  const [secondStep, setSecondStep] = useState<{ due: SecondFactorDue; username: string } | null>(null);
  const title = appTitle(config, i18n.language);
  useEffect(() => {
    document.title = title;
  }, [title]);

  const enter = () => {
    const state = sessionState();
    const target = safeRedirect(params.get('redirect')) ?? buildRouteTable(state.menus, state.permissions).homePath;
    navigate(target, { replace: true });
  };

  const onFinish = async (values: LoginInput) => {
    // Without the rules (their load failed) the server's answer decides.
    const parsed = (await loginSchema().catch(() => null))?.safeParse(values);
    if (parsed && !parsed.success) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const username = parsed ? parsed.data.username : String(values.username ?? '').trim();
      const due = await signIn(username, values.password);
      if (due) {
        setSecondStep({ due, username });
        setSubmitting(false);
        return;
      }
      enter();
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
          <h1 className="login-hero-title">{title}</h1>
          <p className="login-hero-text">{t('login.slogan')}</p>
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
        {/* Plain elements styled like a borderless card and titles: antd's Card and Typography bring tabs,
            menus and editors the first screen has no use for (see login.css). */}
        <section className="login-card">
          {secondStep && (
            <Suspense fallback={null}>
              <MfaStep
                due={secondStep.due}
                username={secondStep.username}
                onDone={enter}
                onBack={() => {
                  setSecondStep(null);
                  form.setFieldValue('password', '');
                }}
              />
            </Suspense>
          )}
          {/* Kept mounted under the second step: going back finds the user name still filled in. */}
          <div hidden={!!secondStep}>
            <h3 className="login-card-title">{t('login.title')}</h3>
            <p className="login-card-subtitle">{t('login.subtitle')}</p>
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
          </div>
        </section>
      </main>
      <footer className="login-footer">{appFooter(config, i18n.language)}</footer>
    </div>
  );
}
