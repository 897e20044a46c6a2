import type { ClientConfig, MfaStatus, MfaStep, PasswordPolicy, PermissionPayload } from '@campus/contract';
import { call, request, type RequestOptions } from './client.ts';

/** Typed calls of the session area (spec section 7). */

export interface LoginResult {
  token: string;
  headerName: string;
}

/** The login's answer when a second factor is due: no token yet, the next step and its challenge. */
export interface SecondFactorDue {
  mfa: MfaStep;
  challenge: string;
}

export interface MfaSecret {
  secret: string;
  otpauthUri: string;
}

export interface AuthCode {
  code: string;
  expiresInSeconds: number;
}

export const authApi = {
  /** GET /api/config/client: public start-up configuration. */
  clientConfig: () => call<ClientConfig>('/api/config/client', { method: 'GET', anonymous: true, silent: true, plain: true }),
  /** POST /api/login/v4: failures are shown by the login form itself. */
  login: (username: string, password: string) =>
    request<LoginResult | SecondFactorDue>('/api/login/v4', { form: { username, password }, anonymous: true, silent: true }),
  /** POST /api/login/mfa/verify: the code step of a login (an authenticator or a recovery code). */
  mfaVerify: (challenge: string, code: string) => call<LoginResult>('/api/login/mfa/verify', { json: { challenge, code }, anonymous: true, silent: true }),
  /** POST /api/login/mfa/enrol/start: the secret to scan during a login that requires enrolment. */
  mfaEnrolStart: (challenge: string) => call<MfaSecret>('/api/login/mfa/enrol/start', { json: { challenge }, anonymous: true, silent: true }),
  mfaEnrolConfirm: (challenge: string, code: string) =>
    call<LoginResult & { recoveryCodes: string[] }>('/api/login/mfa/enrol/confirm', { json: { challenge, code }, anonymous: true, silent: true }),
  /** The signed-in user's own second factor (the security dialog of the user menu). */
  mfaStatus: () => call<MfaStatus>('/api/auth/mfa/status', { method: 'GET' }),
  mfaEnableStart: () => call<MfaSecret>('/api/auth/mfa/enable/start', { json: {} }),
  mfaEnableConfirm: (code: string) => call<{ recoveryCodes: string[] }>('/api/auth/mfa/enable/confirm', { json: { code }, silent: true }),
  mfaDisable: (code: string) => request('/api/auth/mfa/disable', { json: { code }, silent: true }),
  mfaRecoveryCodes: (code: string) => call<{ recoveryCodes: string[] }>('/api/auth/mfa/recoveryCodes', { json: { code }, silent: true }),
  /** POST /api/security/get: public and never encrypted itself. */
  publicKey: () => call<{ publicKey: string }>('/api/security/get', { silent: true, plain: true }),
  permission: (options?: RequestOptions) => call<PermissionPayload>('/ms/getPermission', options),
  keepAlive: () => request('/api/getExpires', { method: 'GET', silent: true }),
  logout: () => request('/logout', { method: 'GET', silent: true, ignoreExpiry: true }),
  passwordPolicy: () => call<PasswordPolicy>('/api/login/getPwdStrategy'),
  updatePassword: (form: { username: string; newPassword: string; oldPassword: string; sign: string }) =>
    request('/api/login/updatePwd', { form }),
  /** POST /anon/api/auth/check: exchanges a one-time code for a token. */
  checkCode: (code: string) => call<{ token: string }>('/anon/api/auth/check', { form: { code }, anonymous: true, silent: true }),
  /** POST /api/auth/code: a one-time sign-in code for the QR page. */
  issueCode: () => call<AuthCode>('/api/auth/code'),
};
