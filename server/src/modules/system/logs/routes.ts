import { exportQuerySchema, type OperationLogRow, pagedQuerySchema, type PagedResult } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { exportLogRoutes } from './exportLog.ts';
import { exportLogRows, logList, pageLogs } from './queries.ts';

export type { OperationLogRow } from '@campus/contract';

/** Permission value of the operation-log page (menu system.log). */
export const LOG_PERMISSION = 'system:log';

const time = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/** /xtgl/rzgl: the operation log (issue 4, item 5). Logs are written by the audit plugin, never here. */
export async function operationLogRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = { permission: LOG_PERMISSION } as const;
  exportLogRoutes(fastify, LOG_PERMISSION);

  app.post(
    '/api/system/logs/page',
    {
      config: { access, readOnly: true },
      schema: { tags: ['system'], summary: 'Operation logs, paged (generic paged-table call); search: dateFrom, dateTo, account, module, outcome', body: pagedQuerySchema },
    },
    async (request) => {
      // A sort column is refused even without an order (the list's first clients sent it alone).
      if (request.body.sortField && !Object.hasOwn(logList.spec.sortColumns, request.body.sortField)) throw badRequest('paging.badSortField');
      const result: PagedResult<OperationLogRow> = await pageLogs(app.database.db, logList.parse(request.body));
      return ok(result);
    },
  );

  app.get(
    '/api/system/logs/export',
    { config: { access }, schema: { tags: ['system'], summary: 'The operation logs as an Excel file (same search and sort as the list, at most 50,000 rows)', querystring: exportQuerySchema } },
    async (request, reply) => {
      const list = logList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT + 1 });
      const rows = await exportLogRows(app.database.db, list, EXPORT_ROW_LIMIT + 1);
      const truncated = rows.length > EXPORT_ROW_LIMIT;
      const column = (key: Parameters<typeof t>[1], value: (row: OperationLogRow) => string | number | null, width?: number) => ({ header: t(request, key), value, width });
      const content = await buildWorkbook<OperationLogRow>(
        t(request, 'operationLog.exportName'),
        [
          column('operationLog.createdAt', (r) => time(r.createdAt), 20),
          column('operationLog.userId', (r) => r.userId),
          column('operationLog.account', (r) => r.account, 16),
          column('operationLog.clientAddress', (r) => r.clientAddress, 18),
          column('operationLog.method', (r) => r.method),
          column('operationLog.path', (r) => r.path, 36),
          column('operationLog.handler', (r) => r.handler, 36),
          column('operationLog.module', (r) => r.module, 18),
          column('operationLog.operation', (r) => r.operation, 18),
          column('operationLog.params', (r) => (r.params === null || r.params === undefined ? '' : JSON.stringify(r.params)), 50),
          column('operationLog.durationMs', (r) => r.durationMs),
          column('operationLog.outcome', (r) => t(request, r.outcome === 'success' ? 'operationLog.success' : 'operationLog.failure')),
          column('operationLog.statusCode', (r) => r.statusCode),
          column('operationLog.errorMessage', (r) => r.errorMessage, 40),
          column('operationLog.clientType', (r) => r.clientType),
          column('operationLog.systemName', (r) => r.systemName),
        ],
        rows.slice(0, EXPORT_ROW_LIMIT),
        truncated ? t(request, 'common.exportTruncated', { limit: EXPORT_ROW_LIMIT }) : undefined,
      );
      return sendWorkbook(reply, exportFileName(t(request, 'operationLog.exportName')), content);
    },
  );
}
