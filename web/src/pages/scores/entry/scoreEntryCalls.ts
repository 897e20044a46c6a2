import type { ScoreEntryOptions, ScoreSave, ScoreSaveResult, ScoreSheet } from '@campus/contract';
import { call, download, request } from '../../../api/client.ts';
import { exportFileName, saveBlob } from '../../../api/exports.ts';
import type { ImportResult } from '../../../components/ImportDialog/index.ts';

/**
 * Calls of the score entry page (/cjgl/cjdj, contract/src/scores/entry.ts). They live beside the page until
 * the Scores area's call module takes them over.
 */
export const SCORE_ENTRY_CALLS = {
  /** { termId? } → ScoreEntryOptions: the terms, and the batches of the term (the current one by default) with the caller's class sheets. */
  options: '/api/scores/entry/options',
  /** { batchId, classId } → ScoreSheet. */
  sheet: '/api/scores/entry/sheet',
  /** ScoreSave → ScoreSaveResult (msg '{saved} scores saved, {cleared} cleared'). */
  save: '/api/scores/entry/save',
  /** GET ?batchId=&classId=: the sheet as Excel (also the import's template). */
  export: '/api/scores/entry/workbook',
  /** POST ?batchId=&classId=, multipart with the filled-in sheet → ScoreImportResult, or 400 with data.errors. */
  import: '/api/scores/entry/import',
} as const;

/** The page's permission (the office's `score:register:all` opens every class; the server decides). */
export const SCORE_ENTRY_PERMISSION = 'score:register';

export interface ScoreImportResult extends ImportResult {
  saved: number;
  cleared: number;
}

export const scoreEntryKeys = {
  all: ['scores', 'entry'] as const,
  options: (termId: number | undefined) => ['scores', 'entry', 'options', termId ?? 'current'] as const,
  optionsAll: ['scores', 'entry', 'options'] as const,
  sheet: (batchId: number, classId: number) => ['scores', 'entry', 'sheet', batchId, classId] as const,
};

export const EMPTY_SCORE_ENTRY_OPTIONS: ScoreEntryOptions = { terms: [], batches: [] };

export async function fetchScoreEntryOptions(termId: number | undefined, signal?: AbortSignal): Promise<ScoreEntryOptions> {
  const data = await call<Partial<ScoreEntryOptions> | null>(SCORE_ENTRY_CALLS.options, { json: termId ? { termId } : {}, signal });
  return { ...EMPTY_SCORE_ENTRY_OPTIONS, ...(data ?? {}) };
}

export async function fetchScoreSheet(batchId: number, classId: number, signal?: AbortSignal): Promise<ScoreSheet> {
  return call<ScoreSheet>(SCORE_ENTRY_CALLS.sheet, { json: { batchId, classId }, signal });
}

/** Saves the changed cells; answers the new versions and the server's message. A refusal has been shown and rejects. */
export async function saveScores(body: ScoreSave): Promise<{ result: ScoreSaveResult; msg: string }> {
  const answer = await request<ScoreSaveResult>(SCORE_ENTRY_CALLS.save, { json: body });
  return { result: answer.data, msg: answer.msg };
}

const sheetQuery = (batchId: number, classId: number) => `batchId=${encodeURIComponent(batchId)}&classId=${encodeURIComponent(classId)}`;

/** The export (and import template) address of a class's sheet. */
export const exportUrl = (batchId: number, classId: number) => `${SCORE_ENTRY_CALLS.export}?${sheetQuery(batchId, classId)}`;

/** The import address of a class's sheet. */
export const importUrl = (batchId: number, classId: number) => `${SCORE_ENTRY_CALLS.import}?${sheetQuery(batchId, classId)}`;

/** Downloads the class's sheet as Excel and saves it under `fileBase` and the date. */
export async function exportSheet(batchId: number, classId: number, fileBase: string): Promise<void> {
  const blob = await download(SCORE_ENTRY_CALLS.export, { query: { batchId, classId } });
  saveBlob(blob, exportFileName(fileBase));
}
