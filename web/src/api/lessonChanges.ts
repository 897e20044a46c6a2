import type { LessonChangeCheck, LessonChangeKind, LessonChangeOptions, LessonChangeRow, LessonChangeStatus, MakeUpForm, SwapForm } from '@campus/contract';
import { call, request } from './client.ts';

/**
 * Calls of class swaps and make-up classes (docs/calls-timetable.md, "Class swaps and make-up classes"): the
 * same calls under /api/timetable/swaps and /api/timetable/makeUps, each with its kind's form.
 */
export interface LessonChangeCalls {
  options: string;
  check: string;
  page: string;
  get: string;
  save: string;
  submit: string;
  withdraw: string;
  delete: string;
}

const SEGMENTS: Record<LessonChangeKind, string> = { swap: 'swaps', makeUp: 'makeUps' };

export function lessonChangeCalls(kind: LessonChangeKind): LessonChangeCalls {
  const base = `/api/timetable/${SEGMENTS[kind]}`;
  return {
    options: `${base}/options`,
    check: `${base}/check`,
    page: `${base}/page`,
    get: `${base}/get`,
    save: `${base}/save`,
    submit: `${base}/submit`,
    withdraw: `${base}/withdraw`,
    delete: `${base}/delete`,
  };
}

/** The body of save and check: the kind's form. */
export type LessonChangeBody = SwapForm | MakeUpForm;

/** Tag colours of a request's status. */
export const LESSON_CHANGE_COLOURS: Record<LessonChangeStatus, string> = {
  draft: 'default',
  classTeacher: 'processing',
  academicOffice: 'warning',
  passed: 'success',
  notPassed: 'error',
};

/** The statuses that wait for a review (a request there can be withdrawn). */
export const WAITING_STATUSES: readonly LessonChangeStatus[] = ['classTeacher', 'academicOffice'];

/** The query keys; a change reads everything under `all(kind)` again. */
export const lessonChangeKeys = {
  all: (kind: LessonChangeKind) => ['lessonChanges', kind] as const,
  options: (kind: LessonChangeKind, query: LessonOptionsQuery = {}) => ['lessonChanges', kind, 'options', query.termId ?? 0, query.classId ?? 0, query.week ?? 0] as const,
  one: (kind: LessonChangeKind, id: number) => ['lessonChanges', kind, 'one', id] as const,
};

/** The search of the list (the paged body's `search`). */
export interface LessonChangeSearch {
  status: LessonChangeStatus | '';
  termId: number | '';
}

/** What the options are asked for: a term (default the current one), and a class and a week for its lessons. */
export interface LessonOptionsQuery {
  termId?: number;
  classId?: number;
  week?: number;
}

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export const EMPTY_LESSON_CHANGE_OPTIONS: LessonChangeOptions = { terms: [], termId: 0, classes: [], classrooms: [], days: [], periods: [], lessons: [] };

/** The form's choices: terms, the caller's classes and courses, rooms, days, periods and the chosen class's week. */
export async function fetchLessonChangeOptions(kind: LessonChangeKind, query: LessonOptionsQuery = {}, signal?: AbortSignal): Promise<LessonChangeOptions> {
  const body: LessonOptionsQuery = {};
  if (query.termId) body.termId = query.termId;
  if (query.classId) body.classId = query.classId;
  if (query.week) body.week = query.week;
  const data = await call<Partial<LessonChangeOptions> | null>(lessonChangeCalls(kind).options, { json: body, signal });
  return {
    terms: list(data?.terms),
    termId: data?.termId ?? 0,
    classes: list(data?.classes).map((item) => ({ ...item, courses: list(item.courses) })),
    classrooms: list(data?.classrooms),
    days: list(data?.days),
    periods: list(data?.periods),
    lessons: list(data?.lessons),
  };
}

/** One request with its moves and review trail. */
export async function fetchLessonChange(kind: LessonChangeKind, id: number, signal?: AbortSignal): Promise<LessonChangeRow> {
  const row = await call<LessonChangeRow>(lessonChangeCalls(kind).get, { json: { id }, signal });
  return { ...row, moves: list(row?.moves), trail: list(row?.trail) };
}

/** What the form would change, or every conflict (in the caller's language). */
export async function checkLessonChange(kind: LessonChangeKind, body: LessonChangeBody): Promise<LessonChangeCheck> {
  const data = await call<Partial<LessonChangeCheck> | null>(lessonChangeCalls(kind).check, { json: body });
  const conflicts = list(data?.conflicts);
  return { ok: data?.ok ?? conflicts.length === 0, conflicts, moves: list(data?.moves) };
}

/** Saves a draft (changes it when the body has an id); answers the server's message and the id. */
export async function saveLessonChange(kind: LessonChangeKind, body: LessonChangeBody): Promise<{ msg: string; id: number }> {
  const envelope = await request<{ id: number } | null>(lessonChangeCalls(kind).save, { json: body });
  return { msg: envelope.msg, id: envelope.data?.id ?? body.id ?? 0 };
}

/** A teacher's step: submit a draft, or withdraw a request waiting for review; answers the server's message. */
export async function moveLessonChange(kind: LessonChangeKind, action: 'submit' | 'withdraw', id: number): Promise<string> {
  const calls = lessonChangeCalls(kind);
  return (await request(action === 'submit' ? calls.submit : calls.withdraw, { json: { id } })).msg;
}
