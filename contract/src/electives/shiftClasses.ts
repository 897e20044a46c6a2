import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId, wholeNumberSchema as whole } from '../system/system.ts';

/**
 * 走班管理 (issue 16): a batch of a grade's subject choices (志愿) and the shift classes they become.
 *
 * - /zbgl/zbpc batches (not started, in progress, ended: by the choice window), /zbgl/zykcgl the batch's
 *   choice subjects and levels, /zbgl/xsgl students and their choices, /zbgl/pkzbjgl time blocks and the
 *   formation run, /zbgl/bjgl shift classes, /zbgl/bjxsgl a class's students and moves between classes.
 *   Every page but the first is opened with `?batchId=`; without it: 'Parameters lost, re-enter from the
 *   management page'.
 * - Students and parents choose inside the window (/zbgl/xszy); after it, a change is asked for and decided
 *   by the academic office (/xkzysp/tzzy).
 * - Formation: per subject, classes of minClassSize..maxClassSize placed in blockCount time blocks so that
 *   a student's subjects are in different blocks (no clash), balanced by gender and prior scores; 'fixTwo'
 *   keeps each administrative class's students of a subject in one block where the choices allow.
 */

export const SHIFT_URLS = {
  batches: '/zbgl/zbpc',
  courses: '/zbgl/zykcgl',
  students: '/zbgl/xsgl',
  blocks: '/zbgl/pkzbjgl',
  classes: '/zbgl/bjgl',
  classStudents: '/zbgl/bjxsgl',
  myChoice: '/zbgl/xszy',
  changes: '/xkzysp/tzzy',
} as const;

export const SHIFT_PERMISSIONS = { manage: 'elective:shiftClass', choose: 'elective:shiftChoice', review: 'elective:choiceChanges' } as const;

export const SHIFT_SCHEMES = ['312', '33'] as const;
export type ShiftScheme = (typeof SHIFT_SCHEMES)[number];
export const SHIFT_MODES = ['full', 'fixTwo'] as const;
export type ShiftMode = (typeof SHIFT_MODES)[number];
export const SHIFT_BATCH_STATUSES = ['notStarted', 'inProgress', 'ended'] as const;
export type ShiftBatchStatus = (typeof SHIFT_BATCH_STATUSES)[number];
/** none: not formed; running: the formation runs; formed: classes made, not published; published. */
export const FORMATION_STATUSES = ['none', 'running', 'formed', 'published'] as const;
export type FormationStatus = (typeof FORMATION_STATUSES)[number];
export const SHIFT_COURSE_GROUPS = ['first', 'second'] as const;
export type ShiftCourseGroup = (typeof SHIFT_COURSE_GROUPS)[number];
export const CHOICE_CHANGE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ChoiceChangeStatus = (typeof CHOICE_CHANGE_STATUSES)[number];

/** Subjects a student takes in a batch: 3+1+2 one 'first' and two 'second'; 3+3 three of any. */
export const CHOICE_COUNT = 3;

const dateTime = (message: string) => z.string({ message }).trim().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, message);

export const shiftBatchFormSchema = z
  .object({
    id: idSchema.optional(),
    termId: requiredId('shift.termRequired'),
    gradeId: requiredId('shift.gradeRequired'),
    name: z.string({ message: 'shift.nameRequired' }).trim().min(1, 'shift.nameRequired').max(50, 'validation.tooLong'),
    scheme: z.enum(SHIFT_SCHEMES, { message: 'shift.schemeRequired' }),
    mode: z.enum(SHIFT_MODES, { message: 'shift.modeRequired' }).default('full'),
    /** YYYY-MM-DD HH:mm, school time. */
    choiceStart: dateTime('shift.windowRequired'),
    choiceEnd: dateTime('shift.windowRequired'),
    minClassSize: whole(1, 100, 'shift.sizeRange').default(40),
    maxClassSize: whole(1, 100, 'shift.sizeRange').default(50),
    blockCount: whole(3, 8, 'shift.blockCountRange').default(3),
  })
  .refine((v) => v.choiceStart < v.choiceEnd, { message: 'shift.windowOrder', path: ['choiceEnd'] })
  .refine((v) => v.minClassSize <= v.maxClassSize, { message: 'shift.sizeOrder', path: ['maxClassSize'] });
export type ShiftBatchForm = z.infer<typeof shiftBatchFormSchema>;

export const shiftBatchSearchSchema = z.object({ termId: optionalId, gradeId: optionalId, status: z.enum(['', ...SHIFT_BATCH_STATUSES]).optional() }).strip();

export interface ShiftBatchRow {
  id: number;
  termId: number;
  termName: string;
  gradeId: number;
  gradeName: string;
  name: string;
  scheme: ShiftScheme;
  mode: ShiftMode;
  choiceStart: string;
  choiceEnd: string;
  status: ShiftBatchStatus;
  minClassSize: number;
  maxClassSize: number;
  blockCount: number;
  formationStatus: FormationStatus;
  courseCount: number;
  studentCount: number;
  chosenCount: number;
  classCount: number;
  pendingChanges: number;
}

/** A page of the batch: every call below takes the batch id; a missing one is 'Parameters lost …'. */
export const batchRefSchema = z.object({ batchId: requiredId('shift.parametersLost') });

// ---- Choice subjects (/zbgl/zykcgl) ----

export const shiftCourseFormSchema = z.object({
  id: idSchema.optional(),
  batchId: requiredId('shift.parametersLost'),
  courseId: requiredId('shift.courseRequired'),
  level: z.string().trim().max(20, 'validation.tooLong').default(''),
  choiceGroup: z.enum(SHIFT_COURSE_GROUPS, { message: 'shift.groupRequired' }).default('second'),
  weeklyHours: whole(1, 10, 'shift.hoursRange'),
  sort: whole(0, 999, 'errors.badRequest').default(0),
});
export type ShiftCourseForm = z.infer<typeof shiftCourseFormSchema>;

export interface ShiftCourseRow {
  id: number;
  batchId: number;
  courseId: number;
  courseName: string;
  level: string;
  choiceGroup: ShiftCourseGroup;
  weeklyHours: number;
  sort: number;
  /** Students who chose it. */
  chosenBy: number;
  classCount: number;
}

// ---- Students and choices (/zbgl/xsgl, /zbgl/xszy) ----

export const shiftStudentSearchSchema = z
  .object({
    keyword: z.string().trim().max(50).optional(),
    classId: optionalId,
    /** '' all, 'chosen', 'notChosen' */
    chosen: z.enum(['', 'chosen', 'notChosen']).optional(),
    /** A combination: the batch course ids, sorted, joined by ','. */
    combination: z.string().max(100).optional(),
  })
  .strip();

export interface ShiftStudentRow {
  studentId: number;
  studentNumber: string;
  name: string;
  gender: string;
  className: string;
  batchCourseIds: number[];
  /** Names of the chosen subjects, in the batch's order. */
  choiceNames: string[];
  updatedAt: string | null;
  /** The shift classes they are in, once formed. */
  shiftClasses: string[];
}

export const choiceFormSchema = z.object({
  batchId: requiredId('shift.parametersLost'),
  studentId: requiredId('shift.studentRequired'),
  batchCourseIds: z.array(idSchema).max(6, 'shift.choiceCount'),
});
export type ChoiceForm = z.infer<typeof choiceFormSchema>;

export interface CombinationCount {
  batchCourseIds: number[];
  names: string[];
  students: number;
}

/** A student's or parent's view: the open batches of the child's grade, their choice and its classes. */
export const myChoiceQuerySchema = z.object({ studentId: optionalId });

export interface MyShiftBatch {
  batch: Pick<ShiftBatchRow, 'id' | 'name' | 'scheme' | 'choiceStart' | 'choiceEnd' | 'status' | 'termName'>;
  courses: Pick<ShiftCourseRow, 'id' | 'courseName' | 'level' | 'choiceGroup' | 'weeklyHours'>[];
  chosen: number[];
  /** Within the window the choice may be changed; after it a change is asked for. */
  canChoose: boolean;
  canRequestChange: boolean;
  changes: ChoiceChangeRow[];
  /** Published shift classes of the student: name, block, teacher, room, times. */
  classes: { name: string; teacherName: string; classroomName: string; times: string }[];
}

export interface MyChoices {
  students: { id: number; name: string; className: string }[];
  studentId: number | null;
  batches: MyShiftBatch[];
}

// ---- Choice changes (/xkzysp/tzzy) ----

export const choiceChangeFormSchema = z.object({
  batchId: requiredId('shift.parametersLost'),
  studentId: requiredId('shift.studentRequired'),
  toCourseIds: z.array(idSchema).max(6, 'shift.choiceCount'),
  reason: z.string({ message: 'shift.reasonRequired' }).trim().min(1, 'shift.reasonRequired').max(200, 'validation.tooLong'),
});
export type ChoiceChangeForm = z.infer<typeof choiceChangeFormSchema>;

export const choiceChangeSearchSchema = z.object({ batchId: optionalId, status: z.enum(['', ...CHOICE_CHANGE_STATUSES]).optional(), keyword: z.string().trim().max(50).optional() }).strip();

export interface ChoiceChangeRow {
  id: number;
  batchId: number;
  batchName: string;
  studentId: number;
  studentNumber: string;
  studentName: string;
  className: string;
  fromNames: string[];
  toNames: string[];
  reason: string;
  status: ChoiceChangeStatus;
  reviewComment: string;
  reviewerName: string;
  reviewedAt: string | null;
  createdAt: string;
}

export const choiceChangeDecisionSchema = z.object({
  id: idSchema,
  approve: z.boolean(),
  comment: z.string().trim().max(200, 'validation.tooLong').default(''),
});

// ---- Blocks and formation (/zbgl/pkzbjgl) ----

export const blockPeriodsFormSchema = z.object({
  batchId: requiredId('shift.parametersLost'),
  periods: z.array(z.object({ block: whole(1, 8, 'errors.badRequest'), day: whole(1, 7, 'shift.slotInvalid'), period: whole(1, 20, 'shift.slotInvalid') })).max(140, 'errors.badRequest'),
});
export type BlockPeriodsForm = z.infer<typeof blockPeriodsFormSchema>;

export interface FormationReport {
  students: number;
  /** Students placed in a class of each of their subjects. */
  placed: number;
  classCount: number;
  /** Lower bound: per subject, its students over the largest class size, rounded up. */
  classLowerBound: number;
  teacherPeriods: number;
  teacherPeriodsLowerBound: number;
  /** Students with two classes in one block (must be 0). */
  clashes: number;
  elapsedMs: number;
  /** Per subject: students, classes, smallest and largest class. */
  subjects: { name: string; students: number; classes: number; smallest: number; largest: number }[];
  /** Students not placed, with the reason in the caller's language. */
  unplaced: { studentName: string; reason: string }[];
  warnings: string[];
  error?: string;
  finishedAt: string;
}

export interface ShiftBlocks {
  batch: ShiftBatchRow;
  days: { day: number; name: string }[];
  periods: { sort: number; name: string }[];
  periodsOfBlocks: { block: number; day: number; period: number }[];
  progress: { done: number; total: number } | null;
  report: FormationReport | null;
}

// ---- Shift classes (/zbgl/bjgl, /zbgl/bjxsgl) ----

export interface ShiftClassRow {
  id: number;
  batchId: number;
  batchCourseId: number;
  courseName: string;
  level: string;
  number: number;
  name: string;
  block: number;
  teacherId: number | null;
  teacherName: string;
  classroomId: number | null;
  classroomName: string;
  size: number;
  boys: number;
  girls: number;
  /** Average prior score of its students (the latest exam's total), null when none. */
  averageScore: number | null;
}

export const shiftClassFormSchema = z.object({
  id: idSchema,
  number: whole(1, 999, 'shift.numberRange'),
  name: z.string({ message: 'shift.nameRequired' }).trim().min(1, 'shift.nameRequired').max(50, 'validation.tooLong'),
  teacherId: optionalId,
  classroomId: optionalId,
});
export type ShiftClassForm = z.infer<typeof shiftClassFormSchema>;

export const shiftClassQuerySchema = z.object({ batchId: requiredId('shift.parametersLost'), shiftClassId: optionalId });

export interface ShiftClassStudent {
  studentId: number;
  studentNumber: string;
  name: string;
  gender: string;
  className: string;
  score: number | null;
}

/** Moves a student from one shift class to another of the same subject (capacity and clash checked). */
export const moveStudentSchema = z.object({ batchId: requiredId('shift.parametersLost'), studentId: requiredId('shift.studentRequired'), fromClassId: idSchema, toClassId: idSchema });

export interface ShiftOptions {
  terms: { id: number; name: string; isCurrent: boolean }[];
  grades: { id: number; name: string }[];
  courses: { id: number; name: string }[];
  /** Administrative classes, for the students filter of a batch's grade. */
  classes: { id: number; name: string; gradeId: number }[];
  teachers: { id: number; name: string; staffNumber: string }[];
  classrooms: { id: number; name: string }[];
}
