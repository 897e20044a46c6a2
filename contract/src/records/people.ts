import { z } from 'zod';
import { idSchema, MAX_ID } from '../system/system.ts';

/**
 * Shared schemas of the people screens (issue 4 items 10 and 11): classes (/xtgl/bjgl), students
 * (/xtgl/xsgl) and staff (/rygl/jzggl). The server checks them; the forms show them through zodRule.
 * Messages are catalogue keys of contract/src/messages/people.ts.
 */

// ---------------------------------------------------------------------------------------------------
// Shared pieces

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Names may not hold characters that break exports and searches (spec section 5: no special characters). */
export const PEOPLE_NAME_SPECIAL = /[<>'"&%\\/;|*?!@#$^=+`~{}[\]]/;

/** A real calendar day written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalId = z.preprocess(blankToUndefined, idSchema.optional());
const requiredId = (message: string) => z.preprocess(blankToUndefined, z.coerce.number({ message }).int(message).positive(message).max(MAX_ID, message));
const personName = (max: number) =>
  z
    .string({ message: 'common.nameRequired' })
    .trim()
    .min(1, 'common.nameRequired')
    .max(max, 'validation.tooLong')
    .refine((value) => !PEOPLE_NAME_SPECIAL.test(value), 'common.nameSpecial');
const optionalText = (max: number) => z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(max, 'validation.tooLong'));
/** An optional date: '' (none) or a real YYYY-MM-DD day. */
const optionalDate = (message: string) =>
  z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().refine((value) => value === '' || isCalendarDate(value), message));
/** Dictionary STD_GENDER: 1 male, 2 female. */
export const GENDER_CODES = ['1', '2'] as const;
const gender = z.enum(GENDER_CODES, { message: 'people.genderRequired' });

// ---------------------------------------------------------------------------------------------------
// Classes (/xtgl/bjgl)

/** Class number: digits only, up to 30 (spec section 5). */
export const CLASS_CODE_PATTERN = /^\d{1,30}$/;
export const CLASS_SHORT_NAME_MAX = 10;

export const classFormSchema = z.object({
  id: optionalId,
  code: z.string({ message: 'classes.codeRequired' }).trim().min(1, 'classes.codeRequired').regex(CLASS_CODE_PATTERN, 'classes.codeFormat'),
  name: personName(50),
  shortName: z.preprocess((value) => value ?? '', z.string().trim().max(CLASS_SHORT_NAME_MAX, 'classes.shortNameTooLong')),
  gradeId: requiredId('classes.gradeRequired'),
  campusId: requiredId('classes.campusRequired'),
  /** The class teacher's staff number (the picker's people value without its U_ prefix); '' for none. */
  classTeacherNumber: optionalText(30),
  classroomId: optionalId,
  /** Sort fields: digits only, up to 2 characters (spec section 5). */
  sort: z.preprocess(blankToUndefined, z.coerce.number({ message: 'people.sortRange' }).int('people.sortRange').min(0, 'people.sortRange').max(99, 'people.sortRange').default(0)),
});
export type ClassForm = z.infer<typeof classFormSchema>;

export const classSearchSchema = z
  .object({
    keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
    gradeId: z.coerce.number().int().min(0).max(MAX_ID).optional(),
    campusId: z.coerce.number().int().min(0).max(MAX_ID).optional(),
    /** '' any, 'none' classes without a class teacher. */
    teacher: z.enum(['', 'none']).optional(),
  })
  .strip();
export type ClassSearch = z.infer<typeof classSearchSchema>;

export interface ClassAdminRow {
  id: number;
  code: string;
  name: string;
  shortName: string | null;
  gradeId: number;
  gradeName: string;
  campusId: number;
  campusName: string;
  classTeacherNumber: string | null;
  classTeacherName: string | null;
  classroomId: number | null;
  classroomName: string | null;
  sort: number;
  studentCount: number;
}

/** One-click class assignment: each class gets the named teacher as its class teacher ('' clears it). */
export const classAssignSchema = z.object({
  assignments: z
    .array(z.object({ classId: idSchema, staffNumber: z.string().trim().max(30, 'validation.tooLong') }))
    .min(1, 'common.selectNone')
    .max(500, 'errors.badRequest'),
});
export type ClassAssign = z.infer<typeof classAssignSchema>;

export interface Option {
  value: number;
  label: string;
}
export interface ClassFormOptions {
  grades: Option[];
  campuses: Option[];
  classrooms: (Option & { campusId: number })[];
}

// ---------------------------------------------------------------------------------------------------
// Students (/xtgl/xsgl)

/**
 * The student-number template (spec section 3): entry year (4 digits), school division (1 digit), campus
 * (1 digit), serial (3 digits or more), e.g. 201911001. The seed and the student screen both build numbers here.
 */
export function studentNumberPrefix(entryYear: number, divisionDigit: string, campusDigit: string): string {
  return `${entryYear}${divisionDigit}${campusDigit}`;
}
export function formatStudentNumber(prefix: string, serial: number): string {
  return `${prefix}${String(serial).padStart(3, '0')}`;
}
/** The parent account of a student account: jz + the student account (spec section 3). */
export const PARENT_ACCOUNT_PREFIX = 'jz';
export const parentAccountOf = (studentAccount: string) => `${PARENT_ACCOUNT_PREFIX}${studentAccount}`;
/** Initial password of a new student and of their parent: the last 6 characters of the student number. */
export const initialStudentPassword = (studentNumber: string) => studentNumber.slice(-6);

/** Dictionary STD_IN_SCHOOL_STATUS and STD_ENROLMENT_STATUS codes (server/src/db/seed/reference.ts). */
export const IN_SCHOOL_CODES = ['1', '2'] as const;
/** 有学籍, 休学, 转出, and 借读 (studying without being on the register: enrolment's 'not on the register'). */
export const ENROLMENT_CODES = ['1', '2', '3', '4'] as const;

const studentFields = {
  name: personName(50),
  gender,
  birthDate: optionalDate('people.dateFormat'),
  classId: requiredId('studentAdmin.classRequired'),
  entryYear: z.preprocess(blankToUndefined, z.coerce.number({ message: 'studentAdmin.entryYearRange' }).int('studentAdmin.entryYearRange').min(2000, 'studentAdmin.entryYearRange').max(9999, 'studentAdmin.entryYearRange')),
  inSchoolStatus: z.enum(IN_SCHOOL_CODES, { message: 'studentAdmin.inSchoolRequired' }),
  enrolmentStatus: z.enum(ENROLMENT_CODES, { message: 'studentAdmin.enrolmentRequired' }),
};

export const studentCreateSchema = z.object({
  ...studentFields,
  /** An existing parent account (a sibling's, e.g. jz201911001) to link instead of creating jz + number. */
  parentAccount: optionalText(64),
  parentName: optionalText(50),
});
export type StudentCreate = z.infer<typeof studentCreateSchema>;

export const studentUpdateSchema = z.object({ id: idSchema, ...studentFields });
export type StudentUpdate = z.infer<typeof studentUpdateSchema>;

export const studentAdminSearchSchema = z
  .object({
    keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
    classId: z.coerce.number().int().min(0).max(MAX_ID).optional(),
    gradeId: z.coerce.number().int().min(0).max(MAX_ID).optional(),
    inSchoolStatus: z.string().trim().max(10).optional(),
    enrolmentStatus: z.string().trim().max(10).optional(),
  })
  .strip();
export type StudentAdminSearch = z.infer<typeof studentAdminSearchSchema>;

export interface StudentAdminRow {
  id: number;
  studentNumber: string;
  account: string;
  name: string;
  gender: string;
  genderName: string;
  birthDate: string | null;
  classId: number | null;
  className: string | null;
  entryYear: number;
  inSchoolStatus: string;
  inSchoolStatusName: string;
  enrolmentStatus: string;
  enrolmentStatusName: string;
  parentAccounts: string[];
}

export interface StudentFormOptions {
  classes: (Option & { gradeId: number })[];
  grades: Option[];
  genders: { value: string; label: string }[];
  inSchoolStatuses: { value: string; label: string }[];
  enrolmentStatuses: { value: string; label: string }[];
}

// ---------------------------------------------------------------------------------------------------
// Staff (/rygl/jzggl)

/** Staff number: letters and digits, up to 30 (it is also the login account). */
export const STAFF_NUMBER_PATTERN = /^[A-Za-z0-9]{1,30}$/;
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The GB 11643 check character of the first 17 digits of a resident ID number. */
export function idCheckCharacter(first17: string): string {
  const sum = first17.split('').reduce((total, digit, index) => total + Number(digit) * ID_WEIGHTS[index]!, 0);
  return ID_CHECK[sum % 11]!;
}

/** An 18-character resident ID number (GB 11643): 17 digits, a real birth date, the right check character. */
export function isValidIdNumber(value: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  const birth = `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`;
  if (!isCalendarDate(birth)) return false;
  return idCheckCharacter(value.slice(0, 17)) === value[17]!.toUpperCase();
}

/** A mainland mobile number, or a landline with optional area code and extension (e.g. 010-62345678-123). */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const LANDLINE_PATTERN = /^(0\d{2,3}-?)?[1-9]\d{6,7}(-\d{1,6})?$/;
export const isValidPhone = (value: string) => MOBILE_PATTERN.test(value) || LANDLINE_PATTERN.test(value);
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
export const STAFF_POSTAL_CODE_PATTERN = /^\d{6}$/;
/** The initial password of a new staff account: the last 6 characters of the ID number (spec section 3). */
export const initialStaffPassword = (idNumber: string) => idNumber.slice(-6).toUpperCase();

const optionalPattern = (pattern: RegExp | ((value: string) => boolean), message: string, max: number) =>
  optionalText(max).refine((value) => value === '' || (typeof pattern === 'function' ? pattern(value) : pattern.test(value)), message);

/** Every field of a staff record, checked alike by the form, the create/update calls and each import row. */
export const staffFields = z
  .object({
    staffNumber: z.string({ message: 'staff.numberRequired' }).trim().min(1, 'staff.numberRequired').regex(STAFF_NUMBER_PATTERN, 'staff.numberFormat'),
    name: personName(50),
    gender,
    birthDate: optionalDate('people.dateFormat'),
    idNumber: z
      .string({ message: 'staff.idNumberRequired' })
      .trim()
      .min(1, 'staff.idNumberRequired')
      .refine((value) => isValidIdNumber(value), 'staff.idNumberFormat')
      .transform((value) => value.toUpperCase()),
    phone: optionalPattern(isValidPhone, 'staff.phoneFormat', 20),
    email: optionalPattern(EMAIL_PATTERN, 'staff.emailFormat', 100),
    postalCode: optionalPattern(STAFF_POSTAL_CODE_PATTERN, 'staff.postalCodeFormat', 6),
    address: optionalText(200),
    campusId: optionalId,
    establishmentDeptId: optionalId,
    workingDeptId: optionalId,
    researchGroupId: optionalId,
    staffType: optionalText(10),
    title: optionalText(50),
    education: optionalText(50),
    workStartDate: optionalDate('people.dateFormat'),
    arrivalDate: optionalDate('people.dateFormat'),
  })
  .superRefine((value, ctx) => {
    if (value.birthDate && value.workStartDate && isCalendarDate(value.birthDate) && isCalendarDate(value.workStartDate) && value.workStartDate < value.birthDate) {
      ctx.addIssue({ code: 'custom', path: ['workStartDate'], message: 'staff.workStartBeforeBirth' });
    }
    if (value.workStartDate && value.arrivalDate && isCalendarDate(value.workStartDate) && isCalendarDate(value.arrivalDate) && value.arrivalDate < value.workStartDate) {
      ctx.addIssue({ code: 'custom', path: ['arrivalDate'], message: 'staff.arrivalBeforeWorkStart' });
    }
  });
export type StaffFields = z.infer<typeof staffFields>;

/** Positions are managed on the organisation screen (staff_appointments); the staff screen shows them. */
export const staffCreateSchema = staffFields;
export type StaffCreate = StaffFields;
export const staffUpdateSchema = z.intersection(staffFields, z.object({ id: idSchema }));
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

export const staffSearchSchema = z
  .object({
    keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
    campusId: z.coerce.number().int().min(0).max(MAX_ID).optional(),
    workingDeptId: z.coerce.number().int().min(0).max(MAX_ID).optional(),
    researchGroupId: z.coerce.number().int().min(0).max(MAX_ID).optional(),
    staffType: z.string().trim().max(10).optional(),
  })
  .strip();
export type StaffSearch = z.infer<typeof staffSearchSchema>;

export interface StaffRow {
  id: number;
  staffNumber: string;
  name: string;
  gender: string;
  genderName: string;
  birthDate: string | null;
  idNumber: string | null;
  phone: string | null;
  email: string | null;
  postalCode: string | null;
  address: string | null;
  campusId: number | null;
  campusName: string | null;
  establishmentDeptId: number | null;
  establishmentDeptName: string | null;
  workingDeptId: number | null;
  workingDeptName: string | null;
  researchGroupId: number | null;
  researchGroupName: string | null;
  staffType: string | null;
  staffTypeName: string | null;
  title: string | null;
  education: string | null;
  educationName: string | null;
  workStartDate: string | null;
  arrivalDate: string | null;
  /** The classes this staff member leads (appointment info bzrmc). */
  headTeacherOf: string[];
  /** Positions held (appointment info: grade duty, undergraduate duty, ...), kind and what it is over. */
  appointments: { kind: string; scopeName: string }[];
}

export interface StaffFormOptions {
  campuses: Option[];
  departments: Option[];
  researchGroups: Option[];
  staffTypes: { value: string; label: string }[];
  educations: { value: string; label: string }[];
  genders: { value: string; label: string }[];
}

/**
 * The import workbook's columns, in order (row 1 holds the headers in the caller's language; data starts
 * at row 2). Campus, departments and group are given by name; staff type and education by dictionary
 * name or code; gender 男/女, Male/Female or 1/2.
 */
export const STAFF_IMPORT_COLUMNS = [
  'staffNumber',
  'name',
  'gender',
  'birthDate',
  'idNumber',
  'phone',
  'email',
  'postalCode',
  'address',
  'campus',
  'establishmentDept',
  'workingDept',
  'researchGroup',
  'staffType',
  'title',
  'education',
  'workStartDate',
  'arrivalDate',
] as const;
export type StaffImportColumn = (typeof STAFF_IMPORT_COLUMNS)[number];

/** One bad cell of an import: the sheet row (headers are row 1), the column's header, the reason. */
export interface StaffImportError {
  row: number;
  column: string;
  message: string;
}
export interface StaffImportResult {
  imported: number;
  errors: StaffImportError[];
}
/** Most data rows one import reads (a 500 KB workbook holds far fewer). */
export const STAFF_IMPORT_MAX_ROWS = 2000;
