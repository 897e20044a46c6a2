import { useMemo, useState } from 'react';
import { Card, Empty, Select, Table, type TableColumnsType } from 'antd';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OpenClassStatistics } from '@campus/contract';
import { fetchOpenClassStatistics, openClassKeys } from '../../../api/openClass.ts';
import { EChart } from '../../../components/EChart/index.ts';
import { byName, scoreText } from './parts.tsx';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

type ClassRow = OpenClassStatistics['byClass'][number];
type TeacherRow = OpenClassStatistics['byTeacher'][number];

/** The statistics of a term: per teacher (with a chart of the averages) and per open class with each item's average. */
export function StatisticsView({ office }: { office: boolean }) {
  const { t } = useTranslation();
  const [termId, setTermId] = useState<number | undefined>();
  const stats = useQuery({ queryKey: openClassKeys.statistics(termId), queryFn: ({ signal }) => fetchOpenClassStatistics(termId, signal) });
  const data = stats.data;

  const option = useMemo(
    () => ({
      grid: { left: 40, right: 16, top: 16, bottom: 40 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: (data?.byTeacher ?? []).map((row) => row.teacherName) },
      yAxis: { type: 'value', max: 100 },
      series: [{ type: 'bar', name: t('openClassUi.average'), data: (data?.byTeacher ?? []).map((row) => row.average ?? 0), itemStyle: { color: '#00693e' }, barMaxWidth: 36 }],
    }),
    [data, t],
  );

  const teacherColumns: TableColumnsType<TeacherRow> = [
    { key: 'teacherName', dataIndex: 'teacherName', title: t('openClassUi.teacher'), width: 120 },
    { key: 'openClasses', dataIndex: 'openClasses', title: t('openClassUi.openClasses'), width: 110, align: 'right' },
    { key: 'evaluations', dataIndex: 'evaluations', title: t('openClassUi.evaluations'), width: 100, align: 'right' },
    { key: 'average', dataIndex: 'average', title: t('openClassUi.average'), width: 100, align: 'right', render: scoreText },
    { key: 'best', dataIndex: 'best', title: t('openClassUi.best'), width: 100, align: 'right', render: scoreText },
  ];
  const classColumns: TableColumnsType<ClassRow> = [
    { key: 'day', dataIndex: 'day', title: t('openClassUi.day'), width: 110 },
    { key: 'topic', dataIndex: 'topic', title: t('openClassUi.topic'), width: 200 },
    { key: 'teacherName', dataIndex: 'teacherName', title: t('openClassUi.teacher'), width: 100 },
    { key: 'courseName', dataIndex: 'courseName', title: t('openClassUi.course'), width: 90 },
    { key: 'className', dataIndex: 'className', title: t('openClassUi.class'), width: 110 },
    { key: 'attendees', dataIndex: 'attendees', title: t('openClassUi.attendees'), width: 90, align: 'right' },
    { key: 'evaluations', dataIndex: 'evaluations', title: t('openClassUi.evaluations'), width: 90, align: 'right', render: (n: number, row) => <span data-testid={`open-class-stat-evaluations-${row.id}`}>{n}</span> },
    { key: 'average', dataIndex: 'average', title: t('openClassUi.average'), width: 90, align: 'right', render: scoreText },
  ];

  return (
    <div className="teaching-page" data-testid="open-class-statistics">
      <div className="teaching-bar">
        <span>{t('openClassUi.term')}</span>
        <Select value={data?.termId || undefined} options={byName(data?.terms ?? [])} onChange={(value: number) => setTermId(value)} style={{ width: 240 }} loading={stats.isFetching} />
        <span className="teaching-muted teaching-small">{t(office ? 'openClassUi.statsAll' : 'openClassUi.statsOwn')}</span>
      </div>
      <Card size="small" title={t('openClassUi.byTeacher')}>
        {data?.byTeacher.length ? <EChart option={option} label={t('openClassUi.byTeacher')} height={220} testId="open-class-chart" /> : null}
        <Table<TeacherRow> size="small" rowKey="teacherId" columns={teacherColumns} dataSource={data?.byTeacher ?? []} pagination={false} scroll={{ x: 'max-content' }} loading={stats.isFetching} />
      </Card>
      <Card size="small" title={t('openClassUi.byClass')}>
        <Table<ClassRow>
          size="small"
          rowKey="id"
          columns={classColumns}
          dataSource={data?.byClass ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          loading={stats.isFetching}
          locale={{ emptyText: <Empty description={t('openClassUi.noOpenClasses')} /> }}
          expandable={{
            expandedRowRender: (row) => (
              <Table
                size="small"
                rowKey="name"
                pagination={false}
                dataSource={row.items}
                columns={[
                  { key: 'name', dataIndex: 'name', title: t('openClassUi.item') },
                  { key: 'maxScore', dataIndex: 'maxScore', title: t('openClassUi.maxScore'), align: 'right' },
                  { key: 'average', dataIndex: 'average', title: t('openClassUi.average'), align: 'right', render: scoreText },
                ]}
              />
            ),
          }}
        />
      </Card>
    </div>
  );
}
