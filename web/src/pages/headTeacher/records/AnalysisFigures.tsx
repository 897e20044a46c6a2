import { Card, Spin, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart } from '../../../components/EChart/index.ts';
import { fetchFigures, headTeacherKeys } from '../api.ts';

echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** class analysis's figures of the record's term, taken from the class's data (not typed in). */
export function AnalysisFiguresPanel({ classId, recordId }: { classId: number; recordId: number }) {
  const { t } = useTranslation();
  const figures = useQuery({ queryKey: headTeacherKeys.figures(classId, recordId), queryFn: ({ signal }) => fetchFigures(classId, recordId, signal) });
  if (figures.isPending) return <Spin />;
  const data = figures.data;
  if (!data) return null;
  const stats: [string, number | string][] = [
    ['htFigures.students', t('htFigures.genderSplit', { total: data.students, male: data.male, female: data.female })],
    ['htFigures.leave', t('htFigures.leaveValue', { count: data.leaveApplications, days: data.leaveDays })],
    ['htFigures.praise', data.conductPraise],
    ['htFigures.criticism', data.conductCriticism],
    ['htFigures.awards', data.awards],
    ['htFigures.meetings', data.meetings],
    ['htFigures.contacts', data.contacts],
    ['htFigures.practiceHours', data.practiceHours],
  ];
  return (
    <Card size="small" title={t('htFigures.title', { term: data.termName || '—' })} style={{ marginTop: 12 }} data-testid="ht-figures">
      <div className="ht-stats">
        {stats.map(([key, value]) => (
          <Statistic key={key} title={t(key)} value={value} valueStyle={{ fontSize: 18 }} />
        ))}
      </div>
      <Typography.Paragraph className="ht-section-title">{t('htFigures.scores')}</Typography.Paragraph>
      {data.scoreAverages.length === 0 ? (
        <Typography.Text type="secondary">{t('htFigures.noScores')}</Typography.Text>
      ) : (
        <EChart
          height={260}
          label={t('htFigures.scores')}
          testId="ht-figures-chart"
          option={{
            tooltip: { trigger: 'axis' },
            legend: { data: [t('htFigures.classAverage'), t('htFigures.gradeAverage')] },
            grid: { left: 40, right: 16, bottom: 30, top: 36 },
            xAxis: { type: 'category', data: data.scoreAverages.map((item) => item.course) },
            yAxis: { type: 'value' },
            series: [
              { name: t('htFigures.classAverage'), type: 'bar', data: data.scoreAverages.map((item) => item.average) },
              { name: t('htFigures.gradeAverage'), type: 'bar', data: data.scoreAverages.map((item) => item.gradeAverage) },
            ],
          }}
        />
      )}
    </Card>
  );
}
