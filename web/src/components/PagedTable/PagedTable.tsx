import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { Table, type TableProps } from 'antd';
import type { ColumnGroupType, ColumnType, SorterResult, SortOrder as AntSortOrder } from 'antd/es/table/interface';
import { PAGE_SIZES, type PagedResult } from '@campus/contract';
import { fetchPagedRows, type PagedAnswer, type PagedQueryBody, type SortOrder } from '../../api/components.ts';
import { Pagination, TABLE_PAGINATION_LAYOUT, type PaginationPart } from './Pagination.tsx';
import './pagedTable.css';

/** A column; `sorter: true` makes it sortable on the server under `sortField` (default: its key or dataIndex). */
export type PagedColumn<Row> = (ColumnType<Row> & { sortField?: string }) | (ColumnGroupType<Row> & { sortField?: string });

/** What the table exposes through its ref (or `usePagedTable`). */
export interface PagedTableHandle<Row = unknown> {
  /** Loads the current page again with the current search, size and sort. */
  reload(): void;
  /** Searches with new parameters (or the current ones when omitted) from the first page. */
  search(params?: Record<string, unknown>): void;
  /** The rows and total of the last successful load. */
  readonly rows: Row[];
  readonly total: number;
}

export interface PagedTableProps<Row extends object> extends Omit<TableProps<Row>, 'dataSource' | 'pagination' | 'onChange' | 'loading' | 'columns'> {
  /** Address of the generic paged call (JSON body { currPage, limit, order, sortField, search, page }). */
  url: string;
  columns: PagedColumn<Row>[];
  /** Search parameters of the first load (later ones come through `search(params)`). */
  defaultSearch?: Record<string, unknown>;
  /** More fields of the body beside the paging ones (e.g. the id of the item whose sub-list this is); a change loads again. */
  extraBody?: Record<string, unknown>;
  /** Sort of the first load; none by default. */
  defaultSort?: { field: string; order: Exclude<SortOrder, ''> };
  /** Page-size choices, default 10, 20, 30, 40, 50, 100, 200, 500 (spec section 9). */
  pageSizes?: readonly number[];
  /** Default 10. */
  defaultPageSize?: number;
  /** Most page buttons, default 7. */
  pagerCount?: number;
  layout?: readonly PaginationPart[];
  /** Load on mount (default true); otherwise the first `search()` or `reload()` loads. */
  immediate?: boolean;
  /** After each load, with the rows and anything else the call answered beside them. */
  onLoaded?: (result: PagedAnswer<Row>) => void;
  ref?: Ref<PagedTableHandle<Row>>;
}

interface Query {
  /** One-based, as shown; the wire gets page - 1. */
  page: number;
  pageSize: number;
  order: SortOrder;
  sortField: string;
  search: Record<string, unknown>;
  /** Bumped to load again with the same parameters. */
  tick: number;
}

/** The ref holder for a paged table: `const table = usePagedTable(); <PagedTable ref={table} …/>; table.current?.search(v)`. */
export function usePagedTable<Row = unknown>() {
  return useRef<PagedTableHandle<Row>>(null);
}

export function columnSortField<Row>(column: PagedColumn<Row>): string {
  if (column.sortField) return column.sortField;
  if (column.key !== undefined && column.key !== null) return String(column.key);
  const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
  if (Array.isArray(dataIndex)) return dataIndex.join('.');
  return dataIndex === undefined || dataIndex === null ? '' : String(dataIndex);
}

const toAnt = (order: SortOrder): AntSortOrder => (order === 'asc' ? 'ascend' : order === 'desc' ? 'descend' : null);
const fromAnt = (order: AntSortOrder | undefined): SortOrder => (order === 'ascend' ? 'asc' : order === 'descend' ? 'desc' : '');

/**
 * The paged table of spec sections 4, 7 and 9: Ant Design's Table fed by the generic paged call.
 * - Page sizes 10 to 500 (default 10); the first page is 1 on screen and currPage 0 on the wire.
 * - Pagination layout total, sizes, prev, pager, next, jumper with 7 page buttons.
 * - Sorting cycles ascending, descending, none per column; changing the sort or the page size searches
 *   again from the first page.
 * - An empty page beyond the first steps back one page (after deletions, or a shrunken result).
 * - `result: false` shows msg as an error (the request client does) and keeps the rows shown.
 * - Rows render plainly (no per-row state), so 500 rows stay responsive; pass `virtual` and `scroll.y`
 *   for Ant Design's virtual list when cells are heavy.
 */
export function PagedTable<Row extends object>({
  url,
  columns,
  defaultSearch,
  extraBody,
  defaultSort,
  pageSizes = PAGE_SIZES,
  defaultPageSize = 10,
  pagerCount = 7,
  layout = TABLE_PAGINATION_LAYOUT,
  immediate = true,
  onLoaded,
  ref,
  className,
  rowKey = 'id' as TableProps<Row>['rowKey'],
  ...tableProps
}: PagedTableProps<Row>) {
  const [query, setQuery] = useState<Query>(() => ({
    page: 1,
    pageSize: defaultPageSize,
    order: defaultSort?.order ?? '',
    sortField: defaultSort?.field ?? '',
    search: defaultSearch ?? {},
    tick: 0,
  }));
  const [enabled, setEnabled] = useState(immediate);
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<PagedResult<Row>>({ total: 0, rows: [] });
  const onLoadedRef = useRef(onLoaded);
  useEffect(() => {
    onLoadedRef.current = onLoaded;
  }, [onLoaded]);

  // By value: a caller may pass a new object of the same fields with every render.
  const extraKey = JSON.stringify(extraBody ?? {});

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const body: PagedQueryBody & Record<string, unknown> = {
      ...(JSON.parse(extraKey) as Record<string, unknown>),
      currPage: query.page - 1,
      limit: query.pageSize,
      order: query.sortField ? query.order : '',
      sortField: query.order ? query.sortField : '',
      search: query.search,
      page: query.page - 1,
    };
    setLoading(true);
    fetchPagedRows<Row>(url, body, controller.signal)
      .then((data) => {
        if (controller.signal.aborted) return;
        if (data.rows.length === 0 && query.page > 1) {
          // An empty page beyond the first: step back one page (that load ends the loading state).
          setQuery((q) => (q.page > 1 ? { ...q, page: q.page - 1 } : q));
          return;
        }
        setResult(data);
        setLoading(false);
        onLoadedRef.current?.(data);
      })
      .catch(() => {
        // The request client has shown msg (or the network error); an aborted load is simply dropped.
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [url, query, enabled, extraKey]);

  const reload = useCallback(() => {
    setEnabled(true);
    setQuery((q) => ({ ...q, tick: q.tick + 1 }));
  }, []);
  const search = useCallback((params?: Record<string, unknown>) => {
    setEnabled(true);
    setQuery((q) => ({ ...q, page: 1, search: params ?? q.search, tick: q.tick + 1 }));
  }, []);
  useImperativeHandle(ref, () => ({ reload, search, rows: result.rows, total: result.total }), [reload, search, result]);

  const tableColumns = useMemo(
    () =>
      columns.map((column) => {
        if (!column.sorter) return column;
        const field = columnSortField(column);
        return {
          ...column,
          sorter: true,
          sortDirections: ['ascend', 'descend'] as AntSortOrder[],
          sortOrder: query.sortField === field ? toAnt(query.order) : null,
        };
      }),
    [columns, query.sortField, query.order],
  );

  const onChange: TableProps<Row>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
    const order = fromAnt(single?.order);
    const column = single?.column as PagedColumn<Row> | undefined;
    const sortField = order && column ? columnSortField(column) : '';
    setEnabled(true);
    setQuery((q) => ({ ...q, page: 1, order: sortField ? order : '', sortField, tick: q.tick + 1 }));
  };

  return (
    <div className={`campus-paged-table${className ? ` ${className}` : ''}`}>
      <Table<Row>
        {...tableProps}
        rowKey={rowKey}
        columns={tableColumns as TableProps<Row>['columns']}
        dataSource={result.rows}
        loading={loading}
        pagination={false}
        onChange={onChange}
      />
      <Pagination
        current={query.page}
        pageSize={query.pageSize}
        total={result.total}
        totalCapped={result.totalCapped === true}
        pageSizes={pageSizes}
        pagerCount={pagerCount}
        layout={layout}
        onChange={(page, pageSize) => {
          setEnabled(true);
          // A new page size searches again from the first page.
          setQuery((q) => (pageSize !== q.pageSize ? { ...q, page: 1, pageSize, tick: q.tick + 1 } : { ...q, page }));
        }}
      />
    </div>
  );
}
