import { and, count, eq, getTableColumns, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { operationLogSearchSchema, type OperationLogRow, type OperationLogSearch } from '@campus/contract';
import type { DbOrTx } from '../../db/client.ts';
import { operationLogs } from '../../db/schema/index.ts';
import { defineList, likePattern, listTotal, rowEstimate, type ListRequest } from '../../platform/listing.ts';

/**
 * The operation-log list. Sorting is limited to indexed or cheap columns; with a million rows the
 * newest-first page walks `operation_logs_created_idx` and stops at the page's end.
 */
export const logList = defineList({
  search: operationLogSearchSchema,
  sortColumns: {
    createdAt: operationLogs.createdAt,
    durationMs: operationLogs.durationMs,
    account: operationLogs.account,
    module: operationLogs.module,
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  tieBreaker: operationLogs.id,
});
export type LogSortField = keyof typeof logList.spec.sortColumns;

/** A date is a calendar day on the server's clock; the range includes the whole of `dateTo`. */
function conditions(filter: OperationLogSearch): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.dateFrom) parts.push(gte(operationLogs.createdAt, new Date(`${filter.dateFrom}T00:00:00`)));
  if (filter.dateTo) {
    const end = new Date(`${filter.dateTo}T00:00:00`);
    end.setDate(end.getDate() + 1);
    parts.push(lt(operationLogs.createdAt, end));
  }
  if (filter.account) parts.push(ilike(operationLogs.account, likePattern(filter.account)));
  if (filter.module) parts.push(eq(operationLogs.module, filter.module));
  if (filter.outcome) parts.push(eq(operationLogs.outcome, filter.outcome));
  return parts.length ? and(...parts) : undefined;
}

const toRow = (row: typeof operationLogs.$inferSelect): OperationLogRow => ({ ...row, createdAt: row.createdAt.toISOString() });

/** From this offset on, a page is read ids first (shallower pages read fewer rows than planning that costs). */
const DEEP_OFFSET = 1000;

/** One page of logs; the export asks without the total (no count over the table). */
export async function pageLogs(db: DbOrTx, request: ListRequest<OperationLogSearch, LogSortField>, withTotal = true): Promise<{ total: number; rows: OperationLogRow[] }> {
  const where = conditions(request.search);
  // An unfiltered list reports the table's row estimate (listTotal); the page's statement reads it too.
  const readsEstimate = withTotal && where === undefined;
  const page = db.select({ ...getTableColumns(operationLogs), estimate: readsEstimate ? rowEstimate('operation_logs') : sql<null>`NULL` }).from(operationLogs);
  // Deep in the list, the page's ids first, then its rows: OFFSET 50,000 then skips entries of the
  // (created_at, id) index alone instead of fetching every skipped row (docs/decisions.md "Deep pages").
  // Not a prepared statement: a generic plan cannot see LIMIT and OFFSET and would read the whole table.
  const found =
    request.offset >= DEEP_OFFSET
      ? await page
          .where(inArray(operationLogs.id, db.select({ id: operationLogs.id }).from(operationLogs).where(where).orderBy(...logList.orderBy(request)).limit(request.limit).offset(request.offset)))
          .orderBy(...logList.orderBy(request))
      : await page.where(where).orderBy(...logList.orderBy(request)).limit(request.limit).offset(request.offset);
  const rows = found.map(({ estimate: _estimate, ...row }) => toRow(row));
  const total = withTotal
    ? await listTotal(db, 'operation_logs', where !== undefined, async () => (await db.select({ total: count() }).from(operationLogs).where(where))[0]!.total, found.length > 0 ? found[0].estimate : undefined)
    : rows.length;
  return { total, rows };
}
