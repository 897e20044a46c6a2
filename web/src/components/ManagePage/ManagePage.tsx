import { useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { Button, Form, Space, type FormInstance } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedTable, type PagedColumn } from '../PagedTable/index.ts';
import { QueryHeader } from '../QueryHeader/index.ts';
import { DeleteButton } from '../DeleteButton/index.ts';
import { usePermission } from '../PermissionGate/index.ts';
import { exportList } from '../../api/exports.ts';
import { feedback } from '../../app/feedback.ts';
import './managePage.css';

/** What the page's own parts (row actions, toolbar) can do with the list. */
export interface ManageContext<Row> {
  /** Loads the current page again (after a change). */
  reload(): void;
  /** The rows ticked in the table. */
  selected: Row[];
  canEdit: boolean;
  canDelete: boolean;
}

export interface ManagePageProps<Row extends object, Search extends object> {
  /** The page's permission value; `<permission>:edit` and `<permission>:delete` gate the buttons. */
  permission: string;
  /** What gates the buttons that change data, where the page's menu has no edit button (default `<permission>:edit`). */
  editPermission?: string;
  /** What gates the delete buttons, where the page's menu has no delete button (default `<permission>:delete`). */
  deletePermission?: string;
  /** The generic paged call of the list. */
  listUrl: string;
  /** Shown in the query header's bar (e.g. the page's menu title). */
  title?: ReactNode;
  columns: PagedColumn<Row>[];
  rowKey?: keyof Row & string;
  /** Search fields (Form.Item elements) of the query header. */
  searchFields?: (form: FormInstance<Search>) => ReactNode;
  initialSearch?: Partial<Search>;
  /** Turns the search form's values into the list's search object. */
  toSearch?: (values: Search) => Record<string, unknown>;
  /** GET export of the same list (Excel); the button shows when given. */
  exportUrl?: string;
  /** The export's file name without date and extension, in the user's language. */
  exportName?: string;
  /** Batch delete call taking `{ ids }` of the ticked rows. */
  deleteUrl?: string;
  /** The add button's handler; the button shows when given and the user may edit. */
  onAdd?: () => void;
  /** More toolbar buttons. */
  toolbar?: (context: ManageContext<Row>) => ReactNode;
  /** The operation column's buttons for one row. */
  rowActions?: (row: Row, context: ManageContext<Row>) => ReactNode;
  /** The operation column's width (260 px fits three buttons in English); a page with more gives more. */
  actionsWidth?: number;
  /** Dialogs and drawers of the page, rendered once. */
  children?: (context: ManageContext<Row>) => ReactNode;
  /** Nothing may be changed here whatever the permissions (e.g. an administrator looking at a class teacher's records). */
  readOnly?: boolean;
  /** Pass the table a ref-like handle so dialogs can reload it. */
  'data-testid'?: string;
}

/**
 * A system-management screen (issue 4): the shared query header, a toolbar (add, export, batch
 * delete), the paged table with ticks and an operation column, and the page's dialogs. Buttons that
 * change data show only to users who hold the page's edit or delete permission; the server checks again.
 */
export function ManagePage<Row extends object, Search extends object = Record<string, unknown>>({
  permission,
  editPermission = `${permission}:edit`,
  deletePermission = `${permission}:delete`,
  listUrl,
  title,
  columns,
  rowKey = 'id' as keyof Row & string,
  searchFields,
  initialSearch,
  toSearch = (values) => values as Record<string, unknown>,
  exportUrl,
  exportName,
  deleteUrl,
  onAdd,
  toolbar,
  rowActions,
  actionsWidth = 260,
  children,
  readOnly = false,
  'data-testid': testId = 'manage-page',
}: ManagePageProps<Row, Search>) {
  const { t } = useTranslation();
  const allowed = usePermission();
  const table = usePagedTable<Row>();
  const [searchForm] = Form.useForm<Search>();
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [exporting, setExporting] = useState(false);
  const search = useRef<Record<string, unknown>>(toSearch((initialSearch ?? {}) as Search));
  const canEdit = !readOnly && allowed({ permissions: [editPermission] });
  const canDelete = !readOnly && allowed({ permissions: [deletePermission] });

  const reload = () => table.current?.reload();
  // The rows of the last load: the table's handle still holds the previous ones while this load's render runs.
  const [rows, setRows] = useState<Row[]>([]);
  const selected = rows.filter((row) => selectedKeys.includes(row[rowKey] as Key));
  const context: ManageContext<Row> = { reload, selected, canEdit, canDelete };

  const withActions = useMemo<PagedColumn<Row>[]>(
    () =>
      rowActions
        ? [
            ...columns,
            {
              key: '__actions',
              title: t('manage.actions'),
              fixed: 'right',
              width: actionsWidth,
              render: (_: unknown, row: Row) => (
                <Space size={0} wrap className="manage-row-actions">
                  {rowActions(row, context)}
                </Space>
              ),
            },
          ]
        : columns,
    // The context changes with every selection; the actions only need its latest value when clicked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns, rowActions, actionsWidth, t, canEdit, canDelete, selectedKeys],
  );

  const runExport = async () => {
    if (!exportUrl) return;
    setExporting(true);
    try {
      await exportList(exportUrl, search.current, exportName ?? 'export');
    } catch {
      // The request client has shown why.
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="manage-page" data-testid={testId}>
      <QueryHeader<Search>
        title={title}
        form={searchForm}
        initialValues={initialSearch}
        onSearch={(values) => {
          search.current = toSearch(values);
          setSelectedKeys([]);
          table.current?.search(search.current);
        }}
      >
        {searchFields?.(searchForm)}
      </QueryHeader>
      <div className="manage-toolbar">
        <Space wrap>
          {onAdd && canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="manage-add">
              {t('manage.add')}
            </Button>
          )}
          {deleteUrl && canDelete && (
            <DeleteButton
              url={deleteUrl}
              param={{ ids: selectedKeys }}
              beforeConfirm={() => {
                if (selectedKeys.length) return true;
                feedback().message.warning(t('common.selectNone'));
                return false;
              }}
              onSuccess={() => {
                setSelectedKeys([]);
                reload();
              }}
              data-testid="manage-batch-delete"
            >
              {t('manage.batchDelete')}
            </DeleteButton>
          )}
          {toolbar?.(context)}
          {exportUrl && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()} data-testid="manage-export">
              {t('manage.export')}
            </Button>
          )}
        </Space>
      </div>
      <PagedTable<Row>
        ref={table}
        url={listUrl}
        columns={withActions}
        rowKey={rowKey}
        defaultSearch={search.current}
        scroll={{ x: 'max-content' }}
        rowSelection={deleteUrl || toolbar ? { selectedRowKeys: selectedKeys, onChange: (keys) => setSelectedKeys(keys), preserveSelectedRowKeys: false } : undefined}
        onLoaded={(data) => {
          setRows(data.rows);
          setSelectedKeys((keys) => keys.filter((key) => data.rows.some((row) => row[rowKey] === key)));
        }}
      />
      {children?.(context)}
    </div>
  );
}
