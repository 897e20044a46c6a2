import { pagedQuerySchema, type PagedResult } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { LOG_SORT_COLUMNS, pageLogs, type LogSortField } from './queries.ts';

/** Permission value of the operation-log page (menu system.log). */
export const LOG_PERMISSION = 'system:log';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'errors.badRequest');
const logSearch = z
  .object({
    dateFrom: date.optional(),
    dateTo: date.optional(),
    account: z.string().trim().max(64, 'validation.tooLong').optional(),
    module: z.string().trim().max(64, 'validation.tooLong').optional(),
    outcome: z.enum(['success', 'failure']).optional(),
  })
  .strip();

export interface OperationLogRow {
  id: number;
  createdAt: string;
  userId: number | null;
  account: string | null;
  clientAddress: string | null;
  method: string;
  path: string;
  handler: string | null;
  module: string;
  operation: string;
  params: unknown;
  durationMs: number;
  outcome: string;
  statusCode: number;
  errorMessage: string | null;
  clientType: string;
  systemName: string;
}

export async function operationLogRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/system/logs/page',
    {
      config: { access: { permission: LOG_PERMISSION }, readOnly: true },
      schema: { tags: ['system'], summary: 'Operation logs, paged (generic paged-table call)', body: pagedQuerySchema },
    },
    async (request) => {
      const query = request.body;
      const search = logSearch.safeParse(query.search);
      if (!search.success) throw badRequest('paging.badSearch');
      const sortField = (query.sortField || 'createdAt') as LogSortField;
      if (!(sortField in LOG_SORT_COLUMNS)) throw badRequest('paging.badSortField');
      const { total, rows } = await pageLogs(app.database.db, search.data, {
        offset: query.currPage * query.limit,
        limit: query.limit,
        sortField,
        order: query.order === 'asc' ? 'asc' : 'desc',
      });
      const result: PagedResult<OperationLogRow> = { total, rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
      return ok(result);
    },
  );
}
