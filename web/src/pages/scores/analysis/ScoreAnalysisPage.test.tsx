import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { AnalysisBatch, AnalysisBatches, ClassComparison, ClassScores, ClassStats, GradeAnalysis, RankingRow, StudentAnalysis, SubjectStats, TeacherAnalysis } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { download } from '../../../api/client.ts';
import { saveBlob } from '../../../api/exports.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import ScoreAnalysisPage from './ScoreAnalysisPage.tsx';
import { bandBounds, bandOption, cellText, classOption, formatGap, formatPlace, formatRate, formatScore, gapClass, strengthOption, trendLabels, trendOption, trendTooltip, type AnalysisOption } from './analysisModel.ts';
import { statsLines } from './ClassScoresTab.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no canvas: ECharts is replaced by a recorder of the options the charts are given, by element.
const charts = vi.hoisted(() => {
  const state = {
    options: new Map<HTMLElement, unknown[]>(),
    init: (element: HTMLElement) => {
      state.options.set(element, []);
      return {
        setOption: (option: unknown) => void state.options.get(element)!.push(option),
        resize: () => undefined,
        dispose: () => undefined,
      };
    },
  };
  return state;
});
vi.mock('echarts/core', () => ({ use: () => undefined, init: (element: HTMLElement) => charts.init(element) }));
vi.mock('echarts/charts', () => ({ BarChart: {}, LineChart: {} }));
vi.mock('echarts/components', () => ({ GridComponent: {}, TooltipComponent: {}, LegendComponent: {}, MarkLineComponent: {} }));
vi.mock('echarts/renderers', () => ({ CanvasRenderer: {} }));

vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError: StubError } = await import('../../../components/Timetable/callStub.ts');
  return {
    ...clientModule,
    ApiError: StubError,
    ERROR_DURATION_SECONDS: 5,
    isAbort: (error: unknown) => error instanceof Error && error.name === 'AbortError',
    download: vi.fn(async () => new Blob(['xlsx'])),
  };
});
// The browser's save of a downloaded file (a link clicked) is not jsdom's to do.
vi.mock('../../../api/exports.ts', async (original) => ({ ...(await original<typeof import('../../../api/exports.ts')>()), saveBlob: vi.fn() }));

const BASE = '/api/scores/analysis';
const ROUTE = { path: '/cjfxNew/cjfx/cjxq', title: 'Score analysis zh', titleEn: 'Score analysis' } as AppRoute;
const ALL = ['score:analysis', 'score:analysis:ranking', 'score:analysis:export'];

const batch = (id: number, extra: Partial<AnalysisBatch> = {}): AnalysisBatch => ({
  id,
  name: `Batch ${id}`,
  termId: 1,
  termName: '2026-2027 first term',
  gradeName: 'Grade 10',
  examNode: 'Midterm',
  releasedAt: '2026-11-20 10:00',
  state: 'ready',
  analysedAt: '2026-11-20 10:01',
  studentCount: 120,
  mine: false,
  ...extra,
});

const BATCHES: AnalysisBatches = {
  terms: [
    { id: 2, name: '2025-2026 second term', isCurrent: false },
    { id: 1, name: '2026-2027 first term', isCurrent: true },
  ],
  batches: [batch(9, { name: 'Grade 10 midterm' }), batch(8, { name: 'Grade 10 monthly test', examNode: 'Monthly test' })],
};

const stats = (courseId: number, courseName: string, extra: Partial<SubjectStats> = {}): SubjectStats => ({
  courseId,
  courseName,
  fullMark: 100,
  passLine: 60,
  goodLine: 75,
  excellentLine: 90,
  counted: 118,
  absent: 1,
  exempt: 1,
  average: 72.456,
  highest: 99,
  lowest: 12,
  stdDev: 14.2,
  passRate: 0.8,
  goodRate: 0.5,
  excellentRate: 0.125,
  bands: [1, 0, 2, 3, 5, 10, 20, 30, 30, 17],
  ...extra,
});

const GRADE: GradeAnalysis = {
  batch: BATCHES.batches[0]!,
  subjects: [stats(1, 'Maths'), stats(2, 'English', { fullMark: 150, average: 101.5, bands: [0, 0, 0, 1, 2, 3, 4, 5, 6, 7] }), stats(0, 'Total (server)', { fullMark: 250, average: 174 })],
};

const classRow = (classId: number, className: string, mine: boolean, courseId: number, average: number): ClassStats => ({
  ...stats(courseId, courseId ? 'Maths' : 'Total (server)', { average, fullMark: courseId ? 100 : 250 }),
  classId,
  className,
  mine,
});
const comparison = (courseId: number): ClassComparison => ({
  courseId,
  grade: stats(courseId, courseId ? 'Maths' : 'Total (server)', { fullMark: courseId ? 100 : 250, average: courseId ? 72.5 : 174 }),
  classes: [classRow(101, 'Class 10-1', true, courseId, courseId ? 80 : 180), classRow(102, 'Class 10-2', false, courseId, courseId ? 65 : 168)],
});

const rankingRow = (studentId: number, extra: Partial<RankingRow> = {}): RankingRow => ({
  studentId,
  studentNumber: `S${studentId}`,
  name: `Student ${studentId}`,
  classId: 101,
  className: 'Class 10-1',
  score: 90,
  mark: null,
  gradeRank: 1,
  classRank: 1,
  ...extra,
});

const classScores = (classId: number): ClassScores => ({
  batch: BATCHES.batches[0]!,
  classId,
  className: classId === 101 ? 'Class 10-1' : 'Class 10-2',
  subjects: [
    { courseId: 1, courseName: 'Maths', fullMark: 100 },
    { courseId: 2, courseName: 'English', fullMark: 150 },
  ],
  stats: [stats(1, 'Maths', { average: 80 }), stats(2, 'English', { average: 100 }), stats(0, 'Total (server)', { average: 180, fullMark: 250 })],
  grade: [stats(1, 'Maths', { average: 72.5 }), stats(2, 'English', { average: 101.5 }), stats(0, 'Total (server)', { average: 174, fullMark: 250 })],
  rows: [
    {
      studentId: 1001,
      studentNumber: 'S1001',
      name: 'Ann',
      cells: { '1': { score: 95, mark: null }, '2': { score: 140, mark: null } },
      total: 235,
      classRank: 1,
      gradeRank: 2,
    },
    { studentId: 1002, studentNumber: 'S1002', name: 'Bob', cells: { '1': { score: null, mark: 'absent' }, '2': { score: 90.5, mark: null } }, total: 90.5, classRank: 2, gradeRank: 110 },
  ],
  gradeSize: 120,
});

const STUDENT: StudentAnalysis = {
  student: { id: 1001, name: 'Ann', studentNumber: 'S1001', className: 'Class 10-1' },
  trend: [
    { batchId: 8, name: 'Grade 10 monthly test', examNode: 'Monthly test', termName: 'T1', releasedAt: '', total: 200, totalFull: 250, gradeAverage: 170, classRank: 3, classSize: 40, gradeRank: 10, gradeSize: 120 },
    { batchId: 9, name: 'Grade 10 midterm', examNode: 'Midterm', termName: 'T1', releasedAt: '', total: 235, totalFull: 250, gradeAverage: 174, classRank: 1, classSize: 40, gradeRank: 2, gradeSize: 120 },
  ],
  latest: {
    batchId: 9,
    name: 'Grade 10 midterm',
    subjects: [
      { courseId: 1, courseName: 'Maths', fullMark: 100, score: 95, mark: null, gradeAverage: 72.5, zScore: 1.58, share: 0.95 },
      { courseId: 2, courseName: 'English', fullMark: 150, score: 90, mark: null, gradeAverage: 101.5, zScore: -0.4, share: 0.6 },
      { courseId: 3, courseName: 'Physics', fullMark: 100, score: null, mark: 'exempt', gradeAverage: 70, zScore: null, share: null },
    ],
  },
};

const TEACHER: TeacherAnalysis = {
  batch: BATCHES.batches[0]!,
  rows: [
    { classId: 101, className: 'Class 10-1', courseId: 1, courseName: 'Maths', own: stats(1, 'Maths', { average: 80, passRate: 0.9 }), grade: stats(1, 'Maths', { average: 72.5 }), averageGap: 7.5, classPlace: 1, classCount: 12 },
    { classId: 102, className: 'Class 10-2', courseId: 1, courseName: 'Maths', own: stats(1, 'Maths', { average: 65 }), grade: stats(1, 'Maths', { average: 72.5 }), averageGap: -7.5, classPlace: 11, classCount: 12 },
    { classId: 101, className: 'Class 10-1', courseId: 0, courseName: 'Total (server)', own: stats(0, 'T', { average: 180 }), grade: stats(0, 'T', { average: 174 }), averageGap: 6, classPlace: 3, classCount: 12 },
  ],
};

function answerAll(overrides: Partial<Record<string, (body: Record<string, unknown>) => unknown>> = {}) {
  const handlers: Record<string, (body: Record<string, unknown>) => unknown> = {
    batches: () => BATCHES,
    grade: () => GRADE,
    classes: (body) => comparison(body.courseId as number),
    ranking: () => ({ total: 45, rows: [rankingRow(1001, { name: 'Ann' }), rankingRow(1003, { score: null, mark: 'absent', gradeRank: null, classRank: null })] }),
    class: (body) => classScores(body.classId as number),
    student: () => STUDENT,
    teacher: () => TEACHER,
    ...overrides,
  };
  for (const [name, handler] of Object.entries(handlers)) stub.on(`${BASE}/${name}`, (options) => handler!((options?.json ?? {}) as Record<string, unknown>));
}

function signIn(permissions: string[]) {
  useSession.setState({ user: { userId: 'T1', username: 't', userType: 1, displayName: 't' }, permissions, roles: [] } as never);
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[ROUTE.path]}>
        <ScoreAnalysisPage route={ROUTE} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The last option given to the chart with this test id. */
const chartOption = (testId: string) => charts.options.get(screen.getByTestId(testId))!.at(-1) as AnalysisOption;
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);

async function openTab(key: string) {
  fireEvent.click(screen.getByTestId(`score-analysis-tab-${key}`));
  await waitFor(() => expect(screen.getByTestId(`score-analysis-tab-${key}`).closest('.ant-tabs-tab')).toHaveClass('ant-tabs-tab-active'));
}

async function pick(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId).closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent?.startsWith(option));
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

const HAN = /[\u4e00-\u9fff]/;

beforeEach(async () => {
  stub.reset();
  charts.options.clear();
  vi.mocked(download).mockClear();
  vi.mocked(saveBlob).mockClear();
  setFeedback({ message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('en'));
});

afterEach(async () => {
  useSession.setState({ user: null, permissions: [], roles: [] });
  await act(() => i18n.changeLanguage('zh'));
});

describe('analysis model', () => {
  it('writes scores, rates, gaps, places and marks as people read them', () => {
    expect(formatScore(72.456)).toBe('72.46');
    expect(formatScore(null)).toBe('—');
    expect(formatRate(0.8)).toBe('80%');
    expect(formatRate(0.1234)).toBe('12.3%');
    expect(formatRate(null)).toBe('—');
    expect(formatGap(7.5)).toBe('+7.5');
    expect(formatGap(-2)).toBe('-2');
    expect(formatGap(0)).toBe('0');
    expect(gapClass(1)).toContain('is-up');
    expect(gapClass(-1)).toContain('is-down');
    expect(gapClass(0)).toBe('score-analysis-gap');
    expect(formatPlace(3, 12)).toBe('3 / 12');
    expect(formatPlace(null, 12)).toBe('—');
    expect(cellText(null, 'absent', { absent: 'Absent', exempt: 'Exempt' })).toBe('Absent');
    expect(cellText(88.5, null, { absent: 'Absent', exempt: 'Exempt' })).toBe('88.5');
  });

  it('builds the band, class, trend and strength charts', () => {
    expect(bandBounds()).toHaveLength(10);
    expect(bandBounds()[9]).toEqual({ from: 90, to: 100 });
    const bands = bandOption(stats(1, 'Maths', { bands: [1, 2] }), { bands: bandBounds().map((b) => `${b.from}–${b.to} %`), students: 'Students' });
    expect((bands.xAxis as { data: string[] }).data[0]).toBe('0–10 %');
    expect((bands.series as { data: number[] }[])[0]!.data).toEqual([1, 2, 0, 0, 0, 0, 0, 0, 0, 0]);

    const { grade, classes } = comparison(1);
    const bars = classOption(grade, classes, { average: 'Average', highest: 'Highest', lowest: 'Lowest', gradeAverage: 'Grade average' });
    const series = bars.series as { name: string; data: number[]; markLine?: { data: { yAxis: number }[] } }[];
    expect(series.map((one) => one.name)).toEqual(['Average', 'Highest', 'Lowest']);
    expect(series[0]!.data).toEqual([80, 65]);
    expect(series[0]!.markLine!.data[0]!.yAxis).toBe(72.5);
    const axis = (bars.xAxis as { data: { value: string; textStyle: { fontWeight?: string } }[] }).data;
    expect(axis[0]!.textStyle.fontWeight).toBe('bold');
    expect(axis[1]!.textStyle.fontWeight).toBeUndefined();

    const texts = { gradePlace: 'Grade place', share: 'Share', total: 'Total', classPlace: 'Class place' };
    const trend = trendOption(STUDENT.trend, texts);
    expect((trend.yAxis as { inverse?: boolean }[])[0]!.inverse).toBe(true);
    expect((trend.series as { data: (number | null)[] }[]).map((one) => one.data)).toEqual([
      [10, 2],
      [80, 94],
    ]);
    expect(trendLabels(STUDENT.trend)).toEqual(['Monthly test', 'Midterm']);
    expect(trendLabels([{ name: 'A', examNode: 'Final', termName: 'T1' }, { name: 'B', examNode: 'Final', termName: 'T2' }])).toEqual(['Final\nT1', 'Final\nT2']);
    expect(trendTooltip(STUDENT.trend, texts, 1)).toContain('Grade place: 2 / 120');
    expect(trendTooltip([{ ...STUDENT.trend[0]!, name: '<b>x</b>' }], texts, 0)).not.toContain('<b>x');

    const strength = strengthOption(STUDENT.latest!.subjects, { zScore: 'Z-score' });
    expect((strength.yAxis as { data: string[] }).data).toEqual(['Maths', 'English']);
    const values = (strength.series as { data: { value: number; itemStyle: { color: string } }[] }[])[0]!.data;
    expect(values.map((one) => one.value)).toEqual([1.58, -0.4]);
    expect(values[0]!.itemStyle.color).not.toBe(values[1]!.itemStyle.color);
  });

  it('sets the class against the grade per subject', () => {
    const lines = statsLines(i18n.getFixedT('en'), classScores(101));
    expect(lines.map((line) => line.key)).toEqual(['classAverage', 'gradeAverage', 'gap', 'classPass', 'gradePass', 'classExcellent', 'gradeExcellent']);
    expect(lines[2]!.cells['1']).toEqual({ text: '+7.5', className: 'score-analysis-gap is-up' });
    expect(lines[2]!.cells['2']!.text).toBe('-1.5');
  });
});

describe('ScoreAnalysisPage', () => {
  it('opens on the current term and its newest exam with the grade overview and the band chart', async () => {
    signIn(ALL);
    answerAll();
    renderPage();
    const table = await screen.findByTestId('score-analysis-grade-table');
    expect(stub.bodies(`${BASE}/batches`)).toEqual([{}]);
    expect(stub.bodies(`${BASE}/grade`)).toEqual([{ batchId: 9 }]);
    expect(screen.getByTestId('score-analysis-term')).toHaveTextContent('2026-2027 first term');
    expect(screen.getByTestId('score-analysis-batch')).toHaveTextContent('Grade 10 midterm');
    const facts = screen.getByTestId('score-analysis-facts');
    expect(facts).toHaveTextContent('Grade 10 · Midterm');
    expect(facts).toHaveTextContent('Released 2026-11-20 10:00');

    const rows = within(table).getAllByRole('row').slice(1);
    expect(cells(rows[0]!)).toEqual(['Maths', '100', '118', '1', '1', '72.46', '99', '12', '14.2', '80%', '50%', '12.5%']);
    // The total in the user's language, not the server's.
    expect(cells(rows[2]!)[0]).toBe('Total');

    // The band chart shows the total first, then the chosen subject.
    expect((chartOption('score-analysis-bands').xAxis as { data: string[] }).data[0]).toBe('0–10 %');
    expect((chartOption('score-analysis-bands').series as { data: number[] }[])[0]!.data).toEqual(GRADE.subjects[2]!.bands);
    await pick('score-analysis-band-subject', 'English');
    await waitFor(() => expect((chartOption('score-analysis-bands').series as { data: number[] }[])[0]!.data).toEqual(GRADE.subjects[1]!.bands));

    // Another exam.
    await pick('score-analysis-batch', 'Grade 10 monthly test');
    await waitFor(() => expect(stub.bodies(`${BASE}/grade`).at(-1)).toEqual({ batchId: 8 }));
    // Another term.
    stub.on(`${BASE}/batches`, (options) => ((options?.json as { termId?: number }).termId === 2 ? { terms: BATCHES.terms, batches: [] } : BATCHES));
    await pick('score-analysis-term', '2025-2026 second term');
    expect(await screen.findByTestId('score-analysis-no-batch')).toHaveTextContent(i18n.t('analysisPage.noBatch'));
    expect(stub.bodies(`${BASE}/batches`).at(-1)).toEqual({ termId: 2 });
    expect(screen.queryByTestId('score-analysis-export')).toBeNull();
  });

  it("opens a teacher's newest exam of their own classes first", async () => {
    signIn(ALL);
    answerAll();
    stub.on(`${BASE}/batches`, () => ({ ...BATCHES, batches: [BATCHES.batches[0]!, { ...BATCHES.batches[1]!, mine: true }] }));
    renderPage();
    await screen.findByTestId('score-analysis-grade-table');
    expect(stub.bodies(`${BASE}/grade`)).toEqual([{ batchId: 8 }]);
  });

  it('walks through every tab: classes, ranking, class scores, a student and my classes', async () => {
    signIn(ALL);
    answerAll();
    renderPage();
    await screen.findByTestId('score-analysis-grade-table');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Grade overview', 'Class comparison', 'Ranking', 'Class scores', 'Student', 'My classes']);

    // Class comparison: the total first, the own class marked, the grade average as a line.
    await openTab('classes');
    const mine = await screen.findByTestId('score-analysis-class-row-101');
    expect(stub.bodies(`${BASE}/classes`)).toContainEqual({ batchId: 9, courseId: 0 });
    expect(mine).toHaveClass('score-analysis-mine-row');
    expect(mine).toHaveTextContent('Mine');
    expect(screen.getByTestId('score-analysis-class-row-102')).not.toHaveClass('score-analysis-mine-row');
    expect(screen.getByTestId('score-analysis-class-row-0')).toHaveTextContent('Grade');
    await pick('score-analysis-classes-subject', 'Maths');
    await waitFor(() => expect(stub.bodies(`${BASE}/classes`)).toContainEqual({ batchId: 9, courseId: 1 }));
    await waitFor(() => expect((chartOption('score-analysis-class-chart').series as { markLine: { data: { yAxis: number }[] } }[])[0]!.markLine.data[0]!.yAxis).toBe(72.5));

    // Ranking: paged on the server, by a subject, a class at a time.
    await openTab('ranking');
    const ranking = await screen.findByTestId('score-analysis-ranking-table');
    await waitFor(() => expect(stub.calls(`${BASE}/ranking`)).toHaveLength(1));
    expect(stub.bodies(`${BASE}/ranking`)[0]).toMatchObject({ batchId: 9, courseId: 0, currPage: 0, limit: 20 });
    expect(stub.bodies(`${BASE}/ranking`)[0]).not.toHaveProperty('classId');
    expect(await within(ranking).findByText('Student 1003')).toBeInTheDocument();
    expect(within(ranking).getByText('Student 1003').closest('tr')).toHaveTextContent('Absent');
    await pick('score-analysis-ranking-class', 'Class 10-2');
    await waitFor(() => expect(stub.bodies(`${BASE}/ranking`).at(-1)).toMatchObject({ batchId: 9, courseId: 0, classId: 102, currPage: 0 }));
    await pick('score-analysis-ranking-subject', 'English');
    await waitFor(() => expect(stub.bodies(`${BASE}/ranking`).at(-1)).toMatchObject({ courseId: 2, classId: 102 }));

    // Class scores: every class with the ranking permission, the first by default.
    await openTab('class');
    await screen.findByTestId('score-analysis-class-table');
    expect(stub.bodies(`${BASE}/class`)).toEqual([{ batchId: 9, classId: 101 }]);
    expect(cells(screen.getByTestId('score-analysis-class-student-1002'))).toEqual(['S1002', 'Bob', 'Absent', '90.5', '90.5', '2 / 2', '110 / 120']);
    expect(within(screen.getByTestId('score-analysis-class-stats')).getByText('+7.5')).toHaveClass('is-up');
    await pick('score-analysis-class-select', 'Class 10-2');
    await waitFor(() => expect(stub.bodies(`${BASE}/class`).at(-1)).toEqual({ batchId: 9, classId: 102 }));
    await screen.findByTestId('score-analysis-class-table');

    // A student from the class: the trend and the strengths.
    fireEvent.click(await screen.findByTestId('score-analysis-student-link-1001'));
    await waitFor(() => expect(screen.getByTestId('score-analysis-tab-student').closest('.ant-tabs-tab')).toHaveClass('ant-tabs-tab-active'));
    expect(await screen.findByTestId('score-analysis-student-head')).toHaveTextContent('Ann');
    expect(stub.bodies(`${BASE}/student`)).toEqual([{ studentId: 1001 }]);
    const trend = chartOption('score-analysis-trend');
    expect((trend.series as { name: string; data: (number | null)[] }[]).map((one) => one.name)).toEqual(['Grade place', 'Total, % of full mark']);
    expect((trend.series as { data: (number | null)[] }[])[0]!.data).toEqual([10, 2]);
    expect((chartOption('score-analysis-strength-chart').yAxis as { data: string[] }).data).toEqual(['Maths', 'English']);
    const strengths = within(screen.getByTestId('score-analysis-strength-table')).getAllByRole('row').slice(1);
    expect(cells(strengths[0]!)).toEqual(['Maths', '95 / 100', '72.5', '+1.58', '95%']);
    expect(cells(strengths[2]!)).toEqual(['Physics', 'Exempt / 100', '70', '—', '—']);

    // My classes: the gap coloured, the place among the classes.
    await openTab('teacher');
    await screen.findByTestId('score-analysis-teacher-table');
    expect(stub.bodies(`${BASE}/teacher`)).toEqual([{ batchId: 9 }]);
    expect(cells(screen.getByTestId('score-analysis-teacher-row-101-1'))).toEqual(['Class 10-1', 'Maths', '80 / 72.5', '+7.5', '90% / 80%', '12.5% / 12.5%', '1 / 12']);
    expect(screen.getByTestId('score-analysis-gap-101-1')).toHaveClass('is-up');
    expect(screen.getByTestId('score-analysis-gap-102-1')).toHaveClass('is-down');
    expect(cells(screen.getByTestId('score-analysis-teacher-row-101-0'))[1]).toBe('Total');
  });

  it('exports the workbook with the export permission', async () => {
    signIn(ALL);
    answerAll();
    renderPage();
    fireEvent.click(await screen.findByTestId('score-analysis-export'));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(download).toHaveBeenCalledWith(`${BASE}/workbook`, { query: { batchId: 9 } });
    expect(vi.mocked(saveBlob).mock.calls[0]![1]).toMatch(/^Grade 10 midterm analysis-\d{8}\.xlsx$/);
  });

  it('shows a teacher without the ranking and export permissions no ranking, no export and only their own classes', async () => {
    signIn(['score:analysis']);
    answerAll();
    renderPage();
    await screen.findByTestId('score-analysis-grade-table');
    expect(screen.queryByTestId('score-analysis-export')).toBeNull();
    expect(screen.queryByTestId('score-analysis-tab-ranking')).toBeNull();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Grade overview', 'Class comparison', 'Class scores', 'Student', 'My classes']);

    await openTab('class');
    await screen.findByTestId('score-analysis-class-table');
    fireEvent.mouseDown(within(screen.getByTestId('score-analysis-class-select').closest('.ant-select') as HTMLElement).getByRole('combobox'));
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((el) => el.textContent);
      if (!found.length) throw new Error('no options');
      return found;
    });
    expect(options).toEqual(['Class 10-1']);
    expect(stub.bodies(`${BASE}/class`)).toEqual([{ batchId: 9, classId: 101 }]);
  });

  it('says so when the teacher has no class of their own, and when they teach nothing', async () => {
    signIn(['score:analysis']);
    answerAll({ classes: () => ({ ...comparison(0), classes: comparison(0).classes.map((row) => ({ ...row, mine: false })) }), teacher: () => ({ ...TEACHER, rows: [] }) });
    renderPage();
    await screen.findByTestId('score-analysis-grade-table');
    await openTab('class');
    expect(await screen.findByTestId('score-analysis-class-none')).toHaveTextContent(i18n.t('analysisPage.noOwnClass'));
    expect(stub.calls(`${BASE}/class`)).toHaveLength(0);
    await openTab('student');
    expect(await screen.findByTestId('score-analysis-student-none')).toBeInTheDocument();
    await openTab('teacher');
    expect(await screen.findByTestId('score-analysis-teacher-empty')).toHaveTextContent(i18n.t('analysisPage.noTeaching'));
  });

  it('waits for a batch being computed with a refresh, and shows a refused analysis with its message', async () => {
    signIn(ALL);
    let state: AnalysisBatch['state'] = 'pending';
    answerAll({ batches: () => ({ ...BATCHES, batches: [batch(9, { name: 'Grade 10 midterm', state })] }) });
    renderPage();
    const pending = await screen.findByTestId('score-analysis-state-pending');
    expect(pending).toHaveTextContent('The analysis of Grade 10 midterm is being computed');
    expect(screen.queryByTestId('score-analysis-tab-grade')).toBeNull();
    expect(screen.queryByTestId('score-analysis-export')).toBeNull();
    expect(stub.calls(`${BASE}/grade`)).toHaveLength(0);
    state = 'ready';
    let refuse = true;
    stub.on(`${BASE}/grade`, () => {
      if (refuse) throw new ApiError('The analysis of Grade 10 midterm is being computed, try again in a moment');
      return GRADE;
    });
    fireEvent.click(screen.getByTestId('score-analysis-refresh'));
    expect(await screen.findByTestId('score-analysis-grade-error')).toHaveTextContent('try again in a moment');
    refuse = false;
    fireEvent.click(screen.getByTestId('score-analysis-grade-retry'));
    expect(await screen.findByTestId('score-analysis-grade-table')).toBeInTheDocument();
  });

  it('shows a failed analysis, and offers to try again when the exams cannot be loaded', async () => {
    signIn(ALL);
    let fail = true;
    answerAll({
      batches: () => {
        if (fail) throw new ApiError('refused');
        return { ...BATCHES, batches: [batch(9, { name: 'Grade 10 midterm', state: 'failed' })] };
      },
    });
    renderPage();
    const retry = await screen.findByTestId('score-analysis-retry');
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('score-analysis-state-failed')).toHaveTextContent('release it again');
    expect(screen.queryByTestId('score-analysis-refresh')).toBeNull();
  });

  it('shows no Chinese in English on any tab (the data aside), and Chinese in Chinese', async () => {
    signIn(ALL);
    answerAll();
    const view = renderPage();
    await screen.findByTestId('score-analysis-grade-table');
    const page = () => screen.getByTestId('score-analysis-page').textContent ?? '';
    expect(page()).not.toMatch(HAN);
    for (const key of ['classes', 'ranking', 'class', 'teacher']) {
      await openTab(key);
      await screen.findByTestId(`score-analysis-${key === 'class' ? 'class-table' : key === 'classes' ? 'classes-table' : key === 'ranking' ? 'ranking-table' : 'teacher-table'}`);
      if (key === 'ranking') await screen.findByText('Student 1003');
      expect(page(), key).not.toMatch(HAN);
    }
    fireEvent.click(await screen.findByTestId('score-analysis-student-link-1001'));
    await screen.findByTestId('score-analysis-strength-table');
    expect(page()).not.toMatch(HAN);
    for (const options of charts.options.values()) expect(JSON.stringify(options)).not.toMatch(HAN);
    view.unmount();

    await act(() => i18n.changeLanguage('zh'));
    renderPage();
    const table = await screen.findByTestId('score-analysis-grade-table');
    expect(within(table).getAllByRole('row')[0]).toHaveTextContent('平均分');
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('总分');
    expect(screen.getByTestId('score-analysis-tab-classes')).toHaveTextContent('班级对比');
  });
});
