import { useEffect, useMemo } from 'react';
import { Alert, Button, Checkbox, DatePicker, Form, Input, InputNumber, Select, Switch, Table, type FormInstance, type TableColumnsType } from 'antd';
import type { FormListFieldData, FormListProps, RuleObject } from 'antd/es/form';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EXAM_NODE_MAX, SCORE_BATCH_NAME_MAX, SCORE_CLASSES_MAX, SCORE_SUBJECTS_MAX, scoreBatchFormSchema, type ScoreBatchOptions, type ScoreBatchRow } from '@campus/contract';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog, removeRowColumn, type FormMode } from '../../../components/ManagePage/index.ts';
import { currentLanguage, t as translate } from '../../../i18n/index.ts';
import { saveScoreBatch, type ScoreBatchBody } from './scoreBatchCalls.ts';

/** The entry window's format: the school's clock, to the minute. */
export const WINDOW_FORMAT = 'YYYY-MM-DD HH:mm';

/** One subject in the form; its parts stay undefined until chosen. */
export interface SubjectValues {
  courseId?: number;
  scoreSystemId?: number;
  weight?: number;
}

/** The fields of the dialog; ids and numbers stay undefined until given. */
export interface ScoreBatchFormValues {
  termId?: number;
  gradeId?: number;
  campusId?: number;
  examBatchId?: number;
  name?: string;
  examNode?: string;
  /** The entry window's start and end as 'YYYY-MM-DD HH:mm'. */
  window?: [string | undefined, string | undefined];
  enabled?: boolean;
  conversionRuleId?: number;
  subjects: SubjectValues[];
  classIds: number[];
}

/** A new batch: the current term, enabled, no subject nor class yet. */
export function newScoreBatchValues(options: ScoreBatchOptions): ScoreBatchFormValues {
  return { termId: options.terms.find((term) => term.isCurrent)?.id, enabled: true, subjects: [], classIds: [] };
}

/** A batch's values in the form. */
export function scoreBatchValues(row: ScoreBatchRow): ScoreBatchFormValues {
  return {
    termId: row.termId,
    gradeId: row.gradeId,
    campusId: row.campusId ?? undefined,
    examBatchId: row.examBatchId ?? undefined,
    name: row.name,
    examNode: row.examNode,
    window: [row.entryStart, row.entryEnd],
    enabled: row.enabled,
    conversionRuleId: row.conversionRuleId ?? undefined,
    subjects: row.subjects.map(({ courseId, scoreSystemId, weight }) => ({ courseId, scoreSystemId, weight })),
    classIds: row.classIds,
  };
}

/**
 * The body of the create call (update adds the id): texts trimmed, the classes once each in the order of the
 * grade's list, optional choices left empty as null. Numbers not given stay undefined for the schema to refuse.
 */
export function scoreBatchBody(values: ScoreBatchFormValues, options: ScoreBatchOptions): ScoreBatchBody {
  const order = new Map(options.classes.map((item, index) => [item.id, index]));
  return {
    termId: values.termId as number,
    gradeId: values.gradeId as number,
    campusId: values.campusId ?? null,
    examBatchId: values.examBatchId ?? null,
    name: values.name?.trim() ?? '',
    examNode: values.examNode?.trim() ?? '',
    entryStart: values.window?.[0] ?? '',
    entryEnd: values.window?.[1] ?? '',
    enabled: values.enabled ?? true,
    conversionRuleId: values.conversionRuleId ?? null,
    subjects: (values.subjects ?? []).map((subject) => ({ courseId: subject.courseId as number, scoreSystemId: subject.scoreSystemId as number, weight: subject.weight as number })),
    classIds: [...new Set(values.classIds ?? [])].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)),
  };
}

/** The weights of the subjects given so far, added up. */
export const weightTotal = (subjects: readonly SubjectValues[] | undefined) => (subjects ?? []).reduce((sum, subject) => sum + (typeof subject.weight === 'number' ? subject.weight : 0), 0);

/**
 * The schema checks the subjects as a whole (a subject twice, weights over 100) and the window's order only
 * once every field is valid: mirrored here, they show as soon as the values involved are given.
 */
export function subjectsMessage(subjects: readonly SubjectValues[] | undefined): string | undefined {
  const ids = (subjects ?? []).map((subject) => subject.courseId).filter((id) => id !== undefined);
  if (new Set(ids).size !== ids.length) return 'exam.subjectTwice';
  if (weightTotal(subjects) > 100) return 'scoreBatch.weightsOver';
  return undefined;
}

export function windowMessage(window: ScoreBatchFormValues['window']): string | undefined {
  const [start, end] = window ?? [];
  if (start && end && end <= start) return 'scoreBatch.entryEndBeforeStart';
  return undefined;
}

/**
 * A choice of exam fills the term, grade, subjects (keeping the score system and weight of a subject already
 * listed) and classes from it, and the name when none is given yet.
 */
export function fromExam(values: ScoreBatchFormValues, exam: ScoreBatchOptions['exams'][number], options: ScoreBatchOptions): Partial<ScoreBatchFormValues> {
  const known = new Set(options.courses.map((course) => course.id));
  const gradeClasses = new Set(options.classes.filter((item) => item.gradeId === exam.gradeId).map((item) => item.id));
  const listed = values.subjects ?? [];
  return {
    termId: exam.termId,
    gradeId: exam.gradeId,
    subjects: exam.courseIds
      .filter((courseId, index) => known.has(courseId) && exam.courseIds.indexOf(courseId) === index)
      .slice(0, SCORE_SUBJECTS_MAX)
      .map((courseId) => listed.find((subject) => subject.courseId === courseId) ?? { courseId, scoreSystemId: defaultSystem(options, listed) }),
    classIds: exam.classIds.filter((classId) => gradeClasses.has(classId)),
    ...(values.name?.trim() ? {} : { name: exam.name.slice(0, SCORE_BATCH_NAME_MAX) }),
  };
}

/** The score system a new subject starts with: the last subject's, else the one out of 100, else none. */
function defaultSystem(options: ScoreBatchOptions, subjects: readonly SubjectValues[]): number | undefined {
  const last = subjects.at(-1)?.scoreSystemId;
  if (last && options.systems.some((system) => system.id === last)) return last;
  return options.systems.find((system) => system.fullMark === 100)?.id;
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) => a.length === b.length && a.every((part, index) => part === b[index]);

/** A rule of a field or of the subjects (a validator, nothing else). */
type ValidatorRule = NonNullable<FormListProps['rules']>[number];

/**
 * A rule with the contract schema's message for one of the given paths of the body (the schema runs over the
 * body the form would send), then the mirrored check.
 */
function pathRule(form: FormInstance, options: ScoreBatchOptions, paths: readonly (readonly PropertyKey[])[], mirror?: () => string | undefined): ValidatorRule {
  return {
    validator: async () => {
      const values = form.getFieldsValue(true) as ScoreBatchFormValues;
      const result = scoreBatchFormSchema.safeParse(scoreBatchBody(values, options));
      const issue = result.success ? undefined : result.error.issues.find((item) => paths.some((path) => samePath(item.path, path)));
      const message = issue?.message ?? mirror?.();
      if (message) throw new Error(translate(message));
    },
  };
}

/** A cleared number goes as undefined (not null, which the schema would read as 0). */
const noNull = (value: number | null | undefined) => value ?? undefined;

/** The window as strings in the form, as a pair of Dayjs in the RangePicker. */
const windowField = {
  getValueProps: (value: ScoreBatchFormValues['window']) => ({ value: value ? ([value[0] ? dayjs(value[0]) : null, value[1] ? dayjs(value[1]) : null] as const) : null }),
  normalize: (value: [Dayjs | null, Dayjs | null] | null | undefined) => (value ? [value[0]?.format(WINDOW_FORMAT), value[1]?.format(WINDOW_FORMAT)] : undefined),
};

export interface ScoreBatchDialogState {
  mode: FormMode;
  row?: ScoreBatchRow;
}

export interface ScoreBatchDialogProps {
  /** The dialog's mode and, to modify or view, the batch; null: closed. */
  dialog: ScoreBatchDialogState | null;
  options: ScoreBatchOptions;
  onClose: () => void;
  onSaved: () => void;
}

/** Add, modify or view a score batch: term, grade, exam, node, entry window, rule, subjects and classes. */
export function ScoreBatchDialog({ dialog, options, onClose, onSaved }: ScoreBatchDialogProps) {
  const { t } = useTranslation();
  const row = dialog?.row;
  const mode = dialog?.mode ?? 'add';
  const initialValues = useMemo(() => (row ? scoreBatchValues(row) : newScoreBatchValues(options)), [row, options]);
  const byName = (list: { id: number; name: string }[]) => list.map((item) => ({ value: item.id, label: item.name }));
  // A rule disabled since keeps its name on the batch that uses it.
  const rules = useMemo(() => {
    const list = byName(options.rules);
    if (row?.conversionRuleId && !options.rules.some((rule) => rule.id === row.conversionRuleId)) list.push({ value: row.conversionRuleId, label: row.conversionRuleName || String(row.conversionRuleId) });
    return list;
  }, [options.rules, row]);
  // The exams by term, newest term first; each names its grade.
  const exams = useMemo(() => {
    const gradeName = (gradeId: number) => options.grades.find((grade) => grade.id === gradeId)?.name ?? '';
    const groups = options.terms
      .map((term) => ({
        label: term.name,
        title: term.name,
        options: options.exams.filter((exam) => exam.termId === term.id).map((exam) => ({ value: exam.id, label: `${exam.name} · ${gradeName(exam.gradeId)}` })),
      }))
      .filter((group) => group.options.length);
    if (row?.examBatchId && !options.exams.some((exam) => exam.id === row.examBatchId)) groups.push({ label: row.termName, title: row.termName, options: [{ value: row.examBatchId, label: row.examBatchName || String(row.examBatchId) }] });
    return groups;
  }, [options, row]);

  return (
    <FormDialog<ScoreBatchFormValues>
      open={!!dialog}
      mode={mode}
      title={t(mode === 'add' ? 'scoreBatchPage.addTitle' : mode === 'edit' ? 'scoreBatchPage.editTitle' : 'scoreBatchPage.viewTitle')}
      initialValues={initialValues}
      // The subjects' table needs the room of its three columns.
      width={currentLanguage() === 'en' ? 880 : 800}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = scoreBatchBody(values, options);
        const msg = await saveScoreBatch(mode === 'edit' && row ? { ...body, id: row.id } : body);
        feedback().message.success(msg || t(mode === 'edit' ? 'common.updated' : 'common.created'));
        onSaved();
      }}
      data-testid="score-batch-dialog"
    >
      {(form) => {
        const rule = (field: keyof ScoreBatchBody) => [pathRule(form, options, [[field]])];
        const windowOf = () => form.getFieldValue('window') as ScoreBatchFormValues['window'];
        // Both ends are needed before their format and order mean anything.
        const windowGiven: RuleObject = {
          validator: async () => {
            const [start, end] = windowOf() ?? [];
            if (!start || !end) throw new Error(t('scoreBatchPage.windowRequired'));
          },
        };
        const windowRule = pathRule(form, options, [['entryStart'], ['entryEnd']], () => windowMessage(windowOf()));
        // A term or grade of another exam than the chosen one leaves the exam out (the server would refuse it).
        const keepExam = (changed: Partial<ScoreBatchFormValues>) => {
          const exam = options.exams.find((item) => item.id === form.getFieldValue('examBatchId'));
          if (exam && ((changed.termId !== undefined && changed.termId !== exam.termId) || (changed.gradeId !== undefined && changed.gradeId !== exam.gradeId))) form.setFieldValue('examBatchId', undefined);
        };
        return (
          <div className="score-batch-form-grid">
            {row?.released && (
              <Alert className="score-batch-form-wide score-batch-form-alert" type="info" showIcon title={t('scoreBatchPage.releasedNote', { time: row.releasedAt })} data-testid="score-batch-form-released" />
            )}
            {mode === 'edit' && row && row.entered > 0 && (
              <Alert className="score-batch-form-wide score-batch-form-alert" type="warning" showIcon title={t('scoreBatchPage.enteredNote', { count: row.entered })} data-testid="score-batch-form-entered" />
            )}
            <Form.Item name="examBatchId" label={t('scoreBatchPage.exam')} rules={rule('examBatchId')} className="score-batch-form-wide" extra={mode === 'view' ? undefined : t('scoreBatchPage.examHint')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={exams}
                placeholder={t('scoreBatchPage.noExam')}
                onChange={(examId?: number) => {
                  const exam = options.exams.find((item) => item.id === examId);
                  if (!exam) return;
                  form.setFieldsValue(fromExam(form.getFieldsValue(true) as ScoreBatchFormValues, exam, options));
                  // The fields filled show their state at once (a subject's weight still to give).
                  void form.validateFields(['termId', 'gradeId', 'classIds', 'name']).catch(() => undefined);
                }}
                data-testid="score-batch-form-exam"
              />
            </Form.Item>
            <Form.Item name="termId" label={t('scoreBatch.col.term')} required rules={rule('termId')}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={byName(options.terms)} onChange={(termId: number) => keepExam({ termId })} data-testid="score-batch-form-term" />
            </Form.Item>
            <Form.Item name="gradeId" label={t('scoreBatch.col.grade')} required rules={rule('gradeId')}>
              {/* The classes are those of the grade: a new grade starts with none ticked. */}
              <Select
                options={byName(options.grades)}
                onChange={(gradeId: number) => {
                  form.setFieldValue('classIds', []);
                  keepExam({ gradeId });
                }}
                data-testid="score-batch-form-grade"
              />
            </Form.Item>
            <Form.Item name="name" label={t('scoreBatch.col.name')} required rules={rule('name')}>
              <Input maxLength={SCORE_BATCH_NAME_MAX} placeholder={t('scoreBatchPage.namePlaceholder')} data-testid="score-batch-form-name" />
            </Form.Item>
            <Form.Item name="examNode" label={t('scoreBatch.col.examNode')} required rules={rule('examNode')}>
              <Input maxLength={EXAM_NODE_MAX} showCount placeholder={t('scoreBatchPage.examNodePlaceholder')} data-testid="score-batch-form-exam-node" />
            </Form.Item>
            <Form.Item name="campusId" label={t('scoreBatchPage.campus')} rules={rule('campusId')}>
              <Select allowClear options={byName(options.campuses)} placeholder={t('scoreBatchPage.allCampuses')} data-testid="score-batch-form-campus" />
            </Form.Item>
            <Form.Item name="conversionRuleId" label={t('scoreBatchPage.rule')} rules={rule('conversionRuleId')} extra={mode === 'view' ? undefined : t('scoreBatchPage.ruleHint')}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={rules} placeholder={t('scoreBatchPage.noRule')} data-testid="score-batch-form-rule" />
            </Form.Item>
            <Form.Item name="window" label={t('scoreBatch.col.window')} required rules={[windowGiven, windowRule]} validateFirst extra={mode === 'view' ? undefined : t('scoreBatchPage.windowHint')} {...windowField}>
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format={WINDOW_FORMAT}
                allowEmpty={[true, true]}
                placeholder={[t('scoreBatchPage.windowStart'), t('scoreBatchPage.windowEnd')]}
                style={{ width: '100%' }}
                data-testid="score-batch-form-window"
              />
            </Form.Item>
            <Form.Item name="enabled" label={t('scoreBatch.col.enabled')} valuePropName="checked" extra={mode === 'view' ? undefined : t('scoreBatchPage.enabledHint')}>
              <Switch data-testid="score-batch-form-enabled" />
            </Form.Item>
            <div className="score-batch-form-wide">
              <SubjectsEditor form={form} options={options} mode={mode} />
            </div>
            <Form.Item name="classIds" label={t('scoreBatch.col.classes')} required rules={rule('classIds')} className="score-batch-form-wide">
              <GradeClasses options={options} />
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
  options: ScoreBatchOptions;
  disabled?: boolean;
  id?: string;
}

/** The classes of the chosen grade as ticks, with "all of the grade" first. */
function GradeClasses({ value = [], onChange, options, disabled, id }: GradeClassesProps) {
  const { t } = useTranslation();
  const gradeId = Form.useWatch<number | undefined>('gradeId', Form.useFormInstance());
  const grade = options.grades.find((item) => item.id === gradeId);
  const classes = options.classes.filter((item) => item.gradeId === gradeId).slice(0, SCORE_CLASSES_MAX);
  if (!grade) return <span className="score-batch-muted">{t('scoreBatchPage.gradeFirst')}</span>;
  if (!classes.length) return <span className="score-batch-muted">{t('scoreBatchPage.gradeNoClasses', { grade: grade.name })}</span>;
  const ticked = classes.filter((item) => value.includes(item.id)).length;
  return (
    <div className="score-batch-classes" id={id}>
      <Checkbox
        checked={ticked === classes.length}
        indeterminate={ticked > 0 && ticked < classes.length}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.checked ? classes.map((item) => item.id) : [])}
        data-testid="score-batch-form-classes-all"
      >
        {t('scoreBatchPage.wholeGrade', { grade: grade.name, count: classes.length })}
      </Checkbox>
      <Checkbox.Group
        className="score-batch-classes-list"
        value={value}
        disabled={disabled}
        onChange={(next) => onChange?.(classes.map((item) => item.id).filter((classId) => next.includes(classId)))}
        options={classes.map((item) => ({ value: item.id, label: item.name }))}
        data-testid="score-batch-form-classes"
      />
    </div>
  );
}

interface SubjectsEditorProps {
  form: FormInstance<ScoreBatchFormValues>;
  options: ScoreBatchOptions;
  mode: FormMode;
}

/** The subjects as an editable table (subject, score system, weight), added and removed, with the weights' total. */
function SubjectsEditor({ form, options, mode }: SubjectsEditorProps) {
  const { t } = useTranslation();
  const editable = mode !== 'view';
  const subjects = Form.useWatch<SubjectValues[] | undefined>('subjects', form);
  const total = weightTotal(subjects);
  const chosen = new Set((subjects ?? []).map((subject) => subject.courseId));

  // The subjects-as-a-whole message (a subject twice, weights over 100) clears as soon as they are put right.
  useEffect(() => {
    if (form.getFieldError(['subjects']).length) form.validateFields([['subjects']]).catch(() => undefined);
  }, [subjects, form]);

  const listRule = pathRule(form, options, [['subjects']], () => subjectsMessage(form.getFieldValue('subjects') as SubjectValues[] | undefined));
  const systems = options.systems.map((system) => ({ value: system.id, label: t('scoreBatchPage.systemOption', { name: system.name, fullMark: system.fullMark }) }));

  return (
    <Form.List name="subjects" rules={[listRule]}>
      {(fields, { add, remove }, { errors }) => {
        const at = (field: FormListFieldData, part: keyof SubjectValues) => [['subjects', field.name, part]] as const;
        const rule = (field: FormListFieldData, part: keyof SubjectValues): RuleObject[] => [pathRule(form, options, at(field, part)) as RuleObject];
        const columns: TableColumnsType<FormListFieldData> = [
          {
            key: 'course',
            title: t('scoreBatchPage.subjectCourse'),
            render: (_, field) => (
              <Form.Item name={[field.name, 'courseId']} rules={rule(field, 'courseId')}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  aria-label={t('scoreBatchPage.subjectCourse')}
                  placeholder={t('scoreBatchPage.subjectCourse')}
                  options={options.courses.map((course) => ({ value: course.id, label: course.name, disabled: chosen.has(course.id) && subjects?.[field.name]?.courseId !== course.id }))}
                  data-testid={`score-batch-subject-course-${field.name}`}
                />
              </Form.Item>
            ),
          },
          {
            key: 'system',
            title: t('scoreBatchPage.subjectSystem'),
            render: (_, field) => (
              <Form.Item name={[field.name, 'scoreSystemId']} rules={rule(field, 'scoreSystemId')}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  aria-label={t('scoreBatchPage.subjectSystem')}
                  placeholder={t('scoreBatchPage.subjectSystem')}
                  options={systems}
                  data-testid={`score-batch-subject-system-${field.name}`}
                />
              </Form.Item>
            ),
          },
          {
            key: 'weight',
            title: t('scoreBatchPage.subjectWeight'),
            width: 130,
            render: (_, field) => (
              <Form.Item name={[field.name, 'weight']} rules={rule(field, 'weight')} normalize={noNull}>
                <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: '100%' }} aria-label={t('scoreBatchPage.subjectWeight')} data-testid={`score-batch-subject-weight-${field.name}`} />
              </Form.Item>
            ),
          },
        ];
        if (editable) {
          columns.push(removeRowColumn(t('scoreBatchPage.removeSubject'), remove, 'score-batch-subject-remove'));
        }
        return (
          <div className="score-batch-subjects" data-testid="score-batch-form-subjects">
            <div className="score-batch-subjects-head">
              <span className="score-batch-subjects-label">{t('scoreBatch.col.subjects')}</span>
              <span className={total > 100 ? 'score-batch-total score-batch-total-over' : 'score-batch-total'} data-testid="score-batch-weight-total">
                {t('scoreBatchPage.weightTotal', { total })}
              </span>
            </div>
            <Table<FormListFieldData>
              size="small"
              bordered
              rowKey="key"
              pagination={false}
              dataSource={fields}
              columns={columns}
              tableLayout="fixed"
              locale={{ emptyText: t('scoreBatchPage.noSubjects') }}
            />
            <Form.ErrorList errors={errors} />
            {editable && (
              <Button
                className="score-batch-subjects-add"
                type="dashed"
                block
                icon={<PlusOutlined />}
                disabled={fields.length >= SCORE_SUBJECTS_MAX}
                onClick={() => add({ scoreSystemId: defaultSystem(options, (form.getFieldValue('subjects') as SubjectValues[] | undefined) ?? []) } satisfies SubjectValues)}
                data-testid="score-batch-subject-add"
              >
                {t('scoreBatchPage.addSubject')}
              </Button>
            )}
            {editable && <div className="score-batch-muted score-batch-subjects-hint">{t('scoreBatchPage.subjectsHint', { max: SCORE_SUBJECTS_MAX })}</div>}
          </div>
        );
      }}
    </Form.List>
  );
}
