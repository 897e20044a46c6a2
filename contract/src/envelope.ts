/** Every call answers this shape; `code` is 200 on success (spec section 7). */
export interface Envelope<T = unknown> {
  code: number;
  result: boolean;
  data: T;
  msg: string;
}

/** Business codes carried in the envelope's `code`. */
export const ResultCode = {
  ok: 200,
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  locked: 423,
  tooManyRequests: 429,
  internal: 500,
  /** The server is busy (its queue of work is full): try again after Retry-After seconds. */
  serviceUnavailable: 503,
  /** Generic: the session is no longer valid. */
  sessionInvalid: 50000,
  /** The token is malformed or was never issued. */
  tokenIllegal: 50008,
  /** The session was revoked because the account signed in elsewhere or was disabled. */
  sessionReplaced: 50012,
  /** No token, or the token is unknown, expired or revoked. */
  sessionExpired: 50014,
} as const;

/** Codes that make the client show the single "login expired" modal (spec section 8). */
export const SESSION_EXPIRY_CODES: readonly number[] = [
  ResultCode.sessionInvalid,
  ResultCode.tokenIllegal,
  ResultCode.sessionReplaced,
  ResultCode.sessionExpired,
];

export const DEFAULT_TOKEN_HEADER = 'X-TOKEN-XX';
/** Header carrying the RSA-encrypted request signature when request encryption is on. */
export const ENCRYPTION_SIGNATURE_HEADER = 'X-Request-Sign';
export const LANGUAGE_COOKIE = 'language';
export const THEME_COOKIE = 'theme';
export const COLOR_COOKIE = 'color';
