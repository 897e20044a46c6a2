import type { PlacementResult, StratifiedCandidate, StratifiedClassForm, StratifiedClassStudents, StratifiedOptions } from '@campus/contract';
import { call, request } from './client.ts';

/** Calls of stratified teaching (docs/calls-teaching.md). */
export const STRATIFIED_CALLS = {
  page: '/api/roll/stratifiedClasses/page',
  create: '/api/roll/stratifiedClasses/create',
  update: '/api/roll/stratifiedClasses/update',
  delete: '/api/roll/stratifiedClasses/delete',
  export: '/api/roll/stratifiedClasses/export',
  options: '/api/roll/stratifiedClasses/options',
  placeByScore: '/api/roll/stratifiedClasses/placeByScore',
  students: '/api/roll/stratifiedClasses/students',
  candidates: '/api/roll/stratifiedClasses/candidates',
  addStudents: '/api/roll/stratifiedClasses/addStudents',
  removeStudents: '/api/roll/stratifiedClasses/removeStudents',
} as const;

export const stratifiedKeys = {
  all: ['stratified'] as const,
  options: ['stratified', 'options'] as const,
  students: (classId: number) => ['stratified', 'students', classId] as const,
  candidates: (classId: number, keyword: string) => ['stratified', 'candidates', classId, keyword] as const,
};

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export async function fetchStratifiedOptions(signal?: AbortSignal): Promise<StratifiedOptions> {
  const data = await call<Partial<StratifiedOptions> | null>(STRATIFIED_CALLS.options, { json: {}, signal });
  return { terms: list(data?.terms), grades: list(data?.grades), courses: list(data?.courses), teachers: list(data?.teachers), classrooms: list(data?.classrooms), batches: list(data?.batches) };
}

export async function saveStratifiedClass(body: StratifiedClassForm): Promise<string> {
  return (await request(body.id ? STRATIFIED_CALLS.update : STRATIFIED_CALLS.create, { json: body })).msg;
}

export async function placeByScore(body: { termId: number; gradeId: number; courseId: number; batchId: number }): Promise<{ msg: string; result: PlacementResult | null }> {
  const envelope = await request<PlacementResult>(STRATIFIED_CALLS.placeByScore, { json: body });
  return { msg: envelope.msg, result: envelope.data ?? null };
}

export function fetchClassStudents(classId: number, signal?: AbortSignal): Promise<StratifiedClassStudents> {
  return call<StratifiedClassStudents>(STRATIFIED_CALLS.students, { json: { classId }, signal });
}

export async function fetchCandidates(classId: number, keyword: string, signal?: AbortSignal): Promise<StratifiedCandidate[]> {
  return list(await call<StratifiedCandidate[] | null>(STRATIFIED_CALLS.candidates, { json: { classId, keyword }, signal }));
}

export async function changeStudents(action: 'add' | 'remove', classId: number, studentIds: number[]): Promise<string> {
  return (await request(action === 'add' ? STRATIFIED_CALLS.addStudents : STRATIFIED_CALLS.removeStudents, { json: { classId, studentIds } })).msg;
}
