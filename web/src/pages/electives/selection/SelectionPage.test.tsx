import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModalFuncProps } from 'antd';
import type { ElectiveChoice, ElectiveCourse, SelectionSettings, SelectionView } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import SelectionPage from './SelectionPage.tsx';

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
      return { result: true, code: 200, msg: data?.msg ?? '', data };
    },
  };
});

const route = { path: '/xkgl/xsxk', title: '学生选课', titleEn: 'Course selection' } as AppRoute;
const VIEW = '/api/electives/selection/view';
const CHOOSE = '/api/electives/selection/choose';
const WITHDRAW = '/api/electives/selection/withdraw';

const SETTINGS: SelectionSettings = {
  termId: 1,
  termName: '2026-2027 first term',
  phase: 'open',
  selectionStart: '2026-09-01 08:00',
  selectionEnd: '2026-09-07 20:00',
  mode: 'first_come',
  drawnAt: '',
  waiting: 0,
  enrolled: 40,
};

const course = (sessionId: number, extra: Partial<ElectiveCourse> = {}): ElectiveCourse => ({
  sessionId,
  name: `Course ${sessionId}`,
  intro: 'What it is about',
  lectures: ['First steps', 'Going further'],
  teacherName: 'Wang Fang',
  classroomName: 'Room 101',
  day: 3,
  dayName: 'Wednesday',
  period: 7,
  periodName: 'Period 7',
  weekFrom: 1,
  weekTo: 18,
  capacity: 30,
  enrolled: 5,
  waiting: 0,
  ...extra,
});

const COURSES = [course(11, { name: 'Robotics', enrolled: 30 }), course(12, { name: 'Chess club' }), course(13, { name: 'Pottery', dayName: 'Friday' })];

const view = (extra: Partial<SelectionView> = {}): SelectionView => ({
  terms: [
    { id: 1, name: '2026-2027 first term', isCurrent: true },
    { id: 2, name: '2025-2026 second term', isCurrent: false },
  ],
  termId: 1,
  settings: SETTINGS,
  student: { id: 5, name: 'Amy Li', className: 'Class 10-1', gradeName: 'Grade 10' },
  children: [],
  courses: COURSES,
  choices: [],
  ...extra,
});

const success = vi.fn();
const error = vi.fn();
const confirm = vi.fn();

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  error.mockClear();
  confirm.mockReset();
  setFeedback({ message: { error, success, warning: vi.fn(), info: vi.fn() }, modal: { confirm, warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  useSession.setState({ permissions: ['elective:select'], roles: [] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SelectionPage route={route} />
    </QueryClientProvider>,
  );
}

describe('SelectionPage', () => {
  it('offers the open courses as cards; a full one cannot be chosen in first-come mode', async () => {
    stub.on(VIEW, () => view());
    renderPage();
    const full = await screen.findByTestId('elective-course-11');
    expect(within(full).getByText('Robotics')).toBeInTheDocument();
    expect(screen.getByTestId('elective-course-seats-11')).toHaveTextContent(i18n.t('electiveSelect.seats', { enrolled: 30, capacity: 30 }));
    expect(screen.getByTestId('elective-choose-major-11')).toBeDisabled();
    expect(screen.getByTestId('elective-choose-minor-11')).toBeDisabled();
    expect(screen.getByTestId('elective-course-reason-11')).toHaveTextContent(i18n.t('electiveSelect.full'));
    // A course with seats left can be chosen either way.
    expect(screen.getByTestId('elective-choose-major-12')).toBeEnabled();
    expect(screen.getByTestId('elective-choose-minor-12')).toBeEnabled();
    expect(screen.queryByTestId('elective-course-reason-12')).toBeNull();
    // The window, the mode and the student's empty choices.
    expect(screen.getByTestId('elective-select-window')).toHaveTextContent('2026-09-07 20:00');
    expect(screen.getByTestId('elective-select-phase')).toHaveTextContent(i18n.t('electiveUi.phase.open'));
    expect(screen.getByTestId('elective-choice-major')).toHaveTextContent(i18n.t('electiveSelect.noChoice'));
    expect(stub.bodies(VIEW)[0]).toEqual({});
  });

  it("shows the server's refusal on the course's card and reads the view again; a place is announced", async () => {
    let choices: ElectiveChoice[] = [];
    stub
      .on(VIEW, () => view({ choices }))
      .on(CHOOSE, (options) => {
        const { sessionId, kind } = options?.json as { sessionId: number; kind: 'major' | 'minor' };
        if (sessionId === 12) throw new ApiError('Class time conflict, please change: Maths on Wednesday, Period 7');
        choices = [{ sessionId, kind, status: 'enrolled', name: 'Pottery', dayName: 'Friday', periodName: 'Period 7', chosenAt: '2026-09-02 10:00', chosenByName: 'Amy Li' }];
        return { msg: 'You have a place in Pottery' };
      })
      .on(WITHDRAW, () => ({ msg: 'Withdrawn' }));
    renderPage();
    await screen.findByTestId('elective-course-12');
    fireEvent.click(screen.getByTestId('elective-choose-major-12'));
    await waitFor(() => expect(stub.bodies(CHOOSE)).toEqual([{ sessionId: 12, kind: 'major' }]));
    const refusal = 'Class time conflict, please change: Maths on Wednesday, Period 7';
    expect(await screen.findByTestId('elective-course-refusal-12')).toHaveTextContent(refusal);
    expect(error).toHaveBeenCalledWith(refusal);
    await waitFor(() => expect(stub.calls(VIEW).length).toBeGreaterThan(1));

    fireEvent.click(screen.getByTestId('elective-choose-minor-13'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('You have a place in Pottery'));
    expect(screen.queryByTestId('elective-course-refusal-12')).toBeNull();
    // The choice shows as the minor, with its status; the same course cannot be the major too.
    expect(await screen.findByTestId('elective-choice-status-minor')).toHaveTextContent(i18n.t('electiveUi.choice.enrolled'));
    expect(screen.getByTestId('elective-choice-minor')).toHaveTextContent('Pottery');
    expect(screen.getByTestId('elective-choose-minor-13')).toBeDisabled();
    expect(screen.getByTestId('elective-choose-major-13')).toBeDisabled();

    // Withdrawing inside the window asks first.
    fireEvent.click(screen.getByTestId('elective-withdraw-minor'));
    expect(confirm).toHaveBeenCalledTimes(1);
    choices = [];
    await act(async () => {
      await (confirm.mock.calls[0]![0] as ModalFuncProps).onOk?.();
    });
    expect(stub.bodies(WITHDRAW)).toEqual([{ termId: 1, kind: 'minor' }]);
    await waitFor(() => expect(screen.getByTestId('elective-choice-minor')).toHaveTextContent(i18n.t('electiveSelect.noChoice')));
  });

  it('lets a parent with two children switch between them and choose for the one shown', async () => {
    useSession.setState({ permissions: ['elective:select'], roles: [] });
    const children = [
      { id: 5, name: 'Amy Li', className: 'Class 10-1' },
      { id: 6, name: 'Ben Li', className: 'Class 8-2' },
    ];
    stub
      .on(VIEW, (options) => {
        const { studentId } = (options?.json ?? {}) as { studentId?: number };
        const child = studentId === 6 ? { id: 6, name: 'Ben Li', className: 'Class 8-2', gradeName: 'Grade 8' } : { id: 5, name: 'Amy Li', className: 'Class 10-1', gradeName: 'Grade 10' };
        return view({ children, student: child, courses: studentId === 6 ? [course(21, { name: 'Drama' })] : COURSES });
      })
      .on(CHOOSE, () => ({ msg: 'Your preference for Drama waits for the lottery' }));
    renderPage();
    expect(await screen.findByTestId('elective-select-student')).toHaveTextContent('Amy Li');
    fireEvent.click(screen.getByTestId('elective-select-child-6'));
    await waitFor(() => expect(stub.bodies(VIEW).at(-1)).toEqual({ studentId: 6 }));
    await waitFor(() => expect(screen.getByTestId('elective-select-student')).toHaveTextContent('Ben Li'));
    expect(await screen.findByTestId('elective-course-21')).toBeInTheDocument();
    expect(screen.queryByTestId('elective-course-11')).toBeNull();

    fireEvent.click(screen.getByTestId('elective-choose-major-21'));
    await waitFor(() => expect(stub.bodies(CHOOSE)).toEqual([{ sessionId: 21, kind: 'major', studentId: 6 }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Your preference for Drama waits for the lottery'));
  });

  it('shows a lottery term by its preferences, and a closed window disables the choice with its reason', async () => {
    stub.on(VIEW, () => view({ settings: { ...SETTINGS, mode: 'lottery', phase: 'closed' }, courses: [course(11, { enrolled: 0, waiting: 45 })] }));
    renderPage();
    expect(await screen.findByTestId('elective-course-seats-11')).toHaveTextContent(i18n.t('electiveSelect.preferences', { waiting: 45, capacity: 30 }));
    expect(screen.getByTestId('elective-choose-major-11')).toBeDisabled();
    expect(screen.getByTestId('elective-course-reason-11')).toHaveTextContent(i18n.t('electiveSelect.closedNow', { end: '2026-09-07 20:00' }));
  });

  it('shows English texts without Chinese', async () => {
    await act(() => i18n.changeLanguage('en'));
    stub.on(VIEW, () =>
      view({
        children: [
          { id: 5, name: 'Amy Li', className: 'Class 10-1' },
          { id: 6, name: 'Ben Li', className: 'Class 8-2' },
        ],
        choices: [{ sessionId: 12, kind: 'major', status: 'waiting', name: 'Chess club', dayName: 'Wednesday', periodName: 'Period 7', chosenAt: '2026-09-02 10:00', chosenByName: 'Li Ming' }],
      }),
    );
    renderPage();
    await screen.findByTestId('elective-course-11');
    expect(screen.getByTestId('elective-choice-status-major')).toHaveTextContent('Waiting for the lottery');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });
});
