import { ResultCode, type MessageKey } from '@campus/contract';

/**
 * A refusal the caller should read: it carries a catalogue key, never a raw text, so the platform can
 * answer it in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly httpStatus = 400,
    readonly code: number = httpStatus,
    readonly params?: Record<string, string | number>,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey = 'errors.badRequest', params?: Record<string, string | number>) =>
  new AppError(key, 400, ResultCode.badRequest, params);
export const forbidden = (key: MessageKey = 'errors.forbidden') => new AppError(key, 403, ResultCode.forbidden);
export const notFound = (key: MessageKey = 'errors.notFound') => new AppError(key, 404, ResultCode.notFound);
export const conflict = (key: MessageKey, params?: Record<string, string | number>) => new AppError(key, 409, ResultCode.conflict, params);
export const sessionExpired = (code: number = ResultCode.sessionExpired) => new AppError('errors.sessionExpired', 401, code);
export const tooManyRequests = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(key, 429, ResultCode.tooManyRequests, params);
