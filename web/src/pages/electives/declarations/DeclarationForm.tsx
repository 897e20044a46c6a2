import { useMemo } from 'react';
import { Button, Form, Input, InputNumber, Select, type FormInstance } from 'antd';
import type { FormListProps, RuleObject } from 'antd/es/form';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ELECTIVE_CAPACITY_MAX,
  ELECTIVE_INTRO_MAX,
  ELECTIVE_LECTURE_MAX,
  ELECTIVE_LECTURES_MAX,
  ELECTIVE_LECTURES_MIN,
  ELECTIVE_NAME_MAX,
  declarationFormSchema,
  type DeclarationFormParsed,
  type DeclarationOptions,
  type DeclarationRow,
} from '@campus/contract';
import { saveDeclaration } from '../../../api/electives.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { byName, schemaRule } from '../common/parts.tsx';

/** The fields of the dialog; ids and numbers stay undefined until given. */
export interface DeclarationValues {
  termId?: number;
  name?: string;
  intro?: string;
  lectures: string[];
  capacity?: number | null;
  gradeIds: number[];
  day?: number;
  period?: number;
  weekFrom?: number | null;
  weekTo?: number | null;
  classroomId?: number;
}

/** A new declaration: the current term and its weeks, and the twelve lectures the spec asks for, to fill in. */
export function newDeclarationValues(options: DeclarationOptions): DeclarationValues {
  const term = options.terms.find((item) => item.isCurrent) ?? options.terms[0];
  return { termId: term?.id, lectures: Array.from({ length: ELECTIVE_LECTURES_MIN }, () => ''), gradeIds: [], weekFrom: 1, weekTo: term?.weekCount || undefined };
}

export function declarationValues(row: DeclarationRow): DeclarationValues {
  return {
    termId: row.termId,
    name: row.name,
    intro: row.intro,
    lectures: [...row.lectures],
    capacity: row.capacity,
    gradeIds: [...row.gradeIds],
    day: row.day,
    period: row.period,
    weekFrom: row.weekFrom,
    weekTo: row.weekTo,
    classroomId: row.classroomId,
  };
}

/** A rule of the lectures as a whole. */
type ListRule = NonNullable<FormListProps['rules']>[number];

/** A cleared number goes as undefined (null would read as 0 and pass a schema starting at 0). */
const given = (value: number | null | undefined) => value ?? undefined;

/** The body of create (update adds the id): texts trimmed, every lecture line as typed (an empty one is refused). */
export function declarationBody(values: DeclarationValues): DeclarationFormParsed {
  return {
    termId: values.termId as number,
    name: values.name?.trim() ?? '',
    intro: values.intro?.trim() ?? '',
    lectures: (values.lectures ?? []).map((lecture) => (lecture ?? '').trim()),
    capacity: given(values.capacity) as number,
    gradeIds: values.gradeIds ?? [],
    day: values.day as number,
    period: values.period as number,
    weekFrom: given(values.weekFrom) as number,
    weekTo: given(values.weekTo) as number,
    classroomId: values.classroomId as number,
  };
}

export interface DeclarationDialogState {
  mode: 'add' | 'edit';
  row?: DeclarationRow;
}

export interface DeclarationDialogProps {
  dialog: DeclarationDialogState | null;
  options: DeclarationOptions;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or modify a declaration (a draft or a rejected one): the course, its lectures, the time and place. */
export function DeclarationDialog({ dialog, options, onClose, onSaved }: DeclarationDialogProps) {
  const { t } = useTranslation();
  const row = dialog?.row;
  const mode = dialog?.mode ?? 'add';
  const initialValues = useMemo(() => (row ? declarationValues(row) : newDeclarationValues(options)), [row, options]);
  const weekCount = (termId: unknown) => options.terms.find((term) => term.id === termId)?.weekCount ?? 0;
  const rooms = options.classrooms.map((room) => ({
    value: room.id,
    label: room.capacity ? t('electiveUi.roomWithSeats', { name: room.name, seats: room.capacity }) : room.name,
  }));
  // A term that has ended since keeps its name on the declaration being changed.
  const terms = byName(options.terms);
  if (row && !options.terms.some((term) => term.id === row.termId)) terms.push({ value: row.termId, label: row.termName });

  return (
    <FormDialog<DeclarationValues>
      open={!!dialog}
      mode={mode}
      title={t(mode === 'add' ? 'electiveDeclare.addTitle' : 'electiveDeclare.editTitle')}
      initialValues={initialValues}
      width={currentLanguage() === 'en' ? 880 : 800}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = declarationBody(values);
        const { msg } = await saveDeclaration(mode === 'edit' && row ? { ...body, id: row.id } : body);
        feedback().message.success(msg || t(mode === 'edit' ? 'common.updated' : 'common.created'));
        onSaved();
      }}
      data-testid="elective-declaration-dialog"
    >
      {(form) => <DeclarationFields form={form} options={options} terms={terms} rooms={rooms} weekCount={weekCount} />}
    </FormDialog>
  );
}

interface FieldsProps {
  form: FormInstance<DeclarationValues>;
  options: DeclarationOptions;
  terms: { value: number; label: string }[];
  rooms: { value: number; label: string }[];
  weekCount: (termId: unknown) => number;
}

function DeclarationFields({ form, options, terms, rooms, weekCount }: FieldsProps) {
  const { t } = useTranslation();
  const body = () => declarationBody(form.getFieldsValue(true) as DeclarationValues);
  const rule = (...path: PropertyKey[]) => [schemaRule(declarationFormSchema, body, path)];
  const withinTerm: RuleObject = {
    validator: async (_, value: unknown) => {
      const max = weekCount(form.getFieldValue('termId'));
      if (max && typeof value === 'number' && value > max) throw new Error(t('elective.weekBeyondTerm', { max }));
    },
  };
  // The server refuses a room seating fewer than the capacity: said here as soon as both are known.
  const roomSeats: RuleObject = {
    validator: async () => {
      const room = options.classrooms.find((item) => item.id === form.getFieldValue('classroomId'));
      const capacity = form.getFieldValue('capacity') as number | null | undefined;
      if (room?.capacity && typeof capacity === 'number' && capacity > room.capacity) throw new Error(t('elective.roomTooSmall', { room: room.name, seats: room.capacity }));
    },
  };
  const days = options.days.map((item) => ({ value: item.day, label: item.name }));
  const periods = options.periods.map((item) => ({ value: item.sort, label: item.name }));

  return (
    <div className="elective-form-grid">
      <Form.Item name="termId" label={t('electiveUi.term')} required rules={rule('termId')}>
        <Select
          options={terms}
          onChange={(termId: number) => {
            // A term's weeks follow it where the last week would fall outside.
            const max = weekCount(termId);
            const weekTo = form.getFieldValue('weekTo') as number | undefined;
            if (max && (!weekTo || weekTo > max)) form.setFieldValue('weekTo', max);
          }}
          data-testid="elective-form-term"
        />
      </Form.Item>
      <Form.Item name="name" label={t('electiveUi.courseName')} required rules={rule('name')}>
        <Input maxLength={ELECTIVE_NAME_MAX} placeholder={t('electiveDeclare.namePlaceholder')} data-testid="elective-form-name" />
      </Form.Item>
      <Form.Item name="intro" label={t('electiveUi.intro')} required rules={rule('intro')} className="elective-form-wide">
        <Input.TextArea maxLength={ELECTIVE_INTRO_MAX} showCount rows={3} placeholder={t('electiveDeclare.introPlaceholder')} data-testid="elective-form-intro" />
      </Form.Item>
      <div className="elective-form-wide">
        <Lectures form={form} body={body} />
      </div>
      <Form.Item name="capacity" label={t('electiveUi.capacity')} required rules={rule('capacity')} dependencies={['classroomId']}>
        <InputNumber min={1} max={ELECTIVE_CAPACITY_MAX} precision={0} style={{ width: '100%' }} data-testid="elective-form-capacity" />
      </Form.Item>
      <Form.Item name="gradeIds" label={t('electiveUi.grades')} required rules={rule('gradeIds')}>
        <Select mode="multiple" allowClear options={byName(options.grades)} placeholder={t('electiveDeclare.gradesPlaceholder')} data-testid="elective-form-grades" />
      </Form.Item>
      <Form.Item label={t('electiveUi.slotLabel')} required className="elective-form-wide">
        <div className="elective-pair">
          <Form.Item name="day" noStyle rules={rule('day')}>
            <Select options={days} placeholder={t('electiveDeclare.dayPlaceholder')} aria-label={t('electiveDeclare.dayPlaceholder')} data-testid="elective-form-day" />
          </Form.Item>
          <Form.Item name="period" noStyle rules={rule('period')}>
            <Select options={periods} placeholder={t('electiveDeclare.periodPlaceholder')} aria-label={t('electiveDeclare.periodPlaceholder')} data-testid="elective-form-period" />
          </Form.Item>
        </div>
      </Form.Item>
      <Form.Item label={t('electiveUi.weeksLabel')} required>
        <div className="elective-pair">
          <Form.Item name="weekFrom" noStyle rules={[...rule('weekFrom'), withinTerm]}>
            <InputNumber min={1} max={60} precision={0} prefix={t('electiveDeclare.weekFrom')} aria-label={t('electiveDeclare.weekFrom')} data-testid="elective-form-week-from" />
          </Form.Item>
          <span className="elective-muted">–</span>
          <Form.Item name="weekTo" noStyle dependencies={['weekFrom', 'termId']} rules={[...rule('weekTo'), withinTerm]}>
            <InputNumber min={1} max={60} precision={0} prefix={t('electiveDeclare.weekTo')} aria-label={t('electiveDeclare.weekTo')} data-testid="elective-form-week-to" />
          </Form.Item>
        </div>
        <Form.Item noStyle shouldUpdate={(a, b) => a.termId !== b.termId}>
          {() => {
            const max = weekCount(form.getFieldValue('termId'));
            return max ? <div className="ant-form-item-extra">{t('elective.weekBeyondTerm', { max })}</div> : null;
          }}
        </Form.Item>
      </Form.Item>
      <Form.Item name="classroomId" label={t('electiveUi.place')} required rules={[...rule('classroomId'), roomSeats]} dependencies={['capacity']}>
        <Select showSearch={{ optionFilterProp: 'label' }} options={rooms} placeholder={t('electiveDeclare.placePlaceholder')} data-testid="elective-form-room" />
      </Form.Item>
    </div>
  );
}

/** The lectures, one line each: at least twelve, added and removed freely (the count is checked on saving). */
function Lectures({ form, body }: { form: FormInstance<DeclarationValues>; body: () => DeclarationFormParsed }) {
  const { t } = useTranslation();
  const lectures = Form.useWatch<string[] | undefined>('lectures', form);
  const count = lectures?.length ?? 0;
  return (
    <Form.List name="lectures" rules={[schemaRule(declarationFormSchema, body, ['lectures']) as ListRule]}>
      {(fields, { add, remove }, { errors }) => (
        <div className="elective-lectures-editor" data-testid="elective-form-lectures">
          <div className="elective-lectures-head">
            <span className="elective-required-label">{t('electiveUi.lectures')}</span>
            <span className={count < ELECTIVE_LECTURES_MIN ? 'elective-count elective-count-short' : 'elective-count'} data-testid="elective-lecture-count">
              {t('electiveDeclare.lectureCount', { count, min: ELECTIVE_LECTURES_MIN, max: ELECTIVE_LECTURES_MAX })}
            </span>
          </div>
          {fields.map((field, index) => (
            <div className="elective-lecture-line" key={field.key}>
              <span className="elective-lecture-number">{index + 1}</span>
              <Form.Item name={field.name} className="elective-lecture-item" rules={[schemaRule(declarationFormSchema, body, ['lectures', field.name])]}>
                <Input
                  maxLength={ELECTIVE_LECTURE_MAX}
                  placeholder={t('electiveDeclare.lecturePlaceholder', { number: index + 1 })}
                  aria-label={t('electiveDeclare.lecturePlaceholder', { number: index + 1 })}
                  data-testid={`elective-lecture-${index}`}
                />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('electiveDeclare.removeLecture')}
                title={t('electiveDeclare.removeLecture')}
                onClick={() => remove(field.name)}
                data-testid={`elective-lecture-remove-${index}`}
              />
            </div>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            disabled={count >= ELECTIVE_LECTURES_MAX}
            onClick={() => {
              add('');
              // The "at least twelve" message goes as soon as there are enough lines.
              if (form.getFieldError(['lectures']).length) void form.validateFields([['lectures']]).catch(() => undefined);
            }}
            data-testid="elective-lecture-add"
          >
            {t('electiveDeclare.addLecture')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
