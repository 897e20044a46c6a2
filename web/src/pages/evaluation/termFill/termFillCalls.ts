import type { EvaluationFillOptions, EvaluationSheet, EvaluationSheetSave } from '@campus/contract';
import { call, request } from '../../../api/client.ts';

/**
 * Calls of the class teacher's end-of-term evaluation grid (/xspj/qmpjtx, contract/src/evaluation/termEvaluation.ts).
 * They live beside the page until the evaluation area has a call module of its own.
 */
export const FILL_CALLS = {
  /** { termId? } → EvaluationFillOptions: the terms, the term's themes and the classes the caller may fill. */
  options: '/api/evaluation/fill/options',
  /** { themeId, classId } → EvaluationSheet: the theme with its items, a row per student, and whether it can be saved. */
  sheet: '/api/evaluation/fill/sheet',
  /** EvaluationSheetSave → { saved }; msg "Evaluations of {count} students are saved". */
  save: '/api/evaluation/fill/save',
} as const;

export const fillKeys = {
  optionsAll: ['evaluation', 'fill', 'options'] as const,
  options: (termId: number | undefined) => ['evaluation', 'fill', 'options', termId ?? 'current'] as const,
  sheet: (themeId: number, classId: number) => ['evaluation', 'fill', 'sheet', themeId, classId] as const,
};

export const EMPTY_FILL_OPTIONS: EvaluationFillOptions = { terms: [], termId: null, themes: [], classes: [] };

/** The most rows one save call takes (the contract's limit); a larger class is saved in parts. */
export const SAVE_ROWS_MAX = 200;

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

/** A failure's message as the server gave it (empty when there is none, e.g. a server out of reach). */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : '');

/** The terms, the term's themes and the classes; quiet: the page shows a failure in place, with a retry. */
export async function fetchFillOptions(termId: number | undefined, signal?: AbortSignal): Promise<EvaluationFillOptions> {
  const data = await call<Partial<EvaluationFillOptions> | null>(FILL_CALLS.options, { json: termId ? { termId } : {}, signal, silent: true });
  return {
    terms: list(data?.terms),
    termId: data?.termId ?? null,
    themes: list(data?.themes).map((theme) => ({ ...theme, gradeIds: list(theme.gradeIds) })),
    classes: list(data?.classes),
  };
}

/** One class's sheet of a theme; quiet: the panel shows a failure in place, with a retry. */
export async function fetchSheet(themeId: number, classId: number, signal?: AbortSignal): Promise<EvaluationSheet> {
  const data = await call<EvaluationSheet>(FILL_CALLS.sheet, { json: { themeId, classId }, signal, silent: true });
  return {
    ...data,
    theme: { ...data.theme, gradeIds: list(data.theme?.gradeIds), gradeNames: list(data.theme?.gradeNames), items: list(data.theme?.items) },
    rows: list(data.rows).map((row) => ({ ...row, values: row.values ?? {} })),
  };
}

/**
 * Saves the rows changed; answers the students saved and the server's message. A refusal (a value out of
 * range, a row changed meanwhile) is shown by the request client and rejects.
 */
export async function saveSheet(body: EvaluationSheetSave): Promise<{ saved: number; msg: string }> {
  const envelope = await request<{ saved: number } | null>(FILL_CALLS.save, { json: body });
  return { saved: envelope.data?.saved ?? body.rows.length, msg: envelope.msg };
}
