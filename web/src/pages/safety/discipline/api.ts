import type { DisciplineOptions, DisciplineRow, DisciplineType, InsuranceStudentOption } from '@campus/contract';
import { call } from '../../../api/client.ts';

/** The calls of discipline (docs/calls-safety.md). */
const base = '/api/safety/discipline';
export const DISCIPLINE_CALLS = {
  page: `${base}/page`,
  export: `${base}/export`,
  delete: `${base}/delete`,
  typesDelete: `${base}/types/delete`,
} as const;

export const disciplineKeys = {
  options: ['safety', 'discipline', 'options'] as const,
  types: ['safety', 'discipline', 'types'] as const,
  mine: ['safety', 'discipline', 'mine'] as const,
};

export const fetchDisciplineOptions = (signal?: AbortSignal) => call<DisciplineOptions>(`${base}/options`, { json: {}, signal });
export const fetchOwnRecords = (signal?: AbortSignal) => call<{ total: number; rows: DisciplineRow[] }>(DISCIPLINE_CALLS.page, { json: { currPage: 0, limit: 200 }, signal });
export const searchDisciplineStudents = (keyword: string, signal: AbortSignal) => call<InsuranceStudentOption[]>(`${base}/students`, { json: { keyword }, signal });
export const saveRecord = (form: unknown, id?: number) => call<unknown>(`${base}/${id ? 'update' : 'create'}`, { json: { ...(form as object), id } });
export const revokeRecord = (form: unknown) => call<null>(`${base}/revoke`, { json: form });
export const fetchTypes = (signal?: AbortSignal) => call<DisciplineType[]>(`${base}/types/list`, { json: {}, signal });
export const saveType = (form: unknown) => call<{ id: number }>(`${base}/types/save`, { json: form });
