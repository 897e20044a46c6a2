import { useMemo, useState } from 'react';
import { AutoComplete, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { classroomFormSchema, type ClassroomForm, type ClassroomRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { ManagePage, FormDialog, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { toSelect, useCampusOptions } from './campusShared.tsx';

interface SearchForm {
  keyword?: string;
  campusId?: number;
}

/** /xtgl/jsglr: classrooms, each in a campus and (typed or chosen) building (issue 4 item 8). */
export default function ClassroomsPage(_props: PageProps) {
  const { t } = useTranslation();
  const options = useCampusOptions();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: ClassroomRow } | null>(null);
  const initialValues = useMemo<Partial<ClassroomForm>>(
    () => (dialog?.row ? { ...dialog.row, building: dialog.row.building ?? '', capacity: dialog.row.capacity ?? undefined } : { capacity: 50, classesAtOnce: 1, campusId: options.campuses[0]?.id }),
    [dialog, options.campuses],
  );

  return (
    <ManagePage<ClassroomRow, SearchForm>
      permission="system:classroom"
      listUrl="/api/system/classrooms/page"
      exportUrl="/api/system/classrooms/export"
      exportName={t('classrooms.exportName')}
      deleteUrl="/api/system/classrooms/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('campusUi.keyword')}>
            <Input allowClear maxLength={64} placeholder={t('campusUi.classroomKeywordPlaceholder')} data-testid="classrooms-keyword" />
          </Form.Item>
          <Form.Item name="campusId" label={t('classrooms.campus')}>
            <Select allowClear options={toSelect(options.campuses)} placeholder={t('manage.all')} style={{ width: 140 }} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'code', dataIndex: 'code', title: t('org.code'), sorter: true, width: 110 },
        { key: 'name', dataIndex: 'name', title: t('org.name'), sorter: true, width: 200 },
        { key: 'building', dataIndex: 'building', title: t('classrooms.building'), sorter: true, width: 120 },
        { key: 'campusName', dataIndex: 'campusName', title: t('classrooms.campus'), sorter: true, width: 110 },
        { key: 'capacity', dataIndex: 'capacity', title: t('classrooms.capacity'), sorter: true, width: 100 },
        { key: 'classesAtOnce', dataIndex: 'classesAtOnce', title: t('classrooms.classesAtOnce'), width: 120 },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} editTestId={`classrooms-edit-${row.code}`} />
          {canDelete && <DeleteButton type="link" size="small" url="/api/system/classrooms/delete" param={{ ids: [row.id] }} onSuccess={reload} data-testid={`classrooms-delete-${row.code}`} />}
        </>
      )}
      data-testid="classrooms-page"
    >
      {({ reload }) => (
        <FormDialog<ClassroomForm>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'campusUi.classroomAdd' : dialog?.mode === 'edit' ? 'campusUi.classroomEdit' : 'campusUi.classroomView')}
          initialValues={initialValues}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            await call(dialog?.mode === 'add' ? '/api/system/classrooms/create' : '/api/system/classrooms/update', { json: { ...values, id: dialog?.row?.id } });
            feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
            reload();
          }}
          data-testid="classrooms-dialog"
        >
          {(form) => <ClassroomFields form={form} campuses={options.campuses} buildings={options.buildings} />}
        </FormDialog>
      )}
    </ManagePage>
  );
}

function ClassroomFields({ form, campuses, buildings }: { form: Parameters<typeof zodRule>[2]; campuses: ReturnType<typeof useCampusOptions>['campuses']; buildings: ReturnType<typeof useCampusOptions>['buildings'] }) {
  const { t } = useTranslation();
  const campusId = Form.useWatch('campusId', form) as number | undefined;
  // The building is text: one of the campus's buildings, or typed when it is not managed as a building.
  const buildingOptions = buildings.filter((b) => !campusId || b.campusId === campusId).map((b) => ({ value: b.name, label: b.name }));
  return (
    <>
      <Form.Item name="code" label={t('org.code')} required rules={[zodRule(classroomFormSchema, 'code', form)]}>
        <Input maxLength={30} data-testid="classrooms-form-code" />
      </Form.Item>
      <Form.Item name="name" label={t('org.name')} required rules={[zodRule(classroomFormSchema, 'name', form)]}>
        <Input maxLength={100} data-testid="classrooms-form-name" />
      </Form.Item>
      <Form.Item name="campusId" label={t('classrooms.campus')} required rules={[zodRule(classroomFormSchema, 'campusId', form)]}>
        <Select options={toSelect(campuses)} data-testid="classrooms-form-campus" />
      </Form.Item>
      <Form.Item name="building" label={t('classrooms.building')} extra={t('campusUi.buildingHint')} rules={[zodRule(classroomFormSchema, 'building', form)]}>
        <AutoComplete options={buildingOptions} maxLength={100} allowClear filterOption={(input, option) => String(option?.value ?? '').includes(input)} data-testid="classrooms-form-building" />
      </Form.Item>
      <Form.Item name="capacity" label={t('classrooms.capacity')} rules={[zodRule(classroomFormSchema, 'capacity', form)]}>
        <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} data-testid="classrooms-form-capacity" />
      </Form.Item>
      <Form.Item name="classesAtOnce" label={t('classrooms.classesAtOnce')} rules={[zodRule(classroomFormSchema, 'classesAtOnce', form)]}>
        <InputNumber min={1} max={20} precision={0} style={{ width: '100%' }} data-testid="classrooms-form-classes-at-once" />
      </Form.Item>
    </>
  );
}
