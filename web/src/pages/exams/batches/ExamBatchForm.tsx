import { useMemo } from 'react';
import { Alert, Button, Checkbox, DatePicker, Form, Input, InputNumber, Select, type FormInstance } from 'antd';
import type { FormListProps, RuleObject } from 'antd/es/form';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  EXAM_CATEGORIES,
  EXAM_CLASSES_MAX,
  EXAM_LEVELS,
  EXAM_NAME_MAX,
  EXAM_REMARKS_MAX,
  EXAM_SCORE_SYSTEM_MAX,
  EXAM_SUBJECTS_MAX,
  EXAM_TIME_PATTERN,
  examBatchFormSchema,
  type ExamBatchForm,
  type ExamBatchOptions,
  type ExamBatchRow,
  type ExamCategory,
  type ExamLevel,
} from '@campus/contract';
import { saveExamBatch, type ExamBatchBody } from '../../../api/exams.ts';
import { feedback } from '../../../app/feedback.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { t as translate } from '../../../i18n/index.ts';
import { FormDialog, type FormMode } from '../../../components/ManagePage/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';

/** One subject's sitting in the form; its parts stay undefined until chosen. */
export interface ExamSubjectValues {
  courseId?: number;
  /** YYYY-MM-DD */
  examDate?: string;
  /** HH:MM */
  startTime?: string;
  endTime?: string;
}

/** The fields of the dialog; ids and numbers stay undefined until given. */
export interface ExamBatchFormValues {
  termId?: number;
  gradeId?: number;
  name?: string;
  category?: ExamCategory;
  level?: ExamLevel;
  weightPercent?: number;
  scoreSystem?: number;
  passLine?: number;
  subjects: ExamSubjectValues[];
  classIds: number[];
  remarks?: string;
}

/** The usual full mark and pass line of a new exam. */
export const DEFAULT_SCORE_SYSTEM = 100;
export const DEFAULT_PASS_LINE = 60;

/** A new exam: the current term, a school exam out of 100 with its pass line at 60, no subject nor class yet. */
export function newExamBatchValues(options: ExamBatchOptions): ExamBatchFormValues {
  const term = options.terms.find((item) => item.isCurrent);
  return { termId: term?.id, level: 'school', scoreSystem: DEFAULT_SCORE_SYSTEM, passLine: DEFAULT_PASS_LINE, subjects: [], classIds: [], remarks: '' };
}

/** An exam's values in the form. */
export function examBatchValues(row: ExamBatchRow): ExamBatchFormValues {
  return {
    termId: row.termId,
    gradeId: row.gradeId,
    name: row.name,
    category: row.category,
    level: row.level,
    weightPercent: row.weightPercent,
    scoreSystem: row.scoreSystem,
    passLine: row.passLine,
    // The sittings in the order they take place.
    subjects: [...row.subjects]
      .sort((a, b) => a.examDate.localeCompare(b.examDate) || a.startTime.localeCompare(b.startTime))
      .map(({ courseId, examDate, startTime, endTime }) => ({ courseId, examDate, startTime, endTime })),
    classIds: row.classIds,
    remarks: row.remarks,
  };
}

/** The body of the create call (update adds the id): the classes in the order of the grade's list. */
export function examBatchBody(values: ExamBatchFormValues, options: ExamBatchOptions): ExamBatchBody {
  const order = new Map(options.classes.map((item, index) => [item.id, index]));
  return {
    termId: values.termId as number,
    gradeId: values.gradeId as number,
    name: values.name?.trim() ?? '',
    category: values.category as ExamCategory,
    level: values.level as ExamLevel,
    weightPercent: Number(values.weightPercent),
    scoreSystem: Number(values.scoreSystem),
    passLine: Number(values.passLine),
    subjects: values.subjects.map((subject) => ({
      courseId: subject.courseId as number,
      examDate: subject.examDate ?? '',
      startTime: subject.startTime ?? '',
      endTime: subject.endTime ?? '',
    })),
    classIds: [...new Set(values.classIds)].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)),
    remarks: values.remarks?.trim() ?? '',
  };
}

/** A cleared number goes as undefined (not null, which the schema would read as 0). */
const noNull = (value: number | null | undefined) => value ?? undefined;

/**
 * "0830", "8:30" or "08：30" typed: HH:MM. Anything else stays as typed for the format check to refuse.
 */
export function normaliseTime(value: string | undefined): string {
  const typed = (value ?? '').replace(/\s/g, '').replace(/\uff1a/g, ':');
  if (/^\d{4}$/.test(typed)) return `${typed.slice(0, 2)}:${typed.slice(2)}`;
  if (/^\d:\d{2}$/.test(typed)) return `0${typed}`;
  return typed;
}

/** A rule of a Form.List (a validator, nothing else). */
type ValidatorRule = NonNullable<FormListProps['rules']>[number];

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) => a.length === b.length && a.every((part, index) => part === b[index]);

/** A rule with the contract schema's message for exactly this path (a subject's field, the subjects as a whole). */
function pathRule(form: FormInstance, path: readonly PropertyKey[]): ValidatorRule {
  return {
    validator: async () => {
      const result = examBatchFormSchema.safeParse(form.getFieldsValue(true));
      if (result.success) return;
      const issue = result.error.issues.find((item) => samePath(item.path, path));
      if (issue) throw new Error(translate(issue.message));
    },
  };
}

type Term = ExamBatchOptions['terms'][number];

/**
 * The server's refusal of two sittings on one day that overlap (every class sits every subject), mirrored
 * on the subjects; null when none do. Like the other mirrored checks (pass line over the score system, a
 * subject twice, a date outside the term) it shows at once, where the schema's own waits for a valid form.
 */
function overlapMessage(subjects: readonly ExamSubjectValues[], courseName: (id?: number) => string): string | null {
  const timed = subjects.filter((s) => s.examDate && s.startTime && s.endTime && s.startTime < s.endTime);
  const sorted = [...timed].sort((a, b) => a.examDate!.localeCompare(b.examDate!) || a.startTime!.localeCompare(b.startTime!));
  for (let i = 1; i < sorted.length; i++) {
    const [before, after] = [sorted[i - 1]!, sorted[i]!];
    if (before.examDate === after.examDate && after.startTime! < before.endTime!) {
      return translate('exam.subjectsOverlap', { first: courseName(before.courseId), second: courseName(after.courseId), date: after.examDate });
    }
  }
  return null;
}

export interface ExamBatchDialogState {
  mode: FormMode;
  row?: ExamBatchRow;
}

export interface ExamBatchDialogProps {
  /** The dialog's mode and, to modify or view, the exam; null: closed. */
  dialog: ExamBatchDialogState | null;
  options: ExamBatchOptions;
  /** Whether the term has ended (its exams are only viewed). */
  ended: (termId: number) => boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Add, modify or view an exam batch: its term and grade, kind, marks, subjects' sittings and classes. */
export function ExamBatchDialog({ dialog, options, ended, onClose, onSaved }: ExamBatchDialogProps) {
  const { t } = useTranslation();
  const row = dialog?.row;
  const mode = dialog?.mode ?? 'add';
  const initialValues = useMemo(() => (row ? examBatchValues(row) : newExamBatchValues(options)), [row, options]);
  const byName = (list: { id: number; name: string }[]) => list.map((item) => ({ value: item.id, label: item.name }));
  // Terms that have ended take no new exam: the server refuses them.
  const terms = options.terms.map((term) => ({ value: term.id, label: term.name, disabled: mode !== 'view' && ended(term.id) && term.id !== row?.termId }));

  return (
    <FormDialog<ExamBatchFormValues>
      open={!!dialog}
      mode={mode}
      title={t(mode === 'add' ? 'examBatchPage.addTitle' : mode === 'edit' ? 'examBatchPage.editTitle' : 'examBatchPage.viewTitle')}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = examBatchBody(values, options);
        const { msg } = await saveExamBatch(mode === 'edit' && row ? { ...body, id: row.id } : body);
        feedback().message.success(msg || t(mode === 'edit' ? 'common.updated' : 'common.created'));
        onSaved();
      }}
      data-testid="exam-batch-dialog"
    >
      {(form) => {
        const rule = (field: keyof ExamBatchForm) => [zodRule(examBatchFormSchema, field, form)];
        const passLineOver: RuleObject = {
          validator: async () => {
            const { passLine, scoreSystem } = form.getFieldsValue(['passLine', 'scoreSystem']) as ExamBatchFormValues;
            if (typeof passLine === 'number' && typeof scoreSystem === 'number' && passLine > scoreSystem) throw new Error(t('exam.passLineOver'));
          },
        };
        return (
          <div className="exam-form-grid">
            {row?.published && (
              <Alert className="exam-form-wide exam-form-alert" type="info" showIcon title={t('examBatchPage.publishedNote', { time: row.publishedAt })} data-testid="exam-form-published" />
            )}
            {row && !row.published && ended(row.termId) && <Alert className="exam-form-wide exam-form-alert" type="info" showIcon title={t('exam.termEnded')} />}
            <Form.Item name="termId" label={t('exam.col.term')} required rules={rule('termId')}>
              <Select options={terms} data-testid="exam-form-term" />
            </Form.Item>
            <Form.Item name="gradeId" label={t('exam.col.grade')} required rules={rule('gradeId')}>
              {/* The classes are those of the grade: a new grade starts with none ticked. */}
              <Select options={byName(options.grades)} onChange={() => form.setFieldValue('classIds', [])} data-testid="exam-form-grade" />
            </Form.Item>
            <Form.Item name="name" label={t('exam.col.name')} required rules={rule('name')} className="exam-form-wide">
              <Input maxLength={EXAM_NAME_MAX} placeholder={t('examBatchPage.namePlaceholder')} data-testid="exam-form-name" />
            </Form.Item>
            <Form.Item name="category" label={t('exam.col.category')} required rules={rule('category')}>
              <Select options={EXAM_CATEGORIES.map((value) => ({ value, label: t(`exam.category.${value}`) }))} data-testid="exam-form-category" />
            </Form.Item>
            <Form.Item name="level" label={t('exam.col.level')} required rules={rule('level')}>
              <Select options={EXAM_LEVELS.map((value) => ({ value, label: t(`exam.level.${value}`) }))} data-testid="exam-form-level" />
            </Form.Item>
            <Form.Item name="weightPercent" label={t('exam.col.weight')} required rules={rule('weightPercent')} normalize={noNull} extra={mode === 'view' ? undefined : t('examBatchPage.weightHint')}>
              <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} data-testid="exam-form-weight" />
            </Form.Item>
            <Form.Item name="scoreSystem" label={t('exam.col.scoreSystem')} required rules={rule('scoreSystem')} normalize={noNull} extra={mode === 'view' ? undefined : t('examBatchPage.scoreSystemHint')}>
              <InputNumber min={1} max={EXAM_SCORE_SYSTEM_MAX} precision={0} style={{ width: '100%' }} data-testid="exam-form-score-system" />
            </Form.Item>
            <Form.Item name="passLine" label={t('exam.col.passLine')} required rules={[...rule('passLine'), passLineOver]} validateFirst dependencies={['scoreSystem']} normalize={noNull}>
              <InputNumber min={0} max={EXAM_SCORE_SYSTEM_MAX} precision={2} step={0.5} style={{ width: '100%' }} data-testid="exam-form-pass-line" />
            </Form.Item>
            <Form.Item name="classIds" label={t('exam.col.classes')} required rules={rule('classIds')} className="exam-form-wide">
              <GradeClasses options={options} />
            </Form.Item>
            <div className="exam-form-wide">
              <SubjectsEditor form={form} options={options} mode={mode} />
            </div>
            <Form.Item name="remarks" label={t('examBatchPage.remarks')} rules={rule('remarks')} className="exam-form-wide">
              <Input.TextArea maxLength={EXAM_REMARKS_MAX} rows={2} data-testid="exam-form-remarks" />
            </Form.Item>
          </div>
        );
      }}
    </FormDialog>
  );
}

interface GradeClassesProps {
  value?: number[];
  onChange?: (value: number[]) => void;
  options: ExamBatchOptions;
  disabled?: boolean;
  id?: string;
}

/** The classes of the chosen grade as ticks, with "all of the grade" first. */
function GradeClasses({ value = [], onChange, options, disabled, id }: GradeClassesProps) {
  const { t } = useTranslation();
  const gradeId = Form.useWatch<number | undefined>('gradeId', Form.useFormInstance());
  const grade = options.grades.find((item) => item.id === gradeId);
  const classes = options.classes.filter((item) => item.gradeId === gradeId).slice(0, EXAM_CLASSES_MAX);
  if (!grade) return <span className="exam-muted">{t('examBatchPage.gradeFirst')}</span>;
  if (!classes.length) return <span className="exam-muted">{t('examBatchPage.gradeNoClasses', { grade: grade.name })}</span>;
  const ticked = classes.filter((item) => value.includes(item.id)).length;
  return (
    <div className="exam-classes" id={id}>
      <Checkbox
        checked={ticked === classes.length}
        indeterminate={ticked > 0 && ticked < classes.length}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.checked ? classes.map((item) => item.id) : [])}
        data-testid="exam-form-classes-all"
      >
        {t('examBatchPage.wholeGrade', { grade: grade.name, count: classes.length })}
      </Checkbox>
      <Checkbox.Group
        className="exam-classes-list"
        value={value}
        disabled={disabled}
        onChange={(next) => onChange?.(classes.map((item) => item.id).filter((classId) => next.includes(classId)))}
        options={classes.map((item) => ({ value: item.id, label: item.name }))}
        data-testid="exam-form-classes"
      />
    </div>
  );
}

/** A YYYY-MM-DD form value shown in a DatePicker (and read back as YYYY-MM-DD). */
const dateField = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : undefined),
};

interface SubjectsEditorProps {
  form: FormInstance<ExamBatchFormValues>;
  options: ExamBatchOptions;
  mode: FormMode;
}

/** The subjects' sittings as rows (subject, date within the term, start and end), added and removed. */
function SubjectsEditor({ form, options, mode }: SubjectsEditorProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const termId = Form.useWatch<number | undefined>('termId', form);
  const subjects = Form.useWatch<ExamSubjectValues[] | undefined>('subjects', form) ?? [];
  const term: Term | undefined = options.terms.find((item) => item.id === termId);
  const courseName = (courseId?: number) => options.courses.find((item) => item.id === courseId)?.name ?? '';
  const chosen = new Set(subjects.map((s) => s.courseId));
  const editable = mode !== 'view';

  const outsideTerm = (day: Dayjs) => !!term && (day.format('YYYY-MM-DD') < term.startDate || day.format('YYYY-MM-DD') > term.endDate);
  const listRules: ValidatorRule[] = [
    pathRule(form, ['subjects']),
    {
      validator: async (_: unknown, value: ExamSubjectValues[] | undefined) => {
        const list = value ?? [];
        const ids = list.map((s) => s.courseId).filter((courseId) => courseId !== undefined);
        if (new Set(ids).size !== ids.length) throw new Error(t('exam.subjectTwice'));
        const overlap = overlapMessage(list, courseName);
        if (overlap) throw new Error(overlap);
      },
    },
  ];

  return (
    <Form.List name="subjects" rules={listRules}>
      {(fields, { add, remove }, { errors }) => (
        <div className="exam-subjects" data-testid="exam-form-subjects">
          <div className="exam-subjects-head">
            <span className="exam-subjects-label exam-required">{t('exam.col.subjects')}</span>
            {term && <span className="exam-muted">{t('examBatchPage.termDates', { start: term.startDate, end: term.endDate })}</span>}
          </div>
          {fields.length > 0 && !phone && (
            <div className="exam-subject-row exam-subject-titles" aria-hidden>
              <span>{t('examBatchPage.subjectCourse')}</span>
              <span>{t('examBatchPage.subjectDate')}</span>
              <span>{t('examBatchPage.subjectStart')}</span>
              <span>{t('examBatchPage.subjectEnd')}</span>
              <span />
            </div>
          )}
          {fields.map(({ key, name }) => {
            const at = (field: keyof ExamSubjectValues) => ['subjects', name, field];
            const inTerm: RuleObject = {
              validator: async (_, value: string | undefined) => {
                if (term && value && (value < term.startDate || value > term.endDate)) {
                  const courseId = form.getFieldValue(['subjects', name, 'courseId']) as number | undefined;
                  throw new Error(t('exam.dateOutsideTerm', { course: courseName(courseId), date: value, start: term.startDate, end: term.endDate }));
                }
              },
            };
            // The schema compares the times only once the row's subject and date are chosen too.
            const endAfterStart: RuleObject = {
              validator: async (_, value: string | undefined) => {
                const start = form.getFieldValue(['subjects', name, 'startTime']) as string | undefined;
                if (start && value && EXAM_TIME_PATTERN.test(start) && EXAM_TIME_PATTERN.test(value) && value <= start) throw new Error(t('exam.endBeforeStart'));
              },
            };
            return (
              <div className="exam-subject-row" key={key} data-testid={`exam-subject-${name}`}>
                <Form.Item name={[name, 'courseId']} rules={[pathRule(form, at('courseId'))]}>
                  <Select
                    aria-label={t('examBatchPage.subjectCourse')}
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder={t('examBatchPage.subjectCourse')}
                    options={options.courses.map((item) => ({ value: item.id, label: item.name, disabled: chosen.has(item.id) && subjects[name]?.courseId !== item.id }))}
                    data-testid={`exam-subject-course-${name}`}
                  />
                </Form.Item>
                <Form.Item name={[name, 'examDate']} rules={[pathRule(form, at('examDate')), inTerm]} validateFirst dependencies={['termId']} {...dateField}>
                  <DatePicker
                    style={{ width: '100%' }}
                    placeholder={t('examBatchPage.subjectDate')}
                    disabledDate={outsideTerm}
                    defaultPickerValue={term && (dayjs().format('YYYY-MM-DD') < term.startDate || dayjs().format('YYYY-MM-DD') > term.endDate) ? dayjs(term.startDate) : undefined}
                    inputReadOnly={phone}
                    data-testid={`exam-subject-date-${name}`}
                  />
                </Form.Item>
                <Form.Item name={[name, 'startTime']} rules={[pathRule(form, at('startTime'))]} normalize={normaliseTime}>
                  <Input maxLength={5} inputMode="numeric" placeholder={t('examBatchPage.timePlaceholder')} prefix={phone ? t('examBatchPage.subjectStart') : undefined} aria-label={t('examBatchPage.subjectStart')} data-testid={`exam-subject-start-${name}`} />
                </Form.Item>
                <Form.Item name={[name, 'endTime']} rules={[pathRule(form, at('endTime')), endAfterStart]} validateFirst dependencies={[at('startTime')]} normalize={normaliseTime}>
                  <Input maxLength={5} inputMode="numeric" placeholder={t('examBatchPage.timePlaceholder')} prefix={phone ? t('examBatchPage.subjectEnd') : undefined} aria-label={t('examBatchPage.subjectEnd')} data-testid={`exam-subject-end-${name}`} />
                </Form.Item>
                <div className="exam-subject-remove">
                  {editable && (
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('examBatchPage.removeSubject')} title={t('examBatchPage.removeSubject')} onClick={() => remove(name)} data-testid={`exam-subject-remove-${name}`} />
                  )}
                </div>
              </div>
            );
          })}
          {!fields.length && <div className="exam-muted">{t('examBatchPage.noSubjects')}</div>}
          <Form.ErrorList errors={errors} />
          {editable && (
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              disabled={fields.length >= EXAM_SUBJECTS_MAX}
              // A new sitting starts on the day of the last one: exams usually run over consecutive days.
              onClick={() => add({ examDate: subjects.at(-1)?.examDate } satisfies ExamSubjectValues)}
              data-testid="exam-subject-add"
            >
              {t('examBatchPage.addSubject')}
            </Button>
          )}
          {editable && <div className="exam-muted exam-subjects-hint">{t('examBatchPage.subjectsHint', { max: EXAM_SUBJECTS_MAX })}</div>}
        </div>
      )}
    </Form.List>
  );
}
