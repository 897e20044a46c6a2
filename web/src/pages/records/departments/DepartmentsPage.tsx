import { useMemo, useState } from 'react';
import { Form, Input, InputNumber, Radio, Select, Tag, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { departmentFormSchema, type DepartmentForm, type DepartmentRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { ManagePage, FormDialog, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { toBoolean, useCampusOptions, type CampusOption } from '../../system/facilities/campusShared.tsx';

interface SearchForm {
  keyword?: string;
  enabled?: 'true' | 'false';
}

interface UnitTreeNode {
  value: number;
  title: string;
  children?: UnitTreeNode[];
}

/** The organisation units as a tree for choosing a parent (teaching-research groups are never parents of a department). */
export function unitTree(units: CampusOption[], exclude?: number): UnitTreeNode[] {
  const usable = units.filter((u) => u.kind !== 'researchGroup' && u.id !== exclude);
  const build = (parentId: number | null): UnitTreeNode[] =>
    usable
      .filter((u) => (u.parentId ?? null) === parentId)
      .map((u) => {
        const children = build(u.id);
        return children.length ? { value: u.id, title: u.name, children } : { value: u.id, title: u.name };
      });
  return build(null);
}

/** /rygl/bmgl: departments (code, name, use flag; issue 4 item 12). */
export default function DepartmentsPage(_props: PageProps) {
  const { t } = useTranslation();
  const options = useCampusOptions();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: DepartmentRow } | null>(null);
  const initialValues = useMemo<Partial<DepartmentForm>>(
    () => (dialog?.row ? { ...dialog.row, nameEn: dialog.row.nameEn ?? '', parentId: dialog.row.parentId ?? undefined } : { enabled: true, sort: 0 }),
    [dialog],
  );

  return (
    <ManagePage<DepartmentRow, SearchForm>
      permission="records:department"
      listUrl="/api/records/departments/page"
      exportUrl="/api/records/departments/export"
      exportName={t('departments.exportName')}
      deleteUrl="/api/records/departments/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={(values) => ({ ...values, enabled: toBoolean(values.enabled) })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('campusUi.keyword')}>
            <Input allowClear maxLength={64} placeholder={t('campusUi.keywordPlaceholder')} data-testid="departments-keyword" />
          </Form.Item>
          <Form.Item name="enabled" label={t('campusUi.inUse')}>
            <Select
              allowClear
              placeholder={t('manage.all')}
              style={{ width: 110 }}
              options={[
                { value: 'true', label: t('common.yes') },
                { value: 'false', label: t('common.no') },
              ]}
            />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'code', dataIndex: 'code', title: t('org.code'), sorter: true, width: 140 },
        { key: 'name', dataIndex: 'name', title: t('org.name'), sorter: true, width: 160 },
        { key: 'nameEn', dataIndex: 'nameEn', title: t('org.nameEn'), width: 180 },
        { key: 'parentName', dataIndex: 'parentName', title: t('org.parent'), width: 150 },
        { key: 'staffCount', dataIndex: 'staffCount', title: t('departments.staffCount'), width: 90 },
        { key: 'enabled', dataIndex: 'enabled', title: t('campusUi.inUse'), sorter: true, width: 90, render: (value: boolean) => <Tag color={value ? 'green' : 'default'}>{t(value ? 'common.yes' : 'common.no')}</Tag> },
        { key: 'sort', dataIndex: 'sort', title: t('org.sort'), sorter: true, width: 70 },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} editTestId={`departments-edit-${row.code}`} />
          {canDelete && <DeleteButton type="link" size="small" url="/api/records/departments/delete" param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="departments-page"
    >
      {({ reload }) => (
        <FormDialog<DepartmentForm>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'campusUi.departmentAdd' : dialog?.mode === 'edit' ? 'campusUi.departmentEdit' : 'campusUi.departmentView')}
          initialValues={initialValues}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            await call(dialog?.mode === 'add' ? '/api/records/departments/create' : '/api/records/departments/update', { json: { ...values, id: dialog?.row?.id } });
            feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
            options.reload();
            reload();
          }}
          data-testid="departments-dialog"
        >
          {(form) => (
            <>
              <Form.Item name="code" label={t('org.code')} required rules={[zodRule(departmentFormSchema, 'code', form)]}>
                <Input maxLength={50} data-testid="departments-form-code" />
              </Form.Item>
              <Form.Item name="name" label={t('org.name')} required rules={[zodRule(departmentFormSchema, 'name', form)]}>
                <Input maxLength={100} data-testid="departments-form-name" />
              </Form.Item>
              <Form.Item name="nameEn" label={t('org.nameEn')} rules={[zodRule(departmentFormSchema, 'nameEn', form)]}>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="parentId" label={t('org.parent')} extra={t('campusUi.parentHint')}>
                <TreeSelect allowClear treeDefaultExpandAll treeData={unitTree(options.units, dialog?.row?.id)} />
              </Form.Item>
              <Form.Item name="enabled" label={t('campusUi.inUse')} required rules={[zodRule(departmentFormSchema, 'enabled', form)]}>
                <Radio.Group
                  options={[
                    { value: true, label: t('common.yes') },
                    { value: false, label: t('common.no') },
                  ]}
                />
              </Form.Item>
              <Form.Item name="sort" label={t('org.sort')} rules={[zodRule(departmentFormSchema, 'sort', form)]}>
                <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </>
          )}
        </FormDialog>
      )}
    </ManagePage>
  );
}
