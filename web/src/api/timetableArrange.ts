import type { ArrangeOptions, DraftDetail, DraftForm, DraftGrid, DraftRow, DraftStatus, FetImportForm, FetImportResult, FetPreview, PlanItemForm, PlanRow } from '@campus/contract';
import { ApiError, ERROR_DURATION_SECONDS, call, isAbort, request } from './client.ts';
import { feedback } from '../app/feedback.ts';

/**
 * Calls of the timetable arrangement (/kbgl/pkgl; docs/calls-timetable.md, "Timetable arrangement"): every one a POST with a
 * JSON body under /api/timetable/arrange.
 */
const BASE = '/api/timetable/arrange';
export const ARRANGE_CALLS = {
  options: `${BASE}/options`,
  planList: `${BASE}/plan/list`,
  planSave: `${BASE}/plan/save`,
  planFill: `${BASE}/plan/fill`,
  unavailableGet: `${BASE}/unavailable/get`,
  unavailableSave: `${BASE}/unavailable/save`,
  draftsPage: `${BASE}/drafts/page`,
  draftsGet: `${BASE}/drafts/get`,
  draftsCreate: `${BASE}/drafts/create`,
  draftsDelete: `${BASE}/drafts/delete`,
  draftsGrid: `${BASE}/drafts/grid`,
  draftsMove: `${BASE}/drafts/move`,
  draftsPlace: `${BASE}/drafts/place`,
  draftsRemove: `${BASE}/drafts/remove`,
  draftsLock: `${BASE}/drafts/lock`,
  draftsConflicts: `${BASE}/drafts/conflicts`,
  draftsGenerate: `${BASE}/drafts/generate`,
  draftsPublish: `${BASE}/drafts/publish`,
  fetPreview: `${BASE}/fet/preview`,
  fetImport: `${BASE}/fet/import`,
} as const;

/** The course names of the campus screens (any signed-in user may read them): the FET import's subject choices. */
export const CAMPUS_OPTIONS_CALL = '/api/system/campusOptions';

/** Whose week a grid shows. */
export type GridKind = 'class' | 'teacher' | 'room';

/** Tag colours of a draft's status. */
export const DRAFT_COLOURS: Record<DraftStatus, string> = { editing: 'processing', generating: 'warning', published: 'success' };

/** While a generation runs, the draft is read again this often. */
export const GENERATION_POLL_MS = 1500;

/** The query keys; a change to a draft reads everything under `draft(id)` again. */
export const arrangeKeys = {
  all: ['timetableArrange'] as const,
  options: (termId: number | undefined) => ['timetableArrange', 'options', termId ?? 0] as const,
  drafts: (termId: number) => ['timetableArrange', 'drafts', termId] as const,
  draft: (id: number) => ['timetableArrange', 'draft', id] as const,
  detail: (id: number) => ['timetableArrange', 'draft', id, 'detail'] as const,
  grid: (id: number, kind: GridKind, ownerId: number) => ['timetableArrange', 'draft', id, 'grid', kind, ownerId] as const,
  plan: (termId: number, gradeId?: number, classId?: number) => ['timetableArrange', 'plan', termId, gradeId ?? 0, classId ?? 0] as const,
  planAll: (termId: number) => ['timetableArrange', 'plan', termId] as const,
  unavailable: (termId: number, staffId: number) => ['timetableArrange', 'unavailable', termId, staffId] as const,
  courseNames: ['timetableArrange', 'courseNames'] as const,
};

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export const EMPTY_ARRANGE_OPTIONS: ArrangeOptions = { terms: [], termId: 0, grades: [], classes: [], teachers: [], classrooms: [], days: [], periods: [] };

/** Terms (the current one chosen unless `termId`), grades, classes, teachers, rooms, days and periods. */
export async function fetchArrangeOptions(termId: number | undefined, signal?: AbortSignal): Promise<ArrangeOptions> {
  const data = await call<Partial<ArrangeOptions> | null>(ARRANGE_CALLS.options, { json: termId ? { termId } : {}, signal });
  return {
    terms: list(data?.terms),
    termId: data?.termId ?? 0,
    grades: list(data?.grades),
    classes: list(data?.classes),
    teachers: list(data?.teachers),
    classrooms: list(data?.classrooms),
    days: list(data?.days),
    periods: list(data?.periods),
  };
}

/** One page of a term's drafts, newest first. */
export async function fetchDraftPage(body: { termId: number; page: number; pageSize: number }, signal?: AbortSignal): Promise<{ rows: DraftRow[]; total: number }> {
  const data = await call<{ rows?: DraftRow[]; total?: number } | null>(ARRANGE_CALLS.draftsPage, {
    json: { currPage: body.page - 1, page: body.page - 1, limit: body.pageSize, order: '', sortField: '', search: { termId: body.termId } },
    signal,
  });
  return { rows: list(data?.rows), total: Number(data?.total ?? 0) };
}

export async function fetchDraft(id: number, signal?: AbortSignal): Promise<DraftDetail> {
  const data = await call<DraftDetail>(ARRANGE_CALLS.draftsGet, { json: { id }, signal });
  return { ...data, source: data.source ?? 'plan', report: data.report ? { ...data.report, unplaced: list(data.report.unplaced) } : null };
}

export async function fetchDraftGrid(query: { id: number; kind: GridKind; ownerId: number }, signal?: AbortSignal): Promise<DraftGrid> {
  const data = await call<Partial<DraftGrid> | null>(ARRANGE_CALLS.draftsGrid, { json: query, signal });
  return {
    days: list(data?.days),
    periods: list(data?.periods),
    lessons: list(data?.lessons).map((lesson) => ({ ...lesson, activityId: lesson.activityId ?? null })),
    busy: list(data?.busy),
    unplaced: list(data?.unplaced).map((item) => ({ ...item, activityId: item.activityId ?? null })),
  };
}

export async function fetchPlan(query: { termId: number; gradeId?: number; classId?: number }, signal?: AbortSignal): Promise<PlanRow[]> {
  const body: Record<string, number> = { termId: query.termId };
  if (query.gradeId) body.gradeId = query.gradeId;
  if (query.classId) body.classId = query.classId;
  return list(await call<PlanRow[] | null>(ARRANGE_CALLS.planList, { json: body, signal }));
}

export async function fetchUnavailable(termId: number, staffId: number, signal?: AbortSignal): Promise<{ day: number; period: number }[]> {
  return list(await call<{ day: number; period: number }[] | null>(ARRANGE_CALLS.unavailableGet, { json: { termId, staffId }, signal }));
}

export async function fetchDraftConflicts(id: number): Promise<string[]> {
  return list(await call<string[] | null>(ARRANGE_CALLS.draftsConflicts, { json: { id } }));
}

/** A write that shows its refusal itself (the request client shows it); answers the server's message. */
async function write<T = unknown>(path: string, body: unknown): Promise<{ msg: string; data: T }> {
  const envelope = await request<T>(path, { json: body });
  return { msg: envelope.msg, data: envelope.data };
}

export const createDraft = (form: DraftForm) => write<{ id: number } | null>(ARRANGE_CALLS.draftsCreate, form);
export const generateDraft = (id: number, seconds: number) => write(ARRANGE_CALLS.draftsGenerate, { id, seconds });
export const publishDraft = (id: number) => write(ARRANGE_CALLS.draftsPublish, { id });
export const savePlanItem = (form: PlanItemForm) => write(ARRANGE_CALLS.planSave, form);
export const fillPlan = (termId: number) => write<{ count: number } | null>(ARRANGE_CALLS.planFill, { termId });
export const saveUnavailable = (termId: number, staffId: number, slots: { day: number; period: number }[]) => write(ARRANGE_CALLS.unavailableSave, { termId, staffId, slots });

/**
 * What an uploaded .fet file holds and how its names match the school's records. Quiet: a refusal (not a FET
 * file, a longer week than the school's) is the import dialog's to show beside the file.
 */
export async function previewFetImport(body: { termId: number; fileId: string }, signal?: AbortSignal): Promise<FetPreview> {
  const envelope = await request<Partial<FetPreview> | null>(ARRANGE_CALLS.fetPreview, { json: body, signal, silent: true });
  const preview = envelope.data ?? {};
  return {
    fileName: preview.fileName ?? '',
    institution: preview.institution ?? '',
    days: preview.days ?? 0,
    hours: preview.hours ?? 0,
    schoolDays: preview.schoolDays ?? 0,
    schoolPeriods: preview.schoolPeriods ?? 0,
    activities: preview.activities ?? 0,
    activityHours: preview.activityHours ?? 0,
    years: list(preview.years),
    groups: list(preview.groups),
    teachers: list(preview.teachers).map((teacher) => ({ ...teacher, candidates: list(teacher.candidates) })),
    subjects: list(preview.subjects),
    rooms: list(preview.rooms),
    unavailable: preview.unavailable ?? 0,
    kept: list(preview.kept),
    ignored: list(preview.ignored),
  };
}

/** Imports the previewed file as a new draft with the office's matches. Quiet like the preview: the dialog shows a refusal. */
export async function importFet(form: FetImportForm): Promise<{ msg: string; data: FetImportResult | null }> {
  const envelope = await request<FetImportResult | null>(ARRANGE_CALLS.fetImport, { json: form, silent: true });
  return { msg: envelope.msg, data: envelope.data };
}

/** The school's courses by id and name, in the user's language. Quiet: without them a matched course shows by its id. */
export async function fetchCourseNames(signal?: AbortSignal): Promise<{ id: number; name: string }[]> {
  const data = await call<{ courses?: { id: number; name: string }[] } | null>(CAMPUS_OPTIONS_CALL, { signal, silent: true });
  return list(data?.courses);
}

/** What can be done to a lesson on the grid. */
export type LessonChange =
  | { action: 'move'; lessonId: number; day: number; period: number }
  | { action: 'place'; classId: number; courseId: number; day: number; period: number }
  /** An imported draft's activity, placed whole (all its classes and hours) starting there. */
  | { action: 'place'; activityId: number; day: number; period: number }
  | { action: 'remove'; lessonId: number }
  | { action: 'lock'; lessonId: number; locked: boolean };

const LESSON_CALLS = { move: ARRANGE_CALLS.draftsMove, place: ARRANGE_CALLS.draftsPlace, remove: ARRANGE_CALLS.draftsRemove, lock: ARRANGE_CALLS.draftsLock } as const;

/**
 * Changes a lesson of a draft. Quiet: a refusal (a conflict, in the caller's language) is the caller's to
 * show, see `showRefusal`; answers the server's message.
 */
export async function changeLesson(draftId: number, change: LessonChange): Promise<string> {
  const { action, ...rest } = change;
  return (await request(LESSON_CALLS[action], { json: { id: draftId, ...rest }, silent: true })).msg;
}

/** Shows the server's refusal of a quiet call as an error (a lapsed session has its own modal; a call given up shows nothing). */
export function showRefusal(error: unknown): void {
  if (isAbort(error)) return;
  if (error instanceof ApiError && error.kind === 'expired') return;
  const content = error instanceof Error ? error.message : String(error);
  feedback().message.error({ content, duration: ERROR_DURATION_SECONDS, key: 'arrange-refusal' });
}
