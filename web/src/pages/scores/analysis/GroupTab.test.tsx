import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnalysisBatch, GradeAnalysis, GroupAnalysis, GroupFigures } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import ScoreAnalysisPage from './ScoreAnalysisPage.tsx';
import { GroupTab, formatPercent, groupAverageOption } from './GroupTab.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no canvas: ECharts is replaced by a recorder of the options the charts are given.
const charts = vi.hoisted(() => {
  const state = {
    options: [] as unknown[],
    init: () => ({ setOption: (option: unknown) => void state.options.push(option), resize: () => undefined, dispose: () => undefined }),
  };
  return state;
});
vi.mock('echarts/core', () => ({ use: () => undefined, init: () => charts.init() }));
vi.mock('echarts/charts', () => ({ BarChart: {}, LineChart: {} }));
vi.mock('echarts/components', () => ({ GridComponent: {}, TooltipComponent: {}, LegendComponent: {}, MarkLineComponent: {} }));
vi.mock('echarts/renderers', () => ({ CanvasRenderer: {} }));

vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError: StubError } = await import('../../../components/Timetable/callStub.ts');
  return { ...clientModule, ApiError: StubError, ERROR_DURATION_SECONDS: 5, isAbort: (error: unknown) => error instanceof Error && error.name === 'AbortError' };
});

const ROUTE = { path: '/cjfxNew/cjfx/cjxq', title: 'cjxq', titleEn: 'Score analysis' } as AppRoute;
const OPTIONS = '/api/scores/groups/options';
const GROUP = '/api/scores/analysis/group';

const BATCH: AnalysisBatch = {
  id: 9,
  name: 'Grade 10 midterm',
  termId: 1,
  termName: '2026-2027 first term',
  gradeName: 'Grade 10',
  examNode: 'Midterm',
  releasedAt: '2026-11-20 10:00',
  state: 'ready',
  analysedAt: '2026-11-20 10:01',
  studentCount: 120,
  mine: false,
};

const figures = (extra: Partial<GroupFigures> = {}): GroupFigures => ({ counted: 10, average: 80, highest: 98, lowest: 60, passRate: 90, excellentRate: 30, ...extra });

const ANALYSIS: GroupAnalysis = {
  group: { id: 1, name: 'Top students', memberCount: 12 },
  batch: { id: 9, name: 'Grade 10 midterm' },
  subjects: [
    { courseId: 5, courseName: 'Maths', fullMark: 150, group: figures({ average: 132.456, passRate: 100, excellentRate: 83.33 }), grade: figures({ counted: 118, average: 96.5, passRate: 75.4, excellentRate: 12.5 }) },
    { courseId: 6, courseName: 'English', fullMark: 120, group: figures({ average: 101 }), grade: figures({ counted: 118, average: 88 }) },
    { courseId: 0, courseName: 'Total', fullMark: 270, group: figures({ average: 233.46 }), grade: figures({ counted: 118, average: 184.5 }) },
  ],
  rows: [
    { studentId: 101, name: 'Li Lei', studentNumber: '201911001', className: 'Class 10-1', total: 260.5, gradeRank: 1, classRank: 1 },
    { studentId: 103, name: 'Lin Tao', studentNumber: '201911003', className: 'Class 10-3', total: 240, gradeRank: 4, classRank: 2 },
  ],
};

beforeEach(async () => {
  stub.reset();
  charts.options.length = 0;
  await act(() => i18n.changeLanguage('zh'));
  stub
    .on(OPTIONS, () => [
      { id: 1, name: 'Top students', memberCount: 12 },
      { id: 2, name: 'Art students', memberCount: 5 },
    ])
    .on(GROUP, (options) => {
      const { groupId } = options?.json as { groupId: number };
      return groupId === 2 ? { ...ANALYSIS, group: { id: 2, name: 'Art students', memberCount: 5 }, rows: [] } : ANALYSIS;
    })
    .on('/api/scores/analysis/batches', () => ({ terms: [{ id: 1, name: '2026-2027 first term', isCurrent: true }], batches: [BATCH] }))
    .on('/api/scores/analysis/grade', (): GradeAnalysis => ({ batch: BATCH, subjects: [] }));
});

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** The tab on its own, its group kept as the page keeps it. */
function Tab({ onGroup }: { onGroup?: (id: number) => void }) {
  const [groupId, setGroupId] = useState<number | undefined>();
  return (
    <GroupTab
      batchId={9}
      phone={false}
      groupId={groupId}
      onGroup={(id) => {
        setGroupId(id);
        onGroup?.(id);
      }}
    />
  );
}

function renderTab(onGroup?: (id: number) => void) {
  return render(
    <QueryClientProvider client={client()}>
      <Tab onGroup={onGroup} />
    </QueryClientProvider>,
  );
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

const cell = (courseId: number, figure: string, side: 'group' | 'grade') => screen.getByTestId(`group-analysis-${courseId}-${figure}-${side}`);

describe('GroupTab', () => {
  it('is a tab of the score analysis for those with the groups, and reads the chosen batch and group', async () => {
    useSession.setState({ permissions: ['score:analysis'], roles: [] });
    const first = render(
      <QueryClientProvider client={client()}>
        <ScoreAnalysisPage route={ROUTE} />
      </QueryClientProvider>,
    );
    await screen.findByTestId('score-analysis-tab-grade');
    expect(screen.queryByTestId('score-analysis-tab-group')).toBeNull();
    first.unmount();

    useSession.setState({ permissions: ['score:analysis', 'score:groups'], roles: [] });
    render(
      <QueryClientProvider client={client()}>
        <ScoreAnalysisPage route={ROUTE} />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('score-analysis-tab-group')).toHaveTextContent(i18n.t('groupsPage.analysis.tab'));
    fireEvent.click(screen.getByTestId('score-analysis-tab-group'));
    expect(await screen.findByTestId('group-analysis-subjects')).toBeInTheDocument();
    expect(stub.bodies(GROUP)).toEqual([{ batchId: 9, groupId: 1 }]);
    expect(stub.bodies(OPTIONS)).toEqual([{}]);
  });

  it("shows the group's figures beside the grade's, the averages chart and the members' totals and places", async () => {
    const onGroup = vi.fn();
    renderTab(onGroup);
    await screen.findByTestId('group-analysis-subjects');
    expect(stub.bodies(GROUP)).toEqual([{ batchId: 9, groupId: 1 }]);
    expect(screen.getByTestId('group-analysis-group').closest('.ant-select')).toHaveTextContent('Top students');
    expect(screen.getByTestId('group-analysis-facts')).toHaveTextContent(i18n.t('groupsPage.analysis.sat', { count: 2, members: 12 }));

    // Both columns side by side: the group's and the grade's.
    const table = screen.getByTestId('group-analysis-subjects');
    // Six figures, each with a group and a grade column (the table may render its header twice to measure it).
    const heads = (text: string) => within(table).getAllByText(text).length;
    expect(heads(i18n.t('groupsPage.analysis.groupColumn')) % 6).toBe(0);
    expect(heads(i18n.t('groupsPage.analysis.groupColumn'))).toBeGreaterThan(0);
    expect(heads(i18n.t('groupsPage.analysis.gradeColumn'))).toBe(heads(i18n.t('groupsPage.analysis.groupColumn')));
    expect(cell(5, 'average', 'group')).toHaveTextContent('132.46');
    expect(cell(5, 'average', 'grade')).toHaveTextContent('96.5');
    expect(cell(5, 'average', 'group').className).toMatch(/is-up/);
    expect(cell(5, 'counted', 'group')).toHaveTextContent('10');
    expect(cell(5, 'counted', 'grade')).toHaveTextContent('118');
    expect(cell(5, 'passRate', 'group')).toHaveTextContent('100%');
    expect(cell(5, 'passRate', 'grade')).toHaveTextContent('75.4%');
    expect(cell(5, 'excellentRate', 'group')).toHaveTextContent('83.3%');
    expect(cell(0, 'average', 'group')).toHaveTextContent('233.46');
    expect(within(table).getByText(i18n.t('scoreAnalysis.total'))).toBeInTheDocument();

    // The chart: the subjects' averages (without the total), group beside grade.
    await waitFor(() => expect(charts.options.length).toBeGreaterThan(0));
    const option = charts.options.at(-1) as { xAxis: { data: string[] }; series: { name: string; data: number[] }[] };
    expect(option.xAxis.data).toEqual(['Maths', 'English']);
    expect(option.series.map((series) => [series.name, series.data])).toEqual([
      ['Top students', [132.46, 101]],
      [i18n.t('groupsPage.analysis.gradeColumn'), [96.5, 88]],
    ]);

    const members = screen.getByTestId('group-analysis-members');
    const rows = [...members.querySelectorAll('tbody tr.ant-table-row')].map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['Li Lei', '201911001', 'Class 10-1', '260.5', '1', '1'],
      ['Lin Tao', '201911003', 'Class 10-3', '240', '4', '2'],
    ]);

    // Another group, nobody of whom sat the exam.
    await pick('group-analysis-group', 'Art students');
    expect(await screen.findByTestId('group-analysis-nobody')).toHaveTextContent(i18n.t('groupsPage.analysis.nobodySat', { name: 'Art students', batch: 'Grade 10 midterm' }));
    expect(stub.bodies(GROUP).at(-1)).toEqual({ batchId: 9, groupId: 2 });
    expect(onGroup).toHaveBeenCalledWith(2);
  });

  it('says so when the caller has no group, and shows a refusal in place with a retry', async () => {
    stub.on(OPTIONS, () => []);
    const view = renderTab();
    expect(await screen.findByTestId('group-analysis-no-groups')).toHaveTextContent(i18n.t('groupsPage.analysis.noGroups'));
    expect(stub.calls(GROUP)).toHaveLength(0);
    view.unmount();

    let fail = true;
    stub.on(OPTIONS, () => [{ id: 1, name: 'Top students', memberCount: 12 }]).on(GROUP, () => {
      if (fail) throw new ApiError('The analysis of Grade 10 midterm is being computed');
      return ANALYSIS;
    });
    renderTab();
    expect(await screen.findByTestId('group-analysis-error')).toHaveTextContent('The analysis of Grade 10 midterm is being computed');
    fail = false;
    fireEvent.click(screen.getByTestId('group-analysis-retry'));
    expect(await screen.findByTestId('group-analysis-subjects')).toBeInTheDocument();
  });

  it('shows English texts without Chinese but the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderTab();
    await screen.findByTestId('group-analysis-subjects');
    expect(screen.getByText('Averages: group and grade')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });

  it('formats percents and builds the chart of averages', () => {
    expect(formatPercent(83.333)).toBe('83.3%');
    expect(formatPercent(null)).toBe('—');
    const option = groupAverageOption(ANALYSIS.subjects, { group: 'G', grade: 'Y' }) as { series: { data: (number | null)[] }[] };
    expect(option.series[0]!.data).toEqual([132.46, 101]);
    expect(option.series[1]!.data).toEqual([96.5, 88]);
  });
});
