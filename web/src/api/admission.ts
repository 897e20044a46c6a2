import type { AdmissionOptions, AdmissionStatus, DivisionForm, DivisionPreview } from '@campus/contract';
import { call, request } from './client.ts';

/** Calls of Admission (/lqgl/index) and Class division (/fbgl/index) (docs/calls-roll.md, "Admission and class division"). */
export const ADMISSION_CALLS = {
  options: '/api/roll/admission/options',
  page: '/api/roll/admission/page',
  score: '/api/roll/admission/score',
  decide: '/api/roll/admission/decide',
  line: '/api/roll/admission/line',
  preview: '/api/roll/division/preview',
  apply: '/api/roll/division/apply',
} as const;

/** Tag colours of the admission statuses. */
export const ADMISSION_STATUS_COLOURS: Record<AdmissionStatus, string> = {
  pending: 'gold',
  admitted: 'green',
  rejected: 'default',
};

/** The search of the admission list (the paged body's `search`). */
export interface AdmissionSearch {
  gradeId?: number;
  entryYear?: number;
  admission?: AdmissionStatus | '';
  keyword?: string;
}

/** Grades, intake years and classes (with their students) of both screens. */
export function fetchAdmissionOptions(signal?: AbortSignal): Promise<AdmissionOptions> {
  return call<AdmissionOptions>(ADMISSION_CALLS.options, { json: {}, signal });
}

/** Sets (or clears, with null) a registration's entrance score; answers the server's message. */
export async function saveEntranceScore(id: number, entranceScore: number | null): Promise<string> {
  return (await request<null>(ADMISSION_CALLS.score, { json: { id, entranceScore } })).msg;
}

/** Admits registrations, or not, or sets them waiting again; answers the server's message. */
export async function decideAdmission(ids: number[], admission: AdmissionStatus): Promise<string> {
  return (await request<{ count: number }>(ADMISSION_CALLS.decide, { json: { ids, admission } })).msg;
}

/** Admits an intake's waiting registrations at or above the line, the others not; answers the server's message. */
export async function applyScoreLine(body: { gradeId: number; entryYear: number; line: number }): Promise<string> {
  return (await request<{ admitted: number; rejected: number }>(ADMISSION_CALLS.line, { json: body })).msg;
}

/** How the admitted of an intake would be divided; a refusal is thrown for the page to show (not shown by the client). */
export function previewDivision(body: DivisionForm, signal?: AbortSignal): Promise<DivisionPreview> {
  return call<DivisionPreview>(ADMISSION_CALLS.preview, { json: body, signal, silent: true });
}

/** Places the admitted as the division computes again; answers the server's message (a refusal is thrown, not shown). */
export async function applyDivision(body: DivisionForm): Promise<string> {
  return (await request<{ count: number; classes: number }>(ADMISSION_CALLS.apply, { json: body, silent: true })).msg;
}
