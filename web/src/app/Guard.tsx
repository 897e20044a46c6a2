import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Spin } from 'antd';
import { Navigate } from 'react-router';
import { clearLocalSession, fetchPublicKey, loadPermission } from './session.ts';
import { feedback } from './feedback.ts';
import { browser, isAbort, isServerRefusal } from '../api/client.ts';
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
// Only shown when the user-info call got no answer; loads then.
const LoadFailed = lazy(() => import('./LoadFailed.tsx'));

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

function Unanswered({ messageKey, retry }: { messageKey: string; retry: () => void }) {
  return (
    <Suspense fallback={<Waiting />}>
      <LoadFailed messageKey={messageKey} retry={retry} />
    </Suspense>
  );
}

/**
 * The route guard (spec section 4): without a token (or after a failed login) protected routes show the 404
 * page; with one, user info is loaded when missing. When the server refuses that call (a session code such as
 * 50014 or 50012, or another refusal) the guard logs out, warns 'Please log in again' and goes to the login
 * page (or the IDS timeout address). A call that got no answer ends nothing: given up (the page reloaded or
 * left, an abort) or the server out of reach, the session stays and a retry is offered. A user without info,
 * or without menus, gets a blocking dialog.
 *
 * A session that ends while the guard shows the app (a password change, a refused user-info call, a logout)
 * goes to the login page: the 404 page is only for a visit that never had a session.
 */
export function Guard({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const loginFailed = useSession((s) => s.loginFailed);
  const menus = useSession((s) => s.menus);
  const user = useSession((s) => s.user);
  const signedIn = !!token && !loginFailed;
  // Whether this visit had a session (React's "adjust state while rendering" pattern: it only turns true).
  const [hadSession, setHadSession] = useState(signedIn);
  if (signedIn && !hadSession) setHadSession(true);
  // The message key shown when the user-info call got no answer; the session stays.
  const [unanswered, setUnanswered] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token || loginFailed || menus !== null) return;
    let alive = true;
    loadUserInfo().catch((error: unknown) => {
      if (!alive) return;
      // Only the server's answer ends the session: never an aborted or cancelled call, nor a network failure.
      if (!isServerRefusal(error)) {
        setUnanswered(isAbort(error) ? 'request.failed' : 'request.networkError');
        return;
      }
      const { config } = sessionState();
      feedback().message.warning(translate('guard.reLogin'));
      clearLocalSession();
      // Without a token the guard goes to the login page, unless the IDS timeout address takes over.
      if (config.loginType === 'IDS' && config.timeoutUrl) browser.assign(config.timeoutUrl);
    });
    return () => {
      alive = false;
    };
  }, [token, loginFailed, menus, attempt]);

  if (!signedIn) return <Navigate to={hadSession ? '/login' : '/404'} replace />;
  if (menus === null) {
    if (!unanswered) return <Waiting />;
    const retry = () => {
      setUnanswered(null);
      setAttempt((n) => n + 1);
    };
    return <Unanswered messageKey={unanswered} retry={retry} />;
  }
  if (!user || (!user.userId && !user.username)) return <Blocked messageKey="guard.noUserInfo" />;
  if (menus.length === 0) return <Blocked messageKey="guard.noPermission" />;
  return <>{children}</>;
}
