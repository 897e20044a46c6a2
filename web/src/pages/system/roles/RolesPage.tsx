import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Select, Switch, Table, Tag, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleFormSchema, type MenuNode, type RoleRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { clearPickerCache } from '../../../api/components.ts';
import { ManagePage, FormDialog, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { userTypeKey } from '../../../components/Picker/PeopleTab.tsx';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage } from '../../../i18n/index.ts';

interface RoleSearchForm {
  keyword?: string;
  roleType?: string;
  enabled?: 'true' | 'false';
}

type RoleFormValues = Pick<RoleRow, 'code' | 'name' | 'roleType' | 'enabled' | 'sort'> & { remark?: string; dynamicSql?: string; dynamicProcedure?: string };

interface RoleType {
  code: string;
  name: string;
  kind: 'ordinary' | 'dynamic';
}

/** The enabled role types and how their roles work (the form shows the query fields for dynamic ones). */
function useRoleTypes(): RoleType[] {
  const [types, setTypes] = useState<RoleType[]>([]);
  useEffect(() => {
    call<RoleType[]>('/api/system/roles/types').then(setTypes, () => setTypes([]));
  }, []);
  return types;
}

interface Member {
  account: string;
  displayName: string;
  userType: number;
}

function toTreeData(nodes: MenuNode[], language: string, buttonLabel: string): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: `${(language === 'en' && node.nameEn) || node.name}${node.kind === 'button' ? ` (${buttonLabel})` : ''}`,
    children: node.children.length ? toTreeData(node.children, language, buttonLabel) : undefined,
  }));
}

/** Menu ids whose whole subtree is checked, so the tree shows parents checked or half-checked correctly. */
function leafIds(nodes: MenuNode[], held: Set<number>): number[] {
  return nodes.flatMap((node) => (node.children.length ? leafIds(node.children, held) : held.has(node.id) ? [node.id] : []));
}

function MenusDialog({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<MenuNode[]>([]);
  const [checked, setChecked] = useState<number[]>([]);
  const [half, setHalf] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!role) return;
    let alive = true;
    Promise.all([call<MenuNode[]>('/api/system/menus/tree'), call<{ menuIds: number[] }>('/api/system/roles/get', { json: { id: role.id } })]).then(
      ([menus, detail]) => {
        if (!alive) return;
        setTree(menus);
        setChecked(leafIds(menus, new Set(detail.menuIds)));
        setHalf([]);
      },
      () => onClose(),
    );
    return () => {
      alive = false;
    };
  }, [role, onClose]);
  const data = useMemo(() => toTreeData(tree, currentLanguage(), t('roles.button')), [tree, t]);
  const save = async () => {
    if (!role) return;
    setSaving(true);
    try {
      // Parents of checked entries are held too, so the sidebar can show their groups.
      await call('/api/system/roles/menus', { json: { id: role.id, menuIds: [...checked, ...half] } });
      feedback().message.success(t('roles.menusSaved'));
      onClose();
    } catch {
      // shown by the request client
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={!!role} title={t('roles.menusTitle', { name: role?.name ?? '' })} onCancel={onClose} onOk={() => void save()} okText={t('manage.save')} cancelText={t('manage.cancel')} confirmLoading={saving} destroyOnHidden width={560}>
      <div className="roles-menu-tree" data-testid="roles-menu-tree">
        <Tree
          checkable
          treeData={data}
          checkedKeys={{ checked, halfChecked: half }}
          onCheck={(keys, info) => {
            setChecked((Array.isArray(keys) ? keys : keys.checked) as number[]);
            setHalf((info.halfCheckedKeys ?? []) as number[]);
          }}
          height={420}
          defaultExpandAll={false}
        />
      </div>
    </Modal>
  );
}

function MembersDialog({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [result, setResult] = useState<{ total: number; rows: Member[] }>({ total: 0, rows: [] });
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!role) return;
    let alive = true;
    setLoading(true);
    call<{ total: number; rows: Member[] }>('/api/system/roles/members', { json: { id: role.id, currPage: page.current - 1, limit: page.size } })
      .then((data) => alive && setResult(data), () => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [role, page]);
  return (
    <Modal open={!!role} title={t('roles.membersTitle', { name: role?.name ?? '' })} onCancel={onClose} footer={null} destroyOnHidden width={620}>
      <Table<Member>
        rowKey="account"
        size="small"
        loading={loading}
        dataSource={result.rows}
        columns={[
          { key: 'account', dataIndex: 'account', title: t('users.account') },
          { key: 'displayName', dataIndex: 'displayName', title: t('users.displayName') },
          { key: 'userType', dataIndex: 'userType', title: t('users.userType'), render: (value: number) => t(userTypeKey(value)) },
        ]}
        pagination={{ current: page.current, pageSize: page.size, total: result.total, showSizeChanger: false, onChange: (current, size) => setPage({ current, size }) }}
        data-testid="roles-members"
      />
    </Modal>
  );
}

/** /xtgl/jsgl: roles, their menus and buttons, dynamic rules and members (issue 4, item 2). */
export default function RolesPage(_props: PageProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: RoleRow } | null>(null);
  const [menusOf, setMenusOf] = useState<RoleRow | null>(null);
  const [membersOf, setMembersOf] = useState<RoleRow | null>(null);
  // Stable handlers: the dialogs load when their role changes, not whenever this page renders again
  // (a reload there would drop the ticks the user has made).
  const closeMenus = useCallback(() => setMenusOf(null), []);
  const closeMembers = useCallback(() => setMembersOf(null), []);
  const roleTypes = useRoleTypes();
  const typeOptions = roleTypes.map((type) => ({ value: type.code, label: type.name }));
  const isDynamic = (code: unknown) => roleTypes.some((type) => type.code === code && type.kind === 'dynamic');
  const initialValues = useMemo<Partial<RoleFormValues>>(
    () =>
      dialog?.row
        ? { code: dialog.row.code, name: dialog.row.name, roleType: dialog.row.roleType, enabled: dialog.row.enabled, sort: dialog.row.sort, remark: dialog.row.remark ?? '', dynamicSql: dialog.row.dynamicSql ?? '', dynamicProcedure: dialog.row.dynamicProcedure ?? '' }
        : { roleType: 'ordinary', enabled: true, sort: 0 },
    [dialog],
  );

  return (
    <ManagePage<RoleRow, RoleSearchForm>
      permission="system:role"
      listUrl="/api/system/roles/page"
      exportUrl="/api/system/roles/export"
      exportName={t('roles.exportName')}
      deleteUrl="/api/system/roles/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={(values) => ({ ...values, enabled: values.enabled === undefined ? undefined : values.enabled === 'true' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('roles.keyword')}>
            <Input allowClear maxLength={64} placeholder={t('roles.keywordPlaceholder')} />
          </Form.Item>
          <Form.Item name="roleType" label={t('roles.type')}>
            <Select allowClear options={typeOptions} placeholder={t('manage.all')} style={{ width: 140 }} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'code', dataIndex: 'code', title: t('roles.code'), sorter: true, width: 160 },
        { key: 'name', dataIndex: 'name', title: t('roles.name'), sorter: true, width: 160 },
        { key: 'roleType', dataIndex: 'roleTypeName', title: t('roles.type'), width: 140, render: (value: string, row: RoleRow) => <Tag color={row.kind === 'dynamic' ? 'purple' : 'blue'}>{value}</Tag> },
        { key: 'enabled', dataIndex: 'enabled', title: t('users.enabled'), width: 90, render: (value: boolean) => <Tag color={value ? 'green' : 'default'}>{value ? t('manage.enabled') : t('manage.disabled')}</Tag> },
        { key: 'userCount', dataIndex: 'userCount', title: t('roles.userCount'), width: 90 },
        { key: 'sort', dataIndex: 'sort', title: t('roles.sort'), sorter: true, width: 80 },
        { key: 'remark', dataIndex: 'remark', title: t('roles.remark'), ellipsis: true },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} editTestId={`roles-edit-${row.code}`} />
          {canEdit && row.kind === 'ordinary' && row.code !== 'admin' && (
            <Button type="link" size="small" onClick={() => setMenusOf(row)} data-testid={`roles-menus-${row.code}`}>
              {t('roles.menus')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setMembersOf(row)} data-testid={`roles-members-${row.code}`}>
            {t('roles.members')}
          </Button>
          {canDelete && (
            <DeleteButton
              type="link"
              size="small"
              url="/api/system/roles/delete"
              param={{ ids: [row.id] }}
              onSuccess={() => {
                clearPickerCache();
                reload();
              }}
            />
          )}
        </>
      )}
      data-testid="roles-page"
    >
      {({ reload }) => (
        <>
          <FormDialog<RoleFormValues>
            open={!!dialog}
            mode={dialog?.mode ?? 'add'}
            title={t(dialog?.mode === 'add' ? 'roles.addTitle' : dialog?.mode === 'edit' ? 'roles.editTitle' : 'roles.viewTitle')}
            initialValues={initialValues}
            onClose={() => setDialog(null)}
            onSubmit={async (values) => {
              const body = { ...values, id: dialog?.row?.id };
              await call(dialog?.mode === 'add' ? '/api/system/roles/create' : '/api/system/roles/update', { json: body });
              feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
              clearPickerCache();
              reload();
            }}
            data-testid="roles-dialog"
          >
            {(form) => (
              <>
                <Form.Item name="code" label={t('roles.code')} required rules={[zodRule(roleFormSchema, 'code', form)]}>
                  <Input maxLength={64} data-testid="roles-form-code" />
                </Form.Item>
                <Form.Item name="name" label={t('roles.name')} required rules={[zodRule(roleFormSchema, 'name', form)]}>
                  <Input maxLength={100} data-testid="roles-form-name" />
                </Form.Item>
                <Form.Item name="roleType" label={t('roles.type')} required>
                  <Select options={typeOptions} data-testid="roles-form-type" />
                </Form.Item>
                <Form.Item noStyle shouldUpdate={(a, b) => a.roleType !== b.roleType}>
                  {() =>
                    isDynamic(form.getFieldValue('roleType')) && (
                      <>
                        <Form.Item name="dynamicSql" label={t('roles.dynamicSql')} extra={t('roles.dynamicSqlHint')} rules={[zodRule(roleFormSchema, 'dynamicSql', form)]}>
                          <Input.TextArea rows={5} maxLength={4000} spellCheck={false} className="roles-sql" />
                        </Form.Item>
                        <Form.Item name="dynamicProcedure" label={t('roles.dynamicProcedure')} extra={t('roles.dynamicProcedureHint')}>
                          <Input maxLength={100} />
                        </Form.Item>
                      </>
                    )
                  }
                </Form.Item>
                <Form.Item name="sort" label={t('roles.sort')}>
                  <InputNumber min={0} max={9999} precision={0} />
                </Form.Item>
                <Form.Item name="enabled" label={t('users.enabled')} valuePropName="checked">
                  <Switch />
                </Form.Item>
                <Form.Item name="remark" label={t('roles.remark')}>
                  <Input.TextArea rows={2} maxLength={300} />
                </Form.Item>
              </>
            )}
          </FormDialog>
          <MenusDialog role={menusOf} onClose={closeMenus} />
          <MembersDialog role={membersOf} onClose={closeMembers} />
        </>
      )}
    </ManagePage>
  );
}
