import { useMemo, useState } from 'react';
import { Alert, Form, Input, InputNumber, Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLE_TYPE_KINDS, roleTypeCreateSchema, roleTypeFormSchema, type RoleTypeRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { clearPickerCache } from '../../../api/components.ts';
import { ManagePage, FormDialog, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import '../common/menusDicts.css';

interface RoleTypeSearchForm {
  keyword?: string;
}

interface RoleTypeValues {
  id?: number;
  code: string;
  name: string;
  nameEn?: string;
  kind: RoleTypeRow['kind'];
  sort: number;
  enabled: boolean;
  remark?: string;
}

/**
 * /xtgl/jslx: the role types (items of STD_ROLE_TYPE). A type groups roles and says how they work,
 * ordinary (menus and users) or dynamic (members from a query); the two built-in types keep their code
 * and kind, and a type that roles use keeps its kind and cannot be deleted.
 */
export default function RoleTypesPage(_props: PageProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: RoleTypeRow } | null>(null);
  const kindOptions = ROLE_TYPE_KINDS.map((kind) => ({ value: kind, label: t(`roleTypes.kind.${kind}`) }));
  const initialValues = useMemo<Partial<RoleTypeValues>>(
    () =>
      dialog?.row
        ? { id: dialog.row.id, code: dialog.row.code, name: dialog.row.name, nameEn: dialog.row.nameEn ?? '', kind: dialog.row.kind, sort: dialog.row.sort, enabled: dialog.row.enabled, remark: dialog.row.remark ?? '' }
        : { kind: 'ordinary', sort: 0, enabled: true },
    [dialog],
  );
  const adding = dialog?.mode === 'add';
  const schema = adding ? roleTypeCreateSchema : roleTypeFormSchema;

  return (
    <div className="role-types-page">
      <Alert type="info" showIcon title={t('roleTypesPage.fixedHint')} className="role-types-hint" />
      <ManagePage<RoleTypeRow, RoleTypeSearchForm>
        permission="system:roleType"
        listUrl="/api/system/roleTypes/page"
        exportUrl="/api/system/roleTypes/export"
        exportName={t('roleTypes.exportName')}
        deleteUrl="/api/system/roleTypes/delete"
        onAdd={() => setDialog({ mode: 'add' })}
        searchFields={() => (
          <Form.Item name="keyword" label={t('dictsPage.keyword')}>
            <Input allowClear maxLength={64} placeholder={t('dictsPage.keywordPlaceholder')} />
          </Form.Item>
        )}
        columns={[
          { key: 'code', dataIndex: 'code', title: t('roleTypes.code'), sorter: true, width: 130 },
          { key: 'name', dataIndex: 'name', title: t('dictItems.name'), sorter: true, width: 160 },
          { key: 'nameEn', dataIndex: 'nameEn', title: t('dictItems.nameEn'), width: 170 },
          { key: 'kind', dataIndex: 'kind', title: t('roleTypes.kind'), width: 190, render: (value: RoleTypeRow['kind']) => <Tag color={value === 'dynamic' ? 'purple' : 'blue'}>{t(`roleTypes.kind.${value}`)}</Tag> },
          { key: 'sort', dataIndex: 'sort', title: t('dictItems.sort'), sorter: true, width: 80 },
          {
            key: 'enabled',
            dataIndex: 'enabled',
            title: t('dictItems.enabled'),
            sorter: true,
            width: 90,
            render: (value: boolean) => <Tag color={value ? 'green' : 'default'}>{value ? t('manage.enabled') : t('manage.disabled')}</Tag>,
          },
          { key: 'roleCount', dataIndex: 'roleCount', title: t('roleTypes.roleCount'), width: 80 },
          { key: 'remark', dataIndex: 'remark', title: t('dictItems.remark'), ellipsis: true },
        ]}
        rowActions={(row, { canEdit, canDelete, reload }) => (
          <>
            <RecordActions
              onView={() => setDialog({ mode: 'view', row })}
              onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined}
              viewTestId={`role-types-view-${row.code}`}
              editTestId={`role-types-edit-${row.code}`}
            />
            {canDelete && !row.builtIn && (
              <DeleteButton
                type="link"
                size="small"
                url="/api/system/roleTypes/delete"
                param={{ ids: [row.id] }}
                onSuccess={() => {
                  clearPickerCache();
                  reload();
                }}
              />
            )}
          </>
        )}
        data-testid="role-types-page"
      >
        {({ reload }) => (
          <FormDialog<RoleTypeValues>
            open={!!dialog}
            mode={dialog?.mode ?? 'view'}
            title={t(adding ? 'roleTypesPage.addTitle' : dialog?.mode === 'edit' ? 'roleTypesPage.editTitle' : 'roleTypesPage.viewTitle')}
            initialValues={initialValues}
            onClose={() => setDialog(null)}
            onSubmit={async ({ code, ...values }) => {
              if (adding) await call('/api/system/roleTypes/create', { json: { code, ...values } });
              else await call('/api/system/roleTypes/update', { json: values });
              feedback().message.success(t(adding ? 'common.created' : 'common.updated'));
              clearPickerCache();
              reload();
            }}
            data-testid="role-types-dialog"
          >
            {(form) => (
              <>
                <Form.Item name="code" label={t('roleTypes.code')} required={adding} rules={adding ? [zodRule(roleTypeCreateSchema, 'code', form)] : []}>
                  <Input maxLength={50} disabled={!adding} data-testid="role-types-form-code" />
                </Form.Item>
                <Form.Item name="name" label={t('dictItems.name')} required rules={[zodRule(schema, 'name', form)]}>
                  <Input maxLength={100} data-testid="role-types-form-name" />
                </Form.Item>
                <Form.Item name="nameEn" label={t('dictItems.nameEn')} rules={[zodRule(schema, 'nameEn', form)]}>
                  <Input maxLength={100} data-testid="role-types-form-name-en" />
                </Form.Item>
                <Form.Item name="kind" label={t('roleTypes.kind')} required extra={dialog?.row?.builtIn ? t('roleTypes.builtInFixed') : undefined}>
                  <Select options={kindOptions} disabled={!!dialog?.row?.builtIn} data-testid="role-types-form-kind" />
                </Form.Item>
                <Form.Item name="sort" label={t('dictItems.sort')} rules={[zodRule(schema, 'sort', form)]}>
                  <InputNumber min={0} max={9999} precision={0} />
                </Form.Item>
                <Form.Item noStyle shouldUpdate={(a, b) => a.code !== b.code}>
                  {() => (
                    <Form.Item name="enabled" label={t('dictItems.enabled')} valuePropName="checked" extra={form.getFieldValue('code') === 'ordinary' ? t('roleTypes.ordinaryEnabled') : undefined}>
                      <Switch disabled={form.getFieldValue('code') === 'ordinary'} />
                    </Form.Item>
                  )}
                </Form.Item>
                <Form.Item name="remark" label={t('dictItems.remark')} rules={[zodRule(schema, 'remark', form)]}>
                  <Input.TextArea rows={2} maxLength={300} />
                </Form.Item>
              </>
            )}
          </FormDialog>
        )}
      </ManagePage>
    </div>
  );
}
