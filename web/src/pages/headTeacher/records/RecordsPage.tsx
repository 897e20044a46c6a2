import { useState } from 'react';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { DatePicker, Descriptions, Form, Input, InputNumber, Modal, Select, Tag, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  CLASS_RECORD_KIND_NAMES,
  CLASS_RECORD_PICTURES_MAX,
  HEAD_TEACHER_PERMISSIONS,
  recordFieldLabelKey,
  recordKind,
  recordOptionKey,
  type ClassRecordKind,
  type ClassRecordRow,
  type HeadTeacherClass,
  type OverviewStudent,
  type RecordField,
} from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FileUpload } from '../../../components/FileUpload/index.ts';
import { FormDialog, ManagePage, RecordActions } from '../../../components/ManagePage/index.ts';
import { HEAD_TEACHER_CALLS, fetchStudents, headTeacherKeys, saveRecord } from '../api.ts';
import { ClassPage } from '../common/ClassPage.tsx';
import { Pictures } from '../common/Pictures.tsx';
import { AnalysisFiguresPanel } from './AnalysisFigures.tsx';

/**
 * The dated class records of the pages under /bzrgzscgl/ (class meetings, home-school contacts, student cadres, social practice,
 * support records, incidents, class and league activities, classroom decoration, class analysis): one page built from the kind's declared fields
 * (contract CLASS_RECORD_KINDS), each kind with its own title, labels and texts.
 */
export function recordsPage(kind: ClassRecordKind) {
  return function KindRecordsPage({ route }: PageProps) {
    return (
      <ClassPage route={route} fromHub data-testid={`ht-records-${kind}`}>
        {(cls) => <Records key={cls.id} kind={kind} cls={cls} />}
      </ClassPage>
    );
  };
}

interface SearchForm {
  keyword?: string;
  studentId?: number;
  dateFrom?: string;
  dateTo?: string;
}

type Values = { recordDate?: string; title?: string; pictures?: string[] } & Record<string, unknown>;

const dateField = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

const hasStudents = (kind: ClassRecordKind) => recordKind(kind).fields.some((field) => field.type === 'student' || field.type === 'students');

/** A field's value as the table and the view show it. */
export function useFieldText() {
  const { t, i18n } = useTranslation();
  const separator = i18n.language === 'en' ? ', ' : '、';
  return (row: ClassRecordRow, field: RecordField): string => {
    const value = row.fields[field.name];
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '—';
    const name = (id: unknown) => row.students.find((student) => student.id === Number(id))?.name ?? '';
    switch (field.type) {
      case 'choice':
        return t(recordOptionKey(field.name, String(value)));
      case 'student':
        return name(value);
      case 'students': {
        const names = (value as unknown[]).map(name);
        return names.length > 6 ? t('htUi.andMore', { names: names.slice(0, 6).join(separator), count: names.length }) : names.join(separator);
      }
      default:
        return String(value);
    }
  };
}

function Records({ kind, cls }: { kind: ClassRecordKind; cls: HeadTeacherClass }) {
  const { t, i18n } = useTranslation();
  const spec = recordKind(kind);
  const label = (name: string) => t(recordFieldLabelKey(kind, name));
  const fieldText = useFieldText();
  const students = useQuery({ queryKey: headTeacherKeys.students(cls.id), queryFn: ({ signal }) => fetchStudents(cls.id, signal) });
  const [dialog, setDialog] = useState<{ mode: 'add' | 'edit'; row?: ClassRecordRow } | null>(null);
  const [viewing, setViewing] = useState<ClassRecordRow | null>(null);
  const permission = HEAD_TEACHER_PERMISSIONS.work;
  const can = usePermission();
  const studentOptions = (students.data ?? []).map((student: OverviewStudent) => ({ value: student.id, label: `${student.name}（${student.studentNumber}）` }));

  return (
    <ManagePage<ClassRecordRow, SearchForm>
      permission={permission}
      editPermission={permission}
      deletePermission={permission}
      readOnly={!cls.editable}
      listUrl={HEAD_TEACHER_CALLS.recordsPage}
      exportUrl={can({ permissions: [HEAD_TEACHER_PERMISSIONS.export] }) ? HEAD_TEACHER_CALLS.recordExport : undefined}
      exportName={`${cls.name}${t(`htPage.${spec.page}`)}`}
      deleteUrl={HEAD_TEACHER_CALLS.recordDelete}
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={(values) => ({
        classId: cls.id,
        kind,
        keyword: values.keyword?.trim() ?? '',
        studentId: values.studentId ?? '',
        dateFrom: values.dateFrom ?? '',
        dateTo: values.dateTo ?? '',
      })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('htUi.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('htUi.keywordPlaceholder')} data-testid="ht-search-keyword" />
          </Form.Item>
          {hasStudents(kind) && (
            <Form.Item name="studentId" label={t('htUi.student')}>
              <Select allowClear showSearch optionFilterProp="label" options={studentOptions} style={{ width: 180 }} placeholder={t('manage.all')} data-testid="ht-search-student" />
            </Form.Item>
          )}
          <Form.Item name="dateFrom" label={t('htUi.dateFrom')} {...dateField}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="dateTo" label={t('htUi.dateTo')} {...dateField}>
            <DatePicker />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'recordDate', dataIndex: 'recordDate', title: label('recordDate'), sorter: true, width: 110 },
        { key: 'title', dataIndex: 'title', title: label('title'), sorter: true, width: 200 },
        ...spec.fields
          .filter((field) => field.listed)
          .map((field) => ({
            key: field.name,
            title: label(field.name),
            width: field.type === 'students' || field.type === 'textarea' ? 220 : 120,
            render: (_: unknown, row: ClassRecordRow) =>
              field.type === 'choice' ? <Tag>{fieldText(row, field)}</Tag> : <span className={field.type === 'textarea' ? 'ht-prewrap' : undefined}>{fieldText(row, field)}</span>,
          })),
        ...(spec.pictures ? [{ key: 'pictures', title: t('htUi.pictures'), width: 80, render: (_: unknown, row: ClassRecordRow) => row.pictures.length || '—' }] : []),
        { key: 'authorName', dataIndex: 'authorName', title: t('htUi.author'), width: 100 },
      ]}
      actionsWidth={i18n.language === 'en' ? 200 : 170}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setViewing(row)} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} viewTestId={`ht-view-${row.id}`} editTestId={`ht-edit-${row.id}`} />
          {canDelete && (
            <DeleteButton type="link" size="small" url={HEAD_TEACHER_CALLS.recordDelete} param={{ ids: [row.id] }} onSuccess={reload} data-testid={`ht-delete-${row.id}`} />
          )}
        </>
      )}
      data-testid="ht-records"
    >
      {({ reload }) => (
        <>
          {dialog && (
            <FormDialog<Values>
              open
              mode={dialog.mode}
              title={t(dialog.mode === 'add' ? 'htUi.addTitle' : 'htUi.editTitle', { page: t(`htPage.${spec.page}`) })}
              initialValues={dialog.row ? { recordDate: dialog.row.recordDate, title: dialog.row.title, pictures: dialog.row.pictures.map((p) => p.id), ...dialog.row.fields } : { recordDate: dayjs().format('YYYY-MM-DD'), pictures: [] }}
              onClose={() => setDialog(null)}
              onSubmit={async (values) => {
                const { recordDate, title, pictures, ...fields } = values;
                // A cadre back in service keeps no dismissal date (the field is hidden, its value is not).
                if (kind === 'cadre' && fields.status !== 'dismissed') fields.dismissedOn = '';
                const msg = await saveRecord({ id: dialog.row?.id, classId: cls.id, kind, recordDate: recordDate ?? '', title: title ?? '', fields, pictures: pictures ?? [] });
                feedback().message.success(msg);
                reload();
              }}
              data-testid="ht-record-dialog"
            >
              {(form) => <RecordFields kind={kind} form={form} studentOptions={studentOptions} knownPictures={dialog.row?.pictures ?? []} />}
            </FormDialog>
          )}
          <Modal
            open={Boolean(viewing)}
            title={viewing ? `${viewing.recordDate} ${viewing.title}` : ''}
            onCancel={() => setViewing(null)}
            footer={null}
            width={i18n.language === 'en' ? 810 : 650}
            destroyOnHidden
            data-testid="ht-record-view"
          >
            {viewing && (
              <>
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label={label('recordDate')}>{viewing.recordDate}</Descriptions.Item>
                  <Descriptions.Item label={label('title')}>{viewing.title}</Descriptions.Item>
                  {spec.fields.map((field) => (
                    <Descriptions.Item key={field.name} label={label(field.name)}>
                      <span className="ht-prewrap">{fieldText(viewing, field)}</span>
                    </Descriptions.Item>
                  ))}
                  {spec.pictures && (
                    <Descriptions.Item label={t('htUi.pictures')}>
                      <Pictures pictures={viewing.pictures} />
                    </Descriptions.Item>
                  )}
                  <Descriptions.Item label={t('htUi.author')}>{`${viewing.authorName} · ${viewing.updatedAt}`}</Descriptions.Item>
                </Descriptions>
                {kind === 'analysis' && <AnalysisFiguresPanel classId={cls.id} recordId={viewing.id} />}
              </>
            )}
          </Modal>
        </>
      )}
    </ManagePage>
  );
}

function RecordFields({
  kind,
  form,
  studentOptions,
  knownPictures,
}: {
  kind: ClassRecordKind;
  form: FormInstance<Values>;
  studentOptions: { value: number; label: string }[];
  knownPictures: ClassRecordRow['pictures'];
}) {
  const { t } = useTranslation();
  const spec = recordKind(kind);
  const label = (name: string) => t(recordFieldLabelKey(kind, name));
  const required = (name: string, choose = false): Rule => ({ required: true, message: t(choose ? 'headTeacher.fieldChoose' : 'headTeacher.fieldRequired', { field: label(name) }) });
  const status = Form.useWatch('status', form);
  return (
    <>
      <Form.Item name="recordDate" label={label('recordDate')} rules={[{ required: true, message: t('headTeacher.dateRequired') }]} {...dateField}>
        <DatePicker style={{ width: '100%' }} disabledDate={(day) => day.isAfter(dayjs(), 'day')} data-testid="ht-field-recordDate" />
      </Form.Item>
      <Form.Item name="title" label={label('title')} rules={[required('title'), { max: spec.titleMax, message: t('headTeacher.textTooLong', { field: label('title'), max: spec.titleMax }) }]}>
        <Input maxLength={spec.titleMax} showCount data-testid="ht-field-title" />
      </Form.Item>
      {spec.fields.map((field) => {
        // student cadres: the dismissal date only for a dismissed cadre.
        if (kind === 'cadre' && field.name === 'dismissedOn' && status !== 'dismissed') return null;
        const rules: Rule[] = field.required || (kind === 'cadre' && field.name === 'dismissedOn') ? [required(field.name, ['choice', 'student', 'students'].includes(field.type))] : [];
        const common = { name: field.name, label: label(field.name), rules };
        switch (field.type) {
          case 'text':
            return (
              <Form.Item key={field.name} {...common}>
                <Input maxLength={field.max} data-testid={`ht-field-${field.name}`} />
              </Form.Item>
            );
          case 'textarea':
            return (
              <Form.Item key={field.name} {...common}>
                <Input.TextArea maxLength={field.max} showCount autoSize={{ minRows: 3, maxRows: 10 }} data-testid={`ht-field-${field.name}`} />
              </Form.Item>
            );
          case 'choice':
            return (
              <Form.Item key={field.name} {...common}>
                <Select options={(field.options ?? []).map((value) => ({ value, label: t(recordOptionKey(field.name, value)) }))} data-testid={`ht-field-${field.name}`} />
              </Form.Item>
            );
          case 'number':
            return (
              <Form.Item key={field.name} {...common}>
                <InputNumber min={field.min} max={field.maxValue} step={field.step} style={{ width: 160 }} data-testid={`ht-field-${field.name}`} />
              </Form.Item>
            );
          case 'date':
            return (
              <Form.Item key={field.name} {...common} {...dateField}>
                <DatePicker style={{ width: '100%' }} data-testid={`ht-field-${field.name}`} />
              </Form.Item>
            );
          case 'student':
          case 'students':
            return (
              <Form.Item key={field.name} {...common}>
                <Select
                  mode={field.type === 'students' ? 'multiple' : undefined}
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  options={studentOptions}
                  maxTagCount={8}
                  data-testid={`ht-field-${field.name}`}
                />
              </Form.Item>
            );
        }
      })}
      {spec.pictures && (
        <Form.Item name="pictures" label={t('htUi.picturesLimit', { count: CLASS_RECORD_PICTURES_MAX })}>
          <FileUpload purpose="image" knownFiles={knownPictures.map((picture) => ({ RESID: picture.id, name: picture.name }))} data-testid="ht-field-pictures" />
        </Form.Item>
      )}
    </>
  );
}

/** One page component per kind, made once (the registry's loaders may run more than once). */
export const RECORD_PAGES = Object.fromEntries(CLASS_RECORD_KIND_NAMES.map((kind) => [kind, recordsPage(kind)])) as Record<ClassRecordKind, ReturnType<typeof recordsPage>>;
