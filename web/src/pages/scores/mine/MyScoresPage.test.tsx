import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MyExternalExam, MyScoreBatch, MyScores, MyScoreSubject } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import MyScoresPage from './MyScoresPage.tsx';
import { TrendChart } from './TrendChart.tsx';
import { batchLabels, buildTrend, trendOption, trendTooltip, type TrendOption } from './trendModel.ts';
import { viewport } from '../../../test/viewport.ts';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no canvas: ECharts is replaced by a recorder of what the chart component asks of it.
const charts = vi.hoisted(() => {
  const state = {
    options: [] as unknown[],
    resized: 0,
    disposed: 0,
    failInit: false,
    init: (element: HTMLElement) => {
      if (state.failInit) throw new Error('no canvas');
      state.elements.push(element);
      return {
        setOption: (option: unknown) => void state.options.push(option),
        resize: () => void (state.resized += 1),
        dispose: () => void (state.disposed += 1),
      };
    },
    elements: [] as HTMLElement[],
  };
  return state;
});
vi.mock('echarts/core', () => ({ use: () => undefined, init: (element: HTMLElement) => charts.init(element) }));
vi.mock('echarts/charts', () => ({ LineChart: {} }));
vi.mock('echarts/components', () => ({ GridComponent: {}, TooltipComponent: {}, LegendComponent: {} }));
vi.mock('echarts/renderers', () => ({ CanvasRenderer: {} }));

vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError: StubError } = await import('../../../components/Timetable/callStub.ts');
  return { ...clientModule, ApiError: StubError, ERROR_DURATION_SECONDS: 5, isAbort: (error: unknown) => error instanceof Error && error.name === 'AbortError' };
});

const BASE = '/api/scores/mine';
const ROUTE = { path: '/cjfxNew/cjfx/grfx', title: 'Transcripts zh', titleEn: 'Transcripts' } as AppRoute;

const subject = (courseId: number, courseName: string, score: number | null, extra: Partial<MyScoreSubject> = {}): MyScoreSubject => ({
  courseId,
  courseName,
  fullMark: 100,
  score,
  mark: null,
  parts: [],
  level: score === null ? null : score >= 90 ? 'excellent' : score >= 75 ? 'good' : score >= 60 ? 'pass' : 'fail',
  classAverage: 75,
  classHighest: 99,
  classCount: 42,
  classRank: score === null ? null : 7,
  ...extra,
});

const batch = (id: number, extra: Partial<MyScoreBatch>): MyScoreBatch => ({
  id,
  name: `Batch ${id}`,
  termId: 1,
  termName: '2026-2027 first term',
  examNode: '',
  releasedAt: '2026-11-20 10:00',
  subjects: [],
  total: null,
  totalFull: 350,
  classRank: null,
  classSize: 42,
  gradeRank: null,
  gradeSize: 0,
  ...extra,
});

/** Newest first, as the server sends them. */
const BATCHES: MyScoreBatch[] = [
  batch(3, {
    name: 'Grade 10 final',
    examNode: 'Final',
    releasedAt: '2027-01-15 10:00',
    subjects: [
      subject(1, 'Maths', 92, { classAverage: 78.5, classHighest: 98, classRank: 3 }),
      subject(2, 'English', 118.5, {
        fullMark: 150,
        level: 'good',
        classAverage: 101.25,
        classHighest: 140,
        classRank: 10,
        parts: [
          { name: 'Listening', maxScore: 30, score: 25 },
          { name: 'Reading', maxScore: 120, score: 93.5 },
        ],
      }),
      subject(3, 'Physics', null, { mark: 'absent', classAverage: 70, classHighest: 95 }),
    ],
    total: 210.5,
    classRank: 5,
    gradeRank: 37,
    gradeSize: 410,
  }),
  batch(2, {
    name: 'Grade 10 midterm',
    examNode: 'Midterm',
    releasedAt: '2026-11-20 10:00',
    subjects: [subject(1, 'Maths', 80), subject(2, 'English', 120, { fullMark: 150 }), subject(3, 'Physics', 60)],
    total: 260,
    classRank: 2,
  }),
  batch(4, { name: 'Sports check', examNode: 'Check', subjects: [subject(4, 'PE', null, { mark: 'exempt' })], total: null, totalFull: 100 }),
  batch(1, {
    name: 'Grade 10 monthly test',
    examNode: 'Monthly test',
    releasedAt: '2026-10-10 10:00',
    subjects: [subject(1, 'Maths', 70), subject(2, 'English', 90, { fullMark: 150 }), subject(3, 'Physics', null, { mark: 'exempt' })],
    total: 160,
    classRank: 20,
  }),
];

const REPORT: MyScores = { student: { id: 11, name: 'Li Lei', studentNumber: 'S0011', className: 'Class 10-1' }, batches: BATCHES };

const original = window.matchMedia;

function signIn(userType: 2 | 4) {
  useSession.setState({ user: { userId: `U${userType}`, username: 'x', userType, displayName: 'x' }, permissions: ['score:transcript'], roles: [] });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[ROUTE.path]}>
        <MyScoresPage route={ROUTE} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lastOption = () => charts.options.at(-1) as TrendOption;
const axisLabels = (option: TrendOption) => (option.xAxis as { data: string[] }).data;

beforeEach(async () => {
  stub.reset();
  charts.options = [];
  charts.elements = [];
  charts.resized = 0;
  charts.disposed = 0;
  charts.failInit = false;
  setFeedback({ message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('en'));
  viewport(1366);
});

afterEach(async () => {
  window.matchMedia = original;
  useSession.setState({ user: null, permissions: [], roles: [] });
  await act(() => i18n.changeLanguage('zh'));
});

describe('trend model', () => {
  it('puts the batches with a total in time order, with the percent of the full mark', () => {
    const model = buildTrend(BATCHES);
    expect(model.batches.map((one) => one.id)).toEqual([1, 2, 3]);
    expect(model.labels).toEqual(['Monthly test', 'Midterm', 'Final']);
    expect(model.total.points.map((at) => at?.percent)).toEqual([45.7, 74.3, 60.1]);
    expect(model.subjects.map((line) => line.name)).toEqual(['Maths', 'English', 'Physics']);
    expect(model.subjects[0]!.points.map((at) => at?.percent)).toEqual([70, 80, 92]);
    expect(model.subjects[1]!.points.map((at) => at?.percent)).toEqual([60, 80, 79]);
    // Absent and exempt leave a gap.
    expect(model.subjects[2]!.points.map((at) => at?.percent ?? null)).toEqual([null, 60, null]);
  });

  it('builds the option: a bold total, one line per subject, 0–100 %, and a tooltip with score / full', () => {
    const model = buildTrend(BATCHES);
    const option = trendOption(model, { total: 'Total' }, false);
    expect(axisLabels(option)).toEqual(['Monthly test', 'Midterm', 'Final']);
    expect(option.yAxis).toMatchObject({ min: 0, max: 100 });
    const series = option.series as { name: string; data: (number | null)[]; lineStyle: { width: number } }[];
    expect(series.map((one) => one.name)).toEqual(['Total', 'Maths', 'English', 'Physics']);
    expect(series[0]!.data).toEqual([45.7, 74.3, 60.1]);
    expect(series[0]!.lineStyle.width).toBeGreaterThan(series[1]!.lineStyle.width);
    expect((option.legend as { data: string[] }).data).toEqual(['Total', 'Maths', 'English', 'Physics']);
    const tip = trendTooltip(model, { total: 'Total' }, [
      { seriesIndex: 0, dataIndex: 2, marker: '' },
      { seriesIndex: 1, dataIndex: 2, marker: '' },
      { seriesIndex: 3, dataIndex: 2, marker: '' },
    ]);
    expect(tip).toContain('Grade 10 final');
    expect(tip).toContain('Total: 210.5 / 350 (60.1%)');
    expect(tip).toContain('Maths: 92 / 100 (92%)');
    expect(tip).not.toContain('Physics');
  });

  it('tells batches apart that share an exam node by their term, and escapes names in the tooltip', () => {
    const twins = [batch(8, { examNode: 'Midterm', termName: 'Term B', total: 1 }), batch(7, { examNode: 'Midterm', termName: 'Term A', total: 1 })];
    expect(batchLabels(twins)).toEqual(['Midterm\nTerm B', 'Midterm\nTerm A']);
    const model = buildTrend([batch(9, { name: '<b>x</b>', total: 10, totalFull: 20 })]);
    expect(trendTooltip(model, { total: 'Total' }, [{ seriesIndex: 0, dataIndex: 0 }])).not.toContain('<b>');
  });
});

describe('TrendChart', () => {
  it('draws on its box, follows the option and the size, and lets go on unmount', () => {
    const first = trendOption(buildTrend(BATCHES), { total: 'Total' }, false);
    const view = render(<TrendChart option={first} label="Trend" height={300} testId="chart" />);
    expect(charts.elements).toEqual([screen.getByTestId('chart')]);
    expect(charts.options).toEqual([first]);
    const second = trendOption(buildTrend(BATCHES), { total: 'Gesamt' }, true);
    view.rerender(<TrendChart option={second} label="Trend" height={300} testId="chart" />);
    expect(charts.options.at(-1)).toBe(second);
    fireEvent(window, new Event('resize'));
    expect(charts.resized).toBe(1);
    view.unmount();
    expect(charts.disposed).toBe(1);
  });

  it('stays an empty box when the chart cannot start', () => {
    charts.failInit = true;
    render(<TrendChart option={trendOption(buildTrend(BATCHES), { total: 'Total' }, false)} label="Trend" height={300} testId="chart" />);
    expect(screen.getByTestId('chart')).toBeInTheDocument();
    expect(charts.options).toEqual([]);
  });
});

describe('MyScoresPage', () => {
  it('shows a student their released batches with scores, marks, levels and places, and the trend', async () => {
    signIn(2);
    stub.on(`${BASE}/report`, () => REPORT);
    renderPage();
    const student = await screen.findByTestId('my-scores-student');
    expect(student).toHaveTextContent('Li Lei');
    expect(student).toHaveTextContent('Student number S0011');
    expect(student).toHaveTextContent('Class 10-1');
    expect(stub.bodies(`${BASE}/report`)).toEqual([{}]);
    expect(stub.calls(`${BASE}/children`)).toHaveLength(0);
    expect(screen.queryByTestId('my-scores-child')).toBeNull();

    const cards = screen.getAllByTestId(/^my-scores-batch-\d+$/);
    expect(cards.map((card) => card.dataset.testid)).toEqual(['my-scores-batch-3', 'my-scores-batch-2', 'my-scores-batch-4', 'my-scores-batch-1']);
    expect(cards[0]).toHaveTextContent('Grade 10 final');
    expect(cards[0]).toHaveTextContent('2026-2027 first term');
    expect(cards[0]).toHaveTextContent('Released 2027-01-15 10:00');

    const maths = screen.getByTestId('my-scores-subject-3-1');
    const cells = [...maths.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells).toEqual(['Maths', '92', '100', 'Excellent', '78.5', '98', '3 / 42']);
    const english = screen.getByTestId('my-scores-subject-3-2');
    expect(english).toHaveTextContent('Listening 25 / 30');
    expect(english).toHaveTextContent('Reading 93.5 / 120');
    expect(english).toHaveTextContent('118.5');
    expect(english).toHaveTextContent('Good');
    expect(english).toHaveTextContent('10 / 42');
    const physics = [...screen.getByTestId('my-scores-subject-3-3').querySelectorAll('td')].map((cell) => cell.textContent);
    expect(physics).toEqual(['Physics', 'Absent', '100', '—', '70', '95', '—']);
    expect(screen.getByTestId('my-scores-subject-4-4')).toHaveTextContent('Exempt');

    expect(screen.getByTestId('my-scores-total-3')).toHaveTextContent('Total210.5 / 350');
    expect(screen.getByTestId('my-scores-total-3')).toHaveTextContent('Place in class5 / 42');
    // The grade's place once the analysis has it; not before.
    expect(screen.getByTestId('my-scores-grade-place-3')).toHaveTextContent('Place in the grade37 / 410');
    expect(screen.queryByTestId('my-scores-grade-place-2')).toBeNull();
    expect(screen.getByTestId('my-scores-total-4')).toHaveTextContent('Total— / 100');

    expect(screen.getByTestId('my-scores-trend')).toBeInTheDocument();
    expect(screen.queryByTestId('my-scores-trend-empty')).toBeNull();
    expect(axisLabels(lastOption())).toEqual(['Monthly test', 'Midterm', 'Final']);
    expect((lastOption().series as { name: string }[])[0]!.name).toBe('Total');
  });

  it('lists the subjects compactly at phone width, without a table', async () => {
    viewport(390);
    signIn(2);
    stub.on(`${BASE}/report`, () => REPORT);
    renderPage();
    const maths = await screen.findByTestId('my-scores-subject-3-1');
    expect(screen.getByTestId('my-scores-page')).toHaveClass('is-phone');
    expect(document.querySelector('.ant-table')).toBeNull();
    expect(maths.tagName).toBe('LI');
    expect(maths).toHaveTextContent('92');
    expect(maths).toHaveTextContent('/ 100');
    expect(maths).toHaveTextContent('Excellent');
    expect(maths).toHaveTextContent('Average 78.5');
    expect(maths).toHaveTextContent('Highest 98');
    expect(maths).toHaveTextContent('Place 3 / 42');
    expect(screen.getByTestId('my-scores-subject-3-3')).toHaveTextContent('Absent');
  });

  it("lets a parent switch between the children; one released batch shows a note instead of the trend", async () => {
    signIn(4);
    stub
      .on(`${BASE}/children`, () => [
        { id: 11, name: 'Li Lei', className: 'Class 10-1' },
        { id: 12, name: 'Li Mei', className: 'Class 7-2' },
      ])
      .on(`${BASE}/report`, (o) =>
        (o?.json as { studentId?: number }).studentId === 12
          ? { student: { id: 12, name: 'Li Mei', studentNumber: 'S0012', className: 'Class 7-2' }, batches: [batch(5, { subjects: [subject(1, 'Maths', 55)], total: 55, totalFull: 100, classRank: 30 })] }
          : REPORT,
      );
    renderPage();
    expect(await screen.findByTestId('my-scores-batch-3')).toBeInTheDocument();
    expect(screen.getByTestId('my-scores-child')).toBeInTheDocument();
    expect(stub.bodies(`${BASE}/report`)[0]).toEqual({ studentId: 11 });
    fireEvent.click(screen.getByTestId('my-scores-child-12'));
    expect(await screen.findByTestId('my-scores-batch-5')).toBeInTheDocument();
    expect(stub.bodies(`${BASE}/report`).at(-1)).toEqual({ studentId: 12 });
    expect(screen.getByTestId('my-scores-student')).toHaveTextContent('Li Mei');
    expect(screen.queryByTestId('my-scores-batch-3')).toBeNull();
    expect(screen.getByTestId('my-scores-trend-empty')).toHaveTextContent(i18n.t('myScoresPage.trendEmpty'));
    expect(screen.queryByTestId('my-scores-trend')).toBeNull();
    expect(within(screen.getByTestId('my-scores-subject-5-1')).getByText('Fail')).toBeInTheDocument();
    expect(screen.getByTestId('my-scores-total-5')).toHaveTextContent('30 / 42');
  });

  it("shows the released external exams of a parent's chosen child as cards that read at phone width", async () => {
    viewport(390);
    signIn(4);
    const external: MyExternalExam[] = [
      {
        id: 21,
        name: 'District joint exam, autumn',
        organiser: 'District education bureau',
        examDate: '2026-11-06',
        termName: '2026-2027 first term',
        subjects: [
          { courseId: 1, courseName: 'Maths', fullMark: 120, score: 101.5, mark: null },
          { courseId: 3, courseName: 'Physics', fullMark: 100, score: null, mark: 'absent' },
          { courseId: 4, courseName: 'History', fullMark: 100, score: null, mark: null },
        ],
        total: 101.5,
        totalFull: 320,
        districtRank: 236,
      },
      { id: 20, name: 'City quality check', organiser: 'City bureau', examDate: '2026-06-10', termName: '', subjects: [], total: null, totalFull: 0, districtRank: null },
    ];
    stub
      .on(`${BASE}/children`, () => [{ id: 11, name: 'Li Lei', className: 'Class 10-1' }])
      .on(`${BASE}/report`, () => REPORT)
      .on('/api/scores/external/mine', () => external);
    renderPage();
    const card = await screen.findByTestId('my-external-21');
    expect(stub.bodies('/api/scores/external/mine')).toEqual([{ studentId: 11 }]);
    expect(screen.getByTestId('my-external')).toHaveTextContent('External exams');
    expect(screen.getAllByTestId(/^my-external-\d+$/).map((one) => one.dataset.testid)).toEqual(['my-external-21', 'my-external-20']);
    expect(card).toHaveTextContent('District joint exam, autumn');
    expect(card).toHaveTextContent('2026-2027 first term');
    expect(screen.getByTestId('my-external-facts-21')).toHaveTextContent('District education bureau · 2026-11-06');
    expect(screen.getByTestId('my-external-subject-21-1')).toHaveTextContent('Maths101.5 / 120');
    expect(screen.getByTestId('my-external-subject-21-3')).toHaveTextContent('PhysicsAbsent');
    expect(screen.getByTestId('my-external-subject-21-4')).toHaveTextContent('History—');
    expect(screen.getByTestId('my-external-total-21')).toHaveTextContent('Total101.5 / 320');
    expect(screen.getByTestId('my-external-total-21')).toHaveTextContent('Place236');
    expect(screen.getByTestId('my-external-total-20')).toHaveTextContent('Total— / 0');
    // A list, not a table, at 390 px.
    expect(card.querySelector('table')).toBeNull();
    expect(screen.getByTestId('my-scores-page').textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('says that scores appear once released when nothing is released yet', async () => {
    signIn(2);
    stub.on(`${BASE}/report`, () => ({ student: REPORT.student, batches: [] }));
    renderPage();
    expect(await screen.findByTestId('my-scores-empty')).toHaveTextContent(i18n.t('myScoresPage.empty'));
    expect(screen.getByTestId('my-scores-student')).toHaveTextContent('Li Lei');
    expect(screen.queryByTestId('my-scores-trend')).toBeNull();
    expect(screen.queryByTestId('my-scores-trend-empty')).toBeNull();
  });

  it('offers to try again when the scores cannot be loaded', async () => {
    signIn(2);
    let fail = true;
    stub.on(`${BASE}/report`, () => {
      if (fail) throw new ApiError('refused');
      return REPORT;
    });
    renderPage();
    const retry = await screen.findByTestId('my-scores-retry');
    expect(screen.queryByTestId('my-scores-student')).toBeNull();
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(stub.calls(`${BASE}/report`)).toHaveLength(2));
    expect(await screen.findByTestId('my-scores-batch-3')).toBeInTheDocument();
  });

  it('shows no Chinese in English (the data aside), and Chinese words in Chinese', async () => {
    signIn(2);
    stub.on(`${BASE}/report`, () => REPORT);
    const view = renderPage();
    await screen.findByTestId('my-scores-batch-3');
    expect(screen.getByTestId('my-scores-page').textContent).not.toMatch(/[\u4e00-\u9fff]/);
    expect((lastOption().series as { name: string }[])[0]!.name).toBe('Total');
    view.unmount();
    await act(() => i18n.changeLanguage('zh'));
    renderPage();
    expect(await screen.findByTestId('my-scores-subject-3-3')).toHaveTextContent('缺考');
    expect(screen.getByTestId('my-scores-total-3')).toHaveTextContent('总分');
    expect((lastOption().series as { name: string }[])[0]!.name).toBe('总分');
  });
});
