import { checkEvaluationValue, type EvaluationItem, type EvaluationSheetRow, type EvaluationSheetSave } from '@campus/contract';

/** An answer in the grid: text and enum as strings, numbers as numbers; null: empty. */
export type CellValue = string | number | null;

/** What was typed since the sheet was read: student id → item id (as a string) → answer. */
export type Edits = Record<number, Record<string, CellValue>>;

/** A problem of one answer: a catalogue key and its values. */
export interface CellProblem {
  key: string;
  values?: Record<string, string | number>;
}

export interface RowState {
  /** Some answer differs from the one read. */
  changed: boolean;
  /** item id → the problem of its answer. */
  problems: Record<string, CellProblem>;
  /** The required items left empty in a row with some answer given (empty when the row is all empty). */
  missing: string[];
  /** Some answer is given. */
  filled: boolean;
}

export interface SheetState {
  rows: Map<number, RowState>;
  /** Rows changed since the sheet was read. */
  changed: number;
  /** Answers with a problem in the rows changed (these would be refused: saving waits for them). */
  invalid: number;
  /** Rows with some answer but a required item empty. */
  incomplete: number;
  /** Rows with some answer given. */
  filled: number;
}

export type ItemKey = Pick<EvaluationItem, 'id'>;

export const isBlank = (value: CellValue | undefined): boolean => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** Whether two answers are the same: both empty, the same text (spaces around aside) or the same number. */
export function sameValue(a: CellValue | undefined, b: CellValue | undefined): boolean {
  if (isBlank(a) || isBlank(b)) return isBlank(a) && isBlank(b);
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  return Number(a) === Number(b);
}

/** The answer as read. */
export const loadedValue = (row: EvaluationSheetRow, itemId: number | string): CellValue => row.values[String(itemId)] ?? null;

/** The answer as it stands: typed, else read. */
export function currentValue(row: EvaluationSheetRow, rowEdits: Record<string, CellValue> | undefined, itemId: number | string): CellValue {
  const key = String(itemId);
  return rowEdits && key in rowEdits ? rowEdits[key]! : loadedValue(row, key);
}

/** The answer as sent: empty as null, text without the spaces around it. */
export function sentValue(value: CellValue | undefined): CellValue {
  if (isBlank(value)) return null;
  return typeof value === 'string' ? value.trim() : (value as number);
}

/** The edits with one answer typed; an answer back to the one read is no edit any more. */
export function withEdit(edits: Edits, row: EvaluationSheetRow, itemId: number | string, value: CellValue): Edits {
  const key = String(itemId);
  const rowEdits = { ...(edits[row.studentId] ?? {}) };
  if (sameValue(value, loadedValue(row, key))) delete rowEdits[key];
  else rowEdits[key] = value;
  const next = { ...edits };
  if (Object.keys(rowEdits).length) next[row.studentId] = rowEdits;
  else delete next[row.studentId];
  return next;
}

/** The edits that still differ from the rows as read (after a save and a fresh read, those saved go). */
export function pruneEdits(edits: Edits, rows: readonly EvaluationSheetRow[]): Edits {
  let next = edits;
  for (const row of rows) {
    const rowEdits = edits[row.studentId];
    if (!rowEdits) continue;
    for (const [key, value] of Object.entries(rowEdits)) next = withEdit(next, row, key, value);
  }
  return next;
}

/** One row checked: what changed, each answer's problem, the required items missing. */
export function evaluateRow(row: EvaluationSheetRow, items: readonly EvaluationItem[], rowEdits: Record<string, CellValue> | undefined): RowState {
  let changed = false;
  let filled = false;
  const problems: Record<string, CellProblem> = {};
  const empty: string[] = [];
  for (const item of items) {
    const key = String(item.id);
    const value = currentValue(row, rowEdits, key);
    if (!sameValue(value, loadedValue(row, key))) changed = true;
    if (isBlank(value)) {
      if (item.required) empty.push(key);
      continue;
    }
    filled = true;
    const problem = checkEvaluationValue(item, value);
    if (problem) problems[key] = problem;
  }
  return { changed, problems, missing: filled ? empty : [], filled };
}

/** The totals of the rows' states. */
export function sheetTotals(rows: Map<number, RowState>): Omit<SheetState, 'rows'> {
  let changed = 0;
  let invalid = 0;
  let incomplete = 0;
  let filled = 0;
  for (const state of rows.values()) {
    if (state.changed) {
      changed++;
      invalid += Object.keys(state.problems).length;
    }
    if (state.missing.length) incomplete++;
    if (state.filled) filled++;
  }
  return { changed, invalid, incomplete, filled };
}

/** The rows to save: those changed, each with all its answers (an item left out would be cleared) and the time it was read at. */
export function buildSaveRows(rows: readonly EvaluationSheetRow[], items: readonly EvaluationItem[], edits: Edits, states: Map<number, RowState>): EvaluationSheetSave['rows'] {
  return rows
    .filter((row) => states.get(row.studentId)?.changed)
    .map((row) => ({
      studentId: row.studentId,
      values: Object.fromEntries(items.map((item) => [String(item.id), sentValue(currentValue(row, edits[row.studentId], item.id))])),
      since: row.updatedAt,
    }));
}

/** Splits rows into parts of at most `size`. */
export function chunk<T>(list: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let at = 0; at < list.length; at += size) parts.push(list.slice(at, at + size));
  return parts;
}

/** Every empty answer of a column set to one value; answers given stay. Answers the edits and how many were set. */
export function fillColumn(edits: Edits, rows: readonly EvaluationSheetRow[], itemId: number | string, value: CellValue): { edits: Edits; count: number } {
  let next = edits;
  let count = 0;
  for (const row of rows) {
    if (!isBlank(currentValue(row, edits[row.studentId], itemId))) continue;
    next = withEdit(next, row, itemId, value);
    count++;
  }
  return { edits: next, count };
}
