import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModalFuncProps } from 'antd';
import { examBatchFormSchema, type ExamBatchOptions, type ExamBatchRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import ExamBatchesPage from './ExamBatchesPage.tsx';
import { normaliseTime } from './ExamBatchForm.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// The stub's envelope carries the server's msg for the writes, as the real client would.
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const messages: Record<string, string> = { create: 'Added successfully', update: 'Modified successfully', publish: '1 no longer published' };
  return {
    ...clientModule,
    ApiError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data: await calls.call(path, options) }),
    download: vi.fn(async () => new Blob()),
  };
});

const route = { path: '/kwgl/kspc', title: '考试批次管理', titleEn: 'Exam batches' } as AppRoute;
const BASE = '/api/exams/batches';

const OPTIONS: ExamBatchOptions = {
  terms: [
    { id: 1, name: '2026-2027 first term', isCurrent: true, startDate: '2026-09-01', endDate: '2027-01-20' },
    { id: 2, name: '2025-2026 second term', isCurrent: false, startDate: '2026-02-20', endDate: '2026-07-10' },
  ],
  grades: [
    { id: 10, name: 'Grade 10' },
    { id: 11, name: 'Grade 11' },
  ],
  courses: [
    { id: 5, name: 'Maths' },
    { id: 6, name: 'English' },
  ],
  classes: [
    { id: 101, name: 'Class 10-1', gradeId: 10 },
    { id: 102, name: 'Class 10-2', gradeId: 10 },
    { id: 111, name: 'Class 11-1', gradeId: 11 },
  ],
};

const exam = (id: number, extra: Partial<ExamBatchRow> = {}): ExamBatchRow => ({
  id,
  termId: 1,
  termName: '2026-2027 first term',
  gradeId: 10,
  gradeName: 'Grade 10',
  name: `Exam ${id}`,
  category: 'midterm',
  level: 'school',
  weightPercent: 30,
  scoreSystem: 150,
  passLine: 90,
  subjects: [
    { courseId: 6, courseName: 'English', examDate: '2026-11-26', startTime: '08:30', endTime: '10:30' },
    { courseId: 5, courseName: 'Maths', examDate: '2026-11-25', startTime: '08:30', endTime: '10:00' },
  ],
  classIds: [101, 102],
  classNames: ['Class 10-1', 'Class 10-2'],
  firstDate: '2026-11-25',
  lastDate: '2026-11-26',
  published: false,
  publishedAt: '',
  remarks: '',
  ...extra,
});

const ROWS: ExamBatchRow[] = [
  exam(1, { name: 'Grade 10 midterm' }),
  exam(2, { name: 'Grade 10 monthly test', category: 'monthly', weightPercent: 10, published: true, publishedAt: '2026-11-10 09:00' }),
  exam(3, { name: 'Spring final', termId: 2, termName: '2025-2026 second term', category: 'final', subjects: [], firstDate: '', lastDate: '' }),
];

const success = vi.fn();
const warning = vi.fn();
const confirm = vi.fn();

beforeEach(async () => {
  // The school's day is inside the current term (term 2 has ended).
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T09:00:00') });
  stub.reset();
  success.mockClear();
  warning.mockClear();
  confirm.mockReset();
  setFeedback({ message: { error: vi.fn(), success, warning, info: vi.fn() }, modal: { confirm, warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  stub
    .on(`${BASE}/options`, () => OPTIONS)
    .on(`${BASE}/page`, () => ({ total: ROWS.length, rows: ROWS }))
    .on(`${BASE}/create`, () => ({ id: 9 }))
    .on(`${BASE}/update`, () => null)
    .on(`${BASE}/publish`, () => ({ count: 1 }));
  useSession.setState({ permissions: ['exam:batch', 'exam:batch:edit', 'exam:batch:delete'], roles: [] });
});

afterEach(() => {
  vi.useRealTimers();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ExamBatchesPage route={route} />
    </QueryClientProvider>,
  );
}

const openSelect = (testId: string) => fireEvent.mouseDown(within(screen.getByTestId(testId).closest('.ant-select') as HTMLElement).getByRole('combobox'));

async function pick(testId: string, option: string) {
  openSelect(testId);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

/** Opens a subject's date picker and clicks the day. */
async function pickDate(testId: string, date: string) {
  fireEvent.mouseDown(screen.getByTestId(testId));
  fireEvent.click(screen.getByTestId(testId));
  const cell = await waitFor(() => {
    const found = document.querySelector(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${date}"]`);
    if (!found) throw new Error(`no day ${date}`);
    return found as HTMLElement;
  });
  fireEvent.click(cell);
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function openAdd() {
  renderPage();
  await screen.findByText('Grade 10 midterm');
  fireEvent.click(screen.getByTestId('manage-add'));
  return screen.findByTestId('exam-batch-dialog');
}

describe('ExamBatchesPage', () => {
  it('lists the exams of the current term with their subjects, dates, classes and publication', async () => {
    renderPage();
    expect(await screen.findByText('Grade 10 midterm')).toBeInTheDocument();
    expect(stub.bodies(`${BASE}/page`)[0]?.search).toEqual({ keyword: '', termId: 1, gradeId: '', category: '' });
    // The sittings in the order they take place, the month and day only.
    expect([...screen.getByTestId('exam-subjects-1').querySelectorAll('.ant-tag')].map((tag) => tag.textContent)).toEqual(['Maths 11-25 08:30–10:00', 'English 11-26 08:30–10:30']);
    expect(screen.getByTestId('exam-dates-1')).toHaveTextContent('2026-11-25 ~ 2026-11-26');
    expect(screen.getByTestId('exam-marks-1')).toHaveTextContent('150 / 90');
    expect(screen.getByTestId('exam-classes-1')).toHaveTextContent(i18n.t('examBatchPage.classCount', { count: 2 }));
    expect(screen.getByTestId('exam-classes-1')).toHaveAttribute('aria-label', 'Class 10-1, Class 10-2');
    const first = screen.getByText('Grade 10 midterm').closest('tr') as HTMLElement;
    expect(within(first).getByText(i18n.t('exam.category.midterm'))).toBeInTheDocument();
    expect(within(first).getByText(i18n.t('exam.level.school'))).toBeInTheDocument();
    expect(screen.getByTestId('exam-published-1')).toHaveTextContent(i18n.t('examBatchPage.unpublished'));
    expect(screen.getByTestId('exam-published-2')).toHaveTextContent(i18n.t('examBatchPage.published'));
    expect(screen.getByTestId('exam-published-2')).toHaveTextContent('2026-11-10 09:00');
    // An unpublished exam is modified, published and deleted.
    for (const action of ['view', 'edit', 'publish', 'delete']) expect(screen.getByTestId(`exam-${action}-1`)).toBeInTheDocument();
    expect(screen.queryByTestId('exam-unpublish-1')).toBeNull();
    // An exam of an ended term is only viewed.
    expect(screen.getByTestId('exam-ended-3')).toHaveTextContent(i18n.t('examBatchPage.ended'));
    for (const action of ['edit', 'publish', 'unpublish', 'delete']) expect(screen.queryByTestId(`exam-${action}-3`)).toBeNull();
    expect(screen.getByTestId('exam-view-3')).toBeInTheDocument();

    await pick('exam-search-grade', 'Grade 10');
    await pick('exam-search-category', i18n.t('exam.category.final'));
    await pick('exam-search-published', i18n.t('examBatchPage.unpublished'));
    type('exam-search-keyword', ' midterm ');
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(stub.bodies(`${BASE}/page`).at(-1)?.search).toEqual({ keyword: 'midterm', termId: 1, gradeId: 10, category: 'final', published: false }));
  });

  it('refuses an exam without its fields, subjects or classes, and a pass line above the score system, with the localized messages', async () => {
    const dialog = await openAdd();
    // The current term, a school exam out of 100 passing at 60 to start with.
    expect(screen.getByTestId('exam-form-score-system')).toHaveValue('100');
    expect(screen.getByTestId('exam-form-pass-line')).toHaveValue('60.00');
    fireEvent.click(screen.getByTestId('exam-batch-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('common.nameRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('exam.gradeRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('exam.categoryRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('exam.weightRange'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('exam.subjectsRequired'))).toBeInTheDocument();
    expect(within(dialog).queryByText(i18n.t('exam.termRequired'))).toBeNull();
    expect(within(dialog).getByText(i18n.t('examBatchPage.gradeFirst'))).toBeInTheDocument();

    // The pass line is checked against the score system at once, while other fields are still wrong.
    type('exam-form-pass-line', '120.5');
    expect(await within(dialog).findByText(i18n.t('exam.passLineOver'))).toBeInTheDocument();
    type('exam-form-score-system', '150');
    await waitFor(() => expect(within(dialog).queryByText(i18n.t('exam.passLineOver'))).toBeNull());
    type('exam-form-score-system', '100');
    fireEvent.click(screen.getByTestId('exam-batch-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('exam.passLineOver'))).toBeInTheDocument();

    // A subject row needs its subject, date and times; the end comes after the start.
    fireEvent.click(screen.getByTestId('exam-subject-add'));
    type('exam-subject-start-0', '1000');
    type('exam-subject-end-0', '9:30');
    expect(screen.getByTestId('exam-subject-start-0')).toHaveValue('10:00');
    expect(screen.getByTestId('exam-subject-end-0')).toHaveValue('09:30');
    fireEvent.click(screen.getByTestId('exam-batch-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('exam.courseRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('exam.dateRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('exam.endBeforeStart'))).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText(i18n.t('exam.subjectsRequired'))).toBeNull());

    // The classes of the chosen grade, with the whole grade at once.
    await pick('exam-form-grade', 'Grade 10');
    fireEvent.click(screen.getByTestId('exam-batch-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('exam.classesRequired'))).toBeInTheDocument();
    expect(within(await screen.findByTestId('exam-form-classes')).getByText('Class 10-2')).toBeInTheDocument();
    expect(within(screen.getByTestId('exam-form-classes')).queryByText('Class 11-1')).toBeNull();
    expect(stub.calls(`${BASE}/create`)).toHaveLength(0);
  });

  it('saves the exam in the shape of the contract: subjects with their sittings, the classes of the grade', async () => {
    const dialog = await openAdd();
    type('exam-form-name', ' Grade 10 final ');
    await pick('exam-form-grade', 'Grade 11');
    fireEvent.click(await screen.findByTestId('exam-form-classes-all'));
    // A new grade starts with none of its classes ticked.
    await pick('exam-form-grade', 'Grade 10');
    await waitFor(() => expect(within(screen.getByTestId('exam-form-classes')).queryByText('Class 11-1')).toBeNull());
    expect(within(screen.getByTestId('exam-form-classes')).getByRole('checkbox', { name: 'Class 10-1' })).not.toBeChecked();
    fireEvent.click(screen.getByTestId('exam-form-classes-all'));
    fireEvent.click(within(screen.getByTestId('exam-form-classes')).getByRole('checkbox', { name: 'Class 10-2' }));
    fireEvent.click(within(screen.getByTestId('exam-form-classes')).getByRole('checkbox', { name: 'Class 10-2' }));
    await pick('exam-form-category', i18n.t('exam.category.final'));
    await pick('exam-form-level', i18n.t('exam.level.district'));
    type('exam-form-weight', '40');
    type('exam-form-score-system', '150');
    type('exam-form-pass-line', '89.5');

    fireEvent.click(screen.getByTestId('exam-subject-add'));
    await pick('exam-subject-course-0', 'Maths');
    await pickDate('exam-subject-date-0', '2026-11-25');
    await waitFor(() => expect(screen.getByTestId('exam-subject-date-0')).toHaveValue('2026-11-25'));
    type('exam-subject-start-0', '08:30');
    type('exam-subject-end-0', '10:00');
    // The next sitting starts on the same day; its course cannot be one already chosen.
    fireEvent.click(screen.getByTestId('exam-subject-add'));
    await waitFor(() => expect(screen.getByTestId('exam-subject-date-1')).toHaveValue('2026-11-25'));
    await pick('exam-subject-course-1', 'English');
    type('exam-subject-start-1', '09:30');
    type('exam-subject-end-1', '11:30');
    fireEvent.click(screen.getByTestId('exam-batch-dialog-ok'));
    // Every class sits every subject: two sittings may not overlap.
    expect(await within(dialog).findByText(i18n.t('exam.subjectsOverlap', { first: 'Maths', second: 'English', date: '2026-11-25' }))).toBeInTheDocument();
    type('exam-subject-start-1', '10:30');
    fireEvent.click(screen.getByTestId('exam-batch-dialog-ok'));

    await waitFor(() => expect(stub.calls(`${BASE}/create`)).toHaveLength(1));
    const body = stub.bodies(`${BASE}/create`)[0];
    expect(body).toEqual({
      termId: 1,
      gradeId: 10,
      name: 'Grade 10 final',
      category: 'final',
      level: 'district',
      weightPercent: 40,
      scoreSystem: 150,
      passLine: 89.5,
      subjects: [
        { courseId: 5, examDate: '2026-11-25', startTime: '08:30', endTime: '10:00' },
        { courseId: 6, examDate: '2026-11-25', startTime: '10:30', endTime: '11:30' },
      ],
      classIds: [101, 102],
      remarks: '',
    });
    expect(examBatchFormSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added successfully'));
    await waitFor(() => expect(screen.queryByTestId('exam-batch-dialog')).toBeNull());
  });

  it('modifies an unpublished exam with its values, sending its id', async () => {
    renderPage();
    await screen.findByText('Grade 10 midterm');
    fireEvent.click(screen.getByTestId('exam-edit-1'));
    await screen.findByTestId('exam-batch-dialog');
    expect(screen.getByTestId('exam-form-name')).toHaveValue('Grade 10 midterm');
    expect(screen.getByTestId('exam-subject-date-1')).toHaveValue('2026-11-26');
    type('exam-form-weight', '35');
    fireEvent.click(screen.getByTestId('exam-batch-dialog-ok'));
    await waitFor(() => expect(stub.calls(`${BASE}/update`)).toHaveLength(1));
    expect(stub.bodies(`${BASE}/update`)[0]).toMatchObject({ id: 1, weightPercent: 35, classIds: [101, 102], subjects: [{ courseId: 5 }, { courseId: 6 }] });
  });

  it('offers a published exam its cancel-publication, not modify nor delete, and shows it view-only', async () => {
    renderPage();
    await screen.findByText('Grade 10 monthly test');
    expect(screen.queryByTestId('exam-edit-2')).toBeNull();
    expect(screen.queryByTestId('exam-delete-2')).toBeNull();
    expect(screen.queryByTestId('exam-publish-2')).toBeNull();

    fireEvent.click(screen.getByTestId('exam-view-2'));
    const dialog = await screen.findByTestId('exam-batch-dialog');
    expect(dialog).toHaveAttribute('data-mode', 'view');
    expect(screen.getByTestId('exam-form-published')).toHaveTextContent(i18n.t('examBatchPage.publishedNote', { time: '2026-11-10 09:00' }));
    expect(screen.queryByTestId('exam-subject-add')).toBeNull();
    expect(screen.queryByTestId('exam-batch-dialog-ok')).toBeNull();
    fireEvent.click(screen.getByTestId('exam-batch-dialog-close'));

    fireEvent.click(screen.getByTestId('exam-unpublish-2'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    const asked = confirm.mock.calls[0]![0] as ModalFuncProps;
    expect(asked.title).toBe(i18n.t('examBatchPage.unpublishTitle', { name: 'Grade 10 monthly test' }));
    await act(async () => void (await asked.onOk?.()));
    expect(stub.bodies(`${BASE}/publish`)).toEqual([{ ids: [2], published: false }]);
    expect(success).toHaveBeenCalledWith('1 no longer published');
    await waitFor(() => expect(stub.calls(`${BASE}/page`).length).toBeGreaterThan(1));
  });

  it('publishes the ticked exams that are not published yet nor of an ended term, after confirming', async () => {
    renderPage();
    await screen.findByText('Grade 10 midterm');
    fireEvent.click(screen.getByTestId('exam-batch-publish'));
    expect(warning).toHaveBeenCalledWith(i18n.t('common.selectNone'));
    const tick = (text: string) => fireEvent.click(within(screen.getByText(text).closest('tr') as HTMLElement).getByRole('checkbox'));
    tick('Grade 10 midterm');
    tick('Grade 10 monthly test');
    // One of an ended term is left out too.
    tick('Spring final');
    fireEvent.click(screen.getByTestId('exam-batch-publish'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    const asked = confirm.mock.calls[0]![0] as ModalFuncProps;
    expect(asked.title).toBe(i18n.t('examBatchPage.publishTitle', { name: 'Grade 10 midterm' }));
    await act(async () => void (await asked.onOk?.()));
    expect(stub.bodies(`${BASE}/publish`)).toEqual([{ ids: [1], published: true }]);
  });

  it('shows a user without the edit and delete buttons the list read-only', async () => {
    useSession.setState({ permissions: ['exam:batch'], roles: [] });
    renderPage();
    await screen.findByText('Grade 10 midterm');
    for (const testId of ['manage-add', 'manage-batch-delete', 'exam-batch-publish', 'exam-edit-1', 'exam-publish-1', 'exam-delete-1', 'exam-unpublish-2']) {
      expect(screen.queryByTestId(testId)).toBeNull();
    }
    expect(screen.getByTestId('exam-view-1')).toBeInTheDocument();
    expect(screen.getByTestId('manage-export')).toBeInTheDocument();
  });

  it('reads typed times as HH:MM', () => {
    expect(normaliseTime('0830')).toBe('08:30');
    expect(normaliseTime('8:30')).toBe('08:30');
    expect(normaliseTime(' 10\uff1a00 ')).toBe('10:00');
    expect(normaliseTime('8.30')).toBe('8.30');
  });

  it('shows English texts without Chinese but the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    const dialog = await openAdd();
    fireEvent.click(screen.getByTestId('exam-subject-add'));
    await pick('exam-form-grade', 'Grade 10');
    fireEvent.click(screen.getByTestId('exam-batch-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('exam.courseRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the subject')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });
});
