import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { operationLogs } from '../db/schema/index.ts';

const SECRET_KEYS = /pass(word)?$|^pass|pwd|token|secret|^sign$/i;

/** Copies request parameters for the log with every secret replaced. */
export function redactParams(value: unknown, extraSecrets: readonly string[] = [], depth = 0): unknown {
  if (depth > 5) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactParams(item, extraSecrets, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      out[key] = SECRET_KEYS.test(key) || extraSecrets.includes(key) ? '******' : redactParams(item, extraSecrets, depth + 1);
    }
    return out;
  }
  if (typeof value === 'string' && value.length > 500) return `${value.slice(0, 500)}…`;
  return value;
}

function clientType(request: FastifyRequest): string {
  const declared = request.headers['x-client-type'];
  if (typeof declared === 'string' && /^[a-z]{1,20}$/i.test(declared)) return declared.toLowerCase();
  const agent = request.headers['user-agent'] ?? '';
  return /Mobile|Android|iPhone|iPad/i.test(agent) ? 'mobile' : 'pc';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The message of a refused or failed call, for the operation log. */
    failureMessage: string | null;
  }
}

/**
 * Records every call to a route that declares `audit`, after the response is sent and outside the
 * call's own transaction, so a refused or rolled-back write is logged too.
 */
export const auditPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('failureMessage', null);
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const audit = request.routeOptions.config?.audit;
    if (!audit) return;
    const who = request.auth ?? request.auditUser;
    const failed = reply.statusCode >= 400 || request.failureMessage !== null;
    try {
      await app.database.db.insert(operationLogs).values({
        userId: who?.userId ?? null,
        account: who?.account ?? null,
        clientAddress: request.ip.slice(0, 64),
        method: request.method,
        path: request.url.split('?')[0].slice(0, 300),
        handler: request.routeOptions.url?.slice(0, 200) ?? null,
        module: audit.module,
        operation: audit.operation,
        params: redactParams(
          { ...(request.query as object), ...(typeof request.body === 'object' ? (request.body as object) : {}) },
          audit.secretFields,
        ),
        durationMs: Math.round(reply.elapsedTime),
        outcome: failed ? 'failure' : 'success',
        statusCode: reply.statusCode,
        errorMessage: request.failureMessage,
        clientType: clientType(request),
      });
    } catch (error) {
      request.log.error({ err: error }, 'operation log write failed');
    }
  });
});
