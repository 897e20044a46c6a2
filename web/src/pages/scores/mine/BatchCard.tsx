import type { HTMLAttributes } from 'react';
import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { MyScoreBatch, MyScorePart, MyScoreSubject, ScoreLevel } from '@campus/contract';
import { formatScore } from './trendModel.ts';

/** The colours of the levels: excellent green, good blue, pass gold, fail red. */
export const LEVEL_COLORS: Record<ScoreLevel, string> = { excellent: 'green', good: 'blue', pass: 'gold', fail: 'red' };

const DASH = '—';

/**
 * '2026-11-30 10:00': the server sends the school's clock as it is; any other form of time is shown in the
 * browser's clock, and left as it is when it does not read as a time.
 */
export function releasedTime(value: string): string {
  const local = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.exec(value);
  if (local) return local[0];
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm') : value;
}

/** "3 / 42"; the place alone without a class size; a dash without a place. */
export function placeText(rank: number | null, size: number): string {
  if (rank === null) return DASH;
  return size > 0 ? `${rank} / ${size}` : String(rank);
}

const number = (value: number | null) => (value === null ? DASH : formatScore(value));

/** The score of a subject, or the words of its mark, or a dash. */
function ScoreValue({ subject }: { subject: MyScoreSubject }) {
  const { t } = useTranslation();
  if (subject.score !== null) return <span className="my-scores-score">{formatScore(subject.score)}</span>;
  if (subject.mark) return <span className={`my-scores-mark is-${subject.mark}`}>{t(`myScoresPage.mark.${subject.mark}`)}</span>;
  return <span className="my-scores-none">{DASH}</span>;
}

function LevelTag({ level }: { level: ScoreLevel | null }) {
  const { t } = useTranslation();
  if (!level) return <span className="my-scores-none">{DASH}</span>;
  return (
    <Tag color={LEVEL_COLORS[level]} className="my-scores-level" data-level={level}>
      {t(`myScoresPage.level.${level}`)}
    </Tag>
  );
}

/** The parts of a subject under its name: "Listening 25 / 30". */
function Parts({ parts }: { parts: MyScorePart[] }) {
  if (!parts.length) return null;
  return (
    <ul className="my-scores-parts">
      {parts.map((part) => (
        <li key={part.name}>
          <span className="my-scores-part-name">{part.name}</span> {number(part.score)} / {formatScore(part.maxScore)}
        </li>
      ))}
    </ul>
  );
}

/** The subjects as a table (wider screens). */
function SubjectTable({ batch }: { batch: MyScoreBatch }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<MyScoreSubject> = [
    {
      title: t('myScoresPage.col.subject'),
      key: 'subject',
      render: (_, subject) => (
        <div className="my-scores-subject">
          <span className="my-scores-subject-name">{subject.courseName}</span>
          <Parts parts={subject.parts} />
        </div>
      ),
    },
    { title: t('myScoresPage.col.score'), key: 'score', align: 'right', render: (_, subject) => <ScoreValue subject={subject} /> },
    { title: t('myScoresPage.col.fullMark'), key: 'fullMark', align: 'right', render: (_, subject) => formatScore(subject.fullMark) },
    { title: t('myScoresPage.col.level'), key: 'level', align: 'center', render: (_, subject) => <LevelTag level={subject.level} /> },
    { title: t('myScoresPage.col.average'), key: 'average', align: 'right', render: (_, subject) => number(subject.classAverage) },
    { title: t('myScoresPage.col.highest'), key: 'highest', align: 'right', render: (_, subject) => number(subject.classHighest) },
    {
      title: t('myScoresPage.col.rank'),
      key: 'rank',
      align: 'right',
      className: 'my-scores-nowrap',
      render: (_, subject) => placeText(subject.classRank, subject.classCount),
    },
  ];
  return (
    <Table<MyScoreSubject>
      size="small"
      rowKey="courseId"
      columns={columns}
      dataSource={batch.subjects}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(subject) => ({ 'data-testid': `my-scores-subject-${batch.id}-${subject.courseId}` }) as HTMLAttributes<HTMLElement>}
      className="my-scores-table"
    />
  );
}

/** The subjects as a compact list (a phone). */
function SubjectList({ batch }: { batch: MyScoreBatch }) {
  const { t } = useTranslation();
  return (
    <ul className="my-scores-list">
      {batch.subjects.map((subject) => (
        <li key={subject.courseId} className="my-scores-item" data-testid={`my-scores-subject-${batch.id}-${subject.courseId}`}>
          <div className="my-scores-item-main">
            <div className="my-scores-subject">
              <span className="my-scores-subject-name">{subject.courseName}</span>
              <Parts parts={subject.parts} />
            </div>
            <div className="my-scores-item-score">
              <ScoreValue subject={subject} />
              <span className="my-scores-full"> / {formatScore(subject.fullMark)}</span>
              {subject.level && <LevelTag level={subject.level} />}
            </div>
          </div>
          <div className="my-scores-item-stats">
            <span>{t('myScoresPage.stat.average', { value: number(subject.classAverage) })}</span>
            <span>{t('myScoresPage.stat.highest', { value: number(subject.classHighest) })}</span>
            <span>{t('myScoresPage.stat.rank', { value: placeText(subject.classRank, subject.classCount) })}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** One released batch: its name, term and release time, the subjects, and the total with the class place. */
export function BatchCard({ batch, phone }: { batch: MyScoreBatch; phone: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="my-scores-batch" data-testid={`my-scores-batch-${batch.id}`}>
      <header className="my-scores-batch-head">
        <Typography.Text strong className="my-scores-batch-name">
          {batch.name}
        </Typography.Text>
        <div className="my-scores-batch-meta">
          {batch.termName && <Tag className="my-scores-batch-term">{batch.termName}</Tag>}
          {batch.releasedAt && (
            <Typography.Text type="secondary" className="my-scores-batch-released">
              {t('myScoresPage.released', { time: releasedTime(batch.releasedAt) })}
            </Typography.Text>
          )}
        </div>
      </header>
      {batch.subjects.length === 0 ? (
        <Typography.Text type="secondary">{t('myScoresPage.noSubjects')}</Typography.Text>
      ) : phone ? (
        <SubjectList batch={batch} />
      ) : (
        <SubjectTable batch={batch} />
      )}
      <footer className="my-scores-batch-total" data-testid={`my-scores-total-${batch.id}`}>
        <span className="my-scores-total-part">
          <span className="my-scores-total-label">{t('myScoresPage.total')}</span>
          <span className="my-scores-total-value">
            <strong>{number(batch.total)}</strong> / {formatScore(batch.totalFull)}
          </span>
        </span>
        <span className="my-scores-total-part">
          <span className="my-scores-total-label">{t('myScoresPage.classPlace')}</span>
          <span className="my-scores-total-value">
            <strong>{batch.classRank === null ? DASH : batch.classRank}</strong>
            {batch.classRank !== null && batch.classSize > 0 ? ` / ${batch.classSize}` : ''}
          </span>
        </span>
        {batch.gradeRank !== null && batch.gradeSize > 0 && (
          <span className="my-scores-total-part" data-testid={`my-scores-grade-place-${batch.id}`}>
            <span className="my-scores-total-label">{t('myScoresPage.gradePlace')}</span>
            <span className="my-scores-total-value">
              <strong>{batch.gradeRank}</strong> / {batch.gradeSize}
            </span>
          </span>
        )}
      </footer>
    </section>
  );
}
