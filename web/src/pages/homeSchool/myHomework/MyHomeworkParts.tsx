import { Alert, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HOMEWORK_MISSING, type HomeworkFile, type HomeworkGrade, type HomeworkStatus, type HomeworkWork, type MyHomeworkRow } from '@campus/contract';
import { HOMEWORK_STATUS_COLOURS } from '../../../api/homework.ts';
import { NoticeBody, noticeTime } from '../common/NoticeBody.tsx';

export function StatusTag({ status }: { status: HomeworkStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={HOMEWORK_STATUS_COLOURS[status]} className="my-homework-tag" data-testid="my-homework-status" data-status={status}>
      {t(`homework.status.${status}`)}
    </Tag>
  );
}

export function LateTag({ late }: { late: boolean }) {
  const { t } = useTranslation();
  return late ? (
    <Tag color="red" className="my-homework-tag" data-testid="my-homework-late">
      {t('myHomework.late')}
    </Tag>
  ) : null;
}

/** "Score 92.5", "Grade A" or both, once the teacher has given them. */
export function ResultText({ score, grade }: { score: number | null; grade: HomeworkGrade | null }) {
  const { t } = useTranslation();
  if (score === null && grade === null) return null;
  return (
    <span className="my-homework-result" data-testid="my-homework-result">
      {score !== null && <span>{t('myHomework.score', { score })}</span>}
      {grade !== null && <span>{t('myHomework.grade', { grade })}</span>}
    </span>
  );
}

/** Whether the student still has something to hand in for it (the time left then matters). */
export function stillToDo(row: Pick<MyHomeworkRow, 'status' | 'onlineSubmission'>): boolean {
  return row.onlineSubmission && (HOMEWORK_MISSING.includes(row.status) || row.status === 'to_revise');
}

/** The school's 'YYYY-MM-DD HH:mm' as a moment of the device's clock. */
function parseTime(value: string): Dayjs {
  return dayjs(value.replace(' ', 'T'));
}

/** The text of the time left before the end: days and hours, hours and minutes, or minutes. */
export function timeLeft(endAt: string, now: Dayjs = dayjs()): { key: string; params: Record<string, number> } | null {
  const end = parseTime(endAt);
  if (!end.isValid()) return null;
  const minutes = end.diff(now, 'minute');
  if (minutes <= 0) return null;
  if (minutes >= 24 * 60) return { key: 'myHomework.left.days', params: { days: Math.floor(minutes / (24 * 60)), hours: Math.floor((minutes % (24 * 60)) / 60) } };
  if (minutes >= 60) return { key: 'myHomework.left.hours', params: { hours: Math.floor(minutes / 60), minutes: minutes % 60 } };
  return { key: 'myHomework.left.minutes', params: { minutes } };
}

/** The end time, with "Ended" after it, or the time left while something is still to hand in. */
export function EndTime({ row }: { row: Pick<MyHomeworkRow, 'endAt' | 'ended' | 'status' | 'onlineSubmission'> }) {
  const { t } = useTranslation();
  const left = row.ended ? null : timeLeft(row.endAt);
  const ended = row.ended || !left;
  return (
    <span className="my-homework-end" data-testid="my-homework-end" data-ended={ended ? '1' : '0'}>
      <span>{t('myHomework.endsAt', { time: noticeTime(row.endAt) })}</span>
      {ended ? (
        <>
          <span className="my-homework-ended">{t('myHomework.ended')}</span>
          {stillToDo(row) && row.status !== 'to_revise' && <span className="my-homework-left is-soon">{t('myHomework.stillAccepted')}</span>}
        </>
      ) : (
        stillToDo(row) && left && <span className={`my-homework-left${left.key === 'myHomework.left.days' ? '' : ' is-soon'}`}>{t(left.key, left.params)}</span>
      )}
    </span>
  );
}

/**
 * Files of an assignment or a submission as the notices show theirs (pictures, playable media, documents
 * to save); recordings play as audio.
 */
export function HomeworkFiles({ images = [], video = [], documents = [], audio = [], testId }: { images?: HomeworkFile[]; video?: HomeworkFile[]; documents?: HomeworkFile[]; audio?: HomeworkFile[]; testId?: string }) {
  if (images.length + video.length + documents.length + audio.length === 0) return null;
  return (
    <div className="my-homework-files" data-testid={testId}>
      <NoticeBody content="" attachments={{ images, video, documents, audio }} />
    </div>
  );
}

/** What the teacher asked to revise. */
export function RevisionNote({ work }: { work: HomeworkWork }) {
  const { t } = useTranslation();
  return (
    // A warning while the revision is still to do; afterwards the note stays as a plain record of what was asked.
    <Alert
      type={work.status === 'to_revise' ? 'warning' : 'info'}
      showIcon
      className="my-homework-revision-note"
      title={t('myHomework.revisionAsked')}
      description={
        <>
          <div className="my-homework-text" data-testid="my-homework-revision-note">
            {work.revisionNote}
          </div>
          {work.revisionRequestedAt && (
            <Typography.Text type="secondary" className="my-homework-small">
              {noticeTime(work.revisionRequestedAt)}
            </Typography.Text>
          )}
        </>
      }
    />
  );
}
