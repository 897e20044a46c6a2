import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ChoiceChangeRow, MyChoices, MyShiftBatch } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import ShiftChoicePage from './ShiftChoicePage.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// A handler that throws the stub's ApiError is a refusal (result false with the server's msg): shown by the
// client unless silent, and rejected with the client's ApiError carrying the envelope.
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
      const data = (await wrap(path, options)) as { msg?: string } | null;
      return { result: true, code: 200, msg: data?.msg ?? '', data: null };
    },
  };
});

const route = { path: '/zbgl/xszy', title: '选科志愿', titleEn: 'Subject choices' } as AppRoute;
const MY = '/api/electives/shift/my';
const CHOOSE = '/api/electives/shift/my/choose';
const CHANGE = '/api/electives/shift/my/change';

const COURSES: MyShiftBatch['courses'] = [
  { id: 1, courseName: 'Physics', level: '', choiceGroup: 'first', weeklyHours: 4 },
  { id: 2, courseName: 'History', level: '', choiceGroup: 'first', weeklyHours: 4 },
  { id: 3, courseName: 'Chemistry', level: '', choiceGroup: 'second', weeklyHours: 4 },
  { id: 4, courseName: 'Biology', level: 'A', choiceGroup: 'second', weeklyHours: 3 },
  { id: 5, courseName: 'Politics', level: '', choiceGroup: 'second', weeklyHours: 4 },
  { id: 6, courseName: 'Geography', level: '', choiceGroup: 'second', weeklyHours: 4 },
];

const batch = (id: number, extra: Partial<MyShiftBatch> = {}, head: Partial<MyShiftBatch['batch']> = {}): MyShiftBatch => ({
  batch: { id, name: `Grade 10 choices ${id}`, scheme: '312', choiceStart: '2026-09-01 08:00', choiceEnd: '2026-09-10 20:00', status: 'inProgress', termName: '2026-2027 first term', ...head },
  courses: COURSES,
  chosen: [],
  canChoose: true,
  canRequestChange: false,
  changes: [],
  classes: [],
  ...extra,
});

const change = (id: number, extra: Partial<ChoiceChangeRow> = {}): ChoiceChangeRow => ({
  id,
  batchId: 20,
  batchName: 'Grade 11 choices',
  studentId: 5,
  studentNumber: '202011001',
  studentName: 'Amy Li',
  className: 'Class 10-1',
  fromNames: ['Physics', 'Chemistry', 'Biology(A)'],
  toNames: ['Physics', 'Chemistry', 'Politics'],
  reason: 'More interested in politics',
  status: 'rejected',
  reviewComment: 'The class is full',
  reviewerName: 'Office',
  reviewedAt: '2026-09-15 09:00',
  createdAt: '2026-09-12 10:00',
  ...extra,
});

const AMY = { id: 5, name: 'Amy Li', className: 'Class 10-1' };
const BEN = { id: 6, name: 'Ben Li', className: 'Class 8-2' };

const my = (batches: MyShiftBatch[], extra: Partial<MyChoices> = {}): MyChoices => ({ students: [AMY], studentId: 5, batches, ...extra });

const success = vi.fn();
const error = vi.fn();

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  error.mockClear();
  setFeedback({ message: { error, success, warning: vi.fn(), info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  useSession.setState({ permissions: ['elective:shiftChoice'], roles: [] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ShiftChoicePage route={route} />
    </QueryClientProvider>,
  );
}

/** Clicks a subject's tile (its label toggles the radio or check box). */
const tick = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const input = (testId: string) => screen.getByTestId(testId).closest('label')!.querySelector('input')!;

describe('ShiftChoicePage', () => {
  it('lets a student choose one first-choice and two second-choice subjects and save them', async () => {
    let chosen: number[] = [];
    stub.on(MY, () => my([batch(10, { chosen })])).on(CHOOSE, (options) => {
      chosen = (options?.json as { batchCourseIds: number[] }).batchCourseIds;
      return { msg: 'Choice saved' };
    });
    renderPage();
    const card = await screen.findByTestId('shift-choice-batch-10');
    expect(within(card).getByText(i18n.t('shiftChoice.groupFirst'))).toBeInTheDocument();
    expect(within(card).getByText(i18n.t('shiftChoice.groupSecond', { count: 2 }))).toBeInTheDocument();
    expect(screen.getByTestId('shift-choice-status-10')).toHaveTextContent(i18n.t('shift.status.inProgress'));
    expect(screen.getByTestId('shift-choice-chosen-10')).toHaveTextContent(i18n.t('shiftChoice.notChosen'));
    // Level and weekly hours of each subject.
    expect(screen.getByTestId('shift-choice-option-10-4')).toHaveTextContent(i18n.t('shiftChoice.level', { level: 'A' }));
    expect(screen.getByTestId('shift-choice-option-10-4')).toHaveTextContent(i18n.t('shiftChoice.hours', { hours: 3 }));
    expect(screen.getByTestId('shift-choice-save-10')).toBeDisabled();
    expect(screen.getByTestId('shift-choice-hint-10')).toHaveTextContent(i18n.t('shiftChoice.hint312', { first: 0, second: 0 }));

    tick('shift-choice-option-10-1');
    tick('shift-choice-option-10-3');
    tick('shift-choice-option-10-4');
    expect(input('shift-choice-option-10-1')).toBeChecked();
    // Two second-choice subjects are the most: the others wait.
    expect(input('shift-choice-option-10-5')).toBeDisabled();
    expect(input('shift-choice-option-10-6')).toBeDisabled();
    // The first choice is one of two: a radio.
    tick('shift-choice-option-10-2');
    expect(input('shift-choice-option-10-1')).not.toBeChecked();
    tick('shift-choice-option-10-1');
    expect(screen.getByTestId('shift-choice-hint-10')).toHaveTextContent(i18n.t('shiftChoice.readyHint'));

    fireEvent.click(screen.getByTestId('shift-choice-save-10'));
    await waitFor(() => expect(stub.bodies(CHOOSE)).toEqual([{ batchId: 10, studentId: 5, batchCourseIds: [1, 3, 4] }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Choice saved'));
    // Read again: the saved choice shows, and saving the same again is not offered.
    await waitFor(() => expect(screen.getByTestId('shift-choice-chosen-10')).toHaveTextContent('Physics\u3001Chemistry\u3001Biology'));
    expect(screen.getByTestId('shift-choice-hint-10')).toHaveTextContent(i18n.t('shiftChoice.savedHint'));
    expect(screen.getByTestId('shift-choice-save-10')).toBeDisabled();
    expect(input('shift-choice-option-10-4')).toBeChecked();
  });

  it("shows the server's refusal on the batch's card as an error", async () => {
    const refusal = 'The choice window of Grade 10 choices 10 ended at 2026-09-10 20:00: ask for a change instead';
    stub.on(MY, () => my([batch(10)])).on(CHOOSE, () => {
      throw new ApiError(refusal);
    });
    renderPage();
    await screen.findByTestId('shift-choice-batch-10');
    tick('shift-choice-option-10-2');
    tick('shift-choice-option-10-5');
    tick('shift-choice-option-10-6');
    fireEvent.click(screen.getByTestId('shift-choice-save-10'));
    expect(await screen.findByTestId('shift-choice-refusal-10')).toHaveTextContent(refusal);
    expect(error).toHaveBeenCalledWith(refusal);
    expect(success).not.toHaveBeenCalled();
    await waitFor(() => expect(stub.calls(MY).length).toBeGreaterThan(1));
  });

  it('offers a change request with a reason after the window, and lists the requests with their review', async () => {
    let changes = [change(31), change(30, { status: 'approved', reviewComment: 'Agreed', createdAt: '2026-09-11 10:00' })];
    const ended = () =>
      batch(20, { chosen: [1, 3, 4], canChoose: false, canRequestChange: !changes.some((c) => c.status === 'pending'), changes }, { name: 'Grade 11 choices', status: 'ended', choiceEnd: '2026-09-10 20:00' });
    stub.on(MY, () => my([ended()])).on(CHANGE, (options) => {
      changes = [change(32, { status: 'pending', reviewComment: '', reviewerName: '', reviewedAt: null }), ...changes];
      expect(options?.json).toBeTruthy();
      return { msg: 'Change requested: it waits for the academic office' };
    });
    renderPage();
    const card = await screen.findByTestId('shift-choice-batch-20');
    expect(screen.getByTestId('shift-choice-status-20')).toHaveTextContent(i18n.t('shift.status.ended'));
    expect(screen.getByTestId('shift-choice-chosen-20')).toHaveTextContent('Physics\u3001Chemistry\u3001Biology(A)');
    // Read-only: no inputs, no save.
    expect(within(card).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByTestId('shift-choice-save-20')).toBeNull();
    expect(screen.getByTestId('shift-choice-change-status-31')).toHaveTextContent(i18n.t('shiftChoice.changeStatus.rejected'));
    expect(screen.getByTestId('shift-choice-change-comment-31')).toHaveTextContent('The class is full');
    expect(screen.getByTestId('shift-choice-change-status-30')).toHaveTextContent(i18n.t('shiftChoice.changeStatus.approved'));

    fireEvent.click(screen.getByTestId('shift-choice-ask-20'));
    const dialog = await screen.findByTestId('shift-choice-change-dialog');
    // Starts from the current choice, which is not a change.
    expect(within(dialog).getByTestId('shift-choice-change-hint')).toHaveTextContent(i18n.t('shift.sameChoice'));
    expect(screen.getByTestId('shift-choice-change-submit')).toBeDisabled();
    tick('shift-choice-change-option-4');
    tick('shift-choice-change-option-6');
    expect(screen.getByTestId('shift-choice-change-submit')).toBeEnabled();
    // The reason is required.
    fireEvent.click(screen.getByTestId('shift-choice-change-submit'));
    expect(await within(dialog).findByText(i18n.t('shift.reasonRequired'))).toBeInTheDocument();
    expect(stub.calls(CHANGE)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('shift-choice-reason'), { target: { value: 'Geography suits me better' } });
    fireEvent.click(screen.getByTestId('shift-choice-change-submit'));
    await waitFor(() => expect(stub.bodies(CHANGE)).toEqual([{ batchId: 20, studentId: 5, toCourseIds: [1, 3, 6], reason: 'Geography suits me better' }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Change requested: it waits for the academic office'));
    // The new request waits; no second one is offered meanwhile.
    expect(await screen.findByTestId('shift-choice-change-status-32')).toHaveTextContent(i18n.t('shiftChoice.changeStatus.pending'));
    await waitFor(() => expect(screen.queryByTestId('shift-choice-ask-20')).toBeNull());
    expect(screen.getByTestId('shift-choice-batch-20')).toHaveTextContent(i18n.t('shiftChoice.pendingHint'));
  });

  it('lets a parent switch between children; a grade without batches says so', async () => {
    stub.on(MY, (options) => {
      const { studentId } = (options?.json ?? {}) as { studentId?: number };
      return studentId === 6 ? my([], { students: [AMY, BEN], studentId: 6 }) : my([batch(10)], { students: [AMY, BEN] });
    });
    renderPage();
    expect(await screen.findByTestId('shift-choice-student')).toHaveTextContent('Amy Li');
    expect(await screen.findByTestId('shift-choice-batch-10')).toBeInTheDocument();
    expect(stub.bodies(MY)[0]).toEqual({});
    fireEvent.click(screen.getByTestId('shift-choice-child-6'));
    await waitFor(() => expect(stub.bodies(MY).at(-1)).toEqual({ studentId: 6 }));
    await waitFor(() => expect(screen.getByTestId('shift-choice-student')).toHaveTextContent('Ben Li'));
    expect(await screen.findByTestId('shift-choice-empty')).toHaveTextContent(i18n.t('shiftChoice.noBatches'));
    expect(screen.queryByTestId('shift-choice-batch-10')).toBeNull();
  });

  it('reads in English: groups, statuses, a window not open yet, 3+3 and the published classes', async () => {
    await act(() => i18n.changeLanguage('en'));
    stub.on(MY, () =>
      my(
        [
          batch(10),
          batch(11, { canChoose: false }, { name: 'Second round', status: 'notStarted', choiceStart: '2026-10-01 08:00' }),
          batch(12, { courses: COURSES.map((c) => ({ ...c, choiceGroup: 'second' as const })) }, { name: 'Three of six', scheme: '33' }),
          batch(
            13,
            { chosen: [1, 3, 4], canChoose: false, classes: [{ name: 'Physics 1', teacherName: 'Wang Fang', classroomName: 'Room 101', times: 'Monday Period 5, Tuesday Period 5' }] },
            { name: 'Grade 11 choices', status: 'ended' },
          ),
        ],
        { students: [AMY, BEN] },
      ),
    );
    renderPage();
    const card = await screen.findByTestId('shift-choice-batch-10');
    expect(within(card).getByText('First choice (choose 1)')).toBeInTheDocument();
    expect(within(card).getByText('Second choice (choose 2)')).toBeInTheDocument();
    expect(screen.getByTestId('shift-choice-status-10')).toHaveTextContent('In progress');
    expect(screen.getByTestId('shift-choice-save-10')).toHaveTextContent('Save choice');
    expect(screen.getByTestId('shift-choice-status-11')).toHaveTextContent('Not started');
    expect(screen.getByTestId('shift-choice-opens-11')).toHaveTextContent('Choosing opens at 2026-10-01 08:00.');
    expect(within(screen.getByTestId('shift-choice-batch-11')).queryAllByRole('radio')).toHaveLength(0);
    // 3+3: any three, no fourth.
    const three = screen.getByTestId('shift-choice-batch-12');
    expect(within(three).getByText('Choose 3')).toBeInTheDocument();
    tick('shift-choice-option-12-1');
    tick('shift-choice-option-12-2');
    tick('shift-choice-option-12-5');
    expect(input('shift-choice-option-12-6')).toBeDisabled();
    expect(screen.getByTestId('shift-choice-save-12')).toBeEnabled();
    // The published classes of an ended batch.
    const classes = screen.getByTestId('shift-choice-classes-13');
    expect(classes).toHaveTextContent('My shift classes');
    expect(classes).toHaveTextContent('Physics 1');
    expect(classes).toHaveTextContent('Room 101');
    expect(screen.getByTestId('shift-choice-chosen-13')).toHaveTextContent('Physics, Chemistry, Biology (A)');
    expect(screen.queryByTestId('shift-choice-ask-13')).toBeNull();
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });
});
