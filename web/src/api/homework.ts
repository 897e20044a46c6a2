import type {
  AssignmentCreate,
  AssignmentDetail,
  AssignmentUpdate,
  HomeworkCorrect,
  HomeworkStatus,
  HomeworkSubmit,
  HomeworkWork,
  MyHomeworkDetail,
  MyHomeworkTab,
} from '@campus/contract';
import { call, request } from './client.ts';
import { studentSearchAt } from './students.ts';

/** Calls of Assign homework (/jxhd/zyfb) and My homework (/jxhd/wdzy) (docs/calls-homeSchool.md, "Homework"). */
export const ASSIGNMENT_CALLS = {
  page: '/api/homeSchool/assignments/page',
  get: '/api/homeSchool/assignments/get',
  targets: '/api/homeSchool/assignments/targets',
  students: '/api/homeSchool/assignments/students',
  create: '/api/homeSchool/assignments/create',
  update: '/api/homeSchool/assignments/update',
  delete: '/api/homeSchool/assignments/delete',
  works: '/api/homeSchool/assignments/works',
  work: '/api/homeSchool/assignments/work',
  correct: '/api/homeSchool/assignments/correct',
  revise: '/api/homeSchool/assignments/revise',
  approve: '/api/homeSchool/assignments/approve',
  remind: '/api/homeSchool/assignments/remind',
} as const;

export const MY_HOMEWORK_CALLS = {
  children: '/api/homeSchool/myHomework/children',
  page: '/api/homeSchool/myHomework/page',
  get: '/api/homeSchool/myHomework/get',
  submit: '/api/homeSchool/myHomework/submit',
} as const;

/** The page's permission (ManagePage adds `:edit` and `:delete`); `:all` manages every teacher's homework. */
export const ASSIGNMENT_PERMISSION = 'homeSchool:assignment';
export const ASSIGNMENT_PERMISSION_ALL = 'homeSchool:assignment:all';

export interface AssignmentTargets {
  classes: { id: number; name: string; gradeName: string }[];
  teachingClasses: { id: number; name: string }[];
}

export interface HomeworkChild {
  id: number;
  name: string;
  className: string;
}

/** Counts of the My homework tabs for the chosen child. */
export type MyHomeworkCounts = Record<MyHomeworkTab, number>;

/** Status colours shared by the teacher's and the family's screens. */
export const HOMEWORK_STATUS_COLOURS: Record<HomeworkStatus, string> = {
  to_submit: 'default',
  viewed: 'cyan',
  submitted: 'blue',
  to_check: 'geekblue',
  corrected: 'green',
  to_revise: 'orange',
  revised_pending: 'purple',
  revised_approved: 'success',
  no_submission: 'default',
};

export function fetchAssignment(id: number, signal?: AbortSignal): Promise<AssignmentDetail> {
  return call<AssignmentDetail>(ASSIGNMENT_CALLS.get, { json: { id }, signal });
}

export function fetchAssignmentTargets(signal?: AbortSignal): Promise<AssignmentTargets> {
  return call<AssignmentTargets>(ASSIGNMENT_CALLS.targets, { json: {}, signal });
}

/** Students the teacher may assign to one by one, by number or name. */
export const searchAssignmentStudents = studentSearchAt(ASSIGNMENT_CALLS.students);

export async function createAssignment(body: AssignmentCreate): Promise<string> {
  return (await request<{ id: number; count: number }>(ASSIGNMENT_CALLS.create, { json: body })).msg;
}

export async function updateAssignment(body: AssignmentUpdate): Promise<string> {
  return (await request<null>(ASSIGNMENT_CALLS.update, { json: body })).msg;
}

/** One student's work as the teacher sees it; opening a handed-in one moves it to "to be checked". */
export function fetchWork(assignmentId: number, studentId: number, signal?: AbortSignal): Promise<HomeworkWork> {
  return call<HomeworkWork>(ASSIGNMENT_CALLS.work, { json: { assignmentId, studentId }, signal });
}

export async function correctWorks(body: HomeworkCorrect): Promise<string> {
  return (await request<{ count: number }>(ASSIGNMENT_CALLS.correct, { json: body })).msg;
}

export async function askRevision(assignmentId: number, studentIds: number[], note: string): Promise<string> {
  return (await request<{ count: number }>(ASSIGNMENT_CALLS.revise, { json: { assignmentId, studentIds, note } })).msg;
}

export async function approveRevisions(assignmentId: number, studentIds: number[], comment: string): Promise<string> {
  return (await request<{ count: number }>(ASSIGNMENT_CALLS.approve, { json: { assignmentId, studentIds, comment } })).msg;
}

export async function remindMissing(id: number): Promise<string> {
  return (await request<{ count: number }>(ASSIGNMENT_CALLS.remind, { json: { id } })).msg;
}

export async function fetchHomeworkChildren(signal?: AbortSignal): Promise<HomeworkChild[]> {
  const data = await call<HomeworkChild[] | null>(MY_HOMEWORK_CALLS.children, { json: {}, signal });
  return Array.isArray(data) ? data : [];
}

/** Opens a homework of the caller (or of the chosen child); the server marks it viewed and its messages read. */
export function fetchMyHomework(assignmentId: number, studentId: number | undefined, signal?: AbortSignal): Promise<MyHomeworkDetail> {
  return call<MyHomeworkDetail>(MY_HOMEWORK_CALLS.get, { json: studentId ? { assignmentId, studentId } : { assignmentId }, signal });
}

export async function submitHomework(body: HomeworkSubmit): Promise<{ msg: string; status: HomeworkStatus; late: boolean }> {
  const envelope = await request<{ status: HomeworkStatus; late: boolean }>(MY_HOMEWORK_CALLS.submit, { json: body });
  return { msg: envelope.msg, status: envelope.data.status, late: envelope.data.late };
}
