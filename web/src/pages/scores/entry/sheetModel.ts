import { hasAtMostTwoDecimals, type ScoreMark, type ScoreSaveResult, type ScoreSheet, type ScoreSheetCell, type ScoreSheetRow, type ScoreSheetSubject } from '@campus/contract';

/**
 * The pure model of the score entry sheet (/cjgl/cjdj): what a typed text means, how a pasted block fills
 * the grid, which cells changed and what a save sends, and the statistics of the columns. The page keeps
 * only the texts the user typed (`Edits`); every other cell shows the sheet's value as it was read.
 */

/** An input column: a subject scored as a whole, or one part of a subject made of parts. */
export interface SheetColumn {
  /** `${courseId}` for a whole subject, `${courseId}-${itemId}` for a part. */
  key: string;
  courseId: number;
  itemId: number | null;
  /** The full mark of the subject, or the maximum of the part. */
  max: number;
  /** Position among the input columns (left to right). */
  index: number;
  /** The first part of its subject (where a loaded absent / exempt mark of the subject is shown). */
  first: boolean;
}

/** The words (any case) that mean absent or exempt: both languages' words and the shortcut letters. */
export interface MarkWords {
  absent: readonly string[];
  exempt: readonly string[];
}

/** How a mark is shown in the user's language. */
export type MarkLabels = Record<ScoreMark, string>;

/** Why a cell is refused: a text key of the page and its values. */
export interface CellProblem {
  key: string;
  params?: Record<string, string | number>;
}

export type Parsed = { kind: 'empty' } | { kind: 'score'; value: number } | { kind: 'mark'; mark: ScoreMark } | { kind: 'invalid'; problem: CellProblem };

/** studentId → column key → the text the user typed. A cell without a text shows the sheet's value. */
export type Edits = Record<number, Record<string, string>>;

/** A cell of a save (ScoreSave's cells, with their types as the page builds them). */
export interface SaveCell {
  studentId: number;
  courseId: number;
  score: number | null;
  mark: ScoreMark | null;
  parts?: Record<string, number> | null;
}

/** The body of a save (contract ScoreSave). */
export interface SaveBody {
  batchId: number;
  classId: number;
  versions: Record<string, string>;
  cells: SaveCell[];
}

/** The value of one subject of one student, from its cell or its parts' cells. */
export type SubjectValue =
  | { kind: 'empty' }
  | { kind: 'score'; score: number; parts: Record<string, number> | null }
  | { kind: 'mark'; mark: ScoreMark }
  /** Some parts entered and some not, a mark beside scores, or a bad cell: `partial` is the sum of the parts entered. */
  | { kind: 'invalid'; partial: number | null };

export interface CellState {
  text: string;
  parsed: Parsed;
  /** Typed and different from the value read. */
  dirty: boolean;
  problem: CellProblem | null;
}

export interface RowState {
  cells: Record<string, CellState>;
  /** courseId → the subject's value now. */
  subjects: Record<number, SubjectValue>;
  /** courseIds whose value differs from the one read (valid or not). */
  changed: number[];
}

export const columnKey = (courseId: number, itemId: number | null) => (itemId === null ? String(courseId) : `${courseId}-${itemId}`);

/** The input columns of the subjects, in order: a subject scored as a whole is one, a subject with parts one per part. */
export function sheetColumns(subjects: readonly ScoreSheetSubject[]): SheetColumn[] {
  const columns: SheetColumn[] = [];
  for (const subject of subjects) {
    if (!subject.items.length) {
      columns.push({ key: columnKey(subject.courseId, null), courseId: subject.courseId, itemId: null, max: subject.fullMark, index: columns.length, first: true });
      continue;
    }
    subject.items.forEach((item, position) => {
      columns.push({ key: columnKey(subject.courseId, item.id), courseId: subject.courseId, itemId: item.id, max: item.maxScore, index: columns.length, first: position === 0 });
    });
  }
  return columns;
}

const hundredths = (value: number) => Math.round(value * 100);

/** A score as shown: at most two decimals, no trailing zeros. */
export const formatScore = (value: number) => String(hundredths(value) / 100);

/** Full-width digits, point and signs (typed with a Chinese input method) as their ASCII forms. */
const asciiDigits = (text: string) => text.replace(/[\uFF10-\uFF19\uFF0B\uFF0D\uFF0E]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0));

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * What a typed text means in a column whose maximum is `max`: nothing (clears the cell), a score from 0 to max
 * with at most two decimals, or an absent / exempt mark (its word in either language or a shortcut letter).
 */
export function parseValue(text: string, max: number, words: MarkWords): Parsed {
  const trimmed = asciiDigits(text.trim());
  if (!trimmed) return { kind: 'empty' };
  const lower = trimmed.toLowerCase();
  if (words.absent.some((word) => word.toLowerCase() === lower)) return { kind: 'mark', mark: 'absent' };
  if (words.exempt.some((word) => word.toLowerCase() === lower)) return { kind: 'mark', mark: 'exempt' };
  if (!NUMBER.test(trimmed)) return { kind: 'invalid', problem: { key: 'scoreEntryPage.error.format', params: { max: formatScore(max) } } };
  const value = Number(trimmed);
  if (value < 0 || !Number.isFinite(value)) return { kind: 'invalid', problem: { key: 'scoreEntryPage.error.negative' } };
  if (!hasAtMostTwoDecimals(value)) return { kind: 'invalid', problem: { key: 'scoreEntryPage.error.decimals' } };
  if (hundredths(value) > hundredths(max)) return { kind: 'invalid', problem: { key: 'scoreEntryPage.error.over', params: { max: formatScore(max) } } };
  return { kind: 'score', value: hundredths(value) / 100 };
}

/** The text a value shows as. */
export function displayValue(parsed: Parsed, labels: MarkLabels): string {
  if (parsed.kind === 'score') return formatScore(parsed.value);
  if (parsed.kind === 'mark') return labels[parsed.mark];
  return '';
}

/** Whether two values are the same (an invalid text is never the same as a value read). */
export function sameParsed(a: Parsed, b: Parsed): boolean {
  if (a.kind === 'score' && b.kind === 'score') return hundredths(a.value) === hundredths(b.value);
  if (a.kind === 'mark' && b.kind === 'mark') return a.mark === b.mark;
  return a.kind === b.kind && a.kind === 'empty';
}

/** The value read of one input column of a student's cell. */
export function originalValue(cell: ScoreSheetCell | undefined, column: SheetColumn): Parsed {
  if (!cell) return { kind: 'empty' };
  if (cell.mark) return column.first ? { kind: 'mark', mark: cell.mark } : { kind: 'empty' };
  if (column.itemId === null) return cell.score === null ? { kind: 'empty' } : { kind: 'score', value: cell.score };
  const part = cell.parts?.[String(column.itemId)];
  return part === undefined || part === null ? { kind: 'empty' } : { kind: 'score', value: part };
}

/** The value read of a subject of a student. */
export function originalSubject(cell: ScoreSheetCell | undefined, subject: ScoreSheetSubject): SubjectValue {
  if (!cell) return { kind: 'empty' };
  if (cell.mark) return { kind: 'mark', mark: cell.mark };
  if (subject.items.length && cell.parts && Object.keys(cell.parts).length) {
    const sum = Object.values(cell.parts).reduce((total, value) => total + hundredths(value), 0) / 100;
    return { kind: 'score', score: sum, parts: { ...cell.parts } };
  }
  return cell.score === null ? { kind: 'empty' } : { kind: 'score', score: cell.score, parts: null };
}

export function sameSubject(a: SubjectValue, b: SubjectValue): boolean {
  if (a.kind === 'empty' || b.kind === 'empty') return a.kind === b.kind;
  if (a.kind === 'mark' && b.kind === 'mark') return a.mark === b.mark;
  if (a.kind === 'score' && b.kind === 'score') {
    if (hundredths(a.score) !== hundredths(b.score)) return false;
    const keys = new Set([...Object.keys(a.parts ?? {}), ...Object.keys(b.parts ?? {})]);
    return [...keys].every((key) => {
      const left = a.parts?.[key];
      const right = b.parts?.[key];
      return left !== undefined && right !== undefined && hundredths(left) === hundredths(right);
    });
  }
  return false;
}

/**
 * The state of a student's row: each input cell's text, value, dirtiness and problem, and each subject's
 * value. A subject with parts takes every part or none; a mark is typed into any one part with the others empty.
 */
export function evaluateRow(
  row: ScoreSheetRow,
  subjects: readonly ScoreSheetSubject[],
  columns: readonly SheetColumn[],
  rowEdits: Record<string, string> | undefined,
  words: MarkWords,
  labels: MarkLabels,
): RowState {
  const cells: Record<string, CellState> = {};
  const values: Record<number, SubjectValue> = {};
  const changed: number[] = [];
  const bySubject = new Map<number, SheetColumn[]>();
  for (const column of columns) bySubject.set(column.courseId, [...(bySubject.get(column.courseId) ?? []), column]);

  for (const subject of subjects) {
    const own = bySubject.get(subject.courseId) ?? [];
    const cell = row.cells[String(subject.courseId)];
    let edited = false;
    for (const column of own) {
      const original = originalValue(cell, column);
      const typed = rowEdits?.[column.key];
      edited ||= typed !== undefined;
      const parsed = typed === undefined ? original : parseValue(typed, column.max, words);
      cells[column.key] = {
        text: typed ?? displayValue(original, labels),
        parsed,
        dirty: typed !== undefined && !sameParsed(parsed, original),
        problem: parsed.kind === 'invalid' ? parsed.problem : null,
      };
    }
    const value = subjectOf(
      subject,
      own.map((column) => cells[column.key]!),
    );
    values[subject.courseId] = value;
    if (edited && !sameSubject(value, originalSubject(cell, subject))) changed.push(subject.courseId);
  }
  return { cells, subjects: values, changed };
}

/** A subject's value from its cells; the cells of a bad combination of parts get their problem. */
function subjectOf(subject: ScoreSheetSubject, cells: CellState[]): SubjectValue {
  if (!subject.items.length) {
    const parsed = cells[0]?.parsed ?? { kind: 'empty' };
    if (parsed.kind === 'score') return { kind: 'score', score: parsed.value, parts: null };
    if (parsed.kind === 'mark') return { kind: 'mark', mark: parsed.mark };
    return parsed.kind === 'empty' ? { kind: 'empty' } : { kind: 'invalid', partial: null };
  }
  const scores = cells.filter((cell) => cell.parsed.kind === 'score');
  const partial = scores.length ? scores.reduce((total, cell) => total + hundredths((cell.parsed as { value: number }).value), 0) / 100 : null;
  if (cells.some((cell) => cell.parsed.kind === 'invalid')) return { kind: 'invalid', partial };
  const marks = cells.filter((cell) => cell.parsed.kind === 'mark');
  if (marks.length) {
    const kinds = new Set(marks.map((cell) => (cell.parsed as { mark: ScoreMark }).mark));
    if (scores.length || kinds.size > 1) {
      for (const cell of marks) cell.problem = { key: 'scoreEntryPage.error.markWithParts' };
      return { kind: 'invalid', partial };
    }
    return { kind: 'mark', mark: marks[0]!.parsed.kind === 'mark' ? marks[0]!.parsed.mark : 'absent' };
  }
  if (!scores.length) return { kind: 'empty' };
  if (scores.length < cells.length) {
    for (const cell of cells) if (cell.parsed.kind === 'empty') cell.problem = { key: 'scoreEntryPage.error.partsIncomplete' };
    return { kind: 'invalid', partial };
  }
  const parts: Record<string, number> = {};
  subject.items.forEach((item, position) => {
    parts[String(item.id)] = (cells[position]!.parsed as { value: number }).value;
  });
  return { kind: 'score', score: partial ?? 0, parts };
}

/** One student's edits with one cell typed (or, with `undefined`, set back to the value read). */
export function withEdit(edits: Edits, studentId: number, key: string, text: string | undefined): Edits {
  const row = { ...(edits[studentId] ?? {}) };
  if (text === undefined) delete row[key];
  else row[key] = text;
  const next = { ...edits };
  if (Object.keys(row).length) next[studentId] = row;
  else delete next[studentId];
  return next;
}

/**
 * The cells of text copied from a spreadsheet: rows split on line breaks (the last, empty line a spreadsheet
 * adds is dropped), cells on tabs.
 */
export function parseClipboard(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}

/** Whether a paste is a block (more than one cell) rather than a value typed into a cell. */
export const isBlock = (text: string) => /[\t\n\r]/.test(text.replace(/(\r\n|\r|\n)$/, ''));

export interface PasteResult {
  edits: Edits;
  /** The cells filled, in order. */
  filled: { studentId: number; key: string }[];
  /** Values that fell outside the grid and were left out. */
  ignored: number;
}

/**
 * Fills the block starting at row `startRow` and input column `startColumn`: rows downwards, columns to the
 * right; values beyond the last row or column are left out.
 */
export function applyPaste(
  edits: Edits,
  rows: readonly Pick<ScoreSheetRow, 'studentId'>[],
  columns: readonly SheetColumn[],
  startRow: number,
  startColumn: number,
  block: readonly (readonly string[])[],
): PasteResult {
  let next = edits;
  const filled: PasteResult['filled'] = [];
  let ignored = 0;
  block.forEach((values, rowOffset) => {
    const row = rows[startRow + rowOffset];
    values.forEach((value, columnOffset) => {
      const column = columns[startColumn + columnOffset];
      if (!row || !column) {
        ignored += 1;
        return;
      }
      next = withEdit(next, row.studentId, column.key, value.trim());
      filled.push({ studentId: row.studentId, key: column.key });
    });
  });
  return { edits: next, filled, ignored };
}

export interface SheetState {
  rows: Map<number, RowState>;
  /** Cells with a problem: they keep the sheet from being saved. */
  invalid: number;
  /** Subject cells (student × subject) that differ from the values read. */
  changed: number;
}

export function evaluateSheet(sheet: ScoreSheet, columns: readonly SheetColumn[], edits: Edits, words: MarkWords, labels: MarkLabels): SheetState {
  const rows = new Map<number, RowState>();
  let invalid = 0;
  let changed = 0;
  for (const row of sheet.rows) {
    const state = evaluateRow(row, sheet.subjects, columns, edits[row.studentId], words, labels);
    rows.set(row.studentId, state);
    invalid += Object.values(state.cells).filter((cell) => cell.problem).length;
    changed += state.changed.length;
  }
  return { rows, invalid, changed };
}

/**
 * The save of the changed subject cells, with the versions of their subjects as read; null when nothing
 * changed or a cell is invalid (nothing is sent until every cell is right).
 */
export function buildSave(sheet: ScoreSheet, state: SheetState): SaveBody | null {
  if (state.invalid || !state.changed) return null;
  const cells: SaveCell[] = [];
  const bySubject = new Map(sheet.subjects.map((subject) => [subject.courseId, subject]));
  for (const row of sheet.rows) {
    const rowState = state.rows.get(row.studentId);
    for (const courseId of rowState?.changed ?? []) {
      const value = rowState!.subjects[courseId]!;
      const withParts = !!bySubject.get(courseId)?.items.length;
      const base = { studentId: row.studentId, courseId };
      if (value.kind === 'invalid') return null;
      if (value.kind === 'score') cells.push({ ...base, score: value.score, mark: null, ...(withParts ? { parts: value.parts } : {}) });
      else if (value.kind === 'mark') cells.push({ ...base, score: null, mark: value.mark, ...(withParts ? { parts: null } : {}) });
      else cells.push({ ...base, score: null, mark: null, ...(withParts ? { parts: null } : {}) });
    }
  }
  if (!cells.length) return null;
  const courses = new Set(cells.map((cell) => cell.courseId));
  const versions = Object.fromEntries(sheet.subjects.filter((subject) => courses.has(subject.courseId)).map((subject) => [String(subject.courseId), subject.version]));
  return { batchId: sheet.batch.id, classId: sheet.classId, versions, cells };
}

/** The sheet as it is after a save: the cells sent written (or removed), the subjects' new versions. */
export function applySaved(sheet: ScoreSheet, save: SaveBody, result: Pick<ScoreSaveResult, 'versions'>): ScoreSheet {
  const byStudent = new Map<number, SaveCell[]>();
  for (const cell of save.cells) byStudent.set(cell.studentId, [...(byStudent.get(cell.studentId) ?? []), cell]);
  return {
    ...sheet,
    subjects: sheet.subjects.map((subject) => ({ ...subject, version: result.versions[String(subject.courseId)] ?? subject.version })),
    rows: sheet.rows.map((row) => {
      const written = byStudent.get(row.studentId);
      if (!written) return row;
      const cells = { ...row.cells };
      for (const cell of written) {
        if (cell.score === null && cell.mark === null) delete cells[String(cell.courseId)];
        else cells[String(cell.courseId)] = { score: cell.score, mark: cell.mark, parts: cell.parts ?? null };
      }
      return { ...row, cells };
    }),
  };
}

/**
 * The edits left after a save of `sent`: a text still as it was sent is now the value read; one typed again
 * while the save ran stays.
 */
export function editsAfterSave(current: Edits, sent: Edits): Edits {
  let next = current;
  for (const [studentId, row] of Object.entries(sent)) {
    for (const [key, text] of Object.entries(row)) {
      if (next[Number(studentId)]?.[key] === text) next = withEdit(next, Number(studentId), key, undefined);
    }
  }
  return next;
}

export interface ColumnStats {
  /** Students with a score or a mark. */
  entered: number;
  absent: number;
  exempt: number;
  average: number | null;
  highest: number | null;
  lowest: number | null;
}

/** The statistics of a column's values: marks count as entered, only scores make the average. */
export function columnStats(values: readonly (number | ScoreMark | null)[]): ColumnStats {
  const scores = values.filter((value): value is number => typeof value === 'number');
  const marks = values.filter((value): value is ScoreMark => typeof value === 'string');
  const sum = scores.reduce((total, value) => total + hundredths(value), 0) / 100;
  return {
    entered: scores.length + marks.length,
    absent: marks.filter((mark) => mark === 'absent').length,
    exempt: marks.filter((mark) => mark === 'exempt').length,
    average: scores.length ? Math.round((sum / scores.length) * 100) / 100 : null,
    highest: scores.length ? Math.max(...scores) : null,
    lowest: scores.length ? Math.min(...scores) : null,
  };
}

/** The value of a subject for its statistics (an invalid one does not count). */
export const statValueOfSubject = (value: SubjectValue): number | ScoreMark | null => (value.kind === 'score' ? value.score : value.kind === 'mark' ? value.mark : null);

/** The statistics of every subject (key `${courseId}`, its total) and of every part (key `${courseId}-${itemId}`). */
export function sheetStats(sheet: ScoreSheet, columns: readonly SheetColumn[], state: SheetState): Record<string, ColumnStats> {
  const stats: Record<string, ColumnStats> = {};
  const rows = sheet.rows.map((row) => state.rows.get(row.studentId)).filter((row): row is RowState => !!row);
  for (const subject of sheet.subjects) {
    stats[String(subject.courseId)] = columnStats(rows.map((row) => statValueOfSubject(row.subjects[subject.courseId] ?? { kind: 'empty' })));
  }
  for (const column of columns) {
    if (column.itemId === null) continue;
    // A subject marked absent or exempt counts so in each of its parts.
    stats[column.key] = columnStats(
      rows.map((row) => {
        const subject = row.subjects[column.courseId];
        if (subject?.kind === 'mark') return subject.mark;
        const cell = row.cells[column.key];
        return cell?.parsed.kind === 'score' ? cell.parsed.value : null;
      }),
    );
  }
  return stats;
}
