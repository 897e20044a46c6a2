import type { ScoreBatchFormParsed, ScoreBatchOptions } from '@campus/contract';
import { call, request } from '../../../api/client.ts';

/**
 * Calls of the score batches page (/cjgl/cjpc, contract/src/scores/batches.ts). They live beside the page
 * until the Scores area's call module takes them over.
 */
export const SCORE_BATCH_CALLS = {
  /** Paged body { currPage, limit, sortField, order, search: ScoreBatchSearch }. */
  page: '/api/scores/batches/page',
  get: '/api/scores/batches/get',
  create: '/api/scores/batches/create',
  update: '/api/scores/batches/update',
  delete: '/api/scores/batches/delete',
  /** GET ?search={...}: the list as Excel. */
  export: '/api/scores/batches/export',
  /** ScoreBatchOptions: terms, grades, campuses, subjects, classes, score systems, rules and exams of the form. */
  options: '/api/scores/batches/options',
  /** { ids, released } → { count }: releases to students and parents, or cancels the release. */
  release: '/api/scores/batches/release',
} as const;

/** The page's permission: `:edit` adds, modifies and releases, `:delete` deletes. */
export const SCORE_BATCH_PERMISSION = 'score:batch';

/** The search of the list (the paged body's `search`); `released` is left out to list both. */
export interface ScoreBatchSearch {
  keyword: string;
  termId: number | '';
  gradeId: number | '';
  released?: boolean;
}

/** The body of create (scoreBatchFormSchema); update adds the id. Optional choices left empty go as null. */
export type ScoreBatchBody = Omit<ScoreBatchFormParsed, 'id' | 'campusId' | 'examBatchId' | 'conversionRuleId'> & {
  id?: number;
  campusId: number | null;
  examBatchId: number | null;
  conversionRuleId: number | null;
};

/** No options (before they load, or when they could not be loaded). */
export const EMPTY_SCORE_BATCH_OPTIONS: ScoreBatchOptions = { terms: [], grades: [], campuses: [], courses: [], classes: [], systems: [], rules: [], exams: [] };

export const SCORE_BATCH_OPTIONS_KEY = ['scores', 'batches', 'options'] as const;

export async function fetchScoreBatchOptions(signal?: AbortSignal): Promise<ScoreBatchOptions> {
  const data = await call<Partial<ScoreBatchOptions> | null>(SCORE_BATCH_CALLS.options, { json: {}, signal });
  return { ...EMPTY_SCORE_BATCH_OPTIONS, ...(data ?? {}) };
}

/** Creates a batch, or changes it when the body has its id; answers the server's message. */
export async function saveScoreBatch(body: ScoreBatchBody): Promise<string> {
  return (await request<{ id: number } | null>(body.id ? SCORE_BATCH_CALLS.update : SCORE_BATCH_CALLS.create, { json: body })).msg;
}

/** Releases batches or cancels their release; answers the server's message ("2 released"). */
export async function releaseScoreBatches(ids: readonly number[], released: boolean): Promise<string> {
  return (await request<{ count: number }>(SCORE_BATCH_CALLS.release, { json: { ids, released } })).msg;
}
