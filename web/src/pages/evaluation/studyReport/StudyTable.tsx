import type { HTMLAttributes, ReactNode } from 'react';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MyScoreBatch, StudyReport, StudySubjectRow } from '@campus/contract';
import { placeText } from '../../scores/mine/BatchCard.tsx';
import { formatScore } from '../../scores/mine/trendModel.ts';

const DASH = '—';
const MARKS = ['absent', 'exempt'] as const;

/** A row of the table: a subject, or one of the figures of each exam under the subjects. */
export type StudyRow = { key: string; kind: 'subject'; subject: StudySubjectRow } | { key: 'total' | 'classPlace' | 'gradePlace'; kind: 'total' | 'classPlace' | 'gradePlace' };

/** The subjects in the server's order, then the total, the class place and the grade place. */
export function studyRows(report: Pick<StudyReport, 'subjects'>): StudyRow[] {
  return [
    ...report.subjects.map((subject): StudyRow => ({ key: `subject-${subject.courseId}`, kind: 'subject', subject })),
    { key: 'total', kind: 'total' },
    { key: 'classPlace', kind: 'classPlace' },
    { key: 'gradePlace', kind: 'gradePlace' },
  ];
}

/** "210.5 / 350"; a dash without a total. */
export function totalText(batch: Pick<MyScoreBatch, 'total' | 'totalFull'>): string {
  if (batch.total === null) return DASH;
  return batch.totalFull > 0 ? `${formatScore(batch.total)} / ${formatScore(batch.totalFull)}` : formatScore(batch.total);
}

/** A subject's score in one exam, the words of its mark (absent, exempt), or a dash. */
function SubjectScore({ subject, batchId }: { subject: StudySubjectRow; batchId: number }) {
  const { t } = useTranslation();
  const key = String(batchId);
  const score = subject.scores[key];
  const mark = subject.marks[key];
  const testId = `study-cell-${subject.courseId}-${batchId}`;
  if (score !== null && score !== undefined) {
    return (
      <span className="study-score" data-testid={testId}>
        {formatScore(score)}
      </span>
    );
  }
  if (mark) {
    const known = (MARKS as readonly string[]).includes(mark);
    return (
      <span className={`study-mark is-${known ? mark : 'other'}`} data-testid={testId}>
        {known ? t(`myScoresPage.mark.${mark}`) : mark}
      </span>
    );
  }
  return (
    <span className="report-muted" data-testid={testId}>
      {DASH}
    </span>
  );
}

function rowCell(row: StudyRow, batch: MyScoreBatch): ReactNode {
  switch (row.kind) {
    case 'subject':
      return <SubjectScore subject={row.subject} batchId={batch.id} />;
    case 'total':
      return <strong className="study-total">{totalText(batch)}</strong>;
    case 'classPlace':
      return placeText(batch.classRank, batch.classSize);
    case 'gradePlace':
      return placeText(batch.gradeRank, batch.gradeSize);
  }
}

/**
 * The term's scores, a row per subject and a column per released exam (the oldest first) with the subject's
 * term average; under them each exam's total and the places in the class and the grade. Wider than a phone,
 * it scrolls sideways with the subjects' column kept in view.
 */
export function StudyTable({ report }: { report: Pick<StudyReport, 'subjects' | 'batches'> }) {
  const { t } = useTranslation();
  const label: Record<Exclude<StudyRow['kind'], 'subject'>, string> = {
    total: t('studyReportPage.row.total'),
    classPlace: t('studyReportPage.row.classPlace'),
    gradePlace: t('studyReportPage.row.gradePlace'),
  };
  const columns: TableColumnsType<StudyRow> = [
    {
      title: t('studyReportPage.col.subject'),
      key: 'subject',
      fixed: 'left',
      className: 'study-subject-cell',
      render: (_, row) => (row.kind === 'subject' ? <span className="study-subject">{row.subject.courseName}</span> : <span className="study-figure">{label[row.kind]}</span>),
    },
    ...report.batches.map((batch) => ({
      title: (
        <span className="study-exam" title={batch.name} data-testid={`study-exam-${batch.id}`}>
          <span className="study-exam-name">{batch.name}</span>
          {batch.examNode && batch.examNode !== batch.name && <span className="study-exam-node">{batch.examNode}</span>}
        </span>
      ),
      key: `batch-${batch.id}`,
      align: 'center' as const,
      className: 'report-nowrap',
      render: (_: unknown, row: StudyRow) => rowCell(row, batch),
    })),
    {
      title: t('studyReportPage.col.average'),
      key: 'average',
      align: 'center',
      className: 'report-nowrap study-average-cell',
      render: (_, row) =>
        row.kind === 'subject' && row.subject.average !== null ? (
          <span className="study-average" data-testid={`study-average-${row.subject.courseId}`}>
            {formatScore(row.subject.average)}
          </span>
        ) : (
          <span className="report-muted">{DASH}</span>
        ),
    },
  ];
  return (
    <div className="study-table-box" data-testid="study-table">
      <Table<StudyRow>
      size="small"
      bordered
      rowKey="key"
      columns={columns}
      dataSource={studyRows(report)}
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowClassName={(row) => (row.kind === 'subject' ? '' : `study-figure-row is-${row.kind}`)}
      onRow={(row) => ({ 'data-testid': `study-row-${row.key}` }) as HTMLAttributes<HTMLElement>}
      className="study-table"
      />
    </div>
  );
}
