import { useMemo } from 'react';
import { DatePicker, Divider, Form, Input, Select, Space, Switch, Tag, Typography, type FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ASSIGNMENT_ATTACHMENTS,
  ASSIGNMENT_CLASSES_MAX,
  ASSIGNMENT_TITLE_MAX,
  UPLOAD_PURPOSES,
  assignmentUpdateSchema,
  type AssignmentAttachmentGroup,
  type AssignmentCreate,
  type AssignmentDetail,
  type AssignmentUpdate,
} from '@campus/contract';
import { fetchAssignmentTargets, searchAssignmentStudents } from '../../../api/homework.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { FileUpload, type UploadedFile } from '../../../components/FileUpload/index.ts';
import { StudentSelect } from '../../../components/StudentSelect/index.ts';
import { RichTextEditor } from '../../../components/RichText/index.ts';
import { RecordingsField } from '../../../components/Recorder/index.ts';
import { END_AT_FORMAT } from './AssignmentParts.tsx';
import { classOptions } from '../notices/NoticeRecipients.tsx';

export interface AssignmentFormValues {
  title: string;
  content: string;
  endAt: Dayjs | null;
  needsRevision: boolean;
  onlineSubmission: boolean;
  graded: boolean;
  images: string[];
  video: string[];
  documents: string[];
  audio: string[];
  recordings: string[];
  classIds: number[];
  teachingClassIds: number[];
  studentIds: number[];
}

/** The groups uploaded through FileUpload; recordings have their own field (record in the browser or upload). */
const UPLOAD_GROUPS = ['images', 'video', 'documents', 'audio'] as const satisfies readonly AssignmentAttachmentGroup[];
const GROUPS: readonly AssignmentAttachmentGroup[] = [...UPLOAD_GROUPS, 'recordings'];

const GROUP_LABELS: Record<AssignmentAttachmentGroup, string> = {
  images: 'assignments.images',
  video: 'assignments.video',
  documents: 'assignments.documents',
  audio: 'assignments.audio',
  recordings: 'assignments.recordings',
};

/** The form's values for an assignment being modified, or the defaults of a new one (due tomorrow evening). */
export function assignmentFormValues(detail?: AssignmentDetail): Partial<AssignmentFormValues> {
  if (!detail) {
    return {
      endAt: dayjs().add(1, 'day').hour(18).minute(0).second(0).millisecond(0),
      needsRevision: false,
      onlineSubmission: true,
      graded: false,
      images: [],
      video: [],
      documents: [],
      audio: [],
      recordings: [],
      classIds: [],
      teachingClassIds: [],
      studentIds: [],
    };
  }
  const ids = (group: AssignmentAttachmentGroup) => (detail.attachments[group] ?? []).map((file) => file.id);
  return {
    title: detail.title,
    content: detail.content,
    endAt: detail.endAt ? dayjs(detail.endAt.replace(' ', 'T').slice(0, 16)) : null,
    needsRevision: detail.needsRevision,
    onlineSubmission: detail.onlineSubmission,
    graded: detail.graded,
    images: ids('images'),
    video: ids('video'),
    documents: ids('documents'),
    audio: ids('audio'),
    recordings: ids('recordings'),
  };
}

/** The fields every save sends (the attachments, the settings and the text). */
function commonFields(values: AssignmentFormValues, detail?: AssignmentDetail) {
  // Revisions and grades are given to work handed in online; without it they have nothing to act on.
  const online = detail ? detail.onlineSubmission : values.onlineSubmission !== false;
  return {
    title: (values.title ?? '').trim(),
    content: (values.content ?? '').trim(),
    endAt: values.endAt ? values.endAt.format(END_AT_FORMAT) : '',
    needsRevision: online && !!values.needsRevision,
    onlineSubmission: online,
    graded: online && !!values.graded,
    images: values.images ?? [],
    video: values.video ?? [],
    documents: values.documents ?? [],
    audio: values.audio ?? [],
    recordings: values.recordings ?? [],
  };
}

export function createBody(values: AssignmentFormValues): AssignmentCreate {
  return { ...commonFields(values), classIds: values.classIds ?? [], teachingClassIds: values.teachingClassIds ?? [], studentIds: values.studentIds ?? [] };
}

export function updateBody(values: AssignmentFormValues, detail: AssignmentDetail): AssignmentUpdate {
  return { id: detail.id, ...commonFields(values, detail) };
}

/** Whether rich text holds nothing a student could read: no words and no picture or media. */
export function richTextEmpty(html: string | undefined | null): boolean {
  const value = html ?? '';
  if (/<(img|video|audio|iframe)\b/i.test(value)) return false;
  return (
    value
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/gi, ' ')
      .trim() === ''
  );
}

function knownFiles(detail?: AssignmentDetail): Pick<UploadedFile, 'RESID' | 'name'>[] {
  if (!detail) return [];
  return GROUPS.flatMap((group) => (detail.attachments[group] ?? []).map((file) => ({ RESID: file.id, name: file.name })));
}

/** The classes, teaching classes and students the caller may assign to, asked once a minute at most. */
function useTargets() {
  return useQuery({ queryKey: ['homeSchool', 'assignmentTargets'], queryFn: ({ signal }) => fetchAssignmentTargets(signal), staleTime: 60_000 });
}

/** Who it is for, chosen when assigning: classes (by grade), teaching classes and single students. */
function TargetsInput({ form }: { form: FormInstance<AssignmentFormValues> }) {
  const { t } = useTranslation();
  const targets = useTargets();
  const options = useMemo(() => classOptions(targets.data?.classes ?? []), [targets.data]);
  const teaching = useMemo(() => (targets.data?.teachingClasses ?? []).map((c) => ({ value: c.id, label: c.name })), [targets.data]);
  // The contract's refinement: at least one class, teaching class or student (shown on the classes field).
  const anyone: RuleObject = {
    validator: async () => {
      const { classIds, teachingClassIds, studentIds } = form.getFieldsValue(true) as AssignmentFormValues;
      if (!(classIds ?? []).length && !(teachingClassIds ?? []).length && !(studentIds ?? []).length) throw new Error(t('homework.recipientsRequired'));
    },
  };
  const nothing = !targets.isLoading && options.length === 0 && teaching.length === 0;
  return (
    <section className="assignment-form-targets" aria-label={t('assignments.targets')}>
      <Divider titlePlacement="start" plain className="assignment-form-section">
        {t('assignments.targets')}
      </Divider>
      <Form.Item
        name="classIds"
        label={t('assignments.classes')}
        required
        dependencies={['teachingClassIds', 'studentIds']}
        rules={[anyone]}
        extra={nothing ? t('assignments.noTargets') : t('assignments.targetsHint')}
      >
        <Select
          mode="multiple"
          allowClear
          loading={targets.isLoading}
          options={options}
          maxCount={ASSIGNMENT_CLASSES_MAX}
          placeholder={t('assignments.classesHint')}
          optionFilterProp="label"
          data-testid="assignment-form-classes"
        />
      </Form.Item>
      <Form.Item name="teachingClassIds" label={t('assignments.teachingClasses')}>
        <Select
          mode="multiple"
          allowClear
          loading={targets.isLoading}
          options={teaching}
          maxCount={ASSIGNMENT_CLASSES_MAX}
          placeholder={t('assignments.teachingClassesHint')}
          optionFilterProp="label"
          data-testid="assignment-form-teaching-classes"
        />
      </Form.Item>
      <Form.Item name="studentIds" label={t('assignments.students')}>
        <StudentSelect search={searchAssignmentStudents} placeholder={t('assignments.studentsHint')} data-testid="assignment-form-students" />
      </Form.Item>
    </section>
  );
}

/** Who a saved assignment is for (it cannot change). */
export function TargetsSummary({ detail }: { detail: AssignmentDetail }) {
  const { t } = useTranslation();
  const groups = [
    { key: 'classes', label: t('assignments.classes'), names: detail.classes.map((c) => c.name) },
    { key: 'teachingClasses', label: t('assignments.teachingClasses'), names: detail.teachingClasses.map((c) => c.name) },
    { key: 'students', label: t('assignments.students'), names: detail.students.map((s) => `${s.name} · ${s.studentNumber}`) },
  ].filter((group) => group.names.length > 0);
  return (
    <div className="assignment-target-summary" data-testid="assignment-target-summary">
      {groups.map((group) => (
        <div key={group.key}>
          <Typography.Text type="secondary">{group.label}: </Typography.Text>
          <Space size={[4, 4]} wrap>
            {group.names.map((name) => (
              <Tag key={name} className="assignment-data">
                {name}
              </Tag>
            ))}
          </Space>
        </div>
      ))}
      <Typography.Text type="secondary">{t('assignments.studentTotal', { count: detail.progress.total })}</Typography.Text>
    </div>
  );
}

/** Whether a day is before today (the end time cannot be in the past). */
const beforeToday = (day: Dayjs) => day.isBefore(dayjs().startOf('day'));

/**
 * The add / modify form of an assignment: title, rich content, end time, the three switches, the five
 * attachment groups (each with its upload purpose and limits), and who it is for (only when assigning).
 */
export function AssignmentForm({ form, detail }: { form: FormInstance<AssignmentFormValues>; detail?: AssignmentDetail }) {
  const { t } = useTranslation();
  const known = knownFiles(detail);
  const online = Form.useWatch('onlineSubmission', form) !== false;
  const onlineFixed = detail ? detail.onlineSubmission : online;
  // Title and content carry the contract's rules; the rich text also needs a readable word or picture.
  const textRule = (field: 'title' | 'content') => zodRule(assignmentUpdateSchema.pick({ title: true, content: true }), field, form);
  const contentRule: RuleObject = {
    validator: async (_rule, value: string | undefined) => {
      if (richTextEmpty(value)) throw new Error(t('homework.contentRequired'));
    },
  };
  const endAtRule: RuleObject = {
    validator: async (_rule, value: Dayjs | null | undefined) => {
      if (!value) throw new Error(t('homework.endAtRequired'));
      if (!value.isAfter(dayjs())) throw new Error(t('homework.endAtPast'));
    },
  };
  return (
    <>
      <Form.Item name="title" label={t('assignments.title')} required rules={[textRule('title')]}>
        <Input maxLength={ASSIGNMENT_TITLE_MAX} showCount placeholder={t('assignments.titleHint')} data-testid="assignment-form-title" />
      </Form.Item>
      <Form.Item name="content" label={t('assignments.content')} required validateFirst rules={[contentRule, textRule('content')]}>
        <RichTextEditor placeholder={t('assignments.contentHint')} data-testid="assignment-form-content" />
      </Form.Item>
      <div className="assignment-form-row">
        <Form.Item name="endAt" label={t('assignments.endAt')} required rules={[endAtRule]} extra={t('assignments.endAtHint')}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={END_AT_FORMAT}
            disabledDate={beforeToday}
            placeholder={t('assignments.endAtPlaceholder')}
            style={{ width: '100%' }}
            data-testid="assignment-form-end-at"
          />
        </Form.Item>
        <Form.Item
          name="onlineSubmission"
          label={t('assignments.onlineSubmission')}
          valuePropName="checked"
          extra={detail ? t('assignments.onlineSubmissionFixed') : t('assignments.onlineSubmissionHint')}
        >
          <Switch
            disabled={!!detail}
            onChange={(checked) => {
              if (!checked) form.setFieldsValue({ needsRevision: false, graded: false });
            }}
            data-testid="assignment-form-online"
          />
        </Form.Item>
        <Form.Item name="needsRevision" label={t('assignments.needsRevision')} valuePropName="checked" extra={onlineFixed ? t('assignments.needsRevisionHint') : t('assignments.needsOnline')}>
          <Switch disabled={!onlineFixed} data-testid="assignment-form-revision" />
        </Form.Item>
        <Form.Item name="graded" label={t('assignments.graded')} valuePropName="checked" extra={onlineFixed ? t('assignments.gradedHint') : t('assignments.needsOnline')}>
          <Switch disabled={!onlineFixed} data-testid="assignment-form-graded" />
        </Form.Item>
      </div>
      <Divider titlePlacement="start" plain className="assignment-form-section">
        {t('assignments.attachments')}
      </Divider>
      <div className="assignment-form-files">
        {UPLOAD_GROUPS.map((group) => (
          <Form.Item key={group} name={group} label={t(GROUP_LABELS[group])}>
            <FileUpload purpose={ASSIGNMENT_ATTACHMENTS[group]} knownFiles={known} data-testid={`assignment-form-${group}`} />
          </Form.Item>
        ))}
        <Form.Item name="recordings" label={t(GROUP_LABELS.recordings)}>
          <RecordingsField knownFiles={known} max={UPLOAD_PURPOSES[ASSIGNMENT_ATTACHMENTS.recordings].maxFiles} data-testid="assignment-form-recordings" />
        </Form.Item>
      </div>
      {detail ? (
        <section className="assignment-form-targets" aria-label={t('assignments.targets')}>
          <Divider titlePlacement="start" plain className="assignment-form-section">
            {t('assignments.targets')}
          </Divider>
          <TargetsSummary detail={detail} />
        </section>
      ) : (
        <TargetsInput form={form} />
      )}
    </>
  );
}
