import type {
  ChoiceChangeStatus,
  CombinationCount,
  FormationStatus,
  ShiftBatchForm,
  ShiftBatchRow,
  ShiftBatchStatus,
  ShiftBlocks,
  ShiftClassForm,
  ShiftClassRow,
  ShiftClassStudent,
  ShiftCourseForm,
  ShiftCourseRow,
  ShiftOptions,
} from '@campus/contract';
import { call, request } from './client.ts';

/**
 * Calls of class shifting (/zbgl/*) and the choice change review (/xkzysp/tzzy) for the academic office (docs/calls-electives.md,
 * "Class shifting"): every one a POST with a JSON body under /api/electives/shift. The students' and parents'
 * side (/zbgl/xszy) has its own file.
 */
const BASE = '/api/electives/shift';
export const SHIFT_CALLS = {
  options: `${BASE}/options`,
  batchesPage: `${BASE}/batches/page`,
  batchesGet: `${BASE}/batches/get`,
  batchesSave: `${BASE}/batches/save`,
  batchesDelete: `${BASE}/batches/delete`,
  coursesList: `${BASE}/courses/list`,
  coursesSave: `${BASE}/courses/save`,
  coursesDelete: `${BASE}/courses/delete`,
  studentsPage: `${BASE}/students/page`,
  combinations: `${BASE}/students/combinations`,
  choose: `${BASE}/students/choose`,
  blocksGet: `${BASE}/blocks/get`,
  blocksSave: `${BASE}/blocks/save`,
  blocksForm: `${BASE}/blocks/form`,
  blocksPublish: `${BASE}/blocks/publish`,
  classesList: `${BASE}/classes/list`,
  classesSave: `${BASE}/classes/save`,
  classStudents: `${BASE}/classes/students`,
  move: `${BASE}/classes/move`,
  changesPage: `${BASE}/changes/page`,
  changesDecide: `${BASE}/changes/decide`,
} as const;

/** While the classes are being formed, the blocks are read again this often. */
export const FORMATION_POLL_MS = 1500;

export const BATCH_STATUS_COLOURS: Record<ShiftBatchStatus, string> = { notStarted: 'default', inProgress: 'processing', ended: 'warning' };
export const FORMATION_COLOURS: Record<FormationStatus, string> = { none: 'default', running: 'processing', formed: 'warning', published: 'success' };
export const CHANGE_COLOURS: Record<ChoiceChangeStatus, string> = { pending: 'processing', approved: 'success', rejected: 'error' };

/** The query keys; a change reads everything under `batch(id)` again. */
export const shiftKeys = {
  all: ['shiftClasses'] as const,
  options: ['shiftClasses', 'options'] as const,
  batchList: ['shiftClasses', 'batchList'] as const,
  batch: (batchId: number) => ['shiftClasses', 'batch', batchId] as const,
  head: (batchId: number) => ['shiftClasses', 'batch', batchId, 'head'] as const,
  courses: (batchId: number) => ['shiftClasses', 'batch', batchId, 'courses'] as const,
  combinations: (batchId: number) => ['shiftClasses', 'batch', batchId, 'combinations'] as const,
  blocks: (batchId: number) => ['shiftClasses', 'batch', batchId, 'blocks'] as const,
  classes: (batchId: number) => ['shiftClasses', 'batch', batchId, 'classes'] as const,
  classStudents: (batchId: number, shiftClassId: number) => ['shiftClasses', 'batch', batchId, 'classStudents', shiftClassId] as const,
};

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export const EMPTY_SHIFT_OPTIONS: ShiftOptions = { terms: [], grades: [], courses: [], classes: [], teachers: [], classrooms: [] };

/** Terms, grades, subjects, classes, teachers and rooms of the screens. */
export async function fetchShiftOptions(signal?: AbortSignal): Promise<ShiftOptions> {
  const data = await call<Partial<ShiftOptions> | null>(SHIFT_CALLS.options, { json: {}, signal });
  return { terms: list(data?.terms), grades: list(data?.grades), courses: list(data?.courses), classes: list(data?.classes), teachers: list(data?.teachers), classrooms: list(data?.classrooms) };
}

/**
 * One batch. Quiet: a batch page opened without a known batch shows 'Parameters lost …' itself (the
 * rejection's message, in the caller's language).
 */
export function fetchBatch(batchId: number, signal?: AbortSignal): Promise<ShiftBatchRow> {
  return call<ShiftBatchRow>(SHIFT_CALLS.batchesGet, { json: { batchId }, signal, silent: true });
}

/** The batches for a filter's drop-down (newest first); quiet, none when the caller may not list them. */
export async function fetchBatchChoices(signal?: AbortSignal): Promise<{ id: number; name: string }[]> {
  try {
    const data = await call<{ rows?: ShiftBatchRow[] } | null>(SHIFT_CALLS.batchesPage, { json: { currPage: 0, page: 0, limit: 200, order: '', sortField: '', search: {} }, signal, silent: true });
    return list(data?.rows).map((row) => ({ id: row.id, name: row.name }));
  } catch {
    return [];
  }
}

export async function fetchCourses(batchId: number, signal?: AbortSignal): Promise<ShiftCourseRow[]> {
  return list(await call<ShiftCourseRow[] | null>(SHIFT_CALLS.coursesList, { json: { batchId }, signal }));
}

export async function fetchCombinations(batchId: number, signal?: AbortSignal): Promise<CombinationCount[]> {
  return list(await call<CombinationCount[] | null>(SHIFT_CALLS.combinations, { json: { batchId }, signal })).map((row) => ({ ...row, batchCourseIds: list(row.batchCourseIds), names: list(row.names) }));
}

export async function fetchBlocks(batchId: number, signal?: AbortSignal): Promise<ShiftBlocks> {
  const data = await call<ShiftBlocks>(SHIFT_CALLS.blocksGet, { json: { batchId }, signal });
  const report = data.report
    ? { ...data.report, subjects: list(data.report.subjects), unplaced: list(data.report.unplaced), warnings: list(data.report.warnings) }
    : null;
  return { ...data, days: list(data.days), periods: list(data.periods), periodsOfBlocks: list(data.periodsOfBlocks), progress: data.progress ?? null, report };
}

export async function fetchClasses(batchId: number, signal?: AbortSignal): Promise<ShiftClassRow[]> {
  return list(await call<ShiftClassRow[] | null>(SHIFT_CALLS.classesList, { json: { batchId }, signal }));
}

/** A class's students; `shiftClassId` 0: the students still without a class of one of their subjects. */
export async function fetchClassStudents(batchId: number, shiftClassId: number, signal?: AbortSignal): Promise<ShiftClassStudent[]> {
  return list(await call<ShiftClassStudent[] | null>(SHIFT_CALLS.classStudents, { json: shiftClassId ? { batchId, shiftClassId } : { batchId }, signal }));
}

/** A write whose refusal the request client shows; answers the server's message. */
async function write<T = unknown>(path: string, body: unknown): Promise<{ msg: string; data: T }> {
  const envelope = await request<T>(path, { json: body });
  return { msg: envelope.msg, data: envelope.data };
}

/** A write whose refusal the dialog shows itself (quiet); answers the server's message. */
async function quietWrite(path: string, body: unknown): Promise<string> {
  return (await request(path, { json: body, silent: true })).msg;
}

export const saveBatch = (form: ShiftBatchForm) => write<{ id: number } | null>(SHIFT_CALLS.batchesSave, form);
export const saveCourse = (form: ShiftCourseForm) => write<{ id: number } | null>(SHIFT_CALLS.coursesSave, form);
export const saveBlocks = (batchId: number, periods: { block: number; day: number; period: number }[]) => write(SHIFT_CALLS.blocksSave, { batchId, periods });
export const formClasses = (batchId: number) => write(SHIFT_CALLS.blocksForm, { batchId });
export const publishClasses = (batchId: number) => write(SHIFT_CALLS.blocksPublish, { batchId });
export const decideChange = (body: { id: number; approve: boolean; comment: string }) => write(SHIFT_CALLS.changesDecide, body);

/** Sets (or, empty, removes) a student's choice; the dialog shows a refusal. */
export const chooseFor = (body: { batchId: number; studentId: number; batchCourseIds: number[] }) => quietWrite(SHIFT_CALLS.choose, body);
/** Changes a class's number, name, teacher and room; the dialog shows a refusal (a duplicate number). */
export const saveClass = (form: ShiftClassForm) => quietWrite(SHIFT_CALLS.classesSave, form);
/** Moves a student (fromClassId 0: one without a class); the dialog shows a refusal (full, a clash). */
export const moveStudent = (body: { batchId: number; studentId: number; fromClassId: number; toClassId: number }) => quietWrite(SHIFT_CALLS.move, body);
