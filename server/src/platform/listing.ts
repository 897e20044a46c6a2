import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PagedQuery } from '@campus/contract';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

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
