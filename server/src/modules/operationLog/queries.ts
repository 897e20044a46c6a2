import { and, asc, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { operationLogs } from '../../db/schema/index.ts';

export interface LogFilter {
  dateFrom?: string;
  dateTo?: string;
  account?: string;
  module?: string;
  outcome?: 'success' | 'failure';
}

/** Columns the list may be sorted by; anything else is refused rather than passed to SQL. */
export const LOG_SORT_COLUMNS = {
  createdAt: operationLogs.createdAt,
  durationMs: operationLogs.durationMs,
  account: operationLogs.account,
  module: operationLogs.module,
} as const;
export type LogSortField = keyof typeof LOG_SORT_COLUMNS;

function conditions(filter: LogFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.dateFrom) parts.push(gte(operationLogs.createdAt, new Date(`${filter.dateFrom}T00:00:00`)));
  if (filter.dateTo) {
    const end = new Date(`${filter.dateTo}T00:00:00`);
    end.setDate(end.getDate() + 1);
    parts.push(lt(operationLogs.createdAt, end));
  }
  if (filter.account) parts.push(ilike(operationLogs.account, `%${filter.account.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (filter.module) parts.push(eq(operationLogs.module, filter.module));
  if (filter.outcome) parts.push(eq(operationLogs.outcome, filter.outcome));
  return parts.length ? and(...parts) : undefined;
}

export async function pageLogs(db: DbOrTx, filter: LogFilter, page: { offset: number; limit: number; sortField: LogSortField; order: 'asc' | 'desc' }) {
  const where = conditions(filter);
  const column = LOG_SORT_COLUMNS[page.sortField];
  const rows = await db
    .select()
    .from(operationLogs)
    .where(where)
    // The id breaks ties so pages never repeat or skip rows.
    .orderBy(page.order === 'asc' ? asc(column) : desc(column), page.order === 'asc' ? asc(operationLogs.id) : desc(operationLogs.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total }] = await db.select({ total: count() }).from(operationLogs).where(where);
  return { total, rows };
}
