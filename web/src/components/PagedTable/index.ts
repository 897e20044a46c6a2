export { PagedTable, usePagedTable, columnSortField, type PagedColumn, type PagedTableHandle, type PagedTableProps } from './PagedTable.tsx';
export { Pagination, TABLE_PAGINATION_LAYOUT, type PaginationPart, type PaginationProps } from './Pagination.tsx';
export { pagerPages, pageCountOf, type PagerItem } from './pager.ts';
