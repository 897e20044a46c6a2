import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId } from '../system/system.ts';
import { daySchema } from './insurance.ts';

/**
 * 违纪管理 (issue 17): records of students' misconduct with its type (a configurable list), date,
 * description and sanction; a sanction may later be revoked (the record stays, marked revoked). Class
 * teachers record and read their own class's, the office every class's; a parent reads their child's and a
 * student their own.
 */
export const DISCIPLINE_PERMISSIONS = {
  page: 'safety:discipline',
  /** Class teachers (their class) and the office record, sanction and revoke. */
  edit: 'safety:discipline:edit',
  /** The office: every class, and the list of types. */
  all: 'safety:discipline:all',
} as const;

export const DISCIPLINE_URL = '/bxjl/wjgl';

/** The sanctions from the lightest; a record may have none yet. */
export const DISCIPLINE_SANCTIONS = ['warning', 'seriousWarning', 'demerit', 'seriousDemerit', 'probation'] as const;
export type DisciplineSanction = (typeof DISCIPLINE_SANCTIONS)[number];

export const DISCIPLINE_DESCRIPTION_MAX = 500;
export const DISCIPLINE_REASON_MAX = 200;

const text = (max: number, required?: string) => {
  const base = z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(max, 'validation.tooLong'));
  return required ? base.refine((value) => value.length > 0, required) : base;
};

export const disciplineFormSchema = z.object({
  id: idSchema.optional(),
  studentId: requiredId('discipline.studentRequired'),
  typeId: requiredId('discipline.typeRequired'),
  occurredOn: daySchema('discipline.dateFormat'),
  description: text(DISCIPLINE_DESCRIPTION_MAX, 'discipline.descriptionRequired'),
  sanction: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(DISCIPLINE_SANCTIONS, { message: 'errors.badRequest' }).optional()),
});
export type DisciplineForm = z.input<typeof disciplineFormSchema>;

export const disciplineRevokeSchema = z.object({
  id: idSchema,
  revokedOn: daySchema('discipline.dateFormat'),
  reason: text(DISCIPLINE_REASON_MAX, 'discipline.revokeReasonRequired'),
});
export type DisciplineRevokeForm = z.input<typeof disciplineRevokeSchema>;

export const disciplineTypeFormSchema = z.object({
  id: idSchema.optional(),
  name: text(30, 'common.nameRequired'),
  nameEn: text(50),
  sort: z.coerce.number({ message: 'discipline.sortRange' }).int('discipline.sortRange').min(0, 'discipline.sortRange').max(99, 'discipline.sortRange'),
  enabled: z.boolean().default(true),
});
export type DisciplineTypeForm = z.input<typeof disciplineTypeFormSchema>;

export const disciplineSearchSchema = z
  .object({
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    typeId: optionalId,
    classId: optionalId,
    studentId: optionalId,
    /** '' all, 'none' no sanction, 'active' sanctioned and standing, 'revoked'. */
    state: z.enum(['', 'none', 'active', 'revoked']).optional(),
  })
  .strip();
export const DISCIPLINE_SORTS = ['occurredOn', 'studentName', 'typeName', 'createdAt'] as const;

export interface DisciplineRow {
  id: number;
  studentId: number;
  studentNumber: string;
  studentName: string;
  classId: number;
  className: string;
  typeId: number;
  typeName: string;
  occurredOn: string;
  description: string;
  sanction: DisciplineSanction | null;
  sanctionedOn: string;
  revoked: boolean;
  revokedOn: string;
  revokeReason: string;
  recordedByName: string;
  createdAt: string;
  /** The caller may change it (their class's, or the office). */
  editable: boolean;
}

export interface DisciplineType {
  id: number;
  name: string;
  nameEn: string;
  sort: number;
  enabled: boolean;
  used: number;
}

export interface DisciplineOptions {
  types: { id: number; name: string; enabled: boolean }[];
  classes: { id: number; name: string }[];
}
