import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId, wholeNumberSchema as whole } from '../system/system.ts';
import type { ScoreMark } from './entry.ts';

/**
 * 总评 (issue 15, /cjfxNew/zpfx/*): a term's overall score of a grade, made of some of its exams (score
 * batches) with weights — 平时 20 %, 期中 30 %, 期末 50 %. The office keeps the schemes (总评管理,
 * /cjfxNew/zpfx/zpfxgl) and sets a scheme's exams and weights (总评设置, /cjfxNew/zpfx/zpfxsz, opened from
 * the list); the overall scores are computed on reading and shown per class (总评成绩, /cjfxNew/zpfx/cjxq).
 *
 * A subject's overall score is Σ score × weight / Σ weight over the scheme's exams that have the subject:
 * an absent student counts 0 in that exam, an exempt one leaves the exam out (the other weights count for
 * it), and a student with no score in any of the exams has none. The total is the sum of the subjects'.
 */

export const OVERALL_URLS = { list: '/cjfxNew/zpfx/zpfxgl', settings: '/cjfxNew/zpfx/zpfxsz', details: '/cjfxNew/zpfx/cjxq' } as const;

export const OVERALL_PERMISSIONS = {
  view: 'score:overall',
  edit: 'score:overall:edit',
  delete: 'score:overall:delete',
  /** Every class's overall scores, not only the classes the caller leads (the office). */
  all: 'score:overall:all',
} as const;

export const OVERALL_NAME_MAX = 50;
export const OVERALL_PARTS_MAX = 10;

export const overallPartSchema = z.object({
  batchId: requiredId('overall.batchRequired'),
  weight: whole(1, 100, 'overall.weightRange'),
});

export const overallSchemeFormSchema = z
  .object({
    id: idSchema.optional(),
    termId: requiredId('overall.termRequired'),
    gradeId: requiredId('overall.gradeRequired'),
    name: z.string({ message: 'common.nameRequired' }).trim().min(1, 'common.nameRequired').max(OVERALL_NAME_MAX, 'validation.tooLong'),
    remarks: z.string().trim().max(200, 'validation.tooLong').default(''),
    parts: z.array(overallPartSchema, { message: 'overall.partsRequired' }).min(1, 'overall.partsRequired').max(OVERALL_PARTS_MAX, 'overall.tooManyParts'),
  })
  .refine((value) => new Set(value.parts.map((part) => part.batchId)).size === value.parts.length, { message: 'overall.batchTwice', path: ['parts'] })
  .refine((value) => value.parts.reduce((sum, part) => sum + part.weight, 0) <= 100, { message: 'overall.weightsOver', path: ['parts'] });
export type OverallSchemeForm = z.input<typeof overallSchemeFormSchema>;
export type OverallSchemeFormParsed = z.infer<typeof overallSchemeFormSchema>;

export const overallListSchema = z.object({ termId: optionalId });
export const overallIdSchema = z.object({ id: requiredId('overall.paramsLost') });
export const overallCandidatesSchema = z.object({ termId: requiredId('overall.termRequired'), gradeId: requiredId('overall.gradeRequired') });
export const overallDetailsSchema = z.object({ id: requiredId('overall.paramsLost'), classId: optionalId });

export interface OverallPart {
  batchId: number;
  batchName: string;
  examNode: string;
  weight: number;
  released: boolean;
}

export interface OverallScheme {
  id: number;
  termId: number;
  termName: string;
  gradeId: number;
  gradeName: string;
  name: string;
  remarks: string;
  parts: OverallPart[];
  /** The weights' sum (at most 100). */
  totalWeight: number;
  /** Every exam of the scheme is released: the overall scores are final. */
  complete: boolean;
  updatedAt: string;
}

export interface OverallList {
  terms: { id: number; name: string; isCurrent: boolean }[];
  termId: number | null;
  grades: { id: number; name: string }[];
  schemes: OverallScheme[];
}

/** The score batches of a term and grade a scheme may use. */
export interface OverallCandidate {
  id: number;
  name: string;
  examNode: string;
  released: boolean;
  entryStart: string;
  subjects: string[];
}

export interface OverallSubject {
  courseId: number;
  courseName: string;
  /** The class's average, highest and lowest overall score of the subject (null: nobody has one). */
  average: number | null;
  highest: number | null;
  lowest: number | null;
}

export interface OverallStudentRow {
  studentId: number;
  studentNumber: string;
  name: string;
  /** course id → the overall score (two decimals), null without any score. */
  overall: Record<string, number | null>;
  /** course id → batch id → the exam's score or mark, for the breakdown. */
  parts: Record<string, Record<string, { score: number | null; mark: ScoreMark | null }>>;
  total: number | null;
  /** 1 = the best total of the class; equal totals share a place. */
  classRank: number | null;
}

export interface OverallDetails {
  scheme: OverallScheme;
  /** The classes of the scheme's grade the caller may see. */
  classes: { id: number; name: string }[];
  classId: number | null;
  subjects: OverallSubject[];
  rows: OverallStudentRow[];
}
