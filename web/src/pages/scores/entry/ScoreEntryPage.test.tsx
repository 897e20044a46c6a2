import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModalFuncProps } from 'antd';
import type { ScoreEntryBatch, ScoreEntryOptions, ScoreSheet } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import ScoreEntryPage from './ScoreEntryPage.tsx';
import {
  applyPaste,
  applySaved,
  buildSave,
  columnStats,
  editsAfterSave,
  evaluateSheet,
  isBlock,
  parseClipboard,
  parseValue,
  sheetColumns,
  withEdit,
  type Edits,
  type MarkLabels,
  type MarkWords,
} from './sheetModel.ts';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// As in the other score pages: a handler that throws the stub's ApiError is a refusal (result false with the
// server's msg), shown by the client unless silent and rejected with the client's ApiError (its envelope).
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError: Refusal, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const { feedback: shown } = await import('../../../app/feedback.ts');
  class EnvelopeError extends Error {
    readonly kind = 'business';
    readonly code = 409;
    readonly envelope: { result: false; code: number; msg: string; data: null };
    constructor(message: string) {
      super(message);
      this.envelope = { result: false, code: 409, msg: message, data: null };
    }
  }
  return {
    ...clientModule,
    ApiError: EnvelopeError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown; silent?: boolean }) => {
      try {
        const data = await calls.call(path, options);
        const saved = data as { saved: number; cleared: number };
        return { result: true, code: 200, msg: path.endsWith('/save') ? `${saved.saved} scores saved, ${saved.cleared} cleared` : '', data };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        if (!options?.silent) shown().message.error(error.message);
        throw new EnvelopeError(error.message);
      }
    },
    download: vi.fn(async () => new Blob()),
    upload: vi.fn(async () => ({ imported: 3, saved: 3, cleared: 0, errors: [] })),
  };
});

// The browser's save of a downloaded file (a link clicked) is not jsdom's to do.
vi.mock('../../../api/exports.ts', async (original) => ({ ...(await original<typeof import('../../../api/exports.ts')>()), saveBlob: vi.fn() }));

const route = { path: '/cjgl/cjdj', title: 'cjdj', titleEn: 'Score registration' } as AppRoute;
const BASE = '/api/scores/entry';

const batch = (id: number, extra: Partial<ScoreEntryBatch> = {}): ScoreEntryBatch => ({
  id,
  name: `Batch ${id}`,
  termId: 1,
  termName: '2026-2027 first term',
  gradeName: 'Grade 10',
  examNode: 'Midterm',
  entryStart: '2026-11-20 08:00',
  entryEnd: '2026-11-30 18:00',
  open: true,
  closedReason: '',
  released: false,
  sheets: [
    { classId: 101, className: 'Class 10-1', courseIds: [5, 6], entered: 3, expected: 6 },
    { classId: 102, className: 'Class 10-2', courseIds: [5], entered: 0, expected: 2 },
  ],
  ...extra,
});

const OPTIONS: ScoreEntryOptions = {
  terms: [
    { id: 1, name: '2026-2027 first term', isCurrent: true },
    { id: 2, name: '2025-2026 second term', isCurrent: false },
  ],
  batches: [batch(7, { name: 'Midterm scores' }), batch(8, { name: 'Monthly scores', open: false, closedReason: 'released', released: true })],
};

/** Maths (5) out of 120 as a whole; English (6) out of 100 in two parts: listening (61, 30) and writing (62, 70). */
const sheetOf = (batchId: number, classId: number): ScoreSheet => ({
  batch: OPTIONS.batches.find((item) => item.id === batchId)!,
  classId,
  className: classId === 101 ? 'Class 10-1' : 'Class 10-2',
  subjects: [
    { courseId: 5, courseName: 'Maths', fullMark: 120, items: [], version: '3' },
    {
      courseId: 6,
      courseName: 'English',
      fullMark: 100,
      items: [
        { id: 61, name: 'Listening', maxScore: 30 },
        { id: 62, name: 'Writing', maxScore: 70 },
      ],
      version: '1',
    },
  ],
  rows: [
    { studentId: 1001, studentNumber: 'S001', name: 'Ann', cells: { '5': { score: 100, mark: null, parts: null }, '6': { score: 80, mark: null, parts: { '61': 25, '62': 55 } } } },
    { studentId: 1002, studentNumber: 'S002', name: 'Bob', cells: { '5': { score: null, mark: 'absent', parts: null } } },
    { studentId: 1003, studentNumber: 'S003', name: 'Cat', cells: {} },
  ],
});

const WORDS: MarkWords = { absent: ['缺考', 'Absent', 'a', 'q'], exempt: ['免考', 'Exempt', 'e', 'm'] };
const LABELS: MarkLabels = { absent: 'Absent', exempt: 'Exempt' };

const success = vi.fn();
const warning = vi.fn();
const error = vi.fn();
const info = vi.fn();
const confirm = vi.fn();

beforeEach(async () => {
  stub.reset();
  for (const fn of [success, warning, error, info]) fn.mockClear();
  confirm.mockReset();
  setFeedback({ message: { error, success, warning, info }, modal: { confirm, warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('en'));
  stub
    .on(`${BASE}/options`, () => OPTIONS)
    .on(`${BASE}/sheet`, (options) => {
      const { batchId, classId } = options?.json as { batchId: number; classId: number };
      return sheetOf(batchId, classId);
    })
    .on(`${BASE}/save`, (options) => {
      const body = options?.json as { cells: { score: number | null; mark: string | null; courseId: number }[] };
      const courses = [...new Set(body.cells.map((cell) => cell.courseId))];
      return {
        saved: body.cells.filter((cell) => cell.score !== null || cell.mark !== null).length,
        cleared: body.cells.filter((cell) => cell.score === null && cell.mark === null).length,
        versions: Object.fromEntries(courses.map((id) => [String(id), '9'])),
      };
    });
  useSession.setState({ permissions: ['score:register'], roles: [] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ScoreEntryPage route={route} />
    </QueryClientProvider>,
  );
}

const cell = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(cell(testId), { target: { value } });
const paste = (testId: string, text: string) => fireEvent.paste(cell(testId), { clipboardData: { getData: () => text } });
const saveButton = () => screen.getByTestId('score-entry-save') as HTMLButtonElement;

async function openSheet() {
  renderPage();
  await screen.findByTestId('score-entry-grid');
}

async function pick(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId).closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent?.startsWith(option));
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

describe('sheetModel', () => {
  it('parses numbers within the full mark with at most two decimals, and the marks in both languages', () => {
    expect(parseValue('95', 100, WORDS)).toEqual({ kind: 'score', value: 95 });
    expect(parseValue(' 99.5 ', 100, WORDS)).toEqual({ kind: 'score', value: 99.5 });
    expect(parseValue('.25', 100, WORDS)).toEqual({ kind: 'score', value: 0.25 });
    expect(parseValue('0', 100, WORDS)).toEqual({ kind: 'score', value: 0 });
    expect(parseValue('100', 100, WORDS)).toEqual({ kind: 'score', value: 100 });
    expect(parseValue('\uFF19\uFF10', 100, WORDS)).toEqual({ kind: 'score', value: 90 });
    expect(parseValue('100.01', 100, WORDS)).toEqual({ kind: 'invalid', problem: { key: 'scoreEntryPage.error.over', params: { max: '100' } } });
    expect(parseValue('12.345', 100, WORDS)).toEqual({ kind: 'invalid', problem: { key: 'scoreEntryPage.error.decimals' } });
    expect(parseValue('-1', 100, WORDS)).toEqual({ kind: 'invalid', problem: { key: 'scoreEntryPage.error.negative' } });
    expect(parseValue('ninety', 100, WORDS)).toMatchObject({ kind: 'invalid', problem: { key: 'scoreEntryPage.error.format' } });
    for (const word of ['缺考', 'absent', 'ABSENT', 'a', 'Q']) expect(parseValue(word, 100, WORDS)).toEqual({ kind: 'mark', mark: 'absent' });
    for (const word of ['免考', 'exempt', 'Exempt', 'e', 'M']) expect(parseValue(word, 100, WORDS)).toEqual({ kind: 'mark', mark: 'exempt' });
    expect(parseValue('', 100, WORDS)).toEqual({ kind: 'empty' });
    expect(parseValue('   ', 100, WORDS)).toEqual({ kind: 'empty' });
    expect(i18n.getFixedT('en')('scoreEntryPage.error.over', { max: 100 })).toBe('Above the full mark 100');
    expect(i18n.getFixedT('en')('scoreEntryPage.error.decimals')).toBe('At most two decimals');
  });

  it('fills a pasted block from its first cell, rows down and columns right, leaving out what falls outside', () => {
    expect(parseClipboard('90\t20\t60\r\n85\t25\t50\r\n')).toEqual([
      ['90', '20', '60'],
      ['85', '25', '50'],
    ]);
    expect(isBlock('90\r\n')).toBe(false);
    expect(isBlock('90\t80')).toBe(true);
    const sheet = sheetOf(7, 101);
    const columns = sheetColumns(sheet.subjects);
    expect(columns.map((column) => column.key)).toEqual(['5', '6-61', '6-62']);
    const pasted = applyPaste({}, sheet.rows, columns, 1, 1, parseClipboard('20\t60\t7\n30\t65\n1\n2'));
    expect(pasted.edits).toEqual({ 1002: { '6-61': '20', '6-62': '60' }, 1003: { '6-61': '30', '6-62': '65' } });
    expect(pasted.ignored).toBe(3);
    expect(pasted.filled).toHaveLength(4);
  });

  it('saves only the changed cells, with every part and their sum, a mark or a clearing, and the versions of their subjects', () => {
    const sheet = sheetOf(7, 101);
    const columns = sheetColumns(sheet.subjects);
    let edits: Edits = {};
    // Typed as it was: not a change.
    edits = withEdit(edits, 1001, '5', '100.0');
    edits = withEdit(edits, 1001, '6-62', '60');
    edits = withEdit(edits, 1002, '5', '');
    edits = withEdit(edits, 1003, '6-61', 'e');
    let state = evaluateSheet(sheet, columns, edits, WORDS, LABELS);
    expect(state.changed).toBe(3);
    expect(state.invalid).toBe(0);
    expect(state.rows.get(1001)!.cells['5']!.dirty).toBe(false);
    expect(state.rows.get(1001)!.cells['6-62']!.dirty).toBe(true);
    const body = buildSave(sheet, state)!;
    expect(body).toEqual({
      batchId: 7,
      classId: 101,
      versions: { '5': '3', '6': '1' },
      cells: [
        { studentId: 1001, courseId: 6, score: 85, mark: null, parts: { '61': 25, '62': 60 } },
        { studentId: 1002, courseId: 5, score: null, mark: null },
        { studentId: 1003, courseId: 6, score: null, mark: 'exempt', parts: null },
      ],
    });

    // After the save the values sent are the sheet's, with the new versions; a text typed again meanwhile stays.
    const after = applySaved(sheet, body, { versions: { '5': '4', '6': '2' } });
    expect(after.subjects.map((subject) => subject.version)).toEqual(['4', '2']);
    expect(after.rows[1]!.cells['5']).toBeUndefined();
    expect(after.rows[0]!.cells['6']).toEqual({ score: 85, mark: null, parts: { '61': 25, '62': 60 } });
    const typedMeanwhile = withEdit(edits, 1003, '5', '77');
    const left = editsAfterSave(typedMeanwhile, edits);
    expect(left).toEqual({ 1003: { '5': '77' } });
    state = evaluateSheet(after, columns, left, WORDS, LABELS);
    expect(state.changed).toBe(1);
  });

  it('refuses a subject with some parts only, or a mark beside part scores', () => {
    const sheet = sheetOf(7, 101);
    const columns = sheetColumns(sheet.subjects);
    let state = evaluateSheet(sheet, columns, { 1003: { '6-61': '20' } }, WORDS, LABELS);
    expect(state.invalid).toBe(1);
    expect(state.rows.get(1003)!.cells['6-62']!.problem).toEqual({ key: 'scoreEntryPage.error.partsIncomplete' });
    expect(state.rows.get(1003)!.subjects[6]).toEqual({ kind: 'invalid', partial: 20 });
    expect(buildSave(sheet, state)).toBeNull();
    state = evaluateSheet(sheet, columns, { 1001: { '6-61': 'absent' } }, WORDS, LABELS);
    expect(state.rows.get(1001)!.cells['6-61']!.problem).toEqual({ key: 'scoreEntryPage.error.markWithParts' });
    expect(buildSave(sheet, state)).toBeNull();
    // A mark in one part with the other parts emptied marks the subject.
    state = evaluateSheet(sheet, columns, { 1001: { '6-61': 'absent', '6-62': '' } }, WORDS, LABELS);
    expect(buildSave(sheet, state)!.cells).toEqual([{ studentId: 1001, courseId: 6, score: null, mark: 'absent', parts: null }]);
  });

  it('computes the statistics of a column from its scores, marks counting as entered', () => {
    expect(columnStats([90, 'absent', 70.5, null, 'exempt'])).toEqual({ entered: 4, absent: 1, exempt: 1, average: 80.25, highest: 90, lowest: 70.5 });
    expect(columnStats([null, 'absent'])).toEqual({ entered: 1, absent: 1, exempt: 0, average: null, highest: null, lowest: null });
  });
});

describe('ScoreEntryPage', () => {
  it('opens the first open batch of the current term with its first class, the values read and the statistics', async () => {
    await openSheet();
    expect(stub.bodies(`${BASE}/options`)[0]).toEqual({});
    expect(stub.bodies(`${BASE}/sheet`)[0]).toEqual({ batchId: 7, classId: 101 });
    expect(screen.getByTestId('score-entry-page')).toHaveTextContent('Score registration');
    expect(screen.getByTestId('score-entry-status')).toHaveTextContent('Open');
    expect(screen.getByTestId('score-entry-progress')).toHaveTextContent('3 / 6');
    expect(screen.getByTestId('score-entry-batch-facts')).toHaveTextContent('2026-11-20 08:00 ~ 2026-11-30 18:00');
    expect(cell('score-cell-1001-5').value).toBe('100');
    expect(cell('score-cell-1001-6-61').value).toBe('25');
    expect(cell('score-cell-1001-6-62').value).toBe('55');
    expect(screen.getByTestId('score-total-1001-6')).toHaveTextContent('80');
    expect(cell('score-cell-1002-5').value).toBe('Absent');
    expect(cell('score-cell-1003-5').value).toBe('');
    expect(screen.getByTestId('score-stat-entered-5')).toHaveTextContent('2/3');
    expect(screen.getByTestId('score-stat-average-5')).toHaveTextContent('100');
    expect(screen.getByTestId('score-stat-average-6-61')).toHaveTextContent('25');
    expect(saveButton()).toBeDisabled();
    expect(screen.queryByTestId('score-entry-closed')).toBeNull();
    expect(screen.getByTestId('score-entry-import')).toBeEnabled();
  });

  it('checks typed values, totals the parts live, and saves only the changed cells', async () => {
    await openSheet();
    type('score-cell-1003-5', '121');
    expect(cell('score-cell-1003-5')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('score-cell-1003-5-problem')).toHaveTextContent('Above the full mark 120');
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveTextContent('invalid cells: 1');
    type('score-cell-1003-5', '88.5');
    type('score-cell-1003-6-61', '20');
    expect(screen.getByTestId('score-cell-1003-6-62-problem')).toHaveTextContent(i18n.t('scoreEntryPage.error.partsIncomplete'));
    expect(saveButton()).toBeDisabled();
    type('score-cell-1003-6-62', '61.5');
    expect(screen.getByTestId('score-total-1003-6')).toHaveTextContent('81.5');
    type('score-cell-1002-5', '\u514D\u8003');
    expect(screen.getByTestId('score-entry-changed')).toHaveTextContent('Unsaved changes: 3');
    expect(cell('score-cell-1003-5').closest('td')).toHaveClass('score-entry-cell-dirty');
    expect(screen.getByTestId('score-stat-highest-5')).toHaveTextContent('100');
    expect(screen.getByTestId('score-stat-lowest-5')).toHaveTextContent('88.5');
    expect(saveButton()).toBeEnabled();
    fireEvent.click(saveButton());
    await waitFor(() => expect(success).toHaveBeenCalledWith('3 scores saved, 0 cleared'));
    expect(stub.bodies(`${BASE}/save`)[0]).toEqual({
      batchId: 7,
      classId: 101,
      versions: { '5': '3', '6': '1' },
      cells: [
        { studentId: 1002, courseId: 5, score: null, mark: 'exempt' },
        { studentId: 1003, courseId: 5, score: 88.5, mark: null },
        { studentId: 1003, courseId: 6, score: 81.5, mark: null, parts: { '61': 20, '62': 61.5 } },
      ],
    });
    await waitFor(() => expect(screen.getByTestId('score-entry-changed')).toHaveTextContent('Unsaved changes: 0'));
    expect(cell('score-cell-1003-5').closest('td')).not.toHaveClass('score-entry-cell-dirty');
    expect(cell('score-cell-1003-5').value).toBe('88.5');
    expect(saveButton()).toBeDisabled();
    // The progress is read again; the next save sends the new versions.
    await waitFor(() => expect(stub.calls(`${BASE}/options`).length).toBeGreaterThan(1));
    type('score-cell-1003-5', '90');
    fireEvent.click(saveButton());
    await waitFor(() => expect(stub.calls(`${BASE}/save`)).toHaveLength(2));
    expect(stub.bodies(`${BASE}/save`)[1]).toEqual({ batchId: 7, classId: 101, versions: { '5': '9' }, cells: [{ studentId: 1003, courseId: 5, score: 90, mark: null }] });
  });

  it('fills a block pasted from Excel, and an out-of-range value pasted is refused with a message and blocks the save', async () => {
    await openSheet();
    paste('score-cell-1002-5', '95\t28\t60\r\n130\t30\t70\r\n70\t1\t2\t3\r\n');
    expect(cell('score-cell-1002-5').value).toBe('95');
    expect(cell('score-cell-1002-6-61').value).toBe('28');
    expect(cell('score-cell-1002-6-62').value).toBe('60');
    expect(cell('score-cell-1003-5').value).toBe('130');
    expect(cell('score-cell-1003-6-62').value).toBe('70');
    expect(screen.getByTestId('score-total-1002-6')).toHaveTextContent('88');
    expect(screen.getByTestId('score-cell-1003-5-problem')).toHaveTextContent('Above the full mark 120');
    expect(warning).toHaveBeenCalledTimes(1);
    expect(String(warning.mock.calls[0]![0])).toContain(i18n.t('scoreEntryPage.pasteInvalid', { count: 1 }));
    // The third row and the fourth value fell outside the grid.
    expect(String(warning.mock.calls[0]![0])).toContain(i18n.t('scoreEntryPage.pasteIgnored', { count: 4 }));
    expect(saveButton()).toBeDisabled();
    expect(screen.getByTestId('score-entry-invalid')).toHaveTextContent('Invalid cells: 1');
    fireEvent.click(saveButton());
    expect(stub.calls(`${BASE}/save`)).toHaveLength(0);
    type('score-cell-1003-5', '120');
    expect(saveButton()).toBeEnabled();
  });

  it('moves like a spreadsheet: Enter and the arrows down and up, Tab sideways, Escape undoes the cell', async () => {
    await openSheet();
    cell('score-cell-1001-5').focus();
    fireEvent.keyDown(cell('score-cell-1001-5'), { key: 'Enter' });
    expect(document.activeElement).toBe(cell('score-cell-1002-5'));
    fireEvent.keyDown(cell('score-cell-1002-5'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell('score-cell-1003-5'));
    fireEvent.keyDown(cell('score-cell-1003-5'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(cell('score-cell-1002-5'));
    fireEvent.keyDown(cell('score-cell-1002-5'), { key: 'Tab' });
    expect(document.activeElement).toBe(cell('score-cell-1002-6-61'));
    fireEvent.keyDown(cell('score-cell-1002-6-61'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cell('score-cell-1002-6-62'));
    fireEvent.keyDown(cell('score-cell-1002-6-62'), { key: 'Tab' });
    expect(document.activeElement).toBe(cell('score-cell-1003-5'));
    fireEvent.keyDown(cell('score-cell-1003-5'), { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(cell('score-cell-1002-6-62'));
    type('score-cell-1002-6-62', '50');
    fireEvent.keyDown(cell('score-cell-1002-6-62'), { key: 'Escape' });
    expect(cell('score-cell-1002-6-62').value).toBe('');
  });

  it('keeps everything typed after a refusal (busy), shows the message and leaves the cells unsaved', async () => {
    stub.on(`${BASE}/save`, () => {
      throw new ApiError("Current term's data is being operated by several people, retry later");
    });
    await openSheet();
    type('score-cell-1003-5', '77');
    type('score-cell-1001-6-61', '30');
    fireEvent.click(saveButton());
    await waitFor(() => expect(error).toHaveBeenCalledWith("Current term's data is being operated by several people, retry later"));
    expect(await screen.findByTestId('score-entry-refusal')).toHaveTextContent("Current term's data is being operated by several people, retry later");
    expect(cell('score-cell-1003-5').value).toBe('77');
    expect(cell('score-cell-1001-6-61').value).toBe('30');
    expect(cell('score-cell-1003-5').closest('td')).toHaveClass('score-entry-cell-dirty');
    expect(screen.getByTestId('score-entry-changed')).toHaveTextContent('Unsaved changes: 2');
    expect(success).not.toHaveBeenCalled();
    expect(stub.calls(`${BASE}/sheet`)).toHaveLength(1);
    // Loading the latest scores keeps what was typed.
    fireEvent.click(screen.getByTestId('score-entry-reload-keep'));
    await waitFor(() => expect(stub.calls(`${BASE}/sheet`)).toHaveLength(2));
    expect(cell('score-cell-1003-5').value).toBe('77');
    expect(saveButton()).toBeEnabled();
  });

  it('shows a closed batch read-only with the reason, without save or import', async () => {
    await openSheet();
    await pick('score-entry-batch', 'Monthly scores');
    await waitFor(() => expect(stub.bodies(`${BASE}/sheet`).at(-1)).toEqual({ batchId: 8, classId: 101 }));
    expect(await screen.findByTestId('score-entry-closed')).toHaveTextContent('Monthly scores is released: its scores can no longer change.');
    expect(screen.getByTestId('score-entry-status')).toHaveTextContent('Closed: released');
    expect(cell('score-cell-1001-5')).toHaveAttribute('readonly');
    fireEvent.change(cell('score-cell-1001-5'), { target: { value: '1' } });
    paste('score-cell-1001-5', '1\t2\n3\t4');
    expect(cell('score-cell-1002-5').value).toBe('Absent');
    expect(saveButton()).toBeDisabled();
    expect(screen.queryByTestId('score-entry-import')).toBeNull();
    expect(screen.getByTestId('score-entry-export')).toBeEnabled();
  });

  it('exports the sheet and imports it filled in, then reads the sheet again', async () => {
    const client = await import('../../../api/client.ts');
    await openSheet();
    fireEvent.click(screen.getByTestId('score-entry-export'));
    await waitFor(() => expect(client.download).toHaveBeenCalledWith('/api/scores/entry/workbook', { query: { batchId: 7, classId: 101 } }));
    const { saveBlob } = await import('../../../api/exports.ts');
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), expect.stringMatching(/^Midterm scores Class 10-1 scores-\d{8}\.xlsx$/)));
    fireEvent.click(screen.getByTestId('score-entry-import'));
    const dialog = await screen.findByTestId('score-entry-import-dialog');
    fireEvent.click(screen.getByTestId('score-entry-import-template'));
    await waitFor(() => expect(client.download).toHaveBeenCalledWith('/api/scores/entry/workbook?batchId=7&classId=101'));
    const file = new File([new Uint8Array([80, 75, 3, 4])], 'scores.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(dialog.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('score-entry-import-send'));
    await waitFor(() => expect(screen.getByTestId('score-entry-import-success')).toHaveTextContent(i18n.t('scoreEntry.imported', { saved: 3, cleared: 0 })));
    expect(client.upload).toHaveBeenCalledWith('/api/scores/entry/import?batchId=7&classId=101', expect.objectContaining({ files: [file] }), { silent: true });
    await waitFor(() => expect(stub.calls(`${BASE}/sheet`)).toHaveLength(2));
    // With unsaved changes the import waits for them to be saved or discarded.
    type('score-cell-1003-5', '60');
    expect(screen.getByTestId('score-entry-import')).toBeDisabled();
  });

  it('asks before leaving a sheet with unsaved changes, and discards them on request', async () => {
    await openSheet();
    type('score-cell-1003-5', '60');
    await pick('score-entry-class', 'Class 10-2');
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(stub.bodies(`${BASE}/sheet`)).toHaveLength(1);
    fireEvent.click(screen.getByTestId('score-entry-discard'));
    expect(confirm).toHaveBeenCalledTimes(2);
    act(() => (confirm.mock.calls[1]![0] as ModalFuncProps).onOk!());
    await waitFor(() => expect(cell('score-cell-1003-5').value).toBe(''));
    await waitFor(() => expect(stub.calls(`${BASE}/sheet`)).toHaveLength(2));
    await pick('score-entry-class', 'Class 10-2');
    await waitFor(() => expect(stub.bodies(`${BASE}/sheet`).at(-1)).toEqual({ batchId: 7, classId: 102 }));
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('reads the marks in Chinese too, and says when there is no batch', async () => {
    await act(() => i18n.changeLanguage('zh'));
    await openSheet();
    expect(cell('score-cell-1002-5').value).toBe('缺考');
    type('score-cell-1003-5', 'absent');
    type('score-cell-1001-5', '免考');
    expect(screen.getByTestId('score-entry-changed')).toHaveTextContent('2');
    fireEvent.blur(cell('score-cell-1003-5'));
    expect(cell('score-cell-1003-5').value).toBe('缺考');
    stub.on(`${BASE}/options`, () => ({ terms: OPTIONS.terms, batches: [] }));
    await pick('score-entry-term', '2025-2026 second term');
    expect(confirm).toHaveBeenCalledTimes(1);
    act(() => (confirm.mock.calls[0]![0] as ModalFuncProps).onOk!());
    expect(await screen.findByTestId('score-entry-no-batch')).toHaveTextContent('本学期没有您可录入的成绩批次');
    expect(stub.bodies(`${BASE}/options`).at(-1)).toEqual({ termId: 2 });
  });
});
