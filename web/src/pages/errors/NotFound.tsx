import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session.ts';

/** /404: unknown paths, and protected paths opened without a token (spec section 2). */
export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => !!s.token && !s.loginFailed);
  return (
    <div className="standalone-page" data-testid="page-404">
      <Result
        status="404"
        title="404"
        subTitle={t('page.notFound')}
        extra={
          <Button type="primary" onClick={() => navigate(signedIn ? '/dashboard' : '/login', { replace: true })}>
            {signedIn ? t('common.backHome') : t('login.goToLogin')}
          </Button>
        }
      />
    </div>
  );
}
