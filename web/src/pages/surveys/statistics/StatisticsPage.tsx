import { useMemo, useState } from 'react';
import { Button, Card, Empty, Form, Input, List, Select, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { BarChartOutlined, BellOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { SURVEY_PERMISSIONS, SURVEY_PHASES, type QuestionStatistics, type SurveyPhase, type SurveyRow, type SurveyStatistics } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { SURVEY_CALLS, exportStatistics, fetchNonRespondents, fetchStatistics, fetchTexts, surveyAction, surveyKeys } from '../../../api/surveys.ts';
import { feedback } from '../../../app/feedback.ts';
import { EChart } from '../../../components/EChart/index.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { PhaseTag } from '../design/DesignPage.tsx';
import '../surveys.css';

echarts.use([BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

interface SearchForm {
  keyword?: string;
  phase?: SurveyPhase;
}

/**
 * /survey/wjtj, Survey statistics: the caller's published surveys with their response counts; opening one shows per
 * question counts and percentages with a chart (bars for choices and ratings, a pie for a single choice), the
 * average of a rating, a matrix's table, the text answers page by page, who has not answered a named survey
 * (with a reminder) and the export to Excel.
 */
export default function StatisticsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const [opened, setOpened] = useState<SurveyRow | null>(null);
  return (
    <ManagePage<SurveyRow, SearchForm>
      permission={SURVEY_PERMISSIONS.statistics}
      listUrl={SURVEY_CALLS.statisticsPage}
      title={routeTitle(route, i18n.language)}
      toSearch={(values) => ({ keyword: values.keyword?.trim() ?? '', phase: values.phase ?? '' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('surveys.title')}>
            <Input allowClear maxLength={50} />
          </Form.Item>
          <Form.Item name="phase" label={t('surveys.phase')}>
            <Select allowClear placeholder={t('manage.all')} style={{ width: 130 }} options={SURVEY_PHASES.filter((p) => p !== 'draft').map((phase) => ({ value: phase, label: t(`survey.phase.${phase}`) }))} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'title', dataIndex: 'title', title: t('surveys.title'), sorter: true, width: 220 },
        { key: 'phase', dataIndex: 'phase', title: t('surveys.phase'), width: 100, render: (phase: SurveyPhase) => <PhaseTag phase={phase} /> },
        { key: 'anonymous', title: t('surveys.kind'), width: 100, render: (_: unknown, row: SurveyRow) => <Tag color={row.anonymous ? 'green' : 'blue'}>{row.anonymous ? t('surveys.anonymous') : t('surveys.named')}</Tag> },
        { key: 'startsAt', dataIndex: 'startsAt', title: t('surveys.windowLabel'), sorter: true, width: 260, render: (_: unknown, row: SurveyRow) => `${row.startsAt} ~ ${row.endsAt}` },
        {
          key: 'responseCount',
          dataIndex: 'responseCount',
          title: t('surveys.responses'),
          sorter: true,
          width: 120,
          render: (_: unknown, row: SurveyRow) => <span data-testid={`survey-responses-${row.id}`}>{row.recipientTotal ? `${row.responseCount} / ${row.recipientTotal}` : row.responseCount}</span>,
        },
      ]}
      actionsWidth={phone ? 110 : 140}
      rowActions={(row) => (
        <Button type="link" size="small" icon={<BarChartOutlined />} onClick={() => setOpened(row)} data-testid={`survey-stats-${row.id}`}>
          {t('surveys.statistics')}
        </Button>
      )}
      data-testid="survey-statistics-page"
    >
      {() => (
        <SidePanel open={!!opened} onClose={() => setOpened(null)} title={opened?.title} width={phone ? '100%' : 860}>
          {opened && <StatisticsView id={opened.id} />}
        </SidePanel>
      )}
    </ManagePage>
  );
}

function StatisticsView({ id }: { id: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const stats = useQuery({ queryKey: surveyKeys.statistics(id), queryFn: ({ signal }) => fetchStatistics(id, signal) });
  const [exporting, setExporting] = useState(false);
  const can = usePermission();
  if (stats.isPending) return <Spin />;
  if (stats.isError) return <Empty description={stats.error.message} />;
  const data = stats.data;
  const rate = data.recipientTotal ? Math.round((data.responseCount / data.recipientTotal) * 1000) / 10 : null;
  return (
    <div data-testid="survey-statistics-view">
      <div className="survey-stats-summary">
        <Statistic title={t('surveys.responses')} value={data.responseCount} data-testid="survey-stats-responses" />
        {data.recipientTotal > 0 && <Statistic title={t('surveys.recipients')} value={data.recipientTotal} />}
        {rate !== null && <Statistic title={t('surveys.responseRate')} value={rate} suffix="%" />}
        <Space wrap>
          <PhaseTag phase={data.phase} />
          {can({ permissions: [SURVEY_PERMISSIONS.all] }) && (
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={async () => {
              setExporting(true);
              try {
                await exportStatistics(id, `${t('survey.exportName')}-${data.title}`);
              } catch {
                // Shown by the request client.
              } finally {
                setExporting(false);
              }
            }}
            data-testid="survey-stats-export"
          >
            {t('manage.export')}
          </Button>
          )}
          <Button onClick={() => void client.invalidateQueries({ queryKey: surveyKeys.statistics(id) })} data-testid="survey-stats-refresh">
            {t('surveys.refresh')}
          </Button>
        </Space>
      </div>
      {data.questions.map((q) => (
        <QuestionCard key={q.key} stats={data} question={q} />
      ))}
      {!data.anonymous && data.recipientTotal > 0 && <NonRespondents id={id} />}
    </div>
  );
}

function QuestionCard({ stats, question: q }: { stats: SurveyStatistics; question: QuestionStatistics }) {
  const { t } = useTranslation();
  const option = useMemo(() => chartOption(q, t('surveys.count')), [q, t]);
  return (
    <Card size="small" className="survey-stats-question" title={`${q.index + 1}. ${q.title}`} extra={<Tag>{t(`survey.kind.${q.kind}`)}</Tag>} data-testid={`survey-stats-q${q.index + 1}`}>
      <Typography.Paragraph type="secondary">
        {t('surveys.answeredOf', { answered: q.kind === 'text' ? q.texts : q.answered, responses: stats.responseCount })}
        {q.average !== null && ` · ${t('surveys.average', { average: q.average })}`}
      </Typography.Paragraph>
      {(q.kind === 'single' || q.kind === 'multiple' || q.kind === 'rating') && (
        <>
          {option && <EChart option={option} label={q.title} height={q.kind === 'single' ? 240 : Math.max(180, q.counts.length * 32)} testId={`survey-chart-${q.index + 1}`} />}
          <Table
            size="small"
            pagination={false}
            rowKey="label"
            dataSource={q.counts}
            columns={[
              { key: 'label', dataIndex: 'label', title: q.kind === 'rating' ? t('surveys.score') : t('surveys.option') },
              { key: 'count', dataIndex: 'count', title: t('surveys.count'), width: 90 },
              { key: 'percent', dataIndex: 'percent', title: t('surveys.percent'), width: 90, render: (p: number) => `${p}%` },
            ]}
          />
        </>
      )}
      {q.kind === 'matrix' && (
        <Table
          size="small"
          pagination={false}
          rowKey="row"
          scroll={{ x: 'max-content' }}
          dataSource={q.matrix}
          columns={[
            { key: 'row', dataIndex: 'row', title: '' },
            ...q.columns.map((column, c) => ({ key: `c${c}`, title: column, render: (_: unknown, row: QuestionStatistics['matrix'][number]) => row.counts[c] })),
          ]}
        />
      )}
      {q.kind === 'text' && <TextAnswers id={stats.id} question={q.index} />}
    </Card>
  );
}

/** Bars for a multiple choice or a rating's distribution, a pie for a single choice. */
function chartOption(q: QuestionStatistics, countLabel: string): echarts.EChartsCoreOption | null {
  if (!q.counts.length) return null;
  if (q.kind === 'single') {
    return {
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0, type: 'scroll' },
      series: [{ type: 'pie', radius: ['35%', '65%'], top: -20, data: q.counts.map((c) => ({ name: c.label, value: c.count })), label: { formatter: '{c}' } }],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, name: countLabel },
    yAxis: { type: 'category', inverse: true, data: q.counts.map((c) => c.label) },
    series: [{ type: 'bar', data: q.counts.map((c) => c.count), label: { show: true, position: 'right' }, barMaxWidth: 24 }],
  };
}

function TextAnswers({ id, question }: { id: number; question: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const texts = useQuery({ queryKey: [...surveyKeys.statistics(id), 'texts', question, page], queryFn: ({ signal }) => fetchTexts(id, question, page, 10, signal) });
  return (
    <List
      size="small"
      loading={texts.isPending}
      dataSource={texts.data?.rows ?? []}
      locale={{ emptyText: t('surveys.noTexts') }}
      renderItem={(row) => <List.Item>{row.text}</List.Item>}
      pagination={(texts.data?.total ?? 0) > 10 ? { current: page + 1, pageSize: 10, total: texts.data?.total, onChange: (p) => setPage(p - 1), size: 'small' } : false}
      data-testid={`survey-texts-${question + 1}`}
    />
  );
}

function NonRespondents({ id }: { id: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [reminding, setReminding] = useState(false);
  const list = useQuery({ queryKey: [...surveyKeys.statistics(id), 'missing', page], queryFn: ({ signal }) => fetchNonRespondents(id, page, 10, signal) });
  return (
    <Card
      size="small"
      title={t('surveys.nonRespondents', { count: list.data?.total ?? 0 })}
      extra={
        <Button
          icon={<BellOutlined />}
          loading={reminding}
          disabled={!list.data?.total}
          onClick={async () => {
            setReminding(true);
            try {
              feedback().message.success(await surveyAction(SURVEY_CALLS.remind, { id }));
            } catch {
              // Shown by the request client (too soon, closed).
            } finally {
              setReminding(false);
            }
          }}
          data-testid="survey-remind"
        >
          {t('surveys.remind')}
        </Button>
      }
    >
      <Table
        size="small"
        rowKey="account"
        loading={list.isPending}
        dataSource={list.data?.rows ?? []}
        pagination={{ current: page + 1, pageSize: 10, total: list.data?.total ?? 0, onChange: (p) => setPage(p - 1), size: 'small', showSizeChanger: false }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('surveys.person') },
          { key: 'account', dataIndex: 'account', title: t('surveys.account') },
          { key: 'relation', dataIndex: 'relation', title: t('surveys.relation') },
        ]}
      />
    </Card>
  );
}
