import { useEffect, useState, type ReactNode } from 'react';
import { Button, Modal, Spin } from 'antd';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { clearLocalSession, fetchPublicKey, loadPermission, signOut } from './session.ts';
import { feedback } from './feedback.ts';
import { browser } from '../api/client.ts';
import { sessionState, useSession } from '../state/session.ts';
import { t as translate } from '../i18n/index.ts';

let loading: Promise<void> | null = null;

/** Loads user info once even when several renders (or StrictMode) ask at the same time. */
function loadUserInfo(): Promise<void> {
  if (!loading) {
    loading = (async () => {
      const state = sessionState();
      if (state.config.encryption && !state.publicKey) await fetchPublicKey();
      await loadPermission({ silent: true, ignoreExpiry: true });
    })().finally(() => {
      loading = null;
    });
  }
  return loading;
}

/** A blocking dialog with only a re-login button, which logs out and reloads (spec sections 4 and 8). */
export function BlockingDialog({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('session.promptTitle')}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      rootClassName="blocking-dialog"
      footer={
        <Button type="primary" onClick={() => void signOut()} data-testid="blocking-relogin">
          {t('session.relogin')}
        </Button>
      }
    >
      <p>{t(messageKey)}</p>
    </Modal>
  );
}

/**
 * The route guard (spec section 4): without a token (or after a failed login) protected routes show the 404
 * page; with one, user info is loaded when missing. On failure the guard logs out, warns 'Please log in
 * again' and goes to the login page (or the IDS timeout address). A user without info, or without menus,
 * gets a blocking dialog.
 */
export function Guard({ children }: { children: ReactNode }) {
  // Set when loading failed: the session is cleared and the login page takes over.
  const [leaving, setLeaving] = useState(false);
  const token = useSession((s) => s.token);
  const loginFailed = useSession((s) => s.loginFailed);
  const menus = useSession((s) => s.menus);
  const user = useSession((s) => s.user);

  useEffect(() => {
    if (!token || loginFailed || menus !== null) return;
    let alive = true;
    loadUserInfo().catch(() => {
      if (!alive) return;
      const { config } = sessionState();
      feedback().message.warning(translate('guard.reLogin'));
      if (config.loginType === 'IDS' && config.timeoutUrl) {
        clearLocalSession();
        browser.assign(config.timeoutUrl);
        return;
      }
      setLeaving(true);
      clearLocalSession();
    });
    return () => {
      alive = false;
    };
  }, [token, loginFailed, menus]);

  if (leaving) return <Navigate to="/login" replace />;
  if (!token || loginFailed) return <Navigate to="/404" replace />;
  if (menus === null) {
    return (
      <div className="standalone-page">
        <Spin size="large" />
      </div>
    );
  }
  if (!user || (!user.userId && !user.username)) return <BlockingDialog messageKey="guard.noUserInfo" />;
  if (menus.length === 0) return <BlockingDialog messageKey="guard.noPermission" />;
  return <>{children}</>;
}
