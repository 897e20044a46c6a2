import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId } from '../system/system.ts';

/**
 * 期末评价 (issue 15): the academic office sets up a term's evaluation themes (期末评价维护, /xspj/qmpjwh),
 * each with its content items of text, enum or number type (spec: max, min, precision, enum options), for
 * some grades and a filling period; class teachers fill them per student in a grid for their class
 * (期末评价填写, /xspj/qmpjtx); students and parents read a theme once the office releases it (综合素质报告).
 */

export const TERM_EVALUATION_MAINTAIN_URL = '/xspj/qmpjwh';
export const TERM_EVALUATION_FILL_URL = '/xspj/qmpjtx';

export const TERM_EVALUATION_PERMISSIONS = {
  maintain: 'evaluation:termMaintain',
  fill: 'evaluation:termFill',
  /** Filling every class, not only those the caller leads (the office's button). */
  fillAll: 'evaluation:termFill:all',
} as const;

/** The dimensions of 综合素质评价 a theme belongs to. */
export const EVALUATION_THEME_TYPES = ['moral', 'academic', 'health', 'art', 'practice', 'comment'] as const;
export type EvaluationThemeType = (typeof EVALUATION_THEME_TYPES)[number];

export const EVALUATION_ITEM_KINDS = ['text', 'enum', 'number'] as const;
export type EvaluationItemKind = (typeof EVALUATION_ITEM_KINDS)[number];

export const EVALUATION_THEME_NAME_MAX = 50;
export const EVALUATION_ITEM_NAME_MAX = 30;
export const EVALUATION_ITEMS_MAX = 30;
export const EVALUATION_TEXT_MAX = 500;
export const EVALUATION_OPTION_MAX = 20;
export const EVALUATION_OPTIONS_MIN = 2;
export const EVALUATION_OPTIONS_MAX = 10;
export const EVALUATION_PRECISION_MAX = 2;
/** Number items' bounds lie within ±this. */
export const EVALUATION_NUMBER_LIMIT = 100_000;
export const EVALUATION_REMARKS_MAX = 200;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** How many decimals a number is written with (0.1 + 0.2 style noise ignored). */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return Infinity;
  for (let places = 0; places <= 10; places++) {
    const scaled = value * 10 ** places;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9 * Math.max(1, Math.abs(scaled))) return places;
  }
  return Infinity;
}

const itemNumber = z
  .number({ message: 'termEvaluation.boundFormat' })
  .min(-EVALUATION_NUMBER_LIMIT, 'termEvaluation.boundFormat')
  .max(EVALUATION_NUMBER_LIMIT, 'termEvaluation.boundFormat');

export const evaluationItemSchema = z
  .object({
    /** An existing item's id: its filled values stay with it. */
    id: idSchema.optional(),
    name: z.string({ message: 'termEvaluation.itemNameRequired' }).trim().min(1, 'termEvaluation.itemNameRequired').max(EVALUATION_ITEM_NAME_MAX, 'validation.tooLong'),
    kind: z.enum(EVALUATION_ITEM_KINDS, { message: 'termEvaluation.kindRequired' }),
    required: z.boolean({ message: 'errors.badRequest' }),
    /** text: the longest answer (characters). */
    maxLength: z.number({ message: 'termEvaluation.maxLengthRange' }).int('termEvaluation.maxLengthRange').min(1, 'termEvaluation.maxLengthRange').max(EVALUATION_TEXT_MAX, 'termEvaluation.maxLengthRange').nullish(),
    /** number: the range and how many decimals an answer may have. */
    min: itemNumber.nullish(),
    max: itemNumber.nullish(),
    precision: z.number({ message: 'termEvaluation.precisionRange' }).int('termEvaluation.precisionRange').min(0, 'termEvaluation.precisionRange').max(EVALUATION_PRECISION_MAX, 'termEvaluation.precisionRange').nullish(),
    /** enum: the answers to choose from, in order. */
    options: z
      .array(z.string({ message: 'termEvaluation.optionRequired' }).trim().min(1, 'termEvaluation.optionRequired').max(EVALUATION_OPTION_MAX, 'termEvaluation.optionTooLong'), { message: 'termEvaluation.optionsRange' })
      .max(EVALUATION_OPTIONS_MAX, 'termEvaluation.optionsRange')
      .nullish(),
  })
  .superRefine((item, ctx) => {
    if (item.kind === 'text' && item.maxLength == null) ctx.addIssue({ code: 'custom', message: 'termEvaluation.maxLengthRange', path: ['maxLength'] });
    if (item.kind === 'number') {
      if (item.min == null || item.max == null) {
        ctx.addIssue({ code: 'custom', message: 'termEvaluation.boundFormat', path: [item.min == null ? 'min' : 'max'] });
        return;
      }
      if (item.precision == null) ctx.addIssue({ code: 'custom', message: 'termEvaluation.precisionRange', path: ['precision'] });
      if (item.min >= item.max) ctx.addIssue({ code: 'custom', message: 'termEvaluation.minBelowMax', path: ['max'] });
      const precision = item.precision ?? 0;
      if (decimalsOf(item.min) > precision) ctx.addIssue({ code: 'custom', message: 'termEvaluation.boundPrecision', path: ['min'] });
      if (decimalsOf(item.max) > precision) ctx.addIssue({ code: 'custom', message: 'termEvaluation.boundPrecision', path: ['max'] });
    }
    if (item.kind === 'enum') {
      const options = item.options ?? [];
      if (options.length < EVALUATION_OPTIONS_MIN) ctx.addIssue({ code: 'custom', message: 'termEvaluation.optionsRange', path: ['options'] });
      if (new Set(options).size !== options.length) ctx.addIssue({ code: 'custom', message: 'termEvaluation.optionTwice', path: ['options'] });
    }
  });
export type EvaluationItemForm = z.input<typeof evaluationItemSchema>;

export const evaluationThemeFormSchema = z
  .object({
    id: idSchema.optional(),
    termId: requiredId('termEvaluation.termRequired'),
    name: z.string({ message: 'common.nameRequired' }).trim().min(1, 'common.nameRequired').max(EVALUATION_THEME_NAME_MAX, 'validation.tooLong'),
    type: z.enum(EVALUATION_THEME_TYPES, { message: 'termEvaluation.typeRequired' }),
    gradeIds: z.array(idSchema, { message: 'termEvaluation.gradesRequired' }).min(1, 'termEvaluation.gradesRequired').max(30, 'errors.badRequest'),
    fillStart: z.string({ message: 'termEvaluation.periodFormat' }).trim().regex(DATE, 'termEvaluation.periodFormat'),
    fillEnd: z.string({ message: 'termEvaluation.periodFormat' }).trim().regex(DATE, 'termEvaluation.periodFormat'),
    remarks: z.string().trim().max(EVALUATION_REMARKS_MAX, 'validation.tooLong').default(''),
    items: z.array(evaluationItemSchema, { message: 'termEvaluation.itemsRequired' }).min(1, 'termEvaluation.itemsRequired').max(EVALUATION_ITEMS_MAX, 'termEvaluation.tooManyItems'),
  })
  .superRefine((theme, ctx) => {
    if (theme.fillEnd < theme.fillStart) ctx.addIssue({ code: 'custom', message: 'termEvaluation.periodOrder', path: ['fillEnd'] });
    const names = theme.items.map((item) => item.name.trim());
    names.forEach((name, index) => {
      if (names.indexOf(name) !== index) ctx.addIssue({ code: 'custom', message: 'termEvaluation.itemNameTwice', path: ['items', index, 'name'] });
    });
    const ids = theme.items.flatMap((item) => (item.id ? [item.id] : []));
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'errors.badRequest', path: ['items'] });
  });
export type EvaluationThemeForm = z.input<typeof evaluationThemeFormSchema>;
export type EvaluationThemeFormParsed = z.infer<typeof evaluationThemeFormSchema>;

export const evaluationThemeListSchema = z.object({ termId: optionalId });
export const evaluationReleaseSchema = z.object({
  ids: z.array(idSchema).min(1, 'common.selectNone').max(100, 'errors.badRequest'),
  released: z.boolean({ message: 'errors.badRequest' }),
});
export const evaluationProgressSchema = z.object({ themeId: requiredId('termEvaluation.themeRequired') });

export interface EvaluationItem {
  id: number;
  name: string;
  kind: EvaluationItemKind;
  required: boolean;
  maxLength: number | null;
  min: number | null;
  max: number | null;
  precision: number | null;
  options: string[] | null;
}

/** Where a theme stands on the school's calendar: before, inside or after its filling period. */
export type EvaluationPeriodState = 'notStarted' | 'open' | 'closed';

export interface EvaluationTheme {
  id: number;
  termId: number;
  name: string;
  type: EvaluationThemeType;
  gradeIds: number[];
  gradeNames: string[];
  fillStart: string;
  fillEnd: string;
  period: EvaluationPeriodState;
  released: boolean;
  releasedAt: string | null;
  remarks: string;
  items: EvaluationItem[];
  /** Students of the theme's grades with an evaluation filled in, and how many there are. */
  filled: number;
  students: number;
}

export interface EvaluationTerm {
  id: number;
  name: string;
  isCurrent: boolean;
}

export interface EvaluationThemeList {
  terms: EvaluationTerm[];
  termId: number | null;
  /** The school's grades, for the theme form. */
  grades: { id: number; name: string }[];
  themes: EvaluationTheme[];
}

export interface EvaluationClassProgress {
  classId: number;
  className: string;
  gradeName: string;
  classTeacherName: string | null;
  filled: number;
  students: number;
}

// ---------------------------------------------------------------------------------------------------
// 期末评价填写: the class teacher's grid.

/** An answer as sent: text and enum as strings, numbers as numbers; null (or '') clears it. */
export const evaluationValueSchema = z.union([z.string().max(EVALUATION_TEXT_MAX * 2, 'validation.tooLong'), z.number(), z.null()]);
export type EvaluationValue = z.infer<typeof evaluationValueSchema>;

export const evaluationFillOptionsSchema = z.object({ termId: optionalId });
export const evaluationSheetSchema = z.object({
  themeId: requiredId('termEvaluation.themeRequired'),
  classId: requiredId('termEvaluation.classRequired'),
});
export const evaluationSheetSaveSchema = evaluationSheetSchema.extend({
  rows: z
    .array(
      z.object({
        studentId: idSchema,
        /** item id → answer; an item left out is cleared. */
        values: z.record(z.string().regex(/^\d{1,10}$/, 'errors.badRequest'), evaluationValueSchema),
        /** The row's updatedAt when it was read (null: it had none): a row changed since by someone else is not overwritten. */
        since: z.string().max(40).nullable(),
      }),
    )
    .min(1, 'termEvaluation.nothingToSave')
    .max(200, 'errors.badRequest'),
});
export type EvaluationSheetSave = z.infer<typeof evaluationSheetSaveSchema>;

export interface EvaluationFillOptions {
  terms: EvaluationTerm[];
  termId: number | null;
  themes: (Pick<EvaluationTheme, 'id' | 'name' | 'type' | 'gradeIds' | 'fillStart' | 'fillEnd' | 'period' | 'released'>)[];
  /** The classes the caller may fill: those they lead (every class with the office's button). */
  classes: { id: number; name: string; gradeId: number; gradeName: string }[];
}

export interface EvaluationSheetRow {
  studentId: number;
  name: string;
  studentNumber: string;
  values: Record<string, string | number>;
  /** null: nothing filled in yet. The exact instant, sent back as a save's `since`. */
  updatedAt: string | null;
  /** The same on the school's clock for the screen, 'YYYY-MM-DD HH:mm'. */
  savedAt: string | null;
  updatedByName: string | null;
}

export interface EvaluationSheet {
  theme: Omit<EvaluationTheme, 'filled' | 'students'>;
  classId: number;
  className: string;
  /** Saving is possible: the period is open and the caller may fill this class. */
  editable: boolean;
  rows: EvaluationSheetRow[];
}

/**
 * Checks one answer against its item, as the grid does while typing and the server does on saving.
 * Answers null for a valid (or empty) answer, else the message key and its values.
 */
export function checkEvaluationValue(
  item: Pick<EvaluationItem, 'kind' | 'maxLength' | 'min' | 'max' | 'precision' | 'options'>,
  value: EvaluationValue | undefined,
): { key: string; values?: Record<string, string | number> } | null {
  if (value === null || value === undefined || value === '') return null;
  if (item.kind === 'number') {
    const number = typeof value === 'number' ? value : Number(String(value).trim());
    if (!Number.isFinite(number) || (typeof value === 'string' && value.trim() === '')) return { key: 'termEvaluation.valueNumber' };
    if (number < (item.min ?? -Infinity) || number > (item.max ?? Infinity)) return { key: 'termEvaluation.valueRange', values: { min: item.min ?? '', max: item.max ?? '' } };
    if (decimalsOf(number) > (item.precision ?? 0)) return { key: 'termEvaluation.valuePrecision', values: { precision: item.precision ?? 0 } };
    return null;
  }
  if (typeof value !== 'string') return { key: 'errors.badRequest' };
  if (item.kind === 'enum') return (item.options ?? []).includes(value) ? null : { key: 'termEvaluation.valueOption' };
  return [...value.trim()].length > (item.maxLength ?? EVALUATION_TEXT_MAX) ? { key: 'termEvaluation.valueLength', values: { max: item.maxLength ?? EVALUATION_TEXT_MAX } } : null;
}
