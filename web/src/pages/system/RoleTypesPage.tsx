import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleTypeFormSchema, type RoleTypeForm, type RoleTypeRow } from '@campus/contract';
import type { PageProps } from '../registry.ts';
import { call } from '../../api/client.ts';
import { clearPickerCache } from '../../api/components.ts';
import { ManagePage, FormDialog, type FormMode } from '../../components/ManagePage/index.ts';
import { zodRule } from '../../app/forms/zodRule.ts';
import { feedback } from '../../app/feedback.ts';
import './menusDicts.css';

interface RoleTypeSearchForm {
  keyword?: string;
}

/**
 * /xtgl/jslx: the role types (items of STD_ROLE_TYPE). Only 'ordinary' and 'dynamic' mean something to
 * the role screen, so types are renamed, sorted and switched here, never added or deleted.
 */
export default function RoleTypesPage(_props: PageProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<{ mode: FormMode; row: RoleTypeRow } | null>(null);
  const initialValues = useMemo<Partial<RoleTypeForm & { code: string }>>(
    () => (dialog ? { id: dialog.row.id, code: dialog.row.code, name: dialog.row.name, nameEn: dialog.row.nameEn ?? '', sort: dialog.row.sort, enabled: dialog.row.enabled, remark: dialog.row.remark ?? '' } : {}),
    [dialog],
  );

  return (
    <div className="role-types-page">
      <Alert type="info" showIcon message={t('roleTypesPage.fixedHint')} className="role-types-hint" />
      <ManagePage<RoleTypeRow, RoleTypeSearchForm>
        permission="system:roleType"
        listUrl="/api/system/roleTypes/page"
        exportUrl="/api/system/roleTypes/export"
        exportName={t('roleTypes.exportName')}
        searchFields={() => (
          <Form.Item name="keyword" label={t('dictsPage.keyword')}>
            <Input allowClear maxLength={64} placeholder={t('dictsPage.keywordPlaceholder')} />
          </Form.Item>
        )}
        columns={[
          { key: 'code', dataIndex: 'code', title: t('roleTypes.code'), sorter: true, width: 130 },
          { key: 'name', dataIndex: 'name', title: t('dictItems.name'), sorter: true, width: 160 },
          { key: 'nameEn', dataIndex: 'nameEn', title: t('dictItems.nameEn'), width: 180 },
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
        rowActions={(row, { canEdit }) => (
          <>
            <Button type="link" size="small" onClick={() => setDialog({ mode: 'view', row })} data-testid={`role-types-view-${row.code}`}>
              {t('manage.view')}
            </Button>
            {canEdit && (
              <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', row })} data-testid={`role-types-edit-${row.code}`}>
                {t('manage.edit')}
              </Button>
            )}
          </>
        )}
        data-testid="role-types-page"
      >
        {({ reload }) => (
          <FormDialog<RoleTypeForm & { code: string }>
            open={!!dialog}
            mode={dialog?.mode ?? 'view'}
            title={t(dialog?.mode === 'edit' ? 'roleTypesPage.editTitle' : 'roleTypesPage.viewTitle')}
            initialValues={initialValues}
            onClose={() => setDialog(null)}
            onSubmit={async ({ code: _code, ...values }) => {
              await call('/api/system/roleTypes/update', { json: values });
              feedback().message.success(t('common.updated'));
              clearPickerCache();
              reload();
            }}
            data-testid="role-types-dialog"
          >
            {(form) => (
              <>
                <Form.Item name="code" label={t('roleTypes.code')}>
                  <Input disabled />
                </Form.Item>
                <Form.Item name="name" label={t('dictItems.name')} required rules={[zodRule(roleTypeFormSchema, 'name', form)]}>
                  <Input maxLength={100} data-testid="role-types-form-name" />
                </Form.Item>
                <Form.Item name="nameEn" label={t('dictItems.nameEn')} rules={[zodRule(roleTypeFormSchema, 'nameEn', form)]}>
                  <Input maxLength={100} data-testid="role-types-form-name-en" />
                </Form.Item>
                <Form.Item name="sort" label={t('dictItems.sort')} rules={[zodRule(roleTypeFormSchema, 'sort', form)]}>
                  <InputNumber min={0} max={9999} precision={0} />
                </Form.Item>
                <Form.Item noStyle shouldUpdate={(a, b) => a.code !== b.code}>
                  {() => (
                    <Form.Item name="enabled" label={t('dictItems.enabled')} valuePropName="checked" extra={form.getFieldValue('code') === 'ordinary' ? t('roleTypes.ordinaryEnabled') : undefined}>
                      <Switch disabled={form.getFieldValue('code') === 'ordinary'} />
                    </Form.Item>
                  )}
                </Form.Item>
                <Form.Item name="remark" label={t('dictItems.remark')} rules={[zodRule(roleTypeFormSchema, 'remark', form)]}>
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
