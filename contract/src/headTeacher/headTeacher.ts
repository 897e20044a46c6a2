import { z } from 'zod';
import { MAX_ID, idSchema, optionalIdSchema } from '../system/system.ts';

/**
 * 班主任工作 (issue 17): the class teacher's workbench for their own class(es). A class teacher sees and
 * edits only the classes they lead; an administrator may look at any class but changes nothing; everyone
 * else is refused. The dated records of the pages under /bzrgzscgl/ share one pattern: each kind declares
 * its fields here (CLASS_RECORD_KINDS), and the one checker below validates a record of any kind on both sides.
 */

export const HEAD_TEACHER_PERMISSIONS = {
  overview: 'headTeacher:overview',
  work: 'headTeacher:work',
  /** Excel copies of a class's records and fund: the office's (an export right asks for a second factor at sign-in). */
  export: 'headTeacher:work:export',
} as const;

/** Every page of the area: the two menus and the hidden pages opened from 班级工作. */
export const HEAD_TEACHER_URLS = {
  overview: '/bzrsc/bjgk',
  work: '/bzrsc/bjgz',
  profile: '/bzrgzscgl/bzrxq',
  teacherTimetable: '/bzrgzscgl/bzrkb',
  classTimetable: '/bzrgzscgl/bjkb',
  fund: '/bzrgzscgl/works/bjjf',
  environment: '/bzrgzscgl/works/jshj',
  meeting: '/bzrgzscgl/works/gzhyjyjl',
  seating: '/bzrgzscgl/works/zwb',
  duty: '/bzrgzscgl/mzgz',
  contact: '/bzrgzscgl/jxlxqk',
  cadre: '/bzrgzscgl/xsgbjy',
  practice: '/bzrgzscgl/shsjqk',
  support: '/bzrgzscgl/hbbbbxbqkjl',
  analysis: '/bzrgzscgl/bjqkfx',
  students: '/bzrgzscgl/xsgk',
  incident: '/bzrgzscgl/ofsj',
  activity: '/bzrgzscgl/btdhd',
} as const;
export type HeadTeacherPage = keyof typeof HEAD_TEACHER_URLS;

const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A calendar date as YYYY-MM-DD that exists (not 2026-02-31, which Date.parse rolls over into March). */
function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
const dateText = (message: string) => z.string({ message }).refine(isCalendarDate, message);
const searchDate = z.union([z.literal(''), z.string().refine(isCalendarDate, 'errors.badRequest')]).optional();

/** The class a call is about (every call of the area names it). */
export const classBodySchema = z.object({ classId: idSchema });
export type ClassBody = z.infer<typeof classBodySchema>;

export interface HeadTeacherClass {
  id: number;
  name: string;
  code: string;
  gradeName: string;
  teacherName: string;
  studentCount: number;
  /** The caller leads it (may change its records); an administrator only looks. */
  editable: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Dated class records: one declared field list per kind.

export type RecordFieldType = 'text' | 'textarea' | 'choice' | 'student' | 'students' | 'number' | 'date';

export interface RecordField {
  name: string;
  type: RecordFieldType;
  required?: boolean;
  /** Longest text. */
  max?: number;
  /** choice: the values (their labels: headTeacher.option.<name>.<value>). */
  options?: readonly string[];
  /** number: range and step. */
  min?: number;
  maxValue?: number;
  step?: number;
  /** Shown as a column of the list. */
  listed?: boolean;
}

export interface RecordKindSpec {
  /** The page showing the kind. */
  page: HeadTeacherPage;
  /** The title field (theme, post, place ...): required, at most 100 characters. */
  titleMax: number;
  /** The kind takes pictures. */
  pictures: boolean;
  fields: readonly RecordField[];
  /** A rule across fields: answers a message key and the field it is about, or null. */
  check?: (record: { recordDate: string; fields: Record<string, unknown> }) => { key: string; field: string } | null;
}

export const CLASS_RECORD_PICTURES_MAX = 9;
export const CLASS_RECORD_TEXT_MAX = 2000;

export const CLASS_RECORD_KINDS = {
  /** 教室环境/教室布置 */
  environment: {
    page: 'environment',
    titleMax: 100,
    pictures: true,
    fields: [
      { name: 'area', type: 'choice', required: true, options: ['blackboard', 'wall', 'bookCorner', 'plants', 'hygiene', 'other'], listed: true },
      { name: 'description', type: 'textarea', required: true, max: CLASS_RECORD_TEXT_MAX },
      { name: 'students', type: 'students', listed: true },
    ],
  },
  /** 班会教育记录 */
  meeting: {
    page: 'meeting',
    titleMax: 100,
    pictures: true,
    fields: [
      { name: 'category', type: 'choice', required: true, options: ['theme', 'safety', 'mental', 'patriotic', 'study', 'other'], listed: true },
      { name: 'host', type: 'text', max: 50, listed: true },
      { name: 'present', type: 'number', required: true, min: 0, maxValue: 200, step: 1, listed: true },
      { name: 'absent', type: 'students' },
      { name: 'content', type: 'textarea', required: true, max: CLASS_RECORD_TEXT_MAX },
      { name: 'outcome', type: 'textarea', max: 500 },
    ],
  },
  /** 家校联系情况 */
  contact: {
    page: 'contact',
    titleMax: 100,
    pictures: false,
    fields: [
      { name: 'student', type: 'student', required: true, listed: true },
      { name: 'parent', type: 'text', required: true, max: 50, listed: true },
      { name: 'way', type: 'choice', required: true, options: ['phone', 'visit', 'meeting', 'online'], listed: true },
      { name: 'content', type: 'textarea', required: true, max: CLASS_RECORD_TEXT_MAX },
      { name: 'followUp', type: 'textarea', max: 500, listed: true },
    ],
  },
  /** 学生干部 */
  cadre: {
    page: 'cadre',
    titleMax: 30,
    pictures: false,
    fields: [
      { name: 'student', type: 'student', required: true, listed: true },
      { name: 'status', type: 'choice', required: true, options: ['serving', 'dismissed'], listed: true },
      { name: 'dismissedOn', type: 'date', listed: true },
      { name: 'duties', type: 'textarea', max: 500 },
    ],
    check: ({ recordDate, fields }) => {
      if (fields.status === 'dismissed' && !fields.dismissedOn) return { key: 'headTeacher.dismissedOnRequired', field: 'dismissedOn' };
      if (fields.status === 'serving' && fields.dismissedOn) return { key: 'headTeacher.servingNotDismissed', field: 'dismissedOn' };
      if (typeof fields.dismissedOn === 'string' && fields.dismissedOn && fields.dismissedOn < recordDate) return { key: 'headTeacher.dismissedBeforeAppointed', field: 'dismissedOn' };
      return null;
    },
  },
  /** 社会实践情况 */
  practice: {
    page: 'practice',
    titleMax: 100,
    pictures: true,
    fields: [
      { name: 'student', type: 'student', required: true, listed: true },
      { name: 'hours', type: 'number', required: true, min: 0.5, maxValue: 100, step: 0.5, listed: true },
      { name: 'content', type: 'textarea', required: true, max: CLASS_RECORD_TEXT_MAX },
      { name: 'evaluation', type: 'choice', required: true, options: ['excellent', 'good', 'pass', 'improve'], listed: true },
    ],
  },
  /** 特殊学生/帮扶情况记录 */
  support: {
    page: 'support',
    titleMax: 100,
    pictures: false,
    fields: [
      { name: 'student', type: 'student', required: true, listed: true },
      { name: 'category', type: 'choice', required: true, options: ['study', 'family', 'health', 'mental', 'behaviour'], listed: true },
      { name: 'helper', type: 'text', max: 50, listed: true },
      { name: 'measures', type: 'textarea', required: true, max: CLASS_RECORD_TEXT_MAX },
      { name: 'followUps', type: 'textarea', max: CLASS_RECORD_TEXT_MAX },
    ],
  },
  /** 突发事件 */
  incident: {
    page: 'incident',
    titleMax: 100,
    pictures: true,
    fields: [
      { name: 'level', type: 'choice', required: true, options: ['minor', 'normal', 'serious'], listed: true },
      { name: 'students', type: 'students', required: true, listed: true },
      { name: 'details', type: 'textarea', required: true, max: CLASS_RECORD_TEXT_MAX },
      { name: 'handling', type: 'textarea', required: true, max: CLASS_RECORD_TEXT_MAX },
    ],
  },
  /** 班团队活动 */
  activity: {
    page: 'activity',
    titleMax: 100,
    pictures: true,
    fields: [
      { name: 'type', type: 'choice', required: true, options: ['class', 'league', 'pioneer'], listed: true },
      { name: 'place', type: 'text', required: true, max: 50, listed: true },
      { name: 'participants', type: 'students', required: true, listed: true },
      { name: 'content', type: 'textarea', required: true, max: CLASS_RECORD_TEXT_MAX },
    ],
  },
  /** 班级情况分析: text sections; the figures come from the class's data for the record's term. */
  analysis: {
    page: 'analysis',
    titleMax: 100,
    pictures: false,
    fields: [
      { name: 'overview', type: 'textarea', required: true, max: CLASS_RECORD_TEXT_MAX },
      { name: 'study', type: 'textarea', max: CLASS_RECORD_TEXT_MAX },
      { name: 'conduct', type: 'textarea', max: CLASS_RECORD_TEXT_MAX },
      { name: 'problems', type: 'textarea', max: CLASS_RECORD_TEXT_MAX },
      { name: 'measures', type: 'textarea', max: CLASS_RECORD_TEXT_MAX },
    ],
  },
} as const satisfies Record<string, RecordKindSpec>;

export type ClassRecordKind = keyof typeof CLASS_RECORD_KINDS;
export const CLASS_RECORD_KIND_NAMES = Object.keys(CLASS_RECORD_KINDS) as ClassRecordKind[];

export function recordKind(kind: ClassRecordKind): RecordKindSpec {
  return CLASS_RECORD_KINDS[kind];
}

/** The message key of a field's label (server exports and the web form share it). */
export const recordFieldLabelKey = (kind: ClassRecordKind, field: string) => `headTeacher.field.${kind}.${field}`;
export const recordOptionKey = (field: string, value: string) => `headTeacher.option.${field}.${value}`;

/** The envelope of a record write; its fields are checked by checkRecordFields against the kind's list. */
export const classRecordFormSchema = z.object({
  id: idSchema.optional(),
  classId: idSchema,
  kind: z.enum(CLASS_RECORD_KIND_NAMES as [ClassRecordKind, ...ClassRecordKind[]], { message: 'errors.badRequest' }),
  recordDate: dateText('headTeacher.dateRequired'),
  title: z.preprocess((value) => value ?? '', z.string().trim().min(1, 'headTeacher.titleRequired').max(100, 'validation.tooLong')),
  fields: z.record(z.string(), z.unknown()).default({}),
  pictures: z.array(z.string().max(64, 'errors.badRequest')).max(CLASS_RECORD_PICTURES_MAX, 'headTeacher.picturesMax').default([]),
});
export type ClassRecordForm = z.input<typeof classRecordFormSchema>;
export type ClassRecordFormParsed = z.infer<typeof classRecordFormSchema>;

export interface FieldProblem {
  key: string;
  field: string;
  params?: Record<string, string | number>;
}

const emptyValue = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Checks a record's fields against its kind's list: unknown fields are dropped, each value checked and
 * normalised (texts trimmed, numbers as numbers, student ids once each). Answers the clean fields or the first problem.
 */
export function checkRecordFields(
  kind: ClassRecordKind,
  record: { recordDate: string; title: string; fields: Record<string, unknown>; pictures: readonly string[] },
): { fields: Record<string, unknown>; studentIds: number[] } | FieldProblem {
  const spec = recordKind(kind);
  if (record.title.length > spec.titleMax) return { key: 'headTeacher.textTooLong', field: 'title', params: { max: spec.titleMax } };
  if (!spec.pictures && record.pictures.length > 0) return { key: 'errors.badRequest', field: 'pictures' };
  const clean: Record<string, unknown> = {};
  const studentIds = new Set<number>();
  for (const field of spec.fields) {
    let value = record.fields[field.name];
    if (typeof value === 'string') value = value.trim();
    if (emptyValue(value)) {
      if (field.required) return { key: field.type === 'student' || field.type === 'students' || field.type === 'choice' ? 'headTeacher.fieldChoose' : 'headTeacher.fieldRequired', field: field.name };
      clean[field.name] = field.type === 'students' ? [] : field.type === 'number' ? null : '';
      continue;
    }
    switch (field.type) {
      case 'text':
      case 'textarea':
        if (typeof value !== 'string') return { key: 'errors.badRequest', field: field.name };
        if (value.length > (field.max ?? 100)) return { key: 'headTeacher.textTooLong', field: field.name, params: { max: field.max ?? 100 } };
        clean[field.name] = value;
        break;
      case 'choice':
        if (typeof value !== 'string' || !field.options?.includes(value)) return { key: 'headTeacher.fieldChoose', field: field.name };
        clean[field.name] = value;
        break;
      case 'date':
        if (!isCalendarDate(value)) return { key: 'headTeacher.dateInvalid', field: field.name };
        clean[field.name] = value;
        break;
      case 'number': {
        const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
        const min = field.min ?? 0;
        const max = field.maxValue ?? 9999;
        const step = field.step ?? 1;
        if (!Number.isFinite(number) || number < min || number > max || Math.abs(number / step - Math.round(number / step)) > 1e-9) {
          return { key: 'headTeacher.numberRange', field: field.name, params: { min, max, step } };
        }
        clean[field.name] = number;
        break;
      }
      case 'student': {
        const id = Number(value);
        if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) return { key: 'headTeacher.fieldChoose', field: field.name };
        clean[field.name] = id;
        studentIds.add(id);
        break;
      }
      case 'students': {
        if (!Array.isArray(value) || value.length > 200) return { key: 'errors.badRequest', field: field.name };
        const ids = [...new Set(value.map(Number))];
        if (ids.some((id) => !Number.isInteger(id) || id <= 0 || id > MAX_ID)) return { key: 'errors.badRequest', field: field.name };
        clean[field.name] = ids;
        for (const id of ids) studentIds.add(id);
        break;
      }
    }
  }
  const crossProblem = spec.check?.({ recordDate: record.recordDate, fields: clean });
  if (crossProblem) return crossProblem;
  return { fields: clean, studentIds: [...studentIds] };
}

export const isFieldProblem = (value: ReturnType<typeof checkRecordFields>): value is FieldProblem => 'key' in value;

export const classRecordSearchSchema = z
  .object({
    classId: idSchema,
    kind: z.enum(CLASS_RECORD_KIND_NAMES as [ClassRecordKind, ...ClassRecordKind[]], { message: 'errors.badRequest' }),
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    termId: optionalIdSchema,
    studentId: optionalIdSchema,
    dateFrom: searchDate,
    dateTo: searchDate,
  })
  .strip();
export type ClassRecordSearch = z.input<typeof classRecordSearchSchema>;
export const CLASS_RECORD_SORTS = ['recordDate', 'title', 'updatedAt'] as const;

export interface RecordStudent {
  id: number;
  name: string;
  studentNumber: string;
}

export interface RecordPicture {
  id: string;
  name: string;
  size: number;
  mimeType: string;
}

export interface ClassRecordRow {
  id: number;
  classId: number;
  kind: ClassRecordKind;
  recordDate: string;
  termName: string;
  title: string;
  fields: Record<string, unknown>;
  /** The students the record names, for showing names beside the ids. */
  students: RecordStudent[];
  pictures: RecordPicture[];
  authorName: string;
  updatedAt: string;
}

// ---------------------------------------------------------------------------------------------------------
// 班级经费

export const FUND_DIRECTIONS = ['income', 'expense'] as const;
export type FundDirection = (typeof FUND_DIRECTIONS)[number];
export const FUND_AMOUNT_MAX = 100_000;

export const fundEntryFormSchema = z.object({
  id: idSchema.optional(),
  classId: idSchema,
  entryDate: dateText('headTeacher.dateRequired'),
  direction: z.enum(FUND_DIRECTIONS, { message: 'headTeacher.directionRequired' }),
  amount: z.coerce
    .number({ message: 'headTeacher.amountRange' })
    .gt(0, 'headTeacher.amountRange')
    .max(FUND_AMOUNT_MAX, 'headTeacher.amountRange')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'headTeacher.amountCents'),
  purpose: z.preprocess((value) => value ?? '', z.string().trim().min(1, 'headTeacher.purposeRequired').max(100, 'validation.tooLong')),
  handler: z.preprocess((value) => value ?? '', z.string().trim().min(1, 'headTeacher.handlerRequired').max(50, 'validation.tooLong')),
  notes: z.preprocess((value) => value ?? '', z.string().trim().max(200, 'validation.tooLong')),
});
export type FundEntryForm = z.input<typeof fundEntryFormSchema>;
export type FundEntryFormParsed = z.infer<typeof fundEntryFormSchema>;

export const fundSearchSchema = z
  .object({
    classId: idSchema,
    direction: z.enum(['', ...FUND_DIRECTIONS]).optional(),
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    dateFrom: searchDate,
    dateTo: searchDate,
  })
  .strip();
export type FundSearch = z.input<typeof fundSearchSchema>;

export interface FundEntryRow {
  id: number;
  entryDate: string;
  direction: FundDirection;
  /** Two decimals, as text (money is never a float on the wire). */
  amount: string;
  purpose: string;
  handler: string;
  notes: string;
  /** The fund's balance right after this entry (date order, then entry order). */
  balance: string;
}

export interface FundSummary {
  income: string;
  expense: string;
  balance: string;
}

// ---------------------------------------------------------------------------------------------------------
// 每周值日

export const DUTY_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const DUTY_GROUP_MAX = 20;

export const dutyDaySchema = z.object({
  day: z.coerce.number().int().min(1, 'errors.badRequest').max(7, 'errors.badRequest'),
  leaderStudentId: optionalIdSchema,
  studentIds: z.array(idSchema).max(DUTY_GROUP_MAX, 'headTeacher.dutyGroupMax'),
  tasks: z.preprocess((value) => value ?? '', z.string().trim().max(200, 'validation.tooLong')),
});
export const dutyRosterSchema = z
  .object({ classId: idSchema, days: z.array(dutyDaySchema).max(7, 'errors.badRequest') })
  .refine((value) => new Set(value.days.map((day) => day.day)).size === value.days.length, { message: 'errors.badRequest', path: ['days'] })
  .refine((value) => value.days.every((day) => !day.leaderStudentId || day.studentIds.includes(day.leaderStudentId)), {
    message: 'headTeacher.leaderInGroup',
    path: ['days'],
  });
export type DutyRosterForm = z.input<typeof dutyRosterSchema>;
export type DutyRosterParsed = z.infer<typeof dutyRosterSchema>;

export interface DutyDay {
  day: number;
  dayName: string;
  leaderStudentId: number | null;
  studentIds: number[];
  tasks: string;
}

// ---------------------------------------------------------------------------------------------------------
// 座位表

export const SEATING_ROWS_MAX = 12;
export const SEATING_COLUMNS_MAX = 12;

export const seatSchema = z.object({
  row: z.coerce.number().int().min(1, 'headTeacher.seatOutside'),
  column: z.coerce.number().int().min(1, 'headTeacher.seatOutside'),
  studentId: idSchema,
});
export type Seat = z.infer<typeof seatSchema>;

export const seatingSaveSchema = z
  .object({
    classId: idSchema,
    rows: z.coerce.number().int().min(1, 'headTeacher.layoutRange').max(SEATING_ROWS_MAX, 'headTeacher.layoutRange'),
    columns: z.coerce.number().int().min(1, 'headTeacher.layoutRange').max(SEATING_COLUMNS_MAX, 'headTeacher.layoutRange'),
    seats: z.array(seatSchema).max(SEATING_ROWS_MAX * SEATING_COLUMNS_MAX, 'headTeacher.seatOutside'),
    note: z.preprocess((value) => value ?? '', z.string().trim().max(100, 'validation.tooLong')),
    /** The version the chart was opened at: a save over a newer one is refused (two tabs, two teachers). */
    baseVersion: z.coerce.number().int().min(0, 'errors.badRequest'),
  })
  .refine((value) => value.seats.every((seat) => seat.row <= value.rows && seat.column <= value.columns), { message: 'headTeacher.seatOutside', path: ['seats'] })
  .refine((value) => new Set(value.seats.map((seat) => `${seat.row}:${seat.column}`)).size === value.seats.length, { message: 'headTeacher.seatTaken', path: ['seats'] })
  .refine((value) => new Set(value.seats.map((seat) => seat.studentId)).size === value.seats.length, { message: 'headTeacher.studentTwice', path: ['seats'] });
export type SeatingSave = z.input<typeof seatingSaveSchema>;
export type SeatingSaveParsed = z.infer<typeof seatingSaveSchema>;

export interface SeatingStudent {
  id: number;
  name: string;
  studentNumber: string;
  gender: string;
}

export interface SeatingChart {
  classId: number;
  className: string;
  /** 0 when nothing was saved yet. */
  version: number;
  rows: number;
  columns: number;
  seats: Seat[];
  note: string;
  savedBy: string;
  savedAt: string;
  students: SeatingStudent[];
}

export interface SeatingVersion {
  id: number;
  version: number;
  rows: number;
  columns: number;
  seated: number;
  note: string;
  savedBy: string;
  savedAt: string;
}

/** Moves a student onto a seat (from the unseated list or another seat); the seat's occupant, if any, takes the mover's old seat or becomes unseated. */
export function placeStudent(seats: readonly Seat[], studentId: number, row: number, column: number): Seat[] {
  const from = seats.find((seat) => seat.studentId === studentId);
  const occupant = seats.find((seat) => seat.row === row && seat.column === column);
  if (occupant?.studentId === studentId) return [...seats];
  const rest = seats.filter((seat) => seat.studentId !== studentId && seat !== occupant);
  rest.push({ row, column, studentId });
  if (occupant && from) rest.push({ row: from.row, column: from.column, studentId: occupant.studentId });
  return rest;
}

/** Takes a student off their seat. */
export const unseatStudent = (seats: readonly Seat[], studentId: number): Seat[] => seats.filter((seat) => seat.studentId !== studentId);

// ---------------------------------------------------------------------------------------------------------
// 班级概况, 学生概况, 班主任详情, 班级情况分析

export interface OverviewStudent {
  id: number;
  studentNumber: string;
  /** The account (ZH) the student dialog opens with. */
  account: string;
  name: string;
  gender: string;
  genderName: string;
  birthDate: string;
  inSchoolStatus: string;
  parents: { name: string; relation: string; phone: string }[];
  dormitory: string;
  onLeaveToday: boolean;
  cadrePosts: string[];
  conductCount: number;
  awardCount: number;
}

export interface ClassOverview {
  cls: HeadTeacherClass;
  counts: { total: number; male: number; female: number; boarders: number; onLeave: number };
  students: OverviewStudent[];
  onLeave: { studentId: number; studentName: string; leaveTypeName: string; startAt: string; endAt: string; reason: string }[];
  conduct: { id: number; studentName: string; category: string; content: string; createdAt: string }[];
  awards: { kind: string; name: string; studentName: string; awardedOn: string }[];
}

export interface HeadTeacherProfile {
  staffNumber: string;
  name: string;
  genderName: string;
  phone: string;
  campusName: string;
  departmentName: string;
  researchGroupName: string;
  /** The staff profile's appointment tab (rzrk): bzrmc, njzz, and lesson-preparation heads. */
  ledClasses: string[];
  gradeLeaderOf: string[];
  lessonPrepHeadOf: string[];
  classes: (HeadTeacherClass & { classroomName: string; male: number; female: number })[];
  /** What was recorded this term in the chosen class, per record kind, and the fund's balance. */
  recordCounts: Record<string, number>;
  fundBalance: string;
}

export interface AnalysisFigures {
  termName: string;
  students: number;
  male: number;
  female: number;
  leaveApplications: number;
  leaveDays: number;
  conductPraise: number;
  conductCriticism: number;
  awards: number;
  meetings: number;
  contacts: number;
  practiceHours: number;
  /** Average score per course over the term's score batches (the class's and its grade's), where scores exist. */
  scoreAverages: { course: string; average: number; gradeAverage: number }[];
}

export const analysisFiguresSchema = z.object({ classId: idSchema, id: idSchema });
