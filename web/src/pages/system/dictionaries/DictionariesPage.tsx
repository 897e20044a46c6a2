import { useCallback, useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { Button, Empty, Form, Input, InputNumber, Select, Switch, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  dictionaryItemFormSchema,
  dictionaryTableFormSchema,
  type DictionaryItemForm,
  type DictionaryItemRow,
  type DictionaryTableForm,
  type DictionaryTableRow,
  type PagedResult,
} from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { ManagePage, FormDialog, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import '../common/menusDicts.css';

const BASE = '/api/system/dictionaries';

interface ItemSearchForm {
  keyword?: string;
  enabled?: 'true' | 'false';
  published?: 'true' | 'false';
}

type ItemFormValues = Omit<DictionaryItemForm, 'id'>;

const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

function PublishedTag({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return <Tag color={published ? 'green' : 'orange'}>{t(published ? 'dictItems.isPublished' : 'dictItems.isUnpublished')}</Tag>;
}

/** The dictionary tables: pick one to manage its items; add, modify, publish or delete a table. */
function TablesPanel({ chosen, onChoose, version }: { chosen: string | null; onChoose: (table: DictionaryTableRow | null) => void; version: number }) {
  const { t } = useTranslation();
  const allowed = usePermission();
  const canEdit = allowed({ permissions: ['system:dictionary:edit'] });
  const canDelete = allowed({ permissions: ['system:dictionary:delete'] });
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<DictionaryTableRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: DictionaryTableRow } | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const result = await call<PagedResult<DictionaryTableRow>>(`${BASE}/tables/page`, { json: { currPage: 0, limit: 500, search: keyword ? { keyword } : {} } });
      setRows(result.rows);
    } catch {
      // shown by the request client
    } finally {
      setLoading(false);
    }
  }, [keyword]);
  // `version` changes when items were added or removed, so the counts stay right.
  useEffect(() => {
    void load();
  }, [load, version]);
  // Keep the chosen table's row (its published flag and count) current, or choose the first one.
  useEffect(() => {
    if (loading) return;
    const current = rows.find((row) => row.tableName === chosen);
    if (current) onChoose(current);
    else if (!chosen && rows[0]) onChoose(rows[0]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);

  const publish = async (row: DictionaryTableRow, published: boolean) => {
    try {
      await call(`${BASE}/tables/publish`, { json: { tableNames: [row.tableName], published } });
      feedback().message.success(t(published ? 'dictTables.published' : 'dictTables.unpublished'));
      await load();
    } catch {
      // shown by the request client
    }
  };

  const initialValues = useMemo<Partial<DictionaryTableForm>>(
    () => (dialog?.row ? { ...dialog.row, nameEn: dialog.row.nameEn ?? '', remark: dialog.row.remark ?? '' } : { tableName: 'STD_', published: false }),
    [dialog],
  );

  return (
    <div className="dicts-tables" data-testid="dicts-tables">
      <div className="dicts-tables-head">
        <Typography.Text strong>{t('dictsPage.tables')}</Typography.Text>
        {canEdit && (
          <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })} data-testid="dicts-table-add">
            {t('manage.add')}
          </Button>
        )}
      </div>
      <Input.Search allowClear placeholder={t('dictsPage.tableSearch')} onSearch={setKeyword} data-testid="dicts-table-search" />
      <Table<DictionaryTableRow>
        rowKey="tableName"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 520 }}
        rowClassName={(row) => (row.tableName === chosen ? 'dicts-table-chosen' : '')}
        onRow={(row) => ({ onClick: () => onChoose(row), 'data-testid': `dicts-table-${row.tableName}` } as HTMLAttributes<HTMLElement>)}
        columns={[
          {
            key: 'name',
            title: t('dictsPage.table'),
            render: (_: unknown, row) => (
              <div className="dicts-table-name">
                <div>{(currentLanguage() === 'en' && row.nameEn) || row.name}</div>
                <Typography.Text type="secondary" className="dicts-table-code">
                  {row.tableName} · {row.itemCount}
                </Typography.Text>
              </div>
            ),
          },
          { key: 'published', dataIndex: 'published', title: t('dictItems.publishStatus'), width: 86, render: (value: boolean) => <PublishedTag published={value} /> },
          {
            key: 'actions',
            title: t('manage.actions'),
            width: 150,
            render: (_: unknown, row) => (
              <div className="dicts-table-actions" onClick={(event) => event.stopPropagation()}>
                <Button type="link" size="small" onClick={() => setDialog({ mode: canEdit ? 'edit' : 'view', row })} data-testid={`dicts-table-edit-${row.tableName}`}>
                  {canEdit ? t('manage.edit') : t('manage.view')}
                </Button>
                {canEdit && (
                  <Button type="link" size="small" onClick={() => void publish(row, !row.published)} data-testid={`dicts-table-publish-${row.tableName}`}>
                    {t(row.published ? 'dictsPage.unpublish' : 'dictsPage.publish')}
                  </Button>
                )}
                {canDelete && (
                  <DeleteButton
                    type="link"
                    size="small"
                    url={`${BASE}/tables/delete`}
                    param={{ tableNames: [row.tableName] }}
                    text={t('dictsPage.deleteTableConfirm', { name: row.tableName })}
                    onSuccess={() => {
                      if (row.tableName === chosen) onChoose(null);
                      void load();
                    }}
                  />
                )}
              </div>
            ),
          },
        ]}
      />
      <FormDialog<DictionaryTableForm>
        open={!!dialog}
        mode={dialog?.mode ?? 'add'}
        title={t(dialog?.mode === 'add' ? 'dictsPage.addTable' : dialog?.mode === 'edit' ? 'dictsPage.editTable' : 'dictsPage.viewTable')}
        initialValues={initialValues}
        onClose={() => setDialog(null)}
        onSubmit={async (values) => {
          await call(dialog?.mode === 'add' ? `${BASE}/tables/create` : `${BASE}/tables/update`, { json: values });
          feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
          await load();
        }}
        data-testid="dicts-table-dialog"
      >
        {(form, mode) => (
          <>
            <Form.Item name="tableName" label={t('dictTables.tableName')} required extra={t('dictsPage.tableNameHint')} rules={[zodRule(dictionaryTableFormSchema, 'tableName', form)]}>
              <Input maxLength={40} disabled={mode !== 'add'} data-testid="dicts-table-form-name" />
            </Form.Item>
            <Form.Item name="name" label={t('dictItems.name')} required rules={[zodRule(dictionaryTableFormSchema, 'name', form)]}>
              <Input maxLength={100} data-testid="dicts-table-form-title" />
            </Form.Item>
            <Form.Item name="nameEn" label={t('dictItems.nameEn')} rules={[zodRule(dictionaryTableFormSchema, 'nameEn', form)]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="published" label={t('dictItems.isPublished')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="remark" label={t('dictItems.remark')} rules={[zodRule(dictionaryTableFormSchema, 'remark', form)]}>
              <Input.TextArea rows={2} maxLength={300} />
            </Form.Item>
          </>
        )}
      </FormDialog>
    </div>
  );
}

function ItemFields({ form }: { form: Parameters<typeof zodRule>[2] }) {
  const { t } = useTranslation();
  const rule = (field: string) => [zodRule(dictionaryItemFormSchema, field, form)];
  const text = (name: keyof ItemFormValues, label: string, max: number, required = false) => (
    <Form.Item key={name} name={name} label={label} required={required} rules={rule(name)}>
      <Input maxLength={max} data-testid={`dicts-item-form-${name}`} />
    </Form.Item>
  );
  return (
    <div className="menus-form-grid">
      {text('code', t('dictItems.code'), 50, true)}
      {text('name', t('dictItems.name'), 100, true)}
      {text('nameEn', t('dictItems.nameEn'), 100)}
      <Form.Item name="sort" label={t('dictItems.sort')} rules={rule('sort')}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      {text('parentCode', t('dictItems.parentCode'), 50)}
      <Form.Item name="level" label={t('dictItems.level')} rules={rule('level')}>
        <InputNumber min={1} max={9} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      {text('alias', t('dictItems.alias'), 100)}
      {text('shortName', t('dictItems.shortName'), 50)}
      {([1, 2, 3, 4, 5] as const).map((n) => text(`tag${n}`, t('dictItems.tag', { n }), 100))}
      {text('source', t('dictItems.source'), 100)}
      <Form.Item name="startDate" label={t('dictItems.startDate')} rules={rule('startDate')}>
        <Input type="date" data-testid="dicts-item-form-startDate" />
      </Form.Item>
      <Form.Item name="endDate" label={t('dictItems.endDate')} rules={rule('endDate')} dependencies={['startDate']}>
        <Input type="date" data-testid="dicts-item-form-endDate" />
      </Form.Item>
      <Form.Item name="enabled" label={t('dictItems.enabled')} valuePropName="checked">
        <Switch checkedChildren={t('manage.enabled')} unCheckedChildren={t('manage.disabled')} />
      </Form.Item>
      <Form.Item name="published" label={t('dictItems.publishStatus')} valuePropName="checked">
        <Switch checkedChildren={t('dictItems.isPublished')} unCheckedChildren={t('dictItems.isUnpublished')} data-testid="dicts-item-form-published" />
      </Form.Item>
      <Form.Item name="remark" label={t('dictItems.remark')} rules={rule('remark')} className="menus-form-wide">
        <Input.TextArea rows={2} maxLength={300} />
      </Form.Item>
    </div>
  );
}

/** /xtgl/zdgl: dictionary tables and their items, publishing and withdrawing (issue 4, item 4). */
export default function DictionariesPage(_props: PageProps) {
  const { t } = useTranslation();
  const [table, setTable] = useState<DictionaryTableRow | null>(null);
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: DictionaryItemRow } | null>(null);
  const [version, setVersion] = useState(0);
  const tableName = table?.tableName ?? null;
  const changed = () => setVersion((n) => n + 1);

  const initialValues = useMemo<Partial<ItemFormValues>>(() => {
    if (!dialog?.row) return { tableName: tableName ?? '', sort: 0, level: 1, enabled: true, published: true };
    const row = dialog.row;
    return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value ?? ''])) as Partial<ItemFormValues>;
  }, [dialog, tableName]);

  const publish = async (ids: number[], published: boolean, reload: () => void) => {
    if (!ids.length) {
      feedback().message.warning(t('common.selectNone'));
      return;
    }
    try {
      await call(`${BASE}/items/publish`, { json: { ids, published } });
      feedback().message.success(t(published ? 'dictItems.published' : 'dictItems.unpublished'));
      reload();
    } catch {
      // shown by the request client
    }
  };

  return (
    <div className="dicts-page" data-testid="dicts-page">
      <TablesPanel chosen={tableName} onChoose={setTable} version={version} />
      <div className="dicts-items">
        {table ? (
          <>
            <div className="dicts-items-title">
              <Typography.Title level={5} data-testid="dicts-items-title">
                {(currentLanguage() === 'en' && table.nameEn) || table.name} <Typography.Text type="secondary">{table.tableName}</Typography.Text>
              </Typography.Title>
              <PublishedTag published={table.published} />
            </div>
            <ManagePage<DictionaryItemRow, ItemSearchForm>
              key={table.tableName}
              permission="system:dictionary"
              listUrl={`${BASE}/items/page`}
              exportUrl={`${BASE}/items/export`}
              exportName={`${t('dictItems.exportName')}-${table.tableName}`}
              deleteUrl={`${BASE}/items/delete`}
              onAdd={() => setDialog({ mode: 'add' })}
              initialSearch={{}}
              toSearch={(values) => ({ tableName: table.tableName, keyword: values.keyword || undefined, enabled: flag(values.enabled), published: flag(values.published) })}
              searchFields={() => (
                <>
                  <Form.Item name="keyword" label={t('dictsPage.keyword')}>
                    <Input allowClear maxLength={64} placeholder={t('dictsPage.keywordPlaceholder')} data-testid="dicts-item-keyword" />
                  </Form.Item>
                  <Form.Item name="enabled" label={t('dictItems.enabled')}>
                    <Select allowClear placeholder={t('manage.all')} style={{ width: 120 }} options={[{ value: 'true', label: t('manage.enabled') }, { value: 'false', label: t('manage.disabled') }]} />
                  </Form.Item>
                  <Form.Item name="published" label={t('dictItems.publishStatus')}>
                    <Select
                      allowClear
                      placeholder={t('manage.all')}
                      style={{ width: 120 }}
                      options={[{ value: 'true', label: t('dictItems.isPublished') }, { value: 'false', label: t('dictItems.isUnpublished') }]}
                    />
                  </Form.Item>
                </>
              )}
              toolbar={({ selected, canEdit, reload }) =>
                canEdit && (
                  <>
                    <Button onClick={() => void publish(selected.map((row) => row.id), true, reload)} data-testid="dicts-items-publish">
                      {t('dictsPage.publish')}
                    </Button>
                    <Button onClick={() => void publish(selected.map((row) => row.id), false, reload)} data-testid="dicts-items-unpublish">
                      {t('dictsPage.unpublish')}
                    </Button>
                  </>
                )
              }
              columns={[
                { key: 'code', dataIndex: 'code', title: t('dictItems.code'), sorter: true, width: 110 },
                { key: 'name', dataIndex: 'name', title: t('dictItems.name'), sorter: true, width: 150 },
                { key: 'nameEn', dataIndex: 'nameEn', title: t('dictItems.nameEn'), width: 150, ellipsis: true },
                { key: 'sort', dataIndex: 'sort', title: t('dictItems.sort'), sorter: true, width: 80 },
                { key: 'parentCode', dataIndex: 'parentCode', title: t('dictItems.parentCode'), width: 100 },
                { key: 'level', dataIndex: 'level', title: t('dictItems.level'), sorter: true, width: 70 },
                {
                  key: 'enabled',
                  dataIndex: 'enabled',
                  title: t('dictItems.enabled'),
                  sorter: true,
                  width: 90,
                  render: (value: boolean) => <Tag color={value ? 'green' : 'default'}>{value ? t('manage.enabled') : t('manage.disabled')}</Tag>,
                },
                { key: 'published', dataIndex: 'published', title: t('dictItems.publishStatus'), sorter: true, width: 100, render: (value: boolean) => <PublishedTag published={value} /> },
                { key: 'startDate', dataIndex: 'startDate', title: t('dictItems.startDate'), width: 110 },
                { key: 'endDate', dataIndex: 'endDate', title: t('dictItems.endDate'), width: 110 },
              ]}
              rowActions={(row, { canEdit, canDelete, reload }) => (
                <>
                  <Button type="link" size="small" onClick={() => setDialog({ mode: 'view', row })} data-testid={`dicts-item-view-${row.code}`}>
                    {t('manage.view')}
                  </Button>
                  {canEdit && (
                    <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', row })} data-testid={`dicts-item-edit-${row.code}`}>
                      {t('manage.edit')}
                    </Button>
                  )}
                  {canEdit && (
                    <Button type="link" size="small" onClick={() => void publish([row.id], !row.published, reload)} data-testid={`dicts-item-publish-${row.code}`}>
                      {t(row.published ? 'dictsPage.unpublish' : 'dictsPage.publish')}
                    </Button>
                  )}
                  {canDelete && (
                    <DeleteButton
                      type="link"
                      size="small"
                      url={`${BASE}/items/delete`}
                      param={{ ids: [row.id] }}
                      onSuccess={() => {
                        reload();
                        changed();
                      }}
                      data-testid={`dicts-item-delete-${row.code}`}
                    />
                  )}
                </>
              )}
              data-testid="dicts-items"
            >
              {({ reload }) => (
                <FormDialog<ItemFormValues>
                  open={!!dialog}
                  mode={dialog?.mode ?? 'add'}
                  title={t(dialog?.mode === 'add' ? 'dictsPage.addItem' : dialog?.mode === 'edit' ? 'dictsPage.editItem' : 'dictsPage.viewItem')}
                  initialValues={initialValues}
                  onClose={() => setDialog(null)}
                  onSubmit={async (values) => {
                    const body = { ...values, tableName: table.tableName, id: dialog?.row?.id };
                    await call(dialog?.mode === 'add' ? `${BASE}/items/create` : `${BASE}/items/update`, { json: body });
                    feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
                    reload();
                    changed();
                  }}
                  data-testid="dicts-item-dialog"
                >
                  {(form) => <ItemFields form={form} />}
                </FormDialog>
              )}
            </ManagePage>
          </>
        ) : (
          <Empty description={t('dictsPage.chooseTable')} />
        )}
      </div>
    </div>
  );
}

