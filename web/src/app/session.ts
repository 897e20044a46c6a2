import { authApi, type SecondFactorDue } from '../api/auth.ts';
import { leaveSession } from '../api/client.ts';
import { sessionState } from '../state/session.ts';
import { useTabs } from '../state/tabs.ts';
import { useMessageCounts } from '../state/messages.ts';
import { useSearchForms } from '../state/search.ts';

/**
 * Session flows (spec section 4). Login: success stores the token and sets the failure flag to 0, then
 * fetches the request-encryption key, then permissions and menus; failure sets the flag to 1 and rejects
 * with the server's answer.
 */
export async function signIn(username: string, password: string): Promise<SecondFactorDue | null> {
  const state = sessionState();
  // With encryption on the server wants the login itself sealed, so the key comes first then too.
  if (state.config.encryption) await fetchPublicKey();
  else state.setPublicKey(null);
  let result;
  try {
    result = await authApi.login(username, password);
  } catch (error) {
    state.setLoginFailed(true);
    throw error;
  }
  // A second factor is due (issue 12): no session yet; the login page asks for the code, then finishes.
  if ('mfa' in result.data) return result.data;
  await finishSignIn(username, result.data.token, result.data.headerName);
  return null;
}

/** Stores the token of a completed login (password alone, or after the second factor) and loads the session. */
export async function finishSignIn(username: string, token: string, headerName: string): Promise<void> {
  const state = sessionState();
  const publicKey = state.publicKey;
  state.clear();
  state.setPublicKey(publicKey);
  state.setToken(token, headerName);
  state.setAccount(username.trim());
  state.setLoginFailed(false);
  useTabs.getState().reset();
  await fetchPublicKey();
  await loadPermission();
}

/** Stores a token that arrived another way (URL query, code check). */
export function adoptToken(token: string): void {
  const state = sessionState();
  state.clear();
  state.setToken(token);
  state.setLoginFailed(false);
  useTabs.getState().reset();
}

/** The request-encryption key; only used when the configuration switches encryption on. */
export async function fetchPublicKey(): Promise<void> {
  try {
    const data = await authApi.publicKey();
    sessionState().setPublicKey(data?.publicKey || null);
  } catch {
    sessionState().setPublicKey(null);
  }
}

/** Loads permissions, roles, menus and user info (also the guard's user-info call). */
export async function loadPermission(options?: { silent?: boolean; ignoreExpiry?: boolean }): Promise<void> {
  const payload = await authApi.permission(options);
  sessionState().setPermissionPayload(payload);
}

/** Forgets the client side of the session without leaving the page. */
export function clearLocalSession(): void {
  sessionState().clear();
  useTabs.getState().reset();
  useMessageCounts.getState().setCounts(0, 0);
  useSearchForms.getState().clear();
}

/**
 * Logout: revokes the token on the server (a failure is written to the console), clears it, then goes to
 * the IDS timeout address or reloads onto the login page.
 */
export async function signOut(): Promise<void> {
  try {
    await authApi.logout();
  } catch (error) {
    console.error('[campus] logout failed:', error instanceof Error ? error.message : error);
  }
  clearLocalSession();
  leaveSession(false);
}
