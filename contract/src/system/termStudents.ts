import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId } from './system.ts';

/**
 * 学年学期管理 / 学生维护 (/jxzygl/xnxqgl/xswh, issue 17): the students registered in a term (registered,
 * suspended or left), copied from the term before, with counts by grade. Nothing reads it yet.
 */

export const TERM_STUDENT_PERMISSION = 'system:termStudent';
export const TERM_STUDENT_URL = '/jxzygl/xnxqgl/xswh';
export const TERM_STUDENT_STATUSES = ['registered', 'suspended', 'left'] as const;
export type TermStudentStatus = (typeof TERM_STUDENT_STATUSES)[number];

export const termStudentSearchSchema = z
  .object({
    termId: optionalId,
    gradeId: optionalId,
    classId: optionalId,
    status: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(TERM_STUDENT_STATUSES).optional()),
    keyword: z.string().trim().max(50).optional().default(''),
  })
  .default({ keyword: '' });

export const termIdSchema = z.object({ termId: requiredId('termStudent.termRequired') });

export const termStudentStatusSchema = z.object({
  termId: requiredId('termStudent.termRequired'),
  studentIds: z.array(idSchema, { message: 'common.selectNone' }).min(1, 'common.selectNone').max(500, 'errors.badRequest'),
  status: z.enum(TERM_STUDENT_STATUSES, { message: 'termStudent.statusRequired' }),
  remark: z.preprocess((value) => value ?? '', z.string().trim().max(100, 'validation.tooLong')),
});
export type TermStudentStatusBody = z.input<typeof termStudentStatusSchema>;

export interface TermStudentRow {
  termId: number;
  studentId: number;
  studentNumber: string;
  name: string;
  gradeName: string;
  className: string;
  status: TermStudentStatus;
  remark: string;
  updatedAt: string;
}

export interface TermStudentCounts {
  termId: number;
  terms: { id: number; name: string; isCurrent: boolean }[];
  grades: { gradeId: number; gradeName: string; registered: number; suspended: number; left: number }[];
  /** The term before (what a copy takes), null when there is none. */
  previousTerm: { id: number; name: string } | null;
}
