import { Tag, Timeline, Typography, type TimelineItemProps } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, RollbackOutlined } from '@ant-design/icons';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import type { LessonChangeRow, LessonChangeStatus, LessonMove } from '@campus/contract';
import { ApiError } from '../../../api/client.ts';
import { LESSON_CHANGE_COLOURS } from '../../../api/lessonChanges.ts';
import { t as translate } from '../../../i18n/index.ts';
import './changes.css';

/** The spec's five status names come from the server's catalogue (lessonChange.status.*). */
export function LessonChangeStatusTag({ status, testId }: { status: LessonChangeStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={LESSON_CHANGE_COLOURS[status] ?? 'default'} className="lesson-change-tag" data-testid={testId}>
      {t(`lessonChange.status.${status}`)}
    </Tag>
  );
}

/** What a request changes: each lesson not held any more, each lesson held instead. */
export function MovesList({ moves, testId = 'lesson-change-moves' }: { moves: readonly LessonMove[]; testId?: string }) {
  const { t } = useTranslation();
  if (moves.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('lessonChangeUi.noMoves')}
      </Typography.Text>
    );
  }
  return (
    <ul className="lesson-change-moves" data-testid={testId}>
      {moves.map((move, index) => (
        <li key={index} className="lesson-change-move" data-testid="lesson-change-move" data-kind={move.kind}>
          <Tag color={move.kind === 'add' ? 'green' : 'red'} className="lesson-change-tag">
            {t(`lessonChangeUi.move.${move.kind === 'add' ? 'add' : 'cancel'}`)}
          </Tag>
          <span className="lesson-change-move-slot">{t('lessonChangeUi.slot', { day: move.dayName, period: move.periodName })}</span>
          <span className="lesson-change-strong">{move.courseName}</span>
          {move.teacherName && <span className="lesson-change-muted">{move.teacherName}</span>}
        </li>
      ))}
    </ul>
  );
}

type Entry = LessonChangeRow['trail'][number];
type Decision = 'approve' | 'reject' | 'withdraw';
const DECISIONS: Record<Decision, { color: string; tag: string; icon: TimelineItemProps['icon'] }> = {
  approve: { color: 'green', tag: 'success', icon: <CheckCircleOutlined /> },
  reject: { color: 'red', tag: 'error', icon: <CloseCircleOutlined /> },
  withdraw: { color: 'gray', tag: 'default', icon: <RollbackOutlined /> },
};
const isDecision = (value: string): value is Decision => value in DECISIONS;

/** 2026-11-25 17:10:03 → 2026-11-25 17:10. */
export const minutes = (value: string) => (value ?? '').replace('T', ' ').slice(0, 16);

/**
 * The reviews of a request: each step's decision, who took it, when and with what comment. (The row's trail
 * has no approver kind nor the step that waits, so the applications area's ApprovalTrail does not fit it.)
 */
export function ReviewTrail({ entries }: { entries: readonly Entry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid="lesson-change-trail" data-count={0}>
        {t('lessonChangeUi.trailEmpty')}
      </Typography.Text>
    );
  }
  const items: TimelineItemProps[] = entries.map((entry, index) => {
    const look = isDecision(entry.decision) ? DECISIONS[entry.decision] : undefined;
    return {
      key: `${entry.step}-${index}`,
      color: look?.color ?? 'blue',
      icon: look?.icon,
      content: (
        <div className="lesson-change-trail-entry" data-testid="lesson-change-trail-entry" data-decision={entry.decision}>
          <div className="lesson-change-trail-head">
            <span className="lesson-change-strong">{t('lessonChangeUi.trailStep', { step: entry.step })}</span>
            <Tag color={look?.tag ?? 'processing'} className="lesson-change-tag">
              {isDecision(entry.decision) ? t(`lessonChangeUi.decision.${entry.decision}`) : entry.decision}
            </Tag>
          </div>
          <div>
            {t(entry.decision === 'withdraw' ? 'lessonChangeUi.withdrawnBy' : 'lessonChangeUi.decidedBy', { name: entry.deciderName || '—' })}
            {entry.decidedAt && <span className="lesson-change-muted lesson-change-time">{minutes(entry.decidedAt)}</span>}
          </div>
          {entry.comment && <div className="lesson-change-prewrap">{t('lessonChangeUi.comment', { comment: entry.comment })}</div>}
        </div>
      ),
    };
  });
  return (
    <div className="lesson-change-trail" data-testid="lesson-change-trail" data-count={entries.length}>
      <Timeline items={items} />
    </div>
  );
}

/** The message of the server's refusal (result false), '' for anything else (a network failure has its own toast). */
export function refusalOf(error: unknown): string {
  return error instanceof ApiError && error.kind === 'business' ? error.message : '';
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) => a.length === b.length && a.every((part, index) => part === b[index]);

/**
 * A form rule with the contract schema's message at one of the paths of the body the form would send (the
 * schema runs over the whole body, so its refinements land on their field).
 */
export function schemaRule(schema: ZodType, body: () => unknown, ...paths: (readonly PropertyKey[])[]): RuleObject {
  return {
    validator: async () => {
      const result = schema.safeParse(body());
      const issue = result.success ? undefined : result.error.issues.find((item) => paths.some((path) => samePath(item.path, path)));
      if (issue) throw new Error(translate(issue.message));
    },
  };
}

/** Ids as the options of a Select. */
export const byName = (items: readonly { id: number; name: string }[]) => items.map((item) => ({ value: item.id, label: item.name }));
