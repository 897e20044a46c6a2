import type { ExamBatchFormParsed, ExamBatchOptions, ExamBatchRow, ExamCategory } from '@campus/contract';
import { call, request } from './client.ts';

/** Calls of the Exams area: exam batches (/kwgl/kspc), docs/calls-exams.md. */
export const EXAM_BATCH_CALLS = {
  page: '/api/exams/batches/page',
  get: '/api/exams/batches/get',
  options: '/api/exams/batches/options',
  create: '/api/exams/batches/create',
  update: '/api/exams/batches/update',
  delete: '/api/exams/batches/delete',
  export: '/api/exams/batches/export',
  publish: '/api/exams/batches/publish',
} as const;

/** The page's permission; `:edit` creates, changes and publishes the exams, `:delete` deletes them. */
export const EXAM_BATCH_PERMISSION = 'exam:batch';

/** The search of the list (the paged body's `search`); `published` is left out to list both. */
export interface ExamBatchSearch {
  keyword: string;
  termId: number | '';
  gradeId: number | '';
  category: ExamCategory | '';
  published?: boolean;
}

/** The body of create and update (examBatchFormSchema); update adds the id. */
export type ExamBatchBody = Omit<ExamBatchFormParsed, 'id'> & { id?: number };

/** No options (before they load, or when they could not be loaded). */
export const EMPTY_EXAM_OPTIONS: ExamBatchOptions = { terms: [], grades: [], courses: [], classes: [] };

/** Terms (with their dates), grades, subjects and classes (with their grade) of the form. */
export async function fetchExamBatchOptions(signal?: AbortSignal): Promise<ExamBatchOptions> {
  const data = await call<Partial<ExamBatchOptions> | null>(EXAM_BATCH_CALLS.options, { json: {}, signal });
  return { ...EMPTY_EXAM_OPTIONS, ...(data ?? {}) };
}

/** One exam batch. */
export function fetchExamBatch(id: number, signal?: AbortSignal): Promise<ExamBatchRow> {
  return call<ExamBatchRow>(EXAM_BATCH_CALLS.get, { json: { id }, signal });
}

/** Creates an exam batch (update when the body has an id); answers the server's message and the exam's id. */
export async function saveExamBatch(body: ExamBatchBody): Promise<{ msg: string; id: number }> {
  const envelope = await request<{ id: number } | null>(body.id ? EXAM_BATCH_CALLS.update : EXAM_BATCH_CALLS.create, { json: body });
  return { msg: envelope.msg, id: envelope.data?.id ?? body.id ?? 0 };
}

/** Publishes exams or cancels their publication; answers the server's message ("2 published"). */
export async function publishExamBatches(ids: readonly number[], published: boolean): Promise<string> {
  return (await request<{ count: number }>(EXAM_BATCH_CALLS.publish, { json: { ids, published } })).msg;
}

/** Calls of the exam rooms pages (/kwgl/kcap, /kwapjt/room, /kwapjt/jxb): docs/calls-exams.md. */
export const EXAM_ROOM_CALLS = {
  /** Paged exams with their arrangement progress (search: keyword, termId, gradeId). */
  exams: '/api/exams/rooms/exams',
  /** One exam's arrangement summary: { batchId }. */
  exam: '/api/exams/rooms/exam',
  /** Classrooms (busyWith: another exam at the same time) and classes: { batchId }. */
  options: '/api/exams/rooms/options',
  /** The rooms of an exam: { batchId }. */
  list: '/api/exams/rooms/list',
  /** Paged candidates (search: batchId, examRoomId, classId, keyword, unplaced). */
  candidates: '/api/exams/rooms/candidates',
  /** Automatic arrangement: { batchId, classroomIds, seatsPerRoom? }. */
  arrange: '/api/exams/rooms/arrange',
  /** Moves a candidate: { batchId, studentId, examRoomId, seat }. */
  move: '/api/exams/rooms/move',
  /** GET ?batchId=&kind=seats|doors|classes: a PDF. */
  sheet: '/api/exams/rooms/sheet',
  /** A parent's children (a student: themselves) for the chooser: [{ id, name, className }]. */
  children: '/api/exams/rooms/children',
  /** A student's (a parent's child's) own seats: { studentId? }. */
  mine: '/api/exams/rooms/mine',
} as const;

/** View holds the pages; `:edit` arranges rooms and moves candidates. */
export const EXAM_ROOM_PERMISSION = 'exam:room';

/** Calls of the invigilation pages (/kwgl/jkap, /kwapjt/pk): docs/calls-exams.md. */
export const INVIGILATION_CALLS = {
  /** The pool (proposed when none is saved), rules and unavailable times: { batchId }. */
  settings: '/api/exams/invigilation/settings',
  /** Staff by number or name for the pool (office): { keyword } → up to 50 { id, staffNumber, name, departmentName }. */
  staff: '/api/exams/invigilation/staff',
  /** invigilationSettingsSchema. */
  saveSettings: '/api/exams/invigilation/settings/save',
  /** Sessions with invigilators: { batchId, courseId? }. */
  sessions: '/api/exams/invigilation/sessions',
  /** Automatic arrangement: { batchId }. */
  arrange: '/api/exams/invigilation/arrange',
  /** One session by hand: { sessionId, invigilators: [{ staffId, role }] }. */
  assign: '/api/exams/invigilation/assign',
  /** Sessions and hours per pool member: { batchId }. */
  loads: '/api/exams/invigilation/loads',
  /** GET ?batchId=: the loads as Excel (office). */
  loadsExport: '/api/exams/invigilation/loads/export',
  /** The caller's own duties in published exams. */
  mine: '/api/exams/invigilation/mine',
} as const;

/** View holds the pages; `:edit` saves settings and arranges invigilators. */
export const INVIGILATION_PERMISSION = 'exam:invigilation';
