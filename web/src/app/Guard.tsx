import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Spin } from 'antd';
import { Navigate } from 'react-router';
import { clearLocalSession, fetchPublicKey, loadPermission } from './session.ts';
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

// Only a user without info or menus ever sees it: its dialog code loads then.
const BlockingDialog = lazy(() => import('./BlockingDialog.tsx'));

function Waiting() {
  return (
    <div className="standalone-page">
      <Spin size="large" />
    </div>
  );
}

function Blocked({ messageKey }: { messageKey: string }) {
  return (
    <Suspense fallback={<Waiting />}>
      <BlockingDialog messageKey={messageKey} />
    </Suspense>
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
  if (menus === null) return <Waiting />;
  if (!user || (!user.userId && !user.username)) return <Blocked messageKey="guard.noUserInfo" />;
  if (menus.length === 0) return <Blocked messageKey="guard.noPermission" />;
  return <>{children}</>;
}
