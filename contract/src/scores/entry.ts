import { z } from 'zod';
import { idSchema, requiredIdSchema as requiredId } from '../system/system.ts';
import { CAMPUS_NAME_SPECIAL } from '../system/campus.ts';

/**
 * 分项成绩设置 (/cjgl/fxcj) and 成绩登记 (/cjgl/cjdj), issue 15.
 *
 * A subject of a score batch may be made of parts (listening, reading, writing …) whose maxima add up to
 * the subject's full mark; its score is then the sum of the parts entered. Teachers enter the scores of a
 * class as one sheet: a row per student at school, a column per subject they may enter (those they teach
 * the class in the batch's term; a class teacher every subject of their class; the office every class).
 * A cell holds a number from 0 to the full mark with at most two decimals, or an absent or exempt mark,
 * or nothing. Entry is open only inside the batch's time window and while it is not released.
 */

export const SCORE_SUB_ITEM_URL = '/cjgl/fxcj';
export const SCORE_ENTRY_URL = '/cjgl/cjdj';

export const SUB_ITEM_NAME_MAX = 20;
export const SUB_ITEMS_MAX = 10;
/** The most cells one save carries (a class of 80 × 20 subjects is 1,600). */
export const SCORE_SAVE_MAX = 2_000;

/** Whether a number has at most two decimals (a float's error of 0.29 × 100 is forgiven). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/** A number from 0 to 1000 with at most two decimals; the full mark of its subject is checked on the server (score corrections and external scores too). */
export const scoreNumber = (message: string) =>
  z
    .number({ message })
    .min(0, message)
    .max(1000, message)
    .refine((value) => hasAtMostTwoDecimals(value), message);

// ---------------------------------------------------------------------------------------------------
// 分项成绩设置

export const subItemSchema = z.object({
  name: z
    .string({ message: 'common.nameRequired' })
    .trim()
    .min(1, 'common.nameRequired')
    .max(SUB_ITEM_NAME_MAX, 'validation.tooLong')
    .refine((value) => !CAMPUS_NAME_SPECIAL.test(value), 'common.nameSpecial'),
  maxScore: z
    .number({ message: 'scoreSub.maxFormat' })
    .gt(0, 'scoreSub.maxFormat')
    .max(1000, 'scoreSub.maxFormat')
    .refine((value) => hasAtMostTwoDecimals(value), 'scoreSub.maxFormat'),
});
export type SubItemForm = z.infer<typeof subItemSchema>;

/** The parts of one subject of a batch; an empty list means the subject is scored as a whole. */
export const subItemsSaveSchema = z
  .object({
    batchId: requiredId('scoreSub.batchRequired'),
    courseId: requiredId('scoreBatch.courseRequired'),
    items: z.array(subItemSchema, { message: 'errors.badRequest' }).max(SUB_ITEMS_MAX, 'scoreSub.tooMany'),
  })
  .refine((value) => new Set(value.items.map((item) => item.name)).size === value.items.length, { message: 'scoreSub.nameTwice', path: ['items'] })
  .refine((value) => value.items.length !== 1, { message: 'scoreSub.atLeastTwo', path: ['items'] });
export type SubItemsSave = z.input<typeof subItemsSaveSchema>;

export const scoreBatchIdSchema = z.object({ batchId: requiredId('scoreSub.batchRequired') });

export interface SubItemRow {
  id: number;
  name: string;
  maxScore: number;
}

export interface SubItemSubject {
  courseId: number;
  courseName: string;
  fullMark: number;
  /** Scores were entered: the parts can no longer change. */
  scored: boolean;
  items: SubItemRow[];
}

export interface SubItemBatch {
  id: number;
  name: string;
  termName: string;
  gradeName: string;
  released: boolean;
  /** The batch's term has ended: its parts only show. */
  ended: boolean;
  subjects: SubItemSubject[];
}

// ---------------------------------------------------------------------------------------------------
// 成绩登记

export const SCORE_MARKS = ['absent', 'exempt'] as const;
export type ScoreMark = (typeof SCORE_MARKS)[number];

export const scoreEntryBatchesSchema = z.object({ termId: z.preprocess((value) => (value === '' || value === null ? undefined : value), idSchema.optional()) });

export const scoreSheetSchema = z.object({
  batchId: requiredId('scoreSub.batchRequired'),
  classId: requiredId('scoreEntry.classRequired'),
});

/** One cell written: a number, a mark, or neither (the score is cleared). Parts, when the subject has them. */
export const scoreCellSchema = z
  .object({
    studentId: idSchema,
    courseId: idSchema,
    score: scoreNumber('scoreEntry.scoreFormat').nullable(),
    mark: z.enum(SCORE_MARKS, { message: 'errors.badRequest' }).nullable(),
    /** Sub-item id → its score; only for a subject with parts, and then every part or none. */
    parts: z.record(z.string().regex(/^\d{1,10}$/, 'errors.badRequest'), scoreNumber('scoreEntry.scoreFormat')).nullable().optional(),
  })
  .refine((cell) => !(cell.mark && (cell.score !== null || (cell.parts && Object.keys(cell.parts).length))), { message: 'scoreEntry.markWithScore', path: ['mark'] });
export type ScoreCell = z.infer<typeof scoreCellSchema>;

export const scoreSaveSchema = z.object({
  batchId: requiredId('scoreSub.batchRequired'),
  classId: requiredId('scoreEntry.classRequired'),
  /** The versions of the subjects' columns as the sheet was read: a column saved by someone else since is refused. */
  versions: z.record(z.string().regex(/^\d{1,10}$/, 'errors.badRequest'), z.string().max(40, 'errors.badRequest')),
  cells: z.array(scoreCellSchema, { message: 'errors.badRequest' }).min(1, 'scoreEntry.nothingToSave').max(SCORE_SAVE_MAX, 'errors.badRequest'),
});
export type ScoreSave = z.input<typeof scoreSaveSchema>;

export interface ScoreEntrySheetRef {
  classId: number;
  className: string;
  /** The subjects of this class the caller may enter. */
  courseIds: number[];
  entered: number;
  expected: number;
}

export interface ScoreEntryBatch {
  id: number;
  name: string;
  termId: number;
  termName: string;
  gradeName: string;
  examNode: string;
  entryStart: string;
  entryEnd: string;
  /** Entry is possible now: inside the window, enabled, not released, term not ended. */
  open: boolean;
  /** When not open, why: 'window', 'released', 'disabled' or 'ended'. */
  closedReason: '' | 'window' | 'released' | 'disabled' | 'ended';
  released: boolean;
  sheets: ScoreEntrySheetRef[];
}

export interface ScoreEntryOptions {
  terms: { id: number; name: string; isCurrent: boolean }[];
  batches: ScoreEntryBatch[];
}

export interface ScoreSheetSubject {
  courseId: number;
  courseName: string;
  fullMark: number;
  items: SubItemRow[];
  /** The column's version, sent back with a save. */
  version: string;
}

export interface ScoreSheetCell {
  score: number | null;
  mark: ScoreMark | null;
  parts: Record<string, number> | null;
}

export interface ScoreSheetRow {
  studentId: number;
  studentNumber: string;
  name: string;
  /** courseId → the cell; a subject without a score is absent from the map. */
  cells: Record<string, ScoreSheetCell>;
}

export interface ScoreSheet {
  batch: ScoreEntryBatch;
  classId: number;
  className: string;
  subjects: ScoreSheetSubject[];
  rows: ScoreSheetRow[];
}

export interface ScoreSaveResult {
  saved: number;
  cleared: number;
  versions: Record<string, string>;
}
