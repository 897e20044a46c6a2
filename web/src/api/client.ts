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
 * - a network failure shows 'network error' for 5 seconds; a call given up (aborted, cancelled) is no failure:
 *   it rejects with its abort as it is, shows nothing and says nothing about the session (`isAbort`);
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

/**
 * Whether a failure is a call that was given up rather than answered: a fetch aborted through its signal or
 * by the browser leaving the page (reload, another address), or a query TanStack Query cancelled. Such a call
 * says nothing about the server or the session.
 */
export function isAbort(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'AbortError') return true;
  // TanStack Query's CancelledError keeps the name 'Error' and has its class name as message, beside `revert`
  // (recognised by shape so that the query library stays out of the first download).
  return error instanceof Error && message === 'CancelledError' && 'revert' in error;
}

/**
 * Whether a failure is the server's own refusal of the call (an envelope with a session code or result false),
 * as opposed to a call given up (`isAbort`) or a server out of reach. Only such an answer can end a session.
 */
export function isServerRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind !== 'network';
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
  const method = options.method ?? 'POST';
  const answer = await exchange(path, options, method, () => requestBody(options, method), { accept: 'application/json', files: false }, true);
  return answer.envelope as Envelope<T>;
}

/** The options of a file download (always a GET). */
export interface DownloadOptions {
  query?: RequestOptions['query'];
  /** Do not show msg of a refused download (a missing photo); the expiry modal still shows. */
  silent?: boolean;
  signal?: AbortSignal;
}

/**
 * Downloads a file with the token (and, with encryption on, the signature) header, which a bare
 * `<img src>` or link cannot send. Resolves the bytes as a Blob; a JSON answer is an envelope (a refusal,
 * possibly sealed) and is handled like any call: expiry modal, msg shown, rejected with an ApiError.
 */
export async function download(path: string, options: DownloadOptions = {}): Promise<Blob> {
  const answer = await exchange(path, { ...options, method: 'GET' }, 'GET', () => ({ body: undefined, contentType: undefined }), { accept: '*/*', files: true }, true);
  if (answer.file) return answer.file;
  // A successful envelope where a file was expected: hand over its text rather than invent a failure.
  return new Blob([JSON.stringify(answer.envelope)], { type: 'application/json' });
}

/** Files and fields of an upload; the fields (the purpose first of all) go before the files. */
export interface UploadParts {
  files: readonly Blob[];
  fields?: Record<string, string | number>;
  /** The field name of every file part; 'file' by convention. */
  fileField?: string;
}

export interface UploadOptions {
  query?: RequestOptions['query'];
  silent?: boolean;
  signal?: AbortSignal;
}

/** The multipart body of an upload: fields first (the server wants the purpose before any file), then files. */
export function uploadFormData(parts: FormData | UploadParts): FormData {
  if (parts instanceof FormData) return parts;
  const form = new FormData();
  for (const [key, value] of Object.entries(parts.fields ?? {})) form.append(key, String(value));
  for (const file of parts.files) form.append(parts.fileField ?? 'file', file, file instanceof File ? file.name : 'file');
  return form;
}

/**
 * Uploads files as multipart/form-data (POST) and resolves with the answer's data. Without encryption
 * the FormData goes as it is (the browser writes the boundary); with encryption the multipart body is
 * serialised to bytes with its boundary content type, and those bytes are sealed.
 */
export async function upload<T = unknown>(path: string, parts: FormData | UploadParts, options: UploadOptions = {}): Promise<T> {
  const form = uploadFormData(parts);
  const answer = await exchange(path, { ...options, method: 'POST' }, 'POST', () => ({ body: form, contentType: undefined }), { accept: 'application/json', files: false }, true);
  return (answer.envelope as Envelope<T>).data;
}

/** A request body before sealing: text, bytes, or a FormData the sealer has to serialise first. */
interface Outgoing {
  body: string | Uint8Array | FormData | undefined;
  /** Undefined for FormData sent plain: the browser sets the multipart type with its boundary. */
  contentType: string | undefined;
}

function requestBody(options: RequestOptions, method: 'GET' | 'POST'): Outgoing {
  if (options.json !== undefined) return { body: JSON.stringify(options.json), contentType: 'application/json' };
  if (method === 'POST') return { body: encodeForm(options.form ?? {}), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
  return { body: undefined, contentType: undefined };
}

interface Prepared {
  headers: Record<string, string>;
  body: BodyInit | undefined;
  sealer: RequestSealer | null;
  sentToken: string | null;
}

/** Step 1: headers (token, content type) and the body, sealed when encryption is on. */
async function prepare(options: RequestOptions, outgoing: Outgoing, accept: string): Promise<Prepared> {
  const state = sessionState();
  const headers: Record<string, string> = { Accept: accept };
  let { body, contentType } = outgoing;
  const sentToken = options.anonymous ? null : state.token;
  if (sentToken) headers[state.tokenHeader] = sentToken;

  let sealer: RequestSealer | null = null;
  try {
    sealer = options.plain ? null : await createSealer();
    if (sealer) {
      if (body instanceof FormData) {
        // The exact bytes the browser would send, and the boundary that goes with them.
        const serialised = new Response(body);
        contentType = serialised.headers.get('Content-Type') ?? undefined;
        body = new Uint8Array(await serialised.arrayBuffer());
      }
      const sealed = await sealer.seal(body, contentType);
      Object.assign(headers, sealed.headers);
      return { headers, body: sealed.body, sealer, sentToken };
    }
  } catch (error) {
    // Never fall back to plain text when encryption is on.
    console.error('[campus] request encryption unavailable', error);
    if (!options.silent) feedback().message.error({ content: t('request.encryptionUnavailable'), duration: ERROR_DURATION_SECONDS, key: 'encryption-error' });
    throw new ApiError('network', t('request.encryptionUnavailable'));
  }
  if (contentType) headers['Content-Type'] = contentType;
  return { headers, body: body as BodyInit | undefined, sealer: null, sentToken };
}

/** Step 2: the fetch itself; a failure to reach the server is a network error (an abort stays an abort). */
async function transmit(path: string, options: RequestOptions, method: 'GET' | 'POST', prepared: Prepared): Promise<Response> {
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      headers: prepared.headers,
      body: method === 'GET' ? undefined : prepared.body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    // An abort (the caller's signal, the browser leaving the page) goes up as it is, without a message.
    if (isAbort(error) || options.signal?.aborted) throw error;
    throw networkFailure(options.silent);
  }
}

/** Step 3: a refreshed token comes back in the same header: adopt it (only while the session that sent it lasts). */
function adoptToken(response: Response, sentToken: string | null): void {
  const current = sessionState();
  const refreshed = response.headers.get(current.tokenHeader);
  if (refreshed && sentToken && current.token === sentToken && refreshed !== sentToken) current.setToken(refreshed);
}

/** Whether an answer is an envelope (JSON, or sealed JSON) rather than a file. */
function isJsonAnswer(response: Response): boolean {
  if (response.headers.get('X-Response-Encrypted') === '1') return true;
  return /^application\/(?:[\w.+-]*\+)?json\b/i.test(response.headers.get('Content-Type') ?? '');
}

/**
 * Step 4: the envelope of an answer, opened when sealed; undefined when the body is not one. A body whose
 * reading was aborted is no answer at all: the abort goes up as it is.
 */
async function readEnvelope(response: Response, sealer: RequestSealer | null, signal: AbortSignal | undefined): Promise<{ envelope: unknown; sealedAnswer: boolean }> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isAbort(error) || signal?.aborted) throw error;
    return { envelope: undefined, sealedAnswer: false };
  }
  try {
    const sealedAnswer = !!sealer && (await import('./crypto.ts')).isSealedResponse(response.headers);
    if (sealer && sealedAnswer) return { envelope: await sealer.open(text), sealedAnswer };
    return { envelope: text ? JSON.parse(text) : undefined, sealedAnswer };
  } catch {
    return { envelope: undefined, sealedAnswer: false };
  }
}

/** Step 5: an envelope that is not a success shows its message (or the expiry modal) and rejects. */
function settle(envelope: Envelope, response: Response, options: RequestOptions, sentToken: string | null): void {
  const code = typeof envelope.code === 'number' ? envelope.code : response.ok ? ResultCode.ok : response.status;
  const msg = typeof envelope.msg === 'string' ? envelope.msg : '';

  if (SESSION_EXPIRY_CODES.includes(code) && sentToken) {
    // The modal is for a session still open here: an answer that comes back after this browser ended the
    // session itself (a password change, a logout) has nothing left to end.
    if (!options.ignoreExpiry && sessionState().token) showExpiryModal();
    throw new ApiError('expired', msg || t('session.expired'), code, envelope);
  }
  if (envelope.result !== true || code !== ResultCode.ok) {
    // While the expiry modal is up, further failures stay quiet.
    if (!options.silent && !expiryModalOpen) feedback().message.error({ content: msg || t('request.failed'), duration: ERROR_DURATION_SECONDS });
    throw new ApiError('business', msg || t('request.failed'), code, envelope);
  }
}

interface Answer {
  envelope: Envelope;
  /** The bytes of a file answer (downloads only). */
  file?: Blob;
}

/** One call through every step; `outgoing` is built again for a resend. */
async function exchange(
  path: string,
  options: RequestOptions,
  method: 'GET' | 'POST',
  outgoing: () => Outgoing,
  wants: { accept: string; files: boolean },
  mayRetry: boolean,
): Promise<Answer> {
  const prepared = await prepare(options, outgoing(), wants.accept);
  const response = await transmit(path, options, method, prepared);
  adoptToken(response, prepared.sentToken);

  if (wants.files && response.ok && !isJsonAnswer(response)) {
    try {
      return { envelope: { code: ResultCode.ok, result: true, data: null, msg: '' }, file: await response.blob() };
    } catch (error) {
      if (isAbort(error) || options.signal?.aborted) throw error;
      throw networkFailure(options.silent);
    }
  }

  const { envelope, sealedAnswer } = await readEnvelope(response, prepared.sealer, options.signal);
  if (!isEnvelope(envelope)) throw networkFailure(options.silent);
  // A plain refusal of an encrypted request happened before any handler ran, so resending is safe.
  if (prepared.sealer && !sealedAnswer && envelope.result === false && mayRetry && !SESSION_EXPIRY_CODES.includes(envelope.code)) {
    if (await refreshPublicKey()) return exchange(path, options, method, outgoing, wants, false);
  }
  settle(envelope, response, options, prepared.sentToken);
  return { envelope };
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
