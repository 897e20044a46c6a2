import { useMemo, useState } from 'react';
import { DatePicker, Form, Input, InputNumber, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { studentCreateSchema, studentUpdateSchema, type StudentAdminRow, type StudentFormOptions } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { request } from '../../../api/client.ts';
import { ManagePage, FormDialog, RecordActions, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { useScreenOptions } from '../common/peopleOptions.ts';
import '../common/people.css';

interface StudentSearchForm {
  keyword?: string;
  gradeId?: number;
  classId?: number;
  inSchoolStatus?: string;
  enrolmentStatus?: string;
}

interface StudentFormValues {
  id?: number;
  studentNumber?: string;
  name: string;
  gender?: string;
  birthDate?: string;
  classId?: number;
  entryYear?: number;
  inSchoolStatus?: string;
  enrolmentStatus?: string;
  parentAccount?: string;
  parentName?: string;
}

/** A YYYY-MM-DD form value shown in a DatePicker (and read back as YYYY-MM-DD). */
export const dateField = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

/** /xtgl/xsgl: students, their number from the template, their accounts and parent accounts (issue 4, item 10). */
export default function StudentsAdminPage(_props: PageProps) {
  const { t } = useTranslation();
  const options = useScreenOptions<StudentFormOptions>('/api/system/students/options');
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: StudentAdminRow } | null>(null);
  const [gradeFilter, setGradeFilter] = useState<number | undefined>();

  const initialValues = useMemo<Partial<StudentFormValues>>(() => {
    const row = dialog?.row;
    if (!row) return { entryYear: new Date().getFullYear(), inSchoolStatus: '1', enrolmentStatus: '1' };
    return {
      id: row.id,
      studentNumber: row.studentNumber,
      name: row.name,
      gender: row.gender,
      birthDate: row.birthDate ?? '',
      classId: row.classId ?? undefined,
      entryYear: row.entryYear,
      inSchoolStatus: row.inSchoolStatus,
      enrolmentStatus: row.enrolmentStatus,
      parentAccount: row.parentAccounts.join(', '),
    };
  }, [dialog]);

  const classOptions = (gradeId?: number) => (options?.classes ?? []).filter((c) => gradeId === undefined || c.gradeId === gradeId);

  return (
    <ManagePage<StudentAdminRow, StudentSearchForm>
      permission="system:student"
      listUrl="/api/system/students/page"
      exportUrl="/api/system/students/export"
      exportName={t('studentAdmin.exportName')}
      deleteUrl="/api/system/students/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      searchFields={(form) => (
        <>
          <Form.Item name="keyword" label={t('studentsAdmin.keyword')}>
            <Input allowClear placeholder={t('studentsAdmin.keywordPlaceholder')} maxLength={64} data-testid="students-admin-keyword" />
          </Form.Item>
          <Form.Item name="gradeId" label={t('classes.grade')}>
            <Select
              allowClear
              options={options?.grades ?? []}
              placeholder={t('manage.all')}
              style={{ width: 130 }}
              onChange={(value: number | undefined) => {
                setGradeFilter(value);
                form.setFieldValue('classId', undefined);
              }}
            />
          </Form.Item>
          <Form.Item name="classId" label={t('studentAdmin.className')}>
            <Select allowClear showSearch optionFilterProp="label" options={classOptions(gradeFilter)} placeholder={t('manage.all')} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="inSchoolStatus" label={t('studentAdmin.inSchoolStatus')}>
            <Select allowClear options={options?.inSchoolStatuses ?? []} placeholder={t('manage.all')} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="enrolmentStatus" label={t('studentAdmin.enrolmentStatus')}>
            <Select allowClear options={options?.enrolmentStatuses ?? []} placeholder={t('manage.all')} style={{ width: 120 }} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'studentNumber', dataIndex: 'studentNumber', title: t('studentAdmin.studentNumber'), sorter: true, width: 120 },
        { key: 'name', dataIndex: 'name', title: t('studentAdmin.name'), sorter: true, width: 110 },
        { key: 'genderName', dataIndex: 'genderName', title: t('studentAdmin.gender'), width: 80 },
        { key: 'birthDate', dataIndex: 'birthDate', title: t('studentAdmin.birthDate'), sorter: true, width: 120 },
        { key: 'className', dataIndex: 'className', title: t('studentAdmin.className'), sorter: true, width: 120 },
        { key: 'entryYear', dataIndex: 'entryYear', title: t('studentAdmin.entryYear'), sorter: true, width: 100 },
        { key: 'inSchoolStatus', dataIndex: 'inSchoolStatusName', title: t('studentAdmin.inSchoolStatus'), sorter: true, width: 110 },
        { key: 'enrolmentStatus', dataIndex: 'enrolmentStatusName', title: t('studentAdmin.enrolmentStatus'), sorter: true, width: 110 },
        {
          key: 'parentAccounts',
          title: t('studentAdmin.parentAccounts'),
          width: 150,
          render: (_: unknown, row: StudentAdminRow) => row.parentAccounts.map((account) => <Tag key={account}>{account}</Tag>),
        },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} editTestId={`students-admin-edit-${row.studentNumber}`} />
          {canDelete && <DeleteButton type="link" size="small" url="/api/system/students/delete" param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="students-admin-page"
    >
      {({ reload }) => (
        <FormDialog<StudentFormValues>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'studentsAdmin.addTitle' : dialog?.mode === 'edit' ? 'studentsAdmin.editTitle' : 'studentsAdmin.viewTitle')}
          initialValues={initialValues}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            const fields = {
              name: values.name,
              gender: values.gender,
              birthDate: values.birthDate ?? '',
              classId: values.classId,
              entryYear: values.entryYear,
              inSchoolStatus: values.inSchoolStatus,
              enrolmentStatus: values.enrolmentStatus,
            };
            const envelope =
              dialog?.mode === 'add'
                ? await request('/api/system/students/create', { json: { ...fields, parentAccount: values.parentAccount ?? '', parentName: values.parentName ?? '' } })
                : await request('/api/system/students/update', { json: { ...fields, id: dialog?.row?.id } });
            feedback().message.success(envelope.msg || t('common.updated'));
            reload();
          }}
          data-testid="students-admin-dialog"
        >
          {(form, mode) => {
            const schema = mode === 'add' ? studentCreateSchema : studentUpdateSchema;
            return (
              <div className="people-form-grid">
                {mode !== 'add' && (
                  <Form.Item name="studentNumber" label={t('studentAdmin.studentNumber')}>
                    <Input disabled />
                  </Form.Item>
                )}
                <Form.Item name="name" label={t('studentAdmin.name')} required rules={[zodRule(schema, 'name', form)]}>
                  <Input maxLength={50} data-testid="students-admin-form-name" />
                </Form.Item>
                <Form.Item name="gender" label={t('studentAdmin.gender')} required rules={[zodRule(schema, 'gender', form)]}>
                  <Select options={options?.genders ?? []} data-testid="students-admin-form-gender" />
                </Form.Item>
                <Form.Item name="birthDate" label={t('studentAdmin.birthDate')} rules={[zodRule(schema, 'birthDate', form)]} {...dateField}>
                  <DatePicker style={{ width: '100%' }} data-testid="students-admin-form-birth" />
                </Form.Item>
                <Form.Item name="classId" label={t('studentAdmin.className')} required rules={[zodRule(schema, 'classId', form)]}>
                  <Select showSearch optionFilterProp="label" options={options?.classes ?? []} data-testid="students-admin-form-class" />
                </Form.Item>
                <Form.Item name="entryYear" label={t('studentAdmin.entryYear')} required rules={[zodRule(schema, 'entryYear', form)]}>
                  <InputNumber min={2000} max={9999} precision={0} style={{ width: '100%' }} data-testid="students-admin-form-year" />
                </Form.Item>
                <Form.Item name="inSchoolStatus" label={t('studentAdmin.inSchoolStatus')} required rules={[zodRule(schema, 'inSchoolStatus', form)]}>
                  <Select options={options?.inSchoolStatuses ?? []} />
                </Form.Item>
                <Form.Item name="enrolmentStatus" label={t('studentAdmin.enrolmentStatus')} required rules={[zodRule(schema, 'enrolmentStatus', form)]}>
                  <Select options={options?.enrolmentStatuses ?? []} />
                </Form.Item>
                {mode === 'add' ? (
                  <>
                    <Form.Item name="parentName" label={t('studentsAdmin.parentName')} rules={[zodRule(studentCreateSchema, 'parentName', form)]}>
                      <Input maxLength={50} placeholder={t('studentsAdmin.parentNamePlaceholder')} />
                    </Form.Item>
                    <Form.Item name="parentAccount" label={t('studentsAdmin.siblingParent')} extra={t('studentsAdmin.siblingParentHint')} rules={[zodRule(studentCreateSchema, 'parentAccount', form)]}>
                      <Input maxLength={64} placeholder="jz201911001" data-testid="students-admin-form-parent" />
                    </Form.Item>
                    <div className="people-form-wide ant-form-item-extra" data-testid="students-admin-number-hint">
                      {t('studentsAdmin.numberHint')}
                    </div>
                  </>
                ) : (
                  <Form.Item name="parentAccount" label={t('studentAdmin.parentAccounts')}>
                    <Input disabled />
                  </Form.Item>
                )}
              </div>
            );
          }}
        </FormDialog>
      )}
    </ManagePage>
  );
}
