import { useMemo, type HTMLAttributes } from 'react';
import { Empty, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOTAL_COURSE_ID, type TeacherClassRow } from '@campus/contract';
import { ANALYSIS_STALE_MS, fetchTeacherAnalysis, scoreAnalysisKeys } from './analysisCalls.ts';
import { formatGap, formatPlace, formatRate, formatScore, gapClass } from './analysisModel.ts';
import { QueryState, subjectName } from './parts.tsx';

/** "82.5 / 78.1": the class's figure against the grade's. */
const versus = (own: string, grade: string) => (
  <span className="score-analysis-versus">
    <strong>{own}</strong> / {grade}
  </span>
);

/** My classes: the caller's own classes and subjects against the grade. */
export function TeacherTab({ batchId }: { batchId: number }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: scoreAnalysisKeys.teacher(batchId), queryFn: ({ signal }) => fetchTeacherAnalysis(batchId, signal), staleTime: ANALYSIS_STALE_MS });
  const columns = useMemo<ColumnsType<TeacherClassRow>>(
    () => [
      { key: 'class', title: t('scoreAnalysis.col.class'), dataIndex: 'className', fixed: 'left' },
      { key: 'subject', title: t('scoreAnalysis.col.subject'), render: (_, row) => (row.courseId === TOTAL_COURSE_ID ? <strong>{subjectName(t, row)}</strong> : row.courseName) },
      { key: 'average', title: t('analysisPage.col.averageVs'), align: 'right', render: (_, row) => versus(formatScore(row.own.average), formatScore(row.grade.average)) },
      {
        key: 'gap',
        title: t('analysisPage.col.gap'),
        align: 'right',
        render: (_, row) => (
          <span className={gapClass(row.averageGap)} data-testid={`score-analysis-gap-${row.classId}-${row.courseId}`}>
            {formatGap(row.averageGap)}
          </span>
        ),
      },
      { key: 'passRate', title: t('analysisPage.col.passVs'), align: 'right', render: (_, row) => versus(formatRate(row.own.passRate), formatRate(row.grade.passRate)) },
      { key: 'excellentRate', title: t('analysisPage.col.excellentVs'), align: 'right', render: (_, row) => versus(formatRate(row.own.excellentRate), formatRate(row.grade.excellentRate)) },
      { key: 'place', title: t('analysisPage.col.place'), align: 'right', render: (_, row) => formatPlace(row.classPlace, row.classCount) },
    ],
    [t],
  );
  return (
    <div className="score-analysis-tab" data-testid="score-analysis-teacher">
      <Typography.Text type="secondary" className="score-analysis-hint">
        {t('analysisPage.teacherHint')}
      </Typography.Text>
      <QueryState query={query} testId="score-analysis-teacher">
        {(data) =>
          data.rows.length ? (
            <Table<TeacherClassRow>
              rowKey={(row) => `${row.classId}-${row.courseId}`}
              size="small"
              columns={columns}
              dataSource={data.rows}
              pagination={false}
              scroll={{ x: 'max-content' }}
              onRow={(row) => ({ 'data-testid': `score-analysis-teacher-row-${row.classId}-${row.courseId}` }) as HTMLAttributes<HTMLElement>}
              data-testid="score-analysis-teacher-table"
            />
          ) : (
            <Empty description={t('analysisPage.noTeaching')} data-testid="score-analysis-teacher-empty" />
          )
        }
      </QueryState>
    </div>
  );
}
