import { useMemo, useState, type HTMLAttributes } from 'react';
import { Empty, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOTAL_COURSE_ID, type ClassComparison, type ClassStats } from '@campus/contract';
import { AnalysisChart } from './AnalysisChart.tsx';
import { ANALYSIS_STALE_MS, fetchClassComparison, scoreAnalysisKeys } from './analysisCalls.ts';
import { classOption, formatScore } from './analysisModel.ts';
import { QueryState, SubjectSelect, statsColumns, subjectName } from './parts.tsx';

/** The classes of a batch for one subject (or the total); shared by the tabs that list classes. */
export function useClassComparison(batchId: number, courseId: number) {
  return useQuery({ queryKey: scoreAnalysisKeys.classes(batchId, courseId), queryFn: ({ signal }) => fetchClassComparison(batchId, courseId, signal), staleTime: ANALYSIS_STALE_MS });
}

/** The grade's row under the classes: id 0, never the caller's. */
const GRADE_ROW = 0;

function ClassesBody({ data, phone }: { data: ClassComparison; phone: boolean }) {
  const { t } = useTranslation();
  const texts = useMemo(
    () => ({ average: t('scoreAnalysis.col.average'), highest: t('scoreAnalysis.col.highest'), lowest: t('scoreAnalysis.col.lowest'), gradeAverage: t('analysisPage.gradeAverage') }),
    [t],
  );
  const option = useMemo(() => classOption(data.grade, data.classes, texts), [data, texts]);
  const rows = useMemo<ClassStats[]>(() => [...data.classes, { ...data.grade, classId: GRADE_ROW, className: t('analysisPage.grade'), mine: false }], [data, t]);
  const columns = useMemo<ColumnsType<ClassStats>>(
    () => [
      {
        key: 'class',
        title: t('scoreAnalysis.col.class'),
        fixed: 'left',
        render: (_, row) =>
          row.classId === GRADE_ROW ? (
            <strong>{row.className}</strong>
          ) : (
            <span className="score-analysis-name">
              {row.className}
              {row.mine && (
                <Tag color="blue" className="score-analysis-tag">
                  {t('analysisPage.mine')}
                </Tag>
              )}
            </span>
          ),
      },
      ...statsColumns<ClassStats>(t),
    ],
    [t],
  );
  if (!data.classes.length) return <Empty description={t('analysisPage.noClasses')} data-testid="score-analysis-classes-empty" />;
  return (
    <>
      <section className="score-analysis-panel">
        <header className="score-analysis-panel-head">
          <Typography.Text strong>{t('analysisPage.classChartTitle', { subject: subjectName(t, data.grade) })}</Typography.Text>
          <Typography.Text type="secondary" className="score-analysis-hint">
            {t('analysisPage.classChartHint', { average: formatScore(data.grade.average) })}
          </Typography.Text>
        </header>
        <AnalysisChart option={option} label={t('analysisPage.classChartLabel', { subject: subjectName(t, data.grade) })} height={phone ? 280 : 340} testId="score-analysis-class-chart" />
      </section>
      <Table<ClassStats>
        rowKey="classId"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => (row.classId === GRADE_ROW ? 'score-analysis-total-row' : row.mine ? 'score-analysis-mine-row' : '')}
        onRow={(row) => ({ 'data-testid': `score-analysis-class-row-${row.classId}` }) as HTMLAttributes<HTMLElement>}
        data-testid="score-analysis-classes-table"
      />
    </>
  );
}

/** Class comparison: the classes side by side for a subject or the total, the caller's own classes marked. */
export function ClassesTab({ batchId, phone }: { batchId: number; phone: boolean }) {
  const { t } = useTranslation();
  const [courseId, setCourseId] = useState<number>(TOTAL_COURSE_ID);
  const query = useClassComparison(batchId, courseId);
  return (
    <div className="score-analysis-tab" data-testid="score-analysis-classes">
      <div className="score-analysis-filters">
        <SubjectSelect batchId={batchId} value={courseId} onChange={setCourseId} testId="score-analysis-classes-subject" />
        <Typography.Text type="secondary" className="score-analysis-hint">
          {t('analysisPage.mineHint')}
        </Typography.Text>
      </div>
      <QueryState query={query} testId="score-analysis-classes">
        {(data) => <ClassesBody data={data} phone={phone} />}
      </QueryState>
    </div>
  );
}
