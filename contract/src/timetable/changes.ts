import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId, wholeNumberSchema as whole } from '../system/system.ts';

/**
 * 调课申请 and 补课申请 (issue 16): a teacher asks to move one of their lessons to another time of the same
 * week (a swap, when the class has a lesson there: the two change places), or to give an extra lesson to a
 * class they teach (a make-up). Conflicts are checked before submission; the request then goes through its
 * approval chain (the applications area: the class teacher, then the academic office). Once passed, that
 * week's timetable of the class, its teachers and rooms changes, and the students, parents and teachers
 * involved get a message.
 */

export const LESSON_CHANGE_KINDS = ['swap', 'makeUp'] as const;
export type LessonChangeKind = (typeof LESSON_CHANGE_KINDS)[number];

export const LESSON_CHANGE_URLS: Record<LessonChangeKind, string> = { swap: '/kbgl/tksq', makeUp: '/kbgl/bksq' };

export const LESSON_CHANGE_PERMISSIONS: Record<LessonChangeKind, string> = { swap: 'timetable:swap', makeUp: 'timetable:makeUp' };

/**
 * Spec 4: not submitted, awaiting class teacher review, awaiting academic office review, passed, not passed.
 * A withdrawn request is not submitted again (it can be changed and submitted once more).
 */
export const LESSON_CHANGE_STATUSES = ['draft', 'classTeacher', 'academicOffice', 'passed', 'notPassed'] as const;
export type LessonChangeStatus = (typeof LESSON_CHANGE_STATUSES)[number];

export const LESSON_CHANGE_REASON_MAX = 200;

const reason = z.preprocess(
  (value) => (value === null || value === undefined ? '' : value),
  z.string().trim().min(1, 'lessonChange.reasonRequired').max(LESSON_CHANGE_REASON_MAX, 'validation.tooLong'),
);

/** A swap: the lesson at (fromDay, fromPeriod) of the class in the week moves to (toDay, toPeriod). */
export const swapFormSchema = z
  .object({
    id: idSchema.optional(),
    termId: requiredId('lessonChange.termRequired'),
    classId: requiredId('lessonChange.classRequired'),
    week: whole(1, 60, 'lessonChange.weekRange'),
    fromDay: whole(1, 7, 'lessonChange.slotRequired'),
    fromPeriod: whole(1, 20, 'lessonChange.slotRequired'),
    toDay: whole(1, 7, 'lessonChange.targetRequired'),
    toPeriod: whole(1, 20, 'lessonChange.targetRequired'),
    reason,
  })
  .refine((value) => value.fromDay !== value.toDay || value.fromPeriod !== value.toPeriod, { message: 'lessonChange.sameSlot', path: ['toPeriod'] });
export type SwapForm = z.infer<typeof swapFormSchema>;

/** A make-up: an extra lesson of a course the teacher teaches the class, at (day, period) of the week. */
export const makeUpFormSchema = z.object({
  id: idSchema.optional(),
  termId: requiredId('lessonChange.termRequired'),
  classId: requiredId('lessonChange.classRequired'),
  week: whole(1, 60, 'lessonChange.weekRange'),
  day: whole(1, 7, 'lessonChange.slotRequired'),
  period: whole(1, 20, 'lessonChange.slotRequired'),
  courseId: requiredId('lessonChange.courseRequired'),
  classroomId: optionalId,
  reason,
});
export type MakeUpForm = z.infer<typeof makeUpFormSchema>;

export const lessonChangeSearchSchema = z
  .object({
    status: z.enum(['', ...LESSON_CHANGE_STATUSES]).optional(),
    termId: optionalId,
  })
  .strip();

/** What a request changes in its week, as the check and the list show it. */
export interface LessonMove {
  day: number;
  period: number;
  dayName: string;
  periodName: string;
  courseName: string;
  teacherName: string;
  /** 'cancel': the lesson is not held then; 'add': it is held then. */
  kind: 'cancel' | 'add';
}

export interface LessonChangeRow {
  id: number;
  kind: LessonChangeKind;
  termId: number;
  termName: string;
  classId: number;
  className: string;
  week: number;
  /** The week's Monday, YYYY-MM-DD. */
  weekStart: string;
  teacherName: string;
  status: LessonChangeStatus;
  reason: string;
  /** One line: 第12周 星期二 第三节 语文 → 星期四 第五节. */
  summary: string;
  moves: LessonMove[];
  /** The form's values, to change a draft. */
  fromDay: number | null;
  fromPeriod: number | null;
  toDay: number | null;
  toPeriod: number | null;
  day: number | null;
  period: number | null;
  courseId: number | null;
  classroomId: number | null;
  applicationId: number | null;
  /** The reviews: who decided each step, when, with what comment. */
  trail: { step: number; decision: string; deciderName: string; comment: string; decidedAt: string }[];
  createdAt: string;
  /** A draft of the caller's: they may change, submit or delete it. */
  editable: boolean;
  /** Waiting for a review: the caller (its teacher) may withdraw it. */
  withdrawable: boolean;
}

/** The check before submission: what would change, or why it cannot. */
export interface LessonChangeCheck {
  ok: boolean;
  /** Each conflict in the caller's language ('Class time conflict, please change: …'). */
  conflicts: string[];
  moves: LessonMove[];
}

/** The form's choices: the terms, the caller's classes and their courses, the week's lessons of a class. */
export const lessonOptionsSchema = z.object({ termId: optionalId, classId: optionalId, week: z.coerce.number().int().min(1).max(60).optional() });

export interface LessonChangeOptions {
  terms: { id: number; name: string; isCurrent: boolean; weekCount: number; currentWeek: number }[];
  termId: number;
  /** The classes the caller teaches in the term, with the courses they teach each. */
  classes: { id: number; name: string; courses: { id: number; name: string }[] }[];
  classrooms: { id: number; name: string }[];
  days: { day: number; name: string }[];
  periods: { sort: number; name: string }[];
  /** The chosen class's lessons in the chosen week (after changes already passed), when both are given. */
  lessons: { day: number; period: number; courseName: string; teacherName: string; mine: boolean }[];
}
