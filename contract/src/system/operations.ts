import { z } from 'zod';
import { idSchema } from './system.ts';

/**
 * Operations screens of system management (issue 4, items 5 to 7): operation logs, scheduled jobs and
 * their runs, system configuration and the password rule. The server checks with these schemas; the web
 * forms use the same ones through zodRule.
 */

// ---------------------------------------------------------------- operation logs (/xtgl/rzgl)

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'errors.badRequest');

/** Search of the operation-log list: a date range, the user's account (part of it), the module, the outcome. */
export const operationLogSearchSchema = z
  .object({
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
    account: z.string().trim().max(64, 'validation.tooLong').optional(),
    module: z.string().trim().max(64, 'validation.tooLong').optional(),
    outcome: z.enum(['success', 'failure']).optional(),
  })
  .strip();
export type OperationLogSearch = z.infer<typeof operationLogSearchSchema>;

/** One operation-log row as the list answers it (spec section 3 "User log"). */
export interface OperationLogRow {
  id: number;
  createdAt: string;
  userId: number | null;
  account: string | null;
  clientAddress: string | null;
  method: string;
  path: string;
  handler: string | null;
  module: string;
  operation: string;
  /** Request parameters with secrets replaced by ******. */
  params: unknown;
  durationMs: number;
  outcome: string;
  statusCode: number;
  errorMessage: string | null;
  clientType: string;
  systemName: string;
}

// ---------------------------------------------------------------- scheduled jobs (/datasynchronization, /job/log)

export const JOB_CODE_MAX = 64;
export const JOB_NAME_MAX = 100;
export const CRON_MAX = 100;

/**
 * A cron expression's shape: 5 fields (minute hour day month weekday) or 6 (with seconds first). The
 * server then parses it with croner, which refuses impossible values; the message is the same.
 */
export const cronSchema = z
  .string()
  .trim()
  .min(1, 'jobs.cronRequired')
  .max(CRON_MAX, 'jobs.cronInvalid')
  .refine((value) => /^\S+(\s+\S+){4,5}$/.test(value), 'jobs.cronInvalid');

const jobFields = {
  code: z
    .string()
    .trim()
    .min(1, 'jobs.codeRequired')
    .max(JOB_CODE_MAX, 'validation.tooLong')
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'jobs.codeFormat'),
  name: z.string().trim().min(1, 'jobs.nameRequired').max(JOB_NAME_MAX, 'validation.tooLong'),
  nameEn: z.string().trim().max(JOB_NAME_MAX, 'validation.tooLong').optional().default(''),
  handler: z.string().trim().min(1, 'jobs.handlerRequired').max(64, 'validation.tooLong'),
  cron: cronSchema,
  enabled: z.boolean().default(false),
  remark: z.string().trim().max(300, 'validation.tooLong').optional().default(''),
};

export const jobCreateSchema = z.object(jobFields);
export const jobUpdateSchema = z.object({ id: idSchema, ...jobFields });
export type JobCreate = z.infer<typeof jobCreateSchema>;
export type JobUpdate = z.infer<typeof jobUpdateSchema>;
export const jobEnableSchema = z.object({ ids: z.array(idSchema).min(1, 'common.selectNone').max(500, 'errors.badRequest'), enabled: z.boolean() });

export const jobSearchSchema = z
  .object({
    keyword: z.string().trim().max(100, 'validation.tooLong').optional(),
    enabled: z.boolean().optional(),
  })
  .strip();
export type JobSearch = z.infer<typeof jobSearchSchema>;

export type JobRunOutcome = 'running' | 'success' | 'failure';

export interface JobRow {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
  handler: string;
  cron: string;
  enabled: boolean;
  remark: string | null;
  nextRunAt: string | null;
  runningSince: string | null;
  lastRun: { startedAt: string; outcome: JobRunOutcome; durationMs: number | null } | null;
}

/** A handler the server can run, for the job form's choice. */
export interface JobHandlerOption {
  name: string;
  /** Catalogue key of its description. */
  descriptionKey: string;
}

export const jobRunSearchSchema = z
  .object({
    jobId: idSchema.optional(),
    outcome: z.enum(['running', 'success', 'failure']).optional(),
    trigger: z.enum(['schedule', 'manual']).optional(),
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
  })
  .strip();
export type JobRunSearch = z.infer<typeof jobRunSearchSchema>;

export interface JobRunRow {
  id: number;
  jobId: number;
  jobCode: string;
  jobName: string;
  jobNameEn: string | null;
  trigger: 'schedule' | 'manual';
  triggeredBy: string | null;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  outcome: JobRunOutcome;
  message: string | null;
}

// ---------------------------------------------------------------- system configuration (/xtgl/xtpz)

const optionalUrl = z
  .string()
  .trim()
  .max(300, 'validation.tooLong')
  // An absolute http(s) address or a path on this site; never javascript: or data: links.
  .refine((value) => value === '' || /^(https?:\/\/[^\s]+|\/[^\s]*)$/i.test(value), 'systemConfig.urlFormat');

/** Default themes the configuration may choose ('' = green, the product default). */
export const SYSTEM_THEMES = ['', 'green', 'red', 'lan', 'blue', 'zi', 'hui', 'org'] as const;

export const LOG_RETENTION_MIN_DAYS = 7;
export const LOG_RETENTION_MAX_DAYS = 3650;
export const DEFAULT_LOG_RETENTION_DAYS = 180;

export const systemConfigSchema = z.object({
  title: z.string().trim().min(1, 'systemConfig.titleRequired').max(100, 'validation.tooLong'),
  titleEn: z.string().trim().min(1, 'systemConfig.titleEnRequired').max(100, 'validation.tooLong'),
  /** The RESID of an uploaded picture (purpose image or avatar); empty for none. */
  logo: z
    .string()
    .trim()
    .max(40, 'validation.tooLong')
    .regex(/^[A-Za-z0-9_-]*$/, 'errors.badRequest')
    .default(''),
  footer: z.string().trim().max(300, 'validation.tooLong').default(''),
  footerEn: z.string().trim().max(300, 'validation.tooLong').default(''),
  /** The school's name as certificates print it; empty: the organisation tree's school. */
  schoolName: z.string().trim().max(60, 'validation.tooLong').default(''),
  schoolNameEn: z.string().trim().max(120, 'validation.tooLong').default(''),
  /** The RESID of the seal picture certificates carry (a PNG with a transparent background); empty: a drawn seal. */
  seal: z
    .string()
    .trim()
    .max(40, 'validation.tooLong')
    .regex(/^[A-Za-z0-9_-]*$/, 'errors.badRequest')
    .default(''),
  reportUrl: optionalUrl.default(''),
  officePreviewUrl: optionalUrl.default(''),
  loginType: z.enum(['normal', 'IDS']),
  /** Where IDS logins go on logout or session timeout; required with IDS. */
  timeoutUrl: optionalUrl.default(''),
  /** '' is the product's green; otherwise one of the theme names of web/src/theme/themes.ts. */
  defaultTheme: z.enum(SYSTEM_THEMES).default(''),
  encryption: z.boolean(),
  logRetentionDays: z.coerce
    .number()
    .int('systemConfig.retentionRange')
    .min(LOG_RETENTION_MIN_DAYS, 'systemConfig.retentionRange')
    .max(LOG_RETENTION_MAX_DAYS, 'systemConfig.retentionRange')
    .default(DEFAULT_LOG_RETENTION_DAYS),
}).refine((value) => value.loginType !== 'IDS' || value.timeoutUrl !== '', { path: ['timeoutUrl'], message: 'systemConfig.timeoutUrlRequired' });
export type SystemConfigForm = z.infer<typeof systemConfigSchema>;

/** What the configuration page reads: the effective values and where the logo is served. */
export interface SystemConfigView extends SystemConfigForm {
  logoUrl: string;
  /** The deployment demands encryption (REQUEST_ENCRYPTION): the flag cannot be switched off here. */
  encryptionForced: boolean;
}

// ---------------------------------------------------------------- password rule (/xtgl/mmgz)

export const PASSWORD_RULE_MAX = 200;

/**
 * Finds a quantified group that itself contains a quantifier, e.g. `(a+)+`, `(\d*)*`, `(x{2,})+`, the
 * shape behind catastrophic backtracking. A syntactic check (no timing): escapes and character classes
 * are skipped, a group's "has a quantifier" passes to its parent group.
 */
export function hasNestedQuantifier(pattern: string): boolean {
  const stack: boolean[] = [];
  let inClass = false;
  const repeatsAt = (i: number): boolean => {
    const c = pattern[i];
    if (c === '+' || c === '*') return true;
    if (c !== '{') return false;
    const match = /^\{(\d*)(,(\d*))?\}/.exec(pattern.slice(i));
    if (!match) return false;
    if (match[2] === undefined) return Number(match[1]) > 1;
    return match[3] === '' || Number(match[3]) > 1;
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      continue;
    }
    if (c === '(') {
      stack.push(false);
      continue;
    }
    if (c === ')') {
      const inner = stack.pop() ?? false;
      if (inner && repeatsAt(i + 1)) return true;
      if (stack.length) stack[stack.length - 1] = stack[stack.length - 1] || inner;
      continue;
    }
    if (c === '+' || c === '*' || (c === '{' && repeatsAt(i))) {
      if (stack.length) stack[stack.length - 1] = true;
    }
  }
  return false;
}

/** Why a password pattern is refused, as a catalogue key; null when it is acceptable. */
export function passwordRuleProblem(pattern: string): 'passwordRule.tooLong' | 'passwordRule.invalid' | 'passwordRule.nestedQuantifier' | null {
  if (pattern.length > PASSWORD_RULE_MAX) return 'passwordRule.tooLong';
  try {
    new RegExp(pattern);
  } catch {
    return 'passwordRule.invalid';
  }
  if (hasNestedQuantifier(pattern)) return 'passwordRule.nestedQuantifier';
  return null;
}

export const passwordRuleSchema = z.object({
  rule: z
    .string()
    .trim()
    .min(1, 'passwordRule.ruleRequired')
    .superRefine((value, ctx) => {
      const problem = passwordRuleProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  description: z.string().trim().min(1, 'passwordRule.descriptionRequired').max(200, 'validation.tooLong'),
  descriptionEn: z.string().trim().min(1, 'passwordRule.descriptionEnRequired').max(200, 'validation.tooLong'),
});
export type PasswordRuleForm = z.infer<typeof passwordRuleSchema>;
