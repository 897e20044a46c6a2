import { useMemo } from 'react';
import { Checkbox, DatePicker, Form, Input, InputNumber, Select, Space, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  CAMPUS_EVENT_CAPACITY_MAX,
  CAMPUS_EVENT_HOST_MAX,
  CAMPUS_EVENT_PLACE_MAX,
  CAMPUS_EVENT_TITLE_MAX,
  campusEventFormSchema,
  type CampusEventFormParsed,
  type CampusEventKind,
  type CampusEventOptions,
  type CampusEventRow,
} from '@campus/contract';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { RichTextEditor } from '../../../components/RichText/index.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { schemaRule } from './schemaRule.ts';
import { saveEvent } from './api.ts';

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export interface EventValues {
  termId?: number;
  title?: string;
  host?: string;
  place?: string;
  startsAt?: Dayjs | null;
  endsAt?: Dayjs | null;
  signupStart?: Dayjs | null;
  signupEnd?: Dayjs | null;
  capacity?: number | null;
  gradeIds: number[];
  classIds: number[];
  description?: string;
  familySignup: boolean;
  recurring: boolean;
  weekFrom?: number | null;
  weekTo?: number | null;
}

const time = (value: string) => dayjs(value.replace(' ', 'T'));
const text = (value: Dayjs | null | undefined) => (value ? value.format(TIME_FORMAT) : '');

function valuesOf(row: CampusEventRow | undefined, options: CampusEventOptions): EventValues {
  if (!row) {
    const term = options.terms.find((item) => item.isCurrent) ?? options.terms[0];
    return { termId: term?.id, gradeIds: [], classIds: [], familySignup: false, recurring: false, description: '' };
  }
  return {
    termId: row.termId,
    title: row.title,
    host: row.host,
    place: row.place,
    startsAt: time(row.startsAt),
    endsAt: time(row.endsAt),
    signupStart: time(row.signupStart),
    signupEnd: time(row.signupEnd),
    capacity: row.capacity,
    gradeIds: [...row.gradeIds],
    classIds: [...row.classIds],
    description: row.description,
    familySignup: row.familySignup,
    recurring: row.weekFrom !== null,
    weekFrom: row.weekFrom,
    weekTo: row.weekTo,
  };
}

export function eventBody(values: EventValues): CampusEventFormParsed {
  return {
    termId: values.termId as number,
    title: values.title?.trim() ?? '',
    host: values.host?.trim() ?? '',
    place: values.place?.trim() ?? '',
    startsAt: text(values.startsAt),
    endsAt: text(values.endsAt),
    signupStart: text(values.signupStart),
    signupEnd: text(values.signupEnd),
    capacity: (values.capacity ?? undefined) as number,
    gradeIds: values.gradeIds ?? [],
    classIds: values.classIds ?? [],
    description: values.description ?? '',
    familySignup: values.familySignup ?? false,
    recurring: values.recurring ?? false,
    weekFrom: values.recurring ? (values.weekFrom ?? undefined) : undefined,
    weekTo: values.recurring ? (values.weekTo ?? undefined) : undefined,
  };
}

export interface EventDialogState {
  mode: 'add' | 'edit' | 'view';
  row?: CampusEventRow;
}

/** Add, modify or view a lecture or activity: what, who, where, when, the sign-up window, the capacity and the audience. */
export function EventDialog({ kind, dialog, options, onClose, onSaved }: { kind: CampusEventKind; dialog: EventDialogState | null; options: CampusEventOptions; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const row = dialog?.row;
  const mode = dialog?.mode ?? 'add';
  const initialValues = useMemo(() => valuesOf(row, options), [row, options]);
  return (
    <FormDialog<EventValues>
      open={!!dialog}
      mode={mode}
      title={t(`campusLifeUi.${mode}Title.${kind}`)}
      initialValues={initialValues}
      width={currentLanguage() === 'en' ? 860 : 780}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = eventBody(values);
        const msg = await saveEvent(kind, mode === 'edit' && row ? { ...body, id: row.id } : body);
        feedback().message.success(msg || t('common.created'));
        onSaved();
      }}
      data-testid="campus-event-dialog"
    >
      {(form) => <EventFields kind={kind} form={form} options={options} />}
    </FormDialog>
  );
}

function EventFields({ kind, form, options }: { kind: CampusEventKind; form: FormInstance<EventValues>; options: CampusEventOptions }) {
  const { t } = useTranslation();
  const rule = (path: string) => schemaRule(campusEventFormSchema, () => eventBody(form.getFieldsValue(true) as EventValues), [path]);
  const recurring = Form.useWatch('recurring', form);
  const gradeIds = Form.useWatch('gradeIds', form) ?? [];
  const classes = options.classes.filter((item) => !gradeIds.includes(item.gradeId)).map((item) => ({ value: item.id, label: item.name }));
  const picker = (name: keyof EventValues, label: string, dependencies: string[] = []) => (
    <Form.Item name={name} label={label} rules={[rule(name)]} dependencies={dependencies} required>
      <DatePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} style={{ width: '100%' }} data-testid={`campus-event-${name}`} />
    </Form.Item>
  );
  return (
    <>
      <Form.Item name="termId" label={t('campusLifeUi.term')} rules={[rule('termId')]} required>
        <Select options={options.terms.map((term) => ({ value: term.id, label: term.name }))} data-testid="campus-event-term" />
      </Form.Item>
      <Form.Item name="title" label={t('campusLifeUi.title')} rules={[rule('title')]} required>
        <Input maxLength={CAMPUS_EVENT_TITLE_MAX} showCount data-testid="campus-event-title" />
      </Form.Item>
      <Space.Compact block>
        <Form.Item name="host" label={t(`campusLifeUi.host.${kind}`)} rules={[rule('host')]} required style={{ flex: 1, marginRight: 12 }}>
          <Input maxLength={CAMPUS_EVENT_HOST_MAX} data-testid="campus-event-host" />
        </Form.Item>
        <Form.Item name="place" label={t('campusLifeUi.place')} rules={[rule('place')]} required style={{ flex: 1 }}>
          <Input maxLength={CAMPUS_EVENT_PLACE_MAX} data-testid="campus-event-place" />
        </Form.Item>
      </Space.Compact>
      <div className="campus-event-times">
        {picker('startsAt', t('campusLifeUi.startsAt'))}
        {picker('endsAt', t('campusLifeUi.endsAt'), ['startsAt'])}
        {picker('signupStart', t('campusLifeUi.signupStart'), ['startsAt'])}
        {picker('signupEnd', t('campusLifeUi.signupEnd'), ['startsAt', 'signupStart'])}
      </div>
      <Form.Item name="capacity" label={t('campusLifeUi.capacity')} rules={[rule('capacity')]} required>
        <InputNumber min={1} max={CAMPUS_EVENT_CAPACITY_MAX} precision={0} style={{ width: 160 }} data-testid="campus-event-capacity" />
      </Form.Item>
      <Form.Item name="gradeIds" label={t('campusLifeUi.grades')} extra={t('campusLifeUi.audienceHint')}>
        <Select mode="multiple" allowClear options={options.grades.map((grade) => ({ value: grade.id, label: grade.name }))} data-testid="campus-event-grades" />
      </Form.Item>
      <Form.Item name="classIds" label={t('campusLifeUi.classes')}>
        <Select mode="multiple" allowClear showSearch optionFilterProp="label" options={classes} data-testid="campus-event-classes" />
      </Form.Item>
      {kind === 'activity' && (
        <Form.Item name="familySignup" valuePropName="checked">
          <Checkbox data-testid="campus-event-family">{t('campusLifeUi.familySignup')}</Checkbox>
        </Form.Item>
      )}
      <Form.Item name="recurring" valuePropName="checked">
        <Checkbox data-testid="campus-event-recurring">{t('campusLifeUi.recurring')}</Checkbox>
      </Form.Item>
      {recurring && (
        <Space>
          <Form.Item name="weekFrom" label={t('campusLifeUi.weekFrom')} rules={[rule('weekFrom')]}>
            <InputNumber min={1} max={60} precision={0} data-testid="campus-event-week-from" />
          </Form.Item>
          <Form.Item name="weekTo" label={t('campusLifeUi.weekTo')} rules={[rule('weekTo')]} dependencies={['weekFrom']}>
            <InputNumber min={1} max={60} precision={0} data-testid="campus-event-week-to" />
          </Form.Item>
        </Space>
      )}
      <Form.Item name="description" label={t('campusLifeUi.description')}>
        <RichTextEditor data-testid="campus-event-description" />
      </Form.Item>
    </>
  );
}
