import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId, wholeNumberSchema as whole } from '../system/system.ts';
import { CAMPUS_NAME_SPECIAL } from '../system/campus.ts';

/**
 * 考试批次管理 (/kwgl/kspc, issue 15): an exam of a term for the classes of one grade, with its subjects'
 * dates and times (the periods), its category and level, its weight among the term's exams (the weights of
 * a grade's exams in a term total at most 100), its score system (the full mark) and pass line. Published,
 * its rooms and duties are shown to students and staff; it is changed only after cancelling the publication.
 */

export const EXAM_BATCH_URL = '/kwgl/kspc';

export const EXAM_CATEGORIES = ['midterm', 'final', 'monthly', 'unit', 'mock'] as const;
export type ExamCategory = (typeof EXAM_CATEGORIES)[number];

export const EXAM_LEVELS = ['school', 'district', 'city', 'province'] as const;
export type ExamLevel = (typeof EXAM_LEVELS)[number];

export const EXAM_NAME_MAX = 100;
export const EXAM_REMARKS_MAX = 200;
export const EXAM_SUBJECTS_MAX = 20;
export const EXAM_CLASSES_MAX = 200;
export const EXAM_SCORE_SYSTEM_MAX = 1000;
/** HH:MM on the 24-hour clock. */
export const EXAM_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One subject's sitting: the course, its day and its time (one of the exam's periods). */
export const examSubjectSchema = z
  .object({
    courseId: requiredId('exam.courseRequired'),
    examDate: z.string({ message: 'exam.dateRequired' }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'exam.dateRequired'),
    startTime: z.string({ message: 'exam.timeFormat' }).trim().regex(EXAM_TIME_PATTERN, 'exam.timeFormat'),
    endTime: z.string({ message: 'exam.timeFormat' }).trim().regex(EXAM_TIME_PATTERN, 'exam.timeFormat'),
  })
  .refine((value) => value.endTime > value.startTime, { message: 'exam.endBeforeStart', path: ['endTime'] });
export type ExamSubject = z.infer<typeof examSubjectSchema>;

export const examBatchFormSchema = z
  .object({
    id: idSchema.optional(),
    termId: requiredId('exam.termRequired'),
    gradeId: requiredId('exam.gradeRequired'),
    name: z
      .string({ message: 'common.nameRequired' })
      .trim()
      .min(1, 'common.nameRequired')
      .max(EXAM_NAME_MAX, 'validation.tooLong')
      .refine((value) => !CAMPUS_NAME_SPECIAL.test(value), 'common.nameSpecial'),
    category: z.enum(EXAM_CATEGORIES, { message: 'exam.categoryRequired' }),
    level: z.enum(EXAM_LEVELS, { message: 'exam.levelRequired' }),
    weightPercent: whole(0, 100, 'exam.weightRange'),
    scoreSystem: whole(1, EXAM_SCORE_SYSTEM_MAX, 'exam.scoreSystemRange'),
    passLine: z.coerce
      .number({ message: 'exam.passLineFormat' })
      .min(0, 'exam.passLineFormat')
      .max(EXAM_SCORE_SYSTEM_MAX, 'exam.passLineFormat')
      .refine((value) => Math.round(value * 100) === value * 100, 'exam.passLineFormat'),
    subjects: z.array(examSubjectSchema, { message: 'exam.subjectsRequired' }).min(1, 'exam.subjectsRequired').max(EXAM_SUBJECTS_MAX, 'exam.tooManySubjects'),
    classIds: z.array(idSchema, { message: 'exam.classesRequired' }).min(1, 'exam.classesRequired').max(EXAM_CLASSES_MAX, 'errors.badRequest'),
    remarks: z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(EXAM_REMARKS_MAX, 'validation.tooLong')),
  })
  // Spec 5: the pass line must not exceed the score system.
  .refine((value) => value.passLine <= value.scoreSystem, { message: 'exam.passLineOver', path: ['passLine'] })
  .refine((value) => new Set(value.subjects.map((s) => s.courseId)).size === value.subjects.length, { message: 'exam.subjectTwice', path: ['subjects'] });
export type ExamBatchForm = z.input<typeof examBatchFormSchema>;
export type ExamBatchFormParsed = z.infer<typeof examBatchFormSchema>;

export const examBatchSearchSchema = z
  .object({
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    termId: optionalId,
    gradeId: optionalId,
    category: z.enum(['', ...EXAM_CATEGORIES]).optional(),
    published: z.boolean().optional(),
  })
  .strip();

export const EXAM_BATCH_SORTS = ['name', 'firstDate', 'gradeName', 'category'] as const;

export const examPublishSchema = z.object({
  ids: z.array(idSchema).min(1, 'common.selectNone').max(100, 'errors.badRequest'),
  published: z.boolean({ message: 'errors.badRequest' }),
});

export interface ExamSubjectRow extends ExamSubject {
  courseName: string;
}

export interface ExamBatchRow {
  id: number;
  termId: number;
  termName: string;
  gradeId: number;
  gradeName: string;
  name: string;
  category: ExamCategory;
  level: ExamLevel;
  weightPercent: number;
  scoreSystem: number;
  passLine: number;
  subjects: ExamSubjectRow[];
  classIds: number[];
  classNames: string[];
  /** First and last exam day, '' without subjects. */
  firstDate: string;
  lastDate: string;
  published: boolean;
  publishedAt: string;
  remarks: string;
}

/** What the form chooses from. */
export interface ExamBatchOptions {
  terms: { id: number; name: string; isCurrent: boolean; startDate: string; endDate: string }[];
  grades: { id: number; name: string }[];
  courses: { id: number; name: string }[];
  classes: { id: number; name: string; gradeId: number }[];
}
