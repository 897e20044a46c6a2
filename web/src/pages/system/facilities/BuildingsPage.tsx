import { useMemo, useState } from 'react';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { BUILDING_USAGES, buildingFormSchema, type BuildingForm, type BuildingRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { ManagePage, FormDialog, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { EnabledTag, toBoolean, toSelect, useCampusOptions } from './campusShared.tsx';

interface SearchForm {
  keyword?: string;
  campusId?: number;
  enabled?: 'true' | 'false';
}

/** /xtgl/lygl: the buildings of each campus (issue 4 item 8). */
export default function BuildingsPage(_props: PageProps) {
  const { t } = useTranslation();
  const options = useCampusOptions();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: BuildingRow } | null>(null);
  const usageOptions = BUILDING_USAGES.map((usage) => ({ value: usage, label: t(`buildings.usage.${usage}`) }));
  const initialValues = useMemo<Partial<BuildingForm>>(
    () => (dialog?.row ? { ...dialog.row, floors: dialog.row.floors ?? undefined, usage: (dialog.row.usage ?? undefined) as BuildingForm['usage'], remark: dialog.row.remark ?? '' } : { enabled: true, sort: 0, floors: 1, usage: 'teaching' }),
    [dialog],
  );

  return (
    <ManagePage<BuildingRow, SearchForm>
      permission="system:building"
      listUrl="/api/system/buildings/page"
      exportUrl="/api/system/buildings/export"
      exportName={t('buildings.exportName')}
      deleteUrl="/api/system/buildings/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={(values) => ({ ...values, enabled: toBoolean(values.enabled) })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('campusUi.keyword')}>
            <Input allowClear maxLength={64} placeholder={t('campusUi.keywordPlaceholder')} data-testid="buildings-keyword" />
          </Form.Item>
          <Form.Item name="campusId" label={t('buildings.campus')}>
            <Select allowClear options={toSelect(options.campuses)} placeholder={t('manage.all')} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="enabled" label={t('org.enabled')}>
            <Select
              allowClear
              placeholder={t('manage.all')}
              style={{ width: 110 }}
              options={[
                { value: 'true', label: t('manage.enabled') },
                { value: 'false', label: t('manage.disabled') },
              ]}
            />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'code', dataIndex: 'code', title: t('org.code'), sorter: true, width: 110 },
        { key: 'name', dataIndex: 'name', title: t('org.name'), sorter: true, width: 140 },
        { key: 'campusName', dataIndex: 'campusName', title: t('buildings.campus'), sorter: true, width: 110 },
        { key: 'floors', dataIndex: 'floors', title: t('buildings.floors'), sorter: true, width: 80 },
        { key: 'usage', dataIndex: 'usage', title: t('buildings.usage'), width: 90, render: (value: string | null) => (value ? t(`buildings.usage.${value}`) : '') },
        { key: 'classroomCount', dataIndex: 'classroomCount', title: t('campusUi.classroomCount'), width: 90 },
        { key: 'enabled', dataIndex: 'enabled', title: t('org.enabled'), width: 90, render: (value: boolean) => <EnabledTag value={value} /> },
        { key: 'sort', dataIndex: 'sort', title: t('org.sort'), sorter: true, width: 70 },
        { key: 'remark', dataIndex: 'remark', title: t('buildings.remark'), ellipsis: true },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} editTestId={`buildings-edit-${row.code}`} />
          {canDelete && <DeleteButton type="link" size="small" url="/api/system/buildings/delete" param={{ ids: [row.id] }} onSuccess={reload} data-testid={`buildings-delete-${row.code}`} />}
        </>
      )}
      data-testid="buildings-page"
    >
      {({ reload }) => (
        <FormDialog<BuildingForm>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'campusUi.buildingAdd' : dialog?.mode === 'edit' ? 'campusUi.buildingEdit' : 'campusUi.buildingView')}
          initialValues={initialValues}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            await call(dialog?.mode === 'add' ? '/api/system/buildings/create' : '/api/system/buildings/update', { json: { ...values, id: dialog?.row?.id } });
            feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
            options.reload();
            reload();
          }}
          data-testid="buildings-dialog"
        >
          {(form) => (
            <>
              <Form.Item name="code" label={t('org.code')} required rules={[zodRule(buildingFormSchema, 'code', form)]}>
                <Input maxLength={30} data-testid="buildings-form-code" />
              </Form.Item>
              <Form.Item name="name" label={t('org.name')} required rules={[zodRule(buildingFormSchema, 'name', form)]}>
                <Input maxLength={100} data-testid="buildings-form-name" />
              </Form.Item>
              <Form.Item name="campusId" label={t('buildings.campus')} required rules={[zodRule(buildingFormSchema, 'campusId', form)]}>
                <Select options={toSelect(options.campuses)} data-testid="buildings-form-campus" />
              </Form.Item>
              <Form.Item name="floors" label={t('buildings.floors')} required rules={[zodRule(buildingFormSchema, 'floors', form)]}>
                <InputNumber min={1} max={200} precision={0} style={{ width: '100%' }} data-testid="buildings-form-floors" />
              </Form.Item>
              <Form.Item name="usage" label={t('buildings.usage')} required rules={[zodRule(buildingFormSchema, 'usage', form)]}>
                <Select options={usageOptions} data-testid="buildings-form-usage" />
              </Form.Item>
              <Form.Item name="sort" label={t('org.sort')} rules={[zodRule(buildingFormSchema, 'sort', form)]}>
                <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="enabled" label={t('org.enabled')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="remark" label={t('buildings.remark')} rules={[zodRule(buildingFormSchema, 'remark', form)]}>
                <Input.TextArea maxLength={300} showCount rows={3} />
              </Form.Item>
            </>
          )}
        </FormDialog>
      )}
    </ManagePage>
  );
}
