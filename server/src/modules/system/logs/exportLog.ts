import { pagedQuerySchema, type PagedResult } from '@campus/contract';
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { exportLogs } from '../../../db/schema/index.ts';
import { ok } from '../../../platform/envelope.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';

/** One export as the administrators' export log shows it. */
export interface ExportLogRow {
  id: number;
  createdAt: string;
  account: string | null;
  clientAddress: string | null;
  listKey: string;
  filters: unknown;
  rowCount: number | null;
  status: string;
  errorMessage: string | null;
}

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'errors.badRequest');
const exportLogSearch = z.object({
  account: z.string().trim().max(64, 'validation.tooLong').optional(),
  listKey: z.string().trim().max(100, 'validation.tooLong').optional(),
  status: z.enum(['done', 'failed', 'refused']).or(z.literal('')).optional(),
  dateFrom: date.or(z.literal('')).optional(),
  dateTo: date.or(z.literal('')).optional(),
});
type ExportLogSearch = z.infer<typeof exportLogSearch>;

const exportList = defineList({
  search: exportLogSearch,
  sortColumns: { createdAt: exportLogs.createdAt, rowCount: exportLogs.rowCount, account: exportLogs.account },
  defaultSort: { field: 'createdAt', order: 'desc' },
  tieBreaker: exportLogs.id,
});

/** The export log's free-text boxes: the account and the list, each or part of it. */
const ACCOUNT_KEYWORD = keywordColumns(exportLogs.account);
const LIST_KEYWORD = keywordColumns(exportLogs.listKey);

function conditions(filter: ExportLogSearch): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.dateFrom) parts.push(gte(exportLogs.createdAt, new Date(`${filter.dateFrom}T00:00:00`)));
  if (filter.dateTo) {
    const end = new Date(`${filter.dateTo}T00:00:00`);
    end.setDate(end.getDate() + 1);
    parts.push(lt(exportLogs.createdAt, end));
  }
  const account = matchKeyword(filter.account, ACCOUNT_KEYWORD);
  if (account) parts.push(account);
  const listKey = matchKeyword(filter.listKey, LIST_KEYWORD);
  if (listKey) parts.push(listKey);
  if (filter.status) parts.push(eq(exportLogs.status, filter.status));
  return parts.length ? and(...parts) : undefined;
}

export async function pageExportLogs(db: DbOrTx, request: ListRequest<ExportLogSearch, keyof typeof exportList.spec.sortColumns>): Promise<PagedResult<ExportLogRow>> {
  const where = conditions(request.search);
  const [rows, counted] = await Promise.all([
    db.select().from(exportLogs).where(where).orderBy(...exportList.orderBy(request)).limit(request.limit).offset(request.offset),
    countMatches(db, db.select({ one: sql`1` }).from(exportLogs).where(where), [request.search.account, request.search.listKey].join('')),
  ]);
  return {
    ...counted,
    rows: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      account: row.account,
      clientAddress: row.clientAddress,
      listKey: row.listKey,
      filters: row.filters,
      rowCount: row.rowCount,
      status: row.status,
      errorMessage: row.errorMessage,
    })),
  };
}

/** The export log (who exported which list, with which filters, how many rows, when), for the log's readers. */
export function exportLogRoutes(fastify: FastifyInstance, permission: string): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/system/exportLogs/page',
    {
      config: { access: { permission }, readOnly: true },
      schema: { tags: ['system'], summary: 'Export log, paged (generic paged-table call); search: account, listKey, status, dateFrom, dateTo', body: pagedQuerySchema },
    },
    async (request) => ok(await pageExportLogs(app.database.db, exportList.parse(request.body))),
  );
}
