import type { AnalysisSettingsBatch, AnalysisSettingsList, AnalysisSettingsSave } from '@campus/contract';
import { call, request } from '../../../api/client.ts';

/**
 * Calls of the exam analysis settings page (/cjfxNew/cjgl/ksfxsz, contract/src/scores/analysis.ts). They live
 * beside the page until the Scores area's call module takes them over.
 */
export const ANALYSIS_SETTINGS_CALLS = {
  /** { termId? } → AnalysisSettingsList: the terms, and every batch of the term (the current one by default) with its lines. */
  list: '/api/scores/analysisSettings/list',
  /** AnalysisSettingsSave → null; msg "The lines of {name} are saved" (and "being computed again" for a released exam). */
  save: '/api/scores/analysisSettings/save',
} as const;

export const analysisSettingsKeys = {
  all: ['scores', 'analysisSettings'] as const,
  list: (termId: number | undefined) => ['scores', 'analysisSettings', 'list', termId ?? 'current'] as const,
};

export const EMPTY_ANALYSIS_SETTINGS: AnalysisSettingsList = { terms: [], batches: [] };

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

/** A failure's message as the server gave it (empty when there is none, e.g. a server out of reach). */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : '');

/** The terms and the term's batches with their lines; quiet: the page shows a failure in place, with a retry. */
export async function fetchAnalysisSettings(termId: number | undefined, signal?: AbortSignal): Promise<AnalysisSettingsList> {
  const data = await call<Partial<AnalysisSettingsList> | null>(ANALYSIS_SETTINGS_CALLS.list, { json: termId ? { termId } : {}, signal, silent: true });
  return {
    terms: list(data?.terms),
    batches: list(data?.batches).map((batch: AnalysisSettingsBatch) => ({ ...batch, subjects: list(batch.subjects) })),
  };
}

/** Saves an exam's lines; answers the server's message. A refusal is shown by the request client and rejects. */
export async function saveAnalysisSettings(body: AnalysisSettingsSave): Promise<string> {
  return (await request<null>(ANALYSIS_SETTINGS_CALLS.save, { json: body })).msg;
}
