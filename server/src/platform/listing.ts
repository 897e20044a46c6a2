import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PagedQuery } from '@campus/contract';
import type { z } from 'zod';
import { badRequest } from './errors.ts';
import { queryRows, type DbOrTx } from '../db/client.ts';

/** A generic paged-table request after checking: typed search, an allowed sort column, offset and limit. */
export interface ListRequest<Search, SortField extends string> {
  search: Search;
  sortField: SortField;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface ListSpec<Schema extends z.ZodType, SortField extends string> {
  /** The list's search object; unknown keys are dropped by the schema, bad values refused. */
  search: Schema;
  /** Columns the list may be sorted by; any other sortField is refused rather than passed on to SQL. */
  sortColumns: Record<SortField, AnyColumn | SQL>;
  defaultSort: { field: NoInfer<SortField>; order: 'asc' | 'desc' };
  /** A unique column appended to every ORDER BY so pages never repeat or skip rows. */
  tieBreaker: AnyColumn;
}

/**
 * One list of an administration screen: turns the generic paged call (or an export's search and sort)
 * into a checked request, and the request into ORDER BY terms.
 */
export function defineList<Schema extends z.ZodType, SortField extends string>(spec: ListSpec<Schema, SortField>) {
  const parse = (
    query: { search?: PagedQuery['search'] | string; sortField?: string; order?: string } & Partial<Pick<PagedQuery, 'currPage' | 'limit'>>,
  ): ListRequest<z.infer<Schema>, SortField> => {
    const search = spec.search.safeParse(readSearch(query.search));
    if (!search.success) throw badRequest('paging.badSearch');
    const requested = query.sortField && query.order ? query.sortField : '';
    if (requested && !Object.hasOwn(spec.sortColumns, requested)) throw badRequest('paging.badSortField');
    const sortField = (requested || spec.defaultSort.field) as SortField;
    const order = requested ? (query.order === 'asc' ? 'asc' : 'desc') : spec.defaultSort.order;
    const limit = query.limit ?? 10;
    return { search: search.data, sortField, order, offset: (query.currPage ?? 0) * limit, limit };
  };
  const orderBy = (request: Pick<ListRequest<unknown, SortField>, 'sortField' | 'order'>): SQL[] => {
    const direction = request.order === 'asc' ? asc : desc;
    return [direction(spec.sortColumns[request.sortField]), direction(spec.tieBreaker)];
  };
  return { parse, orderBy, spec };
}

/** The search of an export arrives as a JSON string in the query string; the paged call has parsed it already. */
function readSearch(search: unknown): unknown {
  if (search === undefined || search === '') return {};
  if (typeof search !== 'string') return search;
  try {
    return JSON.parse(search);
  } catch {
    throw badRequest('paging.badSearch');
  }
}

/** Escapes LIKE wildcards so a keyword matches literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Above this many rows an unfiltered list reports the planner's row estimate instead of counting. */
export const ESTIMATED_TOTAL_THRESHOLD = 100_000;

/**
 * The total of a paged list. Filtered lists, and tables of up to 100,000 rows, are counted exactly; an
 * unfiltered list over a bigger table (operation logs grow by the million) answers PostgreSQL's own row
 * estimate (rowEstimate: pg_class's rows per page times the table's pages now), because counting a million rows
 * on every page costs far more than the page. The pager only needs the size of the list, not the last row.
 */
export async function listTotal(
  db: DbOrTx,
  tableName: string,
  filtered: boolean,
  exact: () => Promise<number>,
  /**
   * What the page's own statement read of rowEstimate, saving a round trip: null when the table has no
   * estimate yet, undefined when it was not read (an empty page carries no row to read it from).
   */
  knownEstimate?: number | string | null,
): Promise<number> {
  if (!filtered) {
    const estimate =
      knownEstimate !== undefined
        ? knownEstimate
        : (await queryRows<{ estimate: number | string | null }>(db, sql`SELECT ${rowEstimate(tableName)} AS estimate`, { prepared: true }))[0]?.estimate;
    if (Number(estimate ?? -1) > ESTIMATED_TOTAL_THRESHOLD) return Number(estimate);
  }
  return exact();
}

/**
 * PostgreSQL's row estimate of a table as a column, for a page statement to read along with its rows (see
 * listTotal). It is the planner's own: the rows per page of the last VACUUM or ANALYZE times the table's
 * pages now, so it follows a growing table between analyses (the embedded database has no autovacuum, and
 * a bare `reltuples` would stay where its last analysis left it). Null until the table was first analysed.
 */
export function rowEstimate(tableName: string): SQL<string | null> {
  return sql<string | null>`(SELECT CASE WHEN c.relpages > 0 AND c.reltuples >= 0
      THEN (c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int))::bigint END
    FROM pg_class c WHERE c.oid = to_regclass(${tableName}))`;
}
