import type {
  CampusEventFormParsed,
  CampusEventKind,
  CampusEventOptions,
  CampusEventPhase,
  EventBrowse,
  EventBrowseTab,
  EventSignupRow,
} from '@campus/contract';
import { call, download, request } from '../../../api/client.ts';
import { exportFileName, saveBlob } from '../../../api/exports.ts';

/** The calls of one kind of event (docs/calls-campusLife.md). */
export function eventCalls(kind: CampusEventKind) {
  const base = `/api/campusLife/${kind === 'lecture' ? 'lectures' : 'activities'}`;
  return {
    page: `${base}/page`,
    options: `${base}/options`,
    create: `${base}/create`,
    update: `${base}/update`,
    delete: `${base}/delete`,
    publish: `${base}/publish`,
    cancel: `${base}/cancel`,
    remind: `${base}/remind`,
    signups: `${base}/signups`,
    signupsExport: `${base}/signups/export`,
    attendance: `${base}/attendance`,
    browse: `${base}/browse`,
    signup: `${base}/signup`,
    cancelSignup: `${base}/signup/cancel`,
  };
}

export const campusLifeKeys = {
  all: ['campusLife'] as const,
  options: (kind: CampusEventKind) => ['campusLife', kind, 'options'] as const,
  browse: (kind: CampusEventKind, tab: EventBrowseTab, studentId: number | undefined) => ['campusLife', kind, 'browse', tab, studentId ?? 0] as const,
  signups: (kind: CampusEventKind, id: number) => ['campusLife', kind, 'signups', id] as const,
};

/** Tag colours of what a reader sees of an event. */
export const PHASE_COLOURS: Record<CampusEventPhase, string> = {
  draft: 'default',
  upcoming: 'warning',
  open: 'success',
  full: 'error',
  closed: 'default',
  finished: 'default',
  cancelled: 'default',
};

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export async function fetchEventOptions(kind: CampusEventKind, signal?: AbortSignal): Promise<CampusEventOptions> {
  const data = await call<Partial<CampusEventOptions> | null>(eventCalls(kind).options, { json: {}, signal });
  return { terms: list(data?.terms), grades: list(data?.grades), classes: list(data?.classes) };
}

export async function saveEvent(kind: CampusEventKind, body: CampusEventFormParsed): Promise<string> {
  return (await request(body.id ? eventCalls(kind).update : eventCalls(kind).create, { json: body })).msg;
}

/** publish / remind take the id; cancel a reason too. Answers the server's message. */
export async function eventAction(kind: CampusEventKind, action: 'publish' | 'remind' | 'cancel', body: { id: number; reason?: string }): Promise<string> {
  return (await request(eventCalls(kind)[action], { json: body })).msg;
}

export async function fetchSignups(kind: CampusEventKind, id: number, signal?: AbortSignal): Promise<{ title: string; rows: EventSignupRow[] }> {
  const data = await call<{ title: string; rows: EventSignupRow[] } | null>(eventCalls(kind).signups, { json: { id }, signal });
  return { title: data?.title ?? '', rows: list(data?.rows) };
}

export async function saveAttendance(kind: CampusEventKind, id: number, entries: { studentId: number; attended: boolean }[]): Promise<string> {
  return (await request(eventCalls(kind).attendance, { json: { id, entries } })).msg;
}

export async function exportSignups(kind: CampusEventKind, id: number, name: string): Promise<void> {
  const blob = await download(eventCalls(kind).signupsExport, { query: { id } });
  saveBlob(blob, exportFileName(name));
}

export async function fetchBrowse(kind: CampusEventKind, tab: EventBrowseTab, studentId: number | undefined, signal?: AbortSignal): Promise<EventBrowse> {
  const data = await call<EventBrowse | null>(eventCalls(kind).browse, { json: { tab, studentId }, signal });
  return { student: data?.student ?? null, children: list(data?.children), rows: list(data?.rows) };
}

export async function signUp(kind: CampusEventKind, id: number, studentId: number | undefined, cancel = false): Promise<string> {
  return (await request(cancel ? eventCalls(kind).cancelSignup : eventCalls(kind).signup, { json: { id, studentId } })).msg;
}
