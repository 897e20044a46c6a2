import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModalFuncProps } from 'antd';
import { evaluationSheetSaveSchema, type EvaluationFillOptions, type EvaluationItem, type EvaluationSheet, type EvaluationSheetRow, type EvaluationSheetSave } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import TermFillPage, { defaultTheme, themeClasses } from './TermFillPage.tsx';
import { buildSaveRows, chunk, evaluateRow, fillColumn, pruneEdits, sameValue, sentValue, sheetTotals, withEdit, type Edits } from './fillModel.ts';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// As in the score pages: a handler that throws the stub's ApiError is a refusal (result false with the
// server's msg), shown by the client unless silent and rejected with the client's ApiError (its envelope).
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError: Refusal, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const { feedback: shown } = await import('../../../app/feedback.ts');
  class EnvelopeError extends Error {
    readonly kind = 'business';
    readonly envelope: { result: false; code: number; msg: string; data: null };
    constructor(message: string) {
      super(message);
      this.envelope = { result: false, code: 409, msg: message, data: null };
    }
  }
  const wrap = async (path: string, options?: { json?: unknown; silent?: boolean }) => {
    try {
      return await calls.call(path, options);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      if (!options?.silent) shown().message.error(error.message);
      throw new EnvelopeError(error.message);
    }
  };
  return {
    ...clientModule,
    ApiError: EnvelopeError,
    ERROR_DURATION_SECONDS: 5,
    call: wrap,
    request: async (path: string, options?: { json?: unknown; silent?: boolean }) => {
      const data = (await wrap(path, options)) as { saved?: number } | null;
      return { result: true, code: 200, msg: path.endsWith('/save') ? `Evaluations of ${data?.saved} students are saved` : '', data };
    },
  };
});

const route = { path: '/xspj/qmpjtx', title: 'qmpjtx', titleEn: 'End-of-term evaluation' } as AppRoute;
const OPTIONS = '/api/evaluation/fill/options';
const SHEET = '/api/evaluation/fill/sheet';
const SAVE = '/api/evaluation/fill/save';

const OPTIONS_DATA: EvaluationFillOptions = {
  terms: [
    { id: 1, name: '2026-2027 first term', isCurrent: true },
    { id: 2, name: '2025-2026 second term', isCurrent: false },
  ],
  termId: 1,
  themes: [
    { id: 22, name: 'Spring comment', type: 'comment', gradeIds: [10, 11], fillStart: '2026-12-01', fillEnd: '2026-12-20', period: 'closed', released: false },
    { id: 21, name: 'Term conduct', type: 'moral', gradeIds: [10], fillStart: '2027-01-05', fillEnd: '2027-01-20', period: 'open', released: false },
  ],
  classes: [
    { id: 201, name: 'Class 10-1', gradeId: 10, gradeName: 'Grade 10' },
    { id: 202, name: 'Class 10-2', gradeId: 10, gradeName: 'Grade 10' },
    { id: 211, name: 'Class 11-1', gradeId: 11, gradeName: 'Grade 11' },
  ],
};

const LEVEL: EvaluationItem = { id: 1, name: 'Level', kind: 'enum', required: true, maxLength: null, min: null, max: null, precision: null, options: ['A', 'B', 'C'] };
const HOURS: EvaluationItem = { id: 2, name: 'Hours', kind: 'number', required: true, maxLength: null, min: 0, max: 40, precision: 1, options: null };
const NOTE: EvaluationItem = { id: 3, name: 'Note', kind: 'text', required: false, maxLength: 100, min: null, max: null, precision: null, options: null };
const ITEMS = [LEVEL, HOURS, NOTE];

const row = (studentId: number, name: string, values: Record<string, string | number>, updatedAt: string | null = null, updatedByName: string | null = null): EvaluationSheetRow => ({
  studentId,
  name,
  studentNumber: `2019${studentId}`,
  values,
  updatedAt,
  savedAt: updatedAt ? updatedAt.slice(0, 16) : null,
  updatedByName,
});

function sheetOf(themeId: number, classId: number, editable = true): EvaluationSheet {
  const theme = OPTIONS_DATA.themes.find((item) => item.id === themeId)!;
  const className = OPTIONS_DATA.classes.find((item) => item.id === classId)!.name;
  return {
    theme: { ...theme, termId: 1, gradeNames: ['Grade 10'], releasedAt: null, remarks: '', items: ITEMS },
    classId,
    className,
    editable,
    rows: [row(301, 'Alice', { 1: 'A', 2: 12 }, '2027-01-06 10:00', 'Ms Wang'), row(302, 'Bob', {}), row(303, 'Carol', { 1: 'B' }, '2027-01-06 11:00', 'Ms Wang')],
  };
}

/** The server's sheets, saved into as the real one would (new time, who saved). */
let sheets: Map<string, EvaluationSheet>;

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
  await act(() => i18n.changeLanguage('zh'));
  sheets = new Map();
  stub
    .on(OPTIONS, () => OPTIONS_DATA)
    .on(SHEET, (options) => {
      const { themeId, classId } = options?.json as { themeId: number; classId: number };
      const key = `${themeId}-${classId}`;
      if (!sheets.has(key)) sheets.set(key, sheetOf(themeId, classId, themeId === 21));
      return structuredClone(sheets.get(key));
    })
    .on(SAVE, (options) => {
      const body = options?.json as EvaluationSheetSave;
      const sheet = sheets.get(`${body.themeId}-${body.classId}`)!;
      for (const saved of body.rows) {
        const target = sheet.rows.find((item) => item.studentId === saved.studentId)!;
        target.values = Object.fromEntries(Object.entries(saved.values).filter((entry): entry is [string, string | number] => entry[1] !== null));
        target.updatedAt = '2027-01-07 09:00';
        target.updatedByName = 'Mr Zhao';
      }
      return { saved: body.rows.length };
    });
  useSession.setState({ permissions: ['evaluation:termFill'], roles: [] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TermFillPage route={route} />
    </QueryClientProvider>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function pick(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId).closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent?.startsWith(option));
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

async function openGrid() {
  renderPage();
  return screen.findByTestId('evaluation-fill-grid');
}

/** A column head's part in the table's header (the table measures its columns with a hidden copy of the heads). */
const head = (testId: string) => within(document.querySelector('.ant-table-thead') as HTMLElement).getByTestId(testId);

const problem = (studentId: number, itemId: number) => screen.queryByTestId(`evaluation-cell-${studentId}-${itemId}-problem`);

describe('TermFillPage', () => {
  it("opens the open theme's first class of its grades, with the items' hints and each row's last save", async () => {
    await openGrid();
    expect(stub.bodies(OPTIONS)).toEqual([{}]);
    expect(stub.bodies(SHEET)).toEqual([{ themeId: 21, classId: 201 }]);
    expect(screen.getByTestId('evaluation-fill-theme').closest('.ant-select')).toHaveTextContent('Term conduct');
    expect(screen.getByTestId('evaluation-fill-class').closest('.ant-select')).toHaveTextContent('Class 10-1');
    expect(screen.getByTestId('evaluation-fill-theme-facts')).toHaveTextContent(i18n.t('termFillPage.period', { start: '2027-01-05', end: '2027-01-20' }));
    expect(screen.getByTestId('evaluation-fill-period-state')).toHaveTextContent(i18n.t('termMaintainPage.period.open'));
    // The heads: name, a star when required, the hint of the answers.
    expect(head('evaluation-fill-head-1')).toHaveTextContent('Level*A / B / C');
    expect(head('evaluation-fill-head-2')).toHaveTextContent(i18n.t('termMaintainPage.hint.numberDecimals', { min: 0, max: 40, precision: 1 }));
    expect(head('evaluation-fill-head-3')).toHaveTextContent(i18n.t('termMaintainPage.hint.text', { max: 100 }));
    expect(head('evaluation-fill-head-3')).not.toHaveTextContent('*');
    expect(screen.getByTestId('evaluation-cell-301-2')).toHaveValue('12');
    expect(screen.getByTestId('evaluation-fill-filled')).toHaveTextContent(i18n.t('termFillPage.filled', { filled: 2, total: 3 }));
    expect(screen.getByTestId('evaluation-fill-updated-301')).toHaveTextContent('Ms Wang2027-01-06 10:00');
    expect(screen.getByTestId('evaluation-fill-updated-302')).toHaveTextContent(i18n.t('termFillPage.notFilled'));
    // Carol has a level but her hours (required) are empty.
    expect(screen.getByTestId('evaluation-fill-incomplete-303')).toBeInTheDocument();
    expect(problem(303, 2)).toHaveTextContent(i18n.t('termEvaluation.valueRequired'));
    expect(screen.queryByTestId('evaluation-fill-incomplete-302')).toBeNull();
    expect(screen.getByTestId('evaluation-fill-save')).toBeDisabled();

    // The class choice holds only the classes of the theme's grades.
    fireEvent.mouseDown(within(screen.getByTestId('evaluation-fill-class').closest('.ant-select') as HTMLElement).getByRole('combobox'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')).toHaveLength(2));
    const names = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((el) => el.textContent);
    expect(names).toEqual(['Class 10-1', 'Class 10-2']);
  });

  it('shows the range and precision of a number as typed, and sends only the rows changed with the time each was read', async () => {
    await openGrid();
    type('evaluation-cell-302-2', '50');
    expect(await screen.findByTestId('evaluation-cell-302-2-problem')).toHaveTextContent(i18n.t('termEvaluation.valueRange', { min: 0, max: 40 }));
    expect(screen.getByTestId('evaluation-fill-invalid')).toHaveTextContent(i18n.t('termFillPage.invalid', { count: 1 }));
    expect(screen.getByTestId('evaluation-fill-save')).toBeDisabled();
    type('evaluation-cell-302-2', '2.25');
    await waitFor(() => expect(problem(302, 2)).toHaveTextContent(i18n.t('termEvaluation.valuePrecision', { precision: 1 })));
    type('evaluation-cell-302-2', '20.5');
    // In range, Bob's row now lacks its level (required).
    await waitFor(() => expect(problem(302, 2)).toBeNull());
    expect(screen.getByTestId('evaluation-fill-incomplete-302')).toBeInTheDocument();
    expect(problem(302, 1)).toHaveTextContent(i18n.t('termEvaluation.valueRequired'));
    await pick('evaluation-cell-302-1', 'C');
    await waitFor(() => expect(screen.queryByTestId('evaluation-fill-incomplete-302')).toBeNull());
    type('evaluation-cell-301-3', 'Helps others');
    expect(screen.getByTestId('evaluation-fill-row-301')).toHaveAttribute('data-changed', 'true');
    expect(screen.getByTestId('evaluation-fill-row-303')).not.toHaveAttribute('data-changed');
    expect(screen.getByTestId('evaluation-fill-changed')).toHaveTextContent(i18n.t('termFillPage.changed', { count: 2 }));
    expect(screen.getByTestId('evaluation-fill-filled')).toHaveTextContent(i18n.t('termFillPage.filled', { filled: 3, total: 3 }));

    fireEvent.click(screen.getByTestId('evaluation-fill-save'));
    await waitFor(() => expect(stub.calls(SAVE)).toHaveLength(1));
    const body = stub.bodies(SAVE)[0];
    expect(body).toEqual({
      themeId: 21,
      classId: 201,
      rows: [
        { studentId: 301, values: { 1: 'A', 2: 12, 3: 'Helps others' }, since: '2027-01-06 10:00' },
        { studentId: 302, values: { 1: 'C', 2: 20.5, 3: null }, since: null },
      ],
    });
    expect(evaluationSheetSaveSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Evaluations of 2 students are saved'));
    // Read again: the rows saved show who saved them, nothing is left to save.
    await waitFor(() => expect(screen.getByTestId('evaluation-fill-updated-302')).toHaveTextContent('Mr Zhao2027-01-07 09:00'));
    expect(stub.calls(SHEET)).toHaveLength(2);
    expect(screen.queryByTestId('evaluation-fill-changed')).toBeNull();
    expect(screen.getByTestId('evaluation-cell-302-2')).toHaveValue('20.5');
    expect(screen.getByTestId('evaluation-fill-save')).toBeDisabled();
  });

  it('fills the empty cells of an enum column with one option, leaving the answers given', async () => {
    await openGrid();
    fireEvent.click(head('evaluation-fill-column-1'));
    fireEvent.click(await screen.findByTestId('evaluation-fill-option-1-B'));
    expect(info).toHaveBeenCalledWith(i18n.t('termFillPage.columnFilled', { count: 1, item: 'Level', option: 'B' }));
    await waitFor(() => expect(screen.getByTestId('evaluation-cell-302-1').closest('.ant-select')).toHaveTextContent('B'));
    expect(screen.getByTestId('evaluation-cell-301-1').closest('.ant-select')).toHaveTextContent('A');
    type('evaluation-cell-302-2', '8');
    fireEvent.click(screen.getByTestId('evaluation-fill-save'));
    await waitFor(() => expect(stub.bodies(SAVE)).toEqual([{ themeId: 21, classId: 201, rows: [{ studentId: 302, values: { 1: 'B', 2: 8, 3: null }, since: null }] }]));
  });

  it("shows the server's refusal and keeps what was typed, then reads the sheet again keeping it", async () => {
    const refusal = "Alice's evaluation was changed by Ms Li meanwhile: reload the sheet to see it (what you typed is kept)";
    stub.on(SAVE, () => {
      throw new ApiError(refusal);
    });
    await openGrid();
    type('evaluation-cell-301-2', '15');
    fireEvent.click(screen.getByTestId('evaluation-fill-save'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(refusal));
    expect(await screen.findByTestId('evaluation-fill-refusal')).toHaveTextContent(refusal);
    expect(screen.getByTestId('evaluation-cell-301-2')).toHaveValue('15');
    expect(success).not.toHaveBeenCalled();

    sheets.get('21-201')!.rows[0]!.updatedAt = '2027-01-06 12:00';
    fireEvent.click(screen.getByTestId('evaluation-fill-reload-keep'));
    await waitFor(() => expect(stub.calls(SHEET)).toHaveLength(2));
    expect(screen.getByTestId('evaluation-cell-301-2')).toHaveValue('15');
    stub.on(SAVE, () => ({ saved: 1 }));
    fireEvent.click(screen.getByTestId('evaluation-fill-save'));
    await waitFor(() => expect(stub.bodies(SAVE).at(-1)).toEqual({ themeId: 21, classId: 201, rows: [{ studentId: 301, values: { 1: 'A', 2: 15, 3: null }, since: '2027-01-06 12:00' }] }));
  });

  it('shows a sheet outside its period read only, saying why', async () => {
    renderPage();
    await screen.findByTestId('evaluation-fill-grid');
    await pick('evaluation-fill-theme', 'Spring comment');
    const alert = await screen.findByTestId('evaluation-fill-read-only');
    expect(alert).toHaveTextContent(i18n.t('termFillPage.readOnly.closed', { name: 'Spring comment', start: '2026-12-01', end: '2026-12-20' }));
    expect(stub.bodies(SHEET).at(-1)).toEqual({ themeId: 22, classId: 201 });
    const grid = screen.getByTestId('evaluation-fill-grid');
    expect(within(grid).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(grid).queryAllByRole('spinbutton')).toHaveLength(0);
    expect(within(grid).queryAllByRole('combobox')).toHaveLength(0);
    expect(screen.getByTestId('evaluation-cell-301-2')).toHaveTextContent('12');
    expect(screen.queryByTestId('evaluation-fill-save')).toBeNull();
    expect(within(document.querySelector('.ant-table-thead') as HTMLElement).queryByTestId('evaluation-fill-column-1')).toBeNull();
    // Its class choice offers the classes of both its grades.
    await pick('evaluation-fill-class', 'Class 11-1');
    await waitFor(() => expect(stub.bodies(SHEET).at(-1)).toEqual({ themeId: 22, classId: 211 }));
  });

  it("says a class not the caller's is only read", async () => {
    stub.on(SHEET, (options) => {
      const { themeId, classId } = options?.json as { themeId: number; classId: number };
      return sheetOf(themeId, classId, false);
    });
    await openGrid();
    expect(await screen.findByTestId('evaluation-fill-read-only')).toHaveTextContent(i18n.t('termFillPage.readOnly.notYours', { className: 'Class 10-1' }));
  });

  it('asks before leaving a class with changes unsaved', async () => {
    await openGrid();
    await pick('evaluation-fill-class', 'Class 10-2');
    // Nothing typed: no question.
    await waitFor(() => expect(stub.bodies(SHEET).at(-1)).toEqual({ themeId: 21, classId: 202 }));
    expect(confirm).not.toHaveBeenCalled();
    await screen.findByTestId('evaluation-cell-302-3');
    type('evaluation-cell-302-3', 'Kind');
    await pick('evaluation-fill-class', 'Class 10-1');
    expect(confirm).toHaveBeenCalledTimes(1);
    expect((confirm.mock.calls[0]![0] as ModalFuncProps).content).toBe(i18n.t('termFillPage.leaveConfirm', { count: 1 }));
    expect(stub.bodies(SHEET)).toHaveLength(2);
    act(() => (confirm.mock.calls[0]![0] as ModalFuncProps).onOk!());
    await waitFor(() => expect(stub.bodies(SHEET).at(-1)).toEqual({ themeId: 21, classId: 201 }));
  });

  it('shows English texts without Chinese but the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    await openGrid();
    type('evaluation-cell-302-2', '41');
    expect(await screen.findByTestId('evaluation-cell-302-2-problem')).toHaveTextContent('a number from 0 to 40');
    expect(screen.getByTestId('evaluation-fill-filled')).toHaveTextContent('Filled 3 / 3');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });

  it('keeps edits, checks rows and builds the save in the shape of the contract', () => {
    const rows = sheetOf(21, 201).rows;
    const [alice, bob, carol] = rows as [EvaluationSheetRow, EvaluationSheetRow, EvaluationSheetRow];
    expect(sameValue(null, '  ')).toBe(true);
    expect(sameValue('x ', 'x')).toBe(true);
    expect(sameValue(12, '12')).toBe(true);
    expect(sameValue(0, null)).toBe(false);
    expect(sentValue(' ok ')).toBe('ok');
    expect(sentValue('')).toBeNull();
    let edits: Edits = withEdit({}, alice, 2, 13);
    expect(edits).toEqual({ 301: { 2: 13 } });
    // Back to the value read: no edit any more.
    edits = withEdit(edits, alice, 2, 12);
    expect(edits).toEqual({});
    edits = withEdit(edits, bob, 1, 'Z');
    expect(evaluateRow(bob, ITEMS, edits[302])).toEqual({ changed: true, problems: { 1: { key: 'termEvaluation.valueOption' } }, missing: ['2'], filled: true });
    expect(evaluateRow(carol, ITEMS, undefined)).toEqual({ changed: false, problems: {}, missing: ['2'], filled: true });
    expect(evaluateRow(bob, ITEMS, undefined)).toEqual({ changed: false, problems: {}, missing: [], filled: false });
    const filled = fillColumn({}, rows, 1, 'C');
    expect(filled).toEqual({ edits: { 302: { 1: 'C' } }, count: 1 });
    const states = new Map(rows.map((item) => [item.studentId, evaluateRow(item, ITEMS, filled.edits[item.studentId])]));
    expect(sheetTotals(states)).toEqual({ changed: 1, invalid: 0, incomplete: 2, filled: 3 });
    expect(buildSaveRows(rows, ITEMS, filled.edits, states)).toEqual([{ studentId: 302, values: { 1: 'C', 2: null, 3: null }, since: null }]);
    expect(pruneEdits({ 302: { 1: 'C' }, 301: { 1: 'A' } }, [{ ...bob, values: { 1: 'C' } }, alice])).toEqual({});
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(defaultTheme(OPTIONS_DATA.themes)?.id).toBe(21);
    expect(themeClasses(OPTIONS_DATA, OPTIONS_DATA.themes[0]).map((item) => item.id)).toEqual([201, 202, 211]);
    expect(themeClasses(OPTIONS_DATA, undefined)).toEqual([]);
  });
});
