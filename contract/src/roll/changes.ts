import { z } from 'zod';
import { idSchema } from '../system/system.ts';
import { UPLOAD_PURPOSES } from '../shared/files.ts';
import type { ApplicationStatus } from '../applications/approvals.ts';

/**
 * 学籍异动管理 (/xjgl/xjyd, issue 14): a change of a student's roll (spec 4: insert into class, transfer
 * out, suspend, resume) is filed by the class teacher or the academic office, goes through the approval
 * chain of type 'rollChange', and takes effect on its date: the class, the enrolment status (XJZT) and the
 * in-school status (ZXZT) change together.
 */

export const ROLL_CHANGE_URL = '/xjgl/xjyd';

export const ROLL_CHANGE_KINDS = ['insertClass', 'transferOut', 'suspend', 'resume'] as const;
export type RollChangeKind = (typeof ROLL_CHANGE_KINDS)[number];

/** Spec 4: a change takes effect or not; 'waiting' until its date (and its approval), 'void' if refused or withdrawn. */
export const ROLL_CHANGE_EFFECTS = ['waiting', 'effective', 'void'] as const;
export type RollChangeEffect = (typeof ROLL_CHANGE_EFFECTS)[number];

/** The kinds that place the student in a class (the class is required). */
export const ROLL_CHANGE_INTO_CLASS: readonly RollChangeKind[] = ['insertClass', 'resume'];

/** Dictionary codes the change writes (STD_ENROLMENT_STATUS, STD_IN_SCHOOL_STATUS). */
export const ROLL_STATUS_AFTER: Record<RollChangeKind, { enrolment: string; inSchool: string }> = {
  insertClass: { enrolment: '1', inSchool: '1' },
  transferOut: { enrolment: '3', inSchool: '2' },
  suspend: { enrolment: '2', inSchool: '2' },
  resume: { enrolment: '1', inSchool: '1' },
};

export const ROLL_REASON_MAX = 500;
export const ROLL_SCHOOL_MAX = 100;

export const ROLL_ATTACHMENTS = { images: 'rollPhoto' } as const satisfies Record<string, keyof typeof UPLOAD_PURPOSES>;

export const rollChangeCreateSchema = z
  .object({
    studentId: idSchema,
    kind: z.enum(ROLL_CHANGE_KINDS, { message: 'roll.kindRequired' }),
    /** The class the student goes into (insert into class, resume). */
    toClassId: idSchema.nullable().optional(),
    effectiveDate: z.string({ message: 'roll.dateRequired' }).trim().min(1, 'roll.dateRequired').regex(/^\d{4}-\d{2}-\d{2}$/, 'leave.dateFormat'),
    reason: z.string({ message: 'roll.reasonRequired' }).trim().min(1, 'roll.reasonRequired').max(ROLL_REASON_MAX, 'validation.tooLong'),
    /** The other school: where a transferred student goes, or where an inserted one comes from. */
    school: z.string({ message: 'errors.badRequest' }).trim().max(ROLL_SCHOOL_MAX, 'validation.tooLong').default(''),
    /** A photo of the supporting paper (a transfer letter, a medical certificate). */
    images: z.array(z.string().trim().min(1, 'errors.badRequest').max(40, 'errors.badRequest')).max(UPLOAD_PURPOSES.rollPhoto.maxFiles, 'roll.tooManyPhotos').default([]),
  })
  .refine((value) => !ROLL_CHANGE_INTO_CLASS.includes(value.kind) || !!value.toClassId, { message: 'roll.classRequired', path: ['toClassId'] })
  .refine((value) => value.kind !== 'transferOut' || value.school !== '', { message: 'roll.schoolRequired', path: ['school'] });
export type RollChangeCreate = z.infer<typeof rollChangeCreateSchema>;

export const rollChangeSearchSchema = z
  .object({
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    kind: z.enum(['', ...ROLL_CHANGE_KINDS]).optional(),
    status: z.enum(['', 'pending', 'approved', 'rejected', 'withdrawn']).optional(),
    effect: z.enum(['', ...ROLL_CHANGE_EFFECTS]).optional(),
    classId: z.union([idSchema, z.literal('')]).optional(),
  })
  .strip();

export const rollStudentSearchSchema = z.object({ keyword: z.string().trim().max(50, 'validation.tooLong').default('') });

/** One roll change in the list and in a student's history. */
export interface RollChangeRow {
  /** The application's id. */
  id: number;
  studentId: number;
  studentName: string;
  studentNumber: string;
  kind: RollChangeKind;
  fromClassName: string;
  toClassName: string;
  effectiveDate: string;
  school: string;
  reason: string;
  status: ApplicationStatus;
  effect: RollChangeEffect;
  effectedAt: string;
  applicantName: string;
  createdAt: string;
  step: number;
  stepCount: number;
  canWithdraw: boolean;
}

/** A student the caller may file a change for, with their roll as it is. */
export interface RollStudentOption {
  id: number;
  name: string;
  studentNumber: string;
  classId: number | null;
  className: string;
  enrolmentStatus: string;
  inSchoolStatus: string;
}

/** A class to place a student in, with its size and limit. */
export interface RollClassOption {
  id: number;
  name: string;
  gradeName: string;
  size: number;
  capacity: number;
}
