import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModalFuncProps } from 'antd';
import type { LessonChangeOptions, LessonChangeRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import { MakeUpRequestsPage, SwapRequestsPage } from './LessonChangesPage.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// The writes answer the server's msg, as the real client hands it over.
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const messages: Record<string, string> = {
    save: 'Saved (not submitted)',
    submit: 'Submitted: it waits for the class teacher’s review',
    withdraw: 'Withdrawn: it is not submitted any more',
  };
  return {
    ...clientModule,
    ApiError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data: await calls.call(path, options) }),
    download: vi.fn(async () => new Blob()),
  };
});

const swapRoute = { path: '/kbgl/tksq', title: '调课申请', titleEn: 'Class-swap requests' } as AppRoute;
const makeUpRoute = { path: '/kbgl/bksq', title: '补课申请', titleEn: 'Make-up class requests' } as AppRoute;
const SWAPS = '/api/timetable/swaps';
const MAKE_UPS = '/api/timetable/makeUps';

const BASE_OPTIONS: LessonChangeOptions = {
  terms: [{ id: 1, name: '2026-2027 first term', isCurrent: true, weekCount: 20, currentWeek: 12 }],
  termId: 1,
  classes: [
    { id: 5, name: 'Class 8-1', courses: [{ id: 31, name: 'Chinese' }] },
    {
      id: 6,
      name: 'Class 8-2',
      courses: [
        { id: 31, name: 'Chinese' },
        { id: 32, name: 'Reading' },
      ],
    },
  ],
  classrooms: [{ id: 3, name: 'Room 101' }],
  days: [1, 2, 3, 4, 5].map((day) => ({ day, name: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'][day - 1]! })),
  periods: [1, 2, 3].map((sort) => ({ sort, name: `Period ${sort}` })),
  lessons: [],
};

const LESSONS: LessonChangeOptions['lessons'] = [
  { day: 2, period: 3, courseName: 'Chinese', teacherName: 'Wang Fang', mine: true },
  { day: 4, period: 1, courseName: 'Maths', teacherName: 'Li Lei', mine: false },
];

const request = (id: number, extra: Partial<LessonChangeRow> = {}): LessonChangeRow => ({
  id,
  kind: 'swap',
  termId: 1,
  termName: '2026-2027 first term',
  classId: 5,
  className: 'Class 8-1',
  week: 12,
  weekStart: '2026-11-16',
  teacherName: 'Wang Fang',
  status: 'draft',
  reason: 'Sports day',
  summary: `Class 8-1, week 12: Chinese from Tuesday Period 3 to Thursday Period 1 (#${id})`,
  moves: [
    { day: 2, period: 3, dayName: 'Tuesday', periodName: 'Period 3', courseName: 'Chinese', teacherName: 'Wang Fang', kind: 'cancel' },
    { day: 4, period: 1, dayName: 'Thursday', periodName: 'Period 1', courseName: 'Chinese', teacherName: 'Wang Fang', kind: 'add' },
  ],
  fromDay: 2,
  fromPeriod: 3,
  toDay: 4,
  toPeriod: 1,
  day: null,
  period: null,
  courseId: null,
  classroomId: null,
  applicationId: null,
  trail: [],
  createdAt: '2026-11-14 09:30:00',
  editable: true,
  withdrawable: false,
  ...extra,
});

const ROWS: LessonChangeRow[] = [
  request(1),
  request(2, { status: 'classTeacher', editable: false, withdrawable: true, applicationId: 70 }),
  request(3, { status: 'academicOffice', editable: false, withdrawable: true, applicationId: 71 }),
  request(4, { status: 'passed', editable: false, applicationId: 72 }),
  request(5, { status: 'notPassed', editable: false, applicationId: 73 }),
];

const TRAIL: LessonChangeRow['trail'] = [{ step: 1, decision: 'approve', deciderName: 'Zhang Wei', comment: 'Fine by me', decidedAt: '2026-11-15 10:00:00' }];

const success = vi.fn();
const confirm = vi.fn();

const optionsAnswer = (options: { json?: unknown } | undefined): LessonChangeOptions => {
  const body = (options?.json ?? {}) as { classId?: number; week?: number };
  return { ...BASE_OPTIONS, lessons: body.classId && body.week ? LESSONS : [] };
};

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  confirm.mockReset();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: { confirm, warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  for (const base of [SWAPS, MAKE_UPS]) {
    stub
      .on(`${base}/options`, optionsAnswer)
      .on(`${base}/page`, () => ({ total: ROWS.length, rows: ROWS }))
      .on(`${base}/get`, (options) => ({ ...ROWS.find((row) => row.id === (options?.json as { id: number }).id)!, trail: TRAIL }))
      .on(`${base}/save`, () => ({ id: 9 }))
      .on(`${base}/submit`, () => null)
      .on(`${base}/withdraw`, () => null)
      .on(`${base}/check`, () => ({ ok: true, conflicts: [], moves: [] }));
  }
  useSession.setState({ permissions: ['timetable:swap', 'timetable:makeUp'], roles: [] });
});

function renderPage(kind: 'swap' | 'makeUp' = 'swap') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{kind === 'swap' ? <SwapRequestsPage route={swapRoute} /> : <MakeUpRequestsPage route={makeUpRoute} />}</QueryClientProvider>);
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

const hasChinese = () => /[\u4e00-\u9fff]/.test(document.body.textContent ?? '');

describe('LessonChangesPage', () => {
  it('lists the requests with the five statuses and offers what each status allows; submitting asks first', async () => {
    renderPage();
    expect(await screen.findByTestId('lesson-change-summary-1')).toHaveTextContent('Class 8-1, week 12');
    expect(screen.getByTestId('lesson-change-status-1')).toHaveTextContent('未提交');
    expect(screen.getByTestId('lesson-change-status-2')).toHaveTextContent('待班主任审核');
    expect(screen.getByTestId('lesson-change-status-3')).toHaveTextContent('待教务处审核');
    expect(screen.getByTestId('lesson-change-status-4')).toHaveTextContent('已通过');
    expect(screen.getByTestId('lesson-change-status-5')).toHaveTextContent('未通过');
    expect(screen.getAllByText('第12周').length).toBe(5);
    expect(screen.getAllByText('周一 2026-11-16').length).toBe(5);

    // A draft: modify, submit, delete; no withdraw.
    expect(screen.getByTestId('lesson-change-edit-1')).toBeInTheDocument();
    expect(screen.getByTestId('lesson-change-submit-1')).toBeInTheDocument();
    expect(screen.getByTestId('lesson-change-delete-1')).toBeInTheDocument();
    expect(screen.queryByTestId('lesson-change-withdraw-1')).toBeNull();
    // Waiting for the class teacher or the office: withdraw only, never modify, submit nor delete.
    for (const id of [2, 3]) {
      expect(screen.getByTestId(`lesson-change-withdraw-${id}`)).toBeInTheDocument();
      expect(screen.queryByTestId(`lesson-change-edit-${id}`)).toBeNull();
      expect(screen.queryByTestId(`lesson-change-submit-${id}`)).toBeNull();
      expect(screen.queryByTestId(`lesson-change-delete-${id}`)).toBeNull();
    }
    // Decided: only viewed.
    for (const id of [4, 5]) {
      expect(screen.getByTestId(`lesson-change-view-${id}`)).toBeInTheDocument();
      expect(screen.queryByTestId(`lesson-change-edit-${id}`)).toBeNull();
      expect(screen.queryByTestId(`lesson-change-withdraw-${id}`)).toBeNull();
    }

    fireEvent.click(screen.getByTestId('lesson-change-withdraw-2'));
    await waitFor(() => expect(stub.bodies(`${SWAPS}/withdraw`)).toEqual([{ id: 2 }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Withdrawn: it is not submitted any more'));

    // Submitting asks first, and only then calls submit.
    fireEvent.click(screen.getByTestId('lesson-change-submit-1'));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(stub.calls(`${SWAPS}/submit`)).toHaveLength(0);
    await act(async () => {
      await (confirm.mock.calls[0]![0] as ModalFuncProps).onOk?.();
    });
    expect(stub.bodies(`${SWAPS}/submit`)).toEqual([{ id: 1 }]);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Submitted: it waits for the class teacher’s review'));
  });

  it('picks the lesson and its new time on the class week, and shows the conflicts the check answers', async () => {
    const conflict = 'Class time conflict, please change: Class 8-1 has Maths on Thursday, Period 1';
    stub.on(`${SWAPS}/check`, () => ({ ok: false, conflicts: [conflict, 'Class time conflict, please change: Room 101 is used by Physics on Thursday, Period 1'], moves: [] }));
    renderPage();
    await screen.findByTestId('lesson-change-summary-1');
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('lesson-change-dialog');
    // The current term and its current week to start with.
    await waitFor(() => expect(within(dialog).getByTestId('lesson-change-week').closest('.ant-select')).toHaveTextContent('第12周（本周）'));
    await pick('lesson-change-class', 'Class 8-1');

    // The week's lessons of the class: only the caller's can be picked as the one to move.
    const mine = await within(dialog).findByTestId('lesson-change-pick-2-3');
    expect(within(dialog).queryByTestId('lesson-change-pick-4-1')).toBeNull();
    expect(stub.bodies(`${SWAPS}/options`)).toContainEqual({ termId: 1, classId: 5, week: 12 });
    fireEvent.click(mine);
    expect(within(dialog).getByTestId('lesson-change-from')).toHaveTextContent('Tuesday');
    // Then any other period is a target (a lesson there changes places).
    fireEvent.click(await within(dialog).findByTestId('lesson-change-pick-4-1'));
    expect(within(dialog).getByTestId('lesson-change-to')).toHaveTextContent('Thursday');

    // The reason is required before the check.
    fireEvent.click(screen.getByTestId('lesson-change-check'));
    expect(await within(dialog).findByText(i18n.t('lessonChange.reasonRequired'))).toBeInTheDocument();
    expect(stub.calls(`${SWAPS}/check`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('lesson-change-reason'), { target: { value: ' Sports day ' } });
    fireEvent.click(screen.getByTestId('lesson-change-check'));
    await waitFor(() => expect(stub.calls(`${SWAPS}/check`)).toHaveLength(1));
    expect(stub.bodies(`${SWAPS}/check`)[0]).toEqual({ termId: 1, classId: 5, week: 12, fromDay: 2, fromPeriod: 3, toDay: 4, toPeriod: 1, reason: 'Sports day' });
    const answer = await within(dialog).findByTestId('lesson-change-check-answer');
    expect(answer).toHaveAttribute('data-ok', 'false');
    expect(within(answer).getAllByTestId('lesson-change-conflict').map((item) => item.textContent)).toEqual([conflict, 'Class time conflict, please change: Room 101 is used by Physics on Thursday, Period 1']);
    expect(stub.calls(`${SWAPS}/save`)).toHaveLength(0);

    // A successful check shows the moves.
    stub.on(`${SWAPS}/check`, () => ({ ok: true, conflicts: [], moves: ROWS[0]!.moves }));
    fireEvent.click(screen.getByTestId('lesson-change-check'));
    await waitFor(() => expect(within(dialog).getByTestId('lesson-change-check-answer')).toHaveAttribute('data-ok', 'true'));
    expect(within(dialog).getAllByTestId('lesson-change-move').map((item) => item.getAttribute('data-kind'))).toEqual(['cancel', 'add']);
  });

  it('sends the make-up form with its day, period, course and reason, then confirms before submitting', async () => {
    renderPage('makeUp');
    await screen.findByTestId('lesson-change-summary-1');
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('lesson-change-dialog');
    await pick('lesson-change-class', 'Class 8-2');
    await pick('lesson-change-day', 'Wednesday');
    await pick('lesson-change-period', 'Period 2');
    await pick('lesson-change-course', 'Reading');
    fireEvent.change(within(dialog).getByTestId('lesson-change-reason'), { target: { value: 'Missed for the school trip' } });

    fireEvent.click(screen.getByTestId('lesson-change-save-submit'));
    await waitFor(() => expect(stub.calls(`${MAKE_UPS}/save`)).toHaveLength(1));
    expect(stub.bodies(`${MAKE_UPS}/save`)[0]).toEqual({ termId: 1, classId: 6, week: 12, day: 3, period: 2, courseId: 32, reason: 'Missed for the school trip' });
    // Saved as a draft, then asked; submit waits for the answer.
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(stub.calls(`${MAKE_UPS}/submit`)).toHaveLength(0);
    await act(async () => {
      await (confirm.mock.calls[0]![0] as ModalFuncProps).onOk?.();
    });
    expect(stub.bodies(`${MAKE_UPS}/submit`)).toEqual([{ id: 9 }]);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Submitted: it waits for the class teacher’s review'));
    await waitFor(() => expect(screen.queryByTestId('lesson-change-dialog')).toBeNull());
  });

  it('shows English texts without Chinese', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage();
    await screen.findByTestId('lesson-change-summary-1');
    expect(screen.getByTestId('lesson-change-status-2')).toHaveTextContent('Awaiting class teacher review');
    expect(screen.getByTestId('lesson-change-status-4')).toHaveTextContent('Passed');
    expect(hasChinese()).toBe(false);

    fireEvent.click(screen.getByTestId('lesson-change-view-2'));
    expect(await screen.findByTestId('lesson-change-trail-entry')).toHaveTextContent('Reviewed by Zhang Wei');
    expect(screen.getByTestId('lesson-change-detail-reason')).toHaveTextContent('Sports day');
    expect(screen.getByTestId('lesson-change-detail-moves')).toHaveTextContent('Removed');
    expect(hasChinese()).toBe(false);
    fireEvent.click(screen.getByTestId('lesson-change-view-close'));

    fireEvent.click(screen.getByTestId('lesson-change-edit-1'));
    const dialog = await screen.findByTestId('lesson-change-dialog');
    // A draft opens on its lesson, ready to choose where it moves.
    await within(dialog).findByTestId('lesson-change-pick-4-1');
    expect(within(dialog).getByTestId('lesson-change-from')).toHaveTextContent('Tuesday, Period 3');
    expect(within(dialog).getByTestId('lesson-change-to')).toHaveTextContent('Thursday, Period 1');
    fireEvent.click(screen.getByTestId('lesson-change-check'));
    await within(dialog).findByTestId('lesson-change-check-answer');
    expect(hasChinese()).toBe(false);
    await act(() => i18n.changeLanguage('zh'));
  });
});
