import { useEffect } from 'react';
import { Alert, Button, Result, Spin, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HomeworkSubmission, HomeworkWork } from '@campus/contract';
import { fetchMyHomework } from '../../../api/homework.ts';
import { RichTextView } from '../../../components/RichText/index.ts';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { noticeTime } from '../common/NoticeBody.tsx';
import { EndTime, HomeworkFiles, LateTag, ResultText, RevisionNote, StatusTag } from './MyHomeworkParts.tsx';
import { HandInForm } from './HandInForm.tsx';

/** Which homework of which child is open. */
export interface OpenHomework {
  assignmentId: number;
  /** The child (a parent's choice); a student's own work needs none. */
  studentId?: number;
}

export interface MyHomeworkDetailProps {
  /** The homework to show; null closes the panel. */
  target: OpenHomework | null;
  /** The caller is a parent: the hand-in form then asks for a message to the teacher. */
  parent: boolean;
  onClose: () => void;
  /** The server has marked it viewed (and its messages read), or something was handed in: the list, counts and bell follow. */
  onChanged: () => void;
}

const detailKey = (target: OpenHomework) => ['homeSchool', 'myHomework', 'detail', target.assignmentId, target.studentId ?? 0];

/** One homework with the student's own work, opened in a panel that takes the whole width of a phone. */
export function MyHomeworkDetail({ target, parent, onClose, onChanged }: MyHomeworkDetailProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <SidePanel
      open={target !== null}
      onClose={onClose}
      title={t('myHomework.detailTitle')}
      width={phone ? '100%' : 760}
      className="my-homework-panel"
      footer={
        phone ? (
          <Button block onClick={onClose} data-testid="my-homework-close">
            {t('myNotices.close')}
          </Button>
        ) : undefined
      }
    >
      {target !== null && <Loaded target={target} parent={parent} onChanged={onChanged} />}
    </SidePanel>
  );
}

function Loaded({ target, parent, onChanged }: { target: OpenHomework; parent: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = detailKey(target);
  // Each opening asks again: the answer is also the server marking it viewed and its messages read.
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchMyHomework(target.assignmentId, target.studentId, signal), gcTime: 0 });
  const homework = query.data;
  useEffect(() => {
    if (homework) onChanged();
    // Once per answer; the callback's identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [homework]);

  if (query.isError) return <Result status="warning" title={t('myHomework.notFound')} />;
  if (!homework) return <Spin className="my-notice-loading" />;
  const { work } = homework;
  const revising = work.status === 'to_revise' && homework.canSubmit;
  return (
    <article className="my-homework-detail" data-testid="my-homework-detail" data-id={homework.assignmentId} data-status={work.status}>
      <header className="my-homework-detail-head">
        <Typography.Title level={4} className="my-homework-detail-title" data-testid="my-homework-detail-title">
          {homework.title}
        </Typography.Title>
        <div className="notice-meta my-homework-meta">
          <span data-testid="my-homework-publisher">{homework.publisherName}</span>
          <span>{t('myHomework.assignedAt', { time: noticeTime(homework.createdAt) })}</span>
          {parent && <span data-testid="my-homework-child">{homework.studentName}</span>}
        </div>
        <div className="my-homework-facts">
          <StatusTag status={work.status} />
          <LateTag late={work.late} />
          {homework.graded && <Tag className="my-homework-tag">{t('myHomework.graded')}</Tag>}
          <EndTime row={{ ...homework, status: work.status }} />
        </div>
      </header>
      {!homework.onlineSubmission && <Alert type="info" showIcon title={t('myHomework.noOnline')} data-testid="my-homework-no-online" />}
      <section className="my-homework-section" aria-label={t('myHomework.content')}>
        <RichTextView html={homework.content} className="my-homework-content" data-testid="my-homework-content" />
        <HomeworkFiles {...homework.attachments} audio={[...homework.attachments.audio, ...homework.attachments.recordings]} testId="my-homework-attachments" />
      </section>
      <Feedback work={work} />
      {work.revisionNote && !revising && <RevisionNote work={work} />}
      {work.submission && <HandedIn title={t('myHomework.handedIn')} submission={work.submission} late={work.late} message={work.revision ? '' : work.parentMessage} testId="my-homework-submission" />}
      {work.revision && <HandedIn title={t('myHomework.revisionHandedIn')} submission={work.revision} late={false} message={work.parentMessage} testId="my-homework-revision" />}
      {homework.canSubmit && (
        <HandInForm
          // A new answer (after handing in) starts the form again from what is now on the server.
          key={`${work.status}-${work.submission?.submittedAt ?? ''}-${work.revision?.submittedAt ?? ''}`}
          homework={homework}
          parent={parent}
          onDone={() => void client.invalidateQueries({ queryKey: key })}
        />
      )}
    </article>
  );
}

/** The teacher's correction: comment, score or grade, who and when. */
function Feedback({ work }: { work: HomeworkWork }) {
  const { t } = useTranslation();
  if (!work.correctedAt && !work.comment && work.score === null && work.grade === null) return null;
  return (
    <section className="my-homework-section my-homework-feedback" aria-label={t('myHomework.feedback')} data-testid="my-homework-feedback">
      <div className="my-homework-section-title">{t('myHomework.feedback')}</div>
      <ResultText score={work.score} grade={work.grade} />
      {work.comment && <div className="my-homework-text">{work.comment}</div>}
      {work.correctedAt && (
        <Typography.Text type="secondary" className="my-homework-small">
          {t('myHomework.correctedBy', { name: work.correctedByName, time: noticeTime(work.correctedAt) })}
        </Typography.Text>
      )}
    </section>
  );
}

/** A submission (or the revision): text, pictures, documents, recordings, the parent's message, who and when. */
function HandedIn({ title, submission, late, message, testId }: { title: string; submission: HomeworkSubmission; late: boolean; message: string; testId: string }) {
  const { t } = useTranslation();
  const { images, documents, recordings } = submission.attachments;
  return (
    <section className="my-homework-section my-homework-handed-in" aria-label={title} data-testid={testId}>
      <div className="my-homework-section-title">
        {title}
        <LateTag late={late} />
      </div>
      <Typography.Text type="secondary" className="my-homework-small">
        {t('myHomework.handedInBy', { name: submission.submittedByName, time: noticeTime(submission.submittedAt) })}
      </Typography.Text>
      {submission.text && <div className="my-homework-text">{submission.text}</div>}
      <HomeworkFiles images={images} documents={documents} audio={recordings} />
      {message && (
        <div className="my-homework-parent-message" data-testid="my-homework-parent-message">
          <Typography.Text strong>{t('myHomework.parentMessage')}</Typography.Text>
          <div className="my-homework-text">{message}</div>
        </div>
      )}
    </section>
  );
}
