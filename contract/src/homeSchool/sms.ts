import { z } from 'zod';
import { idSchema } from '../system/system.ts';

/**
 * 短信提醒 (issue 13): a class teacher texts the parents of students of their class; every message is kept
 * with its state in the outbox, which administrators read whole.
 */
export const SMS_CONTENT_MAX = 300;
/** Students one sending may cover. */
export const SMS_STUDENTS_MAX = 100;
export const SMS_STATES = ['queued', 'outbox', 'sent', 'failed'] as const;
export type SmsState = (typeof SMS_STATES)[number];

export const smsSendSchema = z.object({
  studentIds: z.array(idSchema).min(1, 'homeSchool.sms.studentsRequired').max(SMS_STUDENTS_MAX, 'homeSchool.sms.tooManyStudents'),
  content: z.string({ message: 'homeSchool.contentRequired' }).trim().min(1, 'homeSchool.contentRequired').max(SMS_CONTENT_MAX, 'validation.tooLong'),
});
export type SmsSend = z.infer<typeof smsSendSchema>;

export const smsRetrySchema = z.object({ ids: z.array(idSchema).min(1, 'common.selectNone').max(500, 'errors.badRequest') });

export const smsSearchSchema = z
  .object({
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    state: z.enum(['', ...SMS_STATES]).optional(),
  })
  .strip();

export interface SmsRow {
  id: number;
  senderName: string;
  recipientName: string;
  studentName: string;
  className: string;
  phone: string;
  content: string;
  state: SmsState;
  channel: string;
  attempts: number;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** The answer of a sending: how many went out, how many failed, and parents without a number. */
export interface SmsSendResult {
  sent: number;
  failed: number;
  withoutPhone: number;
}

/** Students the caller may text the parents of, with how many numbers each has. */
export interface SmsStudentOption {
  id: number;
  name: string;
  studentNumber: string;
  className: string;
  phones: number;
}
