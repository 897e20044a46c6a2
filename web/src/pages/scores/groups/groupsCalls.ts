import type { GroupAnalysis, StudentGroupDetail, StudentGroupForm } from '@campus/contract';
import { call, request } from '../../../api/client.ts';
import { studentSearchAt } from '../../../api/students.ts';

/**
 * Calls of the custom student groups page (/cjfxNew/zdyqtgl, contract/src/scores/groups.ts) and of the group
 * tab of the score analysis. They live beside the page until the Scores area's call module takes them over.
 */
export const STUDENT_GROUP_CALLS = {
  /** Generic paged body { currPage, limit, search: { keyword?, mine? } } → { total, rows: StudentGroupRow[] }. */
  page: '/api/scores/groups/page',
  /** { id } → StudentGroupDetail (with its members). */
  get: '/api/scores/groups/get',
  /** StudentGroupForm (no id: a new group) → { id }; msg "{name} is saved with {count} students". */
  save: '/api/scores/groups/save',
  /** { ids } → null. */
  delete: '/api/scores/groups/delete',
  /** {} → the caller's own and the shared groups: { id, name, memberCount }[]. */
  options: '/api/scores/groups/options',
  /** { currPage, limit, search: { keyword } } → { total, rows: AwardStudent[] }: the students the caller may put in a group. */
  students: '/api/scores/groups/students',
  /** { batchId, groupId } → GroupAnalysis. */
  analysis: '/api/scores/analysis/group',
} as const;

export interface GroupOption {
  id: number;
  name: string;
  memberCount: number;
}

export const studentGroupKeys = {
  all: ['scores', 'groups'] as const,
  options: ['scores', 'groups', 'options'] as const,
  analysis: (batchId: number, groupId: number) => ['scores', 'analysis', 'group', batchId, groupId] as const,
};

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

/** A failure's message as the server gave it (empty when there is none, e.g. a server out of reach). */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : '');

/** A group with its members (the request client shows a refusal, e.g. a group deleted meanwhile). */
export async function fetchStudentGroup(id: number): Promise<StudentGroupDetail> {
  const data = await call<StudentGroupDetail>(STUDENT_GROUP_CALLS.get, { json: { id } });
  return { ...data, classNames: list(data?.classNames), members: list(data?.members) };
}

/** Saves a group; answers the server's message. A refusal is shown by the request client and rejects. */
export async function saveStudentGroup(body: StudentGroupForm): Promise<string> {
  return (await request<{ id: number }>(STUDENT_GROUP_CALLS.save, { json: body })).msg;
}

/** The students whose number or name holds the keyword, among those the caller may put in a group (50 at most). */
export const searchGroupStudents = studentSearchAt(STUDENT_GROUP_CALLS.students, 50, { silent: true });

/** The groups the caller may analyse: their own and the shared ones. Quiet: the tab shows a failure in place. */
export async function fetchGroupOptions(signal?: AbortSignal): Promise<GroupOption[]> {
  return list(await call<GroupOption[] | null>(STUDENT_GROUP_CALLS.options, { json: {}, signal, silent: true }));
}

/** A group's figures in an exam beside the grade's, and its members' totals and places. Quiet. */
export async function fetchGroupAnalysis(batchId: number, groupId: number, signal?: AbortSignal): Promise<GroupAnalysis> {
  const data = await call<GroupAnalysis>(STUDENT_GROUP_CALLS.analysis, { json: { batchId, groupId }, signal, silent: true });
  return { ...data, subjects: list(data?.subjects), rows: list(data?.rows) };
}
