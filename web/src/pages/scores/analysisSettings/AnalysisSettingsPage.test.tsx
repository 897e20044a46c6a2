import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { analysisSettingsSaveSchema, type AnalysisSettingsBatch, type AnalysisSettingsList } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import AnalysisSettingsPage, { linesText } from './AnalysisSettingsPage.tsx';
import { initialLines, lineOf, linesBody, percentMessage, previewRows, showNumber, validPercent } from './AnalysisSettingsDialog.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// The stub's envelope carries the server's msg for the save, as the real client would. A handler that
// throws the stub's ApiError imitates a refusal (result false with the server's msg): like the real client,
// the mock shows it as an error unless the call is silent.
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
      const data = await wrap(path, options);
      return { result: true, code: 200, msg: path.endsWith('/save') ? 'The lines are saved' : '', data };
    },
  };
});

const route = { path: '/cjfxNew/cjgl/ksfxsz', title: 'ksfxsz', titleEn: 'Exam analysis settings' } as AppRoute;
const LIST = '/api/scores/analysisSettings/list';
const SAVE = '/api/scores/analysisSettings/save';

const MIDTERM: AnalysisSettingsBatch = {
  id: 9,
  name: 'Grade 10 midterm',
  gradeName: 'Grade 10',
  examNode: 'Midterm',
  released: true,
  state: 'ready',
  custom: false,
  passPercent: null,
  goodPercent: null,
  excellentPercent: null,
  subjects: [
    { courseId: 5, courseName: 'Maths', fullMark: 150, passLine: 90, goodLine: 112.5, excellentLine: 135, systemPassLine: 90, systemGoodLine: 112.5, systemExcellentLine: 135 },
    { courseId: 6, courseName: 'English', fullMark: 120, passLine: 72, goodLine: 96, excellentLine: 108, systemPassLine: 72, systemGoodLine: 96, systemExcellentLine: 108 },
  ],
};
const MONTHLY: AnalysisSettingsBatch = {
  id: 8,
  name: 'Grade 11 monthly',
  gradeName: 'Grade 11',
  examNode: 'Month 1',
  released: false,
  state: 'none',
  custom: true,
  passPercent: 50,
  goodPercent: 70,
  excellentPercent: 85,
  subjects: [
    { courseId: 7, courseName: 'Physics', fullMark: 100, passLine: 50, goodLine: 70, excellentLine: 85, systemPassLine: 60, systemGoodLine: 75, systemExcellentLine: 90 },
    { courseId: 8, courseName: 'Chemistry', fullMark: 105.5, passLine: 52.75, goodLine: 73.85, excellentLine: 89.68, systemPassLine: 63.3, systemGoodLine: 79.13, systemExcellentLine: 94.95 },
  ],
};
const TERMS: AnalysisSettingsList['terms'] = [
  { id: 1, name: '2026-2027 first term', isCurrent: true },
  { id: 2, name: '2025-2026 second term', isCurrent: false },
];
const PENDING_EXAM: AnalysisSettingsBatch = { ...MIDTERM, id: 3, name: 'Grade 12 final', gradeName: 'Grade 12', examNode: 'Final', state: 'pending' };
const BY_TERM: Record<number, AnalysisSettingsBatch[]> = { 1: [MIDTERM, MONTHLY], 2: [PENDING_EXAM] };

const success = vi.fn();
const warning = vi.fn();
const error = vi.fn();

beforeEach(async () => {
  stub.reset();
  for (const fn of [success, warning, error]) fn.mockClear();
  setFeedback({ message: { error, success, warning, info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  stub.on(LIST, (options) => ({ terms: TERMS, batches: BY_TERM[(options?.json as { termId?: number }).termId ?? 1] ?? [] })).on(SAVE, () => null);
  useSession.setState({ permissions: ['score:analysisSettings'], roles: [] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AnalysisSettingsPage route={route} />
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

async function openDialog(batchId: number) {
  renderPage();
  await screen.findByText('Grade 10 midterm');
  fireEvent.click(screen.getByTestId(`analysis-settings-edit-${batchId}`));
  return screen.findByTestId('analysis-settings-dialog');
}

/** The preview's rows as text cells: subject, full mark, pass, good, excellent. */
const previewCells = () =>
  [...screen.getByTestId('analysis-settings-preview').querySelectorAll('tbody tr.ant-table-row')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

const chooseMode = (mode: 'System' | 'Custom') => fireEvent.click(within(screen.getByTestId(`analysis-settings-mode-${mode.toLowerCase()}`).closest('label') as HTMLElement).getByRole('radio'));

describe('AnalysisSettingsPage', () => {
  it("lists the current term's exams with their release, analysis and lines, and another term when chosen", async () => {
    renderPage();
    expect(await screen.findByText('Grade 10 midterm')).toBeInTheDocument();
    expect(stub.bodies(LIST)).toEqual([{}]);
    expect(screen.getByTestId('analysis-settings-term').closest('.ant-select')).toHaveTextContent('2026-2027 first term');
    const table = screen.getByTestId('analysis-settings-table');
    expect(within(table).getByText('Grade 11 monthly')).toBeInTheDocument();
    expect(within(table).getByText('Month 1')).toBeInTheDocument();
    expect(screen.getByTestId('analysis-settings-released-9')).toHaveTextContent(i18n.t('analysisSettingsPage.released'));
    expect(screen.getByTestId('analysis-settings-released-8')).toHaveTextContent(i18n.t('analysisSettingsPage.notReleased'));
    expect(screen.getByTestId('analysis-settings-state-9')).toHaveTextContent(i18n.t('analysisSettingsPage.state.ready'));
    // An exam not released has no analysis to show.
    expect(screen.getByTestId('analysis-settings-state-8')).toHaveTextContent('—');
    expect(screen.getByTestId('analysis-settings-lines-9')).toHaveTextContent(i18n.t('analysisSettingsPage.linesSystem'));
    expect(screen.getByTestId('analysis-settings-lines-8')).toHaveTextContent(i18n.t('analysisSettingsPage.linesCustom', { pass: 50, good: 70, excellent: 85 }));

    await pick('analysis-settings-term', '2025-2026 second term');
    expect(await screen.findByText('Grade 12 final')).toBeInTheDocument();
    expect(stub.bodies(LIST).at(-1)).toEqual({ termId: 2 });
    expect(screen.queryByText('Grade 10 midterm')).toBeNull();
    expect(screen.getByTestId('analysis-settings-state-3')).toHaveTextContent(i18n.t('analysisSettingsPage.state.pending'));
  });

  it('shows a term without exams, and a failed list with a retry', async () => {
    let fail = true;
    stub.on(LIST, (options) => {
      if (fail) throw new ApiError('The list is not available now');
      return { terms: TERMS, batches: (options?.json as { termId?: number }).termId === 2 ? [] : [MIDTERM] };
    });
    renderPage();
    expect(await screen.findByTestId('analysis-settings-error')).toHaveTextContent('The list is not available now');
    // The list's read is quiet: the failure shows in place only.
    expect(error).not.toHaveBeenCalled();
    fail = false;
    fireEvent.click(screen.getByTestId('analysis-settings-retry'));
    expect(await screen.findByText('Grade 10 midterm')).toBeInTheDocument();
    await pick('analysis-settings-term', '2025-2026 second term');
    expect(await screen.findByTestId('analysis-settings-empty')).toHaveTextContent(i18n.t('analysisSettingsPage.noBatches'));
  });

  it("previews the score systems' lines, then refuses percents out of order or range without a call", async () => {
    const dialog = await openDialog(9);
    expect(within(dialog).getByTestId('analysis-settings-released-note')).toHaveTextContent(i18n.t('analysisSettingsPage.releasedNote', { name: 'Grade 10 midterm' }));
    expect(screen.queryByTestId('analysis-settings-percents')).toBeNull();
    expect(previewCells()).toEqual([
      ['Maths', '150', '90', '112.5', '135'],
      ['English', '120', '72', '96', '108'],
    ]);

    // Percents of the full mark start from 60, 75 and 90.
    chooseMode('Custom');
    expect(await screen.findByTestId('analysis-settings-percents')).toBeInTheDocument();
    expect(screen.getByTestId('analysis-settings-passPercent')).toHaveValue('60');
    expect(screen.getByTestId('analysis-settings-goodPercent')).toHaveValue('75');
    expect(screen.getByTestId('analysis-settings-excellentPercent')).toHaveValue('90');
    await waitFor(() =>
      expect(previewCells()).toEqual([
        ['Maths', '150', '90', '112.5', '135'],
        ['English', '120', '72', '90', '108'],
      ]),
    );

    // A pass line at or above the good line is refused with the contract's message.
    type('analysis-settings-passPercent', '75');
    const order = i18n.t('analysisSettings.order');
    expect(await within(dialog).findByText(order)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('analysis-settings-save'));
    await waitFor(() => expect(within(dialog).getAllByText(order)).toHaveLength(1));
    expect(stub.calls(SAVE)).toHaveLength(0);

    // Put right, the message goes; a percent out of range, with decimals or missing is refused.
    type('analysis-settings-passPercent', '55');
    await waitFor(() => expect(within(dialog).queryByText(order)).toBeNull());
    type('analysis-settings-goodPercent', '70.5');
    type('analysis-settings-excellentPercent', '');
    fireEvent.click(screen.getByTestId('analysis-settings-save'));
    const range = i18n.t('analysisSettings.percentRange');
    await waitFor(() => expect(within(dialog).getAllByText(range)).toHaveLength(2));
    type('analysis-settings-excellentPercent', '101');
    await waitFor(() => expect(within(dialog).getAllByText(range)).toHaveLength(2));
    expect(previewCells()[0]).toEqual(['Maths', '150', '82.5', '—', '—']);
    expect(stub.calls(SAVE)).toHaveLength(0);
  });

  it('saves valid percents in the shape of the contract, then closes and reads the list again', async () => {
    await openDialog(9);
    chooseMode('Custom');
    await screen.findByTestId('analysis-settings-percents');
    type('analysis-settings-passPercent', '50');
    type('analysis-settings-goodPercent', '65');
    type('analysis-settings-excellentPercent', '80');
    await waitFor(() => expect(previewCells()[1]).toEqual(['English', '120', '60', '78', '96']));
    fireEvent.click(screen.getByTestId('analysis-settings-save'));

    await waitFor(() => expect(stub.calls(SAVE)).toHaveLength(1));
    const body = stub.bodies(SAVE)[0];
    expect(body).toEqual({ batchId: 9, custom: true, passPercent: 50, goodPercent: 65, excellentPercent: 80 });
    expect(analysisSettingsSaveSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(success).toHaveBeenCalledWith('The lines are saved'));
    await waitFor(() => expect(screen.queryByTestId('analysis-settings-dialog')).toBeNull());
    await waitFor(() => expect(stub.calls(LIST)).toHaveLength(2));
  });

  it("switches an exam back to the score systems' lines with custom false", async () => {
    await openDialog(8);
    expect(screen.queryByTestId('analysis-settings-released-note')).toBeNull();
    expect(screen.getByTestId('analysis-settings-passPercent')).toHaveValue('50');
    expect(previewCells()[1]).toEqual(['Chemistry', '105.5', '52.75', '73.85', '89.68']);
    chooseMode('System');
    await waitFor(() => expect(screen.queryByTestId('analysis-settings-percents')).toBeNull());
    // The preview shows the score systems' own lines the exam goes back to.
    expect(screen.getByTestId('analysis-settings-hint')).toHaveTextContent(i18n.t('analysisSettingsPage.systemHint'));
    expect(previewCells()[0]).toEqual(['Physics', '100', '60', '75', '90']);
    fireEvent.click(screen.getByTestId('analysis-settings-save'));
    await waitFor(() => expect(stub.bodies(SAVE)).toEqual([{ batchId: 8, custom: false }]));
    await waitFor(() => expect(screen.queryByTestId('analysis-settings-dialog')).toBeNull());
  });

  it("shows the server's refusal and keeps the dialog open with what was given", async () => {
    const refusal = 'The analysis of Grade 10 midterm is being computed: try again later';
    stub.on(SAVE, () => {
      throw new ApiError(refusal);
    });
    await openDialog(9);
    chooseMode('Custom');
    await screen.findByTestId('analysis-settings-percents');
    type('analysis-settings-passPercent', '40');
    fireEvent.click(screen.getByTestId('analysis-settings-save'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(refusal));
    expect(stub.bodies(SAVE)).toEqual([{ batchId: 9, custom: true, passPercent: 40, goodPercent: 75, excellentPercent: 90 }]);
    expect(success).not.toHaveBeenCalled();
    await waitFor(() => expect(stub.calls(LIST)).toHaveLength(2));
    expect(screen.getByTestId('analysis-settings-dialog')).toBeInTheDocument();
    expect(screen.getByTestId('analysis-settings-passPercent')).toHaveValue('40');
    expect(screen.getByTestId('analysis-settings-save')).toBeEnabled();
  });

  it('shows English texts without Chinese but the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    const dialog = await openDialog(9);
    expect(screen.getByText('Lines of Grade 10 midterm')).toBeInTheDocument();
    chooseMode('Custom');
    await screen.findByTestId('analysis-settings-percents');
    type('analysis-settings-goodPercent', '50');
    fireEvent.click(screen.getByTestId('analysis-settings-save'));
    expect(await within(dialog).findByText('The pass line must be below the good line, and the good line below the excellent line')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    fireEvent.click(screen.getByTestId('analysis-settings-cancel'));
    await waitFor(() => expect(screen.queryByTestId('analysis-settings-dialog')).toBeNull());
    expect(screen.getByTestId('analysis-settings-lines-8')).toHaveTextContent('Pass 50 % · Good 70 % · Excellent 85 %');
    expect(screen.getByTestId('analysis-settings-lines-9')).toHaveTextContent("Score systems' lines");
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    expect(stub.calls(SAVE)).toHaveLength(0);
    await act(() => i18n.changeLanguage('zh'));
  });

  it('computes lines from percents, builds the body and mirrors the checks of the contract', () => {
    expect(showNumber(0.1 + 0.2)).toBe('0.3');
    expect(validPercent(60)).toBe(true);
    expect(validPercent(0)).toBe(false);
    expect(validPercent(100.5)).toBe(false);
    expect(lineOf(105.5, 85)).toBe(89.68);
    expect(lineOf(150, 75)).toBe(112.5);
    expect(lineOf(150, undefined)).toBeUndefined();
    expect(initialLines(MIDTERM)).toEqual({ custom: false, passPercent: 60, goodPercent: 75, excellentPercent: 90 });
    expect(initialLines(MONTHLY)).toEqual({ custom: true, passPercent: 50, goodPercent: 70, excellentPercent: 85 });
    expect(linesBody(9, { custom: false, passPercent: 60 })).toEqual({ batchId: 9, custom: false });
    expect(linesBody(9, { custom: true, passPercent: 1, goodPercent: 2, excellentPercent: 3 })).toEqual({ batchId: 9, custom: true, passPercent: 1, goodPercent: 2, excellentPercent: 3 });
    expect(percentMessage(9, { custom: true, passPercent: 70, goodPercent: 70, excellentPercent: 90 }, 'goodPercent')).toBe('analysisSettings.order');
    expect(percentMessage(9, { custom: true, passPercent: 70, goodPercent: 70, excellentPercent: 90 }, 'passPercent')).toBeUndefined();
    expect(percentMessage(9, { custom: true, goodPercent: 70, excellentPercent: 90 }, 'passPercent')).toBe('analysisSettings.percentRange');
    expect(percentMessage(9, { custom: true, excellentPercent: 90 }, 'goodPercent')).toBe('analysisSettings.percentRange');
    expect(percentMessage(9, { custom: true, passPercent: 0, goodPercent: 70, excellentPercent: 90 }, 'passPercent')).toBe('analysisSettings.percentRange');
    expect(percentMessage(9, { custom: false, passPercent: 0 }, 'passPercent')).toBeUndefined();
    expect(previewRows(MONTHLY, { custom: false })[0]).toEqual({ courseId: 7, courseName: 'Physics', fullMark: 100, passLine: 60, goodLine: 75, excellentLine: 90 });
    expect(previewRows(MIDTERM, { custom: false })[0]).toEqual({ courseId: 5, courseName: 'Maths', fullMark: 150, passLine: 90, goodLine: 112.5, excellentLine: 135 });
    expect(previewRows(MIDTERM, { custom: true, passPercent: 40, goodPercent: 200 })[0]).toEqual({ courseId: 5, courseName: 'Maths', fullMark: 150, passLine: 60, goodLine: undefined, excellentLine: undefined });
    expect(linesText(MIDTERM)).toEqual({ key: 'analysisSettingsPage.linesSystem' });
    expect(linesText(MONTHLY)).toEqual({ key: 'analysisSettingsPage.linesCustom', values: { pass: 50, good: 70, excellent: 85 } });
  });
});
