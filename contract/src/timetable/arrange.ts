import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId, wholeNumberSchema as whole } from '../system/system.ts';

/**
 * 排课管理 (issue 16, /kbgl/pkgl): the academic office makes a term's timetable here. The teaching plan
 * says who teaches each course of a class and where (its weekly hours are the grade-course hours), and
 * which periods a teacher cannot teach. A draft is copied from the published timetable or started empty;
 * the server generates it from the plan as background work, keeping the lessons locked in place; the
 * office drags lessons on the class, teacher and room grids (every conflict refused by the server) and
 * publishes it, which replaces the term's timetable in every view.
 */

export const ARRANGE_PERMISSION = 'timetable:arrange';
export const ARRANGE_URL = '/kbgl/pkgl';

/** editing: being changed by hand; generating: a generation runs (no edits); published: kept for the record, read-only. */
export const DRAFT_STATUSES = ['editing', 'generating', 'published'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

export const DRAFT_NAME_MAX = 50;
/** A generation stops with its best timetable after this many seconds at most. */
export const GENERATION_SECONDS_MAX = 300;

export const WEEK_PARITIES = ['all', 'odd', 'even'] as const;
export type WeekParity = (typeof WEEK_PARITIES)[number];

const termId = requiredId('arrange.termRequired');
const day = whole(1, 7, 'arrange.slotInvalid');
const period = whole(1, 20, 'arrange.slotInvalid');

// ---- The teaching plan -------------------------------------------------------------------------------

export const planQuerySchema = z.object({ termId, classId: optionalId, gradeId: optionalId });

/** One course of one class: its weekly hours (grade-course hours) and how they are taught. */
export interface PlanRow {
  classId: number;
  className: string;
  gradeId: number;
  courseId: number;
  courseName: string;
  weeklyHours: number;
  teacherId: number | null;
  teacherName: string;
  /** The room of its lessons; null: the class's own room. */
  classroomId: number | null;
  classroomName: string;
  doublePeriods: number;
}

export const planItemFormSchema = z.object({
  termId,
  classId: requiredId('arrange.classRequired'),
  courseId: requiredId('arrange.courseRequired'),
  teacherId: optionalId,
  classroomId: optionalId,
  doublePeriods: whole(0, 10, 'arrange.doublePeriodsRange').default(0),
});
export type PlanItemForm = z.infer<typeof planItemFormSchema>;

export const arrangeTermSchema = z.object({ termId });

export const unavailableQuerySchema = z.object({ termId, staffId: requiredId('arrange.teacherRequired') });
export const unavailableFormSchema = z.object({
  termId,
  staffId: requiredId('arrange.teacherRequired'),
  slots: z.array(z.object({ day, period })).max(140, 'errors.badRequest'),
});
export type UnavailableForm = z.infer<typeof unavailableFormSchema>;

// ---- Drafts ---------------------------------------------------------------------------------------------

export const draftSearchSchema = z.object({ termId: optionalId }).strip();

/** plan: made from the teaching plan (and the published timetable); fet: imported from a FET file, its activities its own. */
export const DRAFT_SOURCES = ['plan', 'fet'] as const;
export type DraftSource = (typeof DRAFT_SOURCES)[number];

export interface DraftRow {
  id: number;
  termId: number;
  termName: string;
  name: string;
  status: DraftStatus;
  source: DraftSource;
  lessonCount: number;
  /** Hours of the plan (an imported draft: of its activities) not placed in the draft. */
  unplacedCount: number;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

/** What the last generation did. */
export interface GenerationReport {
  placed: number;
  total: number;
  /** Lessons kept where they were locked. */
  locked: number;
  elapsedMs: number;
  /** Soft preferences' cost: one course's lessons on the same day, and so on (0 is best). */
  softCost: number;
  /** Each hour it could not place, with the reason in the caller's language. */
  unplaced: { classId: number; className: string; courseName: string; reason: string }[];
  /** When the run failed altogether. */
  error?: string;
  finishedAt: string;
}

export interface DraftDetail extends DraftRow {
  /** While generating: how far the search is (activities placed of all). */
  progress: { done: number; total: number } | null;
  report: GenerationReport | null;
  editable: boolean;
}

export const draftFormSchema = z.object({
  termId,
  name: z.string().trim().min(1, 'arrange.nameRequired').max(DRAFT_NAME_MAX, 'validation.tooLong'),
  /** Start empty, or from the term's published timetable. */
  from: z.enum(['empty', 'published'], { message: 'errors.badRequest' }).default('published'),
});
export type DraftForm = z.infer<typeof draftFormSchema>;

export const generateSchema = z.object({
  id: idSchema,
  seconds: whole(5, GENERATION_SECONDS_MAX, 'arrange.secondsRange').default(30),
});

/** Whose grid: a class, a teacher or a room of the draft. */
export const gridQuerySchema = z.object({
  id: idSchema,
  kind: z.enum(['class', 'teacher', 'room'], { message: 'errors.badRequest' }),
  ownerId: requiredId('arrange.ownerRequired'),
});

export interface DraftLesson {
  id: number;
  classId: number;
  className: string;
  courseId: number;
  courseName: string;
  teacherId: number | null;
  teacherName: string;
  classroomId: number | null;
  classroomName: string;
  day: number;
  period: number;
  weekParity: WeekParity;
  label: string;
  locked: boolean;
  /**
   * An imported draft's lessons belong to FET activities: the lessons of one activity (its classes, and each
   * hour of a double) move, lock and are removed together, and are one lesson for their teacher and room.
   */
  activityId: number | null;
}

export interface DraftGrid {
  days: { day: number; name: string }[];
  periods: { sort: number; name: string }[];
  lessons: DraftLesson[];
  /** Times the owner is taken outside the draft (teaching classes, electives) or a teacher is not available. */
  busy: { day: number; period: number; what: string }[];
  /**
   * For a class: each course of its plan with the hours still to place (a teacher or room: theirs). In an
   * imported draft: each activity not placed, `missing` its duration, `className` its classes (and the part
   * of them, e.g. a subgroup), `activityId` set.
   */
  unplaced: { classId: number; className: string; courseId: number; courseName: string; teacherName: string; missing: number; activityId: number | null }[];
}

export const moveLessonSchema = z.object({ id: idSchema, lessonId: idSchema, day, period });
/** One more hour of a class's course; in an imported draft, an activity (`activityId`) placed whole, starting there. */
export const placeLessonSchema = z.union([
  z.object({ id: idSchema, activityId: idSchema, day, period }),
  z.object({ id: idSchema, classId: requiredId('arrange.classRequired'), courseId: requiredId('arrange.courseRequired'), day, period }),
]);
export type PlaceLesson = z.infer<typeof placeLessonSchema>;
export const lessonRefSchema = z.object({ id: idSchema, lessonId: idSchema });
export const lockLessonSchema = z.object({ id: idSchema, lessonId: idSchema, locked: z.boolean() });

// ---- Options ------------------------------------------------------------------------------------------

export const arrangeOptionsSchema = z.object({ termId: optionalId });

export interface ArrangeOptions {
  terms: { id: number; name: string; isCurrent: boolean }[];
  termId: number;
  grades: { id: number; name: string }[];
  classes: { id: number; name: string; gradeId: number }[];
  teachers: { id: number; name: string; staffNumber: string }[];
  classrooms: { id: number; name: string; classesAtOnce: number }[];
  days: { day: number; name: string }[];
  periods: { sort: number; name: string }[];
}

// ---- FET import -----------------------------------------------------------------------------------------

/**
 * A .fet file (FET, the free timetabling program) uploaded with the `fetImport` purpose is previewed, then
 * imported into a term as a draft of its own: its years and groups matched to grades and classes, teachers to
 * staff records, subjects to courses, rooms to classrooms (by name, or chosen by hand; missing classes,
 * courses and rooms created), its activities kept with the draft, its teachers' not-available times recorded.
 */
export const fetPreviewSchema = z.object({ termId, fileId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'arrange.fetFileRequired') });

/** A record of the school a FET name may stand for. */
export interface FetCandidate {
  id: number;
  name: string;
}

export interface FetPreview {
  fileName: string;
  institution: string;
  /** The file's week beside the school's (a file with more days or hours than the school is refused). */
  days: number;
  hours: number;
  schoolDays: number;
  schoolPeriods: number;
  /** Active activities and the hours they need. */
  activities: number;
  activityHours: number;
  /** Each year of the file: the grade of the same name, if any. */
  years: { name: string; gradeId: number | null }[];
  /** Each group (a class), with its year and size: the class of the same name, if any (in the year's grade first). */
  groups: { name: string; year: string; students: number; classId: number | null }[];
  /** Each teacher: the staff member of that name when exactly one; `candidates` when several share it. */
  teachers: { name: string; staffId: number | null; candidates: FetCandidate[] }[];
  subjects: { name: string; courseId: number | null }[];
  rooms: { name: string; capacity: number; classroomId: number | null }[];
  /** Teachers' not-available periods the import records. */
  unavailable: number;
  /** Constraints kept (honoured by generation) and those it cannot express, by FET's name, with counts. */
  kept: { constraint: string; count: number }[];
  ignored: { constraint: string; count: number }[];
}

const fetName = z.string().trim().min(1, 'errors.badRequest').max(200, 'validation.tooLong');
const MAPPED_MAX = 5000;
const nullableId = idSchema.nullable();

export const fetImportSchema = z.object({
  termId,
  fileId: fetPreviewSchema.shape.fileId,
  name: draftFormSchema.shape.name,
  /** Every year whose groups are to be created needs a grade. */
  years: z.array(z.object({ name: fetName, gradeId: nullableId })).max(MAPPED_MAX, 'errors.badRequest'),
  /** null: create the class (in its year's grade). */
  groups: z.array(z.object({ name: fetName, classId: nullableId })).max(MAPPED_MAX, 'errors.badRequest'),
  /** null: no staff record; its lessons come without a teacher (generation still keeps them apart). */
  teachers: z.array(z.object({ name: fetName, staffId: nullableId })).max(MAPPED_MAX, 'errors.badRequest'),
  /** null: create the course. */
  subjects: z.array(z.object({ name: fetName, courseId: nullableId })).max(MAPPED_MAX, 'errors.badRequest'),
  /** null: create the classroom. */
  rooms: z.array(z.object({ name: fetName, classroomId: nullableId })).max(MAPPED_MAX, 'errors.badRequest'),
});
export type FetImportForm = z.infer<typeof fetImportSchema>;

export interface FetImportResult {
  draftId: number;
  created: { classes: number; courses: number; classrooms: number };
  activities: number;
  unavailable: number;
}
