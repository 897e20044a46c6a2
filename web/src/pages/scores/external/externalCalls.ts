import type { ExternalExamForm, ExternalImportResult, ExternalOptions, ExternalScoresPage, ExternalScoresSave } from '@campus/contract';
import { call, download, request } from '../../../api/client.ts';
import { saveBlob } from '../../../api/exports.ts';
import type { ImportErrorRow } from '../../../components/ImportDialog/index.ts';

/**
 * Calls of the external exam scores page (/cjglNew/xwcj/kscjwh, contract/src/scores/external.ts). They live
 * beside the page until the Scores area's call module takes them over.
 */
export const EXTERNAL_CALLS = {
  /** Paged body { currPage, limit, sortField, order, search: ExternalSearch } → PagedResult<ExternalExamRow>. */
  page: '/api/scores/external/page',
  get: '/api/scores/external/get',
  /** {} → ExternalOptions: terms, grades, subjects and classes. */
  options: '/api/scores/external/options',
  create: '/api/scores/external/create',
  update: '/api/scores/external/update',
  delete: '/api/scores/external/delete',
  /** { ids, released } → { count }. */
  release: '/api/scores/external/release',
  /** { examId, classId?, keyword?, currPage, limit } → ExternalScoresPage. */
  scores: '/api/scores/external/scores',
  /** ExternalScoresSave → { saved }: the changed rows, each replacing the student's scores and place. */
  saveScores: '/api/scores/external/saveScores',
  /** GET ?examId=: the import template with what is entered. */
  template: '/api/scores/external/template',
  /** POST ?examId=, multipart with one .xlsx → ExternalImportResult, or 400 with data.errors. */
  import: '/api/scores/external/import',
} as const;

/** The page's permission: `:edit` adds, modifies, enters, imports and releases, `:delete` deletes. */
export const EXTERNAL_PERMISSION = 'score:external';

/** The search of the list (the paged body's `search`). */
export interface ExternalSearch {
  keyword: string;
  termId: number | '';
  gradeId: number | '';
}

/** What the import answers, as the shared import dialog reads it (a column with each bad cell). */
export interface ExternalImportAnswer extends ExternalImportResult {
  imported: number;
  errors: ImportErrorRow[];
}

export const EMPTY_EXTERNAL_OPTIONS: ExternalOptions = { terms: [], grades: [], courses: [], classes: [] };

export const externalKeys = {
  all: ['scores', 'external'] as const,
  options: ['scores', 'external', 'options'] as const,
  scoresOf: (examId: number) => ['scores', 'external', 'scores', examId] as const,
  scores: (examId: number, classId: number | undefined, keyword: string, page: number, limit: number) => ['scores', 'external', 'scores', examId, classId ?? 0, keyword, page, limit] as const,
};

export async function fetchExternalOptions(signal?: AbortSignal): Promise<ExternalOptions> {
  const data = await call<Partial<ExternalOptions> | null>(EXTERNAL_CALLS.options, { json: {}, signal });
  return { ...EMPTY_EXTERNAL_OPTIONS, ...(data ?? {}) };
}

/** Creates an exam, or changes it when the body has its id; answers the server's message. */
export async function saveExternalExam(body: ExternalExamForm): Promise<string> {
  return (await request<{ id: number } | null>(body.id ? EXTERNAL_CALLS.update : EXTERNAL_CALLS.create, { json: body })).msg;
}

/** Releases exams or hides them again; answers the server's message. */
export async function releaseExternalExams(ids: readonly number[], released: boolean): Promise<string> {
  return (await request<{ count: number }>(EXTERNAL_CALLS.release, { json: { ids, released } })).msg;
}

export interface ScoresQuery {
  examId: number;
  classId?: number;
  keyword?: string;
  currPage: number;
  limit: number;
}

export async function fetchExternalScores(query: ScoresQuery, signal?: AbortSignal): Promise<ExternalScoresPage> {
  const body = { examId: query.examId, currPage: query.currPage, limit: query.limit, ...(query.classId ? { classId: query.classId } : {}), ...(query.keyword ? { keyword: query.keyword } : {}) };
  return call<ExternalScoresPage>(EXTERNAL_CALLS.scores, { json: body, signal });
}

/** Saves the changed rows; answers how many and the server's message. A refusal has been shown and rejects. */
export async function saveExternalScores(body: ExternalScoresSave): Promise<{ saved: number; msg: string }> {
  const answer = await request<{ saved: number }>(EXTERNAL_CALLS.saveScores, { json: body });
  return { saved: answer.data?.saved ?? body.rows.length, msg: answer.msg };
}

export const templateUrl = (examId: number) => `${EXTERNAL_CALLS.template}?examId=${encodeURIComponent(examId)}`;
export const importUrl = (examId: number) => `${EXTERNAL_CALLS.import}?examId=${encodeURIComponent(examId)}`;

/** Downloads the exam's template (with what is entered) and saves it under the exam's name. */
export async function downloadTemplate(examId: number, name: string): Promise<void> {
  saveBlob(await download(templateUrl(examId)), `${name}.xlsx`);
}
