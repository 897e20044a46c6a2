import { useEffect, useMemo, useState } from 'react';
import { Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { fetchPeople, type PersonRow, type PersonSearch } from '../../api/components.ts';
import { Pagination } from '../PagedTable/Pagination.tsx';

/** The people tab's table is 205 px high (spec section 9); the header row takes the rest. */
export const PEOPLE_TABLE_HEIGHT = 205;
const HEADER_HEIGHT = 39;

export interface PeopleTabProps {
  url: string;
  /** 5 in the popover, 10 in a dialog or table. */
  pageSize: number;
  /** Most page buttons: 5 in the popover. */
  pagerCount: number;
  /** Fixed filters: user type, campus (XQDM), department (DWDM), school-term code (XNXQ). */
  filters: Omit<PersonSearch, 'KEYWORD'>;
  multiple: boolean;
  /** USERIDs selected (checked rows). */
  selectedIds: readonly string[];
  /** Show the campus and department columns (wide layouts). */
  wide?: boolean;
  onAdd: (rows: PersonRow[]) => void;
  onRemove: (ids: string[]) => void;
}

export function userTypeKey(type: string | number | undefined): string {
  const code = String(type ?? '');
  return ['1', '2', '3', '4'].includes(code) ? `userType.${code}` : 'userType.other';
}

/**
 * The people tab: a search box (Enter searches from the first page), a table of one page of people and a
 * pager. Pages are zero-based on the wire; an empty page beyond the first steps back one page.
 */
export function PeopleTab({ url, pageSize, pagerCount, filters, multiple, selectedIds, wide = false, onAdd, onRemove }: PeopleTabProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState({ keyword: '', page: 0, tick: 0 });
  const [data, setData] = useState<{ total: number; rows: PersonRow[]; more: boolean }>({ total: 0, rows: [], more: false });
  const [loading, setLoading] = useState(false);
  const { USERTYPE, XQDM, DWDM, XNXQ } = filters;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    fetchPeople(url, { size: pageSize, page: query.page, search: { USERTYPE, KEYWORD: query.keyword, XQDM, DWDM, XNXQ } }, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        if (result.rows.length === 0 && query.page > 0) {
          setQuery((q) => (q.page > 0 ? { ...q, page: q.page - 1 } : q));
          return;
        }
        setData(result);
        setLoading(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [url, pageSize, query, USERTYPE, XQDM, DWDM, XNXQ]);

  const columns = useMemo<ColumnsType<PersonRow>>(() => {
    const list: ColumnsType<PersonRow> = [
      { key: 'name', dataIndex: 'USERNAME', title: t('picker.column.name'), ellipsis: true },
      { key: 'account', dataIndex: 'USERID', title: t('picker.column.account'), ellipsis: true },
      { key: 'type', dataIndex: 'USERTYPE', title: t('picker.column.type'), width: 80, render: (value: PersonRow['USERTYPE']) => t(userTypeKey(value)) },
    ];
    if (wide) {
      list.push(
        { key: 'campus', dataIndex: 'XQMC', title: t('picker.column.campus'), ellipsis: true },
        { key: 'department', dataIndex: 'DWMC', title: t('picker.column.department'), ellipsis: true },
      );
    }
    return list;
  }, [t, wide]);

  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);

  return (
    <div className="campus-picker-people">
      <Input.Search
        size="small"
        allowClear
        value={text}
        placeholder={t('picker.searchPeople')}
        onChange={(event) => setText(event.target.value)}
        onSearch={(value) => setQuery((q) => ({ keyword: value.trim(), page: 0, tick: q.tick + 1 }))}
        data-testid="picker-people-search"
      />
      <div className="campus-picker-people-table" style={{ height: PEOPLE_TABLE_HEIGHT }}>
        <Table<PersonRow>
          size="small"
          rowKey="USERID"
          columns={columns}
          dataSource={data.rows}
          loading={loading}
          pagination={false}
          scroll={{ y: PEOPLE_TABLE_HEIGHT - HEADER_HEIGHT }}
          rowSelection={{
            type: multiple ? 'checkbox' : 'radio',
            selectedRowKeys: data.rows.filter((row) => selected.has(String(row.USERID))).map((row) => row.USERID),
            onChange: (keys) => {
              const chosen = new Set(keys.map(String));
              const added = data.rows.filter((row) => chosen.has(String(row.USERID)) && !selected.has(String(row.USERID)));
              const removed = data.rows.filter((row) => !chosen.has(String(row.USERID)) && selected.has(String(row.USERID)));
              if (removed.length) onRemove(removed.map((row) => String(row.USERID)));
              if (added.length) onAdd(added);
            },
          }}
          data-testid="picker-people-table"
        />
      </div>
      {data.more && (
        <div className="campus-picker-more" role="status" data-testid="picker-more-matches">
          {t('picker.moreMatches', { n: data.total })}
        </div>
      )}
      <Pagination
        size="small"
        current={query.page + 1}
        pageSize={pageSize}
        total={data.total}
        pagerCount={pagerCount}
        layout={['total', 'prev', 'pager', 'next']}
        onChange={(page) => setQuery((q) => ({ ...q, page: page - 1 }))}
        className="campus-picker-pagination"
      />
    </div>
  );
}
