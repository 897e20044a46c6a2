import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { scoreCorrectionSchema, type MaintenanceBatches, type MaintenancePage, type MaintenanceRow, type MaintenanceSubject, type ScoreCorrection } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import ScoreMaintenancePage from './ScoreMaintenancePage.tsx';
import { checkCorrection, draftCell, draftChanged, draftIssue, initialDraft, partsSum } from './correctionModel.ts';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// Like the real client, a refusal (the stub's ApiError) is shown as an error unless the call is silent, and
// the correction's envelope carries the server's msg.
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError: Refusal, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const { feedback: shown } = await import('../../../app/feedback.ts');
  const wrap = async (path: string, options?: { json?: unknown; silent?: boolean }) => {
    try {
      return await calls.call(path, options);
    } catch (error) {
      if (error instanceof Refusal && !options?.silent) shown().message.error(error.message);
      throw error;
    }
  };
  return {
    ...clientModule,
    ERROR_DURATION_SECONDS: 5,
    call: wrap,
    request: async (path: string, options?: { json?: unknown; silent?: boolean }) => {
      const data = await wrap(path, options);
      return { result: true, code: 200, msg: path.endsWith('/correct') ? "Li Lei's scores are corrected" : '', data };
    },
  };
});

const route = { path: '/cjfxNew/cjgl/kscjwh', title: 'kscjwh', titleEn: 'Exam score maintenance' } as AppRoute;
const BATCHES = '/api/scores/maintenance/batches';
const PAGE = '/api/scores/maintenance/page';
const CORRECT = '/api/scores/maintenance/correct';
const HISTORY = '/api/scores/maintenance/history';

const SUBJECTS: MaintenanceSubject[] = [
  { courseId: 5, courseName: 'Maths', fullMark: 150, items: [] },
  {
    courseId: 6,
    courseName: 'English',
    fullMark: 120,
    items: [
      { id: 31, name: 'Listening', maxScore: 30 },
      { id: 32, name: 'Writing', maxScore: 90 },
    ],
  },
  { courseId: 7, courseName: 'Physics', fullMark: 100, items: [] },
];

const LI: MaintenanceRow = {
  studentId: 101,
  studentNumber: '201911001',
  name: 'Li Lei',
  className: 'Class 10-1',
  cells: {
    '5': { score: 120, mark: null, parts: null },
    '6': { score: 100, mark: null, parts: { '31': 25, '32': 75 } },
    '7': { score: null, mark: 'absent', parts: null },
  },
  total: 220,
  corrections: 2,
};
const HAN: MaintenanceRow = {
  studentId: 102,
  studentNumber: '201911002',
  name: 'Han Meimei',
  className: 'Class 10-2',
  cells: { '5': { score: 90.5, mark: null, parts: null }, '7': { score: 60, mark: null, parts: null } },
  total: 150.5,
  corrections: 0,
};

const TERMS: MaintenanceBatches['terms'] = [
  { id: 1, name: '2026-2027 first term', isCurrent: true },
  { id: 2, name: '2025-2026 second term', isCurrent: false },
];
const BY_TERM: Record<number, MaintenanceBatches['batches']> = {
  1: [
    {
      id: 9,
      name: 'Grade 10 midterm',
      examNode: 'Midterm',
      gradeName: 'Grade 10',
      released: true,
      classes: [
        { id: 11, name: 'Class 10-1' },
        { id: 12, name: 'Class 10-2' },
      ],
    },
    { id: 8, name: 'Grade 10 monthly', examNode: 'Month 1', gradeName: 'Grade 10', released: false, classes: [{ id: 11, name: 'Class 10-1' }] },
  ],
  2: [],
};

const HISTORY_ROWS: ScoreCorrection[] = [
  {
    id: 3,
    studentId: 101,
    studentName: 'Li Lei',
    studentNumber: '201911001',
    courseName: 'Maths',
    oldScore: 110,
    oldMark: null,
    newScore: 120,
    newMark: null,
    reason: 'Marking error on question 12',
    correctedByName: 'Office Zhao',
    correctedAt: '2026-11-21 09:30',
  },
  {
    id: 2,
    studentId: 101,
    studentName: 'Li Lei',
    studentNumber: '201911001',
    courseName: 'Physics',
    oldScore: null,
    oldMark: null,
    newScore: null,
    newMark: 'absent',
    reason: 'Was ill',
    correctedByName: 'Office Zhao',
    correctedAt: '2026-11-20 16:00',
  },
];

const success = vi.fn();
const warning = vi.fn();
const error = vi.fn();

beforeEach(async () => {
  stub.reset();
  for (const fn of [success, warning, error]) fn.mockClear();
  setFeedback({ message: { error, success, warning, info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  stub
    .on(BATCHES, (options) => {
      const termId = (options?.json as { termId?: number }).termId ?? 1;
      return { terms: TERMS, termId, batches: BY_TERM[termId] ?? [] };
    })
    .on(PAGE, (): MaintenancePage => ({ subjects: SUBJECTS, total: 2, rows: [LI, HAN] }))
    .on(CORRECT, () => ({ corrected: 1, recomputed: true }))
    .on(HISTORY, (options) => {
      const studentId = (options?.json as { studentId?: number }).studentId;
      return studentId ? HISTORY_ROWS.filter((row) => row.studentId === studentId) : HISTORY_ROWS;
    });
  useSession.setState({ permissions: ['score:maintenance'], roles: [] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ScoreMaintenancePage route={route} />
    </QueryClientProvider>,
  );
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

/** The input of a field (an Input.Search carries its test id on its wrapper). */
const inputOf = (testId: string) => {
  const element = screen.getByTestId(testId);
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element : (element.querySelector('input') as HTMLInputElement);
};
const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });
const chooseKind = (courseId: number, kind: string) => fireEvent.click(within(screen.getByTestId(`correct-kind-${courseId}-${kind}`).closest('label') as HTMLElement).getByRole('radio'));

async function openCorrect(studentId = 101) {
  renderPage();
  await screen.findByText('Li Lei');
  fireEvent.click(screen.getByTestId(`maintenance-correct-${studentId}`));
  return screen.findByTestId('correct-dialog');
}

describe('ScoreMaintenancePage', () => {
  it("lists the term's batches with their release, and the batch's students with every subject, total and corrections", async () => {
    renderPage();
    expect(await screen.findByText('Li Lei')).toBeInTheDocument();
    expect(stub.bodies(BATCHES)).toEqual([{}]);
    expect(stub.bodies(PAGE)[0]).toEqual({ batchId: 9, currPage: 0, limit: 20 });
    expect(screen.getByTestId('maintenance-batch').closest('.ant-select')).toHaveTextContent('Grade 10 midterm');
    expect(screen.getByTestId('maintenance-facts')).toHaveTextContent(i18n.t('maintenancePage.released'));

    const table = screen.getByTestId('maintenance-table');
    for (const text of ['Maths', 'English', 'Physics', '201911001', 'Class 10-2']) expect(within(table).getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByTestId('maintenance-cell-101-5')).toHaveTextContent('120');
    expect(screen.getByTestId('maintenance-cell-101-7')).toHaveTextContent(i18n.t('scoreEntry.absent'));
    expect(screen.getByTestId('maintenance-cell-102-6')).toHaveTextContent('—');
    expect(screen.getByTestId('maintenance-cell-102-5')).toHaveTextContent('90.5');
    expect(screen.getByTestId('maintenance-total-102')).toHaveTextContent('150.5');
    expect(screen.getByTestId('maintenance-corrections-101')).toHaveTextContent('2');
    expect(screen.getByTestId('maintenance-corrections-102')).toHaveTextContent('0');

    // The batch choice shows each batch released or not.
    fireEvent.mouseDown(within(screen.getByTestId('maintenance-batch').closest('.ant-select') as HTMLElement).getByRole('combobox'));
    await waitFor(() => expect(document.querySelector('[data-testid="maintenance-released-8"]')).not.toBeNull());
    expect(document.querySelector('[data-testid="maintenance-released-8"]')).toHaveTextContent(i18n.t('maintenancePage.notReleased'));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    // A class and a name or number narrow the students.
    await pick('maintenance-class', 'Class 10-2');
    await waitFor(() => expect(stub.bodies(PAGE).at(-1)).toEqual({ batchId: 9, classId: 12, currPage: 0, limit: 20 }));
    type('maintenance-keyword', ' Han ');
    fireEvent.keyDown(inputOf('maintenance-keyword'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(stub.bodies(PAGE).at(-1)).toEqual({ batchId: 9, classId: 12, keyword: 'Han', currPage: 0, limit: 20 }));

    // Another term without batches.
    await pick('maintenance-term', '2025-2026 second term');
    expect(await screen.findByTestId('maintenance-no-batch')).toHaveTextContent(i18n.t('maintenancePage.noBatches'));
    expect(stub.bodies(BATCHES).at(-1)).toEqual({ termId: 2 });
  });

  it('refuses an empty reason and a score over the full mark without a call', async () => {
    const dialog = await openCorrect();
    expect(within(dialog).getByTestId('correct-current-5')).toHaveTextContent('120');
    expect(within(dialog).getByTestId('correct-current-7')).toHaveTextContent(i18n.t('scoreEntry.absent'));
    expect(screen.getByTestId('correct-score-5')).toHaveValue('120');

    // Nothing changed: nothing to send.
    fireEvent.click(screen.getByTestId('correct-save'));
    await waitFor(() => expect(warning).toHaveBeenCalledWith(i18n.t('scoreCorrection.unchanged')));

    type('correct-score-5', '160');
    expect(await within(dialog).findByTestId('correct-issue-5')).toHaveTextContent(i18n.t('maintenancePage.error.over', { max: '150' }));
    expect(screen.getByTestId('correct-changed-5')).toBeInTheDocument();
    type('correct-reason', 'Marking error');
    fireEvent.click(screen.getByTestId('correct-save'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.calls(CORRECT)).toHaveLength(0);

    // Within the full mark but without a reason: the contract's message.
    type('correct-score-5', '140.5');
    await waitFor(() => expect(within(dialog).queryByTestId('correct-issue-5')).toBeNull());
    type('correct-reason', '   ');
    fireEvent.click(screen.getByTestId('correct-save'));
    expect(await within(dialog).findByTestId('correct-reason-error')).toHaveTextContent(i18n.t('scoreCorrection.reasonRequired'));
    // More than two decimals.
    type('correct-score-5', '140.555');
    expect(await within(dialog).findByTestId('correct-issue-5')).toHaveTextContent(i18n.t('maintenancePage.error.decimals'));
    fireEvent.click(screen.getByTestId('correct-save'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.calls(CORRECT)).toHaveLength(0);
    expect(screen.getByTestId('correct-dialog')).toBeInTheDocument();
  });

  it("sends only the changed subjects' cells with the reason, shows the server's message and reads the page again", async () => {
    await openCorrect();
    type('correct-score-5', '125');
    chooseKind(7, 'score');
    type('correct-score-7', '88');
    expect(screen.getByTestId('correct-count')).toHaveTextContent(i18n.t('maintenancePage.changedCount', { count: 2 }));
    type('correct-reason', '  Marking error on question 12  ');
    fireEvent.click(screen.getByTestId('correct-save'));

    await waitFor(() => expect(stub.calls(CORRECT)).toHaveLength(1));
    const body = stub.bodies(CORRECT)[0];
    expect(body).toEqual({
      batchId: 9,
      studentId: 101,
      reason: 'Marking error on question 12',
      cells: [
        { studentId: 101, courseId: 5, score: 125, mark: null },
        { studentId: 101, courseId: 7, score: 88, mark: null },
      ],
    });
    expect(scoreCorrectionSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(success).toHaveBeenCalledWith("Li Lei's scores are corrected"));
    await waitFor(() => expect(screen.queryByTestId('correct-dialog')).toBeNull());
    await waitFor(() => expect(stub.calls(PAGE).length).toBeGreaterThan(1));
  });

  it('corrects a subject with parts by every part, its total their sum, and marks a subject absent or clears it', async () => {
    await openCorrect();
    expect(screen.getByTestId('correct-part-6-31')).toHaveValue('25');
    expect(screen.getByTestId('correct-sum-6')).toHaveTextContent(i18n.t('maintenancePage.partsSum', { sum: '100', max: '120' }));
    type('correct-part-6-31', '28.5');
    await waitFor(() => expect(screen.getByTestId('correct-sum-6')).toHaveTextContent(i18n.t('maintenancePage.partsSum', { sum: '103.5', max: '120' })));
    // A part over its maximum is refused.
    type('correct-part-6-32', '95');
    expect(await screen.findByTestId('correct-issue-6')).toHaveTextContent(i18n.t('maintenancePage.error.partOver', { part: 'Writing', max: '90' }));
    type('correct-part-6-32', '80');
    await waitFor(() => expect(screen.getByTestId('correct-sum-6')).toHaveTextContent(i18n.t('maintenancePage.partsSum', { sum: '108.5', max: '120' })));
    chooseKind(5, 'empty');
    type('correct-reason', 'Rechecked');
    fireEvent.click(screen.getByTestId('correct-save'));
    await waitFor(() => expect(stub.calls(CORRECT)).toHaveLength(1));
    expect(stub.bodies(CORRECT)[0]).toEqual({
      batchId: 9,
      studentId: 101,
      reason: 'Rechecked',
      cells: [
        { studentId: 101, courseId: 5, score: null, mark: null },
        { studentId: 101, courseId: 6, score: 108.5, mark: null, parts: { '31': 28.5, '32': 80 } },
      ],
    });
  });

  it("shows the server's refusal and keeps the dialog open with what was given", async () => {
    const refusal = 'Han Meimei is not a student of this exam';
    stub.on(CORRECT, () => {
      throw new ApiError(refusal);
    });
    await openCorrect(102);
    // A subject without a score gets one; a part missing is refused first.
    chooseKind(6, 'score');
    type('correct-part-6-31', '20');
    type('correct-reason', 'Late paper');
    fireEvent.click(screen.getByTestId('correct-save'));
    expect(await screen.findByTestId('correct-issue-6')).toHaveTextContent(i18n.t('maintenancePage.error.partsIncomplete'));
    expect(stub.calls(CORRECT)).toHaveLength(0);
    type('correct-part-6-32', '70');
    fireEvent.click(screen.getByTestId('correct-save'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(refusal));
    expect(stub.bodies(CORRECT)[0]).toEqual({ batchId: 9, studentId: 102, reason: 'Late paper', cells: [{ studentId: 102, courseId: 6, score: 90, mark: null, parts: { '31': 20, '32': 70 } }] });
    expect(success).not.toHaveBeenCalled();
    expect(screen.getByTestId('correct-dialog')).toBeInTheDocument();
    expect(screen.getByTestId('correct-reason')).toHaveValue('Late paper');
  });

  it("shows a student's history and the batch's, old → new with who, when and why", async () => {
    renderPage();
    await screen.findByText('Li Lei');
    fireEvent.click(screen.getByTestId('maintenance-history-101'));
    const panel = await screen.findByTestId('history-panel');
    await within(panel).findByText('Marking error on question 12');
    expect(stub.bodies(HISTORY)).toEqual([{ batchId: 9, studentId: 101 }]);
    expect(within(panel).getByTestId('history-change-3')).toHaveTextContent('110');
    expect(within(panel).getByTestId('history-change-3')).toHaveTextContent('120');
    expect(within(panel).getByTestId('history-change-2')).toHaveTextContent(`${i18n.t('maintenancePage.none')}${i18n.t('scoreEntry.absent')}`);
    expect(within(panel).getAllByText('Office Zhao')).toHaveLength(2);
    expect(within(panel).getByText('2026-11-21 09:30')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('maintenance-batch-history'));
    await waitFor(() => expect(stub.bodies(HISTORY).at(-1)).toEqual({ batchId: 9 }));
  });

  it('shows English texts without Chinese but the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    const dialog = await openCorrect();
    expect(screen.getByText('Correct the scores of Li Lei')).toBeInTheDocument();
    type('correct-score-5', '151');
    expect(await within(dialog).findByText('Above the full mark 150')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    fireEvent.click(screen.getByTestId('correct-cancel'));
    await waitFor(() => expect(screen.queryByTestId('correct-dialog')).toBeNull());
    expect(screen.getByTestId('maintenance-cell-101-7')).toHaveTextContent('Absent');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });

  it('builds drafts, checks them against the full mark and sends only changed cells', () => {
    const [maths, english] = SUBJECTS as [MaintenanceSubject, MaintenanceSubject];
    expect(initialDraft(maths, undefined)).toEqual({ kind: 'empty', score: null, parts: {} });
    expect(initialDraft(english, LI.cells['6'])).toEqual({ kind: 'score', score: 100, parts: { '31': 25, '32': 75 } });
    expect(initialDraft(english, { score: null, mark: 'exempt', parts: null })).toEqual({ kind: 'exempt', score: null, parts: { '31': null, '32': null } });
    expect(partsSum(english, { parts: { '31': 0.1, '32': 0.2 } })).toBe(0.3);
    expect(partsSum(english, { parts: { '31': 1, '32': null } })).toBeNull();
    expect(draftIssue(maths, { kind: 'score', score: 150, parts: {} })).toBeNull();
    expect(draftIssue(maths, { kind: 'score', score: 150.01, parts: {} })).toEqual({ key: 'maintenancePage.error.over', values: { max: '150' } });
    expect(draftIssue(maths, { kind: 'score', score: -1, parts: {} })).toEqual({ key: 'maintenancePage.error.negative' });
    expect(draftIssue(maths, { kind: 'score', score: null, parts: {} })).toEqual({ key: 'maintenancePage.error.scoreRequired' });
    expect(draftIssue(maths, { kind: 'absent', score: null, parts: {} })).toBeNull();
    expect(draftCell(101, english, { kind: 'absent', score: null, parts: { '31': 3, '32': 4 } })).toEqual({ studentId: 101, courseId: 6, score: null, mark: 'absent' });
    expect(draftChanged(maths, { score: 120, mark: null, parts: null }, { kind: 'score', score: 120.001, parts: {} })).toBe(false);
    expect(draftChanged(maths, undefined, { kind: 'empty', score: 5, parts: {} })).toBe(false);
    expect(draftChanged(maths, undefined, { kind: 'score', score: null, parts: {} })).toBe(true);
    expect(draftChanged(english, LI.cells['6'], { kind: 'score', score: null, parts: { '31': 30, '32': 70 } })).toBe(true);
    // A score kept from before its subject had parts is no change until a part is given.
    expect(draftChanged(english, { score: 100, mark: null, parts: null }, initialDraft(english, { score: 100, mark: null, parts: null }))).toBe(false);

    const drafts = Object.fromEntries(SUBJECTS.map((subject) => [subject.courseId, initialDraft(subject, LI.cells[String(subject.courseId)])]));
    expect(checkCorrection(9, 101, 'x', SUBJECTS, LI.cells, drafts)).toMatchObject({ ok: false, unchanged: true, body: { cells: [] } });
    const changed = { ...drafts, 7: { kind: 'exempt' as const, score: null, parts: {} } };
    expect(checkCorrection(9, 101, '', SUBJECTS, LI.cells, changed)).toMatchObject({ ok: false, unchanged: false, reasonIssue: 'scoreCorrection.reasonRequired' });
    expect(checkCorrection(9, 101, 'x'.repeat(201), SUBJECTS, LI.cells, changed)).toMatchObject({ ok: false, reasonIssue: 'validation.tooLong' });
    expect(checkCorrection(9, 101, ' ok ', SUBJECTS, LI.cells, changed)).toMatchObject({ ok: true, body: { batchId: 9, studentId: 101, reason: 'ok', cells: [{ studentId: 101, courseId: 7, score: null, mark: 'exempt' }] } });
  });
});
