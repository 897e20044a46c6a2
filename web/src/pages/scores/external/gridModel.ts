import { hasAtMostTwoDecimals, type ExternalCell, type ExternalScoreRow, type ExternalScoresSave, type ExternalSubject, type ScoreMark } from '@campus/contract';

/**
 * The scores grid of an external exam as data: a row's value (its cells and place), the rows changed (kept
 * across pages and filters until saved or discarded), what is wrong with a value, and the body of a save.
 */

export interface RowValue {
  cells: Record<string, ExternalCell>;
  districtRank: number | null;
}

/** A changed row: as it was read, as it is now, and whose it is. */
export interface RowEdit {
  original: RowValue;
  value: RowValue;
  name: string;
}

/** Student id → the row changed. */
export type Edits = Record<number, RowEdit>;

/** What is wrong with a cell ('rank' for the place): a catalogue or page key and its parameters. */
export interface Problem {
  key: string;
  params?: Record<string, string | number>;
}

export const EMPTY_CELL: ExternalCell = { score: null, mark: null };

/** The cells with a score or a mark only. */
function kept(cells: Record<string, ExternalCell>): Record<string, ExternalCell> {
  return Object.fromEntries(Object.entries(cells).filter(([, cell]) => cell.score !== null || cell.mark !== null));
}

export const rowValue = (row: Pick<ExternalScoreRow, 'cells' | 'districtRank'>): RowValue => ({ cells: kept(row.cells), districtRank: row.districtRank });

export function sameValue(a: RowValue, b: RowValue): boolean {
  if (a.districtRank !== b.districtRank) return false;
  const [left, right] = [kept(a.cells), kept(b.cells)];
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => (left[key]?.score ?? null) === (right[key]?.score ?? null) && (left[key]?.mark ?? null) === (right[key]?.mark ?? null));
}

/** The value of a row now: its edit, or as it was read. */
export const currentValue = (row: ExternalScoreRow, edits: Edits): RowValue => edits[row.studentId]?.value ?? rowValue(row);

/** One cell of a row changed: a score (the mark goes), a mark (the score goes) or the place. */
export function withChange(edits: Edits, row: ExternalScoreRow, change: { courseId: number; score?: number | null; mark?: ScoreMark | null } | { districtRank: number | null }): Edits {
  const before = edits[row.studentId];
  const original = before?.original ?? rowValue(row);
  const value: RowValue = { cells: { ...(before?.value ?? original).cells }, districtRank: (before?.value ?? original).districtRank };
  if ('districtRank' in change) value.districtRank = change.districtRank;
  else {
    const key = String(change.courseId);
    const cell = value.cells[key] ?? EMPTY_CELL;
    if (change.mark !== undefined) value.cells[key] = { score: change.mark ? null : cell.score, mark: change.mark };
    else value.cells[key] = { score: change.score ?? null, mark: change.score !== null && change.score !== undefined ? null : cell.mark };
  }
  const next = { ...edits };
  if (sameValue(original, value)) delete next[row.studentId];
  else next[row.studentId] = { original, value, name: before?.name ?? row.name };
  return next;
}

/** What is wrong with a score of a subject, if anything. */
export function scoreProblem(score: number | null, subject: Pick<ExternalSubject, 'courseName' | 'fullMark'>): Problem | null {
  if (score === null) return null;
  if (score < 0 || score > subject.fullMark || !hasAtMostTwoDecimals(score)) return { key: 'externalPage.scoreRange', params: { full: subject.fullMark } };
  return null;
}

export function rankProblem(rank: number | null): Problem | null {
  if (rank === null) return null;
  return Number.isInteger(rank) && rank >= 1 && rank <= 10_000_000 ? null : { key: 'externalExam.rankFormat' };
}

/** The bad cells of the changed rows: "student id:course id" (or ":rank") → the problem. */
export function problemsOf(edits: Edits, subjects: readonly ExternalSubject[]): Map<string, Problem> {
  const problems = new Map<string, Problem>();
  for (const [studentId, edit] of Object.entries(edits)) {
    for (const subject of subjects) {
      const problem = scoreProblem(edit.value.cells[String(subject.courseId)]?.score ?? null, subject);
      if (problem) problems.set(`${studentId}:${subject.courseId}`, problem);
    }
    const rank = rankProblem(edit.value.districtRank);
    if (rank) problems.set(`${studentId}:rank`, rank);
  }
  return problems;
}

/** The sum of the scores of a row (marks count nothing); null without any. */
export function totalOf(value: RowValue): number | null {
  const scores = Object.values(value.cells).flatMap((cell) => (cell.score === null ? [] : [cell.score]));
  return scores.length ? scores.reduce((sum, score) => sum + Math.round(score * 100), 0) / 100 : null;
}

/** The body of a save: every changed row with its cells of the exam's subjects and its place. */
export function buildSave(examId: number, edits: Edits, subjects: readonly ExternalSubject[]): ExternalScoresSave {
  const courseIds = new Set(subjects.map((subject) => String(subject.courseId)));
  return {
    examId,
    rows: Object.entries(edits).map(([studentId, edit]) => ({
      studentId: Number(studentId),
      cells: Object.fromEntries(Object.entries(kept(edit.value.cells)).filter(([courseId]) => courseIds.has(courseId))),
      districtRank: edit.value.districtRank,
    })),
  };
}

/** "88.5", "120": a score as it reads. */
export const formatScore = (value: number) => String(Math.round(value * 100) / 100);
