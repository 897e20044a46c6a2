import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { queryRows } from '../db/client.ts';
import { exportLogs } from '../db/schema/index.ts';
import { redactParams } from './audit.ts';
import { tooManyRequests } from './errors.ts';

/** Every list export is a GET ending in /export (docs/api.md, management screens). */
export function isExportRoute(request: FastifyRequest): boolean {
  return request.method === 'GET' && (request.routeOptions.url ?? '').endsWith('/export');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The export was refused by the row bound; its log row is written already. */
    exportRefused: boolean;
  }
}

/**
 * Exports are audited and bounded (issue 12, after the PowerSchool breach of a support account exporting
 * whole tables): every export leaves a row in export_logs (who, which list with which filters, how many
 * rows, when, how it ended), and a user who exported `exports.maxRows` rows within `exports.windowHours`
 * is refused until the window moves on. Hooked on every export route, so no area can skip it.
 */
export const exportAuditPlugin = fp(async (app: FastifyInstance) => {
  const { config, database } = app;
  app.decorateRequest('exportedRows', null);
  app.decorateRequest('exportRefused', false);

  const record = (request: FastifyRequest, status: string, rowCount: number | null, errorMessage: string | null) =>
    database.db.insert(exportLogs).values({
      userId: request.auth?.userId ?? null,
      account: request.auth?.account ?? null,
      clientAddress: (request.ip ?? '').slice(0, 64) || null,
      listKey: (request.routeOptions.url ?? '').slice(0, 100),
      filters: redactParams(request.query ?? {}) as object,
      rowCount,
      status,
      finishedAt: sql`now()`,
      errorMessage,
    });

  // After the permission check (a preValidation hook of authPlugin): only allowed callers are counted.
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.auth || !isExportRoute(request)) return;
    const [row] = await queryRows<{ rows: number }>(database.db, sql`
      SELECT COALESCE(sum(row_count), 0)::int AS rows FROM export_logs
      WHERE user_id = ${request.auth.userId} AND status = 'done'
        AND created_at > now() - make_interval(hours => ${config.exports.windowHours})`);
    const exported = Number(row?.rows ?? 0);
    if (exported >= config.exports.maxRows) {
      const refusal = tooManyRequests('exports.limitReached', { rows: exported, hours: config.exports.windowHours });
      request.exportRefused = true;
      await record(request, 'refused', null, 'export limit reached');
      throw refusal;
    }
  });

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.auth || !isExportRoute(request) || request.exportRefused) return;
    const done = reply.statusCode < 400;
    await record(request, done ? 'done' : 'failed', done ? request.exportedRows : null, done ? null : request.failureMessage).catch((error: unknown) =>
      request.log.error({ err: error }, 'export log write failed'),
    );
  });
});
