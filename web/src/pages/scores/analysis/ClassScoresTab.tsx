import { useMemo, type HTMLAttributes } from 'react';
import { Button, Empty, Select, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { TOTAL_COURSE_ID, type ClassScoreRow, type ClassScores, type ClassStats, type SubjectStats } from '@campus/contract';
import { ANALYSIS_STALE_MS, fetchClassScores, scoreAnalysisKeys } from './analysisCalls.ts';
import { cellText, formatGap, formatPlace, formatRate, formatScore, gapClass, type MarkLabels } from './analysisModel.ts';
import { useClassComparison } from './ClassesTab.tsx';
import { QueryState, subjectName, useMarkLabels } from './parts.tsx';

/** The classes the caller may open: every class with the ranking permission, else their own. */
export function useOpenClasses(batchId: number, canRank: boolean): { classes: ClassStats[]; pending: boolean; error: boolean } {
  const query = useClassComparison(batchId, TOTAL_COURSE_ID);
  const classes = useMemo(() => (query.data?.classes ?? []).filter((row) => canRank || row.mine), [query.data, canRank]);
  return { classes, pending: query.isPending, error: query.isError };
}

/** One class's scores (shared with the student tab's list through the cache). */
export function useClassScores(batchId: number, classId: number | undefined) {
  return useQuery({
    queryKey: scoreAnalysisKeys.class(batchId, classId ?? 0),
    queryFn: ({ signal }) => fetchClassScores(batchId, classId!, signal),
    enabled: !!classId,
    staleTime: ANALYSIS_STALE_MS,
  });
}

interface StatsLine {
  key: string;
  label: string;
  cells: Record<string, { text: string; className?: string }>;
}

/** The class against the grade per subject and the total: averages, the gap, pass and excellent rates. */
export function statsLines(t: TFunction, data: Pick<ClassScores, 'stats' | 'grade'>): StatsLine[] {
  const gradeOf = new Map<number, SubjectStats>(data.grade.map((row) => [row.courseId, row]));
  const line = (key: string, label: string, cell: (own: SubjectStats, grade: SubjectStats | undefined) => { text: string; className?: string }): StatsLine => ({
    key,
    label,
    cells: Object.fromEntries(data.stats.map((own) => [String(own.courseId), cell(own, gradeOf.get(own.courseId))])),
  });
  const gap = (own: SubjectStats, grade: SubjectStats | undefined) => (own.average === null || !grade || grade.average === null ? null : own.average - grade.average);
  return [
    line('classAverage', t('analysisPage.classAverage'), (own) => ({ text: formatScore(own.average) })),
    line('gradeAverage', t('analysisPage.gradeAverage'), (_, grade) => ({ text: formatScore(grade?.average) })),
    line('gap', t('analysisPage.col.gap'), (own, grade) => ({ text: formatGap(gap(own, grade)), className: gapClass(gap(own, grade)) })),
    line('classPass', t('analysisPage.classPassRate'), (own) => ({ text: formatRate(own.passRate) })),
    line('gradePass', t('analysisPage.gradePassRate'), (_, grade) => ({ text: formatRate(grade?.passRate) })),
    line('classExcellent', t('analysisPage.classExcellentRate'), (own) => ({ text: formatRate(own.excellentRate) })),
    line('gradeExcellent', t('analysisPage.gradeExcellentRate'), (_, grade) => ({ text: formatRate(grade?.excellentRate) })),
  ];
}

function studentColumns(t: TFunction, data: ClassScores, marks: MarkLabels, onStudent: (id: number) => void): ColumnsType<ClassScoreRow> {
  return [
    { key: 'studentNumber', title: t('scoreAnalysis.col.studentNumber'), dataIndex: 'studentNumber', fixed: 'left' },
    {
      key: 'name',
      title: t('scoreAnalysis.col.name'),
      fixed: 'left',
      render: (_, row) => (
        <Button type="link" size="small" className="score-analysis-link" onClick={() => onStudent(row.studentId)} data-testid={`score-analysis-student-link-${row.studentId}`}>
          {row.name}
        </Button>
      ),
    },
    ...data.subjects.map((subject) => ({
      key: `course-${subject.courseId}`,
      title: subject.courseName,
      align: 'right' as const,
      render: (_: unknown, row: ClassScoreRow) => {
        const cell = row.cells[String(subject.courseId)];
        return <span className={cell?.mark ? 'score-analysis-mark' : undefined}>{cellText(cell?.score ?? null, cell?.mark ?? null, marks)}</span>;
      },
    })),
    { key: 'total', title: t('scoreAnalysis.total'), align: 'right', render: (_, row) => <strong>{formatScore(row.total)}</strong> },
    { key: 'classRank', title: t('scoreAnalysis.col.classRank'), align: 'right', render: (_, row) => formatPlace(row.classRank, data.rows.length) },
    { key: 'gradeRank', title: t('scoreAnalysis.col.gradeRank'), align: 'right', render: (_, row) => formatPlace(row.gradeRank, data.gradeSize) },
  ];
}

function ClassBody({ data, onStudent }: { data: ClassScores; onStudent: (id: number) => void }) {
  const { t } = useTranslation();
  const marks = useMarkLabels();
  const columns = useMemo(() => studentColumns(t, data, marks, onStudent), [t, data, marks, onStudent]);
  const lines = useMemo(() => statsLines(t, data), [t, data]);
  const statColumns = useMemo<ColumnsType<StatsLine>>(
    () => [
      { key: 'label', title: '', dataIndex: 'label', fixed: 'left', render: (label: string) => <strong>{label}</strong> },
      ...data.stats.map((own) => ({
        key: `stat-${own.courseId}`,
        title: subjectName(t, own),
        align: 'right' as const,
        render: (_: unknown, line: StatsLine) => {
          const cell = line.cells[String(own.courseId)];
          return <span className={cell?.className}>{cell?.text}</span>;
        },
      })),
    ],
    [t, data.stats],
  );
  return (
    <>
      <section className="score-analysis-panel" data-testid="score-analysis-class-stats">
        <header className="score-analysis-panel-head">
          <Typography.Text strong>{t('analysisPage.statsTitle', { class: data.className })}</Typography.Text>
        </header>
        <Table<StatsLine> rowKey="key" size="small" columns={statColumns} dataSource={lines} pagination={false} scroll={{ x: 'max-content' }} />
      </section>
      <section className="score-analysis-panel">
        <header className="score-analysis-panel-head">
          <Typography.Text strong>{t('analysisPage.studentsTitle', { count: data.rows.length })}</Typography.Text>
          <Typography.Text type="secondary" className="score-analysis-hint">
            {t('analysisPage.openStudentHint')}
          </Typography.Text>
        </header>
        {data.rows.length ? (
          <Table<ClassScoreRow>
            rowKey="studentId"
            size="small"
            columns={columns}
            dataSource={data.rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
            onRow={(row) => ({ 'data-testid': `score-analysis-class-student-${row.studentId}` }) as HTMLAttributes<HTMLElement>}
            data-testid="score-analysis-class-table"
          />
        ) : (
          <Empty description={t('analysisPage.noStudents')} />
        )}
      </section>
    </>
  );
}

export interface ClassScoresTabProps {
  batchId: number;
  canRank: boolean;
  classId: number | undefined;
  onClass: (classId: number) => void;
  onStudent: (studentId: number) => void;
}

/** Class scores: a class's students with every subject, the total and the places, and the class against the grade. */
export function ClassScoresTab({ batchId, canRank, classId, onClass, onStudent }: ClassScoresTabProps) {
  const { t } = useTranslation();
  const open = useOpenClasses(batchId, canRank);
  const chosen = open.classes.some((row) => row.classId === classId) ? classId : open.classes[0]?.classId;
  const query = useClassScores(batchId, chosen);
  let body;
  if (open.pending)
    body = (
      <div className="score-analysis-loading">
        <Spin />
      </div>
    );
  else if (!open.classes.length) body = <Empty description={t(open.error ? 'analysisPage.loadFailed' : 'analysisPage.noOwnClass')} data-testid="score-analysis-class-none" />;
  else
    body = (
      <QueryState query={query} testId="score-analysis-class">
        {(data) => <ClassBody data={data} onStudent={onStudent} />}
      </QueryState>
    );
  return (
    <div className="score-analysis-tab" data-testid="score-analysis-class">
      <div className="score-analysis-filters">
        <label className="score-analysis-field">
          <span className="score-analysis-label">{t('scoreAnalysis.col.class')}</span>
          <Select<number>
            value={chosen}
            options={open.classes.map((row) => ({ value: row.classId, label: row.className }))}
            onChange={onClass}
            loading={open.pending}
            disabled={!open.classes.length}
            placeholder={t('analysisPage.classPlaceholder')}
            popupMatchSelectWidth={false}
            style={{ minWidth: 160 }}
            aria-label={t('scoreAnalysis.col.class')}
            data-testid="score-analysis-class-select"
          />
        </label>
      </div>
      {body}
    </div>
  );
}
