import { z } from 'zod';
import { idSchema, optionalIdSchema as optionalId, requiredIdSchema as requiredId } from '../system/system.ts';
import { daySchema } from '../safety/insurance.ts';

/**
 * 实验室预约 (issue 17): rooms of the school's classrooms opened for booking, laboratories and class rooms
 * lent out, each with the periods (节次) it opens per weekday (/sysyygl/fjpz/jbpz, /jcpz); bookings of
 * student experiments (/sysyygl/xssy/xssybj, /xssynew/xssybj), demonstration experiments (/yssy/yssybj,
 * /yssynew/yssybj), other uses (/qtsy/qtsybj) and class-room loans (/sysyygl/jxcd/jxcdbj). A booking of a
 * shared room, or of a room that asks for it, waits for the lab administrator (/sysyygl/gyjs/gyjssh).
 */
export const LAB_PERMISSIONS = {
  page: 'campusLife:lab',
  /** The lab administrators: rooms and their periods, every booking, approvals. */
  manage: 'campusLife:lab:manage',
} as const;

export const LAB_URLS = {
  page: '/xysh/sysyy',
  roomBasic: '/sysyygl/fjpz/jbpz',
  roomPeriods: '/sysyygl/fjpz/jcpz',
  loanEdit: '/sysyygl/jxcd/jxcdbj',
  approval: '/sysyygl/gyjs/gyjssh',
  studentEdit: '/sysyygl/xssy/xssybj',
  studentEditNew: '/xssynew/xssybj',
  demoEdit: '/yssy/yssybj',
  demoEditNew: '/yssynew/yssybj',
  otherEdit: '/qtsy/qtsybj',
} as const;

export const LAB_ROOM_KINDS = ['lab', 'classroom'] as const;
export type LabRoomKind = (typeof LAB_ROOM_KINDS)[number];

export const LAB_BOOKING_KINDS = ['student', 'demo', 'other', 'loan'] as const;
export type LabBookingKind = (typeof LAB_BOOKING_KINDS)[number];

/** Spec 5: the class-room loan note is under 200 characters. */
export const LAB_LOAN_NOTE_MAX = 199;
export const LAB_ITEMS_MAX = 10;

/** pending (waiting for the lab administrator), approved, rejected, cancelled by the teacher. */
export const LAB_BOOKING_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type LabBookingStatus = (typeof LAB_BOOKING_STATUSES)[number];
export const LAB_BOOKING_ACTIONS = ['approve', 'reject', 'cancel'] as const;
export type LabBookingAction = (typeof LAB_BOOKING_ACTIONS)[number];

export const LAB_BOOKING_TRANSITIONS: Record<LabBookingStatus, Partial<Record<LabBookingAction, LabBookingStatus>>> = {
  pending: { approve: 'approved', reject: 'rejected', cancel: 'cancelled' },
  approved: { cancel: 'cancelled' },
  rejected: {},
  cancelled: {},
};

export function labBookingNext(status: LabBookingStatus, action: LabBookingAction): LabBookingStatus | undefined {
  return LAB_BOOKING_TRANSITIONS[status][action];
}

const text = (max: number, required?: string) => {
  const base = z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(max, 'validation.tooLong'));
  return required ? base.refine((value) => value.length > 0, required) : base;
};

export const labRoomFormSchema = z.object({
  id: idSchema.optional(),
  classroomId: requiredId('lab.classroomRequired'),
  kind: z.enum(LAB_ROOM_KINDS, { message: 'lab.kindRequired' }),
  subject: text(30),
  capacity: z.coerce.number({ message: 'lab.capacityRange' }).int('lab.capacityRange').min(1, 'lab.capacityRange').max(500, 'lab.capacityRange'),
  shared: z.boolean().default(false),
  needsApproval: z.boolean().default(false),
  managerStaffId: optionalId,
  enabled: z.boolean().default(true),
  note: text(200),
});
export type LabRoomForm = z.input<typeof labRoomFormSchema>;

export const labPeriodsSchema = z.object({
  roomId: idSchema,
  slots: z
    .array(z.object({ day: z.coerce.number().int().min(1).max(7), period: z.coerce.number().int().min(1).max(20) }), { message: 'errors.badRequest' })
    .max(140, 'errors.badRequest'),
});

const periodsSchema = z
  .array(z.coerce.number({ message: 'lab.periodsRequired' }).int().min(1, 'lab.periodsRequired').max(20, 'lab.periodsRequired'), { message: 'lab.periodsRequired' })
  .min(1, 'lab.periodsRequired')
  .max(20, 'errors.badRequest')
  .refine((value) => new Set(value).size === value.length, 'errors.badRequest');

export const labItemSchema = z.object({
  roomId: requiredId('lab.roomRequired'),
  bookingDate: daySchema('lab.dateFormat'),
  periods: periodsSchema,
});

const bookingFields = {
  kind: z.enum(LAB_BOOKING_KINDS, { message: 'errors.badRequest' }),
  classId: optionalId,
  courseId: optionalId,
  experiment: text(100),
  equipment: text(300),
  note: text(300),
};

/**
 * A booking request: one room (the old forms) or several (the new forms), each once. An experiment names
 * it and its class; a loan carries a note under 200 characters.
 */
export const labBookingFormSchema = z
  .object({ ...bookingFields, items: z.array(labItemSchema, { message: 'lab.roomRequired' }).min(1, 'lab.roomRequired').max(LAB_ITEMS_MAX, 'errors.badRequest') })
  .refine((value) => value.kind === 'other' || value.kind === 'loan' || value.experiment.length > 0, { message: 'lab.experimentRequired', path: ['experiment'] })
  .refine((value) => value.kind === 'other' || value.kind === 'loan' || value.classId !== undefined, { message: 'lab.classRequired', path: ['classId'] })
  .refine((value) => value.kind !== 'loan' || value.note.length > 0, { message: 'lab.loanNoteRequired', path: ['note'] })
  .refine((value) => value.kind !== 'loan' || value.note.length <= LAB_LOAN_NOTE_MAX, { message: 'lab.loanNoteMax', path: ['note'] })
  .refine((value) => value.kind !== 'other' || value.note.length > 0 || value.experiment.length > 0, { message: 'lab.purposeRequired', path: ['note'] })
  .refine((value) => new Set(value.items.map((item) => item.roomId)).size === value.items.length, { message: 'lab.sameRoomTwice', path: ['items'] });
export type LabBookingForm = z.input<typeof labBookingFormSchema>;

export const labBookingUpdateSchema = z
  .object({ id: idSchema, ...bookingFields, roomId: requiredId('lab.roomRequired'), bookingDate: daySchema('lab.dateFormat'), periods: periodsSchema })
  .refine((value) => value.kind === 'other' || value.kind === 'loan' || value.experiment.length > 0, { message: 'lab.experimentRequired', path: ['experiment'] })
  .refine((value) => value.kind === 'other' || value.kind === 'loan' || value.classId !== undefined, { message: 'lab.classRequired', path: ['classId'] })
  .refine((value) => value.kind !== 'loan' || value.note.length > 0, { message: 'lab.loanNoteRequired', path: ['note'] })
  .refine((value) => value.kind !== 'loan' || value.note.length <= LAB_LOAN_NOTE_MAX, { message: 'lab.loanNoteMax', path: ['note'] });
export type LabBookingUpdate = z.input<typeof labBookingUpdateSchema>;

export const labReviewSchema = z
  .object({ id: idSchema, decision: z.enum(['approve', 'reject'], { message: 'errors.badRequest' }), comment: text(200) })
  .refine((value) => value.decision === 'approve' || value.comment.length > 0, { message: 'lab.rejectReasonRequired', path: ['comment'] });

export const labWeekSchema = z.object({ roomId: idSchema, weekStart: daySchema('lab.dateFormat') });

export const labBookingSearchSchema = z
  .object({
    kind: z.enum(['', ...LAB_BOOKING_KINDS]).optional(),
    status: z.enum(['', ...LAB_BOOKING_STATUSES]).optional(),
    roomId: optionalId,
    keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
    /** Only the caller's own, even for a lab administrator. */
    mine: z.preprocess((value) => value === true || value === 'true', z.boolean()).optional(),
  })
  .strip();
export const LAB_BOOKING_SORTS = ['bookingDate', 'createdAt', 'roomName'] as const;

export interface LabRoomRow {
  id: number;
  classroomId: number;
  name: string;
  building: string;
  kind: LabRoomKind;
  subject: string;
  capacity: number;
  shared: boolean;
  needsApproval: boolean;
  managerStaffId: number | null;
  managerName: string;
  enabled: boolean;
  note: string;
  openSlots: number;
  bookings: number;
}

export interface LabBookingRow {
  id: number;
  roomId: number;
  roomName: string;
  kind: LabBookingKind;
  teacherId: number;
  teacherName: string;
  classId: number | null;
  className: string;
  courseId: number | null;
  courseName: string;
  experiment: string;
  bookingDate: string;
  periods: number[];
  periodNames: string[];
  equipment: string;
  note: string;
  status: LabBookingStatus;
  reviewComment: string;
  reviewerName: string;
  reviewedAt: string;
  createdAt: string;
  /** The booking's day has passed: it can only be viewed. */
  expired: boolean;
  /** The caller booked it (theirs to change or cancel while not expired). */
  mine: boolean;
  /** The caller may approve or reject it (a lab administrator, not the one who booked). */
  reviewable: boolean;
}

export interface LabOptions {
  rooms: { id: number; name: string; kind: LabRoomKind; capacity: number; shared: boolean; needsApproval: boolean; enabled: boolean; slots: { day: number; period: number }[] }[];
  classrooms: { id: number; name: string; capacity: number | null; taken: boolean }[];
  classes: { id: number; name: string }[];
  courses: { id: number; name: string }[];
  staff: { id: number; name: string }[];
  days: { day: number; name: string }[];
  periods: { sort: number; name: string }[];
}

export interface LabWeekCell {
  bookingId: number;
  day: number;
  period: number;
  date: string;
  kind: LabBookingKind;
  status: LabBookingStatus;
  teacherName: string;
  className: string;
  experiment: string;
}
