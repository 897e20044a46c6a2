import { z } from 'zod';
import { idSchema } from '../system/system.ts';
import { UPLOAD_PURPOSES } from '../shared/files.ts';
import { CLASS_AUDIENCES, NOTICE_CLASSES_MAX, NOTICE_CONTENT_MAX, NOTICE_RECIPIENTS_MAX, NOTICE_TITLE_MAX, type NoticeDetail, type NoticeReceiptRow, type NoticeRow } from './notices.ts';

/**
 * 活动发布 (issue 13): an event is published to people like a notice (recipients, delivery, read receipts,
 * reminders) and carries a place, a date, a picture and, if asked, each recipient's answer: join or not.
 * Recipients find it in 我的通知 and answer there until the event has begun.
 */
export const EVENT_PLACE_MAX = 100;
export const EVENT_ANSWERS = ['join', 'decline'] as const;
export type EventAnswer = (typeof EVENT_ANSWERS)[number];
export const EVENT_RELEASE_URL = '/jxhd/hdfb';

/** 'YYYY-MM-DD HH:mm' (or with seconds), the school's local time. */
export const EVENT_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;

const eventFields = {
  title: z.string({ message: 'homeSchool.titleRequired' }).trim().min(1, 'homeSchool.titleRequired').max(NOTICE_TITLE_MAX, 'validation.tooLong'),
  content: z.string({ message: 'homeSchool.contentRequired' }).trim().min(1, 'homeSchool.contentRequired').max(NOTICE_CONTENT_MAX, 'validation.tooLong'),
  place: z.string({ message: 'homeSchool.placeRequired' }).trim().min(1, 'homeSchool.placeRequired').max(EVENT_PLACE_MAX, 'validation.tooLong'),
  eventAt: z
    .string({ message: 'homeSchool.eventTimeRequired' })
    .trim()
    .min(1, 'homeSchool.eventTimeRequired')
    .regex(EVENT_TIME_PATTERN, 'homeSchool.eventTimeFormat')
    .refine((value) => !Number.isNaN(new Date(value.replace(' ', 'T')).getTime()), 'homeSchool.eventTimeFormat'),
  images: z
    .array(z.string().trim().min(1, 'errors.badRequest').max(40, 'errors.badRequest'))
    .max(UPLOAD_PURPOSES.image.maxFiles, 'homeSchool.tooManyFiles.images')
    .default([]),
  askJoin: z.boolean({ message: 'errors.badRequest' }).default(false),
};

export const eventCreateSchema = z
  .object({
    ...eventFields,
    recipients: z.string().trim().max(NOTICE_RECIPIENTS_MAX, 'validation.tooLong').default(''),
    classIds: z.array(idSchema).max(NOTICE_CLASSES_MAX, 'homeSchool.tooManyClasses').default([]),
    classAudience: z.enum(CLASS_AUDIENCES, { message: 'homeSchool.audienceRequired' }).default('parents'),
  })
  .refine((value) => value.recipients !== '' || value.classIds.length > 0, { message: 'homeSchool.recipientsRequired', path: ['recipients'] });
export type EventCreate = z.infer<typeof eventCreateSchema>;

/** Modifying keeps the recipients and whether they are asked to join (answers may exist). */
export const eventUpdateSchema = z.object({ id: idSchema, ...eventFields }).omit({ askJoin: true });
export type EventUpdate = z.infer<typeof eventUpdateSchema>;

export const eventAnswerSchema = z.object({ id: idSchema, answer: z.enum(EVENT_ANSWERS, { message: 'homeSchool.answerRequired' }) });

/** Receipts of an event: also by answer (`joined`, `declined`, `unanswered`). */
export const eventReceiptSearchSchema = z
  .object({
    read: z.enum(['', '0', '1']).optional(),
    answer: z.enum(['', 'join', 'decline', 'none']).optional(),
    keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
  })
  .strip();

export interface EventRow extends NoticeRow {
  place: string;
  eventAt: string;
  askJoin: boolean;
  joined: number;
  declined: number;
}

export interface EventDetail extends NoticeDetail {
  place: string;
  eventAt: string;
  askJoin: boolean;
  joined: number;
  declined: number;
}

export interface EventReceiptRow extends NoticeReceiptRow {
  answer: EventAnswer | null;
  answeredAt: string | null;
}
