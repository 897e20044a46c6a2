import { useMemo, type ReactNode } from 'react';
import { Button, Result, Select, Spin } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { TOTAL_COURSE_ID, type ScoreFigures } from '@campus/contract';
import { ANALYSIS_STALE_MS, errorMessage, fetchGradeAnalysis, scoreAnalysisKeys } from './analysisCalls.ts';
import { formatRate, formatScore, type MarkLabels } from './analysisModel.ts';

/** The name of a subject, the total in the user's language. */
export const subjectName = (t: TFunction, row: { courseId: number; courseName: string }) => (row.courseId === TOTAL_COURSE_ID ? t('scoreAnalysis.total') : row.courseName);

/** The words of the marks in the user's language. */
export function useMarkLabels(): MarkLabels {
  const { t } = useTranslation();
  return useMemo(() => ({ absent: t('scoreAnalysis.col.absent'), exempt: t('scoreAnalysis.col.exempt') }), [t]);
}

/**
 * A query's three states: a spinner while it loads, the refusal's message (the server's, e.g. a class not
 * one's own) with a retry, or its content.
 */
export function QueryState<T>({ query, testId, children }: { query: UseQueryResult<T>; testId: string; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="score-analysis-loading" data-testid={`${testId}-loading`}>
        <Spin />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={errorMessage(query.error) || t('analysisPage.loadFailed')}
        extra={
          <Button onClick={() => void query.refetch()} data-testid={`${testId}-retry`}>
            {t('common.retry')}
          </Button>
        }
        data-testid={`${testId}-error`}
      />
    );
  }
  return <>{children(query.data)}</>;
}

/** The batch's subjects and total from the grade overview (shared with that tab through the cache). */
export function useGradeAnalysis(batchId: number) {
  return useQuery({ queryKey: scoreAnalysisKeys.grade(batchId), queryFn: ({ signal }) => fetchGradeAnalysis(batchId, signal), staleTime: ANALYSIS_STALE_MS });
}

/** A choice among the batch's subjects and the total. */
export function SubjectSelect({ batchId, value, onChange, testId }: { batchId: number; value: number; onChange: (courseId: number) => void; testId: string }) {
  const { t } = useTranslation();
  const grade = useGradeAnalysis(batchId);
  const options = (grade.data?.subjects ?? [{ courseId: TOTAL_COURSE_ID, courseName: '' }]).map((row) => ({ value: row.courseId, label: subjectName(t, row) }));
  return (
    <label className="score-analysis-field">
      <span className="score-analysis-label">{t('scoreAnalysis.col.subject')}</span>
      <Select<number>
        value={value}
        options={options}
        onChange={onChange}
        loading={grade.isPending}
        popupMatchSelectWidth={false}
        style={{ minWidth: 140 }}
        aria-label={t('scoreAnalysis.col.subject')}
        data-testid={testId}
      />
    </label>
  );
}

/** The figure columns of a table of ScoreFigures (after the name column the caller adds). */
export function statsColumns<Row extends ScoreFigures>(t: TFunction): ColumnsType<Row> {
  const number = (key: keyof ScoreFigures, title: string, render: (value: number | null) => string = formatScore) => ({
    key,
    title,
    align: 'right' as const,
    render: (_: unknown, row: Row) => render(row[key] as number | null),
  });
  return [
    number('counted', t('scoreAnalysis.col.counted'), (value) => String(value ?? 0)),
    number('absent', t('scoreAnalysis.col.absent'), (value) => String(value ?? 0)),
    number('exempt', t('scoreAnalysis.col.exempt'), (value) => String(value ?? 0)),
    number('average', t('scoreAnalysis.col.average')),
    number('highest', t('scoreAnalysis.col.highest')),
    number('lowest', t('scoreAnalysis.col.lowest')),
    number('stdDev', t('scoreAnalysis.col.stdDev')),
    number('passRate', t('scoreAnalysis.col.passRate'), formatRate),
    number('goodRate', t('scoreAnalysis.col.goodRate'), formatRate),
    number('excellentRate', t('scoreAnalysis.col.excellentRate'), formatRate),
  ];
}
