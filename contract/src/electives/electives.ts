import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId, wholeNumberSchema as whole } from '../system/system.ts';
import { CAMPUS_NAME_SPECIAL } from '../system/campus.ts';
import { LOCAL_TIME_PATTERN } from '../scores/batches.ts';

/**
 * 选修课 (issue 16): teachers declare elective courses (选修课申报), the academic office approves them
 * (选修课审批) and opens the term's selection; students, or their parents for them, choose a major and a
 * minor course inside the window (学生选课): first come, or preference rounds settled by a fair lottery.
 * Students then rate their courses against the office's indicators (/kcsbpc/pjzb), teachers score their
 * students (/xxkxsgl/xsdf), and the office reads the statistics (选修课评价).
 */

export const ELECTIVE_PERMISSIONS = {
  /** A teacher's own declarations. */
  declare: 'elective:declare',
  /** The office: every declaration, its review, the selection settings and draw, the statistics. */
  approve: 'elective:approve',
  /** Students and parents choose. */
  select: 'elective:select',
  /** Students rate their courses; teachers read their own courses' ratings. */
  evaluate: 'elective:evaluate',
  /** /kcsbpc/pjzb: the rating indicators. */
  indicators: 'elective:indicators',
  /** /xxkxsgl/xsdf: a teacher scores the students of their courses. */
  studentScores: 'elective:studentScores',
} as const;

export const ELECTIVE_URLS = {
  declare: '/xkgl/kcsb',
  approve: '/xkgl/kcsp',
  select: '/xkgl/xsxk',
  evaluate: '/xkgl/kcpj',
  indicators: '/kcsbpc/pjzb',
  studentScores: '/xxkxsgl/xsdf',
} as const;

export const ELECTIVE_NAME_MAX = 50;
/** Spec 5: the course intro has at most 300 characters. */
export const ELECTIVE_INTRO_MAX = 300;
/** Spec 5: the content has at least 12 lectures. */
export const ELECTIVE_LECTURES_MIN = 12;
export const ELECTIVE_LECTURES_MAX = 40;
export const ELECTIVE_LECTURE_MAX = 100;
export const ELECTIVE_CAPACITY_MAX = 200;
export const ELECTIVE_REVIEW_COMMENT_MAX = 200;
export const ELECTIVE_RATING_COMMENT_MAX = 300;
export const ELECTIVE_GRADE_COMMENT_MAX = 200;
export const ELECTIVE_INDICATOR_NAME_MAX = 50;
export const ELECTIVE_INDICATOR_DESCRIPTION_MAX = 200;
/** Students one grading save takes at most. */
export const ELECTIVE_GRADES_MAX = 300;

/** Spec 4: a declaration is declarable (a draft), declared (waiting for review), review passed or rejected. */
export const DECLARATION_STATUSES = ['declarable', 'declared', 'approved', 'rejected'] as const;
export type DeclarationStatus = (typeof DECLARATION_STATUSES)[number];
export const DECLARATION_ACTIONS = ['declare', 'withdraw', 'approve', 'reject'] as const;
export type DeclarationAction = (typeof DECLARATION_ACTIONS)[number];

/**
 * The status machine of a declaration: what each action leads to from each status. The teacher declares a
 * draft or a rejected declaration again and may withdraw it before the review; the office approves or
 * rejects what is declared. Nothing leaves "approved": its course is then open for selection.
 */
export const DECLARATION_TRANSITIONS: Record<DeclarationStatus, Partial<Record<DeclarationAction, DeclarationStatus>>> = {
  declarable: { declare: 'declared' },
  declared: { withdraw: 'declarable', approve: 'approved', reject: 'rejected' },
  rejected: { declare: 'declared' },
  approved: {},
};

/** The statuses in which the teacher may still change or delete a declaration. */
export const DECLARATION_EDITABLE: readonly DeclarationStatus[] = ['declarable', 'rejected'];

export function declarationNext(status: DeclarationStatus, action: DeclarationAction): DeclarationStatus | undefined {
  return DECLARATION_TRANSITIONS[status][action];
}

const text = (max: number, required?: string) => {
  const base = z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(max, 'validation.tooLong'));
  return required ? base.refine((value) => value.length > 0, required) : base;
};

export const declarationFormSchema = z
  .object({
    id: idSchema.optional(),
    termId: requiredId('elective.termRequired'),
    name: z
      .string({ message: 'common.nameRequired' })
      .trim()
      .min(1, 'common.nameRequired')
      .max(ELECTIVE_NAME_MAX, 'validation.tooLong')
      .refine((value) => !CAMPUS_NAME_SPECIAL.test(value), 'common.nameSpecial'),
    intro: text(ELECTIVE_INTRO_MAX, 'elective.introRequired'),
    lectures: z
      .array(z.string({ message: 'elective.lectureEmpty' }).trim().min(1, 'elective.lectureEmpty').max(ELECTIVE_LECTURE_MAX, 'validation.tooLong'), { message: 'elective.lecturesMin' })
      .min(ELECTIVE_LECTURES_MIN, 'elective.lecturesMin')
      .max(ELECTIVE_LECTURES_MAX, 'elective.lecturesMax'),
    capacity: whole(1, ELECTIVE_CAPACITY_MAX, 'elective.capacityRange'),
    gradeIds: z.array(idSchema, { message: 'elective.gradesRequired' }).min(1, 'elective.gradesRequired').max(20, 'errors.badRequest'),
    day: whole(1, 7, 'elective.slotInvalid'),
    period: whole(1, 20, 'elective.slotInvalid'),
    weekFrom: whole(1, 60, 'elective.weekRange'),
    weekTo: whole(1, 60, 'elective.weekRange'),
    classroomId: requiredId('elective.placeRequired'),
  })
  .refine((value) => value.weekTo >= value.weekFrom, { message: 'elective.weekOrder', path: ['weekTo'] })
  .refine((value) => new Set(value.gradeIds).size === value.gradeIds.length, { message: 'errors.badRequest', path: ['gradeIds'] });
export type DeclarationForm = z.input<typeof declarationFormSchema>;
export type DeclarationFormParsed = z.infer<typeof declarationFormSchema>;

export const declarationSearchSchema = z
  .object({
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    termId: optionalId,
    status: z.enum(['', ...DECLARATION_STATUSES]).optional(),
  })
  .strip();

export const DECLARATION_SORTS = ['name', 'updatedAt', 'teacherName', 'status'] as const;

export interface DeclarationRow {
  id: number;
  termId: number;
  termName: string;
  name: string;
  intro: string;
  lectures: string[];
  capacity: number;
  gradeIds: number[];
  gradeNames: string[];
  day: number;
  dayName: string;
  period: number;
  periodName: string;
  weekFrom: number;
  weekTo: number;
  classroomId: number;
  classroomName: string;
  teacherId: number;
  teacherName: string;
  status: DeclarationStatus;
  reviewComment: string;
  reviewerName: string;
  /** 'YYYY-MM-DD HH:mm', '' before the review. */
  reviewedAt: string;
  /** The course's session once approved, and how many have it. */
  sessionId: number | null;
  enrolled: number;
  updatedAt: string;
  /** The caller's own declaration. */
  mine: boolean;
  /** The caller may change or delete it (their own, in an editable status, its term not ended). */
  editable: boolean;
}

export const declarationReviewSchema = z
  .object({
    id: idSchema,
    decision: z.enum(['approve', 'reject'], { message: 'errors.badRequest' }),
    comment: text(ELECTIVE_REVIEW_COMMENT_MAX),
  })
  .refine((value) => value.decision === 'approve' || value.comment.length > 0, { message: 'elective.rejectReasonRequired', path: ['comment'] });

export interface DeclarationOptions {
  terms: { id: number; name: string; isCurrent: boolean; weekCount: number }[];
  grades: { id: number; name: string }[];
  classrooms: { id: number; name: string; capacity: number | null }[];
  days: { day: number; name: string }[];
  periods: { sort: number; name: string }[];
}

/** How a term's places are given: at once to whoever chooses first, or by lottery among the preferences after the window. */
export const SELECTION_MODES = ['first_come', 'lottery'] as const;
export type SelectionMode = (typeof SELECTION_MODES)[number];

const localTime = (message: string) => z.string({ message }).trim().regex(LOCAL_TIME_PATTERN, message);

export const selectionSettingsSchema = z
  .object({
    termId: requiredId('elective.termRequired'),
    selectionStart: localTime('elective.timeFormat'),
    selectionEnd: localTime('elective.timeFormat'),
    mode: z.enum(SELECTION_MODES, { message: 'elective.modeRequired' }),
  })
  .refine((value) => value.selectionEnd > value.selectionStart, { message: 'elective.windowOrder', path: ['selectionEnd'] });
export type SelectionSettingsForm = z.infer<typeof selectionSettingsSchema>;

/** Where a term's selection stands: no settings, not yet open, open, closed (and, by lottery, drawn or not). */
export const SELECTION_PHASES = ['none', 'before', 'open', 'closed'] as const;
export type SelectionPhase = (typeof SELECTION_PHASES)[number];

export interface SelectionSettings {
  termId: number;
  termName: string;
  phase: SelectionPhase;
  selectionStart: string;
  selectionEnd: string;
  mode: SelectionMode;
  /** 'YYYY-MM-DD HH:mm' of the lottery, '' when not drawn. */
  drawnAt: string;
  /** Preferences waiting for the lottery. */
  waiting: number;
  /** Students with a place. */
  enrolled: number;
}

export const termBodySchema = z.object({ termId: requiredId('elective.termRequired') });

/** Spec 5: a major and a minor course; the same course cannot be both. */
export const CHOICE_KINDS = ['major', 'minor'] as const;
export type ChoiceKind = (typeof CHOICE_KINDS)[number];
/** A choice has a place, waits for the lottery, or was not drawn. */
export const CHOICE_STATUSES = ['enrolled', 'waiting', 'unplaced'] as const;
export type ChoiceStatus = (typeof CHOICE_STATUSES)[number];

export const selectionQuerySchema = z.object({ termId: optionalId, studentId: optionalId });

export const chooseSchema = z.object({
  sessionId: requiredId('elective.courseRequired'),
  kind: z.enum(CHOICE_KINDS, { message: 'errors.badRequest' }),
  studentId: optionalId,
});

export const withdrawChoiceSchema = z.object({
  termId: requiredId('elective.termRequired'),
  kind: z.enum(CHOICE_KINDS, { message: 'errors.badRequest' }),
  studentId: optionalId,
});

export interface ElectiveCourse {
  sessionId: number;
  name: string;
  intro: string;
  lectures: string[];
  teacherName: string;
  classroomName: string;
  day: number;
  dayName: string;
  period: number;
  periodName: string;
  weekFrom: number;
  weekTo: number;
  capacity: number;
  enrolled: number;
  /** Preferences waiting for the lottery. */
  waiting: number;
}

export interface ElectiveChoice {
  sessionId: number;
  kind: ChoiceKind;
  status: ChoiceStatus;
  name: string;
  dayName: string;
  periodName: string;
  chosenAt: string;
  chosenByName: string;
}

export interface SelectionView {
  terms: { id: number; name: string; isCurrent: boolean }[];
  termId: number;
  settings: SelectionSettings | null;
  /** The student chosen for (a parent's children to switch between). */
  student: { id: number; name: string; className: string; gradeName: string } | null;
  children: { id: number; name: string; className: string }[];
  /** The term's approved courses open to the student's grade. */
  courses: ElectiveCourse[];
  choices: ElectiveChoice[];
}

/** The office's list of a course's students. */
export const courseStudentsSchema = z.object({ sessionId: idSchema });
export interface CourseStudentRow {
  studentId: number;
  studentNumber: string;
  name: string;
  className: string;
  kind: ChoiceKind | null;
  status: ChoiceStatus;
}

export const indicatorFormSchema = z.object({
  id: idSchema.optional(),
  name: z.string({ message: 'common.nameRequired' }).trim().min(1, 'common.nameRequired').max(ELECTIVE_INDICATOR_NAME_MAX, 'validation.tooLong'),
  description: text(ELECTIVE_INDICATOR_DESCRIPTION_MAX),
  maxScore: whole(1, 100, 'elective.maxScoreRange'),
  sort: whole(0, 9999, 'elective.sortRange').default(0),
  enabled: z.boolean().default(true),
});
export type IndicatorForm = z.input<typeof indicatorFormSchema>;

export interface IndicatorRow {
  id: number;
  name: string;
  description: string;
  maxScore: number;
  sort: number;
  enabled: boolean;
  /** Ratings given against it (a used indicator is disabled, not deleted). */
  used: number;
}

export const rateSchema = z.object({
  sessionId: idSchema,
  scores: z
    .array(z.object({ indicatorId: idSchema, score: z.coerce.number({ message: 'elective.scoreRange' }).int('elective.scoreRange').min(0, 'elective.scoreRange') }), { message: 'elective.scoresRequired' })
    .min(1, 'elective.scoresRequired')
    .max(50, 'errors.badRequest'),
  comment: text(ELECTIVE_RATING_COMMENT_MAX),
});

export interface RatingCourse {
  sessionId: number;
  name: string;
  termName: string;
  teacherName: string;
  /** Empty until rated. */
  scores: { indicatorId: number; score: number }[];
  comment: string;
  ratedAt: string;
}

export interface MyRatings {
  indicators: IndicatorRow[];
  /** The student's courses of the current term that can be rated now. */
  courses: RatingCourse[];
  /** Why nothing can be rated now, '' when something can. */
  closedReason: string;
}

export const gradeSheetSchema = z.object({ sessionId: optionalId });

export interface GradeSheet {
  /** The caller's courses (the office: every approved course of the current term). */
  sessions: { sessionId: number; name: string; termName: string; teacherName: string }[];
  sessionId: number | null;
  rows: { studentId: number; studentNumber: string; name: string; className: string; score: number | null; comment: string; gradedAt: string }[];
  /** False once the course's term has ended. */
  editable: boolean;
}

export const gradesSaveSchema = z.object({
  sessionId: idSchema,
  grades: z
    .array(
      z.object({
        studentId: idSchema,
        score: z.preprocess(
          (value) => (value === '' || value === undefined ? null : value),
          z.coerce.number({ message: 'elective.gradeRange' }).min(0, 'elective.gradeRange').max(100, 'elective.gradeRange').multipleOf(0.5, 'elective.gradeStep').nullable(),
        ),
        comment: text(ELECTIVE_GRADE_COMMENT_MAX),
      }),
    )
    .min(1, 'errors.badRequest')
    .max(ELECTIVE_GRADES_MAX, 'errors.badRequest'),
});

export const statisticsSchema = z.object({ termId: optionalId });

export interface ElectiveStatsRow {
  sessionId: number;
  name: string;
  teacherName: string;
  capacity: number;
  enrolled: number;
  ratings: number;
  /** Each enabled indicator's average score, null without ratings. */
  indicators: { indicatorId: number; name: string; maxScore: number; average: number | null }[];
  /** The average of every indicator as a share of its maximum, 0–1. */
  overall: number | null;
  graded: number;
  gradeAverage: number | null;
}

export interface ElectiveStatistics {
  terms: { id: number; name: string; isCurrent: boolean }[];
  termId: number;
  rows: ElectiveStatsRow[];
}
