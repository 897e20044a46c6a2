import { and, eq, getTableColumns, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { operationLogSearchSchema, type OperationLogRow, type OperationLogSearch, type PagedResult } from '@campus/contract';
import { hotStatement, queryRows, type DbOrTx } from '../../../db/client.ts';
import { operationLogs } from '../../../db/schema/index.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';

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

/** The log's free-text box: the account, or part of it. */
const LOG_KEYWORD = keywordColumns(operationLogs.account);

/** A date is a calendar day on the server's clock; the range includes the whole of `dateTo`. */
function conditions(filter: OperationLogSearch): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.dateFrom) parts.push(gte(operationLogs.createdAt, new Date(`${filter.dateFrom}T00:00:00`)));
  if (filter.dateTo) {
    const end = new Date(`${filter.dateTo}T00:00:00`);
    end.setDate(end.getDate() + 1);
    parts.push(lt(operationLogs.createdAt, end));
  }
  const account = matchKeyword(filter.account, LOG_KEYWORD);
  if (account) parts.push(account);
  if (filter.module) parts.push(eq(operationLogs.module, filter.module));
  if (filter.outcome) parts.push(eq(operationLogs.outcome, filter.outcome));
  return parts.length ? and(...parts) : undefined;
}

const toRow = (row: typeof operationLogs.$inferSelect): OperationLogRow => ({ ...row, createdAt: row.createdAt.toISOString() });

/** From this offset on, a page is read ids first (shallower pages read fewer rows than planning that costs). */
const DEEP_OFFSET = 1000;

/** The unfiltered list's total: the sum of the day counts kept with the log (operation_log_days), exact. */
const COUNTED_TOTAL = '(SELECT COALESCE(sum(d.rows), 0)::bigint FROM operation_log_days d)';
const countedTotal = sql<string>`${sql.raw(COUNTED_TOTAL)}`;

/**
 * The log's columns under their row names, for countedPage's raw statement: the time as the ISO text the
 * list answers and the id as text (a raw statement's timestamps and bigints differ between the drivers).
 */
const pageColumns = Object.entries(getTableColumns(operationLogs))
  .map(([key, column]) =>
    key === 'createdAt'
      ? `to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`
      : key === 'id'
        ? 'o.id::text AS id'
        : `o."${column.name}" AS "${key}"`,
  )
  .join(', ');

/**
 * A page of the whole log in time order, found through the day counts: the running sum of the days from the
 * list's first day finds the day the page starts in and how many rows come before that day, so the page
 * skips rows of that one day only (at most a day's rows instead of up to the whole log). The counts are
 * kept in the writing transaction and read in this statement's snapshot with the rows, so the page is the
 * one OFFSET would give. $1 is the offset, $2 the page size. The day's bound and the offset within it are
 * computed in the statement, so its text is fixed per direction: prepared, and its generic plan still reads
 * only the page's rows (their ids are collected into an array, which the planner expects to be short).
 */
function countedPageStatement(direction: 'ASC' | 'DESC') {
  // Days since 1970 UTC: a row of day D was written before the end of D, (D + 1) × 86,400 s, and at or after its start.
  const fromDay = direction === 'DESC' ? 'created_at < to_timestamp(((SELECT day FROM target) + 1) * 86400::bigint)' : 'created_at >= to_timestamp((SELECT day FROM target) * 86400::bigint)';
  return hotStatement<Omit<OperationLogRow, 'id'> & { total: string; id: string | null }>(`
    WITH target AS (
      SELECT day, before FROM (
        SELECT day,
               COALESCE(sum(rows) OVER (ORDER BY day ${direction} RANGE BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::bigint AS before,
               sum(rows) OVER (ORDER BY day ${direction})::bigint AS through
        FROM operation_log_days) walk
      WHERE through > $1::bigint LIMIT 1)
    SELECT c.total::text AS total, l.* FROM (SELECT ${COUNTED_TOTAL} AS total) c
    LEFT JOIN LATERAL (
      SELECT ${pageColumns} FROM operation_logs o WHERE o.id = ANY (ARRAY(
        SELECT id FROM operation_logs WHERE ${fromDay}
        ORDER BY created_at ${direction}, id ${direction}
        OFFSET ($1::bigint - (SELECT before FROM target)) LIMIT $2::bigint))) l ON TRUE
    ORDER BY l."createdAt" ${direction}, l.id::bigint ${direction}`);
}
const countedPages = { asc: countedPageStatement('ASC'), desc: countedPageStatement('DESC') };

async function countedPage(db: DbOrTx, request: ListRequest<OperationLogSearch, LogSortField>): Promise<{ total: number; rows: OperationLogRow[] }> {
  const found = await countedPages[request.order](db, [request.offset, request.limit]);
  const rows = found.filter((row) => row.id !== null).map(({ total: _total, ...row }) => ({ ...row, id: Number(row.id) }));
  return { total: Number(found[0]?.total ?? 0), rows };
}

/** One page of logs; the export asks without the total, and only up to the last id when it started (`upToId`). */
export async function pageLogs(
  db: DbOrTx,
  request: ListRequest<OperationLogSearch, LogSortField>,
  withTotal = true,
  upToId?: number,
): Promise<PagedResult<OperationLogRow>> {
  const filter = conditions(request.search);
  const where = upToId === undefined ? filter : and(...[filter, lte(operationLogs.id, upToId)].filter((part) => part !== undefined));
  if (where === undefined && withTotal && request.sortField === 'createdAt') return countedPage(db, request);
  // Another order of the whole log reads its total from the day counts too, with the page.
  const readsTotal = withTotal && where === undefined;
  const page = db.select({ ...getTableColumns(operationLogs), total: readsTotal ? countedTotal : sql<null>`NULL` }).from(operationLogs);
  // Deep in the list, the page's ids first, then its rows: OFFSET 50,000 then skips entries of an index
  // alone instead of fetching every skipped row (docs/decisions.md "Deep pages").
  // Not a prepared statement: a generic plan cannot see LIMIT and OFFSET and would read the whole table.
  const found =
    request.offset >= DEEP_OFFSET
      ? await page
          .where(inArray(operationLogs.id, db.select({ id: operationLogs.id }).from(operationLogs).where(where).orderBy(...logList.orderBy(request)).limit(request.limit).offset(request.offset)))
          .orderBy(...logList.orderBy(request))
      : await page.where(where).orderBy(...logList.orderBy(request)).limit(request.limit).offset(request.offset);
  const rows = found.map(({ total: _total, ...row }) => toRow(row));
  if (!withTotal) return { total: rows.length, rows };
  if (where !== undefined) return { ...(await countMatches(db, db.select({ one: sql`1` }).from(operationLogs).where(where), request.search.account)), rows };
  // Past the end no row carries the total.
  const total = found.length > 0 ? found[0].total : (await queryRows<{ total: string }>(db, sql`SELECT ${countedTotal} AS total`, { prepared: true }))[0]!.total;
  return { total: Number(total), rows };
}

/** Rows an export reads per statement: between statements other requests take their turn (issue 12). */
const EXPORT_PAGE = 2000;

/**
 * Every log row of an export's search and sort, up to `limit`, read a page per statement. Rows written
 * while it reads have higher ids and are left out, so the pages neither repeat nor skip a row.
 */
export async function exportLogRows(db: DbOrTx, request: ListRequest<OperationLogSearch, LogSortField>, limit: number): Promise<OperationLogRow[]> {
  const [last] = await queryRows<{ id: string | null }>(db, sql`SELECT max(id)::text AS id FROM operation_logs`);
  if (last?.id === null || last === undefined) return [];
  const upToId = Number(last.id);
  const rows: OperationLogRow[] = [];
  while (rows.length < limit) {
    const size = Math.min(EXPORT_PAGE, limit - rows.length);
    const page = await pageLogs(db, { ...request, offset: rows.length, limit: size }, false, upToId);
    rows.push(...page.rows);
    if (page.rows.length < size) break;
  }
  return rows;
}
