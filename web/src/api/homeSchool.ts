import type {
  ConductCreate,
  ConductRow,
  ConductUpdate,
  EventAnswer,
  EventCreate,
  EventDetail,
  EventUpdate,
  MyConductRow,
  MyNoticeDetail,
  NoticeCreate,
  NoticeDetail,
  NoticeFile,
  NoticeStatus,
  NoticeUpdate,
} from '@campus/contract';
import { call, request } from './client.ts';
import { studentSearchAt } from './students.ts';

/** Calls of Home-school (docs/calls-homeSchool.md): the publisher's notices and the recipient's. */

export const NOTICE_CALLS = {
  page: '/api/homeSchool/notices/page',
  get: '/api/homeSchool/notices/get',
  create: '/api/homeSchool/notices/create',
  update: '/api/homeSchool/notices/update',
  delete: '/api/homeSchool/notices/delete',
  receipts: '/api/homeSchool/notices/receipts',
  remind: '/api/homeSchool/notices/remind',
  resend: '/api/homeSchool/notices/resend',
  classes: '/api/homeSchool/notices/classes',
} as const;

export const MY_NOTICE_CALLS = {
  page: '/api/homeSchool/myNotices/page',
  get: '/api/homeSchool/myNotices/get',
} as const;

/** The permissions of Notice release (the page's own is the prefix of ManagePage's `:edit` and `:delete`). */
export const NOTICE_PERMISSION = 'homeSchool:notice';
export const NOTICE_PERMISSION_ALL = 'homeSchool:notice:all';

export interface NoticeClass {
  id: number;
  name: string;
  gradeName: string;
}

/** Statuses during which the delivery is still running (the list polls such a row). */
export function isDelivering(status: NoticeStatus): boolean {
  return status === 'queued' || status === 'delivering';
}

/** The path of a stored file behind the token (server/src/modules/shared/files/routes.ts). */
export function fileDownloadPath(file: Pick<NoticeFile, 'id'>): string {
  return `/file/download/${encodeURIComponent(file.id)}`;
}

/** One notice of the publisher; `silent` for the background polls, whose failures just stop them. */
export function fetchNotice(id: number, options: { signal?: AbortSignal; silent?: boolean } = {}, calls: { get: string } = NOTICE_CALLS): Promise<NoticeDetail> {
  return call<NoticeDetail>(calls.get, { json: { id }, ...options });
}

/** Publishes; the answer's msg says how many recipients it goes to. */
export async function createNotice(body: NoticeCreate): Promise<string> {
  return (await request<{ id: number; taskId: string; status: NoticeStatus }>(NOTICE_CALLS.create, { json: body })).msg;
}

export async function updateNotice(body: NoticeUpdate): Promise<string> {
  return (await request<null>(NOTICE_CALLS.update, { json: body })).msg;
}

/** Reminds those who have not read it; the msg names how many. */
export async function remindNotice(id: number, calls: { remind: string } = NOTICE_CALLS): Promise<{ count: number; msg: string }> {
  const envelope = await request<{ count?: number } | null>(calls.remind, { json: { id } });
  return { count: Number(envelope.data?.count ?? 0), msg: envelope.msg };
}

export async function resendNotice(id: number, calls: { resend: string } = NOTICE_CALLS): Promise<string> {
  return (await request<null>(calls.resend, { json: { id } })).msg;
}

export async function fetchNoticeClasses(signal?: AbortSignal, calls: { classes: string } = NOTICE_CALLS): Promise<NoticeClass[]> {
  const data = await call<NoticeClass[] | null>(calls.classes, { json: {}, signal });
  return Array.isArray(data) ? data : [];
}

/** Opens a received notice; the server marks it (and its messages to the caller) read. */
export function fetchMyNotice(id: number, signal?: AbortSignal): Promise<MyNoticeDetail> {
  return call<MyNoticeDetail>(MY_NOTICE_CALLS.get, { json: { id }, signal });
}

/** Event release: events go out like notices, through their own calls (docs/calls-homeSchool.md, "Events"). */
export const EVENT_CALLS = {
  page: '/api/homeSchool/events/page',
  get: '/api/homeSchool/events/get',
  create: '/api/homeSchool/events/create',
  update: '/api/homeSchool/events/update',
  delete: '/api/homeSchool/events/delete',
  receipts: '/api/homeSchool/events/receipts',
  remind: '/api/homeSchool/events/remind',
  resend: '/api/homeSchool/events/resend',
  classes: '/api/homeSchool/events/classes',
} satisfies Record<keyof typeof NOTICE_CALLS, string>;

export const MY_NOTICE_ANSWER_CALL = '/api/homeSchool/myNotices/answer';
export const EVENT_PERMISSION = 'homeSchool:event';
export const EVENT_PERMISSION_ALL = 'homeSchool:event:all';

/** What is published on a release page: a notice or an event (the same screens, other calls and rights). */
export type ReleaseKind = 'notice' | 'event';

export interface ReleaseConfig {
  kind: ReleaseKind;
  calls: Record<keyof typeof NOTICE_CALLS, string>;
  permission: string;
  permissionAll: string;
}

export const RELEASE: Record<ReleaseKind, ReleaseConfig> = {
  notice: { kind: 'notice', calls: NOTICE_CALLS, permission: NOTICE_PERMISSION, permissionAll: NOTICE_PERMISSION_ALL },
  event: { kind: 'event', calls: EVENT_CALLS, permission: EVENT_PERMISSION, permissionAll: EVENT_PERMISSION_ALL },
};

/** One event of the publisher (with its place, time and answers). */
export function fetchEvent(id: number, options: { signal?: AbortSignal; silent?: boolean } = {}): Promise<EventDetail> {
  return call<EventDetail>(EVENT_CALLS.get, { json: { id }, ...options });
}

export async function createEvent(body: EventCreate): Promise<string> {
  return (await request<{ id: number; taskId: string; status: NoticeStatus }>(EVENT_CALLS.create, { json: body })).msg;
}

export async function updateEvent(body: EventUpdate): Promise<string> {
  return (await request<null>(EVENT_CALLS.update, { json: body })).msg;
}

/** A recipient's answer to an event that asks whether they join. */
export async function answerEvent(id: number, answer: EventAnswer): Promise<string> {
  return (await request<null>(MY_NOTICE_ANSWER_CALL, { json: { id, answer } })).msg;
}

/** Performance release (the teacher's conduct records) and performance replies (the parents' side). */
export const CONDUCT_CALLS = {
  page: '/api/homeSchool/conduct/page',
  get: '/api/homeSchool/conduct/get',
  create: '/api/homeSchool/conduct/create',
  update: '/api/homeSchool/conduct/update',
  delete: '/api/homeSchool/conduct/delete',
} as const;

export const CONDUCT_REPLY_CALLS = {
  page: '/api/homeSchool/conductReplies/page',
  get: '/api/homeSchool/conductReplies/get',
  reply: '/api/homeSchool/conductReplies/reply',
} as const;

export const CONDUCT_PERMISSION = 'homeSchool:performance';

export function fetchConduct(id: number): Promise<ConductRow> {
  return call<ConductRow>(CONDUCT_CALLS.get, { json: { id } });
}

export async function createConduct(body: ConductCreate): Promise<string> {
  return (await request<{ ids: number[] }>(CONDUCT_CALLS.create, { json: body })).msg;
}

export async function updateConduct(body: ConductUpdate): Promise<string> {
  return (await request<null>(CONDUCT_CALLS.update, { json: body })).msg;
}

/** Opens a record of one's child; the server marks its message read. */
export function fetchMyConduct(id: number, signal?: AbortSignal): Promise<MyConductRow> {
  return call<MyConductRow>(CONDUCT_REPLY_CALLS.get, { json: { id }, signal });
}

export async function replyToConduct(id: number, content: string): Promise<string> {
  return (await request<null>(CONDUCT_REPLY_CALLS.reply, { json: { id, content } })).msg;
}

/** Students the caller may record conduct for, by number or name (the conduct form's choice). */
export const searchConductStudents = studentSearchAt('/api/homeSchool/conduct/students');
