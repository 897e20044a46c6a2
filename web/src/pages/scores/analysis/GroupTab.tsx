import { useMemo } from 'react';
import { Empty, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { TOTAL_COURSE_ID, type GroupAnalysis, type GroupAnalysisRow, type GroupAnalysisSubject, type GroupFigures } from '@campus/contract';
import { fetchGroupAnalysis, fetchGroupOptions, studentGroupKeys, type GroupOption } from '../groups/groupsCalls.ts';
import { AnalysisChart } from './AnalysisChart.tsx';
import { ANALYSIS_STALE_MS } from './analysisCalls.ts';
import { GRADE_COLOR, NONE, PRIMARY, formatPlace, formatScore, gapClass, type AnalysisOption } from './analysisModel.ts';
import { QueryState, subjectName } from './parts.tsx';

/** A group's rate, a percent from 0 to 100 (the contract's GroupFigures), with one decimal: "85.3%". */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  return `${Math.round(value * 10) / 10}%`;
}

/** The figures compared, in the order of the columns; rates as percents. */
const FIGURES = [
  { key: 'counted', title: 'scoreAnalysis.col.counted', format: (value: number | null) => String(value ?? 0), compare: false },
  { key: 'average', title: 'scoreAnalysis.col.average', format: formatScore, compare: true },
  { key: 'highest', title: 'scoreAnalysis.col.highest', format: formatScore, compare: false },
  { key: 'lowest', title: 'scoreAnalysis.col.lowest', format: formatScore, compare: false },
  { key: 'passRate', title: 'scoreAnalysis.col.passRate', format: formatPercent, compare: true },
  { key: 'excellentRate', title: 'scoreAnalysis.col.excellentRate', format: formatPercent, compare: true },
] as const satisfies readonly { key: keyof GroupFigures; title: string; format: (value: number | null) => string; compare: boolean }[];

const round2 = (value: number | null) => (value === null || !Number.isFinite(value) ? null : Math.round(value * 100) / 100);

/** The averages of each subject (the total left out: its scale is another), the group's bars beside the grade's. */
export function groupAverageOption(subjects: readonly GroupAnalysisSubject[], texts: { group: string; grade: string }): AnalysisOption {
  const rows = subjects.filter((subject) => subject.courseId !== TOTAL_COURSE_ID);
  return {
    grid: { left: 48, right: 16, top: 40, bottom: 48 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { data: [texts.group, texts.grade], top: 0 },
    xAxis: { type: 'category', data: rows.map((subject) => subject.courseName), axisLabel: { interval: 0, rotate: rows.length > 8 ? 30 : 0 } },
    yAxis: { type: 'value', min: 0 },
    series: [
      { type: 'bar', name: texts.group, data: rows.map((subject) => round2(subject.group.average)), itemStyle: { color: PRIMARY }, barMaxWidth: 28 },
      { type: 'bar', name: texts.grade, data: rows.map((subject) => round2(subject.grade.average)), itemStyle: { color: GRADE_COLOR }, barMaxWidth: 28 },
    ],
  };
}

function figureColumns(t: TFunction): ColumnsType<GroupAnalysisSubject> {
  return FIGURES.map((figure) => ({
    key: figure.key,
    title: t(figure.title),
    children: [
      {
        key: `${figure.key}-group`,
        title: t('groupsPage.analysis.groupColumn'),
        align: 'right' as const,
        render: (_: unknown, row: GroupAnalysisSubject) => {
          const own = row.group[figure.key];
          const grade = row.grade[figure.key];
          const gap = figure.compare && own !== null && grade !== null ? own - grade : null;
          return (
            <strong className={figure.compare ? gapClass(gap) : undefined} data-testid={`group-analysis-${row.courseId}-${figure.key}-group`}>
              {figure.format(own)}
            </strong>
          );
        },
      },
      {
        key: `${figure.key}-grade`,
        title: t('groupsPage.analysis.gradeColumn'),
        align: 'right' as const,
        render: (_: unknown, row: GroupAnalysisSubject) => (
          <Typography.Text type="secondary" data-testid={`group-analysis-${row.courseId}-${figure.key}-grade`}>
            {figure.format(row.grade[figure.key])}
          </Typography.Text>
        ),
      },
    ],
  }));
}

function GroupBody({ data, phone }: { data: GroupAnalysis; phone: boolean }) {
  const { t } = useTranslation();
  const subjectColumns = useMemo<ColumnsType<GroupAnalysisSubject>>(
    () => [
      {
        key: 'subject',
        title: t('scoreAnalysis.col.subject'),
        fixed: 'left',
        render: (_, row) => (row.courseId === TOTAL_COURSE_ID ? <strong>{subjectName(t, row)}</strong> : row.courseName),
      },
      { key: 'fullMark', title: t('analysisPage.col.fullMark'), align: 'right', render: (_, row) => formatScore(row.fullMark) },
      ...figureColumns(t),
    ],
    [t],
  );
  const memberColumns = useMemo<ColumnsType<GroupAnalysisRow>>(
    () => [
      { key: 'name', dataIndex: 'name', title: t('scoreAnalysis.col.name'), fixed: 'left' },
      { key: 'studentNumber', dataIndex: 'studentNumber', title: t('scoreAnalysis.col.studentNumber') },
      { key: 'className', dataIndex: 'className', title: t('scoreAnalysis.col.class') },
      { key: 'total', title: t('scoreAnalysis.total'), align: 'right', render: (_, row) => <strong>{formatScore(row.total)}</strong> },
      { key: 'gradeRank', title: t('scoreAnalysis.col.gradeRank'), align: 'right', render: (_, row) => formatPlace(row.gradeRank) },
      { key: 'classRank', title: t('scoreAnalysis.col.classRank'), align: 'right', render: (_, row) => formatPlace(row.classRank) },
    ],
    [t],
  );
  const texts = useMemo(() => ({ group: data.group.name, grade: t('groupsPage.analysis.gradeColumn') }), [data.group.name, t]);
  const option = useMemo(() => groupAverageOption(data.subjects, texts), [data.subjects, texts]);

  if (!data.rows.length) {
    return <Empty description={t('groupsPage.analysis.nobodySat', { name: data.group.name, batch: data.batch.name })} data-testid="group-analysis-nobody" />;
  }
  return (
    <div className="score-analysis-tab" data-testid="group-analysis">
      <Typography.Text type="secondary" className="score-analysis-hint" data-testid="group-analysis-facts">
        {t('groupsPage.analysis.sat', { count: data.rows.length, members: data.group.memberCount })}
      </Typography.Text>
      <Table<GroupAnalysisSubject>
        rowKey="courseId"
        size="small"
        bordered
        columns={subjectColumns}
        dataSource={data.subjects}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => (row.courseId === TOTAL_COURSE_ID ? 'score-analysis-total-row' : '')}
        data-testid="group-analysis-subjects"
      />
      {data.subjects.some((subject) => subject.courseId !== TOTAL_COURSE_ID) && (
        <section className="score-analysis-panel">
          <header className="score-analysis-panel-head">
            <Typography.Text strong>{t('groupsPage.analysis.chartTitle')}</Typography.Text>
          </header>
          <AnalysisChart option={option} label={t('groupsPage.analysis.chartLabel', { name: data.group.name })} height={phone ? 260 : 320} testId="group-analysis-chart" />
        </section>
      )}
      <section className="score-analysis-panel">
        <header className="score-analysis-panel-head">
          <Typography.Text strong>{t('groupsPage.analysis.membersTitle')}</Typography.Text>
        </header>
        <Table<GroupAnalysisRow>
          rowKey="studentId"
          size="small"
          columns={memberColumns}
          dataSource={data.rows}
          pagination={data.rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          data-testid="group-analysis-members"
        />
      </section>
    </div>
  );
}

function GroupAnalysisView({ batchId, groupId, phone }: { batchId: number; groupId: number; phone: boolean }) {
  const query = useQuery({
    queryKey: studentGroupKeys.analysis(batchId, groupId),
    queryFn: ({ signal }) => fetchGroupAnalysis(batchId, groupId, signal),
    staleTime: ANALYSIS_STALE_MS,
  });
  return (
    <QueryState query={query} testId="group-analysis">
      {(data) => <GroupBody data={data} phone={phone} />}
    </QueryState>
  );
}

export interface GroupTabProps {
  batchId: number;
  phone: boolean;
  /** The group chosen (kept by the page from one exam to another); the first one when none. */
  groupId?: number;
  onGroup: (groupId: number) => void;
}

/** Group analysis: a custom student group's figures in the exam beside the grade's, and its members' totals and places. */
export function GroupTab({ batchId, phone, groupId, onGroup }: GroupTabProps) {
  const { t } = useTranslation();
  const options = useQuery({ queryKey: studentGroupKeys.options, queryFn: ({ signal }) => fetchGroupOptions(signal), staleTime: 60_000 });
  return (
    <div className="score-analysis-tab" data-testid="group-tab">
      <QueryState query={options} testId="group-options">
        {(groups: GroupOption[]) => {
          const chosen = groups.find((group) => group.id === groupId) ?? groups[0];
          if (!chosen) return <Empty description={t('groupsPage.analysis.noGroups')} data-testid="group-analysis-no-groups" />;
          return (
            <>
              <div className="score-analysis-filters">
                <label className="score-analysis-field">
                  <span className="score-analysis-label">{t('groupsPage.analysis.group')}</span>
                  <Select<number>
                    value={chosen.id}
                    options={groups.map((group) => ({ value: group.id, label: t('groupsPage.analysis.option', { name: group.name, count: group.memberCount }) }))}
                    onChange={onGroup}
                    showSearch={{ optionFilterProp: 'label' }}
                    popupMatchSelectWidth={false}
                    style={{ minWidth: 220 }}
                    aria-label={t('groupsPage.analysis.group')}
                    data-testid="group-analysis-group"
                  />
                </label>
                <Typography.Text type="secondary" className="score-analysis-hint">
                  {t('groupsPage.analysis.hint')}
                </Typography.Text>
              </div>
              <GroupAnalysisView batchId={batchId} groupId={chosen.id} phone={phone} />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
