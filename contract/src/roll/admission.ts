import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId } from '../system/system.ts';

/**
 * 录取管理 (/lqgl/index) and 分班管理 (/fbgl/index), issue 16: the registrations of 招生管理 with their entrance
 * scores are admitted (by a score line or one by one), and the admitted ones not yet enrolled are divided
 * into the grade's administrative classes, balanced by gender and score; the office previews the division
 * and applies it (it places them, as 招生管理's placing does).
 */

export const ADMISSION_PERMISSION = 'roll:admission';
export const DIVISION_PERMISSION = 'roll:division';

export const ADMISSION_STATUSES = ['pending', 'admitted', 'rejected'] as const;
export type AdmissionStatus = (typeof ADMISSION_STATUSES)[number];

const score = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.union([z.null(), z.coerce.number({ message: 'admission.scoreRange' }).min(0, 'admission.scoreRange').max(1000, 'admission.scoreRange').multipleOf(0.1, 'admission.scoreRange')]),
);

export const admissionSearchSchema = z
  .object({
    gradeId: optionalId,
    entryYear: z.coerce.number().int().min(1990).max(2100).optional(),
    admission: z.enum(['', ...ADMISSION_STATUSES]).optional(),
    keyword: z.string().trim().max(50).optional(),
  })
  .strip();

export interface AdmissionRow {
  id: number;
  name: string;
  gender: string;
  gradeId: number;
  gradeName: string;
  entryYear: number;
  previousSchool: string;
  entranceScore: number | null;
  admission: AdmissionStatus;
  admissionDecidedAt: string | null;
  className: string;
  enrolled: boolean;
}

export interface AdmissionSummary {
  pending: number;
  admitted: number;
  rejected: number;
  /** Of those with a score. */
  highest: number | null;
  lowest: number | null;
  average: number | null;
}

export const admissionScoreSchema = z.object({ id: idSchema, entranceScore: score });

export const admissionDecisionSchema = z.object({
  ids: z.array(idSchema).min(1, 'common.selectNone').max(1000, 'errors.badRequest'),
  admission: z.enum(ADMISSION_STATUSES, { message: 'errors.badRequest' }),
});

/** Admits the waiting registrations of a grade's intake at or above the line; those below are not admitted. */
export const admissionLineSchema = z.object({
  gradeId: requiredId('admission.gradeRequired'),
  entryYear: z.coerce.number({ message: 'admission.yearRequired' }).int('admission.yearRequired').min(1990, 'admission.yearRequired').max(2100, 'admission.yearRequired'),
  line: z.coerce.number({ message: 'admission.scoreRange' }).min(0, 'admission.scoreRange').max(1000, 'admission.scoreRange'),
});

export const divisionSchema = z.object({
  gradeId: requiredId('admission.gradeRequired'),
  entryYear: z.coerce.number({ message: 'admission.yearRequired' }).int('admission.yearRequired').min(1990, 'admission.yearRequired').max(2100, 'admission.yearRequired'),
  classIds: z.array(idSchema).min(1, 'division.classesRequired').max(60, 'errors.badRequest'),
  /** Keep those already placed where they are (only the unplaced are divided). */
  keepPlaced: z.boolean().default(false),
});
export type DivisionForm = z.infer<typeof divisionSchema>;

export interface DivisionPreview {
  classes: { classId: number; className: string; current: number; added: number; boys: number; girls: number; average: number | null; highest: number | null; lowest: number | null }[];
  placements: { id: number; name: string; gender: string; entranceScore: number | null; classId: number; className: string }[];
  /** The largest gap between two classes' averages of the added students (the balance achieved). */
  averageSpread: number | null;
}

export interface AdmissionOptions {
  grades: { id: number; name: string }[];
  /** Intake years with registrations. */
  years: number[];
  classes: { id: number; name: string; gradeId: number; students: number }[];
}
