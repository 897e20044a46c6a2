import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ElectiveStatistics, IndicatorRow, MyRatings } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import EvaluationPage from './EvaluationPage.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

const files = vi.hoisted(() => ({ download: vi.fn(async () => new Blob(['xlsx'])), saveBlob: vi.fn() }));

vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  return {
    ...clientModule,
    ApiError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: path.endsWith('/ratings/save') ? 'Thank you: your rating is saved' : '', data: await calls.call(path, options) }),
    download: files.download,
  };
});
vi.mock('../../../api/exports.ts', async (original) => ({ ...(await original<typeof import('../../../api/exports.ts')>()), saveBlob: files.saveBlob }));

const route = { path: '/xkgl/kcpj', title: '选修课评价', titleEn: 'Elective evaluation' } as AppRoute;
const MINE = '/api/electives/ratings/mine';
const SAVE = '/api/electives/ratings/save';
const STATS = '/api/electives/statistics';

const indicator = (id: number, name: string, maxScore: number, extra: Partial<IndicatorRow> = {}): IndicatorRow => ({ id, name, description: '', maxScore, sort: id, enabled: true, used: 0, ...extra });
const INDICATORS = [indicator(1, 'Interest', 5, { description: 'Was it interesting?' }), indicator(2, 'Teaching', 10), indicator(3, 'Old one', 5, { enabled: false })];

const RATINGS: MyRatings = {
  indicators: INDICATORS,
  courses: [{ sessionId: 31, name: 'Robotics', termName: '2026-2027 first term', teacherName: 'Wang Fang', scores: [], comment: '', ratedAt: '' }],
  closedReason: '',
};

const STATISTICS: ElectiveStatistics = {
  terms: [
    { id: 1, name: '2026-2027 first term', isCurrent: true },
    { id: 2, name: '2025-2026 second term', isCurrent: false },
  ],
  termId: 1,
  rows: [
    {
      sessionId: 31,
      name: 'Robotics',
      teacherName: 'Wang Fang',
      capacity: 30,
      enrolled: 28,
      ratings: 20,
      indicators: [
        { indicatorId: 1, name: 'Interest', maxScore: 5, average: 4.25 },
        { indicatorId: 2, name: 'Teaching', maxScore: 10, average: 8.5 },
      ],
      overall: 0.85,
      graded: 28,
      gradeAverage: 88.5,
    },
  ],
};

const success = vi.fn();

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  files.download.mockClear();
  files.saveBlob.mockReset();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  stub
    .on(MINE, () => RATINGS)
    .on(SAVE, () => null)
    .on(STATS, () => STATISTICS);
});

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route.path]}>
        <Routes>
          <Route path="/xkgl/kcpj" element={<EvaluationPage route={route} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('EvaluationPage', () => {
  it("gives a student a form per course that scores every enabled indicator and sends them all with the comment", async () => {
    useSession.setState({ permissions: ['elective:evaluate', 'elective:select'], roles: [] });
    renderPage();
    const card = await screen.findByTestId('elective-rate-31');
    expect(within(card).getByText('Robotics')).toBeInTheDocument();
    // A five-point indicator as stars, another as a number; a disabled one is left out.
    const stars = screen.getByTestId('elective-rate-score-31-1');
    expect(within(stars.closest('.ant-rate') ?? stars).getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByTestId('elective-rate-score-31-2')).toBeInTheDocument();
    expect(screen.queryByTestId('elective-rate-score-31-3')).toBeNull();
    expect(stub.calls(STATS)).toHaveLength(0);

    // Not every indicator scored: refused without a call.
    fireEvent.change(screen.getByTestId('elective-rate-score-31-2'), { target: { value: '8' } });
    fireEvent.click(screen.getByTestId('elective-rate-save-31'));
    expect(await within(card).findByText(i18n.t('electiveRate.scoreRequired', { name: 'Interest' }))).toBeInTheDocument();
    expect(stub.calls(SAVE)).toHaveLength(0);

    fireEvent.click(within(stars.closest('.ant-rate') ?? stars).getAllByRole('radio')[3]!);
    fireEvent.change(screen.getByTestId('elective-rate-comment-31'), { target: { value: ' Great fun ' } });
    fireEvent.click(screen.getByTestId('elective-rate-save-31'));
    await waitFor(() => expect(stub.calls(SAVE)).toHaveLength(1));
    expect(stub.bodies(SAVE)[0]).toEqual({
      sessionId: 31,
      scores: [
        { indicatorId: 1, score: 4 },
        { indicatorId: 2, score: 8 },
      ],
      comment: 'Great fun',
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Thank you: your rating is saved'));
  });

  it("tells a student why nothing can be rated", async () => {
    useSession.setState({ permissions: ['elective:evaluate', 'elective:select'], roles: [] });
    stub.on(MINE, () => ({ ...RATINGS, courses: [], closedReason: 'Courses are rated once the selection has closed, until the end of the term' }));
    renderPage();
    expect(await screen.findByTestId('elective-rate-closed')).toHaveTextContent('Courses are rated once the selection has closed');
  });

  it('shows the office the statistics of every course, the workbook and the way to the indicators', async () => {
    useSession.setState({ permissions: ['elective:evaluate', 'elective:approve', 'elective:select'], roles: [] });
    renderPage();
    const table = await screen.findByTestId('elective-stats-table');
    expect(await within(table).findByText('Robotics')).toBeInTheDocument();
    expect(within(table).getByText('28/30')).toBeInTheDocument();
    expect(within(table).getByText('4.3')).toBeInTheDocument();
    expect(within(table).getByText('8.5')).toBeInTheDocument();
    expect(screen.getByTestId('elective-stats-overall-31')).toHaveTextContent('85%');
    expect(within(table).getByText('88.5')).toBeInTheDocument();
    expect(stub.calls(MINE)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('elective-stats-export'));
    await waitFor(() => expect(files.download).toHaveBeenCalledWith('/api/electives/statistics/workbook', { query: { termId: 1 } }));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledWith(expect.any(Blob), expect.stringMatching(/^选修课统计-\d{8}\.xlsx$/)));

    fireEvent.click(screen.getByTestId('elective-stats-indicators'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/kcsbpc/pjzb');
  });

  it('shows a teacher their courses without the workbook, with the way to scoring their students', async () => {
    useSession.setState({ permissions: ['elective:evaluate', 'elective:declare', 'elective:studentScores'], roles: [] });
    renderPage();
    await screen.findByTestId('elective-stats-table');
    expect(screen.queryByTestId('elective-stats-export')).toBeNull();
    expect(screen.queryByTestId('elective-stats-indicators')).toBeNull();
    fireEvent.click(screen.getByTestId('elective-stats-scores'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/xxkxsgl/xsdf');
  });

  it('shows English texts without Chinese', async () => {
    await act(() => i18n.changeLanguage('en'));
    useSession.setState({ permissions: ['elective:evaluate', 'elective:select'], roles: [] });
    const view = renderPage();
    await screen.findByTestId('elective-rate-31');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    view.unmount();
    useSession.setState({ permissions: ['elective:evaluate', 'elective:approve'], roles: [] });
    renderPage();
    await screen.findByText('Robotics');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });
});
