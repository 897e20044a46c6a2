import { useEffect, useMemo, useState } from 'react';
import { Button, Form, Input, Popconfirm, Select, Switch, Tag, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { USER_TYPES, newUserPasswordSchema, userCreateSchema, userUpdateSchema, type UserRow } from '@campus/contract';
import { z } from 'zod';
import type { PageProps } from '../../registry.ts';
import { call, request } from '../../../api/client.ts';
import { loadRoleGroups, type RoleGroup } from '../../../api/components.ts';
import { ManagePage, FormDialog, RecordActions, EnabledFilter, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { userTypeKey } from '../../../components/Picker/PeopleTab.tsx';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';

interface UserSearchForm {
  keyword?: string;
  userType?: number;
  enabled?: 'true' | 'false';
  roleCode?: string;
}

interface UserForm {
  id?: number;
  account: string;
  displayName: string;
  userType: number;
  password?: string;
  enabled: boolean;
  roleCodes: string[];
}

const resetSchema = z.object({ password: newUserPasswordSchema, confirm: z.string() }).refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'validation.passwordMismatch' });

function useRoleOptions() {
  const [groups, setGroups] = useState<RoleGroup[]>([]);
  useEffect(() => {
    loadRoleGroups().then(setGroups, () => setGroups([]));
  }, []);
  return useMemo(() => groups.map((group) => ({ label: group.NAME, title: group.NAME, options: group.CHILD.map((role) => ({ value: String(role.id), label: role.label })) })), [groups]);
}

/** /xtgl/yhgl: accounts, their roles, enabling, password resets (issue 4, item 1). */
export default function UsersPage(_props: PageProps) {
  const { t } = useTranslation();
  const roleOptions = useRoleOptions();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: UserRow } | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const userTypeOptions = Object.values(USER_TYPES).map((value) => ({ value, label: t(userTypeKey(value)) }));

  const initialValues = useMemo<Partial<UserForm>>(
    () =>
      dialog?.row
        ? { id: dialog.row.id, account: dialog.row.account, displayName: dialog.row.displayName, userType: dialog.row.userType, enabled: dialog.row.enabled, roleCodes: dialog.row.roles.map((r) => r.code) }
        : { enabled: true, roleCodes: [], userType: USER_TYPES.teacher },
    [dialog],
  );

  const setEnabled = async (ids: number[], enabled: boolean, reload: () => void) => {
    const envelope = await call<null>('/api/system/users/enable', { json: { ids, enabled } }).then(
      () => true,
      () => false,
    );
    if (envelope) {
      feedback().message.success(t('users.enabledChanged'));
      reload();
    }
  };

  return (
    <ManagePage<UserRow, UserSearchForm>
      permission="system:user"
      listUrl="/api/system/users/page"
      exportUrl="/api/system/users/export"
      exportName={t('users.exportName')}
      deleteUrl="/api/system/users/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={(values) => ({ ...values, enabled: values.enabled === undefined ? undefined : values.enabled === 'true' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('users.keyword')}>
            <Input allowClear placeholder={t('users.keywordPlaceholder')} maxLength={64} data-testid="users-keyword" />
          </Form.Item>
          <Form.Item name="userType" label={t('users.userType')}>
            <Select allowClear options={userTypeOptions} placeholder={t('manage.all')} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="roleCode" label={t('users.roles')}>
            <Select allowClear options={roleOptions} placeholder={t('manage.all')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="enabled" label={t('users.enabled')}>
            <EnabledFilter />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'account', dataIndex: 'account', title: t('users.account'), sorter: true, width: 140 },
        { key: 'displayName', dataIndex: 'displayName', title: t('users.displayName'), sorter: true, width: 140 },
        { key: 'userType', dataIndex: 'userType', title: t('users.userType'), sorter: true, width: 110, render: (value: number) => t(userTypeKey(value)) },
        { key: 'roles', title: t('users.roles'), render: (_: unknown, row: UserRow) => row.roles.map((role) => <Tag key={role.code}>{role.name}</Tag>) },
        {
          key: 'enabled',
          dataIndex: 'enabled',
          title: t('users.enabled'),
          sorter: true,
          width: 100,
          render: (value: boolean, row: UserRow) => (
            <>
              <Tag color={value ? 'green' : 'default'}>{value ? t('manage.enabled') : t('manage.disabled')}</Tag>
              {row.locked && <Tag color="orange">{t('users.locked')}</Tag>}
            </>
          ),
        },
        { key: 'createdAt', dataIndex: 'createdAt', title: t('users.createdAt'), sorter: true, width: 170, render: (value: string) => value.slice(0, 19).replace('T', ' ') },
      ]}
      toolbar={({ selected, canEdit, reload }) =>
        canEdit && (
          <>
            <Button disabled={!selected.length} onClick={() => void setEnabled(selected.map((u) => u.id), true, reload)} data-testid="users-enable">
              {t('manage.enable')}
            </Button>
            <Button disabled={!selected.length} onClick={() => void setEnabled(selected.map((u) => u.id), false, reload)} data-testid="users-disable">
              {t('manage.disable')}
            </Button>
          </>
        )
      }
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} editTestId={`users-edit-${row.account}`} />
          {canEdit && (
            <Button type="link" size="small" onClick={() => setResetting(row)} data-testid={`users-reset-${row.account}`}>
              {t('users.resetPassword')}
            </Button>
          )}
          {canEdit && (
            <Popconfirm
              title={t('users.resetMfaConfirm', { account: row.account })}
              okButtonProps={{ 'data-testid': 'users-reset-mfa-ok' } as ButtonProps}
              onConfirm={async () => {
                const answer = await request('/api/system/users/resetMfa', { json: { id: row.id } });
                feedback().message.success(answer.msg || t('users.resetMfa'));
              }}
            >
              <Button type="link" size="small" data-testid={`users-reset-mfa-${row.account}`}>
                {t('users.resetMfa')}
              </Button>
            </Popconfirm>
          )}
          {canDelete && <DeleteButton type="link" size="small" url="/api/system/users/delete" param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="users-page"
    >
      {({ reload }) => (
        <>
          <FormDialog<UserForm>
            open={!!dialog}
            mode={dialog?.mode ?? 'add'}
            title={t(dialog?.mode === 'add' ? 'users.addTitle' : dialog?.mode === 'edit' ? 'users.editTitle' : 'users.viewTitle')}
            initialValues={initialValues}
            onClose={() => setDialog(null)}
            onSubmit={async (values) => {
              if (dialog?.mode === 'add') await call('/api/system/users/create', { json: values });
              else await call('/api/system/users/update', { json: { id: dialog?.row?.id, displayName: values.displayName, userType: values.userType, enabled: values.enabled, roleCodes: values.roleCodes } });
              feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
              reload();
            }}
            data-testid="users-dialog"
          >
            {(form, mode) => {
              const schema = mode === 'add' ? userCreateSchema : userUpdateSchema;
              return (
                <>
                  <Form.Item name="account" label={t('users.account')} required rules={mode === 'add' ? [zodRule(userCreateSchema, 'account', form)] : []}>
                    <Input maxLength={64} disabled={mode !== 'add'} data-testid="users-form-account" />
                  </Form.Item>
                  <Form.Item name="displayName" label={t('users.displayName')} required rules={[zodRule(schema, 'displayName', form)]}>
                    <Input maxLength={100} data-testid="users-form-name" />
                  </Form.Item>
                  <Form.Item name="userType" label={t('users.userType')} required rules={[zodRule(schema, 'userType', form)]}>
                    <Select options={userTypeOptions} data-testid="users-form-type" />
                  </Form.Item>
                  {mode === 'add' && (
                    <Form.Item name="password" label={t('users.password')} required rules={[zodRule(userCreateSchema, 'password', form)]} extra={t('users.passwordRule')}>
                      <Input.Password maxLength={12} autoComplete="new-password" data-testid="users-form-password" />
                    </Form.Item>
                  )}
                  <Form.Item name="roleCodes" label={t('users.roles')}>
                    <Select mode="multiple" options={roleOptions} allowClear data-testid="users-form-roles" />
                  </Form.Item>
                  <Form.Item name="enabled" label={t('users.enabled')} valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </>
              );
            }}
          </FormDialog>
          <FormDialog<{ password: string; confirm: string }>
            open={!!resetting}
            mode="edit"
            title={t('users.resetTitle', { account: resetting?.account ?? '' })}
            onClose={() => setResetting(null)}
            onSubmit={async (values) => {
              await call('/api/system/users/resetPassword', { json: { id: resetting?.id, password: values.password } });
              feedback().message.success(t('users.passwordReset'));
            }}
            data-testid="users-reset-dialog"
          >
            {(form) => (
              <>
                <Form.Item name="password" label={t('users.newPassword')} required rules={[zodRule(resetSchema, 'password', form)]} extra={t('users.passwordRule')}>
                  <Input.Password maxLength={12} autoComplete="new-password" data-testid="users-reset-password" />
                </Form.Item>
                <Form.Item name="confirm" label={t('users.confirmPassword')} required dependencies={['password']} rules={[zodRule(resetSchema, 'confirm', form)]}>
                  <Input.Password maxLength={12} autoComplete="new-password" data-testid="users-reset-confirm" />
                </Form.Item>
              </>
            )}
          </FormDialog>
        </>
      )}
    </ManagePage>
  );
}
