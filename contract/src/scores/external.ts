import { z } from 'zod';
import { pagedQuerySchema } from '../paging.ts';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId, wholeNumberSchema as whole } from '../system/system.ts';
import { SCORE_MARKS, scoreNumber, type ScoreMark } from './entry.ts';

/**
 * 校外成绩 (/cjglNew/xwcj/kscjwh, issue 15): exams held outside the school — a district's joint exam, a city's
 * mock — with their subjects and full marks, the students' scores entered or imported from the organiser's
 * Excel, and the place the organiser gave each student; students and parents see an exam once released.
 */

export const EXTERNAL_SCORES_URL = '/cjglNew/xwcj/kscjwh';
export const EXTERNAL_SCORE_PERMISSIONS = { view: 'score:external', edit: 'score:external:edit', delete: 'score:external:delete' } as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const externalSubjectSchema = z.object({
  courseId: requiredId('externalExam.courseRequired'),
  fullMark: whole(1, 1000, 'scoreSystem.fullMarkRange'),
});

export const externalExamFormSchema = z
  .object({
    id: idSchema.optional(),
    termId: requiredId('externalExam.termRequired'),
    gradeId: requiredId('externalExam.gradeRequired'),
    name: z.string({ message: 'common.nameRequired' }).trim().min(1, 'common.nameRequired').max(100, 'validation.tooLong'),
    organiser: z.string({ message: 'externalExam.organiserRequired' }).trim().min(1, 'externalExam.organiserRequired').max(50, 'validation.tooLong'),
    examDate: z.string({ message: 'externalExam.dateRequired' }).trim().regex(DATE, 'externalExam.dateRequired'),
    remarks: z.string().trim().max(200, 'validation.tooLong').default(''),
    subjects: z.array(externalSubjectSchema, { message: 'externalExam.subjectsRequired' }).min(1, 'externalExam.subjectsRequired').max(20, 'errors.badRequest'),
  })
  .refine((value) => new Set(value.subjects.map((subject) => subject.courseId)).size === value.subjects.length, { message: 'exam.subjectTwice', path: ['subjects'] });
export type ExternalExamForm = z.input<typeof externalExamFormSchema>;
export type ExternalExamFormParsed = z.infer<typeof externalExamFormSchema>;

export const externalExamSearchSchema = z
  .object({ keyword: z.string().trim().max(50, 'validation.tooLong').optional(), termId: optionalId, gradeId: optionalId })
  .strip();
export const externalReleaseSchema = z.object({ ids: z.array(idSchema).min(1, 'common.selectNone').max(100, 'errors.badRequest'), released: z.boolean({ message: 'errors.badRequest' }) });
export const externalScoresPageSchema = pagedQuerySchema.extend({
  examId: requiredId('externalExam.examRequired'),
  classId: optionalId,
  keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
});
export const externalCellSchema = z
  .object({ score: scoreNumber('scoreEntry.scoreFormat').nullable(), mark: z.enum(SCORE_MARKS, { message: 'errors.badRequest' }).nullable() })
  .refine((cell) => !(cell.mark && cell.score !== null), { message: 'scoreEntry.markWithScore', path: ['mark'] });
export const externalScoresSaveSchema = z.object({
  examId: requiredId('externalExam.examRequired'),
  rows: z
    .array(
      z.object({
        studentId: idSchema,
        /** course id → the cell; a course left out is cleared. */
        cells: z.record(z.string().regex(/^\d{1,10}$/, 'errors.badRequest'), externalCellSchema),
        districtRank: z.number({ message: 'externalExam.rankFormat' }).int('externalExam.rankFormat').min(1, 'externalExam.rankFormat').max(10_000_000, 'externalExam.rankFormat').nullable(),
      }),
    )
    .min(1, 'scoreEntry.nothingToSave')
    .max(500, 'errors.badRequest'),
});
export type ExternalScoresSave = z.input<typeof externalScoresSaveSchema>;
export const externalMineSchema = z.object({ studentId: optionalId });

export interface ExternalSubject {
  courseId: number;
  courseName: string;
  fullMark: number;
}

export interface ExternalExamRow {
  id: number;
  termId: number;
  termName: string;
  gradeId: number;
  gradeName: string;
  name: string;
  organiser: string;
  examDate: string;
  remarks: string;
  released: boolean;
  releasedAt: string | null;
  subjects: ExternalSubject[];
  /** Students with scores entered, and the grade's students. */
  entered: number;
  students: number;
  updatedAt: string;
}

export interface ExternalOptions {
  terms: { id: number; name: string; isCurrent: boolean }[];
  grades: { id: number; name: string }[];
  courses: { id: number; name: string }[];
  classes: { id: number; name: string; gradeId: number }[];
}

export interface ExternalCell {
  score: number | null;
  mark: ScoreMark | null;
}

export interface ExternalScoreRow {
  studentId: number;
  studentNumber: string;
  name: string;
  className: string;
  cells: Record<string, ExternalCell>;
  total: number | null;
  districtRank: number | null;
  /** null: nothing entered yet. */
  updatedAt: string | null;
}

export interface ExternalScoresPage {
  exam: ExternalExamRow;
  total: number;
  /** A keyword matched more students than were counted (PagedResult.totalCapped). */
  totalCapped?: boolean;
  rows: ExternalScoreRow[];
}

export interface ExternalImportResult {
  saved: number;
  /** Row number (as Excel shows it) and what is wrong; nothing is saved when there is any. */
  errors: { row: number; message: string }[];
}

/** The family's side: released external exams with the student's scores. */
export interface MyExternalExam {
  id: number;
  name: string;
  organiser: string;
  examDate: string;
  termName: string;
  subjects: (ExternalSubject & ExternalCell)[];
  total: number | null;
  totalFull: number;
  districtRank: number | null;
}
