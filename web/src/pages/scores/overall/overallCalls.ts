import type { OverallCandidate, OverallDetails, OverallList, OverallScheme, OverallSchemeFormParsed, OverallStudentRow } from '@campus/contract';
import { call, download, request } from '../../../api/client.ts';
import { exportFileName, saveBlob } from '../../../api/exports.ts';

/**
 * Calls of the overall score pages (/cjfxNew/zpfx/*, contract/src/scores/overall.ts). They live beside the
 * pages until the Scores area's call module takes them over. The reads are quiet: each page shows a refusal
 * (a scheme gone, a class not one's own) in place with its message; the writes show theirs through the client.
 */
export const OVERALL_CALLS = {
  /** { termId? } → OverallList: the terms, the term chosen (the current one by default), the grades and the term's schemes. */
  list: '/api/scores/overall/list',
  /** { termId, gradeId } → OverallCandidate[]: the score batches of the term and grade a scheme may use. */
  candidates: '/api/scores/overall/candidates',
  /** { id } → OverallScheme. */
  get: '/api/scores/overall/get',
  /** OverallSchemeForm (no id: create) → { id }; msg "{name} is saved". */
  save: '/api/scores/overall/save',
  /** { ids } → { deleted }. */
  delete: '/api/scores/overall/delete',
  /** { id, classId? } → OverallDetails. */
  details: '/api/scores/overall/details',
  /** GET ?id=&classId=: a class's overall scores as a workbook. */
  workbook: '/api/scores/overall/workbook',
} as const;

export const overallKeys = {
  all: ['scores', 'overall'] as const,
  list: (termId: number | undefined) => ['scores', 'overall', 'list', termId ?? 'current'] as const,
  candidates: (termId: number, gradeId: number) => ['scores', 'overall', 'candidates', termId, gradeId] as const,
  scheme: (id: number) => ['scores', 'overall', 'scheme', id] as const,
  details: (id: number, classId: number | undefined) => ['scores', 'overall', 'details', id, classId ?? 'first'] as const,
};

export const EMPTY_OVERALL_LIST: OverallList = { terms: [], termId: null, grades: [], schemes: [] };

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

/** A scheme with its lists always present. */
export const normalScheme = (scheme: OverallScheme): OverallScheme => ({ ...scheme, parts: list(scheme.parts) });

/** The message of a refused or failed read, for showing in place (empty when there is none). */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : '');

export async function fetchOverallList(termId: number | undefined, signal?: AbortSignal): Promise<OverallList> {
  const data = await call<Partial<OverallList> | null>(OVERALL_CALLS.list, { json: termId ? { termId } : {}, signal, silent: true });
  return { terms: list(data?.terms), termId: data?.termId ?? null, grades: list(data?.grades), schemes: list(data?.schemes).map(normalScheme) };
}

export async function fetchOverallCandidates(termId: number, gradeId: number, signal?: AbortSignal): Promise<OverallCandidate[]> {
  const data = await call<OverallCandidate[] | null>(OVERALL_CALLS.candidates, { json: { termId, gradeId }, signal, silent: true });
  return list(data).map((candidate) => ({ ...candidate, subjects: list(candidate.subjects) }));
}

export async function fetchOverallScheme(id: number, signal?: AbortSignal): Promise<OverallScheme> {
  return normalScheme(await call<OverallScheme>(OVERALL_CALLS.get, { json: { id }, signal, silent: true }));
}

export async function fetchOverallDetails(id: number, classId: number | undefined, signal?: AbortSignal): Promise<OverallDetails> {
  const data = await call<OverallDetails>(OVERALL_CALLS.details, { json: classId ? { id, classId } : { id }, signal, silent: true });
  return {
    scheme: normalScheme(data.scheme),
    classes: list(data.classes),
    classId: data.classId ?? null,
    subjects: list(data.subjects),
    rows: list(data.rows).map((row: OverallStudentRow) => ({ ...row, overall: row.overall ?? {}, parts: row.parts ?? {} })),
  };
}

/** Creates or changes a scheme; answers its id and the server's message. A refusal has been shown by the client and rejects. */
export async function saveOverallScheme(body: OverallSchemeFormParsed): Promise<{ id: number; msg: string }> {
  const envelope = await request<{ id: number } | null>(OVERALL_CALLS.save, { json: body });
  return { id: envelope.data?.id ?? body.id ?? 0, msg: envelope.msg };
}

/** Downloads a class's overall scores and saves them under `fileBase` and the date. A refusal has been shown. */
export async function exportOverall(id: number, classId: number | null, fileBase: string): Promise<void> {
  const blob = await download(OVERALL_CALLS.workbook, { query: classId ? { id, classId } : { id } });
  saveBlob(blob, exportFileName(fileBase));
}
