import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Empty, Form, Input, Modal, Segmented, Select, Spin, Typography, type ButtonProps, type FormInstance } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  LESSON_CHANGE_REASON_MAX,
  makeUpFormSchema,
  swapFormSchema,
  type LessonChangeCheck,
  type LessonChangeKind,
  type LessonChangeOptions,
  type LessonChangeRow,
  type MakeUpForm,
  type SwapForm,
} from '@campus/contract';
import { checkLessonChange, fetchLessonChangeOptions, lessonChangeKeys, moveLessonChange, saveLessonChange, type LessonChangeBody } from '../../../api/lessonChanges.ts';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { parseSlot, slotKey, type Slot } from '../../../components/WeekTable/index.ts';
import { MovesList, byName, refusalOf, schemaRule } from './parts.tsx';
import { WeekGrid } from './WeekGrid.tsx';

/** The fields of the dialog; a swap's two periods are kept as 'day-period' (they are picked on the week's grid). */
export interface ChangeValues {
  termId?: number;
  classId?: number;
  week?: number;
  from?: string;
  to?: string;
  day?: number;
  period?: number;
  courseId?: number;
  classroomId?: number | null;
  reason?: string;
}

/** A new request: the current term (the options' term) and its current week; the class when the teacher has one. */
export function newChangeValues(options: LessonChangeOptions): ChangeValues {
  const term = options.terms.find((item) => item.id === options.termId) ?? options.terms.find((item) => item.isCurrent) ?? options.terms[0];
  return {
    termId: term?.id,
    week: term ? Math.max(1, term.currentWeek || 1) : undefined,
    classId: options.classes.length === 1 ? options.classes[0]!.id : undefined,
    reason: '',
  };
}

const slotValue = (day: number | null, period: number | null) => (day && period ? slotKey({ day, period }) : undefined);

/** A draft's values, to change it. */
export function changeValues(row: LessonChangeRow): ChangeValues {
  return {
    termId: row.termId,
    classId: row.classId,
    week: row.week,
    from: slotValue(row.fromDay, row.fromPeriod),
    to: slotValue(row.toDay, row.toPeriod),
    day: row.day ?? undefined,
    period: row.period ?? undefined,
    courseId: row.courseId ?? undefined,
    classroomId: row.classroomId ?? undefined,
    reason: row.reason,
  };
}

/** The body of check and save: the kind's form, the reason trimmed, an unchosen room left out. */
export function changeBody(kind: LessonChangeKind, values: ChangeValues, id?: number): LessonChangeBody {
  const common = {
    ...(id ? { id } : {}),
    termId: values.termId as number,
    classId: values.classId as number,
    week: values.week as number,
    reason: values.reason?.trim() ?? '',
  };
  if (kind === 'swap') {
    const from = parseSlot(values.from);
    const to = parseSlot(values.to);
    const body: SwapForm = { ...common, fromDay: from?.day as number, fromPeriod: from?.period as number, toDay: to?.day as number, toPeriod: to?.period as number };
    return body;
  }
  const body: MakeUpForm = {
    ...common,
    day: values.day as number,
    period: values.period as number,
    courseId: values.courseId as number,
    ...(values.classroomId ? { classroomId: values.classroomId } : {}),
  };
  return body;
}

export interface ChangeDialogState {
  mode: 'add' | 'edit';
  row?: LessonChangeRow;
}

export interface LessonChangeDialogProps {
  kind: LessonChangeKind;
  dialog: ChangeDialogState | null;
  /** The options without a class (terms, classes of the current term), to start a new request. */
  baseOptions: LessonChangeOptions;
  onClose: () => void;
  /** After a save, a submission or a refused submission: the list reads again. */
  onSaved: () => void;
}

/** What the dialog shows under the form: the check's answer, or a refusal of the server. */
type CheckState = { result: LessonChangeCheck } | { refusal: string } | null;

/**
 * Add or modify a request (a draft): the term, class and week, then the lesson to move and where (a swap),
 * or the day, period, course and room of the extra lesson (a make-up), and the reason. "Check conflicts" asks
 * the server what would change; "Save" keeps a draft; "Save and submit" saves, asks, then submits.
 */
export function LessonChangeDialog({ kind, dialog, baseOptions, onClose, onSaved }: LessonChangeDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangeValues>();
  const open = !!dialog;
  const row = dialog?.row;
  const [savedId, setSavedId] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState<'check' | 'save' | 'submit' | null>(null);
  const [check, setCheck] = useState<CheckState>(null);
  const initialValues = useMemo(() => (row ? changeValues(row) : newChangeValues(baseOptions)), [row, baseOptions]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initialValues);
    setSavedId(row?.id);
    setCheck(null);
  }, [open, initialValues, row, form]);

  const body = () => changeBody(kind, form.getFieldsValue(true) as ChangeValues, savedId);

  /** Validates and saves; the id of the draft, or null when the form is not valid (a refusal rejects). */
  const persist = async (): Promise<{ id: number; msg: string } | null> => {
    try {
      await form.validateFields();
    } catch {
      return null;
    }
    const saved = await saveLessonChange(kind, body());
    setSavedId(saved.id);
    onSaved();
    return saved;
  };

  const save = async () => {
    setBusy('save');
    try {
      const saved = await persist();
      if (!saved) return;
      feedback().message.success(saved.msg || t('lessonChange.saved'));
      onClose();
    } catch {
      // The request client has shown the server's message; the user corrects and saves again.
    } finally {
      setBusy(null);
    }
  };

  const submit = async (id: number) => {
    try {
      const msg = await moveLessonChange(kind, 'submit', id);
      feedback().message.success(msg || t('lessonChange.submitted'));
      onSaved();
      onClose();
    } catch (error) {
      // Refused (a conflict found again): the draft stays, the reason stays in sight while it is changed.
      const refusal = refusalOf(error);
      if (refusal) setCheck({ refusal });
      onSaved();
    }
  };

  const saveAndSubmit = async () => {
    setBusy('submit');
    try {
      const saved = await persist();
      if (!saved) return;
      feedback().modal.confirm({
        title: t('lessonChangeUi.submitTitle'),
        content: t('lessonChangeUi.submitConfirm'),
        okText: t('lessonChangeUi.submit'),
        cancelText: t('manage.cancel'),
        okButtonProps: { 'data-testid': 'lesson-change-submit-ok' } as ButtonProps,
        onOk: () => submit(saved.id),
      });
    } catch {
      // The request client has shown why the draft was not saved.
    } finally {
      setBusy(null);
    }
  };

  const runCheck = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setBusy('check');
    try {
      setCheck({ result: await checkLessonChange(kind, body()) });
    } catch (error) {
      const refusal = refusalOf(error);
      setCheck(refusal ? { refusal } : null);
    } finally {
      setBusy(null);
    }
  };

  const english = currentLanguage() === 'en';
  const footer = (
    <div className="lesson-change-footer">
      <Button icon={<SafetyCertificateOutlined />} loading={busy === 'check'} disabled={!!busy && busy !== 'check'} onClick={() => void runCheck()} data-testid="lesson-change-check">
        {t('lessonChangeUi.check')}
      </Button>
      <span className="lesson-change-spacer" />
      <Button onClick={onClose} data-testid="lesson-change-dialog-cancel">
        {t('manage.cancel')}
      </Button>
      <Button loading={busy === 'save'} disabled={!!busy && busy !== 'save'} onClick={() => void save()} data-testid="lesson-change-save">
        {t('lessonChangeUi.saveDraft')}
      </Button>
      <Button type="primary" loading={busy === 'submit'} disabled={!!busy && busy !== 'submit'} onClick={() => void saveAndSubmit()} data-testid="lesson-change-save-submit">
        {t('lessonChangeUi.saveAndSubmit')}
      </Button>
    </div>
  );

  return (
    <Modal
      open={open}
      title={t(savedId ? `lessonChangeUi.editTitle.${kind}` : `lessonChangeUi.addTitle.${kind}`)}
      onCancel={onClose}
      footer={footer}
      width={english ? 960 : 880}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <div data-testid="lesson-change-dialog" data-kind={kind}>
        <Form<ChangeValues> form={form} layout="vertical" className="manage-form" preserve={false} onValuesChange={() => setCheck(null)}>
          <ChangeFields kind={kind} form={form} row={row} baseOptions={baseOptions} body={body} onPicked={() => setCheck(null)} />
        </Form>
        <CheckAnswer check={check} />
      </div>
    </Modal>
  );
}

function CheckAnswer({ check }: { check: CheckState }) {
  const { t } = useTranslation();
  if (!check) return null;
  if ('refusal' in check) {
    return <Alert type="error" showIcon className="lesson-change-check" title={t('lessonChangeUi.refused')} description={check.refusal} data-testid="lesson-change-check-answer" data-ok="false" />;
  }
  const { result } = check;
  if (result.ok) {
    return (
      <Alert
        type="success"
        showIcon
        className="lesson-change-check"
        title={t('lessonChangeUi.checkOk')}
        description={
          <div>
            <Typography.Text strong>{t('lessonChangeUi.moves')}</Typography.Text>
            <MovesList moves={result.moves} />
          </div>
        }
        data-testid="lesson-change-check-answer"
        data-ok="true"
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      className="lesson-change-check"
      title={t('lessonChangeUi.checkFailed')}
      description={
        <ul className="lesson-change-conflicts">
          {result.conflicts.map((conflict, index) => (
            <li key={index} data-testid="lesson-change-conflict">
              {conflict}
            </li>
          ))}
        </ul>
      }
      data-testid="lesson-change-check-answer"
      data-ok="false"
    />
  );
}

interface FieldsProps {
  kind: LessonChangeKind;
  form: FormInstance<ChangeValues>;
  row: LessonChangeRow | undefined;
  baseOptions: LessonChangeOptions;
  body: () => LessonChangeBody;
  /** A period was picked on the grid (which changes fields without onValuesChange). */
  onPicked: () => void;
}

/** The slot picked on the grid, as text: "Tuesday, Period 3 · Chinese". */
function SlotText({ value, options, testId }: { value?: string; options: LessonChangeOptions; testId: string }) {
  const { t } = useTranslation();
  const slot = parseSlot(value);
  if (!slot) {
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('lessonChangeUi.notChosen')}
      </Typography.Text>
    );
  }
  const day = options.days.find((item) => item.day === slot.day)?.name ?? String(slot.day);
  const period = options.periods.find((item) => item.sort === slot.period)?.name ?? String(slot.period);
  const courses = options.lessons.filter((lesson) => lesson.day === slot.day && lesson.period === slot.period).map((lesson) => lesson.courseName);
  return (
    <span className="lesson-change-slot-text" data-testid={testId} data-slot={value}>
      <span className="lesson-change-strong">{t('lessonChangeUi.slot', { day, period })}</span>
      {courses.length > 0 && <span className="lesson-change-muted">{courses.join(' / ')}</span>}
    </span>
  );
}

function ChangeFields({ kind, form, row, baseOptions, body, onPicked }: FieldsProps) {
  const { t } = useTranslation();
  const termId = Form.useWatch('termId', form);
  const classId = Form.useWatch('classId', form);
  const week = Form.useWatch('week', form);
  const from = Form.useWatch('from', form);
  const to = Form.useWatch('to', form);
  const day = Form.useWatch('day', form);
  const period = Form.useWatch('period', form);
  const [picking, setPicking] = useState<'from' | 'to'>(() => (row?.fromDay ? 'to' : 'from'));

  const query = { termId, classId, week };
  const options = useQuery({
    queryKey: lessonChangeKeys.options(kind, query),
    queryFn: ({ signal }) => fetchLessonChangeOptions(kind, query, signal),
    enabled: !!termId,
    placeholderData: keepPreviousData,
  });
  const data = options.data ?? baseOptions;
  // Another class's or week's lessons are never picked from: the grid waits for its own.
  const weekReady = !!classId && !!week && !!options.data && !options.isPlaceholderData;
  const lessons = weekReady ? data.lessons : [];
  const shown: LessonChangeOptions = { ...data, lessons };

  const schema = kind === 'swap' ? swapFormSchema : makeUpFormSchema;
  const rule = (...paths: (readonly PropertyKey[])[]) => [schemaRule(schema, body, ...paths)];

  const term = data.terms.find((item) => item.id === termId);
  const terms = byName(data.terms);
  if (row && !data.terms.some((item) => item.id === row.termId)) terms.push({ value: row.termId, label: row.termName });
  const classes = byName(data.classes);
  if (row && !data.classes.some((item) => item.id === row.classId)) classes.push({ value: row.classId, label: row.className });
  const courses = byName(data.classes.find((item) => item.id === classId)?.courses ?? []);
  if (row?.courseId && row.classId === classId && !courses.some((item) => item.value === row.courseId)) {
    courses.push({ value: row.courseId, label: row.moves.find((move) => move.kind === 'add')?.courseName ?? String(row.courseId) });
  }
  const weekCount = term?.weekCount || Math.max(20, week ?? 0);
  // The current term's week (a term to come answers its first week, which is not "this week").
  const currentWeek = term?.isCurrent ? term.currentWeek : 0;
  const weeks = Array.from({ length: weekCount }, (_, index) => index + 1).map((number) => ({
    value: number,
    label: number === currentWeek ? t('lessonChangeUi.thisWeek', { week: number }) : t('lessonChangeUi.weekN', { week: number }),
    // A change is for this week or a later one.
    disabled: currentWeek > 0 && number < currentWeek,
  }));

  const changed = (fields: ChangeValues) => {
    form.setFieldsValue(fields);
    onPicked();
  };

  const pick = (slot: Slot) => {
    const key = slotKey(slot);
    if (kind === 'makeUp') {
      changed({ day: slot.day, period: slot.period });
      void form.validateFields(['day', 'period']).catch(() => undefined);
      return;
    }
    if (picking === 'from') {
      changed({ from: key, ...(to === key ? { to: undefined } : {}) });
      setPicking('to');
      void form.validateFields(['from']).catch(() => undefined);
    } else {
      changed({ to: key });
      void form.validateFields(['to']).catch(() => undefined);
    }
  };

  return (
    <>
      <div className="lesson-change-form-grid">
        <Form.Item name="termId" label={t('lessonChangeUi.term')} required rules={rule(['termId'])}>
          <Select
            options={terms}
            placeholder={t('lessonChangeUi.termPlaceholder')}
            onChange={(next: number) => {
              const nextTerm = data.terms.find((item) => item.id === next);
              // Another term has its own classes (read with it) and its own current week.
              form.setFieldsValue({ week: nextTerm ? Math.max(1, nextTerm.currentWeek || 1) : undefined, classId: undefined, courseId: undefined, from: undefined, to: undefined });
              setPicking('from');
            }}
            data-testid="lesson-change-term"
          />
        </Form.Item>
        <Form.Item name="classId" label={t('lessonChangeUi.class')} required rules={rule(['classId'])} extra={!options.isFetching && data.classes.length === 0 ? t('lessonChangeUi.noClasses') : undefined}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={classes}
            placeholder={t('lessonChangeUi.classPlaceholder')}
            onChange={(next: number) => {
              const own = data.classes.find((item) => item.id === next)?.courses ?? [];
              const courseId = form.getFieldValue('courseId') as number | undefined;
              form.setFieldsValue({
                from: undefined,
                to: undefined,
                courseId: own.length === 1 ? own[0]!.id : own.some((course) => course.id === courseId) ? courseId : undefined,
              });
              setPicking('from');
            }}
            data-testid="lesson-change-class"
          />
        </Form.Item>
        <Form.Item name="week" label={t('lessonChangeUi.week')} required rules={rule(['week'])}>
          <Select
            options={weeks}
            placeholder={t('lessonChangeUi.weekPlaceholder')}
            onChange={() => {
              form.setFieldsValue({ from: undefined, to: undefined });
              setPicking('from');
            }}
            data-testid="lesson-change-week"
          />
        </Form.Item>
      </div>

      <section className="lesson-change-week" data-testid="lesson-change-week-section">
        <div className="lesson-change-week-head">
          <Typography.Text strong>{week ? t('lessonChangeUi.gridTitle', { week }) : t('lessonChangeUi.week')}</Typography.Text>
          {kind === 'swap' && classId && week && (
            <Segmented<'from' | 'to'>
              size="small"
              value={picking}
              onChange={setPicking}
              options={[
                { value: 'from', label: t('lessonChangeUi.pickFrom') },
                { value: 'to', label: t('lessonChangeUi.pickTo') },
              ]}
              data-testid="lesson-change-picking"
            />
          )}
        </div>
        {classId && week && options.isError ? (
          <Alert type="warning" showIcon title={t('lessonChangeUi.weekFailed')} data-testid="lesson-change-week-failed" />
        ) : classId && week ? (
          <Spin spinning={!weekReady}>
            <Typography.Paragraph type="secondary" className="lesson-change-hint">
              {t(`lessonChangeUi.gridHint.${kind}`)}
            </Typography.Paragraph>
            <WeekGrid
              days={data.days}
              periods={data.periods}
              lessons={lessons}
              picking={!weekReady ? 'none' : kind === 'swap' ? picking : 'at'}
              from={parseSlot(from)}
              to={parseSlot(to)}
              at={kind === 'makeUp' && day && period ? { day, period } : undefined}
              onPick={pick}
            />
          </Spin>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lessonChangeUi.gridEmpty')} />
        )}
      </section>

      {kind === 'swap' ? (
        <div className="lesson-change-form-grid lesson-change-form-two">
          <Form.Item name="from" label={t('lessonChangeUi.fromLabel')} required rules={rule(['fromDay'], ['fromPeriod'])}>
            <SlotText options={shown} testId="lesson-change-from" />
          </Form.Item>
          <Form.Item name="to" label={t('lessonChangeUi.toLabel')} required dependencies={['from']} rules={rule(['toDay'], ['toPeriod'])}>
            <SlotText options={shown} testId="lesson-change-to" />
          </Form.Item>
        </div>
      ) : (
        <div className="lesson-change-form-grid">
          <Form.Item label={t('lessonChangeUi.slotLabel')} required>
            <div className="lesson-change-pair">
              <Form.Item name="day" noStyle rules={rule(['day'])}>
                <Select options={data.days.map((item) => ({ value: item.day, label: item.name }))} placeholder={t('lessonChangeUi.dayPlaceholder')} aria-label={t('lessonChangeUi.day')} data-testid="lesson-change-day" />
              </Form.Item>
              <Form.Item name="period" noStyle rules={rule(['period'])}>
                <Select options={data.periods.map((item) => ({ value: item.sort, label: item.name }))} placeholder={t('lessonChangeUi.periodPlaceholder')} aria-label={t('lessonChangeUi.period')} data-testid="lesson-change-period" />
              </Form.Item>
            </div>
          </Form.Item>
          <Form.Item name="courseId" label={t('lessonChangeUi.course')} required rules={rule(['courseId'])}>
            <Select options={courses} placeholder={t('lessonChangeUi.coursePlaceholder')} data-testid="lesson-change-course" />
          </Form.Item>
          <Form.Item name="classroomId" label={t('lessonChangeUi.room')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={byName(data.classrooms)} placeholder={t('lessonChangeUi.roomPlaceholder')} data-testid="lesson-change-room" />
          </Form.Item>
        </div>
      )}

      <Form.Item name="reason" label={t('lessonChangeUi.reason')} required rules={rule(['reason'])}>
        <Input.TextArea maxLength={LESSON_CHANGE_REASON_MAX} showCount rows={3} placeholder={t('lessonChangeUi.reasonPlaceholder')} data-testid="lesson-change-reason" />
      </Form.Item>
    </>
  );
}
