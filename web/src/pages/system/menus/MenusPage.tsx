import { useCallback, useEffect, useMemo, useRef, useState, type HTMLAttributes } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Switch, Table, Tag, Tooltip, TreeSelect, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MENU_KINDS, menuFormSchema, type MenuDetail, type MenuForm, type MenuKind, type MenuNode } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { exportList } from '../../../api/exports.ts';
import { FormDialog, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { MenuIcon } from '../../../components/MenuIcon/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import '../common/menusDicts.css';

/** Icons offered for menus: Ant Design outlined icons, the only kind the sidebar's MenuIcon draws. */
export const MENU_ICON_CHOICES = [
  'HomeOutlined', 'AppstoreOutlined', 'AppstoreAddOutlined', 'SettingOutlined', 'TeamOutlined', 'UserOutlined', 'IdcardOutlined',
  'SolutionOutlined', 'NotificationOutlined', 'MessageOutlined', 'MailOutlined', 'BellOutlined', 'CalendarOutlined', 'ScheduleOutlined',
  'ClockCircleOutlined', 'TrophyOutlined', 'StarOutlined', 'AuditOutlined', 'FileDoneOutlined', 'FileTextOutlined', 'FormOutlined',
  'EditOutlined', 'BookOutlined', 'ReadOutlined', 'LineChartOutlined', 'BarChartOutlined', 'PieChartOutlined', 'DashboardOutlined',
  'SafetyOutlined', 'SafetyCertificateOutlined', 'LockOutlined', 'KeyOutlined', 'BankOutlined', 'ShopOutlined', 'EnvironmentOutlined',
  'CompassOutlined', 'GlobalOutlined', 'LinkOutlined', 'CloudOutlined', 'DatabaseOutlined', 'ApartmentOutlined', 'ClusterOutlined',
  'PartitionOutlined', 'ProfileOutlined', 'ProjectOutlined', 'TagsOutlined', 'ToolOutlined', 'ExperimentOutlined', 'CarOutlined',
  'CoffeeOutlined', 'HeartOutlined', 'PictureOutlined', 'VideoCameraOutlined', 'SoundOutlined', 'QuestionCircleOutlined', 'InfoCircleOutlined',
] as const;

type MenuFormValues = Omit<MenuForm, 'id'>;

const EMPTY: Partial<MenuFormValues> = {
  kind: 'page', name: '', nameEn: '', url: '', permission: '', icon: '', sort: 0, enabled: true, remark: '',
  hidden: false, alwaysShow: false, noCache: false, isCustomPage: false, customPageParam: '', isHomePage: false, position: '', isExternalLink: false,
};

/** Tree rows for the table: leaves carry no `children`, so no expand arrow shows on them. */
type MenuRow = Omit<MenuNode, 'children'> & { children?: MenuRow[]; parentId: number | null };

function toRows(nodes: MenuNode[], parentId: number | null, keyword: string): MenuRow[] {
  const rows: MenuRow[] = [];
  for (const node of nodes) {
    const children = toRows(node.children, node.id, keyword);
    const text = `${node.name} ${node.nameEn ?? ''} ${node.url} ${node.permission}`.toLowerCase();
    if (keyword && !text.includes(keyword) && children.length === 0) continue;
    rows.push({ ...node, parentId, children: children.length ? children : undefined });
  }
  return rows;
}

function allKeys(rows: MenuRow[]): number[] {
  return rows.flatMap((row) => (row.children ? [row.id, ...allKeys(row.children)] : []));
}

/** Where an entry may go (the server checks the same): buttons under pages, others at the top or under directories. */
function parentOptions(nodes: MenuNode[], kind: MenuKind, selfId: number | undefined, language: string): { value: number; title: string; disabled?: boolean; children?: ReturnType<typeof parentOptions> }[] {
  return nodes
    .filter((node) => node.kind !== 'button' && node.id !== selfId)
    .map((node) => {
      const children = parentOptions(node.children, kind, selfId, language);
      return {
        value: node.id,
        title: (language === 'en' && node.nameEn) || node.name,
        disabled: kind === 'button' ? node.kind !== 'page' : node.kind !== 'directory',
        children: children.length ? children : undefined,
      };
    });
}

function siblingPosition(rows: MenuNode[], id: number): { index: number; count: number } | undefined {
  const index = rows.findIndex((row) => row.id === id);
  if (index >= 0) return { index, count: rows.length };
  for (const row of rows) {
    const found = siblingPosition(row.children, id);
    if (found) return found;
  }
  return undefined;
}

/** /xtgl/cdgl: the menu tree with its pages and buttons (issue 4, item 3). */
export default function MenusPage(_props: PageProps) {
  const { t } = useTranslation();
  const allowed = usePermission();
  const canEdit = allowed({ permissions: ['system:menu:edit'] });
  const canDelete = allowed({ permissions: ['system:menu:delete'] });
  const language = currentLanguage();
  const [tree, setTree] = useState<MenuNode[]>([]);
  const [loading, setLoading] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<number[]>([]);
  const [exporting, setExporting] = useState(false);
  const [dialog, setDialog] = useState<{ mode: FormMode; id?: number; values: Partial<MenuFormValues> } | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setTree(await call<MenuNode[]>('/api/system/menus/tree'));
    } catch {
      // The request client has shown why.
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const rows = useMemo(() => toRows(tree, null, keyword.trim().toLowerCase()), [tree, keyword]);
  // While searching, every branch that still has matches is open.
  const expandedKeys = keyword.trim() ? allKeys(rows) : expanded;

  const open = async (mode: FormMode, id: number) => {
    try {
      const detail = await call<MenuDetail>('/api/system/menus/get', { json: { id } });
      const { code: _code, roleCount: _roles, childCount: _children, id: _id, ...values } = detail;
      setDialog({ mode, id, values });
    } catch {
      // shown by the request client
    }
  };

  const move = async (id: number, direction: 'up' | 'down') => {
    try {
      await call('/api/system/menus/move', { json: { id, direction } });
      feedback().message.success(t('menus.moved'));
      await load();
    } catch {
      // shown by the request client
    }
  };

  // Drag a row onto a sibling to put it there (up / down buttons do the same one step at a time).
  const dragged = useRef<MenuRow | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const siblingsOf = (row: MenuRow): MenuRow[] => {
    const find = (list: MenuRow[]): MenuRow[] | null => {
      if (list.some((r) => r.id === row.id)) return list;
      for (const r of list) {
        const found = r.children ? find(r.children) : null;
        if (found) return found;
      }
      return null;
    };
    return find(rows) ?? [];
  };
  const dropOn = async (target: MenuRow) => {
    const source = dragged.current;
    dragged.current = null;
    setDropTarget(null);
    if (!source || source.id === target.id || source.parentId !== target.parentId) return;
    const ids = siblingsOf(target).map((r) => r.id).filter((id) => id !== source.id);
    ids.splice(ids.indexOf(target.id), 0, source.id);
    try {
      await call('/api/system/menus/reorder', { json: { parentId: target.parentId, ids } });
      feedback().message.success(t('menus.moved'));
      await load();
    } catch {
      // shown by the request client
    }
  };
  const draggable = canEdit && !keyword.trim();

  const runExport = async () => {
    setExporting(true);
    try {
      await exportList('/api/system/menus/export', {}, t('menus.exportName'));
    } catch {
      // shown by the request client
    } finally {
      setExporting(false);
    }
  };

  const kindTag = (kind: MenuKind) => <Tag color={kind === 'directory' ? 'geekblue' : kind === 'page' ? 'green' : 'default'}>{t(`menus.kind.${kind}`)}</Tag>;

  const columns: TableColumnsType<MenuRow> = [
    {
      key: 'name',
      title: t('menus.name'),
      width: 260,
      render: (_: unknown, row) => (
        <span className="menus-name" data-testid={`menus-row-${row.code}`}>
          {row.kind !== 'button' && <MenuIcon name={row.icon || undefined} />} {row.name}
        </span>
      ),
    },
    { key: 'nameEn', dataIndex: 'nameEn', title: t('menus.nameEn'), width: 200, ellipsis: true },
    { key: 'kind', dataIndex: 'kind', title: t('menus.kind'), width: 90, render: (kind: MenuKind) => kindTag(kind) },
    { key: 'url', dataIndex: 'url', title: t('menus.url'), width: 180, ellipsis: true },
    { key: 'permission', dataIndex: 'permission', title: t('menus.permission'), width: 200, ellipsis: true },
    { key: 'sort', dataIndex: 'sort', title: t('menus.sort'), width: 70 },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: t('menus.enabled'),
      width: 90,
      render: (value: boolean) => <Tag color={value ? 'green' : 'default'}>{value ? t('manage.enabled') : t('manage.disabled')}</Tag>,
    },
    {
      key: '__actions',
      title: t('manage.actions'),
      fixed: 'right',
      width: 330,
      render: (_: unknown, row) => {
        const position = siblingPosition(tree, row.id);
        return (
          <Space size={0} wrap className="manage-row-actions">
            <Button type="link" size="small" onClick={() => void open('view', row.id)} data-testid={`menus-view-${row.code}`}>
              {t('manage.view')}
            </Button>
            {canEdit && (
              <Button type="link" size="small" onClick={() => void open('edit', row.id)} data-testid={`menus-edit-${row.code}`}>
                {t('manage.edit')}
              </Button>
            )}
            {canEdit && row.kind !== 'button' && (
              <Button
                type="link"
                size="small"
                onClick={() => setDialog({ mode: 'add', values: { ...EMPTY, parentId: row.id, kind: row.kind === 'page' ? 'button' : 'page' } })}
                data-testid={`menus-add-child-${row.code}`}
              >
                {t('menusPage.addChild')}
              </Button>
            )}
            {canEdit && (
              <Tooltip title={t('menusPage.moveUp')}>
                <Button type="link" size="small" icon={<ArrowUpOutlined />} disabled={!position || position.index === 0} onClick={() => void move(row.id, 'up')} aria-label={t('menusPage.moveUp')} data-testid={`menus-up-${row.code}`} />
              </Tooltip>
            )}
            {canEdit && (
              <Tooltip title={t('menusPage.moveDown')}>
                <Button
                  type="link"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={!position || position.index === position.count - 1}
                  onClick={() => void move(row.id, 'down')}
                  aria-label={t('menusPage.moveDown')}
                  data-testid={`menus-down-${row.code}`}
                />
              </Tooltip>
            )}
            {canDelete && (
              <DeleteButton
                type="link"
                size="small"
                url="/api/system/menus/delete"
                param={{ ids: [row.id] }}
                text={row.children ? t('menusPage.deleteHasChildren') : t('menusPage.deleteConfirm')}
                onSuccess={() => void load()}
                data-testid={`menus-delete-${row.code}`}
              />
            )}
          </Space>
        );
      },
    },
  ];

  const kindOptions = MENU_KINDS.map((kind) => ({ value: kind, label: t(`menus.kind.${kind}`) }));
  const iconOptions = (current: string | undefined) =>
    [...new Set([...(current ? [current] : []), ...MENU_ICON_CHOICES])].map((name) => ({
      value: name,
      label: (
        <span className="menus-icon-option">
          <MenuIcon name={name} /> {name}
        </span>
      ),
    }));

  return (
    <div className="manage-page menus-page" data-testid="menus-page">
      <div className="manage-toolbar">
        <Space wrap>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add', values: { ...EMPTY, kind: 'directory', parentId: null } })} data-testid="manage-add">
              {t('manage.add')}
            </Button>
          )}
          <Button onClick={() => setExpanded(allKeys(rows))} data-testid="menus-expand-all">
            {t('menusPage.expandAll')}
          </Button>
          <Button onClick={() => setExpanded([])}>{t('menusPage.collapseAll')}</Button>
          <Button icon={<ReloadOutlined />} onClick={() => void load()}>
            {t('menusPage.refresh')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()} data-testid="manage-export">
            {t('manage.export')}
          </Button>
        </Space>
        <Input.Search allowClear placeholder={t('menusPage.searchPlaceholder')} style={{ width: 260 }} onSearch={setKeyword} onChange={(event) => !event.target.value && setKeyword('')} data-testid="menus-search" />
      </div>
      <Table<MenuRow>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded(keys as number[]) }}
        rowClassName={(row) => (row.id === dropTarget ? 'menus-drop-target' : '')}
        onRow={(row) =>
          draggable
            ? {
                draggable: true,
                onDragStart: (event) => {
                  dragged.current = row;
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(row.id));
                },
                onDragOver: (event) => {
                  // Only among siblings: moving under another parent is the form's job (its parent field).
                  if (dragged.current && dragged.current.parentId === row.parentId && dragged.current.id !== row.id) {
                    event.preventDefault();
                    setDropTarget(row.id);
                  }
                },
                onDragLeave: () => setDropTarget((current) => (current === row.id ? null : current)),
                onDrop: (event) => {
                  event.preventDefault();
                  void dropOn(row);
                },
                'data-testid': `menus-tr-${row.code}`,
              } as HTMLAttributes<HTMLElement>
            : {}
        }
        data-testid="menus-table"
      />
      <FormDialog<MenuFormValues>
        open={!!dialog}
        mode={dialog?.mode ?? 'add'}
        title={t(dialog?.mode === 'add' ? 'menusPage.addTitle' : dialog?.mode === 'edit' ? 'menusPage.editTitle' : 'menusPage.viewTitle')}
        initialValues={dialog?.values}
        onClose={() => setDialog(null)}
        onSubmit={async (values) => {
          const body = { ...values, id: dialog?.id, parentId: values.parentId ?? null };
          await call(dialog?.mode === 'add' ? '/api/system/menus/create' : '/api/system/menus/update', { json: body });
          feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
          await load();
        }}
        data-testid="menus-dialog"
      >
        {(form) => (
          <div className="menus-form">
            <Form.Item name="kind" label={t('menus.kind')} required rules={[zodRule(menuFormSchema, 'kind', form)]}>
              <Radio.Group options={kindOptions} optionType="button" data-testid="menus-form-kind" />
            </Form.Item>
            <Form.Item noStyle shouldUpdate={(a, b) => a.kind !== b.kind}>
              {() => (
                <Form.Item name="parentId" label={t('menusPage.parent')} rules={[zodRule(menuFormSchema, 'parentId', form)]}>
                  <TreeSelect
                    allowClear
                    treeDefaultExpandAll={false}
                    placeholder={t('menusPage.topLevel')}
                    treeData={parentOptions(tree, (form.getFieldValue('kind') as MenuKind) ?? 'page', dialog?.id, language)}
                    data-testid="menus-form-parent"
                  />
                </Form.Item>
              )}
            </Form.Item>
            <div className="menus-form-grid">
              <Form.Item name="name" label={t('menus.name')} required rules={[zodRule(menuFormSchema, 'name', form)]}>
                <Input maxLength={100} data-testid="menus-form-name" />
              </Form.Item>
              <Form.Item name="nameEn" label={t('menus.nameEn')} rules={[zodRule(menuFormSchema, 'nameEn', form)]}>
                <Input maxLength={100} data-testid="menus-form-name-en" />
              </Form.Item>
              <Form.Item noStyle shouldUpdate={(a, b) => a.kind !== b.kind}>
                {() => (
                  <Form.Item name="url" label={t('menus.url')} required={form.getFieldValue('kind') !== 'button'} rules={[zodRule(menuFormSchema, 'url', form)]}>
                    <Input maxLength={300} placeholder="/xtgl/example" data-testid="menus-form-url" />
                  </Form.Item>
                )}
              </Form.Item>
              <Form.Item name="permission" label={t('menus.permission')} required rules={[zodRule(menuFormSchema, 'permission', form)]}>
                <Input maxLength={100} placeholder="system:example" data-testid="menus-form-permission" />
              </Form.Item>
              <Form.Item noStyle shouldUpdate={(a, b) => a.kind !== b.kind || a.icon !== b.icon}>
                {() =>
                  form.getFieldValue('kind') !== 'button' && (
                    <Form.Item name="icon" label={t('menus.icon')} rules={[zodRule(menuFormSchema, 'icon', form)]}>
                      <Select allowClear showSearch options={iconOptions(form.getFieldValue('icon') as string | undefined)} optionFilterProp="value" placeholder={t('menusPage.iconPlaceholder')} data-testid="menus-form-icon" />
                    </Form.Item>
                  )
                }
              </Form.Item>
              <Form.Item name="sort" label={t('menus.sort')} rules={[zodRule(menuFormSchema, 'sort', form)]}>
                <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} data-testid="menus-form-sort" />
              </Form.Item>
            </div>
            <Form.Item name="enabled" label={t('menus.enabled')} valuePropName="checked">
              <Switch data-testid="menus-form-enabled" />
            </Form.Item>
            <Form.Item noStyle shouldUpdate={(a, b) => a.kind !== b.kind || a.isCustomPage !== b.isCustomPage}>
              {() =>
                form.getFieldValue('kind') !== 'button' && (
                  <fieldset className="menus-flags">
                    <legend>{t('menus.flags')}</legend>
                    <Space wrap size={[16, 0]}>
                      <Form.Item name="hidden" valuePropName="checked" noStyle>
                        <Checkbox>{t('menus.flag.hidden')}</Checkbox>
                      </Form.Item>
                      <Form.Item name="alwaysShow" valuePropName="checked" noStyle>
                        <Checkbox>{t('menus.flag.alwaysShow')}</Checkbox>
                      </Form.Item>
                      <Form.Item name="noCache" valuePropName="checked" noStyle>
                        <Checkbox>{t('menus.flag.noCache')}</Checkbox>
                      </Form.Item>
                      <Form.Item name="isHomePage" valuePropName="checked" noStyle>
                        <Checkbox>{t('menus.flag.homePage')}</Checkbox>
                      </Form.Item>
                      <Form.Item name="position" valuePropName="checked" noStyle getValueProps={(value: string) => ({ checked: value === 'top' })} normalize={(checked: boolean) => (checked ? 'top' : '')}>
                        <Checkbox>{t('menus.flag.top')}</Checkbox>
                      </Form.Item>
                      <Form.Item name="isExternalLink" valuePropName="checked" noStyle>
                        <Checkbox data-testid="menus-form-external">{t('menus.flag.externalLink')}</Checkbox>
                      </Form.Item>
                      <Form.Item name="isCustomPage" valuePropName="checked" noStyle>
                        <Checkbox data-testid="menus-form-custom">{t('menus.flag.customPage')}</Checkbox>
                      </Form.Item>
                    </Space>
                    {form.getFieldValue('isCustomPage') && (
                      <Form.Item name="customPageParam" label={t('menusPage.customParam')} required rules={[zodRule(menuFormSchema, 'customPageParam', form)]} className="menus-custom-param">
                        <Input maxLength={100} addonBefore="/customPreview/" data-testid="menus-form-custom-param" />
                      </Form.Item>
                    )}
                  </fieldset>
                )
              }
            </Form.Item>
            <Form.Item name="remark" label={t('menus.remark')} rules={[zodRule(menuFormSchema, 'remark', form)]}>
              <Input.TextArea rows={2} maxLength={300} />
            </Form.Item>
          </div>
        )}
      </FormDialog>
    </div>
  );
}
