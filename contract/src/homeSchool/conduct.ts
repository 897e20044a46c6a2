import { z } from 'zod';
import { idSchema } from '../system/system.ts';

/**
 * 表现发布 and 表现回复 (issue 13): a teacher records a student's conduct (classification, content, result,
 * whether a reply is asked); the student's parents get a message, read it and reply; the teacher sees the
 * replies.
 */
export const CONDUCT_CATEGORIES = ['classroom', 'homework', 'discipline', 'labour', 'manners', 'activity', 'other'] as const;
export type ConductCategory = (typeof CONDUCT_CATEGORIES)[number];
export const CONDUCT_RESULTS = ['praise', 'normal', 'improve'] as const;
export type ConductResult = (typeof CONDUCT_RESULTS)[number];
export const CONDUCT_CONTENT_MAX = 1000;
export const CONDUCT_REPLY_MAX = 500;
/** Students one publishing call may cover (a record each). */
export const CONDUCT_STUDENTS_MAX = 60;
export const CONDUCT_REPLY_URL = '/jxhd/bxhf';

const fields = {
  category: z.enum(CONDUCT_CATEGORIES, { message: 'homeSchool.conduct.categoryRequired' }),
  content: z.string({ message: 'homeSchool.contentRequired' }).trim().min(1, 'homeSchool.contentRequired').max(CONDUCT_CONTENT_MAX, 'validation.tooLong'),
  result: z.enum(CONDUCT_RESULTS, { message: 'homeSchool.conduct.resultRequired' }),
};

export const conductCreateSchema = z.object({
  ...fields,
  studentIds: z.array(idSchema).min(1, 'homeSchool.conduct.studentsRequired').max(CONDUCT_STUDENTS_MAX, 'homeSchool.conduct.tooManyStudents'),
  askReply: z.boolean({ message: 'errors.badRequest' }).default(false),
});
export type ConductCreate = z.infer<typeof conductCreateSchema>;

export const conductUpdateSchema = z.object({ id: idSchema, ...fields });
export type ConductUpdate = z.infer<typeof conductUpdateSchema>;

export const conductReplySchema = z.object({
  id: idSchema,
  content: z.string({ message: 'homeSchool.conduct.replyRequired' }).trim().min(1, 'homeSchool.conduct.replyRequired').max(CONDUCT_REPLY_MAX, 'validation.tooLong'),
});

export const conductSearchSchema = z
  .object({
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    category: z.enum(['', ...CONDUCT_CATEGORIES]).optional(),
    replied: z.enum(['', '0', '1']).optional(),
  })
  .strip();

export interface ConductReply {
  parentName: string;
  content: string;
  repliedAt: string;
}

/** A row of 表现发布 (the teacher's list). */
export interface ConductRow {
  id: number;
  studentId: number;
  studentName: string;
  studentNumber: string;
  className: string;
  category: ConductCategory;
  content: string;
  result: ConductResult;
  askReply: boolean;
  publisherName: string;
  createdAt: string;
  replies: ConductReply[];
}

/** A row of 表现回复 (the parent's list): the record and the caller's own reply. */
export interface MyConductRow extends Omit<ConductRow, 'replies' | 'studentNumber'> {
  myReply: { content: string; repliedAt: string } | null;
}
