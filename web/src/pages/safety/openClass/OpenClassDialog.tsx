import { useMemo } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { OPEN_CLASS_TEXT_MAX, openClassFormSchema, type OpenClassForm, type OpenClassOptions, type OpenClassRow } from '@campus/contract';
import { saveOpenClass } from '../../../api/openClass.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { byName, schemaRule } from './parts.tsx';

interface Values {
  termId?: number;
  teacherId?: number;
  courseId?: number;
  classId?: number;
  day?: Dayjs | null;
  periodFrom?: number;
  periodTo?: number;
  classroomId?: number | null;
  place?: string;
  topic?: string;
  setId?: number;
  deadline?: Dayjs | null;
}

/** The body of create and update: what the form holds, dates as the contract's text. */
export function openClassBody(values: Values, id?: number): OpenClassForm {
  return {
    ...(id ? { id } : {}),
    termId: values.termId as number,
    ...(values.teacherId ? { teacherId: values.teacherId } : {}),
    courseId: values.courseId as number,
    classId: values.classId as number,
    day: values.day ? values.day.format('YYYY-MM-DD') : '',
    periodFrom: values.periodFrom as number,
    periodTo: values.periodTo as number,
    classroomId: values.classroomId ?? undefined,
    place: values.place?.trim() ?? '',
    topic: values.topic?.trim() ?? '',
    setId: values.setId as number,
    deadline: values.deadline ? values.deadline.format('YYYY-MM-DD HH:mm') : '',
  };
}

export interface OpenClassDialogState {
  mode: 'add' | 'edit';
  row?: OpenClassRow;
}

/** Scheduling an open class: the office names the teacher, a teacher schedules their own. */
export function OpenClassDialog({ dialog, options, office, onClose, onSaved }: { dialog: OpenClassDialogState | null; options: OpenClassOptions; office: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const initialValues = useMemo<Values>(() => {
    const row = dialog?.row;
    if (row) {
      return {
        termId: row.termId, teacherId: row.teacherId, courseId: row.courseId, classId: row.classId, day: dayjs(row.day), periodFrom: row.periodFrom, periodTo: row.periodTo,
        classroomId: row.classroomId, place: row.place, topic: row.topic, setId: row.setId, deadline: dayjs(row.deadline, 'YYYY-MM-DD HH:mm'),
      };
    }
    return { termId: options.terms.find((term) => term.isCurrent)?.id, teacherId: office ? undefined : (options.selfId ?? undefined), setId: options.sets[0]?.id };
  }, [dialog, options, office]);
  const periods = options.periods.map((period) => ({ value: period.sort, label: period.name }));

  return (
    <FormDialog<Values>
      open={!!dialog}
      mode={dialog?.mode ?? 'add'}
      title={t(dialog?.mode === 'edit' ? 'openClassUi.editTitle' : 'openClassUi.addTitle')}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (values) => {
        const msg = await saveOpenClass(openClassBody(values, dialog?.row?.id));
        feedback().message.success(msg || t('common.created'));
        onSaved();
      }}
      data-testid="open-class-dialog"
    >
      {(form) => {
        const rule = (...path: PropertyKey[]) => [schemaRule(openClassFormSchema, () => openClassBody(form.getFieldsValue(true) as Values), path)];
        return (
          <>
            <div className="teaching-form-grid">
              <Form.Item name="termId" label={t('openClassUi.term')} required rules={rule('termId')}>
                <Select options={byName(options.terms)} data-testid="open-class-term" />
              </Form.Item>
              <Form.Item name="teacherId" label={t('openClassUi.teacher')} required>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  disabled={!office}
                  options={options.teachers.map((teacher) => ({ value: teacher.id, label: `${teacher.name} (${teacher.staffNumber})` }))}
                  data-testid="open-class-teacher"
                />
              </Form.Item>
              <Form.Item name="courseId" label={t('openClassUi.course')} required rules={rule('courseId')}>
                <Select showSearch={{ optionFilterProp: 'label' }} options={byName(options.courses)} data-testid="open-class-course" />
              </Form.Item>
              <Form.Item name="classId" label={t('openClassUi.class')} required rules={rule('classId')}>
                <Select showSearch={{ optionFilterProp: 'label' }} options={byName(options.classes)} data-testid="open-class-class" />
              </Form.Item>
              <Form.Item name="day" label={t('openClassUi.day')} required rules={rule('day')}>
                <DatePicker style={{ width: '100%' }} data-testid="open-class-day" />
              </Form.Item>
              <Form.Item label={t('openClassUi.periods')} required style={{ marginBottom: 0 }}>
                <div className="teaching-form-grid" style={{ columnGap: 8 }}>
                  <Form.Item name="periodFrom" rules={rule('periodFrom')}>
                    <Select options={periods} placeholder={t('openClassUi.periodFrom')} data-testid="open-class-period-from" />
                  </Form.Item>
                  <Form.Item name="periodTo" dependencies={['periodFrom']} rules={rule('periodTo')}>
                    <Select options={periods} placeholder={t('openClassUi.periodTo')} data-testid="open-class-period-to" />
                  </Form.Item>
                </div>
              </Form.Item>
              <Form.Item name="classroomId" label={t('openClassUi.classroom')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  options={byName(options.classrooms)}
                  onChange={(id: number | undefined) => {
                    const room = options.classrooms.find((item) => item.id === id);
                    if (room && !form.getFieldValue('place')) form.setFieldValue('place', room.name);
                  }}
                  data-testid="open-class-classroom"
                />
              </Form.Item>
              <Form.Item name="place" label={t('openClassUi.place')} required rules={rule('place')}>
                <Input maxLength={OPEN_CLASS_TEXT_MAX} data-testid="open-class-place" />
              </Form.Item>
            </div>
            <Form.Item name="topic" label={t('openClassUi.topic')} required rules={rule('topic')}>
              <Input maxLength={OPEN_CLASS_TEXT_MAX} showCount data-testid="open-class-topic" />
            </Form.Item>
            <div className="teaching-form-grid">
              <Form.Item name="setId" label={t('openClassUi.set')} required rules={rule('setId')}>
                <Select options={byName(options.sets)} data-testid="open-class-set" />
              </Form.Item>
              <Form.Item name="deadline" label={t('openClassUi.deadline')} required dependencies={['day']} rules={rule('deadline')}>
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} data-testid="open-class-deadline" />
              </Form.Item>
            </div>
          </>
        );
      }}
    </FormDialog>
  );
}
