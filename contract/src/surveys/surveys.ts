import { z } from 'zod';
import { idSchema, wholeNumberSchema as whole } from '../system/system.ts';
import { LOCAL_TIME_PATTERN } from '../scores/batches.ts';
import { CLASS_AUDIENCES, type ClassAudience } from '../homeSchool/notices.ts';

/**
 * 问卷调查 (issue 17): staff design questionnaires (创建问卷), publish them to people through the Picker or
 * publicly by a link and its QR code; recipients answer them (问卷答题), logged in or on the public routes;
 * the designer reads the running tallies (问卷统计). Spec 4: a questionnaire is in use or not, published or not.
 */

export const SURVEY_PERMISSIONS = {
  /** 创建问卷: the page, one's own surveys. */
  design: 'survey:create',
  edit: 'survey:create:edit',
  remove: 'survey:create:delete',
  /** Spec 6: publishing is a right of its own; without it the user is told to ask the administrator. */
  publish: 'survey:create:publish',
  /** Every survey, every class and the Picker's people, units and roles (administrators). */
  all: 'survey:create:all',
  answer: 'survey:answer',
  statistics: 'survey:statistics',
} as const;

export const SURVEY_URLS = {
  design: '/survey/cjwj',
  answer: '/survey/wjdt',
  statistics: '/survey/wjtj',
  publicList: '/survey/wjdt/wjdtListNotLogin',
  publicAnswer: '/survey/wjdt/answerSurvey',
  preview: '/survey/cjwj/perviewWJ',
} as const;

export const SURVEY_TITLE_MAX = 100;
export const SURVEY_DESCRIPTION_MAX = 500;
export const SURVEY_QUESTIONS_MAX = 100;
export const SURVEY_QUESTION_TITLE_MAX = 200;
export const SURVEY_OPTIONS_MIN = 2;
export const SURVEY_OPTIONS_MAX = 30;
export const SURVEY_OPTION_MAX = 100;
export const SURVEY_TEXT_MAX = 2000;
export const SURVEY_SCALE_MIN = 2;
export const SURVEY_SCALE_MAX = 10;
export const SURVEY_MATRIX_ROWS_MAX = 20;
export const SURVEY_MATRIX_COLUMNS_MAX = 10;
/** Where a choice's skip leads when it ends the questionnaire. */
export const SURVEY_END = 'end';

export const SURVEY_QUESTION_KINDS = ['single', 'multiple', 'text', 'rating', 'matrix'] as const;
export type SurveyQuestionKind = (typeof SURVEY_QUESTION_KINDS)[number];

/** A survey's state for its designer: a draft, published and open, published but not yet open, or closed. */
export const SURVEY_PHASES = ['draft', 'upcoming', 'open', 'closed', 'stopped'] as const;
export type SurveyPhase = (typeof SURVEY_PHASES)[number];

const label = (max: number, required: string) => z.string({ message: required }).trim().min(1, required).max(max, 'validation.tooLong');

export const surveyOptionSchema = z.object({
  label: label(SURVEY_OPTION_MAX, 'survey.optionRequired'),
  /** Skip logic: '' goes on to the next question, a later question's key jumps there, 'end' ends the survey. */
  jumpTo: z.string().trim().max(20, 'errors.badRequest').default(''),
});

export const surveyQuestionSchema = z
  .object({
    /** Stable within the design: the skips name questions by it, so reordering keeps them. */
    key: z.string().regex(/^[A-Za-z0-9_-]{1,20}$/, 'errors.badRequest'),
    kind: z.enum(SURVEY_QUESTION_KINDS, { message: 'survey.kindRequired' }),
    title: label(SURVEY_QUESTION_TITLE_MAX, 'survey.questionTitleRequired'),
    required: z.boolean().default(false),
    options: z.array(surveyOptionSchema).max(SURVEY_OPTIONS_MAX, 'survey.optionsRange').default([]),
    minPicks: whole(0, SURVEY_OPTIONS_MAX, 'survey.picksRange').default(0),
    maxPicks: whole(0, SURVEY_OPTIONS_MAX, 'survey.picksRange').default(0),
    long: z.boolean().default(false),
    maxLength: whole(1, SURVEY_TEXT_MAX, 'survey.maxLengthRange').default(200),
    scale: whole(SURVEY_SCALE_MIN, SURVEY_SCALE_MAX, 'survey.scaleRange').default(5),
    rows: z.array(label(SURVEY_OPTION_MAX, 'survey.rowRequired')).max(SURVEY_MATRIX_ROWS_MAX, 'survey.rowsRange').default([]),
    columns: z.array(label(SURVEY_OPTION_MAX, 'survey.columnRequired')).max(SURVEY_MATRIX_COLUMNS_MAX, 'survey.columnsRange').default([]),
  })
  .superRefine((q, context) => {
    const issue = (message: string, path: string) => context.addIssue({ code: 'custom', message, path: [path] });
    if ((q.kind === 'single' || q.kind === 'multiple') && q.options.length < SURVEY_OPTIONS_MIN) issue('survey.optionsRange', 'options');
    if (q.kind === 'multiple') {
      if (q.maxPicks && q.maxPicks > q.options.length) issue('survey.picksRange', 'maxPicks');
      if (q.maxPicks && q.minPicks > q.maxPicks) issue('survey.picksOrder', 'minPicks');
      if (q.minPicks > q.options.length) issue('survey.picksRange', 'minPicks');
    }
    if (q.kind === 'matrix') {
      if (q.rows.length < 1) issue('survey.rowsRange', 'rows');
      if (q.columns.length < 2) issue('survey.columnsRange', 'columns');
    }
    if (q.kind !== 'single' && q.options.some((option) => option.jumpTo)) issue('survey.jumpOnlySingle', 'options');
  });
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;
export type SurveyQuestionInput = z.input<typeof surveyQuestionSchema>;

const localTime = z.string({ message: 'survey.timeFormat' }).trim().regex(LOCAL_TIME_PATTERN, 'survey.timeFormat');

/** Where a skip goes wrong, if it does: its target must exist and come later (spec: skip logic). */
export function skipProblem(questions: readonly Pick<SurveyQuestion, 'key' | 'options'>[]): { key: 'survey.jumpUnknown' | 'survey.jumpBackwards'; question: number } | null {
  const position = new Map(questions.map((q, index) => [q.key, index]));
  for (const [index, q] of questions.entries()) {
    for (const option of q.options) {
      if (!option.jumpTo || option.jumpTo === SURVEY_END) continue;
      const target = position.get(option.jumpTo);
      if (target === undefined) return { key: 'survey.jumpUnknown', question: index + 1 };
      if (target <= index) return { key: 'survey.jumpBackwards', question: index + 1 };
    }
  }
  return null;
}

export const surveyFormSchema = z
  .object({
    id: idSchema.optional(),
    title: label(SURVEY_TITLE_MAX, 'survey.titleRequired'),
    description: z.preprocess((v) => v ?? '', z.string().trim().max(SURVEY_DESCRIPTION_MAX, 'validation.tooLong')),
    startsAt: localTime,
    endsAt: localTime,
    anonymous: z.boolean({ message: 'errors.badRequest' }),
    questions: z.array(surveyQuestionSchema, { message: 'survey.questionsRequired' }).min(1, 'survey.questionsRequired').max(SURVEY_QUESTIONS_MAX, 'survey.questionsMax'),
  })
  .refine((value) => value.endsAt > value.startsAt, { message: 'survey.windowOrder', path: ['endsAt'] })
  .refine((value) => new Set(value.questions.map((q) => q.key)).size === value.questions.length, { message: 'errors.badRequest', path: ['questions'] })
  .refine((value) => skipProblem(value.questions) === null, { message: 'survey.jumpInvalid', path: ['questions'] });
export type SurveyForm = z.input<typeof surveyFormSchema>;
export type SurveyFormParsed = z.infer<typeof surveyFormSchema>;

/** Publishing: to people (the Picker's value and classes with their audience) and/or publicly by link. */
export const surveyPublishSchema = z
  .object({
    id: idSchema,
    recipients: z.string().trim().max(20_000, 'validation.tooLong').default(''),
    classIds: z.array(idSchema).max(200, 'homeSchool.tooManyClasses').default([]),
    classAudience: z.enum(CLASS_AUDIENCES, { message: 'homeSchool.audienceRequired' }).default('parents'),
    isPublic: z.boolean().default(false),
  })
  .refine((value) => value.isPublic || value.recipients !== '' || value.classIds.length > 0, { message: 'survey.audienceRequired', path: ['recipients'] });
export type SurveyPublish = z.infer<typeof surveyPublishSchema>;

export const surveySearchSchema = z
  .object({
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    phase: z.enum(['', ...SURVEY_PHASES]).optional(),
  })
  .strip();
export const SURVEY_SORTS = ['title', 'startsAt', 'updatedAt', 'responseCount'] as const;

export const surveyUseSchema = z.object({ id: idSchema, inUse: z.boolean() });

/** A matrix answer: the chosen column of each row, rows by their position ("0", "1", ...). */
export type MatrixAnswer = Record<string, number>;
/** One question's answer: a choice's option, several options, a text, a rating, or a matrix's columns. */
export type SurveyAnswerValue = number | number[] | string | MatrixAnswer;
/** Answers by question key, as the form sends them; a question left out is unanswered. */
export type SurveyAnswers = Record<string, SurveyAnswerValue>;

const answerValue = z.union([
  z.number().int().min(0).max(1000),
  z.array(z.number().int().min(0).max(1000)).max(SURVEY_OPTIONS_MAX),
  z.string().max(SURVEY_TEXT_MAX * 2),
  z.record(z.string().regex(/^\d{1,2}$/), z.number().int().min(0).max(SURVEY_MATRIX_COLUMNS_MAX)),
]);
export const surveyAnswersSchema = z.record(z.string().regex(/^[A-Za-z0-9_-]{1,20}$/), answerValue, { message: 'errors.badRequest' });

export const surveyAnswerSchema = z.object({ id: idSchema, answers: surveyAnswersSchema });
/** The public answer: the survey's public key and the browser's own random key (kept in its storage). */
export const publicAnswerSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'survey.linkInvalid'),
  respondentKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'errors.badRequest'),
  answers: surveyAnswersSchema,
});
export const publicKeySchema = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'survey.linkInvalid'), respondentKey: z.string().max(64).optional() });

const isBlank = (value: SurveyAnswerValue | undefined) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

/** The questions a respondent passes through, by position, following the skips of their single choices. */
export function takenPath(questions: readonly Pick<SurveyQuestion, 'key' | 'kind' | 'options'>[], answers: SurveyAnswers): number[] {
  const position = new Map(questions.map((q, index) => [q.key, index]));
  const path: number[] = [];
  let index = 0;
  while (index < questions.length) {
    path.push(index);
    const q = questions[index]!;
    const value = answers[q.key];
    let next = index + 1;
    if (q.kind === 'single' && typeof value === 'number') {
      const jump = q.options[value]?.jumpTo;
      if (jump === SURVEY_END) break;
      if (jump) next = Math.max(index + 1, position.get(jump) ?? index + 1);
    }
    index = next;
  }
  return path;
}

export interface AnswerProblem {
  key: 'survey.answerRequired' | 'survey.answerSkipped' | 'survey.answerInvalid' | 'survey.answerTooLong' | 'survey.picksBelow' | 'survey.picksAbove';
  /** 1-based question number. */
  question: number;
  params?: Record<string, number>;
}

/**
 * Checks a whole answer sheet against the design (both sides; the server is the authority): the required
 * questions on the taken path are answered, the skipped ones are empty, and every value fits its question.
 * Answers the normalised sheet by question position (text trimmed, blanks left out), or the first problem.
 */
export function checkAnswers(questions: readonly SurveyQuestion[], answers: SurveyAnswers): { ok: true; sheet: Record<number, SurveyAnswerValue> } | { ok: false; problem: AnswerProblem } {
  const keys = new Set(questions.map((q) => q.key));
  if (Object.keys(answers).some((key) => !keys.has(key))) return { ok: false, problem: { key: 'survey.answerInvalid', question: 0 } };
  const path = new Set(takenPath(questions, answers));
  const sheet: Record<number, SurveyAnswerValue> = {};
  for (const [index, q] of questions.entries()) {
    const question = index + 1;
    const raw = answers[q.key];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (isBlank(value)) {
      if (path.has(index) && q.required) return { ok: false, problem: { key: 'survey.answerRequired', question } };
      continue;
    }
    if (!path.has(index)) return { ok: false, problem: { key: 'survey.answerSkipped', question } };
    const invalid = { ok: false as const, problem: { key: 'survey.answerInvalid' as const, question } };
    switch (q.kind) {
      case 'single':
        if (typeof value !== 'number' || value >= q.options.length) return invalid;
        break;
      case 'multiple': {
        if (!Array.isArray(value) || new Set(value).size !== value.length || value.some((v) => v >= q.options.length)) return invalid;
        if (q.minPicks && value.length < q.minPicks) return { ok: false, problem: { key: 'survey.picksBelow', question, params: { n: q.minPicks } } };
        if (q.maxPicks && value.length > q.maxPicks) return { ok: false, problem: { key: 'survey.picksAbove', question, params: { n: q.maxPicks } } };
        break;
      }
      case 'text':
        if (typeof value !== 'string') return invalid;
        if (Array.from(value).length > q.maxLength) return { ok: false, problem: { key: 'survey.answerTooLong', question, params: { n: q.maxLength } } };
        break;
      case 'rating':
        if (typeof value !== 'number' || value < 1 || value > q.scale) return invalid;
        break;
      case 'matrix': {
        if (typeof value !== 'object' || Array.isArray(value)) return invalid;
        const entries = Object.entries(value);
        if (entries.some(([row, column]) => Number(row) >= q.rows.length || column >= q.columns.length)) return invalid;
        // A required matrix wants every row; an optional one may be left whole or partly blank.
        if (q.required && entries.length < q.rows.length) return { ok: false, problem: { key: 'survey.answerRequired', question } };
        break;
      }
    }
    sheet[index] = value!;
  }
  return { ok: true, sheet };
}

/** Reminders of one survey's non-respondents go out at most once in this interval. */
export const SURVEY_REMIND_INTERVAL_MINUTES = 10;

// ---- What the screens read --------------------------------------------------------------------

export interface SurveyRow {
  id: number;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  anonymous: boolean;
  inUse: boolean;
  published: boolean;
  isPublic: boolean;
  phase: SurveyPhase;
  questionCount: number;
  recipientTotal: number;
  responseCount: number;
  ownerName: string;
  mine: boolean;
  /** Its questions may still change: not published, or published without answers. */
  questionsEditable: boolean;
  updatedAt: string;
}

export interface SurveyDetail extends SurveyRow {
  questions: SurveyQuestion[];
  /** The public link's key (published publicly), else ''. */
  publicKey: string;
  recipients: string;
  recipientNames: { code: string; name: string }[];
  classes: { id: number; name: string }[];
  classAudience: ClassAudience;
}

/** What a respondent sees: the design without the designer's bookkeeping. */
export interface SurveyForAnswer {
  id: number;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  anonymous: boolean;
  questions: SurveyQuestion[];
  /** open: may answer now; answered: this person (or browser) already did; closed: outside its window or not in use. */
  state: 'open' | 'answered' | 'closed';
  /** A named survey opened on the public link without a session: log in first. */
  needsLogin: boolean;
}

export interface MySurveyRow {
  id: number;
  title: string;
  startsAt: string;
  endsAt: string;
  anonymous: boolean;
  questionCount: number;
  state: 'todo' | 'answered' | 'closed';
}
export const MY_SURVEY_STATES = ['todo', 'answered', 'closed'] as const;
export const mySurveySearchSchema = z.object({ state: z.enum(['', ...MY_SURVEY_STATES]).optional() }).strip();

export interface PublicSurveyRow {
  title: string;
  description: string;
  endsAt: string;
  key: string;
  questionCount: number;
}

export interface QuestionStatistics {
  index: number;
  key: string;
  kind: SurveyQuestionKind;
  title: string;
  /** Responses that answered this question. */
  answered: number;
  /** single / multiple: per option; rating: per score 1..scale. */
  counts: { label: string; count: number; percent: number }[];
  /** rating only. */
  average: number | null;
  /** matrix only: per row, the count of each column. */
  matrix: { row: string; counts: number[] }[];
  columns: string[];
  /** text only: how many texts there are (listed by the text call). */
  texts: number;
}

export interface SurveyStatistics {
  id: number;
  title: string;
  anonymous: boolean;
  phase: SurveyPhase;
  recipientTotal: number;
  responseCount: number;
  questions: QuestionStatistics[];
}

export const textAnswersSchema = z.object({ id: idSchema, question: whole(0, SURVEY_QUESTIONS_MAX, 'errors.badRequest'), currPage: z.coerce.number().int().min(0).default(0), limit: z.coerce.number().int().min(1).max(100).default(10) });
export const nonRespondentsSchema = z.object({ id: idSchema, currPage: z.coerce.number().int().min(0).default(0), limit: z.coerce.number().int().min(1).max(100).default(10) });

export interface NonRespondentRow {
  account: string;
  name: string;
  userType: number;
  relation: string;
}

export type { ClassAudience };
