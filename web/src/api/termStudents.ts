import type { TermStudentCounts, TermStudentStatusBody } from '@campus/contract';
import { call, request } from './client.ts';

/** Calls of the term students (docs/calls-teaching.md). */
export const TERM_STUDENT_CALLS = {
  page: '/api/system/termStudents/page',
  counts: '/api/system/termStudents/counts',
  copy: '/api/system/termStudents/copy',
  status: '/api/system/termStudents/status',
  export: '/api/system/termStudents/export',
} as const;

export const termStudentKeys = { counts: (termId: number | undefined) => ['termStudents', 'counts', termId ?? 0] as const };

export async function fetchTermCounts(termId: number | undefined, signal?: AbortSignal): Promise<TermStudentCounts> {
  const data = await call<Partial<TermStudentCounts> | null>(TERM_STUDENT_CALLS.counts, { json: termId ? { termId } : {}, signal });
  return { termId: data?.termId ?? termId ?? 0, terms: Array.isArray(data?.terms) ? data.terms : [], grades: Array.isArray(data?.grades) ? data.grades : [], previousTerm: data?.previousTerm ?? null };
}

export async function copyTerm(termId: number): Promise<string> {
  return (await request(TERM_STUDENT_CALLS.copy, { json: { termId } })).msg;
}

export async function setTermStatus(body: TermStudentStatusBody): Promise<string> {
  return (await request(TERM_STUDENT_CALLS.status, { json: body })).msg;
}
