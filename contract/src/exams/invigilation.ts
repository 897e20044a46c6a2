import { z } from 'zod';
import { idSchema, requiredIdSchema as requiredId, wholeNumberSchema as whole } from '../system/system.ts';
import { EXAM_TIME_PATTERN } from './batches.ts';

/**
 * 监考安排 (/kwgl/jkap, issue 15): each session of an exam (a subject in a room) gets its invigilators from
 * the exam's pool of staff, automatically and then by hand. Nobody is in two places at overlapping times
 * (also across exams), nobody is placed in a time they are unavailable, a teacher does not invigilate a
 * subject they teach when the exam says so, rooms from a set number of candidates get two invigilators,
 * and the hours are spread evenly over the pool. Published, each teacher's duties and hours per role show
 * on the staff profile's 监考信息 tab (`/base/jzgzj/getPkxx`) and on their own side of this page.
 */

export const INVIGILATION_URL = '/kwgl/jkap';
export const INVIGILATION_ARRANGE_URL = '/kwapjt/pk';

/** Dictionary STD_INVIGILATION_ROLE: the chief and the assistant sit in the room, the patrol walks the floor. */
export const INVIGILATION_ROLES = ['chief', 'assistant', 'patrol'] as const;
export type InvigilationRole = (typeof INVIGILATION_ROLES)[number];

export const INVIGILATION_POOL_MAX = 2000;
export const INVIGILATION_UNAVAILABLE_MAX = 500;
export const INVIGILATION_REASON_MAX = 100;

export const unavailabilitySchema = z
  .object({
    staffId: requiredId('invigilation.staffRequired'),
    examDate: z.string({ message: 'exam.dateRequired' }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'exam.dateRequired'),
    startTime: z.string({ message: 'exam.timeFormat' }).trim().regex(EXAM_TIME_PATTERN, 'exam.timeFormat'),
    endTime: z.string({ message: 'exam.timeFormat' }).trim().regex(EXAM_TIME_PATTERN, 'exam.timeFormat'),
    reason: z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(INVIGILATION_REASON_MAX, 'validation.tooLong')),
  })
  .refine((value) => value.endTime > value.startTime, { message: 'exam.endBeforeStart', path: ['endTime'] });
export type Unavailability = z.input<typeof unavailabilitySchema>;

/** The exam's pool, its rules and its pool members' unavailable times, saved together. */
export const invigilationSettingsSchema = z.object({
  batchId: requiredId('errors.badRequest'),
  staffIds: z.array(idSchema, { message: 'invigilation.poolRequired' }).min(1, 'invigilation.poolRequired').max(INVIGILATION_POOL_MAX, 'errors.badRequest'),
  avoidOwnSubject: z.boolean({ message: 'errors.badRequest' }),
  /** Rooms with at least this many candidates get a chief and an assistant. */
  twoInvigilatorsFrom: whole(1, 200, 'invigilation.twoFromRange'),
  unavailable: z.array(unavailabilitySchema).max(INVIGILATION_UNAVAILABLE_MAX, 'errors.badRequest').default([]),
});
export type InvigilationSettingsForm = z.input<typeof invigilationSettingsSchema>;
export type InvigilationSettingsParsed = z.infer<typeof invigilationSettingsSchema>;

/** One session's invigilators set by hand (an empty list clears them). */
export const invigilationAssignSchema = z
  .object({
    sessionId: requiredId('errors.badRequest'),
    invigilators: z
      .array(z.object({ staffId: requiredId('invigilation.staffRequired'), role: z.enum(INVIGILATION_ROLES, { message: 'invigilation.roleRequired' }) }))
      .max(6, 'invigilation.tooMany'),
  })
  .refine((value) => new Set(value.invigilators.map((i) => i.staffId)).size === value.invigilators.length, { message: 'invigilation.sameTwice', path: ['invigilators'] });
export type InvigilationAssign = z.input<typeof invigilationAssignSchema>;
export type InvigilationAssignParsed = z.infer<typeof invigilationAssignSchema>;

export interface InvigilationSettings {
  staff: { id: number; staffNumber: string; name: string; departmentName: string }[];
  avoidOwnSubject: boolean;
  twoInvigilatorsFrom: number;
  unavailable: (Unavailability & { staffName: string })[];
}

export interface InvigilatorOnDuty {
  staffId: number;
  staffNumber: string;
  name: string;
  role: InvigilationRole;
}

export interface InvigilationSessionRow {
  id: number;
  courseId: number;
  courseName: string;
  examDate: string;
  startTime: string;
  endTime: string;
  roomNumber: number | null;
  classroomName: string;
  candidates: number;
  /** Chief and assistant wanted in this room (1 or 2). */
  needed: number;
  invigilators: InvigilatorOnDuty[];
}

/** A pool member's load in one exam. */
export interface InvigilatorLoad {
  staffId: number;
  staffNumber: string;
  name: string;
  sessions: number;
  hours: number;
  /** Hours per role name (the dictionary's, in the caller's language). */
  byRole: Record<string, number>;
}

export interface InvigilationArrangeResult {
  assigned: number;
  /** Places left empty because too few pool members were free. */
  unfilled: number;
}

/** A staff member's own duties in published exams (their side of the page). */
export interface MyInvigilation {
  batchName: string;
  courseName: string;
  examDate: string;
  startTime: string;
  endTime: string;
  roomNumber: number | null;
  classroomName: string;
  roleName: string;
  hours: number;
}
