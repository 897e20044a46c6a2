import type { ClientConfig, PasswordPolicy, PermissionPayload } from '@campus/contract';
import { call, request, type RequestOptions } from './client.ts';

/** Typed calls of the session area (spec section 7). */

export interface LoginResult {
  token: string;
  headerName: string;
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
    request<LoginResult>('/api/login/v4', { form: { username, password }, anonymous: true, silent: true }),
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
