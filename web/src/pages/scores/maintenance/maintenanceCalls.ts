import type { MaintenanceBatches, MaintenancePage, ScoreCorrection, ScoreCorrectionInput } from '@campus/contract';
import { call, request } from '../../../api/client.ts';

/**
 * Calls of the exam score maintenance page (/cjfxNew/cjgl/kscjwh, contract/src/scores/maintenance.ts). They
 * live beside the page until the Scores area's call module takes them over. The reads are quiet: the page
 * shows a failure in place, with a retry; the correction is not, so that a refusal shows its message.
 */
export const MAINTENANCE_CALLS = {
  /** { termId? } → MaintenanceBatches: the terms, the term shown and its batches with their classes. */
  batches: '/api/scores/maintenance/batches',
  /** { batchId, classId?, keyword?, currPage, limit } → MaintenancePage. */
  page: '/api/scores/maintenance/page',
  /** ScoreCorrectionInput → { corrected, recomputed }; msg "{name}'s scores are corrected". */
  correct: '/api/scores/maintenance/correct',
  /** { batchId, studentId? } → ScoreCorrection[], the latest first. */
  history: '/api/scores/maintenance/history',
} as const;

export interface MaintenanceFilter {
  batchId: number;
  classId?: number;
  keyword?: string;
  currPage: number;
  limit: number;
}

export const maintenanceKeys = {
  all: ['scores', 'maintenance'] as const,
  batches: (termId: number | undefined) => ['scores', 'maintenance', 'batches', termId ?? 'current'] as const,
  page: (filter: MaintenanceFilter) => ['scores', 'maintenance', 'page', filter] as const,
  history: (batchId: number, studentId: number | undefined) => ['scores', 'maintenance', 'history', batchId, studentId ?? 'all'] as const,
};

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export const EMPTY_MAINTENANCE_BATCHES: MaintenanceBatches = { terms: [], termId: null, batches: [] };

/** A failure's message as the server gave it (empty when there is none, e.g. a server out of reach). */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : '');

export async function fetchMaintenanceBatches(termId: number | undefined, signal?: AbortSignal): Promise<MaintenanceBatches> {
  const data = await call<Partial<MaintenanceBatches> | null>(MAINTENANCE_CALLS.batches, { json: termId ? { termId } : {}, signal, silent: true });
  return {
    terms: list(data?.terms),
    termId: data?.termId ?? null,
    batches: list(data?.batches).map((batch) => ({ ...batch, classes: list(batch.classes) })),
  };
}

export async function fetchMaintenancePage(filter: MaintenanceFilter, signal?: AbortSignal): Promise<MaintenancePage> {
  const body: Record<string, unknown> = { batchId: filter.batchId, currPage: filter.currPage, limit: filter.limit };
  if (filter.classId) body.classId = filter.classId;
  if (filter.keyword) body.keyword = filter.keyword;
  const data = await call<Partial<MaintenancePage> | null>(MAINTENANCE_CALLS.page, { json: body, signal, silent: true });
  return {
    subjects: list(data?.subjects).map((subject) => ({ ...subject, items: list(subject.items) })),
    total: Number(data?.total ?? 0),
    ...(data?.totalCapped ? { totalCapped: true } : {}),
    rows: list(data?.rows).map((row) => ({ ...row, cells: row.cells ?? {} })),
  };
}

/** Corrects a student's scores; answers the server's message. A refusal is shown by the request client and rejects. */
export async function correctScores(body: ScoreCorrectionInput): Promise<string> {
  return (await request<{ corrected: number; recomputed: boolean }>(MAINTENANCE_CALLS.correct, { json: body })).msg;
}

export async function fetchCorrectionHistory(batchId: number, studentId: number | undefined, signal?: AbortSignal): Promise<ScoreCorrection[]> {
  const data = await call<ScoreCorrection[] | null>(MAINTENANCE_CALLS.history, { json: studentId ? { batchId, studentId } : { batchId }, signal, silent: true });
  return list(data);
}
