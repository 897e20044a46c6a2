import { ResultCode, isMessageKey } from '@campus/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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

function describe(error: FastifyError | AppError | Error, request: FastifyRequest): Refusal {
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
    if (refusal.status >= 500) request.log.error({ err: error }, 'request failed');
    request.failureMessage = refusal.msg;
    return reply.status(refusal.status).send(failure(refusal.code, refusal.msg));
  });
}
