import { z } from 'zod';
import { idSchema } from '../system/system.ts';
import { GENDER_CODES, isCalendarDate } from '../records/people.ts';

/**
 * 招生管理 (/xjgl/zsgl, issue 14): new students are registered (spec 4: on the register or not, studying or
 * not), placed in a class of their grade, then enrolled: the student and parent accounts are created by
 * the student rules of 学生管理 (number from the template, jz + number for the parent). Registrations come
 * one by one or from an Excel sheet, where one bad row imports nothing.
 */

export const ENROLMENT_URL = '/xjgl/zsgl';

/** registered → placed (a class chosen) → enrolled (accounts created); a registration is never deleted once enrolled. */
export const ENROLMENT_STATUSES = ['registered', 'placed', 'enrolled'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/** STD_ENROLMENT_STATUS of a new student who is not on the national register (a guest student, 借读). */
export const NOT_ON_REGISTER_CODE = '4';

export const ENROLMENT_IMPORT_COLUMNS = [
  'name',
  'gender',
  'birthDate',
  'idNumber',
  'grade',
  'entryYear',
  'onRegister',
  'studying',
  'guardianName',
  'guardianPhone',
  'previousSchool',
  'note',
] as const;
export type EnrolmentImportColumn = (typeof ENROLMENT_IMPORT_COLUMNS)[number];
export const ENROLMENT_IMPORT_MAX_ROWS = 2000;
/** Accounts one request creates at most (each password is hashed: a class at a time). */
export const ENROLMENT_ENROL_MAX = 60;

/** The 18-character resident ID: 17 digits and a check character (ISO 7064 MOD 11-2). */
export function isResidentId(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  return '10X98765432'[sum % 11] === value[17];
}

const text = (max: number) => z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(max, 'validation.tooLong'));

export const enrolmentFields = {
  name: z.string({ message: 'common.nameRequired' }).trim().min(1, 'common.nameRequired').max(50, 'validation.tooLong'),
  gender: z.enum(GENDER_CODES, { message: 'people.genderRequired' }),
  birthDate: z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().refine((value) => value === '' || isCalendarDate(value), 'people.dateFormat')),
  idNumber: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value === null || value === undefined ? '' : value),
    z.string().refine((value) => value === '' || isResidentId(value), 'enrolment.idNumberFormat'),
  ),
  gradeId: idSchema,
  entryYear: z.coerce.number({ message: 'studentAdmin.entryYearRange' }).int('studentAdmin.entryYearRange').min(2000, 'studentAdmin.entryYearRange').max(2100, 'studentAdmin.entryYearRange'),
  onRegister: z.boolean({ message: 'errors.badRequest' }),
  studying: z.boolean({ message: 'errors.badRequest' }),
  guardianName: z.string({ message: 'enrolment.guardianRequired' }).trim().min(1, 'enrolment.guardianRequired').max(50, 'validation.tooLong'),
  guardianPhone: z.string({ message: 'enrolment.phoneFormat' }).trim().regex(/^1\d{10}$/, 'enrolment.phoneFormat'),
  previousSchool: text(100),
  note: text(200),
};

export const enrolmentCreateSchema = z.object(enrolmentFields);
export type EnrolmentCreate = z.infer<typeof enrolmentCreateSchema>;
export const enrolmentUpdateSchema = z.object({ id: idSchema, ...enrolmentFields });
export type EnrolmentUpdate = z.infer<typeof enrolmentUpdateSchema>;

export const enrolmentPlaceSchema = z.object({
  ids: z.array(idSchema).min(1, 'common.selectNone').max(500, 'errors.badRequest'),
  classId: idSchema,
});
export const enrolmentEnrolSchema = z.object({
  ids: z.array(idSchema).min(1, 'common.selectNone').max(ENROLMENT_ENROL_MAX, 'enrolment.tooManyAtOnce'),
});

export const enrolmentSearchSchema = z
  .object({
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    gradeId: z.union([idSchema, z.literal('')]).optional(),
    status: z.enum(['', ...ENROLMENT_STATUSES]).optional(),
    entryYear: z.union([z.coerce.number().int().min(2000).max(2100), z.literal('')]).optional(),
  })
  .strip();

export interface EnrolmentRow {
  id: number;
  name: string;
  gender: string;
  birthDate: string;
  idNumber: string;
  gradeId: number;
  gradeName: string;
  entryYear: number;
  onRegister: boolean;
  studying: boolean;
  guardianName: string;
  guardianPhone: string;
  previousSchool: string;
  note: string;
  classId: number | null;
  className: string;
  status: EnrolmentStatus;
  studentNumber: string;
  parentAccount: string;
  createdAt: string;
}

export interface EnrolmentImportError {
  row: number;
  column: string;
  message: string;
}
export interface EnrolmentImportResult {
  imported: number;
  errors: EnrolmentImportError[];
}
