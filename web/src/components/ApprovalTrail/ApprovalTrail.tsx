import { Tag, Timeline, Typography, type TimelineItemProps } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApprovalTrailEntry } from '@campus/contract';
import './approvalTrail.css';

type Decision = NonNullable<ApprovalTrailEntry['decision']> | 'waiting';

const LOOKS: Record<Decision, { color: string; tag: string; icon: TimelineItemProps['icon'] }> = {
  approve: { color: 'green', tag: 'success', icon: <CheckCircleOutlined /> },
  reject: { color: 'red', tag: 'error', icon: <CloseCircleOutlined /> },
  withdraw: { color: 'gray', tag: 'default', icon: <RollbackOutlined /> },
  waiting: { color: 'blue', tag: 'processing', icon: <ClockCircleOutlined /> },
};

/** 2026-11-25 17:10:03 → 2026-11-25 17:10 (the school's clock as the server wrote it). */
const minutes = (value: string) => value.replace('T', ' ').slice(0, 16);

export interface ApprovalTrailProps {
  /** The trail of an application: its decisions in order, then the step that waits (if pending). */
  entries: readonly ApprovalTrailEntry[];
  /** The chain's number of steps, shown beside each step's number. */
  stepCount?: number;
  className?: string;
  'data-testid'?: string;
}

/**
 * An application's approval trail (issue 14): each step with its number and kind of approver, who decided
 * it (or who may decide it while it waits), the decision, the comment and the time. Used wherever an
 * application is read: the applicant's pages and the review queue.
 */
export function ApprovalTrail({ entries, stepCount, className, 'data-testid': testId = 'approval-trail' }: ApprovalTrailProps) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid={testId} data-count={0}>
        {t('approvalTrail.empty')}
      </Typography.Text>
    );
  }
  const separator = t('approvalTrail.separator');
  const items: TimelineItemProps[] = entries.map((entry, index) => {
    const decision: Decision = entry.decision ?? 'waiting';
    const look = LOOKS[decision];
    return {
      key: `${entry.step}-${index}`,
      color: look.color,
      icon: look.icon,
      content: (
        <div className="approval-trail-entry" data-testid="approval-trail-entry" data-step={entry.step} data-decision={decision}>
          <div className="approval-trail-head">
            <span className="approval-trail-step">{stepCount ? t('approvalTrail.stepOf', { step: entry.step, count: stepCount }) : t('approvalTrail.step', { step: entry.step })}</span>
            <span className="approval-trail-kind">{t(`approvalTrail.kind.${entry.kind}`)}</span>
            <Tag color={look.tag} className="approval-trail-decision">
              {t(`approvalTrail.decision.${decision}`)}
            </Tag>
          </div>
          {decision === 'waiting' ? (
            <div className="approval-trail-line" data-testid="approval-trail-approvers">
              {entry.approverNames.length > 0 ? t('approvalTrail.waitingFor', { names: entry.approverNames.join(separator) }) : t('approvalTrail.noApprover')}
            </div>
          ) : (
            <>
              <div className="approval-trail-line" data-testid="approval-trail-decider">
                {t(decision === 'withdraw' ? 'approvalTrail.withdrawnBy' : 'approvalTrail.decidedBy', { name: entry.deciderName || t('approvalTrail.unknown') })}
                {entry.decidedAt && (
                  <Typography.Text type="secondary" className="approval-trail-time">
                    {minutes(entry.decidedAt)}
                  </Typography.Text>
                )}
              </div>
              {entry.comment && (
                <div className="approval-trail-comment" data-testid="approval-trail-comment">
                  {t('approvalTrail.comment', { comment: entry.comment })}
                </div>
              )}
            </>
          )}
        </div>
      ),
    };
  });
  return (
    <div className={`approval-trail${className ? ` ${className}` : ''}`} data-testid={testId} data-count={entries.length}>
      <Timeline items={items} />
    </div>
  );
}
