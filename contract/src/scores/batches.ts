import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId, wholeNumberSchema as whole } from '../system/system.ts';
import { CAMPUS_NAME_SPECIAL } from '../system/campus.ts';

/**
 * 成绩批次管理 (/cjgl/cjpc, issue 15): the scores of one exam node (期中, 期末, 月考 …) of a grade in a term.
 * Each subject is scored out of a score system and weighs a share of the national courses (a batch's
 * weights total at most 100, spec 5); teachers enter scores only inside the batch's time window ('Exam
 * time is outside the allowed entry time'); students and parents see them once the batch is released, and
 * no longer when the release is cancelled. A batch may come from a 考务 exam, whose grade, subjects and
 * classes it then takes.
 */

export const SCORE_BATCH_URL = '/cjgl/cjpc';

export const SCORE_BATCH_NAME_MAX = 100;
/** Spec 5: the exam node name has at most 10 Chinese characters. */
export const EXAM_NODE_MAX = 10;
export const SCORE_SUBJECTS_MAX = 20;
export const SCORE_CLASSES_MAX = 200;
/** 'YYYY-MM-DD HH:mm' on the school's clock. */
export const LOCAL_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d$/;

export const scoreBatchSubjectSchema = z.object({
  courseId: requiredId('scoreBatch.courseRequired'),
  scoreSystemId: requiredId('scoreBatch.systemRequired'),
  weight: whole(0, 100, 'scoreBatch.weightRange'),
});
export type ScoreBatchSubject = z.infer<typeof scoreBatchSubjectSchema>;

const localTime = (message: string) => z.string({ message }).trim().regex(LOCAL_TIME_PATTERN, message);

export const scoreBatchFormSchema = z
  .object({
    id: idSchema.optional(),
    termId: requiredId('scoreBatch.termRequired'),
    gradeId: requiredId('scoreBatch.gradeRequired'),
    campusId: optionalId,
    examBatchId: optionalId,
    name: z
      .string({ message: 'common.nameRequired' })
      .trim()
      .min(1, 'common.nameRequired')
      .max(SCORE_BATCH_NAME_MAX, 'validation.tooLong')
      .refine((value) => !CAMPUS_NAME_SPECIAL.test(value), 'common.nameSpecial'),
    examNode: z.string({ message: 'scoreBatch.examNodeRequired' }).trim().min(1, 'scoreBatch.examNodeRequired').max(EXAM_NODE_MAX, 'scoreBatch.examNodeTooLong'),
    entryStart: localTime('scoreBatch.entryTimeFormat'),
    entryEnd: localTime('scoreBatch.entryTimeFormat'),
    enabled: z.boolean({ message: 'errors.badRequest' }),
    conversionRuleId: optionalId,
    subjects: z.array(scoreBatchSubjectSchema, { message: 'scoreBatch.subjectsRequired' }).min(1, 'scoreBatch.subjectsRequired').max(SCORE_SUBJECTS_MAX, 'errors.badRequest'),
    classIds: z.array(idSchema, { message: 'scoreBatch.classesRequired' }).min(1, 'scoreBatch.classesRequired').max(SCORE_CLASSES_MAX, 'errors.badRequest'),
  })
  .refine((value) => value.entryEnd > value.entryStart, { message: 'scoreBatch.entryEndBeforeStart', path: ['entryEnd'] })
  .refine((value) => new Set(value.subjects.map((s) => s.courseId)).size === value.subjects.length, { message: 'exam.subjectTwice', path: ['subjects'] })
  // Spec 5: national-course weights for one grade total at most 100.
  .refine((value) => value.subjects.reduce((sum, s) => sum + s.weight, 0) <= 100, { message: 'scoreBatch.weightsOver', path: ['subjects'] });
export type ScoreBatchForm = z.input<typeof scoreBatchFormSchema>;
export type ScoreBatchFormParsed = z.infer<typeof scoreBatchFormSchema>;

export const scoreBatchSearchSchema = z
  .object({
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    termId: optionalId,
    gradeId: optionalId,
    released: z.boolean().optional(),
  })
  .strip();
export const SCORE_BATCH_SORTS = ['name', 'entryStart', 'gradeName'] as const;

export const scoreReleaseSchema = z.object({
  ids: z.array(idSchema).min(1, 'common.selectNone').max(100, 'errors.badRequest'),
  released: z.boolean({ message: 'errors.badRequest' }),
});

export interface ScoreBatchSubjectRow extends ScoreBatchSubject {
  courseName: string;
  scoreSystemName: string;
  fullMark: number;
}

export interface ScoreBatchRow {
  id: number;
  termId: number;
  termName: string;
  gradeId: number;
  gradeName: string;
  campusId: number | null;
  campusName: string;
  examBatchId: number | null;
  examBatchName: string;
  name: string;
  examNode: string;
  entryStart: string;
  entryEnd: string;
  /** The window is open now. */
  entryOpen: boolean;
  enabled: boolean;
  released: boolean;
  releasedAt: string;
  conversionRuleId: number | null;
  conversionRuleName: string;
  subjects: ScoreBatchSubjectRow[];
  classIds: number[];
  classNames: string[];
  /** Scores entered so far and expected (students × subjects). */
  entered: number;
  expected: number;
}

export interface ScoreBatchOptions {
  terms: { id: number; name: string; isCurrent: boolean }[];
  grades: { id: number; name: string }[];
  campuses: { id: number; name: string }[];
  courses: { id: number; name: string }[];
  classes: { id: number; name: string; gradeId: number }[];
  systems: { id: number; name: string; fullMark: number }[];
  rules: { id: number; name: string }[];
  /** 考务 exams a batch may come from: their term, grade, subjects and classes. */
  exams: { id: number; name: string; termId: number; gradeId: number; courseIds: number[]; classIds: number[] }[];
}
