import { useEffect, type ReactNode } from 'react';
import { Button, Descriptions, Empty, Result, Space, Spin, Typography } from 'antd';
import { CheckOutlined, EditOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AssignmentDetail, HomeworkSubmission, HomeworkWork } from '@campus/contract';
import { fetchWork } from '../../../api/homework.ts';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { noticeTime } from '../common/NoticeBody.tsx';
import { AttachedFiles, canApprove, canAskRevision, canCorrect, HomeworkStatusTag, LateTag, scoreText, workKey } from './AssignmentParts.tsx';
import type { WorkActionKind } from './WorkDialogs.tsx';

export interface WorkPanelProps {
  assignment: AssignmentDetail;
  studentId: number | null;
  /** Whether the caller may correct, ask for revisions and approve (`homeSchool:assignment:edit`). */
  canAct: boolean;
  onClose: () => void;
  /** Opening a handed-in work moves it to "to be checked": the list and counts follow. */
  onOpened: () => void;
  onAction: (kind: WorkActionKind, work: HomeworkWork) => void;
}

/** One student's work: what was handed in, the parent's message, the revision asked and handed in, the correction. */
export function WorkPanel({ assignment, studentId, canAct, onClose, onOpened, onAction }: WorkPanelProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <SidePanel open={studentId !== null} onClose={onClose} title={t('assignments.workTitle')} width={phone ? '100%' : 640}>
      {studentId !== null && <LoadedWork key={studentId} assignment={assignment} studentId={studentId} canAct={canAct} onOpened={onOpened} onAction={onAction} />}
    </SidePanel>
  );
}

function LoadedWork({ assignment, studentId, canAct, onOpened, onAction }: Omit<WorkPanelProps, 'onClose' | 'studentId'> & { studentId: number }) {
  const { t } = useTranslation();
  // Asked at each opening (gcTime 0): the answer is also the server marking a handed-in work as seen.
  const query = useQuery({ queryKey: workKey(assignment.id, studentId), queryFn: ({ signal }) => fetchWork(assignment.id, studentId, signal), gcTime: 0 });
  const work = query.data;
  const opened = work?.status;
  useEffect(() => {
    if (opened) onOpened();
    // Once per answer; the callback's identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  if (query.isError) return <Result status="warning" title={t('assignments.workNotFound')} />;
  if (!work) return <Spin className="assignment-loading" />;

  const actions: { kind: WorkActionKind; label: string; icon: ReactNode; primary?: boolean }[] = [];
  if (canAct && canCorrect(work.status)) actions.push({ kind: 'correct', label: t(work.status === 'corrected' ? 'assignments.recorrect' : 'assignments.correct'), icon: <EditOutlined />, primary: true });
  if (canAct && canApprove(work.status)) actions.push({ kind: 'approve', label: t('assignments.approve'), icon: <CheckOutlined />, primary: true });
  if (canAct && canAskRevision(work.status, assignment.needsRevision)) actions.push({ kind: 'revise', label: t('assignments.askRevision'), icon: <RollbackOutlined /> });

  const corrected = !!work.correctedAt;
  return (
    <article className="assignment-work" data-testid="assignment-work" data-student={work.studentId} data-status={work.status}>
      <Descriptions
        size="small"
        column={1}
        bordered
        styles={{ label: { width: 120 } }}
        items={[
          { key: 'student', label: t('assignments.student'), children: <span className="assignment-data">{`${work.studentName} · ${work.studentNumber}`}</span> },
          { key: 'class', label: t('assignments.class'), children: <span className="assignment-data">{work.className}</span> },
          {
            key: 'status',
            label: t('assignments.status'),
            children: (
              <Space size={4} wrap>
                <HomeworkStatusTag status={work.status} />
                {work.late && <LateTag />}
              </Space>
            ),
          },
        ]}
      />
      {actions.length > 0 && (
        <Space wrap className="assignment-work-actions">
          {actions.map((action) => (
            <Button
              key={action.kind}
              type={action.primary ? 'primary' : 'default'}
              icon={action.icon}
              onClick={() => onAction(action.kind, work)}
              data-testid={`assignment-work-${action.kind}`}
            >
              {action.label}
            </Button>
          ))}
        </Space>
      )}
      <Submission title={t('assignments.submission')} submission={work.submission} empty={t(work.status === 'no_submission' ? 'assignments.noOnlineSubmission' : 'assignments.notHandedIn')} testId="assignment-work-submission" />
      {work.parentMessage && (
        <section className="assignment-work-section" data-testid="assignment-work-parent-message">
          <Typography.Title level={5}>{t('assignments.parentMessage')}</Typography.Title>
          <div className="assignment-text assignment-data assignment-note">{work.parentMessage}</div>
        </section>
      )}
      {work.revisionNote && (
        <section className="assignment-work-section" data-testid="assignment-work-revision-note">
          <Typography.Title level={5}>{t('assignments.revisionAsked')}</Typography.Title>
          <div className="assignment-text assignment-data assignment-note is-revise">{work.revisionNote}</div>
          {work.revisionRequestedAt && <Typography.Text type="secondary">{noticeTime(work.revisionRequestedAt)}</Typography.Text>}
        </section>
      )}
      {(work.revision || work.status === 'to_revise') && (
        <Submission title={t('assignments.revision')} submission={work.revision} empty={t('assignments.revisionNotHandedIn')} testId="assignment-work-revision" />
      )}
      <section className="assignment-work-section" data-testid="assignment-work-correction">
        <Typography.Title level={5}>{t('assignments.correction')}</Typography.Title>
        {corrected ? (
          <div className="assignment-correction">
            {assignment.graded && (
              <div className="assignment-correction-score" data-testid="assignment-work-score">
                <Typography.Text type="secondary">{t('assignments.scoreOrGrade')}: </Typography.Text>
                <strong>{scoreText(work.score, work.grade)}</strong>
              </div>
            )}
            {work.comment && <div className="assignment-text assignment-data">{work.comment}</div>}
            <Typography.Text type="secondary" className="assignment-data">
              {[work.correctedByName, noticeTime(work.correctedAt)].filter(Boolean).join(' · ')}
            </Typography.Text>
          </div>
        ) : (
          <Typography.Text type="secondary">{t('assignments.notCorrected')}</Typography.Text>
        )}
      </section>
    </article>
  );
}

/** What was handed in (the first time or the revision): who and when, the text and the files. */
function Submission({ title, submission, empty, testId }: { title: string; submission: HomeworkSubmission | null; empty: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="assignment-work-section" data-testid={testId}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {submission ? (
        <>
          <Typography.Text type="secondary" className="assignment-data">
            {t('assignments.handedInBy', { name: submission.submittedByName, time: noticeTime(submission.submittedAt) })}
          </Typography.Text>
          {submission.text && <div className="assignment-text assignment-data assignment-submission-text">{submission.text}</div>}
          <AttachedFiles attachments={submission.attachments} />
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      )}
    </section>
  );
}
