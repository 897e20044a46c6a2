import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { OperationLogRow } from '@campus/contract';
import { operationLogs } from '../db/schema/index.ts';
import { BatchedWork, hotStatement, requestScope } from '../db/client.ts';
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

/** A log row as its columns hold it: the list's row without what the table fills in (id, time, the system's name). */
type LogRow = Omit<OperationLogRow, 'id' | 'createdAt' | 'systemName'>;

/**
 * Rows of calls that end together go in one statement (BatchedWork): a burst of writes (a thousand students
 * choosing at once) would otherwise add a statement per call, each costing the server and PostgreSQL more
 * than the row itself. One fixed statement over an array per column, because the query builder's INSERT
 * of many rows cost the server about 0.1 ms a row to build. A failed batch writes its rows again one by one.
 */
const insertLogRows = hotStatement(`
  INSERT INTO operation_logs (user_id, account, client_address, method, path, handler, module, operation, params, duration_ms, outcome, status_code, error_message, client_type)
  SELECT r.user_id, r.account, r.client_address, r.method, r.path, r.handler, r.module, r.operation, r.params::jsonb, r.duration_ms, r.outcome, r.status_code, r.error_message, r.client_type
  FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int[], $11::text[], $12::int[], $13::text[], $14::text[])
    AS r(user_id, account, client_address, method, path, handler, module, operation, params, duration_ms, outcome, status_code, error_message, client_type)`);

const logRows = new BatchedWork<LogRow, void>(async (db, rows) => {
  const column = (value: (row: LogRow) => unknown) => rows.map(value);
  await insertLogRows(db, [
    column((row) => row.userId),
    column((row) => row.account),
    column((row) => row.clientAddress),
    column((row) => row.method),
    column((row) => row.path),
    column((row) => row.handler),
    column((row) => row.module),
    column((row) => row.operation),
    column((row) => (row.params === undefined ? null : JSON.stringify(row.params))),
    column((row) => row.durationMs),
    column((row) => row.outcome),
    column((row) => row.statusCode),
    column((row) => row.errorMessage),
    column((row) => row.clientType),
  ]);
  return rows.map(() => ({ value: undefined }));
});

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
    const row: LogRow = {
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
      await logRows.run(app.database.db, row);
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
