import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModalFuncProps } from 'antd';
import { externalExamFormSchema, externalScoresSaveSchema, type ExternalExamRow, type ExternalOptions, type ExternalScoreRow, type ExternalScoresPage as ScoresGrid } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import ExternalScoresPage, { toSearch } from './ExternalScoresPage.tsx';
import { buildSave, problemsOf, totalOf, withChange } from './gridModel.ts';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 20_000 });

// As in the other score pages: a handler that throws the stub's ApiError is a refusal (result false with the
// server's msg), shown by the client unless silent and rejected with the client's ApiError (its envelope). The
// import's upload is a mock each test sets: a refusal carries the bad cells in the envelope's data.
const uploads = vi.hoisted(() => ({ answer: null as null | (() => unknown) }));
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError: Refusal, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const { feedback: shown } = await import('../../../app/feedback.ts');
  class EnvelopeError extends Error {
    readonly kind = 'business';
    readonly code = 400;
    readonly envelope: { result: false; code: number; msg: string; data: unknown };
    constructor(message: string, data: unknown = null) {
      super(message);
      this.envelope = { result: false, code: 400, msg: message, data };
    }
  }
  const messages: Record<string, string> = { create: 'Added successfully', update: 'Modified successfully' };
  return {
    ...clientModule,
    ApiError: EnvelopeError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown; silent?: boolean }) => {
      try {
        const data = await calls.call(path, options);
        const saved = path.endsWith('/saveScores') ? `Scores of ${(data as { saved: number }).saved} students are saved` : '';
        return { result: true, code: 200, msg: saved || (messages[path.split('/').at(-1) ?? ''] ?? ''), data };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        if (!options?.silent) shown().message.error(error.message);
        throw new EnvelopeError(error.message);
      }
    },
    download: vi.fn(async () => new Blob()),
    upload: vi.fn(async () => {
      const answer = uploads.answer?.() as { msg?: string; errors?: unknown[] } | undefined;
      if (answer?.errors?.length) throw new EnvelopeError(answer.msg ?? 'refused', { saved: 0, imported: 0, errors: answer.errors });
      return answer;
    }),
  };
});
vi.mock('../../../api/exports.ts', async (original) => ({ ...(await original<typeof import('../../../api/exports.ts')>()), saveBlob: vi.fn() }));

const route = { path: '/cjglNew/xwcj/kscjwh', title: 'kscjwh', titleEn: 'External exam scores' } as AppRoute;
const BASE = '/api/scores/external';

const OPTIONS: ExternalOptions = {
  terms: [
    { id: 1, name: '2026-2027 first term', isCurrent: true },
    { id: 2, name: '2025-2026 second term', isCurrent: false },
  ],
  grades: [
    { id: 8, name: 'Grade 8' },
    { id: 9, name: 'Grade 9' },
  ],
  courses: [
    { id: 5, name: 'Maths' },
    { id: 6, name: 'Physics' },
    { id: 7, name: 'English' },
  ],
  classes: [
    { id: 81, name: 'Class 8-1', gradeId: 8 },
    { id: 82, name: 'Class 8-2', gradeId: 8 },
    { id: 91, name: 'Class 9-1', gradeId: 9 },
  ],
};

const exam = (id: number, extra: Partial<ExternalExamRow> = {}): ExternalExamRow => ({
  id,
  termId: 1,
  termName: '2026-2027 first term',
  gradeId: 8,
  gradeName: 'Grade 8',
  name: `Exam ${id}`,
  organiser: 'District bureau',
  examDate: '2026-11-06',
  remarks: '',
  released: false,
  releasedAt: null,
  subjects: [
    { courseId: 5, courseName: 'Maths', fullMark: 120 },
    { courseId: 6, courseName: 'Physics', fullMark: 100 },
  ],
  entered: 1,
  students: 3,
  updatedAt: '2026-11-10 10:00',
  ...extra,
});

const ROWS: ExternalExamRow[] = [
  exam(1, { name: 'District joint exam' }),
  exam(2, { name: 'City quality check', released: true, releasedAt: '2026-11-20 09:00', entered: 3, organiser: 'City bureau' }),
];

const student = (studentId: number, extra: Partial<ExternalScoreRow> = {}): ExternalScoreRow => ({
  studentId,
  studentNumber: `S${studentId}`,
  name: `Student ${studentId}`,
  className: 'Class 8-1',
  cells: {},
  total: null,
  districtRank: null,
  updatedAt: null,
  ...extra,
});

const grid = (examRow: ExternalExamRow): ScoresGrid => ({
  exam: examRow,
  total: 3,
  rows: [
    student(1001, { cells: { 5: { score: 100, mark: null }, 6: { score: null, mark: 'absent' } }, total: 100, districtRank: 40, updatedAt: '2026-11-10 10:00' }),
    student(1002),
    student(1003, { className: 'Class 8-2' }),
  ],
});

const success = vi.fn();
const warning = vi.fn();
const error = vi.fn();
const confirm = vi.fn();

beforeEach(async () => {
  stub.reset();
  uploads.answer = null;
  for (const fn of [success, warning, error]) fn.mockClear();
  confirm.mockReset();
  setFeedback({ message: { error, success, warning, info: vi.fn() }, modal: { confirm, warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('en'));
  stub
    .on(`${BASE}/options`, () => OPTIONS)
    .on(`${BASE}/page`, () => ({ total: ROWS.length, rows: ROWS }))
    .on(`${BASE}/create`, () => ({ id: 9 }))
    .on(`${BASE}/update`, () => null)
    .on(`${BASE}/scores`, (options) => grid(ROWS.find((row) => row.id === (options?.json as { examId: number }).examId)!))
    .on(`${BASE}/saveScores`, (options) => ({ saved: (options?.json as { rows: unknown[] }).rows.length }))
    .on(`${BASE}/release`, () => ({ count: 1 }));
  useSession.setState({ permissions: ['score:external', 'score:external:edit', 'score:external:delete'], roles: [] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ExternalScoresPage route={route} />
    </QueryClientProvider>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function pick(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId).closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

async function typeDate(value: string) {
  const input = screen.getByTestId('external-form-date').closest('.ant-picker')!.querySelector('input') as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(input.value).toBe(value));
}

async function openScores(id: number) {
  renderPage();
  await screen.findByText('District joint exam');
  fireEvent.click(screen.getByTestId(`external-scores-${id}`));
  return screen.findByTestId('external-scores-grid');
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('ExternalScoresPage', () => {
  it('lists the exams of the current term with organiser, date, subjects, progress and release', async () => {
    renderPage();
    expect(await screen.findByText('District joint exam')).toBeInTheDocument();
    expect(stub.bodies(`${BASE}/page`)[0]?.search).toEqual({ keyword: '', termId: 1, gradeId: '' });
    expect([...screen.getByTestId('external-subjects-1').querySelectorAll('.ant-tag')].map((tag) => tag.textContent)).toEqual(['Maths 120', 'Physics 100']);
    expect(screen.getByTestId('external-entered-1')).toHaveTextContent('1 / 3');
    expect(screen.getByTestId('external-released-1')).toHaveTextContent('Not released');
    expect(screen.getByTestId('external-released-2')).toHaveTextContent('Released');
    expect(screen.getByTestId('external-released-2')).toHaveTextContent('2026-11-20 09:00');
    expect(screen.getByText('District joint exam').closest('tr')).toHaveTextContent('District bureau');
    // A released exam is neither modified nor deleted; its release is cancelled.
    expect(screen.getByTestId('external-edit-2')).toBeDisabled();
    expect(screen.getByTestId('external-delete-2')).toBeDisabled();
    expect(screen.queryByTestId('external-release-2')).toBeNull();
    fireEvent.click(screen.getByTestId('external-release-1'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    await act(async () => void (await (confirm.mock.calls[0]![0] as ModalFuncProps).onOk?.()));
    expect(stub.bodies(`${BASE}/release`)).toEqual([{ ids: [1], released: true }]);

    type('external-search-keyword', ' district ');
    await pick('external-search-grade', 'Grade 8');
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(stub.bodies(`${BASE}/page`).at(-1)?.search).toEqual({ keyword: 'district', termId: 1, gradeId: 8 }));
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a missing organiser in the dialog, then saves the exam in the shape of the contract', async () => {
    renderPage();
    await screen.findByText('District joint exam');
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('external-dialog');
    await pick('external-form-grade', 'Grade 8');
    type('external-form-name', ' Winter joint exam ');
    await typeDate('2026-12-10');
    fireEvent.click(screen.getByTestId('external-subject-add'));
    await pick('external-subject-course-0', 'Maths');
    type('external-subject-full-0', '120');
    fireEvent.click(screen.getByTestId('external-dialog-ok'));
    expect(await within(dialog).findByText('Enter who held the exam (e.g. the district education bureau)')).toBeInTheDocument();
    expect(within(dialog).queryByText('Choose the grade')).toBeNull();
    expect(within(dialog).queryByText('Add at least one subject')).toBeNull();
    expect(stub.calls(`${BASE}/create`)).toHaveLength(0);

    type('external-form-organiser', ' District bureau ');
    fireEvent.click(screen.getByTestId('external-dialog-ok'));
    await waitFor(() => expect(stub.calls(`${BASE}/create`)).toHaveLength(1));
    const body = stub.bodies(`${BASE}/create`)[0];
    expect(body).toEqual({ termId: 1, gradeId: 8, name: 'Winter joint exam', organiser: 'District bureau', examDate: '2026-12-10', remarks: '', subjects: [{ courseId: 5, fullMark: 120 }] });
    expect(externalExamFormSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added successfully'));
  });

  it('refuses a score over the full mark in the grid and sends only the changed rows', async () => {
    await openScores(1);
    expect(input('external-score-1001-5').value).toBe('100');
    expect(input('external-score-1001-6')).toBeDisabled();
    expect(screen.getByTestId('external-mark-1001-6').closest('.ant-select')).toHaveTextContent('Absent');
    expect(screen.getByTestId('external-total-1001')).toHaveTextContent('100');
    expect(screen.getByTestId('external-scores-save')).toBeDisabled();
    expect(stub.bodies(`${BASE}/scores`)[0]).toEqual({ examId: 1, currPage: 0, limit: 50 });

    type('external-score-1002-5', '130');
    await waitFor(() => expect(screen.getByTestId('external-scores-invalid')).toHaveTextContent('1 cells to correct'));
    expect(input('external-score-1002-5')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('external-scores-save')).toBeDisabled();
    expect(stub.calls(`${BASE}/saveScores`)).toHaveLength(0);

    type('external-score-1002-5', '110.5');
    type('external-score-1002-6', '88');
    await waitFor(() => expect(screen.queryByTestId('external-scores-invalid')).toBeNull());
    expect(screen.getByTestId('external-total-1002')).toHaveTextContent('198.5');
    type('external-rank-1001', '12');
    // A change undone is no change.
    type('external-rank-1003', '7');
    type('external-rank-1003', '');
    await waitFor(() => expect(screen.getByTestId('external-scores-changed')).toHaveTextContent('2 students changed'));
    fireEvent.click(screen.getByTestId('external-scores-save'));
    await waitFor(() => expect(stub.calls(`${BASE}/saveScores`)).toHaveLength(1));
    const body = stub.bodies(`${BASE}/saveScores`)[0];
    expect(body).toEqual({
      examId: 1,
      rows: [
        { studentId: 1001, cells: { 5: { score: 100, mark: null }, 6: { score: null, mark: 'absent' } }, districtRank: 12 },
        { studentId: 1002, cells: { 5: { score: 110.5, mark: null }, 6: { score: 88, mark: null } }, districtRank: null },
      ],
    });
    expect(externalScoresSaveSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Scores of 2 students are saved'));
    await waitFor(() => expect(screen.queryByTestId('external-scores-changed')).toBeNull());
    expect(stub.calls(`${BASE}/scores`).length).toBeGreaterThan(1);
  });

  it("lists the import's bad rows and imports nothing until the file is clean", async () => {
    const client = await import('../../../api/client.ts');
    await openScores(1);
    fireEvent.click(screen.getByTestId('external-scores-import'));
    const dialog = await screen.findByTestId('external-import-dialog');
    uploads.answer = () => ({
      msg: 'The sheet has errors: nothing was saved',
      errors: [
        { row: 3, column: 'Student number', message: 'No student of the grade has the number 999' },
        { row: 4, column: 'Maths (120)', message: 'Maths: 130 is not a score from 0 to 120 with at most two decimals, nor Absent / Exempt' },
      ],
    });
    const file = new File([new Uint8Array([80, 75, 3, 4])], 'organiser.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(dialog.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('external-import-send'));
    const errors = await screen.findByTestId('external-import-errors');
    expect(screen.getByTestId('external-import-error')).toHaveTextContent('The sheet has errors: nothing was saved');
    const lines = [...errors.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(lines).toEqual([
      ['3', 'Student number', 'No student of the grade has the number 999'],
      ['4', 'Maths (120)', 'Maths: 130 is not a score from 0 to 120 with at most two decimals, nor Absent / Exempt'],
    ]);
    expect(client.upload).toHaveBeenCalledWith('/api/scores/external/import?examId=1', expect.objectContaining({ files: [file] }), { silent: true });
    const reads = stub.calls(`${BASE}/scores`).length;

    uploads.answer = () => ({ saved: 2, imported: 2, errors: [] });
    fireEvent.click(screen.getByTestId('external-import-send'));
    await waitFor(() => expect(screen.getByTestId('external-import-success')).toHaveTextContent('Scores of 2 students are saved'));
    await waitFor(() => expect(stub.calls(`${BASE}/scores`).length).toBeGreaterThan(reads));
    fireEvent.click(screen.getByTestId('external-import-template'));
    await waitFor(() => expect(client.download).toHaveBeenCalledWith('/api/scores/external/template?examId=1'));
  });

  it('shows a released exam read-only: its scores show, nothing is entered, saved or imported', async () => {
    await openScores(2);
    expect(screen.getByTestId('external-scores-released')).toHaveTextContent('Released on 2026-11-20 09:00');
    expect(input('external-score-1002-5')).toBeDisabled();
    expect(input('external-rank-1001')).toBeDisabled();
    expect(input('external-rank-1001').value).toBe('40');
    expect(screen.queryByTestId('external-scores-save')).toBeNull();
    expect(screen.queryByTestId('external-scores-import')).toBeNull();
    expect(screen.getByTestId('external-scores-template')).toBeEnabled();
    await act(() => i18n.changeLanguage('zh'));
    expect(await screen.findByText('缺考')).toBeInTheDocument();
  });

  it('filters the grid by class and keyword', async () => {
    await openScores(1);
    await pick('external-scores-class', 'Class 8-2');
    await waitFor(() => expect(stub.bodies(`${BASE}/scores`).at(-1)).toEqual({ examId: 1, classId: 82, currPage: 0, limit: 50 }));
    const holder = screen.getByTestId('external-scores-keyword');
    const search = holder.tagName === 'INPUT' ? holder : (holder.querySelector('input') as HTMLInputElement);
    fireEvent.change(search, { target: { value: ' S1003 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(stub.bodies(`${BASE}/scores`).at(-1)).toEqual({ examId: 1, classId: 82, keyword: 'S1003', currPage: 0, limit: 50 }));
  });

  it('models the grid: a score clears the mark, problems by cell, totals and the save body', () => {
    const row = student(1, { cells: { 5: { score: null, mark: 'absent' } } });
    let edits = withChange({}, row, { courseId: 5, score: 99 });
    expect(edits[1]!.value.cells['5']).toEqual({ score: 99, mark: null });
    edits = withChange(edits, row, { courseId: 6, score: 100.555 });
    edits = withChange(edits, row, { districtRank: 0 });
    const subjects = ROWS[0]!.subjects;
    expect([...problemsOf(edits, subjects).keys()]).toEqual(['1:6', '1:rank']);
    expect(totalOf(edits[1]!.value)).toBe(199.56);
    // Back to how it was read: no longer changed.
    expect(withChange(withChange({}, row, { courseId: 5, score: 10 }), row, { courseId: 5, mark: 'absent' })).toEqual({});
    expect(buildSave(3, withChange({}, row, { courseId: 7, score: 1 }), subjects).rows).toEqual([{ studentId: 1, cells: { 5: { score: null, mark: 'absent' } }, districtRank: null }]);
    expect(toSearch({ keyword: ' a ', gradeId: 8 })).toEqual({ keyword: 'a', termId: '', gradeId: 8 });
  });
});
