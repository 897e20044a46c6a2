import { z } from 'zod';
import { idSchema } from '../system/system.ts';
import { UPLOAD_PURPOSES } from '../shared/files.ts';

/**
 * 通知发布 and 我的通知 (issue 13): a notice goes to people picked through the Picker (people, organisation
 * units, roles) and to classes (their students, their parents, or both); every recipient has a receipt row
 * with its read time, and the bell and the message centre get a message whose link opens the notice.
 */

/** The upload purpose of each attachment group (spec sections 5 and 9: 9 pictures, 1 video, 4 documents, 1 audio). */
export const NOTICE_ATTACHMENTS = {
  images: 'image',
  video: 'onlineVideo',
  documents: 'document',
  audio: 'audio',
} as const satisfies Record<string, keyof typeof UPLOAD_PURPOSES>;
export type NoticeAttachmentGroup = keyof typeof NOTICE_ATTACHMENTS;

/** Who of a chosen class receives the notice. */
export const CLASS_AUDIENCES = ['students', 'parents', 'both'] as const;
export type ClassAudience = (typeof CLASS_AUDIENCES)[number];

/**
 * Delivery of a notice runs as background work (a notice to every parent of a district reaches 200,000
 * people): queued when published, delivering while recipients and messages are written, then delivered,
 * or failed (the publisher may send it again).
 */
export const NOTICE_STATUSES = ['queued', 'delivering', 'delivered', 'failed'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
/** The status machine: which status may follow which (the server refuses anything else). */
export const NOTICE_TRANSITIONS: Record<NoticeStatus, readonly NoticeStatus[]> = {
  queued: ['delivering', 'failed'],
  delivering: ['delivered', 'failed'],
  delivered: [],
  failed: ['queued'],
};
export function canMoveNotice(from: NoticeStatus, to: NoticeStatus): boolean {
  return NOTICE_TRANSITIONS[from].includes(to);
}

export const NOTICE_TITLE_MAX = 100;
export const NOTICE_CONTENT_MAX = 5000;
/** The Picker's value: comma-joined prefixed codes (U_account, O_orgCode, R_roleCode). */
export const NOTICE_RECIPIENTS_MAX = 4000;
export const NOTICE_CLASSES_MAX = 200;
/** A reminder to those who have not read goes out at most once in this many minutes. */
export const NOTICE_REMIND_INTERVAL_MINUTES = 10;

const fileIds = (group: NoticeAttachmentGroup) =>
  z
    .array(z.string().trim().min(1, 'errors.badRequest').max(40, 'errors.badRequest'))
    .max(UPLOAD_PURPOSES[NOTICE_ATTACHMENTS[group]].maxFiles, `homeSchool.tooManyFiles.${group}`)
    .default([]);

const attachmentFields = {
  images: fileIds('images'),
  video: fileIds('video'),
  documents: fileIds('documents'),
  audio: fileIds('audio'),
};

const textFields = {
  title: z.string({ message: 'homeSchool.titleRequired' }).trim().min(1, 'homeSchool.titleRequired').max(NOTICE_TITLE_MAX, 'validation.tooLong'),
  content: z.string({ message: 'homeSchool.contentRequired' }).trim().min(1, 'homeSchool.contentRequired').max(NOTICE_CONTENT_MAX, 'validation.tooLong'),
};

/** Publishing: text, attachments and recipients (at least one person, unit, role or class). */
export const noticeCreateSchema = z
  .object({
    ...textFields,
    ...attachmentFields,
    recipients: z.string().trim().max(NOTICE_RECIPIENTS_MAX, 'validation.tooLong').default(''),
    classIds: z.array(idSchema).max(NOTICE_CLASSES_MAX, 'homeSchool.tooManyClasses').default([]),
    classAudience: z.enum(CLASS_AUDIENCES, { message: 'homeSchool.audienceRequired' }).default('parents'),
  })
  .refine((value) => value.recipients !== '' || value.classIds.length > 0, { message: 'homeSchool.recipientsRequired', path: ['recipients'] });
export type NoticeCreate = z.infer<typeof noticeCreateSchema>;

/** Modifying: text and attachments; the recipients of a published notice stay as they were. */
export const noticeUpdateSchema = z.object({ id: idSchema, ...textFields, ...attachmentFields });
export type NoticeUpdate = z.infer<typeof noticeUpdateSchema>;

/** The publisher's list: `search` of the generic paged call. */
export const noticeSearchSchema = z
  .object({
    title: z.string().trim().max(100, 'validation.tooLong').optional(),
    status: z.enum(['', ...NOTICE_STATUSES]).optional(),
  })
  .strip();

/** Receipts of one notice: who has read it (`'1'`) or not (`'0'`), `''` everyone. */
export const noticeReceiptSearchSchema = z
  .object({
    read: z.enum(['', '0', '1']).optional(),
    keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
  })
  .strip();

/** A recipient's list (我的通知). */
export const myNoticeSearchSchema = z
  .object({
    title: z.string().trim().max(100, 'validation.tooLong').optional(),
    read: z.enum(['', '0', '1']).optional(),
  })
  .strip();

export interface NoticeFile {
  id: string;
  name: string;
  size: number;
  mimeType: string;
}

export interface NoticeAttachments {
  images: NoticeFile[];
  video: NoticeFile[];
  documents: NoticeFile[];
  audio: NoticeFile[];
}

/** A row of the publisher's list. */
export interface NoticeRow {
  id: number;
  title: string;
  publisherName: string;
  createdAt: string;
  status: NoticeStatus;
  recipientTotal: number;
  readCount: number;
  /** Delivery progress while queued or delivering: recipients whose message is written. */
  deliveredCount: number;
}

/** One notice as its publisher sees it (get). */
export interface NoticeDetail extends NoticeRow {
  content: string;
  attachments: NoticeAttachments;
  recipients: string;
  /** The recipients' names as the Picker shows them. */
  recipientNames: { code: string; name: string }[];
  classes: { id: number; name: string }[];
  classAudience: ClassAudience;
  lastRemindedAt: string | null;
  error: string | null;
}

export interface NoticeReceiptRow {
  userId: number;
  account: string;
  name: string;
  /** 1 administrator, 2 student, 3 teacher, 4 parent. */
  userType: number;
  /** For a parent: the children of theirs the notice reached them through; for a student: the class. */
  relation: string;
  readAt: string | null;
  remindedAt: string | null;
}

export interface NoticeReceipts {
  total: number;
  /** A keyword matched more recipients than were counted (PagedResult.totalCapped). */
  totalCapped?: boolean;
  read: number;
  unread: number;
  rows: NoticeReceiptRow[];
}

/** A row of 我的通知 (notices and events alike). */
export interface MyNoticeRow {
  id: number;
  kind: 'notice' | 'event';
  /** An event's place, time and the caller's answer (when asked). */
  place: string | null;
  eventAt: string | null;
  askJoin: boolean;
  answer: 'join' | 'decline' | null;
  title: string;
  publisherName: string;
  createdAt: string;
  readAt: string | null;
  attachmentCount: number;
}

export interface MyNoticeDetail extends MyNoticeRow {
  content: string;
  attachments: NoticeAttachments;
}

/** The menu url of 我的通知: a message's link opens a notice there (`?id=`). */
export const MY_NOTICES_URL = '/jxhd/wdtz';
export const NOTICE_RELEASE_URL = '/jxhd/tzfb';
