import { z } from 'zod';
import { pagedQuerySchema } from '../paging.ts';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId } from '../system/system.ts';
import { scoreCellSchema, type ScoreSheetCell, type SubItemRow } from './entry.ts';

/**
 * 考试成绩维护 (/cjfxNew/cjgl/kscjwh, issue 15): the academic office corrects a student's scores of any batch,
 * released or not and whatever its entry window, with a reason; every correction is kept (old and new
 * value, who, when, why), a released batch's analysis is computed again, and a class's score sheet open in
 * 成绩登记 is told it changed meanwhile.
 */

export const SCORE_MAINTENANCE_URL = '/cjfxNew/cjgl/kscjwh';
export const SCORE_MAINTENANCE_PERMISSION = 'score:maintenance';
export const CORRECTION_REASON_MAX = 200;

export const maintenanceBatchesSchema = z.object({ termId: optionalId });
export const maintenancePageSchema = pagedQuerySchema.extend({
  batchId: requiredId('scoreSub.batchRequired'),
  classId: optionalId,
  keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
});
export const scoreCorrectionSchema = z.object({
  batchId: requiredId('scoreSub.batchRequired'),
  studentId: idSchema,
  reason: z.string({ message: 'scoreCorrection.reasonRequired' }).trim().min(1, 'scoreCorrection.reasonRequired').max(CORRECTION_REASON_MAX, 'validation.tooLong'),
  /** The subjects corrected (every cell of this student); a cell with neither score nor mark clears it. */
  cells: z.array(scoreCellSchema, { message: 'errors.badRequest' }).min(1, 'scoreCorrection.unchanged').max(20, 'errors.badRequest'),
});
export type ScoreCorrectionInput = z.input<typeof scoreCorrectionSchema>;
export const correctionHistorySchema = z.object({ batchId: requiredId('scoreSub.batchRequired'), studentId: optionalId });

export interface MaintenanceBatch {
  id: number;
  name: string;
  examNode: string;
  gradeName: string;
  released: boolean;
  classes: { id: number; name: string }[];
}

export interface MaintenanceBatches {
  terms: { id: number; name: string; isCurrent: boolean }[];
  termId: number | null;
  batches: MaintenanceBatch[];
}

export interface MaintenanceSubject {
  courseId: number;
  courseName: string;
  fullMark: number;
  items: SubItemRow[];
}

export interface MaintenanceRow {
  studentId: number;
  studentNumber: string;
  name: string;
  className: string;
  /** courseId → the cell; a subject without a score is missing. */
  cells: Record<string, ScoreSheetCell>;
  total: number | null;
  /** How many corrections the student's scores of this batch have had. */
  corrections: number;
}

export interface MaintenancePage {
  subjects: MaintenanceSubject[];
  total: number;
  /** A keyword matched more students than were counted (PagedResult.totalCapped). */
  totalCapped?: boolean;
  rows: MaintenanceRow[];
}

export interface ScoreCorrection {
  id: number;
  studentId: number;
  studentName: string;
  studentNumber: string;
  courseName: string;
  oldScore: number | null;
  oldMark: string | null;
  newScore: number | null;
  newMark: string | null;
  reason: string;
  correctedByName: string | null;
  correctedAt: string;
}
