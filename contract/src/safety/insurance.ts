import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId } from '../system/system.ts';
import type { UPLOAD_PURPOSES } from '../shared/files.ts';

/**
 * 保险理赔 (issue 17): the school's insurers, their policies and the students each covers (/cbxq/index);
 * claims a parent files for an insured child with pictures and follows, and the office reviews, marks the
 * materials received and the claim paid, or rejects with a reason (/bxlp/lpStu lists one student's).
 */
export const INSURANCE_PERMISSIONS = {
  /** The page: a parent files and follows their child's claims. */
  page: 'safety:insurance',
  /** The office: insurers, policies, insured students, every claim and its handling. */
  manage: 'safety:insurance:manage',
} as const;

export const INSURANCE_URLS = {
  page: '/bxjl/bxlp',
  studentClaims: '/bxlp/lpStu',
  policyDetails: '/cbxq/index',
} as const;

/** Spec 5: insurance attachments at most 5 files of 5 MB (the upload purpose holds the limits). */
export const CLAIM_ATTACHMENTS = { files: 'insurance' } as const satisfies Record<string, keyof typeof UPLOAD_PURPOSES>;
export const CLAIM_FILES_MAX = 5;
export const CLAIM_AMOUNT_MAX = 1_000_000;
export const CLAIM_DESCRIPTION_MAX = 500;
export const CLAIM_PLACE_MAX = 100;
export const CLAIM_COMMENT_MAX = 200;

/**
 * Spec 4: a claim is paid or not, its materials received or not. Submitted by the parent, the office
 * receives the materials, then pays; it may reject one not yet paid, saying why.
 */
export const CLAIM_STATUSES = ['submitted', 'received', 'paid', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_ACTIONS = ['receive', 'pay', 'reject'] as const;
export type ClaimAction = (typeof CLAIM_ACTIONS)[number];

export const CLAIM_TRANSITIONS: Record<ClaimStatus, Partial<Record<ClaimAction, ClaimStatus>>> = {
  submitted: { receive: 'received', reject: 'rejected' },
  received: { pay: 'paid', reject: 'rejected' },
  paid: {},
  rejected: {},
};

export function claimNext(status: ClaimStatus, action: ClaimAction): ClaimStatus | undefined {
  return CLAIM_TRANSITIONS[status][action];
}

export const DATE_ONLY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  if (!DATE_ONLY_PATTERN.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

export const daySchema = (message: string) =>
  z
    .string({ message })
    .trim()
    .refine((value) => isCalendarDay(value), message);

const text = (max: number, required?: string) => {
  const base = z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(max, 'validation.tooLong'));
  return required ? base.refine((value) => value.length > 0, required) : base;
};

/** Yuan with at most two decimals, from 0.01 (or 0 where allowed) to the limit. */
export const moneySchema = (message: string, min = 0.01) =>
  z.coerce
    .number({ message })
    .min(min, message)
    .max(CLAIM_AMOUNT_MAX, message)
    .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), 'insurance.moneyDecimals');

export const companyFormSchema = z.object({
  id: idSchema.optional(),
  name: text(100, 'common.nameRequired'),
  contactPerson: text(30),
  phone: text(30).refine((value) => value === '' || /^[0-9+\-() ]{3,30}$/.test(value), 'insurance.phoneFormat'),
});
export type CompanyForm = z.input<typeof companyFormSchema>;

export const policyFormSchema = z
  .object({
    id: idSchema.optional(),
    companyId: requiredId('insurance.companyRequired'),
    policyNo: text(50, 'insurance.policyNoRequired').refine((value) => /^[A-Za-z0-9-]*$/.test(value), 'insurance.policyNoFormat'),
    year: z.coerce.number({ message: 'insurance.yearRange' }).int('insurance.yearRange').min(2000, 'insurance.yearRange').max(9999, 'insurance.yearRange'),
    coverage: text(300, 'insurance.coverageRequired'),
    premium: moneySchema('insurance.premiumRange'),
    startDate: daySchema('insurance.dateFormat'),
    endDate: daySchema('insurance.dateFormat'),
  })
  .refine((value) => value.endDate > value.startDate, { message: 'insurance.periodOrder', path: ['endDate'] });
export type PolicyForm = z.input<typeof policyFormSchema>;

/** Students insured by picking them one by one, or whole classes. */
export const insureSchema = z
  .object({
    policyId: idSchema,
    studentIds: z.array(idSchema).max(2000, 'errors.badRequest').default([]),
    classIds: z.array(idSchema).max(100, 'errors.badRequest').default([]),
    /** Imported: student numbers pasted from a list (a spreadsheet column). */
    studentNumbers: z.array(z.string().trim().max(30, 'validation.tooLong')).max(3000, 'errors.badRequest').default([]),
  })
  .refine((value) => value.studentIds.length + value.classIds.length + value.studentNumbers.filter(Boolean).length > 0, { message: 'insurance.studentsRequired', path: ['studentIds'] });

/**
 * A policy's insured students imported from a workbook: the student number says who, the name (as the
 * student's record has it) catches a mistyped number, the class is optional and checked when given.
 */
export const INSURED_IMPORT_COLUMNS = ['studentNumber', 'name', 'className'] as const;
export type InsuredImportColumn = (typeof INSURED_IMPORT_COLUMNS)[number];
/** The same ceiling as the pasted numbers of insureSchema. */
export const INSURED_IMPORT_MAX_ROWS = 3000;
export const INSURED_IMPORT_PURPOSE = 'insuredImport' as const satisfies keyof typeof UPLOAD_PURPOSES;
export const insuredImportQuerySchema = z.object({ policyId: idSchema });

export interface InsuredImportError {
  /** The row as Excel numbers it. */
  row: number;
  /** The column's heading in the caller's language. */
  column: string;
  message: string;
}
/** Students newly insured, those already on the policy (skipped), or (with a 400) every bad cell and nothing imported. */
export interface InsuredImportResult {
  imported: number;
  skipped: number;
  errors: InsuredImportError[];
}

export const uninsureSchema = z.object({ policyId: idSchema, ids: z.array(idSchema).min(1, 'common.selectNone').max(2000, 'errors.badRequest') });

export const claimFormSchema = z.object({
  studentId: requiredId('insurance.studentRequired'),
  policyId: requiredId('insurance.policyRequired'),
  accidentDate: daySchema('insurance.dateFormat'),
  place: text(CLAIM_PLACE_MAX, 'insurance.placeRequired'),
  description: text(CLAIM_DESCRIPTION_MAX, 'insurance.descriptionRequired'),
  amountClaimed: moneySchema('insurance.amountRange'),
  files: z.array(z.string().max(64, 'errors.badRequest'), { message: 'errors.badRequest' }).max(CLAIM_FILES_MAX, 'insurance.filesMax').default([]),
});
export type ClaimForm = z.input<typeof claimFormSchema>;

export const claimActionSchema = z
  .object({
    id: idSchema,
    action: z.enum(CLAIM_ACTIONS, { message: 'errors.badRequest' }),
    comment: text(CLAIM_COMMENT_MAX),
    paidAmount: z.preprocess((value) => (value === '' || value === null ? undefined : value), moneySchema('insurance.paidAmountRange').optional()),
    paidDate: z.preprocess((value) => (value === '' || value === null ? undefined : value), daySchema('insurance.dateFormat').optional()),
  })
  .refine((value) => value.action !== 'reject' || value.comment.length > 0, { message: 'insurance.rejectReasonRequired', path: ['comment'] })
  .refine((value) => value.action !== 'pay' || (value.paidAmount !== undefined && value.paidDate !== undefined), { message: 'insurance.paidRequired', path: ['paidAmount'] });
export type ClaimActionForm = z.input<typeof claimActionSchema>;

export const claimSearchSchema = z
  .object({
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    status: z.enum(['', ...CLAIM_STATUSES]).optional(),
    policyId: optionalId,
    studentId: optionalId,
  })
  .strip();
export const CLAIM_SORTS = ['createdAt', 'accidentDate', 'amountClaimed', 'status', 'studentName'] as const;

export const policySearchSchema = z.object({ keyword: z.string().trim().max(50, 'validation.tooLong').optional(), companyId: optionalId }).strip();
export const POLICY_SORTS = ['startDate', 'policyNo', 'year'] as const;
export const companySearchSchema = z.object({ keyword: z.string().trim().max(50, 'validation.tooLong').optional() }).strip();
export const insuredSearchSchema = z.object({ policyId: optionalId, keyword: z.string().trim().max(50, 'validation.tooLong').optional(), classId: optionalId }).strip();

export interface CompanyRow {
  id: number;
  name: string;
  contactPerson: string;
  phone: string;
  policyCount: number;
}

export interface PolicyRow {
  id: number;
  companyId: number;
  companyName: string;
  policyNo: string;
  year: number;
  coverage: string;
  premium: number;
  startDate: string;
  endDate: string;
  /** Today lies in its period. */
  current: boolean;
  insuredCount: number;
  claimCount: number;
}

export interface InsuredRow {
  id: number;
  policyId: number;
  studentId: number;
  studentNumber: string;
  studentName: string;
  className: string;
  claimCount: number;
  createdAt: string;
}

export interface ClaimFile {
  id: string;
  name: string;
  size: number;
  mimeType: string;
}

export interface ClaimEvent {
  status: ClaimStatus;
  comment: string;
  byName: string;
  at: string;
}

export interface ClaimRow {
  id: number;
  policyId: number;
  policyNo: string;
  companyName: string;
  studentId: number;
  studentNumber: string;
  studentName: string;
  className: string;
  accidentDate: string;
  place: string;
  description: string;
  amountClaimed: number;
  status: ClaimStatus;
  materialsReceived: boolean;
  paid: boolean;
  paidAmount: number | null;
  paidDate: string;
  rejectReason: string;
  filedByName: string;
  createdAt: string;
  fileCount: number;
}

export interface ClaimDetail extends ClaimRow {
  files: ClaimFile[];
  events: ClaimEvent[];
}

/** A parent's child with the current policies that cover them (what a claim may be filed under). */
export interface InsuredChild {
  id: number;
  name: string;
  className: string;
  policies: { id: number; policyNo: string; companyName: string; startDate: string; endDate: string }[];
}

export interface PolicyStats {
  policyId: number;
  policyNo: string;
  companyName: string;
  insuredCount: number;
  claims: Record<ClaimStatus, number>;
  totalClaims: number;
  amountClaimed: number;
  amountPaid: number;
}

export interface InsuranceStudentOption {
  id: number;
  studentNumber: string;
  name: string;
  className: string;
}
