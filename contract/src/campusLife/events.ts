import { z } from 'zod';
import { idSchema, optionalIdSchema, requiredIdSchema, wholeNumberSchema } from '../system/system.ts';
import { LOCAL_TIME_PATTERN } from '../scores/batches.ts';

/**
 * 讲座 (/xysh/jzgl) and 活动报名 (/xysh/hdbm), issue 17: staff publish a lecture or an activity with a sign-up
 * window, a capacity and an audience; students (and, for an activity that allows it, their parents for them)
 * sign up and cancel before the start; the organiser registers attendance. Both kinds share every rule.
 */
export const CAMPUS_EVENT_KINDS = ['lecture', 'activity'] as const;
export type CampusEventKind = (typeof CAMPUS_EVENT_KINDS)[number];

export const CAMPUS_EVENT_PERMISSIONS: Record<CampusEventKind, { view: string; edit: string; delete: string; all: string }> = {
  lecture: { view: 'campusLife:lecture', edit: 'campusLife:lecture:edit', delete: 'campusLife:lecture:delete', all: 'campusLife:lecture:all' },
  activity: { view: 'campusLife:activity', edit: 'campusLife:activity:edit', delete: 'campusLife:activity:delete', all: 'campusLife:activity:all' },
};

export const CAMPUS_EVENT_URLS: Record<CampusEventKind, string> = { lecture: '/xysh/jzgl', activity: '/xysh/hdbm' };

export const CAMPUS_EVENT_TITLE_MAX = 100;
export const CAMPUS_EVENT_HOST_MAX = 50;
export const CAMPUS_EVENT_PLACE_MAX = 100;
export const CAMPUS_EVENT_CAPACITY_MAX = 5000;
export const CAMPUS_EVENT_DESCRIPTION_MAX = 20000;
export const CAMPUS_EVENT_CANCEL_REASON_MAX = 200;

/** What a person decides: a draft, published, or cancelled. */
export const CAMPUS_EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const;
export type CampusEventStatus = (typeof CAMPUS_EVENT_STATUSES)[number];

/**
 * What a reader sees: the decision, then the clock and the count. A published event is upcoming before its
 * sign-up opens, open (or full) inside the window, closed from the window's end to its end, finished after.
 */
export const CAMPUS_EVENT_PHASES = ['draft', 'upcoming', 'open', 'full', 'closed', 'finished', 'cancelled'] as const;
export type CampusEventPhase = (typeof CAMPUS_EVENT_PHASES)[number];

/** The actions of the status machine and which stored status each leads from and to. */
export const CAMPUS_EVENT_TRANSITIONS: Record<CampusEventStatus, Partial<Record<'publish' | 'cancel', CampusEventStatus>>> = {
  draft: { publish: 'published' },
  published: { cancel: 'cancelled' },
  cancelled: {},
};

export function eventPhase(
  event: { status: CampusEventStatus; signupStart: string; signupEnd: string; startsAt: string; endsAt: string; capacity: number; signedUp: number },
  now: string,
): CampusEventPhase {
  if (event.status === 'draft') return 'draft';
  if (event.status === 'cancelled') return 'cancelled';
  if (now >= event.endsAt) return 'finished';
  if (now < event.signupStart) return 'upcoming';
  if (now > event.signupEnd || now >= event.startsAt) return 'closed';
  return event.signedUp >= event.capacity ? 'full' : 'open';
}

const localTime = (message: string) => z.string({ message }).trim().regex(LOCAL_TIME_PATTERN, message);
const text = (max: number, required: string) => z.string({ message: required }).trim().min(1, required).max(max, 'validation.tooLong');

export const campusEventFormSchema = z
  .object({
    id: idSchema.optional(),
    termId: requiredIdSchema('campusLife.termRequired'),
    title: text(CAMPUS_EVENT_TITLE_MAX, 'campusLife.titleRequired'),
    host: text(CAMPUS_EVENT_HOST_MAX, 'campusLife.hostRequired'),
    place: text(CAMPUS_EVENT_PLACE_MAX, 'campusLife.placeRequired'),
    startsAt: localTime('campusLife.timeFormat'),
    endsAt: localTime('campusLife.timeFormat'),
    signupStart: localTime('campusLife.timeFormat'),
    signupEnd: localTime('campusLife.timeFormat'),
    capacity: wholeNumberSchema(1, CAMPUS_EVENT_CAPACITY_MAX, 'campusLife.capacityRange'),
    gradeIds: z.array(idSchema).max(30, 'errors.badRequest').default([]),
    classIds: z.array(idSchema).max(300, 'errors.badRequest').default([]),
    description: z.preprocess((value) => value ?? '', z.string().max(CAMPUS_EVENT_DESCRIPTION_MAX, 'validation.tooLong')),
    familySignup: z.boolean().default(false),
    recurring: z.boolean().default(false),
    weekFrom: z.preprocess((value) => (value === '' || value === null ? undefined : value), wholeNumberSchema(1, 60, 'campusLife.weekRange').optional()),
    weekTo: z.preprocess((value) => (value === '' || value === null ? undefined : value), wholeNumberSchema(1, 60, 'campusLife.weekRange').optional()),
  })
  .refine((value) => value.endsAt > value.startsAt, { message: 'campusLife.endBeforeStart', path: ['endsAt'] })
  // Spec 5: registration start not after the activity's start, registration end not after the start.
  .refine((value) => value.signupStart <= value.startsAt, { message: 'campusLife.signupStartAfterStart', path: ['signupStart'] })
  .refine((value) => value.signupEnd <= value.startsAt, { message: 'campusLife.signupEndAfterStart', path: ['signupEnd'] })
  .refine((value) => value.signupEnd > value.signupStart, { message: 'campusLife.signupOrder', path: ['signupEnd'] })
  .refine((value) => !value.recurring || (value.weekFrom !== undefined && value.weekTo !== undefined), { message: 'campusLife.weeksRequired', path: ['weekFrom'] })
  // Spec 5: the start week is less than the end week.
  .refine((value) => !value.recurring || value.weekFrom === undefined || value.weekTo === undefined || value.weekFrom < value.weekTo, {
    message: 'campusLife.weekOrder',
    path: ['weekTo'],
  })
  .refine((value) => new Set(value.gradeIds).size === value.gradeIds.length && new Set(value.classIds).size === value.classIds.length, { message: 'errors.badRequest', path: ['gradeIds'] });
export type CampusEventForm = z.input<typeof campusEventFormSchema>;
export type CampusEventFormParsed = z.infer<typeof campusEventFormSchema>;

export const campusEventSearchSchema = z
  .object({
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    termId: optionalIdSchema,
    status: z.enum(['', ...CAMPUS_EVENT_STATUSES]).optional(),
  })
  .strip();

export const CAMPUS_EVENT_SORTS = ['startsAt', 'title', 'updatedAt'] as const;

export interface CampusEventRow {
  id: number;
  kind: CampusEventKind;
  termId: number;
  termName: string;
  title: string;
  host: string;
  place: string;
  /** 'YYYY-MM-DD HH:mm' */
  startsAt: string;
  endsAt: string;
  signupStart: string;
  signupEnd: string;
  capacity: number;
  signedUp: number;
  gradeIds: number[];
  classIds: number[];
  /** Grade and class names, '' for everyone. */
  audience: string;
  description: string;
  familySignup: boolean;
  weekFrom: number | null;
  weekTo: number | null;
  status: CampusEventStatus;
  phase: CampusEventPhase;
  ownerName: string;
  /** The caller organises it (or holds the :all right). */
  mine: boolean;
  attendanceCount: number;
  updatedAt: string;
}

export const cancelEventSchema = z.object({ id: idSchema, reason: z.string({ message: 'campusLife.cancelReasonRequired' }).trim().min(1, 'campusLife.cancelReasonRequired').max(CAMPUS_EVENT_CANCEL_REASON_MAX, 'validation.tooLong') });

/** A student's (or a parent's for their child's) sign-up or its cancellation. */
export const eventSignupSchema = z.object({ id: idSchema, studentId: optionalIdSchema });

export const EVENT_BROWSE_TABS = ['open', 'mine', 'history'] as const;
export type EventBrowseTab = (typeof EVENT_BROWSE_TABS)[number];
export const eventBrowseSchema = z.object({ tab: z.enum(EVENT_BROWSE_TABS).default('open'), studentId: optionalIdSchema });

export interface BrowseEventRow extends Omit<CampusEventRow, 'mine' | 'attendanceCount' | 'gradeIds' | 'classIds' | 'ownerName' | 'termId' | 'termName' | 'updatedAt'> {
  /** The student's sign-up: none, signed up or cancelled; attended once registered. */
  signup: 'none' | 'signed' | 'cancelled';
  attended: boolean | null;
  /** The caller may sign up now (a parent only where the activity allows family sign-up). */
  canSignUp: boolean;
  canCancel: boolean;
}

export interface EventBrowse {
  student: { id: number; name: string; className: string } | null;
  children: { id: number; name: string; className: string }[];
  rows: BrowseEventRow[];
}

export interface EventSignupRow {
  studentId: number;
  studentNumber: string;
  name: string;
  className: string;
  status: 'signed' | 'cancelled';
  signedAt: string;
  signedByName: string;
  attended: boolean | null;
  notified: boolean;
}

export const eventAttendanceSchema = z.object({
  id: idSchema,
  entries: z.array(z.object({ studentId: idSchema, attended: z.boolean() })).min(1, 'common.selectNone').max(CAMPUS_EVENT_CAPACITY_MAX, 'errors.badRequest'),
});

export interface CampusEventOptions {
  terms: { id: number; name: string; isCurrent: boolean; startDate: string; endDate: string; weekCount: number }[];
  grades: { id: number; name: string }[];
  classes: { id: number; name: string; gradeId: number }[];
}
