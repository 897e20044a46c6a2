import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModalFuncProps } from 'antd';
import { scoreBatchFormSchema, type ScoreBatchOptions, type ScoreBatchRow } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import ScoreBatchesPage, { subjectLabel, toSearch } from './ScoreBatchesPage.tsx';
import { fromExam, subjectsMessage, weightTotal, windowMessage } from './ScoreBatchForm.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// The stub's envelope carries the server's msg for the writes, as the real client would. A handler that
// throws the stub's ApiError imitates a refusal (result false with the server's msg): like the real client,
// the mock shows it as an error unless the call is silent (the delete button shows it itself, as a warning).
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
  const messages: Record<string, string> = { create: 'Added successfully', update: 'Modified successfully', delete: 'Deleted successfully' };
  return {
    ...clientModule,
    ApiError: EnvelopeError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown; silent?: boolean }) => {
      try {
        const data = await calls.call(path, options);
        const released = path.endsWith('/release') ? `${(data as { count: number }).count} ${(options?.json as { released: boolean }).released ? 'released' : 'no longer released'}` : '';
        return { result: true, code: 200, msg: released || (messages[path.split('/').at(-1) ?? ''] ?? ''), data };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        if (!options?.silent) shown().message.error(error.message);
        throw new EnvelopeError(error.message);
      }
    },
    download: vi.fn(async () => new Blob()),
  };
});

const route = { path: '/cjgl/cjpc', title: 'cjpc', titleEn: 'Score batches' } as AppRoute;
const BASE = '/api/scores/batches';

const OPTIONS: ScoreBatchOptions = {
  terms: [
    { id: 1, name: '2026-2027 first term', isCurrent: true },
    { id: 2, name: '2025-2026 second term', isCurrent: false },
  ],
  grades: [
    { id: 10, name: 'Grade 10' },
    { id: 11, name: 'Grade 11' },
  ],
  campuses: [{ id: 3, name: 'North campus' }],
  courses: [
    { id: 5, name: 'Maths' },
    { id: 6, name: 'English' },
    { id: 7, name: 'Physics' },
  ],
  classes: [
    { id: 101, name: 'Class 10-1', gradeId: 10 },
    { id: 102, name: 'Class 10-2', gradeId: 10 },
    { id: 111, name: 'Class 11-1', gradeId: 11 },
  ],
  systems: [
    { id: 1, name: 'Out of 100', fullMark: 100 },
    { id: 2, name: 'Out of 120', fullMark: 120 },
  ],
  rules: [{ id: 1, name: 'Five levels' }],
  exams: [
    // Its Physics (8) is an elective, not a course of a batch.
    { id: 40, name: 'Grade 10 midterm exam', termId: 1, gradeId: 10, courseIds: [6, 5, 8], classIds: [102, 101] },
    { id: 41, name: 'Grade 11 spring final', termId: 2, gradeId: 11, courseIds: [5], classIds: [111] },
  ],
};

const batch = (id: number, extra: Partial<ScoreBatchRow> = {}): ScoreBatchRow => ({
  id,
  termId: 1,
  termName: '2026-2027 first term',
  gradeId: 10,
  gradeName: 'Grade 10',
  campusId: null,
  campusName: '',
  examBatchId: null,
  examBatchName: '',
  name: `Batch ${id}`,
  examNode: 'Midterm',
  entryStart: '2026-11-20 08:00',
  entryEnd: '2026-11-30 18:00',
  entryOpen: false,
  enabled: true,
  released: false,
  releasedAt: '',
  conversionRuleId: null,
  conversionRuleName: '',
  subjects: [
    { courseId: 5, courseName: 'Maths', scoreSystemId: 2, scoreSystemName: 'Out of 120', fullMark: 120, weight: 30 },
    { courseId: 6, courseName: 'English', scoreSystemId: 1, scoreSystemName: 'Out of 100', fullMark: 100, weight: 20 },
  ],
  classIds: [101, 102],
  classNames: ['Class 10-1', 'Class 10-2'],
  entered: 0,
  expected: 160,
  ...extra,
});

const ROWS: ScoreBatchRow[] = [
  batch(1, { name: 'Grade 10 midterm scores', entryOpen: true, entered: 35, examBatchId: 40, examBatchName: 'Grade 10 midterm exam', conversionRuleId: 1, conversionRuleName: 'Five levels' }),
  batch(2, { name: 'Grade 10 monthly scores', examNode: 'Monthly', released: true, releasedAt: '2026-11-10 09:00', entered: 160, enabled: false }),
  batch(3, { name: 'Grade 10 final scores', examNode: 'Final', subjects: [], classIds: [101], classNames: ['Class 10-1'], expected: 0 }),
];

const success = vi.fn();
const warning = vi.fn();
const error = vi.fn();
const confirm = vi.fn();

beforeEach(async () => {
  stub.reset();
  for (const fn of [success, warning, error]) fn.mockClear();
  confirm.mockReset();
  setFeedback({ message: { error, success, warning, info: vi.fn() }, modal: { confirm, warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  stub
    .on(`${BASE}/options`, () => OPTIONS)
    .on(`${BASE}/page`, () => ({ total: ROWS.length, rows: ROWS }))
    .on(`${BASE}/create`, () => ({ id: 9 }))
    .on(`${BASE}/update`, () => null)
    .on(`${BASE}/release`, (options) => ({ count: (options?.json as { ids: number[] }).ids.length }));
  useSession.setState({ permissions: ['score:batch', 'score:batch:edit', 'score:batch:delete'], roles: [] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ScoreBatchesPage route={route} />
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

/** Types the entry window's start and end into the range picker, each confirmed with Enter. */
async function typeWindow(start: string, end: string) {
  const inputs = screen.getAllByTestId('score-batch-form-window')[0]!.closest('.ant-picker')!.querySelectorAll('input');
  for (const [index, value] of [start, end].entries()) {
    const input = inputs[index] as HTMLInputElement;
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  }
  await waitFor(() => expect((inputs[1] as HTMLInputElement).value).toBe(end));
}

async function openAdd() {
  renderPage();
  await screen.findByText('Grade 10 midterm scores');
  fireEvent.click(screen.getByTestId('manage-add'));
  return screen.findByTestId('score-batch-dialog');
}

describe('ScoreBatchesPage', () => {
  it('lists the batches of the current term with their window, subjects, classes, progress and release', async () => {
    renderPage();
    expect(await screen.findByText('Grade 10 midterm scores')).toBeInTheDocument();
    expect(stub.bodies(`${BASE}/page`)[0]?.search).toEqual({ keyword: '', termId: 1, gradeId: '' });
    expect([...screen.getByTestId('score-batch-subjects-1').querySelectorAll('.ant-tag')].map((tag) => tag.textContent)).toEqual(['Maths 120 · 30%', 'English 100 · 20%']);
    expect(screen.getByTestId('score-batch-window-1')).toHaveTextContent('2026-11-20 08:00~ 2026-11-30 18:00');
    expect(screen.getByTestId('score-batch-open-1')).toHaveTextContent(i18n.t('scoreBatchPage.openNow'));
    expect(screen.queryByTestId('score-batch-open-2')).toBeNull();
    expect(screen.getByTestId('score-batch-entered-1')).toHaveTextContent('35 / 160');
    expect(screen.getByTestId('score-batch-classes-1')).toHaveTextContent(i18n.t('scoreBatchPage.classCount', { count: 2 }));
    expect(screen.getByTestId('score-batch-classes-1')).toHaveAttribute('aria-label', 'Class 10-1, Class 10-2');
    expect(screen.getByText(i18n.t('scoreBatchPage.fromExam', { name: 'Grade 10 midterm exam' }))).toBeInTheDocument();
    expect(screen.getByTestId('score-batch-released-1')).toHaveTextContent(i18n.t('scoreBatchPage.unreleased'));
    expect(screen.getByTestId('score-batch-released-2')).toHaveTextContent(i18n.t('scoreBatchPage.released'));
    expect(screen.getByTestId('score-batch-released-2')).toHaveTextContent('2026-11-10 09:00');
    const second = screen.getByText('Grade 10 monthly scores').closest('tr') as HTMLElement;
    expect(within(second).getByText(i18n.t('manage.disabled'))).toBeInTheDocument();
    expect(within(second).getByText('Monthly')).toBeInTheDocument();

    // An unreleased batch is modified, released and deleted; a released one only viewed and its release cancelled.
    for (const action of ['view', 'edit', 'release', 'delete']) expect(screen.getByTestId(`score-batch-${action}-1`)).toBeEnabled();
    expect(screen.queryByTestId('score-batch-unrelease-1')).toBeNull();
    expect(screen.getByTestId('score-batch-edit-2')).toBeDisabled();
    expect(screen.getByTestId('score-batch-delete-2')).toBeDisabled();
    expect(screen.queryByTestId('score-batch-release-2')).toBeNull();
    expect(screen.getByTestId('score-batch-unrelease-2')).toBeEnabled();

    type('score-batch-search-keyword', ' midterm ');
    await pick('score-batch-search-grade', 'Grade 10');
    await pick('score-batch-search-released', i18n.t('scoreBatchPage.unreleased'));
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(stub.bodies(`${BASE}/page`).at(-1)?.search).toEqual({ keyword: 'midterm', termId: 1, gradeId: 10, released: false }));
  });

  it('checks the form with the contract messages: fields, window and weights over 100', async () => {
    const dialog = await openAdd();
    fireEvent.click(screen.getByTestId('score-batch-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('common.nameRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('scoreBatch.gradeRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('scoreBatch.examNodeRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('scoreBatchPage.windowRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('scoreBatch.subjectsRequired'))).toBeInTheDocument();
    // The current term to start with.
    expect(within(dialog).queryByText(i18n.t('scoreBatch.termRequired'))).toBeNull();
    expect(within(dialog).getByText(i18n.t('scoreBatchPage.gradeFirst'))).toBeInTheDocument();

    // The window ends after it starts (the picker puts the two ends in order, but they may be equal).
    await typeWindow('2026-12-01 08:00', '2026-12-01 08:00');
    fireEvent.click(screen.getByTestId('score-batch-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('scoreBatch.entryEndBeforeStart'))).toBeInTheDocument();

    // Each subject once; the running total of the weights shows, over 100 refused.
    fireEvent.click(screen.getByTestId('score-batch-subject-add'));
    fireEvent.click(screen.getByTestId('score-batch-subject-add'));
    await pick('score-batch-subject-course-0', 'Maths');
    type('score-batch-subject-weight-0', '60');
    type('score-batch-subject-weight-1', '50');
    await waitFor(() => expect(screen.getByTestId('score-batch-weight-total')).toHaveTextContent(i18n.t('scoreBatchPage.weightTotal', { total: 110 })));
    expect(screen.getByTestId('score-batch-weight-total')).toHaveClass('score-batch-total-over');
    fireEvent.click(screen.getByTestId('score-batch-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('scoreBatch.weightsOver'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('scoreBatch.courseRequired'))).toBeInTheDocument();
    type('score-batch-subject-weight-1', '40');
    await waitFor(() => expect(within(dialog).queryByText(i18n.t('scoreBatch.weightsOver'))).toBeNull());
    expect(stub.calls(`${BASE}/create`)).toHaveLength(0);
  });

  it('fills the term, grade, subjects and classes from an exam, and saves the batch in the shape of the contract', async () => {
    const dialog = await openAdd();
    await pick('score-batch-form-exam', 'Grade 10 midterm exam · Grade 10');
    // The exam's subjects (those of a batch) and classes; the name when none is given yet.
    await waitFor(() => expect(screen.getByTestId('score-batch-form-name')).toHaveValue('Grade 10 midterm exam'));
    await screen.findByTestId('score-batch-form-classes');
    expect(within(screen.getByTestId('score-batch-form-classes')).getByRole('checkbox', { name: 'Class 10-1' })).toBeChecked();
    expect(within(screen.getByTestId('score-batch-form-classes')).getByRole('checkbox', { name: 'Class 10-2' })).toBeChecked();
    expect(within(screen.getByTestId('score-batch-form-classes')).queryByText('Class 11-1')).toBeNull();
    expect(screen.getByTestId('score-batch-subject-course-0').closest('.ant-select')).toHaveTextContent('English');
    expect(screen.getByTestId('score-batch-subject-course-1').closest('.ant-select')).toHaveTextContent('Maths');
    expect(screen.queryByTestId('score-batch-subject-course-2')).toBeNull();
    // A new subject starts out of 100.
    expect(screen.getByTestId('score-batch-subject-system-0').closest('.ant-select')).toHaveTextContent(i18n.t('scoreBatchPage.systemOption', { name: 'Out of 100', fullMark: 100 }));

    type('score-batch-form-name', ' Grade 10 midterm scores ');
    type('score-batch-form-exam-node', ' Midterm ');
    await pick('score-batch-form-campus', 'North campus');
    await pick('score-batch-form-rule', 'Five levels');
    await typeWindow('2026-11-20 08:00', '2026-11-30 18:00');
    await pick('score-batch-subject-system-1', i18n.t('scoreBatchPage.systemOption', { name: 'Out of 120', fullMark: 120 }));
    type('score-batch-subject-weight-0', '20');
    type('score-batch-subject-weight-1', '30');
    fireEvent.click(screen.getByTestId('score-batch-subject-add'));
    await pick('score-batch-subject-course-2', 'Physics');
    type('score-batch-subject-weight-2', '10');
    await waitFor(() => expect(screen.getByTestId('score-batch-weight-total')).toHaveTextContent(i18n.t('scoreBatchPage.weightTotal', { total: 60 })));
    fireEvent.click(screen.getByTestId('score-batch-form-enabled'));
    fireEvent.click(screen.getByTestId('score-batch-dialog-ok'));

    await waitFor(() => expect(stub.calls(`${BASE}/create`)).toHaveLength(1));
    const body = stub.bodies(`${BASE}/create`)[0];
    expect(body).toEqual({
      termId: 1,
      gradeId: 10,
      campusId: 3,
      examBatchId: 40,
      name: 'Grade 10 midterm scores',
      examNode: 'Midterm',
      entryStart: '2026-11-20 08:00',
      entryEnd: '2026-11-30 18:00',
      enabled: false,
      conversionRuleId: 1,
      subjects: [
        { courseId: 6, scoreSystemId: 1, weight: 20 },
        { courseId: 5, scoreSystemId: 2, weight: 30 },
        // A subject added after one out of 120 takes its score system.
        { courseId: 7, scoreSystemId: 2, weight: 10 },
      ],
      classIds: [101, 102],
    });
    expect(scoreBatchFormSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added successfully'));
    await waitFor(() => expect(screen.queryByTestId('score-batch-dialog')).toBeNull());
    expect(dialog).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the dialog open; modifies with the batch's id", async () => {
    const refusal = 'Maths already has scores: it stays in the batch with its score system';
    stub.on(`${BASE}/update`, () => {
      throw new ApiError(refusal);
    });
    renderPage();
    await screen.findByText('Grade 10 midterm scores');
    fireEvent.click(screen.getByTestId('score-batch-edit-1'));
    await screen.findByTestId('score-batch-dialog');
    expect(screen.getByTestId('score-batch-form-name')).toHaveValue('Grade 10 midterm scores');
    expect(screen.getByTestId('score-batch-form-entered')).toHaveTextContent(i18n.t('scoreBatchPage.enteredNote', { count: 35 }));
    expect(screen.getByTestId('score-batch-subject-weight-0')).toHaveValue('30');
    fireEvent.click(screen.getByTestId('score-batch-subject-remove-0'));
    await waitFor(() => expect(screen.queryByTestId('score-batch-subject-course-1')).toBeNull());
    fireEvent.click(screen.getByTestId('score-batch-dialog-ok'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(refusal));
    const body = stub.bodies(`${BASE}/update`)[0];
    expect(body).toEqual({
      id: 1,
      termId: 1,
      gradeId: 10,
      campusId: null,
      examBatchId: 40,
      name: 'Grade 10 midterm scores',
      examNode: 'Midterm',
      entryStart: '2026-11-20 08:00',
      entryEnd: '2026-11-30 18:00',
      enabled: true,
      conversionRuleId: 1,
      subjects: [{ courseId: 6, scoreSystemId: 1, weight: 20 }],
      classIds: [101, 102],
    });
    expect(scoreBatchFormSchema.safeParse(body).success).toBe(true);
    expect(success).not.toHaveBeenCalled();
    expect(screen.getByTestId('score-batch-dialog')).toBeInTheDocument();
  });

  it("shows the server's refusal to delete a batch with scores", async () => {
    const refusal = 'Grade data exists under Grade 10 midterm scores, cannot be deleted';
    stub.on(`${BASE}/delete`, () => {
      throw new ApiError(refusal);
    });
    renderPage();
    await screen.findByText('Grade 10 midterm scores');
    fireEvent.click(screen.getByTestId('score-batch-delete-1'));
    fireEvent.click(await screen.findByTestId('delete-confirm-ok'));
    await waitFor(() => expect(warning).toHaveBeenCalledWith({ content: refusal }));
    expect(stub.bodies(`${BASE}/delete`)).toEqual([{ ids: [1] }]);
  });

  it('releases a batch, cancels the release of another, and releases the selected ones not released yet', async () => {
    renderPage();
    await screen.findByText('Grade 10 midterm scores');
    fireEvent.click(screen.getByTestId('score-batch-release-1'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    let asked = confirm.mock.calls[0]![0] as ModalFuncProps;
    expect(asked.title).toBe(i18n.t('scoreBatchPage.releaseTitle', { name: 'Grade 10 midterm scores' }));
    expect(asked.content).toBe(i18n.t('scoreBatchPage.releaseConfirm'));
    await act(async () => void (await asked.onOk?.()));
    expect(stub.bodies(`${BASE}/release`)).toEqual([{ ids: [1], released: true }]);
    expect(success).toHaveBeenCalledWith('1 released');
    await waitFor(() => expect(stub.calls(`${BASE}/page`).length).toBeGreaterThan(1));

    fireEvent.click(screen.getByTestId('score-batch-unrelease-2'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(2));
    asked = confirm.mock.calls[1]![0] as ModalFuncProps;
    expect(asked.title).toBe(i18n.t('scoreBatchPage.unreleaseTitle', { name: 'Grade 10 monthly scores' }));
    await act(async () => void (await asked.onOk?.()));
    expect(stub.bodies(`${BASE}/release`).at(-1)).toEqual({ ids: [2], released: false });
    expect(success).toHaveBeenCalledWith('1 no longer released');

    fireEvent.click(screen.getByTestId('score-batch-release-selected'));
    expect(warning).toHaveBeenCalledWith(i18n.t('common.selectNone'));
    const tick = (text: string) => fireEvent.click(within(screen.getByText(text).closest('tr') as HTMLElement).getByRole('checkbox'));
    tick('Grade 10 monthly scores');
    fireEvent.click(screen.getByTestId('score-batch-release-selected'));
    expect(warning).toHaveBeenCalledWith(i18n.t('scoreBatchPage.nothingToRelease'));
    tick('Grade 10 midterm scores');
    tick('Grade 10 final scores');
    fireEvent.click(screen.getByTestId('score-batch-release-selected'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(3));
    asked = confirm.mock.calls[2]![0] as ModalFuncProps;
    expect(asked.title).toBe(i18n.t('scoreBatchPage.releaseManyTitle', { count: 2 }));
    await act(async () => void (await asked.onOk?.()));
    expect(stub.bodies(`${BASE}/release`).at(-1)).toEqual({ ids: [1, 3], released: true });
    expect(success).toHaveBeenCalledWith('2 released');
  });

  it('shows a released batch view-only with its release time', async () => {
    renderPage();
    await screen.findByText('Grade 10 monthly scores');
    fireEvent.click(screen.getByTestId('score-batch-view-2'));
    const dialog = await screen.findByTestId('score-batch-dialog');
    expect(dialog).toHaveAttribute('data-mode', 'view');
    expect(screen.getByTestId('score-batch-form-released')).toHaveTextContent(i18n.t('scoreBatchPage.releasedNote', { time: '2026-11-10 09:00' }));
    expect(screen.queryByTestId('score-batch-subject-add')).toBeNull();
    expect(screen.queryByTestId('score-batch-subject-remove-0')).toBeNull();
    expect(screen.queryByTestId('score-batch-dialog-ok')).toBeNull();
    expect(screen.getByTestId('score-batch-form-name')).toBeDisabled();
  });

  it('shows a user without the edit and delete buttons the list read-only', async () => {
    useSession.setState({ permissions: ['score:batch'], roles: [] });
    renderPage();
    await screen.findByText('Grade 10 midterm scores');
    for (const testId of ['manage-add', 'manage-batch-delete', 'score-batch-release-selected', 'score-batch-edit-1', 'score-batch-release-1', 'score-batch-delete-1', 'score-batch-unrelease-2']) {
      expect(screen.queryByTestId(testId)).toBeNull();
    }
    expect(screen.getByTestId('score-batch-view-1')).toBeInTheDocument();
    expect(screen.getByTestId('manage-export')).toBeInTheDocument();
  });

  it('shows English texts without Chinese but the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    const dialog = await openAdd();
    fireEvent.click(screen.getByTestId('score-batch-subject-add'));
    fireEvent.click(screen.getByTestId('score-batch-dialog-ok'));
    expect(await within(dialog).findByText('Choose the subject')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the grade')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    fireEvent.click(screen.getByTestId('score-batch-dialog-cancel'));
    expect(screen.getByText('Grade 10 midterm scores').closest('tr')).toHaveTextContent('Not released');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });

  it('reads the search, labels subjects, mirrors the checks of the whole form and fills from an exam', () => {
    expect(toSearch({ keyword: ' a ', termId: 1, released: 'yes' })).toEqual({ keyword: 'a', termId: 1, gradeId: '', released: true });
    expect(subjectLabel({ courseName: 'Maths', fullMark: 120, weight: 30 })).toBe('Maths 120 · 30%');
    expect(weightTotal([{ weight: 60 }, {}, { weight: 30 }])).toBe(90);
    expect(subjectsMessage([{ courseId: 5 }, { courseId: 5 }])).toBe('exam.subjectTwice');
    expect(subjectsMessage([{ courseId: 5, weight: 70 }, { courseId: 6, weight: 31 }])).toBe('scoreBatch.weightsOver');
    expect(subjectsMessage([{ courseId: 5, weight: 70 }, { courseId: 6, weight: 30 }])).toBeUndefined();
    expect(windowMessage(['2026-11-20 08:00', '2026-11-20 08:00'])).toBe('scoreBatch.entryEndBeforeStart');
    expect(windowMessage(['2026-11-20 08:00', undefined])).toBeUndefined();
    // A subject listed already keeps its score system and weight.
    expect(fromExam({ name: 'Kept', subjects: [{ courseId: 5, scoreSystemId: 2, weight: 40 }], classIds: [] }, OPTIONS.exams[0]!, OPTIONS)).toEqual({
      termId: 1,
      gradeId: 10,
      subjects: [
        { courseId: 6, scoreSystemId: 2 },
        { courseId: 5, scoreSystemId: 2, weight: 40 },
      ],
      classIds: [102, 101],
    });
  });
});
