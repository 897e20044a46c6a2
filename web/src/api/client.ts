import { ResultCode, SESSION_EXPIRY_CODES, type Envelope } from '@campus/contract';
import { sessionState } from '../state/session.ts';
import { feedback } from '../app/feedback.ts';
import { t } from '../i18n/index.ts';
import type { RequestSealer } from './crypto.ts';

/**
 * The one request client (spec sections 4, 7 and 8):
 * - POST with form-encoded bodies unless told otherwise; cookies go along (same origin);
 * - the token from local storage in the token header, and a refreshed token in the same response header adopted;
 * - `result: false` (or a code other than 200) shows msg as an error and rejects;
 * - a network failure shows 'network error' for 5 seconds;
 * - session-expiry codes while logged in show ONE modal, then log out and reload (or the IDS timeout address);
 * - optional request encryption through ./crypto.ts.
 */

export type FormValue = string | number | boolean | null | undefined | readonly unknown[] | Record<string, unknown>;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Form fields, sent as application/x-www-form-urlencoded. */
  form?: Record<string, FormValue>;
  /** A JSON body instead of a form. */
  json?: unknown;
  /** Query-string parameters. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Do not show msg of a failed call; the caller shows it. */
  silent?: boolean;
  /** Do not show the expiry modal; the caller handles expiry (the route guard does). */
  ignoreExpiry?: boolean;
  /** Send no token (public calls). */
  anonymous?: boolean;
  /** Never encrypt (the key endpoint and the start-up configuration). */
  plain?: boolean;
  signal?: AbortSignal;
}

export type ApiErrorKind = 'business' | 'expired' | 'network';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number | undefined;
  readonly envelope: Envelope | undefined;
  constructor(kind: ApiErrorKind, message: string, code?: number, envelope?: Envelope) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.envelope = envelope;
  }
}

export const ERROR_DURATION_SECONDS = 5;
export const NETWORK_ERROR_KEY = 'network-error';

/** Browser navigation, replaceable in tests. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};

let expiryModalOpen = false;

/** For tests: forget that the expiry modal was shown. */
export function resetExpiryState(): void {
  expiryModalOpen = false;
}

export function isExpiryModalOpen(): boolean {
  return expiryModalOpen;
}

/**
 * Where a signed-out browser goes: the IDS timeout address, or a reload onto the login page (which
 * comes back to the current page after signing in again when `comeBack` is set).
 */
export function leaveSession(comeBack = true): void {
  const { config } = sessionState();
  sessionState().clear();
  if (config.loginType === 'IDS' && config.timeoutUrl) {
    browser.assign(config.timeoutUrl);
    return;
  }
  const here = window.location.pathname + window.location.search;
  const redirect = comeBack && here && !here.startsWith('/login') && here !== '/' ? `?redirect=${encodeURIComponent(here)}` : '';
  browser.assign(`/login${redirect}`);
}

function showExpiryModal(): void {
  if (expiryModalOpen) return;
  expiryModalOpen = true;
  feedback().modal.warning({
    title: t('session.promptTitle'),
    content: t('session.expired'),
    okText: t('session.relogin'),
    closable: false,
    keyboard: false,
    mask: { closable: false },
    onOk: () => leaveSession(),
  });
}

export function encodeForm(form: Record<string, FormValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return params.toString();
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const base = sessionState().config.baseApi ?? '';
  let url = /^https?:\/\//.test(path) ? path : `${base.replace(/\/$/, '')}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.append(key, String(value));
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

async function createSealer(): Promise<RequestSealer | null> {
  if (!sessionState().config.encryption) return null;
  // Encryption is on but no key is known yet (a fresh browser, a code check): fetch it first, never send plain.
  if (!sessionState().publicKey) await refreshPublicKey();
  const state = sessionState();
  if (!state.publicKey) throw new Error('No request-encryption key');
  const crypto = await import('./crypto.ts');
  return crypto.createRequestSealer(state.publicKey, state.user?.userId ?? state.account ?? '');
}

function isEnvelope(value: unknown): value is Envelope {
  return !!value && typeof value === 'object' && 'result' in value;
}

function networkFailure(silent: boolean | undefined): ApiError {
  if (!silent) feedback().message.error({ content: t('request.networkError'), duration: ERROR_DURATION_SECONDS, key: NETWORK_ERROR_KEY });
  return new ApiError('network', t('request.networkError'));
}

/**
 * The server's key may have changed (rotation, a restart with a new database): an encrypted request that
 * comes back refused in plain text is sent once more after fetching the key again.
 */
async function refreshPublicKey(): Promise<boolean> {
  try {
    const data = await call<{ publicKey: string }>('/api/security/get', { plain: true, silent: true, anonymous: true });
    if (!data?.publicKey || data.publicKey === sessionState().publicKey) return false;
    sessionState().setPublicKey(data.publicKey);
    return true;
  } catch {
    return false;
  }
}

/** Sends one call and resolves with the whole envelope when it succeeded (result true, code 200). */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  return send<T>(path, options, true);
}

async function send<T>(path: string, options: RequestOptions, mayRetry: boolean): Promise<Envelope<T>> {
  const method = options.method ?? 'POST';
  const state = sessionState();
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  let contentType: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    contentType = 'application/json';
  } else if (method === 'POST') {
    body = encodeForm(options.form ?? {});
    contentType = 'application/x-www-form-urlencoded;charset=UTF-8';
  }
  if (contentType) headers['Content-Type'] = contentType;
  const sentToken = options.anonymous ? null : state.token;
  if (sentToken) headers[state.tokenHeader] = sentToken;

  let sealer: RequestSealer | null = null;
  try {
    sealer = options.plain ? null : await createSealer();
    if (sealer) {
      const sealed = await sealer.seal(body, contentType);
      Object.assign(headers, sealed.headers);
      body = sealed.body;
    }
  } catch (error) {
    // Never fall back to plain text when encryption is on.
    console.error('[campus] request encryption unavailable', error);
    if (!options.silent) feedback().message.error({ content: t('request.encryptionUnavailable'), duration: ERROR_DURATION_SECONDS, key: 'encryption-error' });
    throw new ApiError('network', t('request.encryptionUnavailable'));
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: method === 'GET' ? undefined : body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkFailure(options.silent);
  }

  // A refreshed token comes back in the same header: adopt it (only while the session that sent it lasts).
  const refreshed = response.headers.get(state.tokenHeader);
  const current = sessionState();
  if (refreshed && sentToken && current.token === sentToken && refreshed !== sentToken) current.setToken(refreshed);

  let envelope: unknown;
  let sealedAnswer = false;
  try {
    const text = await response.text();
    sealedAnswer = !!sealer && (await import('./crypto.ts')).isSealedResponse(response.headers);
    if (sealer && sealedAnswer) envelope = await sealer.open(text);
    else envelope = text ? JSON.parse(text) : undefined;
  } catch {
    envelope = undefined;
  }
  if (!isEnvelope(envelope)) throw networkFailure(options.silent);
  // A plain refusal of an encrypted request happened before any handler ran, so resending is safe.
  if (sealer && !sealedAnswer && envelope.result === false && mayRetry && !SESSION_EXPIRY_CODES.includes(envelope.code)) {
    if (await refreshPublicKey()) return send<T>(path, options, false);
  }

  const code = typeof envelope.code === 'number' ? envelope.code : response.ok ? ResultCode.ok : response.status;
  const msg = typeof envelope.msg === 'string' ? envelope.msg : '';

  if (SESSION_EXPIRY_CODES.includes(code) && sentToken) {
    if (!options.ignoreExpiry) showExpiryModal();
    throw new ApiError('expired', msg || t('session.expired'), code, envelope);
  }
  if (envelope.result !== true || code !== ResultCode.ok) {
    // While the expiry modal is up, further failures stay quiet.
    if (!options.silent && !expiryModalOpen) feedback().message.error({ content: msg || t('request.failed'), duration: ERROR_DURATION_SECONDS });
    throw new ApiError('business', msg || t('request.failed'), code, envelope);
  }
  return envelope as Envelope<T>;
}

/** Sends one call and resolves with its data. */
export async function call<T = unknown>(path: string, options?: RequestOptions): Promise<T> {
  return (await request<T>(path, options)).data;
}

/** Keep-alive: when the page becomes visible again while a token exists, GET /api/getExpires (spec section 4). */
export function installKeepAlive(doc: Document = document): () => void {
  const onVisible = (): void => {
    if (doc.visibilityState === 'visible' && sessionState().token) {
      request('/api/getExpires', { method: 'GET', silent: true }).catch(() => undefined);
    }
  };
  doc.addEventListener('visibilitychange', onVisible);
  return () => doc.removeEventListener('visibilitychange', onVisible);
}
