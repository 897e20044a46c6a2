import { Tag, Typography } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MyExternalExam } from '@campus/contract';
import { formatScore } from './trendModel.ts';
import './externalExams.css';

const DASH = '—';

/** A subject's score of its full mark, its mark in words, or a dash. */
function SubjectValue({ subject }: { subject: MyExternalExam['subjects'][number] }) {
  const { t } = useTranslation();
  if (subject.score !== null) {
    return (
      <span>
        <span className="my-scores-score">{formatScore(subject.score)}</span>
        <span className="my-external-full"> / {formatScore(subject.fullMark)}</span>
      </span>
    );
  }
  if (subject.mark) return <span className={`my-scores-mark is-${subject.mark}`}>{t(`externalExam.mark.${subject.mark}`)}</span>;
  return <span className="my-scores-none">{DASH}</span>;
}

/** One released external exam: name, term, organiser and date, each subject, the total and the organiser's place. */
function ExternalCard({ exam }: { exam: MyExternalExam }) {
  const { t } = useTranslation();
  return (
    <section className="my-scores-batch my-external-card" data-testid={`my-external-${exam.id}`}>
      <header className="my-scores-batch-head">
        <Typography.Text strong className="my-scores-batch-name">
          {exam.name}
        </Typography.Text>
        <div className="my-scores-batch-meta">
          {exam.termName && <Tag className="my-scores-batch-term">{exam.termName}</Tag>}
        </div>
      </header>
      <Typography.Text type="secondary" className="my-external-facts" data-testid={`my-external-facts-${exam.id}`}>
        {t('externalPage.family.facts', { organiser: exam.organiser, date: exam.examDate })}
      </Typography.Text>
      <ul className="my-external-subjects">
        {exam.subjects.map((subject) => (
          <li key={subject.courseId} className="my-external-subject" data-testid={`my-external-subject-${exam.id}-${subject.courseId}`}>
            <span className="my-scores-subject-name">{subject.courseName}</span>
            <SubjectValue subject={subject} />
          </li>
        ))}
      </ul>
      <footer className="my-scores-batch-total" data-testid={`my-external-total-${exam.id}`}>
        <span className="my-scores-total-part">
          <span className="my-scores-total-label">{t('externalPage.family.total')}</span>
          <span className="my-scores-total-value">
            <strong>{exam.total === null ? DASH : formatScore(exam.total)}</strong> / {formatScore(exam.totalFull)}
          </span>
        </span>
        <span className="my-scores-total-part">
          <span className="my-scores-total-label">{t('externalPage.family.place')}</span>
          <span className="my-scores-total-value">
            <strong>{exam.districtRank ?? DASH}</strong>
          </span>
        </span>
      </footer>
    </section>
  );
}

/**
 * The family's released external exams (a district's joint exam, a city's mock) under the school's own on the
 * transcript page: a card each, the newest first, laid out to read on a phone as on a desk. Nothing without any.
 */
export function ExternalExamsSection({ exams }: { exams: MyExternalExam[] }) {
  const { t } = useTranslation();
  if (!exams.length) return null;
  return (
    <section className="my-external" data-testid="my-external">
      <header className="my-scores-section-head">
        <Typography.Text strong>
          <GlobalOutlined /> {t('externalPage.family.title')}
        </Typography.Text>
        <Typography.Text type="secondary" className="my-scores-section-hint">
          {t('externalPage.family.hint')}
        </Typography.Text>
      </header>
      {exams.map((exam) => (
        <ExternalCard key={exam.id} exam={exam} />
      ))}
    </section>
  );
}
