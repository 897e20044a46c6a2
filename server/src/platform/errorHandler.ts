import { ResultCode, isMessageKey, type MessageKey } from '@campus/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { RequestAbandonedError } from '../db/client.ts';
import { failure } from './envelope.ts';
import { AppError } from './errors.ts';
import { t } from './i18n.ts';

interface Refusal {
  status: number;
  code: number;
  msg: string;
}

/** A field path such as "/body/password" read as "password". */
function fieldName(instancePath: string | undefined, fallback: string | undefined): string {
  const parts = (instancePath ?? '').split('/').filter(Boolean);
  if (parts.length > 1) return parts.slice(1).join('.');
  return fallback ?? parts[0] ?? '';
}

/** Unique constraints whose area has its own "already exists" message; other codes say "code taken". */
const UNIQUE_MESSAGES: Record<string, MessageKey> = {
  users_account_unique: 'users.accountTaken',
  scheduled_jobs_code_unique: 'jobs.codeTaken',
  dictionary_items_code_idx: 'dictItems.codeTaken',
  grade_course_hours_idx: 'gradeHours.duplicate',
};

/**
 * The constraint of a unique violation (SQLSTATE 23505), looking through drizzle's wrapper. Two identical
 * creates at once both pass their "already exists" check on a PostgreSQL server and one of them meets the
 * constraint: it must read as the same refusal, not a 500 (issue 12, finding 5).
 */
/** An error and the errors it wraps (drizzle wraps the driver's in `cause`). */
function causes(error: unknown): unknown[] {
  const found: unknown[] = [];
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; depth++) {
    found.push(cause);
    cause = (cause as { cause?: unknown }).cause;
  }
  return found;
}

function uniqueViolation(error: unknown): string | null {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; depth++) {
    const candidate = cause as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    cause = candidate.cause;
  }
  return null;
}

function uniqueMessage(constraint: string): MessageKey {
  return UNIQUE_MESSAGES[constraint] ?? (/_code_unique$/.test(constraint) ? 'common.codeTaken' : 'errors.alreadyExists');
}

function describe(error: FastifyError | AppError | Error, request: FastifyRequest): Refusal {
  // A statement skipped because its client is gone: nobody reads this answer.
  if (causes(error).some((cause) => cause instanceof RequestAbandonedError)) return { status: 499, code: ResultCode.badRequest, msg: t(request, 'errors.badRequest') };
  const constraint = uniqueViolation(error);
  if (constraint !== null) return { status: 409, code: ResultCode.conflict, msg: t(request, uniqueMessage(constraint)) };
  if (error instanceof AppError) {
    return { status: error.httpStatus, code: error.code, msg: t(request, error.key, error.params) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const reason = first?.message ?? '';
    const issue = (first?.params as { issue?: { code?: string; path?: PropertyKey[] } } | undefined)?.issue;
    const field = fieldName(first?.instancePath, issue?.path?.map(String).join('.'));
    if (isMessageKey(reason)) return { status: 400, code: ResultCode.badRequest, msg: t(request, reason) };
    if (issue?.code === 'invalid_type' && /undefined/.test(reason)) {
      return { status: 400, code: ResultCode.badRequest, msg: t(request, 'validation.required', { field }) };
    }
    return { status: 400, code: ResultCode.badRequest, msg: t(request, 'errors.invalidField', { field, reason }) };
  }
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: ResultCode.payloadTooLarge, msg: t(request, 'errors.payloadTooLarge') };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: ResultCode.badRequest, msg: t(request, 'errors.unsupportedMediaType') };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, code: ResultCode.badRequest, msg: t(request, 'errors.malformedBody') };
    default:
      break;
  }
  if (fastifyError.validation) {
    return { status: 400, code: ResultCode.badRequest, msg: t(request, 'errors.badRequest') };
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { status: fastifyError.statusCode, code: fastifyError.statusCode, msg: t(request, 'errors.badRequest') };
  }
  return { status: 500, code: ResultCode.internal, msg: t(request, 'errors.internal') };
}

/** Turns every error into the envelope, in the caller's language; no stack, SQL or internals leave. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const refusal = describe(error, request);
    if (refusal.status >= 500 && refusal.status !== 503) request.log.error({ err: error }, 'request failed');
    request.failureMessage = refusal.msg;
    return reply.status(refusal.status).send(failure(refusal.code, refusal.msg));
  });
}
