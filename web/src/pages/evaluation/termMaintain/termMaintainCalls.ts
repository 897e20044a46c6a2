import type { EvaluationClassProgress, EvaluationThemeForm, EvaluationThemeList } from '@campus/contract';
import { call, request } from '../../../api/client.ts';

/**
 * Calls of the end-of-term evaluation setup page (/xspj/qmpjwh, contract/src/evaluation/termEvaluation.ts). They
 * live beside the page until the evaluation area has a call module of its own.
 */
export const THEME_CALLS = {
  /** { termId? } → EvaluationThemeList: the terms, the term chosen (the current one by default) and its themes. */
  list: '/api/evaluation/themes/list',
  /** EvaluationThemeForm (with id: update) → { id }; msg "{name} is saved". */
  save: '/api/evaluation/themes/save',
  /** { ids } → null; a theme with answers is refused. */
  delete: '/api/evaluation/themes/delete',
  /** { ids, released } → msg: released to students and parents, or hidden again. */
  release: '/api/evaluation/themes/release',
  /** { themeId } → EvaluationClassProgress[]: each class's filled students and class teacher. */
  progress: '/api/evaluation/themes/progress',
} as const;

export const themeKeys = {
  all: ['evaluation', 'themes'] as const,
  list: (termId: number | undefined) => ['evaluation', 'themes', 'list', termId ?? 'current'] as const,
  progress: (themeId: number) => ['evaluation', 'themes', 'progress', themeId] as const,
};

export const EMPTY_THEME_LIST: EvaluationThemeList = { terms: [], termId: null, grades: [], themes: [] };

export interface GradeChoice {
  id: number;
  name: string;
}

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

/** A failure's message as the server gave it (empty when there is none, e.g. a server out of reach). */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : '');

/** The terms and the term's themes with their items and progress; quiet: the page shows a failure in place. */
export async function fetchThemes(termId: number | undefined, signal?: AbortSignal): Promise<EvaluationThemeList> {
  const data = await call<Partial<EvaluationThemeList> | null>(THEME_CALLS.list, { json: termId ? { termId } : {}, signal, silent: true });
  return {
    terms: list(data?.terms),
    termId: data?.termId ?? null,
    grades: list(data?.grades),
    themes: list(data?.themes).map((theme) => ({ ...theme, gradeIds: list(theme.gradeIds), gradeNames: list(theme.gradeNames), items: list(theme.items) })),
  };
}

/**
 * The school's grades, as the score batches' form reads them. Quiet: without them the form offers the grades
 * the term's themes already name.
 */
/** Creates a theme, or changes it when the body has its id; answers the server's message. */
export async function saveTheme(body: EvaluationThemeForm): Promise<string> {
  return (await request<{ id: number } | null>(THEME_CALLS.save, { json: body })).msg;
}

/** Releases themes to students and parents, or hides them again; answers the server's message. */
export async function releaseThemes(ids: readonly number[], released: boolean): Promise<string> {
  return (await request<unknown>(THEME_CALLS.release, { json: { ids, released } })).msg;
}

/** Each class of a theme's grades: filled and students, and its class teacher. */
export async function fetchProgress(themeId: number, signal?: AbortSignal): Promise<EvaluationClassProgress[]> {
  return list(await call<EvaluationClassProgress[] | null>(THEME_CALLS.progress, { json: { themeId }, signal, silent: true }));
}
