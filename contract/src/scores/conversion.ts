import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, wholeNumberSchema as whole } from '../system/system.ts';
import { CAMPUS_NAME_SPECIAL } from '../system/campus.ts';

/**
 * 换算规则 (/cjgl/hsgz, issue 15): a conversion rule turns a raw score into a level (等级) and a converted
 * score (赋分): each level has a score band (lowest to highest), the converted score inside it, a colour
 * for reports, whether it is used, and the band of candidates by rank it stands for (lowest to highest
 * rate, in percent, as 等级赋分 places the top 15 % at A). Spec 5: whole numbers 0 to 200, the highest not
 * below the lowest, the converted score between them, the lowest rate not above the highest.
 *
 * A score system (分制) is the full mark a subject is scored out of, with its pass, good and excellent
 * lines and, for graded subjects, its conversion rule; a system with scores cannot be deleted.
 */

export const SCORE_RULE_URL = '/cjgl/hsgz';

export const CONVERSION_SCORE_MAX = 200;
export const CONVERSION_LEVELS_MAX = 20;
export const SCORE_NAME_MAX = 50;
export const SCORE_LEVEL_NAME_MAX = 20;
export const SCORE_REMARKS_MAX = 200;
export const SCORE_FULL_MARK_MAX = 1000;
export const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

const name = (max: number) =>
  z
    .string({ message: 'common.nameRequired' })
    .trim()
    .min(1, 'common.nameRequired')
    .max(max, 'validation.tooLong')
    .refine((value) => !CAMPUS_NAME_SPECIAL.test(value), 'common.nameSpecial');

const remarks = z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(SCORE_REMARKS_MAX, 'validation.tooLong'));

/** Up to two decimals, 0 to the largest full mark. */
export const scoreValueSchema = (message: string) =>
  z.coerce
    .number({ message })
    .min(0, message)
    .max(SCORE_FULL_MARK_MAX, message)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, message);

export const conversionLevelSchema = z
  .object({
    name: name(SCORE_LEVEL_NAME_MAX),
    lowestScore: whole(0, CONVERSION_SCORE_MAX, 'scoreRule.scoreRange'),
    highestScore: whole(0, CONVERSION_SCORE_MAX, 'scoreRule.scoreRange'),
    convertedScore: whole(0, CONVERSION_SCORE_MAX, 'scoreRule.scoreRange'),
    colour: z.string({ message: 'scoreRule.colourFormat' }).trim().regex(COLOUR_PATTERN, 'scoreRule.colourFormat'),
    enabled: z.boolean({ message: 'errors.badRequest' }),
    lowestRate: whole(0, 100, 'scoreRule.rateRange'),
    highestRate: whole(0, 100, 'scoreRule.rateRange'),
  })
  .refine((level) => level.highestScore >= level.lowestScore, { message: 'scoreRule.highestBelowLowest', path: ['highestScore'] })
  .refine((level) => level.convertedScore >= level.lowestScore && level.convertedScore <= level.highestScore, { message: 'scoreRule.convertedOutside', path: ['convertedScore'] })
  .refine((level) => level.lowestRate <= level.highestRate, { message: 'scoreRule.rateOrder', path: ['lowestRate'] });
export type ConversionLevel = z.infer<typeof conversionLevelSchema>;

export const conversionRuleFormSchema = z
  .object({
    id: idSchema.optional(),
    name: name(SCORE_NAME_MAX),
    enabled: z.boolean({ message: 'errors.badRequest' }),
    remarks,
    levels: z.array(conversionLevelSchema, { message: 'scoreRule.levelsRequired' }).min(1, 'scoreRule.levelsRequired').max(CONVERSION_LEVELS_MAX, 'scoreRule.tooManyLevels'),
  })
  .refine((rule) => new Set(rule.levels.map((level) => level.name)).size === rule.levels.length, { message: 'scoreRule.levelTwice', path: ['levels'] })
  .refine(
    (rule) => {
      // Two levels' score bands may not overlap: a score must fall into one level only.
      const bands = [...rule.levels].sort((a, b) => a.lowestScore - b.lowestScore);
      return bands.every((band, index) => index === 0 || band.lowestScore > bands[index - 1]!.highestScore);
    },
    { message: 'scoreRule.bandsOverlap', path: ['levels'] },
  );
export type ConversionRuleForm = z.input<typeof conversionRuleFormSchema>;
export type ConversionRuleFormParsed = z.infer<typeof conversionRuleFormSchema>;

export const conversionRuleSearchSchema = z.object({ keyword: z.string().trim().max(50, 'validation.tooLong').optional(), enabled: z.boolean().optional() }).strip();
export const CONVERSION_RULE_SORTS = ['name', 'updatedAt'] as const;

export interface ConversionRuleRow {
  id: number;
  name: string;
  enabled: boolean;
  remarks: string;
  levels: ConversionLevel[];
  /** Score systems using the rule. */
  systems: number;
  updatedAt: string;
}

export const scoreSystemFormSchema = z
  .object({
    id: idSchema.optional(),
    name: name(SCORE_NAME_MAX),
    fullMark: whole(1, SCORE_FULL_MARK_MAX, 'scoreSystem.fullMarkRange'),
    passLine: scoreValueSchema('scoreSystem.lineFormat'),
    goodLine: scoreValueSchema('scoreSystem.lineFormat'),
    excellentLine: scoreValueSchema('scoreSystem.lineFormat'),
    conversionRuleId: optionalId,
    enabled: z.boolean({ message: 'errors.badRequest' }),
    remarks,
  })
  // Spec 5: the pass line must not exceed the score system; the lines rise from pass to excellent.
  .refine((value) => value.passLine <= value.fullMark, { message: 'scoreSystem.passLineOver', path: ['passLine'] })
  .refine((value) => value.passLine <= value.goodLine && value.goodLine <= value.excellentLine && value.excellentLine <= value.fullMark, {
    message: 'scoreSystem.linesOrder',
    path: ['goodLine'],
  });
export type ScoreSystemForm = z.input<typeof scoreSystemFormSchema>;
export type ScoreSystemFormParsed = z.infer<typeof scoreSystemFormSchema>;

export const scoreSystemSearchSchema = z.object({ keyword: z.string().trim().max(50, 'validation.tooLong').optional() }).strip();
export const SCORE_SYSTEM_SORTS = ['name', 'fullMark'] as const;

export interface ScoreSystemRow {
  id: number;
  name: string;
  fullMark: number;
  passLine: number;
  goodLine: number;
  excellentLine: number;
  conversionRuleId: number | null;
  conversionRuleName: string;
  enabled: boolean;
  remarks: string;
  /** Scores recorded under the system: such a system cannot be deleted. */
  inUse: boolean;
}
