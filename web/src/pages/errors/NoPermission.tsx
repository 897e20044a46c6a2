import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session.ts';

/** /no-permission: where a failed code check lands (spec section 4). */
export default function NoPermission() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => !!s.token && !s.loginFailed);
  return (
    <div className="standalone-page" data-testid="page-no-permission">
      <Result
        status="403"
        title="403"
        subTitle={t('page.noPermission')}
        extra={
          <Button type="primary" onClick={() => navigate(signedIn ? '/dashboard' : '/login', { replace: true })}>
            {signedIn ? t('common.backHome') : t('login.goToLogin')}
          </Button>
        }
      />
    </div>
  );
}
