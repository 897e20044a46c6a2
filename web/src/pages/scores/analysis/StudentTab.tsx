import { useMemo } from 'react';
import { Empty, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StudentAnalysis, SubjectStrength } from '@campus/contract';
import { AnalysisChart } from './AnalysisChart.tsx';
import { ANALYSIS_STALE_MS, fetchStudentAnalysis, scoreAnalysisKeys } from './analysisCalls.ts';
import { cellText, formatGap, formatRate, formatScore, gapClass, strengthOption, trendOption } from './analysisModel.ts';
import { useClassScores, useOpenClasses } from './ClassScoresTab.tsx';
import { QueryState, useMarkLabels } from './parts.tsx';

function TrendPanel({ data, phone }: { data: StudentAnalysis; phone: boolean }) {
  const { t } = useTranslation();
  const texts = useMemo(
    () => ({ gradePlace: t('scoreAnalysis.col.gradeRank'), classPlace: t('scoreAnalysis.col.classRank'), share: t('analysisPage.share'), total: t('scoreAnalysis.total') }),
    [t],
  );
  const option = useMemo(() => trendOption(data.trend, texts), [data.trend, texts]);
  return (
    <section className="score-analysis-panel">
      <header className="score-analysis-panel-head">
        <Typography.Text strong>{t('analysisPage.trendTitle')}</Typography.Text>
        <Typography.Text type="secondary" className="score-analysis-hint">
          {t('analysisPage.trendHint')}
        </Typography.Text>
      </header>
      {data.trend.length ? (
        <AnalysisChart option={option} label={t('analysisPage.trendLabel')} height={phone ? 260 : 320} testId="score-analysis-trend" />
      ) : (
        <Empty description={t('analysisPage.trendEmpty')} data-testid="score-analysis-trend-empty" />
      )}
    </section>
  );
}

function StrengthPanel({ latest, phone }: { latest: NonNullable<StudentAnalysis['latest']>; phone: boolean }) {
  const { t } = useTranslation();
  const marks = useMarkLabels();
  const zScore = t('analysisPage.zScore');
  const option = useMemo(() => strengthOption(latest.subjects, { zScore }), [latest.subjects, zScore]);
  const charted = latest.subjects.filter((subject) => subject.zScore !== null).length;
  const columns = useMemo<ColumnsType<SubjectStrength>>(
    () => [
      { key: 'subject', title: t('scoreAnalysis.col.subject'), dataIndex: 'courseName' },
      {
        key: 'score',
        title: t('scoreAnalysis.col.score'),
        align: 'right',
        render: (_, row) => (
          <span className={row.mark ? 'score-analysis-mark' : undefined}>
            {cellText(row.score, row.mark, marks)} / {formatScore(row.fullMark)}
          </span>
        ),
      },
      { key: 'gradeAverage', title: t('analysisPage.gradeAverage'), align: 'right', render: (_, row) => formatScore(row.gradeAverage) },
      { key: 'zScore', title: zScore, align: 'right', render: (_, row) => <span className={gapClass(row.zScore)}>{formatGap(row.zScore)}</span> },
      { key: 'share', title: t('analysisPage.col.share'), align: 'right', render: (_, row) => formatRate(row.share) },
    ],
    [t, marks, zScore],
  );
  return (
    <section className="score-analysis-panel" data-testid="score-analysis-strengths">
      <header className="score-analysis-panel-head">
        <Typography.Text strong>{t('analysisPage.strengthTitle', { name: latest.name })}</Typography.Text>
        <Typography.Text type="secondary" className="score-analysis-hint">
          {t('analysisPage.strengthHint')}
        </Typography.Text>
      </header>
      {charted > 0 && <AnalysisChart option={option} label={t('analysisPage.strengthLabel')} height={Math.max(phone ? 200 : 220, 56 + charted * 34)} testId="score-analysis-strength-chart" />}
      <Table<SubjectStrength> rowKey="courseId" size="small" columns={columns} dataSource={latest.subjects} pagination={false} scroll={{ x: 'max-content' }} data-testid="score-analysis-strength-table" />
    </section>
  );
}

function StudentBody({ data, phone }: { data: StudentAnalysis; phone: boolean }) {
  const { t } = useTranslation();
  const { student } = data;
  return (
    <>
      <div className="score-analysis-student" data-testid="score-analysis-student-head">
        <span className="score-analysis-student-name">{student.name}</span>
        {student.studentNumber && <span>{t('analysisPage.studentNumber', { number: student.studentNumber })}</span>}
        {student.className && <span>{student.className}</span>}
      </div>
      <TrendPanel data={data} phone={phone} />
      {data.latest ? <StrengthPanel latest={data.latest} phone={phone} /> : <Empty description={t('analysisPage.noLatest')} data-testid="score-analysis-no-latest" />}
    </>
  );
}

export interface StudentTabProps {
  batchId: number;
  canRank: boolean;
  classId: number | undefined;
  studentId: number | undefined;
  onStudent: (studentId: number) => void;
  phone: boolean;
}

/** Student: one student's places over the analysed exams and their strengths in the latest one. */
export function StudentTab({ batchId, canRank, classId, studentId, onStudent, phone }: StudentTabProps) {
  const { t } = useTranslation();
  const open = useOpenClasses(batchId, canRank);
  const chosenClass = open.classes.some((row) => row.classId === classId) ? classId : open.classes[0]?.classId;
  const classScores = useClassScores(batchId, chosenClass);
  const query = useQuery({
    queryKey: scoreAnalysisKeys.student(studentId ?? 0),
    queryFn: ({ signal }) => fetchStudentAnalysis(studentId!, signal),
    enabled: !!studentId,
    staleTime: ANALYSIS_STALE_MS,
  });
  const options = (classScores.data?.rows ?? []).map((row) => ({ value: row.studentId, label: `${row.name} ${row.studentNumber}` }));
  if (studentId && query.data && !options.some((option) => option.value === studentId)) {
    options.unshift({ value: studentId, label: `${query.data.student.name} ${query.data.student.studentNumber}`.trim() });
  }
  return (
    <div className="score-analysis-tab" data-testid="score-analysis-student">
      <div className="score-analysis-filters">
        <label className="score-analysis-field">
          <span className="score-analysis-label">{t('analysisPage.student')}</span>
          <Select<number>
            value={studentId}
            options={options}
            onChange={onStudent}
            showSearch={{ optionFilterProp: 'label' }}
            loading={classScores.isFetching}
            placeholder={classScores.data ? t('analysisPage.studentPlaceholder', { class: classScores.data.className }) : t('analysisPage.studentPick')}
            popupMatchSelectWidth={false}
            style={{ minWidth: 220 }}
            aria-label={t('analysisPage.student')}
            data-testid="score-analysis-student-select"
          />
        </label>
      </div>
      {studentId ? (
        <QueryState query={query} testId="score-analysis-student">
          {(data) => <StudentBody data={data} phone={phone} />}
        </QueryState>
      ) : (
        <Empty description={t('analysisPage.studentPick')} data-testid="score-analysis-student-none" />
      )}
    </div>
  );
}
