import { useMemo, useState } from 'react';
import { Empty, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { TOTAL_COURSE_ID, type GradeAnalysis, type SubjectStats } from '@campus/contract';
import { AnalysisChart } from './AnalysisChart.tsx';
import { bandBounds, bandOption, formatScore } from './analysisModel.ts';
import { QueryState, SubjectSelect, statsColumns, subjectName, useGradeAnalysis } from './parts.tsx';

/** The distribution of the chosen subject over the ten bands. */
function BandChart({ stats, phone }: { stats: SubjectStats; phone: boolean }) {
  const { t } = useTranslation();
  const bands = useMemo(() => bandBounds().map((band) => t('scoreAnalysis.col.band', band)), [t]);
  const students = t('analysisPage.students');
  const option = useMemo(() => bandOption(stats, { bands, students }), [stats, bands, students]);
  return <AnalysisChart option={option} label={t('analysisPage.bandLabel', { subject: subjectName(t, stats) })} height={phone ? 260 : 320} testId="score-analysis-bands" />;
}

function GradeBody({ data, batchId, phone }: { data: GradeAnalysis; batchId: number; phone: boolean }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<number>(TOTAL_COURSE_ID);
  const chosen = data.subjects.find((row) => row.courseId === picked) ?? data.subjects.at(-1);
  const columns = useMemo<ColumnsType<SubjectStats>>(
    () => [
      {
        key: 'subject',
        title: t('scoreAnalysis.col.subject'),
        fixed: 'left',
        render: (_, row) => (row.courseId === TOTAL_COURSE_ID ? <strong>{subjectName(t, row)}</strong> : row.courseName),
      },
      { key: 'fullMark', title: t('analysisPage.col.fullMark'), align: 'right', render: (_, row) => formatScore(row.fullMark) },
      ...statsColumns<SubjectStats>(t),
    ],
    [t],
  );
  if (!data.subjects.length) return <Empty description={t('analysisPage.noSubjects')} data-testid="score-analysis-grade-empty" />;
  return (
    <div className="score-analysis-tab" data-testid="score-analysis-grade">
      <Table<SubjectStats>
        rowKey="courseId"
        size="small"
        columns={columns}
        dataSource={data.subjects}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => (row.courseId === TOTAL_COURSE_ID ? 'score-analysis-total-row' : '')}
        data-testid="score-analysis-grade-table"
      />
      <section className="score-analysis-panel">
        <header className="score-analysis-panel-head">
          <Typography.Text strong>{t('analysisPage.bandTitle')}</Typography.Text>
          <SubjectSelect batchId={batchId} value={chosen?.courseId ?? TOTAL_COURSE_ID} onChange={setPicked} testId="score-analysis-band-subject" />
          <Typography.Text type="secondary" className="score-analysis-hint">
            {t('analysisPage.bandHint')}
          </Typography.Text>
        </header>
        {chosen && <BandChart stats={chosen} phone={phone} />}
      </section>
    </div>
  );
}

/** Grade overview: the grade's figures per subject and the total, and the chosen subject's distribution. */
export function GradeTab({ batchId, phone }: { batchId: number; phone: boolean }) {
  const query = useGradeAnalysis(batchId);
  return (
    <QueryState query={query} testId="score-analysis-grade">
      {(data) => <GradeBody data={data} batchId={batchId} phone={phone} />}
    </QueryState>
  );
}
