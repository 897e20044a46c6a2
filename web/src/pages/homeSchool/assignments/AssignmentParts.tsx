import { Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  canMoveHomework,
  type AssignmentAttachments,
  type AssignmentProgress,
  type AssignmentRow,
  type HomeworkStatus,
  type SubmissionAttachments,
} from '@campus/contract';
import { HOMEWORK_STATUS_COLOURS } from '../../../api/homework.ts';
import { NoticeBody } from '../common/NoticeBody.tsx';

/** The query keys of this page's TanStack queries (the view's assignment and one student's work). */
export const assignmentKey = (id: number) => ['homeSchool', 'assignment', id] as const;
export const workKey = (assignmentId: number, studentId?: number) =>
  (studentId === undefined ? ['homeSchool', 'assignmentWork', assignmentId] : ['homeSchool', 'assignmentWork', assignmentId, studentId]) as readonly unknown[];

/** The end time as the server takes it: the school's local time to the minute. */
export const END_AT_FORMAT = 'YYYY-MM-DD HH:mm';

/** What the teacher can do with a student's work in its status (the contract's status machine). */
export const canCorrect = (status: HomeworkStatus) => canMoveHomework(status, 'corrected');
export const canAskRevision = (status: HomeworkStatus, needsRevision: boolean) => needsRevision && canMoveHomework(status, 'to_revise');
export const canApprove = (status: HomeworkStatus) => status === 'revised_pending';
/** Whether anything was handed in, so there is a submission to open. */
export const hasSubmission = (status: HomeworkStatus) => !['to_submit', 'viewed', 'no_submission'].includes(status);

/** A homework status as a coloured tag, in the user's language. */
export function HomeworkStatusTag({ status }: { status: HomeworkStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={HOMEWORK_STATUS_COLOURS[status]} data-testid="homework-status" data-status={status}>
      {t(`homework.status.${status}`)}
    </Tag>
  );
}

export function LateTag() {
  const { t } = useTranslation();
  return (
    <Tag color="red" data-testid="homework-late">
      {t('assignments.late')}
    </Tag>
  );
}

/** Online submission or not, revisions asked, graded: the assignment's settings as small tags. */
export function AssignmentFlags({ row }: { row: Pick<AssignmentRow, 'onlineSubmission' | 'needsRevision' | 'graded'> }) {
  const { t } = useTranslation();
  return (
    <Space size={[4, 4]} wrap className="assignment-flags" data-testid="assignment-flags">
      {row.onlineSubmission ? (
        <Tag color="blue" data-testid="assignment-flag-online">
          {t('assignments.flag.online')}
        </Tag>
      ) : (
        <Tag data-testid="assignment-flag-offline">{t('assignments.flag.offline')}</Tag>
      )}
      {row.needsRevision && (
        <Tag color="orange" data-testid="assignment-flag-revision">
          {t('assignments.flag.revision')}
        </Tag>
      )}
      {row.graded && (
        <Tag color="purple" data-testid="assignment-flag-graded">
          {t('assignments.flag.graded')}
        </Tag>
      )}
    </Space>
  );
}

/** The classes, teaching classes and students it is for: the first few as tags, the rest in a tooltip. */
export function TargetNames({ names, max = 3 }: { names: readonly string[]; max?: number }) {
  const shown = names.slice(0, max);
  const rest = names.slice(max);
  return (
    <span className="assignment-targets" data-testid="assignment-targets">
      {shown.map((name) => (
        <Tag key={name} className="assignment-data">
          {name}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join(', ')}>
          <Tag>+{rest.length}</Tag>
        </Tooltip>
      )}
    </span>
  );
}

const percentOf = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);

/**
 * The progress of the list: a small bar (corrected inside handed in) and "12/40 submitted", with corrected,
 * late and missing beside it. An assignment without online submission only counts its students.
 */
export function ProgressCell({ row }: { row: Pick<AssignmentRow, 'id' | 'onlineSubmission' | 'progress'> }) {
  const { t } = useTranslation();
  const p = row.progress;
  if (!row.onlineSubmission) {
    return (
      <Typography.Text type="secondary" data-testid={`assignment-progress-${row.id}`}>
        {t('assignments.progress.offline', { total: p.total })}
      </Typography.Text>
    );
  }
  return (
    <div className="assignment-progress" data-testid={`assignment-progress-${row.id}`}>
      <Progress
        percent={percentOf(p.submitted, p.total)}
        success={{ percent: percentOf(p.corrected, p.total) }}
        size="small"
        showInfo={false}
        className="assignment-progress-bar"
      />
      <div className="assignment-progress-text">
        <span className="assignment-progress-main">{t('assignments.progress.submitted', { submitted: p.submitted, total: p.total })}</span>
        <span>{t('assignments.progress.corrected', { count: p.corrected })}</span>
        {p.waiting > 0 && <span className="assignment-progress-waiting">{t('assignments.progress.waiting', { count: p.waiting })}</span>}
        {p.late > 0 && <span className="assignment-progress-late">{t('assignments.progress.late', { count: p.late })}</span>}
        <span className={p.missing > 0 ? 'assignment-progress-missing' : undefined}>{t('assignments.progress.missing', { count: p.missing })}</span>
      </div>
    </div>
  );
}

/** The progress as figures, for the view. */
export function ProgressFigures({ progress, onlineSubmission }: { progress: AssignmentProgress; onlineSubmission: boolean }) {
  const { t } = useTranslation();
  const items: { key: keyof AssignmentProgress; label: string; tone?: string }[] = onlineSubmission
    ? [
        { key: 'total', label: t('assignments.figure.total') },
        { key: 'submitted', label: t('assignments.figure.submitted') },
        { key: 'corrected', label: t('assignments.figure.corrected'), tone: 'good' },
        { key: 'waiting', label: t('assignments.figure.waiting'), tone: 'busy' },
        { key: 'toRevise', label: t('assignments.figure.toRevise') },
        { key: 'late', label: t('assignments.figure.late'), tone: 'bad' },
        { key: 'missing', label: t('assignments.figure.missing'), tone: 'bad' },
      ]
    : [{ key: 'total', label: t('assignments.figure.total') }];
  return (
    <div className="assignment-figures" data-testid="assignment-figures">
      {items.map((item) => (
        <div key={item.key} className={`assignment-figure${item.tone && progress[item.key] > 0 ? ` is-${item.tone}` : ''}`} data-testid={`assignment-figure-${item.key}`}>
          <span className="assignment-figure-value">{progress[item.key]}</span>
          <span className="assignment-figure-label">{item.label}</span>
        </div>
      ))}
      {onlineSubmission && (
        <Progress
          percent={percentOf(progress.submitted, progress.total)}
          success={{ percent: percentOf(progress.corrected, progress.total) }}
          className="assignment-figures-bar"
          format={() => `${progress.submitted}/${progress.total}`}
        />
      )}
    </div>
  );
}

/**
 * Attached files as readers see them (the notices' display): pictures previewed, video and audio played on
 * demand, documents saved. Recordings play like the audio.
 */
export function AttachedFiles({ attachments }: { attachments: Partial<AssignmentAttachments> & Partial<SubmissionAttachments> }) {
  const files = {
    images: attachments.images ?? [],
    video: attachments.video ?? [],
    documents: attachments.documents ?? [],
    audio: [...(attachments.audio ?? []), ...(attachments.recordings ?? [])],
  };
  if (files.images.length + files.video.length + files.documents.length + files.audio.length === 0) return null;
  return (
    <div className="assignment-files" data-testid="assignment-files">
      <NoticeBody content="" attachments={files} />
    </div>
  );
}

/** "85" or "B" or "85 · B", or a dash. */
export function scoreText(score: number | null, grade: string | null): string {
  const parts = [score === null ? '' : String(score), grade ?? ''].filter(Boolean);
  return parts.length ? parts.join(' · ') : '-';
}
