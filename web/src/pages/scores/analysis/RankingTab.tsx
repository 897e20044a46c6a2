import { useMemo, useState } from 'react';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { TOTAL_COURSE_ID, type RankingRow } from '@campus/contract';
import { PagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { SCORE_ANALYSIS_CALLS, type RankingFilter } from './analysisCalls.ts';
import { cellText, formatPlace } from './analysisModel.ts';
import { useClassComparison } from './ClassesTab.tsx';
import { SubjectSelect, subjectName, useGradeAnalysis, useMarkLabels } from './parts.tsx';

/** Ranking: the grade's students by a subject or the total, a class at a time if wished, page by page. */
export function RankingTab({ batchId, onStudent }: { batchId: number; onStudent: (studentId: number) => void }) {
  const { t } = useTranslation();
  const marks = useMarkLabels();
  const [courseId, setCourseId] = useState<number>(TOTAL_COURSE_ID);
  const [classId, setClassId] = useState<number | undefined>();
  const classes = useClassComparison(batchId, TOTAL_COURSE_ID);
  const grade = useGradeAnalysis(batchId);
  const subject = grade.data?.subjects.find((row) => row.courseId === courseId);
  const scoreTitle = subject ? subjectName(t, subject) : t('scoreAnalysis.col.score');

  const columns = useMemo<PagedColumn<RankingRow>[]>(
    () => [
      { key: 'gradeRank', title: t('scoreAnalysis.col.gradeRank'), align: 'right', width: 100, render: (_, row) => formatPlace(row.gradeRank) },
      { key: 'classRank', title: t('scoreAnalysis.col.classRank'), align: 'right', width: 100, render: (_, row) => formatPlace(row.classRank) },
      { key: 'studentNumber', title: t('scoreAnalysis.col.studentNumber'), dataIndex: 'studentNumber' },
      {
        key: 'name',
        title: t('scoreAnalysis.col.name'),
        render: (_, row) => (
          <Button type="link" size="small" className="score-analysis-link" onClick={() => onStudent(row.studentId)} data-testid={`score-analysis-ranking-student-${row.studentId}`}>
            {row.name}
          </Button>
        ),
      },
      { key: 'className', title: t('scoreAnalysis.col.class'), dataIndex: 'className' },
      {
        key: 'score',
        title: scoreTitle,
        align: 'right',
        render: (_, row) => <span className={row.mark ? 'score-analysis-mark' : undefined}>{cellText(row.score, row.mark, marks)}</span>,
      },
    ],
    [t, marks, scoreTitle, onStudent],
  );

  const filter: RankingFilter = classId ? { batchId, courseId, classId } : { batchId, courseId };
  return (
    <div className="score-analysis-tab" data-testid="score-analysis-ranking">
      <div className="score-analysis-filters">
        <SubjectSelect batchId={batchId} value={courseId} onChange={setCourseId} testId="score-analysis-ranking-subject" />
        <label className="score-analysis-field">
          <span className="score-analysis-label">{t('scoreAnalysis.col.class')}</span>
          <Select<number>
            value={classId}
            allowClear
            placeholder={t('analysisPage.allClasses')}
            options={(classes.data?.classes ?? []).map((row) => ({ value: row.classId, label: row.className }))}
            onChange={(value) => setClassId(value ?? undefined)}
            loading={classes.isPending}
            popupMatchSelectWidth={false}
            style={{ minWidth: 160 }}
            aria-label={t('scoreAnalysis.col.class')}
            data-testid="score-analysis-ranking-class"
          />
        </label>
      </div>
      <PagedTable<RankingRow>
        key={`${batchId}-${courseId}-${classId ?? 0}`}
        url={SCORE_ANALYSIS_CALLS.ranking}
        extraBody={filter}
        columns={columns}
        rowKey="studentId"
        size="small"
        defaultPageSize={20}
        scroll={{ x: 'max-content' }}
        data-testid="score-analysis-ranking-table"
      />
    </div>
  );
}
