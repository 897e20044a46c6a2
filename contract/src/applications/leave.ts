import { z } from 'zod';
import { idSchema } from '../system/system.ts';
import { UPLOAD_PURPOSES } from '../shared/files.ts';
import type { ApplicationStatus, ApplicationType, ApprovalTrailEntry } from './approvals.ts';
import type { ApplicationDetails, CertificateInfo } from './certificates.ts';

/**
 * 请假申请 and 外出申请 (issue 14): a parent applies for a child's leave (a student for their own), staff
 * for their own leave and travel. Both go through the type's approval chain (approvals.ts).
 */

/** Leave types: the dictionary STD_LEAVE_TYPE (sick, personal and the school's others). */
export const LEAVE_TYPE_DICTIONARY = 'STD_LEAVE_TYPE';

export const LEAVE_REASON_MAX = 500;
export const TRAVEL_DESTINATION_MAX = 100;
export const TRAVEL_FOLLOWER_MAX = 100;
export const CANCEL_NOTE_MAX = 200;
/** A leave may not span more than this many calendar days (a longer absence is a suspension of the roll). */
export const LEAVE_DAYS_MAX = 60;

export const LEAVE_URL = '/sqsp/qjsq';
export const TRAVEL_URL = '/sqsp/wcsq';

/** 'YYYY-MM-DD HH:mm', the school's clock. */
const dateTime = (required: string, format: string) =>
  z.string({ message: required }).trim().min(1, required).regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, format);

const fileIds = (purpose: keyof typeof UPLOAD_PURPOSES, message: string) =>
  z.array(z.string().trim().min(1, 'errors.badRequest').max(40, 'errors.badRequest')).max(UPLOAD_PURPOSES[purpose].maxFiles, message).default([]);

export const LEAVE_ATTACHMENTS = { images: 'leaveImage' } as const satisfies Record<string, keyof typeof UPLOAD_PURPOSES>;
export const TRAVEL_ATTACHMENTS = { images: 'travelImage' } as const satisfies Record<string, keyof typeof UPLOAD_PURPOSES>;

const leaveFields = {
  /** A parent's child; a student and staff leave it out (their own). */
  studentId: idSchema.optional(),
  leaveType: z.string({ message: 'leave.typeRequired' }).trim().min(1, 'leave.typeRequired').max(10, 'leave.typeRequired'),
  startAt: dateTime('leave.startRequired', 'leave.timeFormat'),
  endAt: dateTime('leave.endRequired', 'leave.timeFormat'),
  reason: z.string({ message: 'leave.reasonRequired' }).trim().min(1, 'leave.reasonRequired').max(LEAVE_REASON_MAX, 'validation.tooLong'),
  images: fileIds('leaveImage', 'leave.tooManyImages'),
};

export const leaveCreateSchema = z
  .object(leaveFields)
  .refine((value) => value.endAt > value.startAt, { message: 'leave.endBeforeStart', path: ['endAt'] });
export type LeaveCreate = z.infer<typeof leaveCreateSchema>;

/** 销假: the time the student or staff member came back, within the original leave. */
export const leaveCancelSchema = z.object({
  id: idSchema,
  returnedAt: dateTime('leave.returnRequired', 'leave.timeFormat'),
  note: z.string({ message: 'errors.badRequest' }).trim().max(CANCEL_NOTE_MAX, 'validation.tooLong').default(''),
});
export type LeaveCancel = z.infer<typeof leaveCancelSchema>;

export const travelCreateSchema = z
  .object({
    destination: z.string({ message: 'travel.destinationRequired' }).trim().min(1, 'travel.destinationRequired').max(TRAVEL_DESTINATION_MAX, 'validation.tooLong'),
    startAt: dateTime('travel.startRequired', 'leave.timeFormat'),
    endAt: dateTime('travel.endRequired', 'leave.timeFormat'),
    follower: z.string({ message: 'errors.badRequest' }).trim().max(TRAVEL_FOLLOWER_MAX, 'validation.tooLong').default(''),
    reason: z.string({ message: 'travel.reasonRequired' }).trim().min(1, 'travel.reasonRequired').max(LEAVE_REASON_MAX, 'validation.tooLong'),
    images: fileIds('travelImage', 'travel.tooManyImages'),
  })
  // Spec 5: the end is not earlier than the start.
  .refine((value) => value.endAt >= value.startAt, { message: 'travel.endBeforeStart', path: ['endAt'] });
export type TravelCreate = z.infer<typeof travelCreateSchema>;

export const myApplicationSearchSchema = z
  .object({
    status: z.enum(['', 'pending', 'approved', 'rejected', 'withdrawn']).optional(),
    /** A parent's chosen child. */
    studentId: z.union([idSchema, z.literal('')]).optional(),
  })
  .strip();

/** The class teacher's "on leave today" and the review page's filters. */
export const onLeaveSearchSchema = z
  .object({
    classId: z.union([idSchema, z.literal('')]).optional(),
    /** 'YYYY-MM-DD', today when left out. */
    date: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'leave.dateFormat').optional(),
  })
  .strip();

export interface LeaveDuration {
  /** School days touched by the leave (the school calendar: teaching days of the term). */
  days: number;
  /** Lesson periods that fall inside the leave. */
  periods: number;
}

/** One application as its applicant (and an approver opening it) sees it. */
export interface ApplicationView {
  id: number;
  type: ApplicationType;
  status: ApplicationStatus;
  applicantName: string;
  studentId: number | null;
  subjectName: string;
  className: string;
  leaveType: string;
  leaveTypeName: string;
  startAt: string;
  endAt: string;
  duration: LeaveDuration | null;
  reason: string;
  destination: string;
  follower: string;
  images: { id: string; name: string; size: number; mimeType: string }[];
  /** 销假: when the leave ended early, and the note. */
  cancelled: boolean;
  returnedAt: string;
  cancelNote: string;
  step: number;
  stepCount: number;
  createdAt: string;
  trail: ApprovalTrailEntry[];
  canWithdraw: boolean;
  canCancel: boolean;
  /** The caller may decide it now (they are among the current step's approvers, and not the applicant). */
  canDecide: boolean;
  /** Day-school and certificate fields (certificates.ts). */
  details: ApplicationDetails;
  /** A grade certificate's terms, by name in the caller's language. */
  termNames: string[];
  /** The certificate an approved day-school or certificate application produced. */
  certificate: CertificateInfo | null;
}

/** A student on leave on a day, for the class teacher. */
export interface OnLeaveRow {
  applicationId: number;
  studentId: number;
  studentName: string;
  studentNumber: string;
  className: string;
  leaveTypeName: string;
  startAt: string;
  endAt: string;
  reason: string;
}
