import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { operationLogs } from '../db/schema/index.ts';
import { requestScope } from '../db/client.ts';
import { markAnswered } from './requestScope.ts';
import { cleanText } from './textCheck.ts';

const SECRET_KEYS = /pass(word)?$|^pass|pwd|token|secret|^sign$/i;

/** Copies request parameters for the log with every secret replaced. */
export function redactParams(value: unknown, extraSecrets: readonly string[] = [], depth = 0): unknown {
  if (depth > 5) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactParams(item, extraSecrets, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>).slice(0, 200)) {
      out[cleanText(key.slice(0, 100))] = SECRET_KEYS.test(key) || extraSecrets.includes(key) ? '******' : redactParams(item, extraSecrets, depth + 1);
    }
    return out;
  }
  // jsonb stores neither U+0000 nor a lone surrogate: such a body once left no log row at all (issue 12).
  if (typeof value === 'string') return cleanText(value.length > 500 ? `${value.slice(0, 500)}…` : value);
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
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
  const written = new WeakSet<FastifyRequest>();

  // Fastify runs onResponse only when the answer was delivered: a client that leaves first (a timeout, a
  // closed tab) would leave its write unlogged. Such a call is logged when its connection closes before
  // the answer was even ended, as a failure with the status 499 (its statements not yet started are
  // skipped, see platform/requestScope.ts), outside the request's scope so the row is written.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config?.audit) return;
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished || reply.raw.writableEnded) return;
      requestScope.exit(() => setImmediate(() => write(request, reply, true).catch((error: unknown) => request.log.error({ err: error }, 'operation log write failed'))));
    });
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    markAnswered(request);
    await write(request, reply, false);
  });

  async function write(request: FastifyRequest, reply: FastifyReply, abandoned: boolean): Promise<void> {
    const audit = request.routeOptions.config?.audit;
    if (!audit || written.has(request)) return;
    written.add(request);
    const who = request.auth ?? request.auditUser;
    const failed = abandoned || reply.statusCode >= 400 || request.failureMessage !== null;
    const row = {
      userId: who?.userId ?? null,
      account: who?.account ?? null,
      // A connection already gone has no address any more.
      clientAddress: (request.ip ?? '').slice(0, 64) || null,
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
      statusCode: abandoned ? 499 : reply.statusCode,
      errorMessage: abandoned ? 'the client closed the connection before the answer' : request.failureMessage === null ? null : cleanText(request.failureMessage),
      clientType: clientType(request),
    };
    try {
      await app.database.db.insert(operationLogs).values(row);
    } catch (error) {
      // Whatever the parameters were, the call itself must still be on record.
      request.log.error({ err: error }, 'operation log write failed; retried without parameters');
      await app.database.db
        .insert(operationLogs)
        .values({ ...row, params: { unrecorded: true } })
        .catch((again: unknown) => request.log.error({ err: again }, 'operation log write failed'));
    }
  }
});
