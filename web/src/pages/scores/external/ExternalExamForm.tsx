import { useEffect, useMemo } from 'react';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Select, Table, type FormInstance, type TableColumnsType } from 'antd';
import type { FormListFieldData, FormListProps, RuleObject } from 'antd/es/form';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { externalExamFormSchema, type ExternalExamForm, type ExternalExamRow, type ExternalOptions } from '@campus/contract';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog, removeRowColumn, type FormMode } from '../../../components/ManagePage/index.ts';
import { currentLanguage, t as translate } from '../../../i18n/index.ts';
import { saveExternalExam } from './externalCalls.ts';

/** The most subjects an exam has (the contract's limit). */
export const EXTERNAL_SUBJECTS_MAX = 20;
const DATE_FORMAT = 'YYYY-MM-DD';

export interface SubjectValues {
  courseId?: number;
  fullMark?: number;
}

/** The fields of the dialog; ids and numbers stay undefined until given. */
export interface ExternalFormValues {
  termId?: number;
  gradeId?: number;
  name?: string;
  organiser?: string;
  examDate?: string;
  remarks?: string;
  subjects: SubjectValues[];
}

export function newExternalValues(options: ExternalOptions): ExternalFormValues {
  return { termId: options.terms.find((term) => term.isCurrent)?.id, subjects: [] };
}

export function externalValues(row: ExternalExamRow): ExternalFormValues {
  return {
    termId: row.termId,
    gradeId: row.gradeId,
    name: row.name,
    organiser: row.organiser,
    examDate: row.examDate,
    remarks: row.remarks,
    subjects: row.subjects.map(({ courseId, fullMark }) => ({ courseId, fullMark })),
  };
}

/** The body of create (update adds the id): texts trimmed; numbers not given stay undefined for the schema to refuse. */
export function externalBody(values: ExternalFormValues): ExternalExamForm {
  return {
    termId: values.termId as number,
    gradeId: values.gradeId as number,
    name: values.name?.trim() ?? '',
    organiser: values.organiser?.trim() ?? '',
    examDate: values.examDate ?? '',
    remarks: values.remarks?.trim() ?? '',
    subjects: (values.subjects ?? []).map((subject) => ({ courseId: subject.courseId as number, fullMark: subject.fullMark as number })),
  };
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) => a.length === b.length && a.every((part, index) => part === b[index]);
type ValidatorRule = NonNullable<FormListProps['rules']>[number];

/** A rule with the contract schema's message for one path of the body the form would send. */
function pathRule(form: FormInstance, path: readonly PropertyKey[]): ValidatorRule {
  return {
    validator: async () => {
      const result = externalExamFormSchema.safeParse(externalBody(form.getFieldsValue(true) as ExternalFormValues));
      const issue = result.success ? undefined : result.error.issues.find((item) => samePath(item.path, path));
      if (issue) throw new Error(translate(issue.message));
    },
  };
}

/** A cleared number goes as undefined (not null, which the schema would read as 0). */
const noNull = (value: number | null | undefined) => value ?? undefined;

/** The date as a string in the form, as a Dayjs in the picker. */
const dateField = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(DATE_FORMAT) : undefined),
};

export interface ExternalDialogState {
  mode: FormMode;
  row?: ExternalExamRow;
}

export interface ExternalDialogProps {
  dialog: ExternalDialogState | null;
  options: ExternalOptions;
  onClose: () => void;
  onSaved: () => void;
}

/** Add, modify or view an external exam: term, grade, name, organiser, date, remarks and the subjects with full marks. */
export function ExternalExamDialog({ dialog, options, onClose, onSaved }: ExternalDialogProps) {
  const { t } = useTranslation();
  const row = dialog?.row;
  const mode = dialog?.mode ?? 'add';
  const initialValues = useMemo(() => (row ? externalValues(row) : newExternalValues(options)), [row, options]);
  const byName = (list: { id: number; name: string }[]) => list.map((item) => ({ value: item.id, label: item.name }));

  return (
    <FormDialog<ExternalFormValues>
      open={!!dialog}
      mode={mode}
      title={t(mode === 'add' ? 'externalPage.addTitle' : mode === 'edit' ? 'externalPage.editTitle' : 'externalPage.viewTitle')}
      initialValues={initialValues}
      width={currentLanguage() === 'en' ? 820 : 720}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = externalBody(values);
        const msg = await saveExternalExam(mode === 'edit' && row ? { ...body, id: row.id } : body);
        feedback().message.success(msg || t(mode === 'edit' ? 'common.updated' : 'common.created'));
        onSaved();
      }}
      data-testid="external-dialog"
    >
      {(form) => {
        const rule = (field: keyof ExternalExamForm) => [pathRule(form, [field])];
        return (
          <div className="external-form-grid">
            {row?.released && <Alert className="external-form-wide external-form-alert" type="info" showIcon title={t('externalPage.releasedNote', { time: row.releasedAt ?? '' })} />}
            {mode === 'edit' && row && row.entered > 0 && (
              <Alert className="external-form-wide external-form-alert" type="warning" showIcon title={t('externalPage.enteredNote', { count: row.entered })} data-testid="external-form-entered" />
            )}
            <Form.Item name="termId" label={t('externalPage.term')} required rules={rule('termId')}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={byName(options.terms)} data-testid="external-form-term" />
            </Form.Item>
            <Form.Item name="gradeId" label={t('externalPage.grade')} required rules={rule('gradeId')}>
              <Select options={byName(options.grades)} data-testid="external-form-grade" />
            </Form.Item>
            <Form.Item name="name" label={t('externalPage.name')} required rules={rule('name')} className="external-form-wide">
              <Input maxLength={100} placeholder={t('externalPage.namePlaceholder')} data-testid="external-form-name" />
            </Form.Item>
            <Form.Item name="organiser" label={t('externalPage.organiser')} required rules={rule('organiser')}>
              <Input maxLength={50} placeholder={t('externalPage.organiserPlaceholder')} data-testid="external-form-organiser" />
            </Form.Item>
            <Form.Item name="examDate" label={t('externalPage.examDate')} required rules={rule('examDate')} {...dateField}>
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="external-form-date" />
            </Form.Item>
            <Form.Item name="remarks" label={t('externalPage.remarks')} rules={rule('remarks')} className="external-form-wide">
              <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} data-testid="external-form-remarks" />
            </Form.Item>
            <div className="external-form-wide">
              <SubjectsEditor form={form} options={options} mode={mode} />
            </div>
          </div>
        );
      }}
    </FormDialog>
  );
}

/** The subjects as an editable table (subject, full mark), added and removed. */
function SubjectsEditor({ form, options, mode }: { form: FormInstance<ExternalFormValues>; options: ExternalOptions; mode: FormMode }) {
  const { t } = useTranslation();
  const editable = mode !== 'view';
  const subjects = Form.useWatch<SubjectValues[] | undefined>('subjects', form);
  const chosen = new Set((subjects ?? []).map((subject) => subject.courseId));

  // The subjects-as-a-whole message (none, one twice) clears as soon as they are put right.
  useEffect(() => {
    if (form.getFieldError(['subjects']).length) form.validateFields([['subjects']]).catch(() => undefined);
  }, [subjects, form]);

  return (
    <Form.List name="subjects" rules={[pathRule(form, ['subjects'])]}>
      {(fields, { add, remove }, { errors }) => {
        const rule = (field: FormListFieldData, part: keyof SubjectValues): RuleObject[] => [pathRule(form, ['subjects', field.name, part]) as RuleObject];
        const columns: TableColumnsType<FormListFieldData> = [
          {
            key: 'course',
            title: t('externalPage.subject'),
            render: (_, field) => (
              <Form.Item name={[field.name, 'courseId']} rules={rule(field, 'courseId')}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  aria-label={t('externalPage.subject')}
                  placeholder={t('externalPage.subject')}
                  options={options.courses.map((course) => ({ value: course.id, label: course.name, disabled: chosen.has(course.id) && subjects?.[field.name]?.courseId !== course.id }))}
                  data-testid={`external-subject-course-${field.name}`}
                />
              </Form.Item>
            ),
          },
          {
            key: 'fullMark',
            title: t('externalPage.fullMark'),
            width: 160,
            render: (_, field) => (
              <Form.Item name={[field.name, 'fullMark']} rules={rule(field, 'fullMark')} normalize={noNull}>
                <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} aria-label={t('externalPage.fullMark')} data-testid={`external-subject-full-${field.name}`} />
              </Form.Item>
            ),
          },
        ];
        if (editable) columns.push(removeRowColumn(t('externalPage.removeSubject'), remove, 'external-subject-remove'));
        return (
          <div className="external-subjects" data-testid="external-form-subjects">
            <span className="external-subjects-label">{t('externalPage.subjects')}</span>
            <Table<FormListFieldData>
              size="small"
              bordered
              rowKey="key"
              pagination={false}
              dataSource={fields}
              columns={columns}
              tableLayout="fixed"
              locale={{ emptyText: t('externalPage.noSubjects') }}
            />
            <Form.ErrorList errors={errors} />
            {editable && (
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                disabled={fields.length >= EXTERNAL_SUBJECTS_MAX}
                onClick={() => add({ fullMark: 100 } satisfies SubjectValues)}
                data-testid="external-subject-add"
              >
                {t('externalPage.addSubject')}
              </Button>
            )}
          </div>
        );
      }}
    </Form.List>
  );
}
