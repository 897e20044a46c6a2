import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId, wholeNumberSchema as whole } from '../system/system.ts';
import { LOCAL_TIME_PATTERN } from '../scores/batches.ts';

/**
 * 公开课评价 (issue 17): open classes are scheduled (a teacher, course, class, day, periods, place, topic and
 * the evaluation set of 评价内容 /sjpj/pjnr), colleagues sign up and evaluate each item with a score and a
 * comment before the deadline (/gkkMgr/pjrn), and the statistics add them up per class and per teacher.
 */

export const OPEN_CLASS_PERMISSIONS = {
  /** Every teacher: the open classes, signing up, evaluating, their own results. */
  view: 'safety:openClass',
  /** Scheduling one's own open classes. */
  edit: 'safety:openClass:edit',
  delete: 'safety:openClass:delete',
  /** The office: schedules anyone's, reads every result with the evaluators' names. */
  all: 'safety:openClass:all',
  /** /gkkMgr/pjrn: an open class's evaluation content, its form and its results. */
  content: 'safety:openClassContent',
  /** /sjpj/pjnr: the evaluation sets. */
  sets: 'safety:evaluationSet',
} as const;

export const OPEN_CLASS_URLS = {
  list: '/bxjl/gkkpj',
  content: '/gkkMgr/pjrn',
  sets: '/sjpj/pjnr',
} as const;

export const OPEN_CLASS_SET_NAME_MAX = 50;
export const OPEN_CLASS_SET_TEXT_MAX = 200;
export const OPEN_CLASS_ITEMS_MAX = 20;
export const OPEN_CLASS_TEXT_MAX = 100;
export const OPEN_CLASS_COMMENT_MAX = 300;
export const OPEN_CLASS_ITEM_COMMENT_MAX = 200;

const text = (max: number, required?: string) => {
  const base = z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(max, 'validation.tooLong'));
  return required ? base.refine((value) => value.length > 0, required) : base;
};

export const openClassItemSchema = z.object({
  id: idSchema.optional(),
  name: text(OPEN_CLASS_SET_NAME_MAX, 'openClass.itemNameRequired'),
  description: text(OPEN_CLASS_SET_TEXT_MAX),
  maxScore: whole(1, 100, 'openClass.maxScoreRange'),
  weight: whole(0, 100, 'openClass.weightRange'),
});

export const evaluationSetFormSchema = z
  .object({
    id: idSchema.optional(),
    name: text(OPEN_CLASS_SET_NAME_MAX, 'common.nameRequired'),
    description: text(OPEN_CLASS_SET_TEXT_MAX),
    anonymous: z.boolean().default(true),
    enabled: z.boolean().default(true),
    sort: whole(0, 9999, 'openClass.sortRange').default(0),
    items: z.array(openClassItemSchema, { message: 'openClass.itemsRequired' }).min(1, 'openClass.itemsRequired').max(OPEN_CLASS_ITEMS_MAX, 'openClass.itemsMax'),
  })
  .superRefine((form, ctx) => {
    const names = form.items.map((item) => item.name);
    const duplicate = names.findIndex((name, index) => names.indexOf(name) !== index);
    if (duplicate >= 0) ctx.addIssue({ code: 'custom', path: ['items', duplicate, 'name'], message: 'openClass.itemNameTwice' });
    if (form.items.reduce((sum, item) => sum + item.weight, 0) !== 100) ctx.addIssue({ code: 'custom', path: ['items'], message: 'openClass.weightsTotal' });
  });
export type EvaluationSetForm = z.input<typeof evaluationSetFormSchema>;
export type EvaluationSetFormParsed = z.output<typeof evaluationSetFormSchema>;

export const evaluationSetSearchSchema = z
  .object({
    keyword: z.string().trim().max(50).optional().default(''),
    enabled: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.coerce.boolean().optional()),
  })
  .default({ keyword: '' });

export interface OpenClassItem {
  id: number;
  name: string;
  description: string;
  maxScore: number;
  weight: number;
}

export interface EvaluationSetRow {
  id: number;
  name: string;
  description: string;
  anonymous: boolean;
  enabled: boolean;
  sort: number;
  items: OpenClassItem[];
  /** Open classes that use it: a used set keeps its items and cannot be deleted. */
  used: number;
}

export const openClassFormSchema = z
  .object({
    id: idSchema.optional(),
    termId: requiredId('openClass.termRequired'),
    /** Absent: the caller (a teacher schedules their own). */
    teacherId: optionalId,
    courseId: requiredId('openClass.courseRequired'),
    classId: requiredId('openClass.classRequired'),
    day: z.string({ message: 'openClass.dayRequired' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'openClass.dayRequired'),
    periodFrom: whole(1, 20, 'openClass.periodRequired'),
    periodTo: whole(1, 20, 'openClass.periodRequired'),
    classroomId: optionalId,
    place: text(OPEN_CLASS_TEXT_MAX, 'openClass.placeRequired'),
    topic: text(OPEN_CLASS_TEXT_MAX, 'openClass.topicRequired'),
    setId: requiredId('openClass.setRequired'),
    deadline: z.string({ message: 'openClass.deadlineFormat' }).trim().regex(LOCAL_TIME_PATTERN, 'openClass.deadlineFormat'),
  })
  .superRefine((form, ctx) => {
    if (form.periodTo < form.periodFrom) ctx.addIssue({ code: 'custom', path: ['periodTo'], message: 'openClass.periodOrder' });
    if (form.deadline.slice(0, 10) < form.day) ctx.addIssue({ code: 'custom', path: ['deadline'], message: 'openClass.deadlineBeforeClass' });
  });
export type OpenClassForm = z.input<typeof openClassFormSchema>;
export type OpenClassFormParsed = z.output<typeof openClassFormSchema>;

/** Where an open class stands: before its day, open for evaluations, or past its deadline. */
export const OPEN_CLASS_PHASES = ['upcoming', 'evaluating', 'closed'] as const;
export type OpenClassPhase = (typeof OPEN_CLASS_PHASES)[number];

/**
 * Colleagues sign up, and cancel, up to and including the class's day (the school's date, schoolDateOf):
 * evaluating opens on the day, so one may still join that morning; past the deadline it is over.
 */
export const openClassSignUpOpen = (row: { day: string; phase: OpenClassPhase }, schoolToday: string): boolean => row.day >= schoolToday && row.phase !== 'closed';

export const openClassSearchSchema = z
  .object({
    termId: optionalId,
    keyword: z.string().trim().max(50).optional().default(''),
    phase: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(OPEN_CLASS_PHASES).optional()),
    /** 'taught': the caller's own; 'attending': those the caller signed up for. */
    mine: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(['taught', 'attending']).optional()),
  })
  .default({ keyword: '' });

export interface OpenClassRow {
  id: number;
  termId: number;
  termName: string;
  teacherId: number;
  teacherName: string;
  courseId: number;
  courseName: string;
  classId: number;
  className: string;
  day: string;
  periodFrom: number;
  periodTo: number;
  periodText: string;
  classroomId: number | null;
  place: string;
  topic: string;
  setId: number;
  setName: string;
  deadline: string;
  phase: OpenClassPhase;
  attendees: number;
  evaluations: number;
  /** The average weighted total (out of 100), null without evaluations. */
  average: number | null;
  /** The caller teaches it. */
  mine: boolean;
  signedUp: boolean;
  evaluated: boolean;
  /** The caller may change or delete it (theirs or the office's, and nobody has evaluated it yet). */
  editable: boolean;
}

export interface OpenClassOptions {
  terms: { id: number; name: string; isCurrent: boolean; startDate: string; endDate: string }[];
  teachers: { id: number; name: string; staffNumber: string }[];
  courses: { id: number; name: string }[];
  classes: { id: number; name: string; gradeId: number }[];
  classrooms: { id: number; name: string }[];
  periods: { sort: number; name: string }[];
  sets: { id: number; name: string }[];
  /** The caller's staff id (a teacher schedules their own). */
  selfId: number | null;
}

export const evaluateSchema = z.object({
  id: idSchema,
  scores: z
    .array(
      z.object({
        itemId: idSchema,
        score: z.coerce.number({ message: 'openClass.scoreRange' }).min(0, 'openClass.scoreRange').multipleOf(0.5, 'openClass.scoreStep'),
        comment: text(OPEN_CLASS_ITEM_COMMENT_MAX),
      }),
      { message: 'openClass.scoresRequired' },
    )
    .min(1, 'openClass.scoresRequired')
    .max(OPEN_CLASS_ITEMS_MAX, 'errors.badRequest'),
  comment: text(OPEN_CLASS_COMMENT_MAX),
});
export type EvaluateBody = z.input<typeof evaluateSchema>;

/** One item's figures: average score, and its share of the weighted total. */
export interface ItemResult extends OpenClassItem {
  average: number | null;
}

export interface OpenClassResults {
  evaluations: number;
  attendees: number;
  average: number | null;
  items: ItemResult[];
  /** Each evaluation's comments; the evaluator is '' when the set keeps them anonymous to the taught teacher. */
  comments: { evaluator: string; total: number; comment: string; itemComments: { itemId: number; comment: string }[]; submittedAt: string }[];
}

/** /gkkMgr/pjrn: everything of one open class the caller may see. */
export interface OpenClassContent {
  openClass: OpenClassRow;
  items: OpenClassItem[];
  anonymous: boolean;
  /** The caller's own evaluation, once given. */
  mine: { scores: { itemId: number; score: number; comment: string }[]; comment: string; total: number; submittedAt: string } | null;
  /** Why the caller cannot evaluate now, '' when they can. */
  cannotEvaluate: string;
  /** The figures, for its teacher and the office. */
  results: OpenClassResults | null;
}

export const openClassStatisticsSchema = z.object({ termId: optionalId });

export interface OpenClassStatistics {
  terms: { id: number; name: string; isCurrent: boolean }[];
  termId: number;
  byClass: { id: number; day: string; teacherName: string; courseName: string; className: string; topic: string; evaluations: number; attendees: number; average: number | null; items: { name: string; average: number | null; maxScore: number }[] }[];
  byTeacher: { teacherId: number; teacherName: string; openClasses: number; evaluations: number; average: number | null; best: number | null }[];
}
