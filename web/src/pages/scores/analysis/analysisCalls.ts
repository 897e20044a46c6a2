import type { AnalysisBatches, ClassComparison, ClassScores, GradeAnalysis, StudentAnalysis, TeacherAnalysis } from '@campus/contract';
import { call, download } from '../../../api/client.ts';
import { exportFileName, saveBlob } from '../../../api/exports.ts';

/**
 * Calls of the score analysis page (/cjfxNew/cjfx/cjxq, contract/src/scores/analysis.ts). They live beside
 * the page until the Scores area's call module takes them over. The reads are quiet: the page shows a
 * refusal (a batch still being computed, a class not one's own) in place, with its message.
 */
export const SCORE_ANALYSIS_CALLS = {
  /** { termId? } → AnalysisBatches: the terms and the term's released batches, the newest first. */
  batches: '/api/scores/analysis/batches',
  /** { batchId } → GradeAnalysis. */
  grade: '/api/scores/analysis/grade',
  /** { batchId, courseId } → ClassComparison. */
  classes: '/api/scores/analysis/classes',
  /** { batchId, courseId, classId?, currPage, limit } → Ranking (the paged table's body). */
  ranking: '/api/scores/analysis/ranking',
  /** { batchId, classId } → ClassScores. */
  class: '/api/scores/analysis/class',
  /** { studentId } → StudentAnalysis. */
  student: '/api/scores/analysis/student',
  /** { batchId } → TeacherAnalysis. */
  teacher: '/api/scores/analysis/teacher',
  /** GET ?batchId=: the analysis as a workbook. */
  export: '/api/scores/analysis/workbook',
} as const;

export const scoreAnalysisKeys = {
  all: ['scores', 'analysis'] as const,
  batches: (termId: number | undefined) => ['scores', 'analysis', 'batches', termId ?? 'current'] as const,
  grade: (batchId: number) => ['scores', 'analysis', 'grade', batchId] as const,
  classes: (batchId: number, courseId: number) => ['scores', 'analysis', 'classes', batchId, courseId] as const,
  class: (batchId: number, classId: number) => ['scores', 'analysis', 'class', batchId, classId] as const,
  student: (studentId: number) => ['scores', 'analysis', 'student', studentId] as const,
  teacher: (batchId: number) => ['scores', 'analysis', 'teacher', batchId] as const,
};

/**
 * How long the figures of a batch count as fresh: they are computed once at release, so the tabs that share
 * a query (the subjects, the classes) do not ask again each time one of them mounts.
 */
export const ANALYSIS_STALE_MS = 5 * 60_000;

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export const EMPTY_ANALYSIS_BATCHES: AnalysisBatches = { terms: [], batches: [] };

export async function fetchAnalysisBatches(termId: number | undefined, signal?: AbortSignal): Promise<AnalysisBatches> {
  const data = await call<Partial<AnalysisBatches> | null>(SCORE_ANALYSIS_CALLS.batches, { json: termId ? { termId } : {}, signal, silent: true });
  return { terms: list(data?.terms), batches: list(data?.batches) };
}

export async function fetchGradeAnalysis(batchId: number, signal?: AbortSignal): Promise<GradeAnalysis> {
  const data = await call<GradeAnalysis>(SCORE_ANALYSIS_CALLS.grade, { json: { batchId }, signal, silent: true });
  return { ...data, subjects: list(data?.subjects).map((row) => ({ ...row, bands: list(row.bands) })) };
}

export async function fetchClassComparison(batchId: number, courseId: number, signal?: AbortSignal): Promise<ClassComparison> {
  const data = await call<ClassComparison>(SCORE_ANALYSIS_CALLS.classes, { json: { batchId, courseId }, signal, silent: true });
  return { ...data, classes: list(data?.classes) };
}

export async function fetchClassScores(batchId: number, classId: number, signal?: AbortSignal): Promise<ClassScores> {
  const data = await call<ClassScores>(SCORE_ANALYSIS_CALLS.class, { json: { batchId, classId }, signal, silent: true });
  return { ...data, subjects: list(data?.subjects), stats: list(data?.stats), grade: list(data?.grade), rows: list(data?.rows) };
}

export async function fetchStudentAnalysis(studentId: number, signal?: AbortSignal): Promise<StudentAnalysis> {
  const data = await call<StudentAnalysis>(SCORE_ANALYSIS_CALLS.student, { json: { studentId }, signal, silent: true });
  const latest = data?.latest ? { ...data.latest, subjects: list(data.latest.subjects) } : null;
  return { student: data?.student ?? { id: studentId, name: '', studentNumber: '', className: '' }, trend: list(data?.trend), latest };
}

export async function fetchTeacherAnalysis(batchId: number, signal?: AbortSignal): Promise<TeacherAnalysis> {
  const data = await call<TeacherAnalysis>(SCORE_ANALYSIS_CALLS.teacher, { json: { batchId }, signal, silent: true });
  return { ...data, rows: list(data?.rows) };
}

/** The body fields of the ranking beside the paged table's own. */
export type RankingFilter = { batchId: number; courseId: number; classId?: number };

/** Downloads the batch's analysis workbook and saves it under `fileBase` and the date. A refusal has been shown. */
export async function exportAnalysis(batchId: number, fileBase: string): Promise<void> {
  const blob = await download(SCORE_ANALYSIS_CALLS.export, { query: { batchId } });
  saveBlob(blob, exportFileName(fileBase));
}

/** The message of a refused or failed read, for showing in place. */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : '');
