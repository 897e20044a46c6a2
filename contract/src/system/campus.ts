import { z } from 'zod';
import { idSchema, MAX_ID, optionalIdSchema } from './system.ts';

/**
 * Shared schemas of the campus screens (issue 4 items 8, 9 and the departments of item 12): organisation
 * and positions, school calendar, campuses, buildings, classrooms, courses, grade-course hours,
 * teaching-research groups and departments. The server checks them; the forms show them through zodRule.
 */

export const ORG_KINDS = ['school', 'campus', 'division', 'department', 'researchGroup'] as const;
export type OrgKind = (typeof ORG_KINDS)[number];
export const APPOINTMENT_KINDS = ['principal', 'divisionDirector', 'departmentHead', 'gradeLeader', 'researchLeader', 'lessonPrepHead'] as const;
export const BUILDING_USAGES = ['teaching', 'office', 'dormitory', 'laboratory', 'other'] as const;

/** Codes: letters, digits, underscore and hyphen (the seed's codes look like campus-1, dept-it). */
export const CAMPUS_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Names may not hold characters that break exports and searches (spec section 5: no special characters). */
export const CAMPUS_NAME_SPECIAL = /[<>'"&%\\/;|*?!@#$^=+`~{}[\]]/;
const CALENDAR_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const code = (max: number) =>
  z.string({ message: 'common.codeRequired' }).trim().min(1, 'common.codeRequired').max(max, 'validation.tooLong').regex(CAMPUS_CODE_PATTERN, 'campus.codeFormat');
const name = (max: number) =>
  z
    .string({ message: 'common.nameRequired' })
    .trim()
    .min(1, 'common.nameRequired')
    .max(max, 'validation.tooLong')
    .refine((value) => !CAMPUS_NAME_SPECIAL.test(value), 'common.nameSpecial');
/** Optional text; null (how a record answers an empty field) reads as empty, so a fetched record saves back. */
const nullToEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === null ? undefined : value), schema);
const optionalText = (max: number) => nullToEmpty(z.string().trim().max(max, 'validation.tooLong').optional().default(''));
const sort = (max = 9999) =>
  z.coerce.number({ message: 'campus.sortRange' }).int('campus.sortRange').min(0, 'campus.sortRange').max(max, 'campus.sortRange').default(0);
const optionalId = optionalIdSchema;
const optionalNumber = (max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? undefined : value),
    z.coerce.number({ message: 'campus.numberFormat' }).min(0, 'campus.numberFormat').max(max, 'campus.numberFormat').optional(),
  );

/** A calendar date: YYYY-MM-DD, a real day, year 2000 to 9999 (spec section 5). */
export const calendarDateSchema = z
  .string({ message: 'calendar.dateRequired' })
  .trim()
  .min(1, 'calendar.dateRequired')
  .regex(CALENDAR_DATE_PATTERN, 'calendar.dateFormat')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'calendar.dateFormat')
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= 2000 && year <= 9999;
  }, 'calendar.yearRange');

const endAfterStart = <T extends { startDate: string; endDate: string }>(value: T, ctx: z.RefinementCtx) => {
  if (CALENDAR_DATE_PATTERN.test(value.startDate) && CALENDAR_DATE_PATTERN.test(value.endDate) && value.endDate <= value.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'calendar.endBeforeStart' });
  }
};

// ---- Organisation -------------------------------------------------------------------------------

export const orgUnitFormSchema = z.object({
  id: idSchema.optional(),
  parentId: optionalId,
  code: code(50),
  name: name(100),
  nameEn: optionalText(100),
  kind: z.enum(ORG_KINDS, { message: 'org.kindRequired' }),
  sort: sort(),
  enabled: z.boolean().default(true),
});
export type OrgUnitForm = z.infer<typeof orgUnitFormSchema>;

export interface OrgUnitNode {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  nameEn: string | null;
  kind: OrgKind;
  sort: number;
  enabled: boolean;
  children: OrgUnitNode[];
}

export const appointmentCreateSchema = z.object({
  orgUnitId: idSchema,
  /** The staff member's account (staff number), as the people picker answers it. */
  staffAccount: z.string({ message: 'appointments.staffRequired' }).trim().min(1, 'appointments.staffRequired').max(64, 'validation.tooLong'),
  kind: z.enum(APPOINTMENT_KINDS, { message: 'appointments.kindRequired' }),
  scopeName: name(100),
});
export type AppointmentCreate = z.infer<typeof appointmentCreateSchema>;

export const appointmentSearchSchema = z.object({ orgUnitId: optionalId, keyword: z.string().trim().max(64, 'validation.tooLong').optional() }).strip();

export interface AppointmentRow {
  id: number;
  staffId: number;
  staffNumber: string;
  staffName: string;
  kind: string;
  scopeName: string;
  orgUnitId: number | null;
  orgUnitName: string | null;
}

// ---- Departments (/rygl/bmgl) --------------------------------------------------------------------

export const departmentFormSchema = z.object({
  id: idSchema.optional(),
  parentId: optionalId,
  code: code(50),
  name: name(100),
  nameEn: optionalText(100),
  /** The use flag (required, spec section 5). */
  enabled: z.boolean({ message: 'departments.enabledRequired' }),
  sort: sort(),
});
export type DepartmentForm = z.infer<typeof departmentFormSchema>;

export const campusKeywordSearchSchema = z
  .object({ keyword: z.string().trim().max(64, 'validation.tooLong').optional(), enabled: z.boolean().optional(), campusId: optionalId })
  .strip();

export interface DepartmentRow {
  id: number;
  parentId: number | null;
  parentName: string | null;
  code: string;
  name: string;
  nameEn: string | null;
  enabled: boolean;
  sort: number;
  staffCount: number;
}

// ---- Calendar ------------------------------------------------------------------------------------

export const schoolYearFormSchema = z
  .object({
    id: idSchema.optional(),
    code: z
      .string({ message: 'common.codeRequired' })
      .trim()
      .min(1, 'common.codeRequired')
      .regex(/^\d{4}-\d{4}$/, 'calendar.yearCodeFormat'),
    name: name(50),
    startDate: calendarDateSchema,
    endDate: calendarDateSchema,
  })
  .superRefine(endAfterStart);
export type SchoolYearForm = z.infer<typeof schoolYearFormSchema>;

export const TERM_CODE_PATTERN = /^\d{4}-\d{4}-[1-9]$/;
export const termFormSchema = z
  .object({
    id: idSchema.optional(),
    schoolYearId: idSchema,
    code: z.string({ message: 'common.codeRequired' }).trim().min(1, 'common.codeRequired').regex(TERM_CODE_PATTERN, 'calendar.termCodeFormat'),
    name: name(50),
    nameEn: optionalText(50),
    startDate: calendarDateSchema,
    endDate: calendarDateSchema,
    weekCount: z.coerce.number({ message: 'calendar.weekCountRange' }).int('calendar.weekCountRange').min(1, 'calendar.weekCountRange').max(30, 'calendar.weekCountRange'),
    isCurrent: z.boolean().default(false),
  })
  .superRefine(endAfterStart);
export type TermForm = z.infer<typeof termFormSchema>;

export const termSearchSchema = z.object({ keyword: z.string().trim().max(64, 'validation.tooLong').optional(), schoolYearId: optionalId }).strip();

export interface SchoolYearRow {
  id: number;
  code: string;
  name: string;
  startDate: string;
  endDate: string;
  termCount: number;
  hasCurrent: boolean;
}

export interface TermRow {
  id: number;
  schoolYearId: number;
  schoolYearName: string;
  code: string;
  name: string;
  nameEn: string | null;
  startDate: string;
  endDate: string;
  weekCount: number;
  isCurrent: boolean;
}

export interface TermWeek {
  week: number;
  startDate: string;
  endDate: string;
}

/** The weeks of a term: week 1 starts on the start date, each lasts 7 days, weekCount of them. */
export function termWeeks(startDate: string, weekCount: number): TermWeek[] {
  const start = new Date(`${startDate}T00:00:00Z`).getTime();
  const day = 24 * 3600 * 1000;
  return Array.from({ length: weekCount }, (_, i) => ({
    week: i + 1,
    startDate: new Date(start + i * 7 * day).toISOString().slice(0, 10),
    endDate: new Date(start + (i * 7 + 6) * day).toISOString().slice(0, 10),
  }));
}

// ---- Campuses, buildings, classrooms -------------------------------------------------------------

export const POSTAL_CODE_PATTERN = /^\d{6}$/;
export const campusFormSchema = z.object({
  id: idSchema.optional(),
  code: code(50),
  name: name(100),
  nameEn: optionalText(100),
  address: optionalText(200),
  phone: nullToEmpty(
    z
      .string()
      .trim()
      .max(30, 'validation.tooLong')
      .regex(/^[0-9+\-() ]*$/, 'campuses.phoneFormat')
      .optional()
      .default(''),
  ),
  areaCode: nullToEmpty(
    z
      .string()
      .trim()
      .max(12, 'validation.tooLong')
      .regex(/^[0-9]*$/, 'campuses.areaFormat')
      .optional()
      .default(''),
  ),
  floorArea: optionalNumber(999_999_999),
  postalCode: nullToEmpty(z.string().trim().regex(/^(\d{6})?$/, 'campuses.postalCode').optional().default('')),
  personInCharge: optionalText(50),
  instrumentValue: optionalNumber(999_999_999_999),
  fixedAssetsValue: optionalNumber(999_999_999_999),
  sort: sort(),
  enabled: z.boolean().default(true),
});
export type CampusForm = z.infer<typeof campusFormSchema>;

export interface CampusRow {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
  address: string | null;
  phone: string | null;
  areaCode: string | null;
  areaName: string | null;
  floorArea: number | null;
  postalCode: string | null;
  personInCharge: string | null;
  instrumentValue: number | null;
  fixedAssetsValue: number | null;
  sort: number;
  enabled: boolean;
}

export const buildingFormSchema = z.object({
  id: idSchema.optional(),
  code: code(30),
  name: name(100),
  campusId: z.coerce.number({ message: 'buildings.campusRequired' }).int('buildings.campusRequired').positive('buildings.campusRequired').max(MAX_ID, 'buildings.campusRequired'),
  floors: z.coerce.number({ message: 'buildings.floorsRange' }).int('buildings.floorsRange').min(1, 'buildings.floorsRange').max(200, 'buildings.floorsRange'),
  usage: z.enum(BUILDING_USAGES, { message: 'buildings.usageRequired' }),
  enabled: z.boolean().default(true),
  sort: sort(),
  remark: optionalText(300),
});
export type BuildingForm = z.infer<typeof buildingFormSchema>;

export interface BuildingRow {
  id: number;
  code: string;
  name: string;
  campusId: number;
  campusName: string;
  floors: number | null;
  usage: string | null;
  enabled: boolean;
  sort: number;
  remark: string | null;
  classroomCount: number;
}

export const classroomFormSchema = z.object({
  id: idSchema.optional(),
  code: code(30),
  name: name(100),
  /** The building's name: typed, or filled from a chosen building of the campus. */
  building: optionalText(100),
  campusId: z.coerce.number({ message: 'classrooms.campusRequired' }).int('classrooms.campusRequired').positive('classrooms.campusRequired').max(MAX_ID, 'classrooms.campusRequired'),
  capacity: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? undefined : value),
    z.coerce.number({ message: 'classrooms.capacityRange' }).int('classrooms.capacityRange').min(0, 'classrooms.capacityRange').max(1000, 'classrooms.capacityRange').optional(),
  ),
  /** How many classes can have a lesson there at the same time (a playground several). */
  classesAtOnce: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 1 : value),
    z.coerce.number({ message: 'classrooms.classesAtOnceRange' }).int('classrooms.classesAtOnceRange').min(1, 'classrooms.classesAtOnceRange').max(20, 'classrooms.classesAtOnceRange'),
  ),
});
export type ClassroomForm = z.infer<typeof classroomFormSchema>;

export interface ClassroomRow {
  id: number;
  code: string;
  name: string;
  building: string | null;
  campusId: number;
  campusName: string;
  capacity: number | null;
  classesAtOnce: number;
}

// ---- Courses and grade-course hours --------------------------------------------------------------

export const courseFormSchema = z.object({
  id: idSchema.optional(),
  code: code(30),
  name: name(100),
  nameEn: optionalText(100),
  researchGroupId: optionalId,
  isElective: z.boolean().default(false),
  sort: sort(9999),
});
export type CourseForm = z.infer<typeof courseFormSchema>;

export const courseSearchSchema = z
  .object({ keyword: z.string().trim().max(64, 'validation.tooLong').optional(), isElective: z.boolean().optional(), researchGroupId: optionalId })
  .strip();

export interface CourseRow {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
  researchGroupId: number | null;
  researchGroupName: string | null;
  isElective: boolean;
  sort: number;
}

export const gradeCourseHoursFormSchema = z.object({
  id: idSchema.optional(),
  termId: z.coerce.number({ message: 'gradeHours.termRequired' }).int('gradeHours.termRequired').positive('gradeHours.termRequired').max(MAX_ID, 'gradeHours.termRequired'),
  gradeId: z.coerce.number({ message: 'gradeHours.gradeRequired' }).int('gradeHours.gradeRequired').positive('gradeHours.gradeRequired').max(MAX_ID, 'gradeHours.gradeRequired'),
  courseId: z.coerce.number({ message: 'gradeHours.courseRequired' }).int('gradeHours.courseRequired').positive('gradeHours.courseRequired').max(MAX_ID, 'gradeHours.courseRequired'),
  weeklyHours: z.coerce.number({ message: 'gradeHours.hoursRange' }).int('gradeHours.hoursRange').min(0, 'gradeHours.hoursRange').max(40, 'gradeHours.hoursRange'),
});
export type GradeCourseHoursForm = z.infer<typeof gradeCourseHoursFormSchema>;

export const gradeCourseHoursSearchSchema = z.object({ termId: optionalId, gradeId: optionalId, courseId: optionalId }).strip();

export interface GradeCourseHoursRow {
  id: number;
  termId: number;
  termName: string;
  termNameEn: string | null;
  gradeId: number;
  gradeName: string;
  gradeNameEn: string | null;
  courseId: number;
  courseName: string;
  courseNameEn: string | null;
  weeklyHours: number;
}

// ---- Teaching-research groups --------------------------------------------------------------------

/** Spec section 5: a member cannot be the leader; texts at most 50 characters. */
export const RESEARCH_GROUP_MAX_LENGTH = 50;
export const researchGroupFormSchema = z
  .object({
    id: idSchema.optional(),
    parentId: optionalId,
    code: code(RESEARCH_GROUP_MAX_LENGTH),
    name: name(RESEARCH_GROUP_MAX_LENGTH),
    nameEn: optionalText(RESEARCH_GROUP_MAX_LENGTH),
    courseId: optionalId,
    /** Staff accounts (staff numbers), as the people picker answers them. */
    leader: nullToEmpty(z.string().trim().max(64, 'validation.tooLong').optional().default('')),
    members: z.array(z.string().trim().min(1, 'errors.badRequest').max(64, 'validation.tooLong')).max(500, 'errors.badRequest').default([]),
    enabled: z.boolean().default(true),
    sort: sort(),
    remark: optionalText(RESEARCH_GROUP_MAX_LENGTH),
  })
  .superRefine((group, ctx) => {
    if (group.leader && group.members.includes(group.leader)) {
      ctx.addIssue({ code: 'custom', path: ['members'], message: 'researchGroups.leaderIsMember' });
    }
  });
export type ResearchGroupForm = z.infer<typeof researchGroupFormSchema>;

export interface ResearchGroupRow {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  nameEn: string | null;
  courseId: number | null;
  courseName: string | null;
  leader: string | null;
  leaderName: string | null;
  members: { account: string; name: string }[];
  enabled: boolean;
  sort: number;
  remark: string | null;
}
