import { useMemo, useState } from 'react';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { USER_TYPES, classFormSchema, type ClassAdminRow, type ClassFormOptions } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { ManagePage, FormDialog, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { Picker, parseCode, toCode } from '../../../components/Picker/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { useScreenOptions } from '../common/peopleOptions.ts';
import '../common/people.css';

interface ClassSearchForm {
  keyword?: string;
  gradeId?: number;
  campusId?: number;
  teacher?: '' | 'none';
}

interface ClassFormValues {
  id?: number;
  code: string;
  name: string;
  shortName?: string;
  gradeId?: number;
  campusId?: number;
  /** The picker's value (U_<staff number>); sent as classTeacherNumber. */
  classTeacher?: string;
  classTeacherNumber?: string;
  classroomId?: number | null;
  sort?: number;
}

/** The staff number inside a people picker value ('' when none is picked). */
export function staffNumberOfPicker(value: string | undefined): string {
  const first = (value ?? '').split(',').map(parseCode).find((code) => code?.type === 'people');
  return first?.id ?? '';
}

/** /xtgl/bjgl: classes, their grade, campus, classroom and class teacher (issue 4, item 10). */
export default function ClassesPage(_props: PageProps) {
  const { t } = useTranslation();
  const options = useScreenOptions<ClassFormOptions>('/api/system/classes/options');
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: ClassAdminRow } | null>(null);

  const initialValues = useMemo<Partial<ClassFormValues>>(() => {
    const row = dialog?.row;
    if (!row) return { sort: 0, classTeacher: '' };
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      shortName: row.shortName ?? '',
      gradeId: row.gradeId,
      campusId: row.campusId,
      classTeacher: row.classTeacherNumber ? toCode('people', row.classTeacherNumber) : '',
      classroomId: row.classroomId,
      sort: row.sort,
    };
  }, [dialog]);

  const toPayload = (values: ClassFormValues) => ({
    id: dialog?.row?.id,
    code: values.code,
    name: values.name,
    shortName: values.shortName ?? '',
    gradeId: values.gradeId,
    campusId: values.campusId,
    classTeacherNumber: staffNumberOfPicker(values.classTeacher),
    classroomId: values.classroomId ?? null,
    sort: values.sort ?? 0,
  });

  return (
    <ManagePage<ClassAdminRow, ClassSearchForm>
      permission="system:class"
      listUrl="/api/system/classes/page"
      exportUrl="/api/system/classes/export"
      exportName={t('classes.exportName')}
      deleteUrl="/api/system/classes/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('classesPage.keyword')}>
            <Input allowClear placeholder={t('classesPage.keywordPlaceholder')} maxLength={64} data-testid="classes-keyword" />
          </Form.Item>
          <Form.Item name="gradeId" label={t('classes.grade')}>
            <Select allowClear options={options?.grades ?? []} placeholder={t('manage.all')} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="campusId" label={t('classes.campus')}>
            <Select allowClear options={options?.campuses ?? []} placeholder={t('manage.all')} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="teacher" label={t('classes.classTeacher')}>
            <Select allowClear placeholder={t('manage.all')} style={{ width: 140 }} options={[{ value: 'none', label: t('classesPage.noTeacher') }]} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'code', dataIndex: 'code', title: t('classes.code'), sorter: true, width: 130 },
        { key: 'name', dataIndex: 'name', title: t('classes.name'), sorter: true, width: 130 },
        { key: 'shortName', dataIndex: 'shortName', title: t('classes.shortName'), width: 110 },
        { key: 'gradeName', dataIndex: 'gradeName', title: t('classes.grade'), sorter: true, width: 100 },
        { key: 'campusName', dataIndex: 'campusName', title: t('classes.campus'), sorter: true, width: 110 },
        {
          key: 'classTeacherName',
          dataIndex: 'classTeacherName',
          title: t('classes.classTeacher'),
          sorter: true,
          width: 130,
          render: (_: unknown, row: ClassAdminRow) => (row.classTeacherName ? `${row.classTeacherName} (${row.classTeacherNumber})` : '—'),
        },
        { key: 'classroomName', dataIndex: 'classroomName', title: t('classes.classroom'), width: 160 },
        { key: 'studentCount', dataIndex: 'studentCount', title: t('classes.studentCount'), width: 90 },
        { key: 'sort', dataIndex: 'sort', title: t('classes.sort'), sorter: true, width: 80 },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} editTestId={`classes-edit-${row.code}`} />
          {canDelete && <DeleteButton type="link" size="small" url="/api/system/classes/delete" param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="classes-page"
    >
      {({ reload }) => (
        <FormDialog<ClassFormValues>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'classesPage.addTitle' : dialog?.mode === 'edit' ? 'classesPage.editTitle' : 'classesPage.viewTitle')}
          initialValues={initialValues}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            await call(dialog?.mode === 'add' ? '/api/system/classes/create' : '/api/system/classes/update', { json: toPayload(values) });
            feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
            reload();
          }}
          data-testid="classes-dialog"
        >
          {(form, mode) => (
            <ClassFields form={form} mode={mode} options={options} />
          )}
        </FormDialog>
      )}
    </ManagePage>
  );
}

function ClassFields({ form, mode, options }: { form: Parameters<typeof zodRule>[2]; mode: FormMode; options: ClassFormOptions | null }) {
  const { t } = useTranslation();
  const campusId = Form.useWatch('campusId', form) as number | undefined;
  const rooms = (options?.classrooms ?? []).filter((room) => campusId === undefined || room.campusId === campusId);
  return (
    <div className="people-form-grid">
      <Form.Item name="code" label={t('classes.code')} required rules={[zodRule(classFormSchema, 'code', form)]} extra={t('classesPage.codeHint')}>
        <Input maxLength={30} inputMode="numeric" data-testid="classes-form-code" />
      </Form.Item>
      <Form.Item name="name" label={t('classes.name')} required rules={[zodRule(classFormSchema, 'name', form)]}>
        <Input maxLength={50} data-testid="classes-form-name" />
      </Form.Item>
      <Form.Item name="shortName" label={t('classes.shortName')} rules={[zodRule(classFormSchema, 'shortName', form)]}>
        <Input maxLength={10} showCount data-testid="classes-form-short-name" />
      </Form.Item>
      <Form.Item name="gradeId" label={t('classes.grade')} required rules={[zodRule(classFormSchema, 'gradeId', form)]}>
        <Select options={options?.grades ?? []} data-testid="classes-form-grade" />
      </Form.Item>
      <Form.Item name="campusId" label={t('classes.campus')} required rules={[zodRule(classFormSchema, 'campusId', form)]}>
        <Select options={options?.campuses ?? []} data-testid="classes-form-campus" />
      </Form.Item>
      <Form.Item name="classroomId" label={t('classes.classroom')}>
        <Select allowClear showSearch optionFilterProp="label" options={rooms} data-testid="classes-form-classroom" />
      </Form.Item>
      <Form.Item name="classTeacher" label={t('classes.classTeacher')}>
        <Picker types={['people']} multiple={false} userType={String(USER_TYPES.teacher)} disabled={mode === 'view'} placeholder={t('classesPage.pickTeacher')} />
      </Form.Item>
      <Form.Item name="sort" label={t('classes.sort')} rules={[zodRule(classFormSchema, 'sort', form)]}>
        <InputNumber min={0} max={99} precision={0} style={{ width: '100%' }} data-testid="classes-form-sort" />
      </Form.Item>
    </div>
  );
}
