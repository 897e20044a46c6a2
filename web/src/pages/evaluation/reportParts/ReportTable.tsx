import type { HTMLAttributes, ReactNode } from 'react';
import { Table, type TableColumnsType } from 'antd';

export interface ReportColumn<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  /** On a phone: the line's title (first) or its note on the right; the other columns follow labelled. */
  phone?: 'title' | 'aside';
  /** Keeps the cell on one line in the table (dates, places). */
  nowrap?: boolean;
  align?: 'left' | 'right' | 'center';
}

export interface ReportTableProps<T> {
  rows: readonly T[];
  columns: readonly ReportColumn<T>[];
  rowKey: (row: T, index: number) => string;
  phone: boolean;
  /** Test id of each row (`<tr>` or `<li>`). */
  rowTestId?: (row: T, index: number) => string;
  className?: string;
}

/** Rows as a table on a wide screen and as a list of small cards on a phone, the labels beside the values. */
export function ReportTable<T extends object>({ rows, columns, rowKey, phone, rowTestId, className = '' }: ReportTableProps<T>) {
  if (phone) {
    const title = columns.find((column) => column.phone === 'title');
    const aside = columns.find((column) => column.phone === 'aside');
    const rest = columns.filter((column) => column !== title && column !== aside);
    return (
      <ul className={`report-list ${className}`}>
        {rows.map((row, index) => (
          <li key={rowKey(row, index)} className="report-list-item" data-testid={rowTestId?.(row, index)}>
            {(title || aside) && (
              <div className="report-list-main">
                {title && <span className="report-list-title">{title.render(row)}</span>}
                {aside && <span className="report-list-aside">{aside.render(row)}</span>}
              </div>
            )}
            {rest.map((column) => (
              <div key={column.key} className="report-list-field">
                <span className="report-list-label">{column.title}</span>
                <span className="report-list-value">{column.render(row)}</span>
              </div>
            ))}
          </li>
        ))}
      </ul>
    );
  }
  const tableColumns: TableColumnsType<T> = columns.map((column) => ({
    key: column.key,
    title: column.title,
    align: column.align,
    className: column.nowrap ? 'report-nowrap' : undefined,
    render: (_: unknown, row: T) => column.render(row),
  }));
  return (
    <Table<T>
      size="small"
      rowKey={(row) => rowKey(row, rows.indexOf(row))}
      columns={tableColumns}
      dataSource={rows as T[]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(row) => ({ 'data-testid': rowTestId?.(row, rows.indexOf(row)) }) as HTMLAttributes<HTMLElement>}
      className={`report-table ${className}`}
    />
  );
}
