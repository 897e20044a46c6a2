import { useMemo } from 'react';
import { Form, Input, InputNumber, Select } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  TEACHING_CLASS_CAPACITY_MAX,
  TEACHING_CLASS_LESSONS_MAX,
  TEACHING_CLASS_NAME_MAX,
  TEACHING_CLASS_REMARKS_MAX,
  teachingClassFormSchema,
  type TeachingClassForm,
  type TeachingClassOptions,
  type TeachingClassRow,
  type TeachingLesson,
} from '@campus/contract';
import { saveTeachingClass, type TeachingClassBody } from '../../../api/teachingClasses.ts';
import { feedback } from '../../../app/feedback.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { FormDialog, type FormMode } from '../../../components/ManagePage/index.ts';
import { LessonGrid } from './lessons.tsx';

/** The fields of the dialog; ids stay undefined until chosen. */
export interface TeachingClassFormValues {
  termId?: number;
  name?: string;
  courseId?: number;
  gradeId?: number;
  teacherId?: number | null;
  classroomId?: number | null;
  capacity?: number | null;
  weekFrom?: number | null;
  weekTo?: number | null;
  lessons: TeachingLesson[];
  remarks?: string;
}

/** The default capacity of a new teaching class (the contract's default). */
export const DEFAULT_CAPACITY = 45;

/** A new class: the current term and its whole span of weeks, no lesson yet. */
export function newTeachingClassValues(options: TeachingClassOptions): TeachingClassFormValues {
  const term = options.terms.find((item) => item.isCurrent);
  return { termId: term?.id, capacity: DEFAULT_CAPACITY, weekFrom: 1, weekTo: term?.weekCount || undefined, lessons: [], remarks: '' };
}

/** A class's values in the form. */
export function teachingClassValues(row: TeachingClassRow): TeachingClassFormValues {
  return {
    termId: row.termId,
    name: row.name,
    courseId: row.courseId,
    gradeId: row.gradeId,
    teacherId: row.teacherId ?? undefined,
    classroomId: row.classroomId ?? undefined,
    capacity: row.capacity,
    weekFrom: row.weekFrom,
    weekTo: row.weekTo,
    lessons: row.lessons,
    remarks: row.remarks,
  };
}

/** The body of the create call (update adds the id): a cleared teacher or room goes as null. */
export function teachingClassBody(values: TeachingClassFormValues): TeachingClassBody {
  return {
    termId: values.termId as number,
    name: values.name?.trim() ?? '',
    courseId: values.courseId as number,
    gradeId: values.gradeId as number,
    teacherId: values.teacherId ?? null,
    classroomId: values.classroomId ?? null,
    capacity: values.capacity ?? DEFAULT_CAPACITY,
    weekFrom: values.weekFrom ?? 1,
    weekTo: values.weekTo as number,
    lessons: values.lessons.map(({ day, period }) => ({ day, period })),
    remarks: values.remarks?.trim() ?? '',
  };
}

export interface TeachingClassDialogState {
  mode: FormMode;
  row?: TeachingClassRow;
}

export interface TeachingClassDialogProps {
  /** The dialog's mode and, to modify or view, the class; null: closed. */
  dialog: TeachingClassDialogState | null;
  options: TeachingClassOptions;
  onClose: () => void;
  /** After a save, with the class's id and whether it was created. */
  onSaved: (id: number, created: boolean, name: string) => void;
}

/** Add, modify or view a teaching class. Its students are a second step, after saving. */
export function TeachingClassDialog({ dialog, options, onClose, onSaved }: TeachingClassDialogProps) {
  const { t } = useTranslation();
  const row = dialog?.row;
  const mode = dialog?.mode ?? 'add';
  const initialValues = useMemo(() => (row ? teachingClassValues(row) : newTeachingClassValues(options)), [row, options]);
  // A class with students keeps its term and grade (the server refuses the change).
  const fixed = mode === 'edit' && !!row && row.size > 0;
  const weekCount = (termId: unknown) => options.terms.find((term) => term.id === termId)?.weekCount ?? 0;

  const teachers = options.teachers.map((item) => ({ value: item.id, label: item.staffNumber ? `${item.name} (${item.staffNumber})` : item.name }));
  const rooms = options.classrooms.map((item) => ({ value: item.id, label: item.capacity ? t('teachingClassPage.roomWithSeats', { name: item.name, seats: item.capacity }) : item.name }));
  const byName = (list: { id: number; name: string }[]) => list.map((item) => ({ value: item.id, label: item.name }));

  return (
    <FormDialog<TeachingClassFormValues>
      open={!!dialog}
      mode={mode}
      title={t(mode === 'add' ? 'teachingClassPage.addTitle' : mode === 'edit' ? 'teachingClassPage.editTitle' : 'teachingClassPage.viewTitle')}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = teachingClassBody(values);
        const { msg, id } = await saveTeachingClass(mode === 'edit' && row ? { ...body, id: row.id } : body);
        if (mode === 'edit') feedback().message.success(msg || t('common.updated'));
        onSaved(id, mode === 'add', body.name);
      }}
      data-testid="teaching-class-dialog"
    >
      {(form) => {
        const rule = (field: keyof TeachingClassForm) => [zodRule(teachingClassFormSchema, field, form)];
        const withinTerm: RuleObject = {
          validator: async (_, value: unknown) => {
            const max = weekCount(form.getFieldValue('termId'));
            if (max && typeof value === 'number' && value > max) throw new Error(t('teachingClass.weekBeyondTerm', { max }));
          },
        };
        return (
          <div className="teaching-form-grid">
            <Form.Item name="termId" label={t('teachingClass.col.term')} required rules={rule('termId')} extra={fixed ? t('teachingClass.membersFixGrade') : undefined}>
              <Select
                options={byName(options.terms)}
                disabled={fixed || undefined}
                onChange={(termId: number) => {
                  // A new term brings its span of weeks where the last week would fall outside it.
                  const max = weekCount(termId);
                  const weekTo = form.getFieldValue('weekTo') as number | undefined;
                  if (max && (!weekTo || weekTo > max)) form.setFieldValue('weekTo', max);
                }}
                data-testid="teaching-form-term"
              />
            </Form.Item>
            <Form.Item name="name" label={t('teachingClass.col.name')} required rules={rule('name')}>
              <Input maxLength={TEACHING_CLASS_NAME_MAX} placeholder={t('teachingClassPage.namePlaceholder')} data-testid="teaching-form-name" />
            </Form.Item>
            <Form.Item name="courseId" label={t('teachingClass.col.course')} required rules={rule('courseId')}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={byName(options.courses)} data-testid="teaching-form-course" />
            </Form.Item>
            <Form.Item name="gradeId" label={t('teachingClass.col.grade')} required rules={rule('gradeId')}>
              <Select options={byName(options.grades)} disabled={fixed || undefined} data-testid="teaching-form-grade" />
            </Form.Item>
            <Form.Item name="teacherId" label={t('teachingClass.col.teacher')} rules={rule('teacherId')}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={teachers} placeholder={t('teachingClassPage.searchPlaceholder')} data-testid="teaching-form-teacher" />
            </Form.Item>
            <Form.Item name="classroomId" label={t('teachingClass.col.classroom')} rules={rule('classroomId')}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={rooms} placeholder={t('teachingClassPage.searchPlaceholder')} data-testid="teaching-form-room" />
            </Form.Item>
            <Form.Item
              name="capacity"
              label={t('teachingClass.col.capacity')}
              required
              rules={rule('capacity')}
              extra={mode !== 'view' && row && row.size > 0 ? t('teachingClassPage.capacityHint', { size: row.size }) : undefined}
            >
              <InputNumber min={1} max={TEACHING_CLASS_CAPACITY_MAX} precision={0} style={{ width: '100%' }} data-testid="teaching-form-capacity" />
            </Form.Item>
            <Form.Item label={t('teachingClass.col.weeks')} required className="teaching-form-weeks">
              <div className="teaching-weeks">
                <Form.Item name="weekFrom" noStyle rules={[...rule('weekFrom'), withinTerm]}>
                  <InputNumber min={1} max={60} precision={0} aria-label={t('teachingClassPage.weekFrom')} prefix={t('teachingClassPage.weekFrom')} data-testid="teaching-form-week-from" />
                </Form.Item>
                <span className="teaching-weeks-dash">–</span>
                <Form.Item name="weekTo" noStyle dependencies={['weekFrom', 'termId']} rules={[...rule('weekTo'), withinTerm]}>
                  <InputNumber min={1} max={60} precision={0} aria-label={t('teachingClassPage.weekTo')} prefix={t('teachingClassPage.weekTo')} data-testid="teaching-form-week-to" />
                </Form.Item>
              </div>
              <Form.Item noStyle shouldUpdate={(a, b) => a.termId !== b.termId}>
                {() => {
                  const max = weekCount(form.getFieldValue('termId'));
                  return max ? <div className="ant-form-item-extra">{t('teachingClassPage.termWeeks', { max })}</div> : null;
                }}
              </Form.Item>
            </Form.Item>
            <Form.Item
              name="lessons"
              label={t('teachingClass.col.lessons')}
              required
              rules={rule('lessons')}
              className="teaching-form-wide"
              extra={mode === 'view' ? undefined : t('teachingClassPage.lessonsHint', { max: TEACHING_CLASS_LESSONS_MAX })}
            >
              <LessonGrid grid={options} />
            </Form.Item>
            <Form.Item name="remarks" label={t('teachingClassPage.remarks')} rules={rule('remarks')} className="teaching-form-wide">
              <Input.TextArea maxLength={TEACHING_CLASS_REMARKS_MAX} rows={2} data-testid="teaching-form-remarks" />
            </Form.Item>
          </div>
        );
      }}
    </FormDialog>
  );
}
