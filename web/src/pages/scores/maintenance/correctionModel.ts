import { hasAtMostTwoDecimals, scoreCorrectionSchema, type MaintenanceSubject, type ScoreCell, type ScoreCorrectionInput, type ScoreSheetCell } from '@campus/contract';

/**
 * The correct dialog's model, free of React: one draft per subject (a score, a mark, or no score; a subject
 * with parts by its parts), its check against the full mark, and the body of the correction with only the
 * subjects that changed.
 */

export const DRAFT_KINDS = ['score', 'absent', 'exempt', 'empty'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

export interface Draft {
  kind: DraftKind;
  /** The score of a subject without parts. */
  score: number | null;
  /** Sub-item id → its score, for a subject with parts (every part, null while not given). */
  parts: Record<string, number | null>;
}

/** A catalogue key with its values: why a draft cannot be sent. */
export interface DraftIssue {
  key: string;
  values?: Record<string, string | number>;
}

const hundredths = (value: number) => Math.round(value * 100);

/** A number as the page shows it: at most two decimals, no float noise. */
export const showNumber = (value: number) => String(hundredths(value) / 100);

const emptyParts = (subject: Pick<MaintenanceSubject, 'items'>): Record<string, number | null> => Object.fromEntries(subject.items.map((item) => [String(item.id), null]));

/** The draft a subject starts from: its current cell. */
export function initialDraft(subject: Pick<MaintenanceSubject, 'items'>, cell: ScoreSheetCell | undefined): Draft {
  if (!cell || (cell.score === null && !cell.mark && !cell.parts)) return { kind: 'empty', score: null, parts: emptyParts(subject) };
  if (cell.mark) return { kind: cell.mark, score: null, parts: emptyParts(subject) };
  const parts = Object.fromEntries(subject.items.map((item) => [String(item.id), cell.parts?.[String(item.id)] ?? null]));
  return { kind: 'score', score: cell.score, parts };
}

/** The sum of a draft's parts (two decimals); null while a part is missing or the subject has none. */
export function partsSum(subject: Pick<MaintenanceSubject, 'items'>, draft: Pick<Draft, 'parts'>): number | null {
  if (!subject.items.length) return null;
  let total = 0;
  for (const item of subject.items) {
    const value = draft.parts[String(item.id)];
    if (value === null || value === undefined || !Number.isFinite(value)) return null;
    total += hundredths(value);
  }
  return total / 100;
}

/** Why a number cannot be a score out of `max` (null: it can). */
function numberIssue(value: number, max: number): DraftIssue | null {
  if (!Number.isFinite(value) || value < 0) return { key: 'maintenancePage.error.negative' };
  if (!hasAtMostTwoDecimals(value)) return { key: 'maintenancePage.error.decimals' };
  if (hundredths(value) > hundredths(max)) return { key: 'maintenancePage.error.over', values: { max: showNumber(max) } };
  return null;
}

/** Why a subject's draft cannot be sent: a score missing, negative, with more than two decimals or over the full mark (or a part's maximum). */
export function draftIssue(subject: Pick<MaintenanceSubject, 'fullMark' | 'items'>, draft: Draft): DraftIssue | null {
  if (draft.kind !== 'score') return null;
  if (!subject.items.length) {
    if (draft.score === null || draft.score === undefined) return { key: 'maintenancePage.error.scoreRequired' };
    return numberIssue(draft.score, subject.fullMark);
  }
  for (const item of subject.items) {
    const value = draft.parts[String(item.id)];
    if (value === null || value === undefined) return { key: 'maintenancePage.error.partsIncomplete' };
    const issue = numberIssue(value, item.maxScore);
    if (issue) return issue.key === 'maintenancePage.error.over' ? { key: 'maintenancePage.error.partOver', values: { part: item.name, max: showNumber(item.maxScore) } } : issue;
  }
  return null;
}

/** The cell a draft writes: a subject with parts sends every part and their sum. */
export function draftCell(studentId: number, subject: Pick<MaintenanceSubject, 'courseId' | 'items'>, draft: Draft): ScoreCell {
  const base = { studentId, courseId: subject.courseId };
  if (draft.kind === 'absent' || draft.kind === 'exempt') return { ...base, score: null, mark: draft.kind };
  if (draft.kind === 'empty') return { ...base, score: null, mark: null };
  if (!subject.items.length) return { ...base, score: draft.score, mark: null };
  const parts = Object.fromEntries(subject.items.map((item) => [String(item.id), draft.parts[String(item.id)] ?? 0]));
  return { ...base, score: partsSum(subject, draft), mark: null, parts };
}

const sameNumber = (a: number | null | undefined, b: number | null | undefined) => (a === null || a === undefined ? b === null || b === undefined : b !== null && b !== undefined && hundredths(a) === hundredths(b));

/** Whether a subject's draft differs from what it started from (its current cell). */
export function draftChanged(subject: Pick<MaintenanceSubject, 'items'>, current: ScoreSheetCell | undefined, draft: Draft): boolean {
  const start = initialDraft(subject, current);
  if (start.kind !== draft.kind) return true;
  if (draft.kind !== 'score') return false;
  if (!subject.items.length) return !sameNumber(start.score, draft.score);
  return subject.items.some((item) => !sameNumber(start.parts[String(item.id)], draft.parts[String(item.id)]));
}

/** The subjects whose draft differs from the current cell. */
export function changedSubjects(subjects: readonly MaintenanceSubject[], cells: Record<string, ScoreSheetCell>, drafts: Record<number, Draft>): MaintenanceSubject[] {
  return subjects.filter((subject) => {
    const draft = drafts[subject.courseId];
    return !!draft && draftChanged(subject, cells[String(subject.courseId)], draft);
  });
}

export interface CorrectionCheck {
  /** The body to send (only the changed subjects' cells). */
  body: ScoreCorrectionInput;
  /** courseId → why its draft cannot be sent. */
  subjectIssues: Record<number, DraftIssue>;
  /** The reason's message key (the contract's), if refused. */
  reasonIssue?: string;
  /** Nothing changed (the contract's 'scoreCorrection.unchanged'). */
  unchanged: boolean;
  /** Whether the body may be sent. */
  ok: boolean;
}

/**
 * Checks a correction as the server would: every changed subject's draft against its full mark, then the
 * body with the contract's schema (a reason given, at most 200 characters, at least one cell).
 */
export function checkCorrection(
  batchId: number,
  studentId: number,
  reason: string,
  subjects: readonly MaintenanceSubject[],
  cells: Record<string, ScoreSheetCell>,
  drafts: Record<number, Draft>,
): CorrectionCheck {
  const subjectIssues: Record<number, DraftIssue> = {};
  const changed = changedSubjects(subjects, cells, drafts);
  for (const subject of changed) {
    const issue = draftIssue(subject, drafts[subject.courseId]!);
    if (issue) subjectIssues[subject.courseId] = issue;
  }
  const body: ScoreCorrectionInput = { batchId, studentId, reason: reason.trim(), cells: changed.map((subject) => draftCell(studentId, subject, drafts[subject.courseId]!)) };
  const parsed = scoreCorrectionSchema.safeParse(body);
  let reasonIssue: string | undefined;
  let unchanged = false;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === 'reason') reasonIssue ??= issue.message;
      else if (issue.path[0] === 'cells' && issue.path.length === 1) unchanged = issue.message === 'scoreCorrection.unchanged';
      else if (issue.path[0] === 'cells' && typeof issue.path[1] === 'number') {
        const subject = changed[issue.path[1]];
        if (subject && !subjectIssues[subject.courseId]) subjectIssues[subject.courseId] = { key: issue.message };
      }
    }
  }
  const ok = parsed.success && Object.keys(subjectIssues).length === 0;
  return { body, subjectIssues, reasonIssue, unchanged, ok };
}
