import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { GradeSheet } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import GradingPage from './GradingPage.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  return {
    ...clientModule,
    ApiError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: { grades?: unknown[] } }) => ({
      result: true,
      code: 200,
      msg: path.endsWith('/grades/save') ? `Scores saved for ${options?.json?.grades?.length ?? 0} students` : '',
      data: await calls.call(path, options),
    }),
  };
});

const route = { path: '/xxkxsgl/xsdf', title: '学生打分', titleEn: 'Student scores' } as AppRoute;
const SHEET = '/api/electives/grades/sheet';
const SAVE = '/api/electives/grades/save';

const SESSIONS: GradeSheet['sessions'] = [
  { sessionId: 31, name: 'Robotics', termName: '2026-2027 first term', teacherName: 'Wang Fang' },
  { sessionId: 32, name: 'Pottery', termName: '2026-2027 first term', teacherName: 'Wang Fang' },
];

const sheet = (sessionId: number, editable = true): GradeSheet => ({
  sessions: SESSIONS,
  sessionId,
  editable,
  rows:
    sessionId === 31
      ? [
          { studentId: 1, studentNumber: '20261001', name: 'Amy Li', className: 'Class 10-1', score: 90, comment: 'Careful work', gradedAt: '2026-12-20 10:00' },
          { studentId: 2, studentNumber: '20261002', name: 'Ben Wu', className: 'Class 10-2', score: null, comment: '', gradedAt: '' },
          { studentId: 3, studentNumber: '20261003', name: 'Cai Yun', className: 'Class 10-1', score: 75.5, comment: '', gradedAt: '2026-12-20 10:00' },
        ]
      : [{ studentId: 4, studentNumber: '20261004', name: 'Dan Zhou', className: 'Class 10-3', score: null, comment: '', gradedAt: '' }],
});

const success = vi.fn();
const confirm = vi.fn();

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  confirm.mockReset();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: { confirm, warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  useSession.setState({ permissions: ['elective:studentScores'], roles: [] });
  stub.on(SHEET, (options) => sheet((options?.json as { sessionId?: number }).sessionId ?? 31)).on(SAVE, () => ({ count: 3 }));
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <GradingPage route={route} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('GradingPage', () => {
  it('sends the whole sheet with the edited scores and comments in one save', async () => {
    renderPage();
    const score = await screen.findByTestId('elective-grade-score-1');
    expect(score).toHaveValue('90.0');
    expect(stub.bodies(SHEET)[0]).toEqual({});
    expect(screen.getByTestId('elective-grades-count')).toHaveTextContent(i18n.t('electiveGrades.scoredOf', { scored: 2, total: 3 }));

    fireEvent.change(score, { target: { value: '92.5' } });
    fireEvent.change(screen.getByTestId('elective-grade-score-2'), { target: { value: '60' } });
    fireEvent.change(screen.getByTestId('elective-grade-comment-2'), { target: { value: ' Improving ' } });
    fireEvent.click(screen.getByTestId('elective-grades-save'));
    await waitFor(() => expect(stub.calls(SAVE)).toHaveLength(1));
    expect(stub.bodies(SAVE)[0]).toEqual({
      sessionId: 31,
      grades: [
        { studentId: 1, score: 92.5, comment: 'Careful work' },
        { studentId: 2, score: 60, comment: 'Improving' },
        { studentId: 3, score: 75.5, comment: '' },
      ],
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Scores saved for 3 students'));
    await waitFor(() => expect(stub.calls(SHEET).length).toBeGreaterThan(1));
  });

  it('refuses a score off the half-point steps, naming the student, without a call', async () => {
    renderPage();
    const score = await screen.findByTestId('elective-grade-score-3');
    fireEvent.change(score, { target: { value: '80.3' } });
    fireEvent.click(screen.getByTestId('elective-grades-save'));
    expect(await screen.findByTestId('elective-grades-problem')).toHaveTextContent('Cai Yun');
    expect(screen.getByTestId('elective-grades-problem')).toHaveTextContent(i18n.t('elective.gradeStep'));
    expect(stub.calls(SAVE)).toHaveLength(0);
  });

  it('asks before dropping unsaved scores when another course is chosen', async () => {
    renderPage();
    fireEvent.change(await screen.findByTestId('elective-grade-score-2'), { target: { value: '70' } });
    fireEvent.mouseDown(within(screen.getByTestId('elective-grades-course').closest('.ant-select') as HTMLElement).getByRole('combobox'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent?.startsWith('Pottery'));
      if (!found) throw new Error('no option');
      return found as HTMLElement;
    });
    fireEvent.click(option);
    expect(confirm).toHaveBeenCalledTimes(1);
    act(() => void confirm.mock.calls[0]![0].onOk());
    expect(await screen.findByTestId('elective-grade-score-4')).toBeInTheDocument();
    expect(stub.bodies(SHEET).at(-1)).toEqual({ sessionId: 32 });
  });

  it("shows an ended term's sheet read-only", async () => {
    stub.on(SHEET, () => sheet(31, false));
    renderPage();
    expect(await screen.findByTestId('elective-grades-readonly')).toBeInTheDocument();
    expect(screen.getByText('Careful work')).toBeInTheDocument();
    expect(screen.queryByTestId('elective-grade-score-1')).toBeNull();
    expect(screen.queryByTestId('elective-grades-save')).toBeNull();
  });

  it('shows English texts without Chinese', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage();
    await screen.findByTestId('elective-grade-score-1');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });
});
