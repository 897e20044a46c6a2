import { useEffect, useRef, useState } from 'react';
import { Button, Card, QRCode, Result, Space, Spin, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth.ts';
import { adoptToken, clearLocalSession } from '../../app/session.ts';
import { QueryProvider } from '../../app/queryClient.tsx';
import { useSession } from '../../state/session.ts';
import './qrcode.css';

/** The sign-in address a code leads to. */
export function codeUrl(code: string, origin: string = window.location.origin): string {
  return `${origin}/qrcode?code=${encodeURIComponent(code)}`;
}

/** /qrcode?code=...: the code check (spec section 4). Success stores the token and cleans the URL. */
function CodeCheck({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    authApi
      .checkCode(code)
      .then(({ token }) => {
        adoptToken(token);
        navigate('/dashboard', { replace: true });
      })
      .catch(() => {
        clearLocalSession();
        navigate('/no-permission', { replace: true });
      });
  }, [code, navigate]);
  return (
    <div className="standalone-page">
      <Spin size="large" description={t('qrcode.checking')} />
    </div>
  );
}

/** A signed-in user's one-time sign-in code shown as a QR code. */
function ShowCode() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery({ queryKey: ['auth-code'], queryFn: authApi.issueCode, gcTime: 0, staleTime: Infinity });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const expiresAt = query.data ? query.dataUpdatedAt + query.data.expiresInSeconds * 1000 : 0;
  const remaining = Math.max(0, Math.round((expiresAt - now) / 1000));
  const status = query.isFetching ? 'loading' : query.isError || (query.data && remaining === 0) ? 'expired' : 'active';
  return (
    <div className="standalone-page">
      <Card className="qrcode-card" variant="borderless">
        <Typography.Title level={3}>{t('qrcode.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('qrcode.hint')}</Typography.Paragraph>
        <div className="qrcode-box" data-testid="qrcode-box" data-url={query.data ? codeUrl(query.data.code) : ''}>
          <QRCode value={query.data ? codeUrl(query.data.code) : '-'} size={220} status={status} onRefresh={() => void query.refetch()} />
        </div>
        <Typography.Paragraph type="secondary" data-testid="qrcode-remaining">
          {status === 'active' ? t('qrcode.expiresIn', { seconds: remaining }) : status === 'expired' ? t('qrcode.expired') : '\u00a0'}
        </Typography.Paragraph>
        <Space>
          <Button onClick={() => void query.refetch()}>{t('qrcode.refresh')}</Button>
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('common.backHome')}
          </Button>
        </Space>
      </Card>
    </div>
  );
}

export default function QrCodePage() {
  return (
    <QueryProvider>
      <QrCodeScreen />
    </QueryProvider>
  );
}

function QrCodeScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = useSession((s) => !!s.token && !s.loginFailed);
  const code = params.get('code');
  if (code) return <CodeCheck code={code} />;
  if (signedIn) return <ShowCode />;
  return (
    <div className="standalone-page">
      <Result
        status="info"
        title={t('qrcode.title')}
        subTitle={t('qrcode.needLogin')}
        extra={
          <Button type="primary" onClick={() => navigate('/login?redirect=%2Fqrcode')}>
            {t('login.goToLogin')}
          </Button>
        }
      />
    </div>
  );
}
