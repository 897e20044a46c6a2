import { DatePicker, Divider, Form, Input, Switch, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  EVENT_PLACE_MAX,
  NOTICE_ATTACHMENTS,
  NOTICE_CONTENT_MAX,
  NOTICE_TITLE_MAX,
  noticeUpdateSchema,
  type NoticeAttachmentGroup,
  type EventDetail,
  type NoticeDetail,
} from '@campus/contract';
import { FileUpload, type UploadedFile } from '../../../components/FileUpload/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { RecipientsInput, RecipientsSummary, type RecipientValues } from './NoticeRecipients.tsx';
import { kindKey, useRelease } from './release.ts';

export interface NoticeFormValues extends RecipientValues {
  title: string;
  content: string;
  images: string[];
  video: string[];
  documents: string[];
  audio: string[];
  /** An event's place, time and whether recipients are asked to join. */
  place?: string;
  eventAt?: Dayjs | null;
  askJoin?: boolean;
}

/** The event time as the server takes it: the school's local time to the minute. */
export const EVENT_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** An event carries pictures only (purpose `image`, at most 9). */
const EVENT_GROUPS: readonly NoticeAttachmentGroup[] = ['images'];

const GROUPS: readonly NoticeAttachmentGroup[] = ['images', 'video', 'documents', 'audio'];

const GROUP_LABELS: Record<NoticeAttachmentGroup, string> = {
  images: 'notices.images',
  video: 'notices.video',
  documents: 'notices.documents',
  audio: 'notices.audio',
};

/** The form's values for a notice being modified, or the defaults of a new one. */
export function noticeFormValues(detail?: NoticeDetail | EventDetail): Partial<NoticeFormValues> {
  if (!detail) return { images: [], video: [], documents: [], audio: [], classIds: [], recipients: '', classAudience: 'parents', askJoin: false };
  const ids = (group: NoticeAttachmentGroup) => detail.attachments[group].map((file) => file.id);
  const values: Partial<NoticeFormValues> = { title: detail.title, content: detail.content, images: ids('images'), video: ids('video'), documents: ids('documents'), audio: ids('audio') };
  if ('eventAt' in detail) {
    values.place = detail.place;
    values.eventAt = detail.eventAt ? dayjs(detail.eventAt.replace(' ', 'T')) : null;
  }
  return values;
}

/** The place and time of an event, and (when publishing) whether its recipients are asked to join. */
function EventFields({ detail }: { detail?: NoticeDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="event-form-when">
        <Form.Item
          name="place"
          label={t('events.place')}
          required
          rules={[{ required: true, whitespace: true, message: t('homeSchool.placeRequired') }]}
        >
          <Input maxLength={EVENT_PLACE_MAX} showCount placeholder={t('events.placeHint')} data-testid="event-form-place" />
        </Form.Item>
        <Form.Item name="eventAt" label={t('events.eventAt')} required rules={[{ required: true, message: t('homeSchool.eventTimeRequired') }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={EVENT_TIME_FORMAT} placeholder={t('events.eventAtHint')} style={{ width: '100%' }} data-testid="event-form-time" />
        </Form.Item>
      </div>
      {detail ? (
        'askJoin' in detail && (
          <Form.Item label={t('events.askJoin')}>
            <span data-testid="event-form-ask-join-fixed">{t((detail as EventDetail).askJoin ? 'events.askJoinYes' : 'events.askJoinNo')}</span>
          </Form.Item>
        )
      ) : (
        <Form.Item name="askJoin" label={t('events.askJoin')} valuePropName="checked" extra={t('events.askJoinHint')}>
          <Switch data-testid="event-form-ask-join" />
        </Form.Item>
      )}
    </>
  );
}

function knownFiles(detail?: NoticeDetail): Pick<UploadedFile, 'RESID' | 'name'>[] {
  if (!detail) return [];
  return GROUPS.flatMap((group) => detail.attachments[group].map((file) => ({ RESID: file.id, name: file.name })));
}

/**
 * The add / modify form of a notice: title, content, the four attachment groups (each with its upload
 * purpose and limits), and the recipients, which can be chosen only when publishing.
 */
export function NoticeForm({ form, detail }: { form: FormInstance<NoticeFormValues>; detail?: NoticeDetail }) {
  const { t } = useTranslation();
  const release = useRelease();
  const event = release.kind === 'event';
  const groups = event ? EVENT_GROUPS : GROUPS;
  const known = knownFiles(detail);
  // Title and content carry the same rules when publishing and modifying.
  const rule = (field: 'title' | 'content') => zodRule(noticeUpdateSchema.pick({ title: true, content: true }), field, form);
  return (
    <>
      <Form.Item name="title" label={t(kindKey(release, 'noticeTitle'))} required rules={[rule('title')]}>
        <Input maxLength={NOTICE_TITLE_MAX} showCount data-testid="notice-form-title" />
      </Form.Item>
      <Form.Item name="content" label={t('notices.content')} required rules={[rule('content')]}>
        <Input.TextArea maxLength={NOTICE_CONTENT_MAX} showCount autoSize={{ minRows: 5, maxRows: 14 }} data-testid="notice-form-content" />
      </Form.Item>
      {event && <EventFields detail={detail} />}
      <div className="notice-form-files">
        {groups.map((group) => (
          <Form.Item key={group} name={group} label={t(GROUP_LABELS[group])}>
            <FileUpload purpose={NOTICE_ATTACHMENTS[group]} knownFiles={known} data-testid={`notice-form-${group}`} />
          </Form.Item>
        ))}
      </div>
      {detail ? (
        <Form.Item label={t('notices.recipients')}>
          <RecipientsSummary detail={detail} />
        </Form.Item>
      ) : (
        <section className="notice-form-recipients" aria-label={t('notices.recipients')}>
          <Divider titlePlacement="start" plain className="notice-form-section">
            {t('notices.recipients')}
          </Divider>
          <RecipientsInput form={form} />
        </section>
      )}
    </>
  );
}
