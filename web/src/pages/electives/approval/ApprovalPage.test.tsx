import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModalFuncProps } from 'antd';
import type { CourseStudentRow, DeclarationOptions, DeclarationRow, SelectionSettings } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import ApprovalPage from './ApprovalPage.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const messages: Record<string, string> = { review: 'Approved: Chess club is open for selection', save: 'Saved', draw: 'Lottery drawn: 28 places given, 3 preferences not drawn' };
  return {
    ...clientModule,
    ApiError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data: await calls.call(path, options) }),
  };
});

const route = { path: '/xkgl/kcsp', title: '选修课审批', titleEn: 'Elective approval' } as AppRoute;
const BASE = '/api/electives';

const OPTIONS: DeclarationOptions = {
  terms: [
    { id: 1, name: '2026-2027 first term', isCurrent: true, weekCount: 20 },
    { id: 2, name: '2026-2027 second term', isCurrent: false, weekCount: 18 },
  ],
  grades: [{ id: 10, name: 'Grade 10' }],
  classrooms: [{ id: 3, name: 'Room 101', capacity: 40 }],
  days: [{ day: 3, name: 'Wednesday' }],
  periods: [{ sort: 7, name: 'Period 7' }],
};

const declaration = (id: number, extra: Partial<DeclarationRow> = {}): DeclarationRow => ({
  id,
  termId: 1,
  termName: '2026-2027 first term',
  name: `Course ${id}`,
  intro: 'An intro',
  lectures: Array.from({ length: 12 }, (_, index) => `Lecture ${index + 1}`),
  capacity: 30,
  gradeIds: [10],
  gradeNames: ['Grade 10'],
  day: 3,
  dayName: 'Wednesday',
  period: 7,
  periodName: 'Period 7',
  weekFrom: 1,
  weekTo: 18,
  classroomId: 3,
  classroomName: 'Room 101',
  teacherId: 7,
  teacherName: 'Wang Fang',
  status: 'declared',
  reviewComment: '',
  reviewerName: '',
  reviewedAt: '',
  sessionId: null,
  enrolled: 0,
  updatedAt: '2026-09-01 10:00',
  mine: false,
  editable: false,
  ...extra,
});

const ROWS = [declaration(2, { name: 'Chess club' }), declaration(4, { name: 'Astronomy', status: 'approved', sessionId: 40, enrolled: 12, reviewerName: 'Dean Zhao', reviewedAt: '2026-09-02 09:30' })];

const STUDENTS: CourseStudentRow[] = [
  { studentId: 1, studentNumber: '20261001', name: 'Amy Li', className: 'Class 10-1', kind: 'major', status: 'enrolled' },
  { studentId: 2, studentNumber: '20261002', name: 'Ben Wu', className: 'Class 10-2', kind: 'minor', status: 'enrolled' },
];

const SETTINGS: SelectionSettings = {
  termId: 1,
  termName: '2026-2027 first term',
  phase: 'closed',
  selectionStart: '2026-09-01 08:00',
  selectionEnd: '2026-09-07 20:00',
  mode: 'lottery',
  drawnAt: '',
  waiting: 31,
  enrolled: 0,
};

const success = vi.fn();
const confirm = vi.fn();

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  confirm.mockReset();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: { confirm, warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  useSession.setState({ permissions: ['elective:approve'], roles: [] });
  stub
    .on(`${BASE}/declarations/options`, () => OPTIONS)
    .on(`${BASE}/declarations/page`, () => ({ total: ROWS.length, rows: ROWS }))
    .on(`${BASE}/declarations/review`, () => null)
    .on(`${BASE}/courses/students`, () => STUDENTS)
    .on(`${BASE}/settings/get`, () => SETTINGS)
    .on(`${BASE}/settings/save`, () => null)
    .on(`${BASE}/settings/draw`, () => ({ placed: 28, unplaced: 3 }));
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ApprovalPage route={route} />
    </QueryClientProvider>,
  );
}

describe('ApprovalPage', () => {
  it('lists the declared ones first, and a rejection needs its reason', async () => {
    renderPage();
    expect(await screen.findByText('Chess club')).toBeInTheDocument();
    expect(stub.bodies(`${BASE}/declarations/page`)[0]?.search).toEqual({ keyword: '', termId: '', status: 'declared' });

    fireEvent.click(screen.getByTestId('elective-review-2'));
    const dialog = await screen.findByTestId('elective-review-dialog');
    expect(within(dialog).getByTestId('elective-detail-lectures').querySelectorAll('li')).toHaveLength(12);
    fireEvent.click(screen.getByTestId('elective-review-reject'));
    expect(await within(dialog).findByText(i18n.t('elective.rejectReasonRequired'))).toBeInTheDocument();
    expect(stub.calls(`${BASE}/declarations/review`)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('elective-review-comment'), { target: { value: ' Clashes with the exams ' } });
    fireEvent.click(screen.getByTestId('elective-review-reject'));
    await waitFor(() => expect(stub.bodies(`${BASE}/declarations/review`)).toEqual([{ id: 2, decision: 'reject', comment: 'Clashes with the exams' }]));
  });

  it('approves without a comment and lists the students of an open course', async () => {
    renderPage();
    await screen.findByText('Chess club');
    fireEvent.click(screen.getByTestId('elective-review-2'));
    await screen.findByTestId('elective-review-dialog');
    fireEvent.click(screen.getByTestId('elective-review-approve'));
    await waitFor(() => expect(stub.bodies(`${BASE}/declarations/review`)).toEqual([{ id: 2, decision: 'approve', comment: '' }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Approved: Chess club is open for selection'));

    expect(screen.getByTestId('elective-approve-enrolled-4')).toHaveTextContent(i18n.t('electiveUi.enrolledOf', { enrolled: 12, capacity: 30 }));
    fireEvent.click(screen.getByTestId('elective-students-4'));
    const list = await screen.findByTestId('elective-course-students');
    expect(await within(list).findByText('Amy Li')).toBeInTheDocument();
    expect(stub.bodies(`${BASE}/courses/students`)).toEqual([{ sessionId: 40 }]);
  });

  it("sets a new term's window and mode", async () => {
    stub.on(`${BASE}/settings/get`, () => null);
    renderPage();
    await screen.findByText('Chess club');
    fireEvent.click(screen.getByText(i18n.t('electiveApprove.tabSettings')));
    expect(await screen.findByTestId('elective-settings-phase')).toHaveTextContent(i18n.t('electiveUi.phase.none'));
    expect(screen.queryByTestId('elective-draw')).toBeNull();
    // Without a window nothing is sent.
    fireEvent.click(screen.getByTestId('elective-settings-save'));
    expect(await screen.findAllByText(i18n.t('elective.timeFormat'))).toHaveLength(2);
    expect(stub.calls(`${BASE}/settings/save`)).toHaveLength(0);

    const type = (testId: string, value: string) => {
      const input = screen.getByTestId(testId).closest('.ant-picker')?.querySelector('input') ?? (screen.getByTestId(testId) as HTMLInputElement);
      fireEvent.mouseDown(input);
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.blur(input);
    };
    type('elective-settings-start', '2026-09-01 08:00');
    type('elective-settings-end', '2026-09-07 20:00');
    fireEvent.click(screen.getByRole('radio', { name: i18n.t('electiveUi.mode.lottery') }));
    fireEvent.click(screen.getByTestId('elective-settings-save'));
    await waitFor(() => expect(stub.bodies(`${BASE}/settings/save`)).toEqual([{ termId: 1, selectionStart: '2026-09-01 08:00', selectionEnd: '2026-09-07 20:00', mode: 'lottery' }]));
  });

  it("saves a term's settings and draws a closed lottery term after confirming, showing the server's result", async () => {
    renderPage();
    await screen.findByText('Chess club');
    fireEvent.click(screen.getByText(i18n.t('electiveApprove.tabSettings')));
    const facts = await screen.findByTestId('elective-settings-facts');
    expect(screen.getByTestId('elective-settings-phase')).toHaveTextContent(i18n.t('electiveUi.phase.closed'));
    expect(within(facts).getByTestId('elective-settings-waiting')).toHaveTextContent('31');
    expect(stub.bodies(`${BASE}/settings/get`)[0]).toEqual({ termId: 1 });

    // Students have chosen: the way places are given is fixed.
    const firstCome = screen.getByRole('radio', { name: i18n.t('electiveUi.mode.first_come') });
    expect(firstCome).toBeDisabled();
    expect(screen.getByText(i18n.t('elective.settingsLocked'))).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('elective-settings-save'));
    await waitFor(() => expect(stub.bodies(`${BASE}/settings/save`)).toEqual([{ termId: 1, selectionStart: '2026-09-01 08:00', selectionEnd: '2026-09-07 20:00', mode: 'lottery' }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Saved'));

    fireEvent.click(await screen.findByTestId('elective-draw'));
    expect(confirm).toHaveBeenCalledTimes(1);
    await act(async () => {
      await (confirm.mock.calls[0]![0] as ModalFuncProps).onOk?.();
    });
    expect(stub.bodies(`${BASE}/settings/draw`)).toEqual([{ termId: 1 }]);
    expect(await screen.findByTestId('elective-draw-result')).toHaveTextContent('Lottery drawn: 28 places given, 3 preferences not drawn');
  });

  it('shows English texts without Chinese', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage();
    await screen.findByText('Chess club');
    fireEvent.click(screen.getByTestId('elective-review-2'));
    await screen.findByTestId('elective-review-dialog');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    fireEvent.click(screen.getByTestId('elective-review-cancel'));
    fireEvent.click(screen.getByText('Selection settings'));
    await screen.findByTestId('elective-settings-facts');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });
});
