import type { ApplicationView, RollChangeCreate, RollChangeEffect, RollChangeKind, RollChangeRow, RollClassOption, RollStudentOption } from '@campus/contract';
import { call, request } from './client.ts';
import { fetchDictionary, type DictItem } from './dictionaries.ts';

/** Calls of School roll changes (/xjgl/xjyd) (docs/calls-roll.md). */
export const ROLL_CHANGE_CALLS = {
  page: '/api/roll/changes/page',
  get: '/api/roll/changes/get',
  create: '/api/roll/changes/create',
  withdraw: '/api/roll/changes/withdraw',
  history: '/api/roll/changes/history',
  students: '/api/roll/changes/students',
  classes: '/api/roll/changes/classes',
} as const;

/** The dictionaries of a student's roll (server/src/db/seed/reference.ts). */
export const ENROLMENT_STATUS_DICTIONARY = 'STD_ENROLMENT_STATUS';
export const IN_SCHOOL_STATUS_DICTIONARY = 'STD_IN_SCHOOL_STATUS';

/** Tag colours of the kinds of change. */
export const ROLL_KIND_COLOURS: Record<RollChangeKind, string> = {
  insertClass: 'blue',
  transferOut: 'volcano',
  suspend: 'orange',
  resume: 'green',
};

/** Tag colours of "takes effect or not". */
export const ROLL_EFFECT_COLOURS: Record<RollChangeEffect, string> = {
  waiting: 'gold',
  effective: 'success',
  void: 'default',
};

/** The search of the list (the paged body's `search`). */
export interface RollChangeSearch {
  keyword: string;
  kind: RollChangeKind | '';
  status: '' | 'pending' | 'approved' | 'rejected' | 'withdrawn';
  effect: RollChangeEffect | '';
  classId: number | '';
}

/**
 * One change with its approval trail and photo (an application of type rollChange); `silent` where the page
 * shows a refusal its own way (a change listed for the class a student goes into, not readable by its teacher yet).
 */
export function fetchRollChange(id: number, options: { signal?: AbortSignal; silent?: boolean } = {}): Promise<ApplicationView> {
  return call<ApplicationView>(ROLL_CHANGE_CALLS.get, { json: { id }, ...options });
}

/** Files a change for approval; answers the server's message and the new id. */
export async function createRollChange(body: RollChangeCreate): Promise<{ msg: string; id: number }> {
  const envelope = await request<{ id: number }>(ROLL_CHANGE_CALLS.create, { json: body });
  return { msg: envelope.msg, ...envelope.data };
}

/** Withdraws a pending change the caller filed; answers the server's message. */
export async function withdrawRollChange(id: number): Promise<string> {
  return (await request<null>(ROLL_CHANGE_CALLS.withdraw, { json: { id } })).msg;
}

/** A student's changes, oldest first; `silent` where a refusal (a student out of the caller's classes) only hides a section. */
export async function fetchRollHistory(studentId: number, options: { signal?: AbortSignal; silent?: boolean } = {}): Promise<RollChangeRow[]> {
  const data = await call<RollChangeRow[] | null>(ROLL_CHANGE_CALLS.history, { json: { id: studentId }, ...options });
  return Array.isArray(data) ? data : [];
}

/** Up to 20 students the caller may file a change for, by name or number. */
export async function searchRollStudents(keyword: string, signal?: AbortSignal): Promise<RollStudentOption[]> {
  const data = await call<RollStudentOption[] | null>(ROLL_CHANGE_CALLS.students, { json: { keyword }, signal });
  return Array.isArray(data) ? data : [];
}

/** Every class with its size and limit. */
export async function fetchRollClasses(signal?: AbortSignal): Promise<RollClassOption[]> {
  const data = await call<RollClassOption[] | null>(ROLL_CHANGE_CALLS.classes, { json: {}, signal });
  return Array.isArray(data) ? data : [];
}

/** The names of the enrolment statuses (enrolled, suspended, transferred out) and of the in-school statuses (in school, left). */
export async function fetchRollStatusNames(): Promise<{ enrolment: DictItem[]; inSchool: DictItem[] }> {
  const [enrolment, inSchool] = await Promise.all([fetchDictionary(ENROLMENT_STATUS_DICTIONARY), fetchDictionary(IN_SCHOOL_STATUS_DICTIONARY)]);
  return { enrolment, inSchool };
}

/** A class as offered for placing a student: its name with its size against its capacity. */
export const classLabel = (item: RollClassOption) => `${item.name} (${item.size}/${item.capacity})`;
