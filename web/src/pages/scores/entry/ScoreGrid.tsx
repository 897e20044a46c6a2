import { memo, useRef, type ChangeEvent, type ClipboardEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScoreSheet, ScoreSheetRow, ScoreSheetSubject } from '@campus/contract';
import { formatScore, type ColumnStats, type MarkLabels, type RowState, type SheetColumn, type SubjectValue } from './sheetModel.ts';

/** Where a key or a paste happened: the input's row and column in the grid, its student and column key. */
export interface CellAddress {
  row: number;
  column: number;
  studentId: number;
  key: string;
}

export interface ScoreGridProps {
  sheet: ScoreSheet;
  columns: readonly SheetColumn[];
  rows: ReadonlyMap<number, RowState>;
  stats: Record<string, ColumnStats>;
  labels: MarkLabels;
  readOnly: boolean;
  /** A cell typed; `undefined` sets it back to the value read. */
  onEdit: (studentId: number, key: string, text: string | undefined) => void;
  /** A block of cells pasted (text with tabs or line breaks) starting at a cell. */
  onPasteBlock: (at: CellAddress, text: string) => void;
  /** The cell that has the focus (null when the grid loses it). */
  onActive: (at: CellAddress | null) => void;
  /** A cell left: its text may be written in its usual form. */
  onLeave: (at: CellAddress) => void;
}

const STAT_KINDS = ['entered', 'average', 'highest', 'lowest'] as const;
type StatKind = (typeof STAT_KINDS)[number];

function addressOf(target: EventTarget | null): CellAddress | null {
  if (!(target instanceof HTMLInputElement) || target.dataset.row === undefined) return null;
  return { row: Number(target.dataset.row), column: Number(target.dataset.col), studentId: Number(target.dataset.student), key: target.dataset.key ?? '' };
}

/** Whether the caret is at the start (or the whole text is selected, as when the cell was just entered). */
function atStart(input: HTMLInputElement): boolean {
  const { selectionStart, selectionEnd, value } = input;
  return (selectionStart === 0 && selectionEnd === 0) || (selectionStart === 0 && selectionEnd === value.length);
}

function atEnd(input: HTMLInputElement): boolean {
  const { selectionStart, selectionEnd, value } = input;
  return (selectionStart === value.length && selectionEnd === value.length) || (selectionStart === 0 && selectionEnd === value.length);
}

/**
 * The sheet as a spreadsheet: a row per student (number and name fixed on the left), a column per subject
 * or per part (a subject with parts adds its live total), and the statistics of each column below. The keys
 * move like a spreadsheet's: Enter and the arrows down and up, Tab and the arrows at the caret's edge sideways.
 */
export function ScoreGrid({ sheet, columns, rows, stats, labels, readOnly, onEdit, onPasteBlock, onActive, onLeave }: ScoreGridProps) {
  const { t } = useTranslation();
  const table = useRef<HTMLTableElement>(null);
  const withParts = sheet.subjects.some((subject) => subject.items.length > 0);
  const last = columns.length - 1;

  const focusCell = (row: number, column: number): boolean => {
    if (row < 0 || row >= sheet.rows.length || column < 0 || column > last) return false;
    const input = table.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${column}"]`);
    if (!input) return false;
    input.focus();
    input.select();
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const at = addressOf(event.target);
    if (!at || event.nativeEvent.isComposing) return;
    const input = event.target as unknown as HTMLInputElement;
    let moved = false;
    switch (event.key) {
      case 'Enter':
        moved = focusCell(at.row + (event.shiftKey ? -1 : 1), at.column);
        if (!moved) event.preventDefault();
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusCell(at.row + 1, at.column);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusCell(at.row - 1, at.column);
        break;
      case 'Tab':
        moved = event.shiftKey
          ? at.column > 0
            ? focusCell(at.row, at.column - 1)
            : focusCell(at.row - 1, last)
          : at.column < last
            ? focusCell(at.row, at.column + 1)
            : focusCell(at.row + 1, 0);
        break;
      case 'ArrowLeft':
        if (atStart(input)) moved = focusCell(at.row, at.column - 1);
        break;
      case 'ArrowRight':
        if (atEnd(input)) moved = focusCell(at.row, at.column + 1);
        break;
      case 'Escape':
        if (!readOnly) {
          onEdit(at.studentId, at.key, undefined);
          event.preventDefault();
        }
        break;
      default:
    }
    if (moved) event.preventDefault();
  };

  const onPaste = (event: ClipboardEvent<HTMLTableElement>) => {
    const at = addressOf(event.target);
    if (!at || readOnly) return;
    const text = event.clipboardData.getData('text/plain');
    // A single value goes into the cell as the browser pastes it; a block is spread over the grid.
    if (!/[\t\n\r]/.test(text.replace(/(\r\n|\r|\n)$/, ''))) return;
    event.preventDefault();
    onPasteBlock(at, text);
  };

  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const at = addressOf(event.target);
    if (!at) return;
    (event.target as unknown as HTMLInputElement).select();
    onActive(at);
  };

  const onBlur = (event: FocusEvent<HTMLTableElement>) => {
    const at = addressOf(event.target);
    if (!at) return;
    if (!readOnly) onLeave(at);
    if (!table.current?.contains(event.relatedTarget as Node | null)) onActive(null);
  };

  const statText = (kind: StatKind, stat: ColumnStats | undefined) => {
    if (!stat) return '';
    if (kind === 'entered') return `${stat.entered}/${sheet.rows.length}`;
    const value = stat[kind];
    return value === null ? '—' : formatScore(value);
  };
  const statTitle = (stat: ColumnStats | undefined) => (stat && (stat.absent || stat.exempt) ? t('scoreEntryPage.stats.marks', { absent: stat.absent, exempt: stat.exempt }) : undefined);

  return (
    <div className="score-entry-scroll">
      <table ref={table} className="score-entry-grid" onKeyDown={onKeyDown} onPaste={onPaste} onFocus={onFocus} onBlur={onBlur} data-testid="score-entry-grid">
        <thead>
          <tr>
            <th rowSpan={withParts ? 2 : 1} className="score-entry-fixed score-entry-fixed-number">
              {t('scoreEntryPage.col.studentNumber')}
            </th>
            <th rowSpan={withParts ? 2 : 1} className="score-entry-fixed score-entry-fixed-name">
              {t('scoreEntryPage.col.name')}
            </th>
            {sheet.subjects.map((subject) => (
              <th
                key={subject.courseId}
                rowSpan={subject.items.length || !withParts ? 1 : 2}
                colSpan={subject.items.length ? subject.items.length + 1 : 1}
                className="score-entry-subject"
                data-testid={`score-entry-subject-${subject.courseId}`}
              >
                <span className="score-entry-subject-name">{subject.courseName}</span>
                <span className="score-entry-max">{t('scoreEntryPage.fullMark', { max: formatScore(subject.fullMark) })}</span>
              </th>
            ))}
          </tr>
          {withParts && (
            <tr className="score-entry-parts-head">
              {sheet.subjects.flatMap((subject) =>
                subject.items.length
                  ? [
                      ...subject.items.map((item) => (
                        <th key={`${subject.courseId}-${item.id}`} className="score-entry-part">
                          <span className="score-entry-subject-name">{item.name}</span>
                          <span className="score-entry-max">{t('scoreEntryPage.fullMark', { max: formatScore(item.maxScore) })}</span>
                        </th>
                      )),
                      <th key={`${subject.courseId}-total`} className="score-entry-part score-entry-total-head">
                        {t('scoreEntryPage.col.total')}
                      </th>,
                    ]
                  : [],
              )}
            </tr>
          )}
        </thead>
        <tbody>
          {sheet.rows.map((row, index) => (
            <GridRow key={row.studentId} row={row} index={index} subjects={sheet.subjects} columns={columns} state={rows.get(row.studentId)} labels={labels} readOnly={readOnly} onEdit={onEdit} />
          ))}
        </tbody>
        <tfoot data-testid="score-entry-stats">
          {STAT_KINDS.map((kind) => (
            <tr key={kind}>
              <th colSpan={2} className="score-entry-fixed score-entry-fixed-foot score-entry-stat-label">
                {t(`scoreEntryPage.stats.${kind}`)}
              </th>
              {sheet.subjects.flatMap((subject) => {
                const cells = subject.items.map((item) => {
                  const key = `${subject.courseId}-${item.id}`;
                  return (
                    <td key={key} className="score-entry-stat" title={statTitle(stats[key])} data-testid={`score-stat-${kind}-${key}`}>
                      {statText(kind, stats[key])}
                    </td>
                  );
                });
                const key = String(subject.courseId);
                cells.push(
                  <td key={key} className="score-entry-stat score-entry-stat-subject" title={statTitle(stats[key])} data-testid={`score-stat-${kind}-${key}`}>
                    {statText(kind, stats[key])}
                  </td>,
                );
                return cells;
              })}
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}

interface GridRowProps {
  row: ScoreSheetRow;
  index: number;
  subjects: readonly ScoreSheetSubject[];
  columns: readonly SheetColumn[];
  state: RowState | undefined;
  labels: MarkLabels;
  readOnly: boolean;
  onEdit: ScoreGridProps['onEdit'];
}

/** One student's row; drawn again only when its own cells (or the sheet around it) change. */
const GridRow = memo(function GridRow({ row, index, subjects, columns, state, labels, readOnly, onEdit }: GridRowProps) {
  const { t } = useTranslation();
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const key = event.target.dataset.key;
    if (key) onEdit(row.studentId, key, event.target.value);
  };
  const byKey = new Map(columns.map((column) => [column.key, column]));

  const input = (subject: ScoreSheetSubject, key: string, label: string) => {
    const column = byKey.get(key);
    const cell = state?.cells[key];
    if (!column || !cell) return null;
    const problem = cell.problem ? t(cell.problem.key, cell.problem.params) : '';
    const testId = column.itemId === null ? `score-cell-${row.studentId}-${subject.courseId}` : `score-cell-${row.studentId}-${subject.courseId}-${column.itemId}`;
    const className = ['score-entry-cell', cell.dirty ? 'score-entry-cell-dirty' : '', problem ? 'score-entry-cell-invalid' : '', cell.parsed.kind === 'mark' ? 'score-entry-cell-mark' : '']
      .filter(Boolean)
      .join(' ');
    return (
      <td key={key} className={className}>
        <input
          className="score-entry-input"
          value={cell.text}
          onChange={change}
          readOnly={readOnly}
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          aria-label={`${row.name} ${label}`}
          aria-invalid={problem ? true : undefined}
          title={problem || undefined}
          data-row={index}
          data-col={column.index}
          data-student={row.studentId}
          data-key={key}
          data-dirty={cell.dirty ? 'true' : undefined}
          data-testid={testId}
        />
        {problem && (
          <div className="score-entry-problem" role="tooltip" data-testid={`${testId}-problem`}>
            {problem}
          </div>
        )}
      </td>
    );
  };

  return (
    <tr data-testid={`score-entry-row-${row.studentId}`}>
      <td className="score-entry-fixed score-entry-fixed-number">{row.studentNumber}</td>
      <td className="score-entry-fixed score-entry-fixed-name">{row.name}</td>
      {subjects.flatMap((subject) => {
        if (!subject.items.length) return [input(subject, String(subject.courseId), subject.courseName)];
        return [
          ...subject.items.map((item) => input(subject, `${subject.courseId}-${item.id}`, `${subject.courseName} ${item.name}`)),
          <TotalCell key={`${subject.courseId}-total`} value={state?.subjects[subject.courseId]} labels={labels} testId={`score-total-${row.studentId}-${subject.courseId}`} />,
        ];
      })}
    </tr>
  );
});

/** The live total of a subject with parts: their sum, the subject's mark, or the sum so far (greyed) while parts are missing. */
function TotalCell({ value, labels, testId }: { value: SubjectValue | undefined; labels: MarkLabels; testId: string }) {
  let text = '';
  let className = 'score-entry-total';
  if (value?.kind === 'score') text = formatScore(value.score);
  else if (value?.kind === 'mark') {
    text = labels[value.mark];
    className += ' score-entry-cell-mark';
  } else if (value?.kind === 'invalid' && value.partial !== null) {
    text = formatScore(value.partial);
    className += ' score-entry-total-partial';
  }
  return (
    <td className={className} data-testid={testId}>
      {text}
    </td>
  );
}
