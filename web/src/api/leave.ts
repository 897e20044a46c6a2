import { LEAVE_TYPE_DICTIONARY, type ApplicationStatus, type CertificateKind, type ApplicationView, type LeaveCancel, type LeaveCreate, type LeaveDuration, type TravelCreate } from '@campus/contract';
import { call, request } from './client.ts';
import { fetchDictionary, type DictItem } from './dictionaries.ts';

/**
 * Calls of Leave application (/sqsp/qjsq) and Travel application (/sqsp/wcsq) (docs/calls-applications.md), and
 * the list, detail and withdrawal every applicant page shares by kind (day-school and certificates too: ./certificates.ts).
 */
export type ApplicationKind = 'leave' | 'travel' | CertificateKind;

const callsOf = (kind: ApplicationKind) =>
  ({
    page: `/api/applications/${kind}/page`,
    get: `/api/applications/${kind}/get`,
    withdraw: `/api/applications/${kind}/withdraw`,
    create: `/api/applications/${kind}/create`,
  }) as const;

export const LEAVE_CALLS = {
  ...callsOf('leave'),
  children: '/api/applications/leave/children',
  cancel: '/api/applications/leave/cancel',
  onLeave: '/api/applications/leave/onLeave',
} as const;

export const TRAVEL_CALLS = callsOf('travel');

export const APPLICATION_CALLS: Record<ApplicationKind, ReturnType<typeof callsOf>> = {
  leave: LEAVE_CALLS,
  travel: TRAVEL_CALLS,
  daySchool: callsOf('daySchool'),
  enrolment: callsOf('enrolment'),
  grade: callsOf('grade'),
};

/** The kinds whose page names a parent's children (every kind but travel, which is staff's own). */
export type FamilyApplicationKind = Exclude<ApplicationKind, 'travel'>;

/** A row of the applicant's list: the application without its trail and pictures. */
export type ApplicationListRow = Omit<ApplicationView, 'trail' | 'images' | 'canDecide'>;

/** A parent's child (a student: themselves) the leave is for. */
export interface LeaveChild {
  id: number;
  name: string;
  className: string;
}

/** Status colours of an application, shared by the applicant's and the reviewer's screens. */
export const APPLICATION_STATUS_COLOURS: Record<ApplicationStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

export function fetchApplication(kind: ApplicationKind, id: number, signal?: AbortSignal): Promise<ApplicationView> {
  return call<ApplicationView>(APPLICATION_CALLS[kind].get, { json: { id }, signal });
}

/** Withdraws a pending application of the caller (or of their child); answers the server's message. */
export async function withdrawApplication(kind: ApplicationKind, id: number): Promise<string> {
  return (await request<null>(APPLICATION_CALLS[kind].withdraw, { json: { id } })).msg;
}

/** A parent's children (a student: themselves) on the page of a kind. */
export async function fetchApplicationChildren(kind: FamilyApplicationKind, signal?: AbortSignal): Promise<LeaveChild[]> {
  const data = await call<LeaveChild[] | null>(`/api/applications/${kind}/children`, { json: {}, signal });
  return Array.isArray(data) ? data : [];
}

export function fetchLeaveChildren(signal?: AbortSignal): Promise<LeaveChild[]> {
  return fetchApplicationChildren('leave', signal);
}

/** The leave types: the dictionary STD_LEAVE_TYPE. */
export function fetchLeaveTypes(): Promise<DictItem[]> {
  return fetchDictionary(LEAVE_TYPE_DICTIONARY);
}

export async function createLeave(body: LeaveCreate): Promise<{ msg: string; id: number; duration: LeaveDuration }> {
  const envelope = await request<{ id: number; duration: LeaveDuration }>(LEAVE_CALLS.create, { json: body });
  return { msg: envelope.msg, ...envelope.data };
}

/** Reporting the return: the time of return within the leave, and a note. */
export async function cancelLeave(body: LeaveCancel): Promise<string> {
  return (await request<null>(LEAVE_CALLS.cancel, { json: body })).msg;
}

export async function createTravel(body: TravelCreate): Promise<{ msg: string; id: number }> {
  const envelope = await request<{ id: number }>(TRAVEL_CALLS.create, { json: body });
  return { msg: envelope.msg, ...envelope.data };
}
