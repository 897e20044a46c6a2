import { Alert, Table, Tag, Typography, type ButtonProps } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DraftStatus, GenerationReport } from '@campus/contract';
import { DRAFT_COLOURS, fetchDraftConflicts, publishDraft } from '../../../api/timetableArrange.ts';
import { feedback } from '../../../app/feedback.ts';
import './arrange.css';

/** A draft's status: editing, generating (with a spinner), published. */
export function DraftStatusTag({ status, testId }: { status: DraftStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={DRAFT_COLOURS[status] ?? 'default'} icon={status === 'generating' ? <LoadingOutlined /> : undefined} className="arrange-tag" data-testid={testId} data-status={status}>
      {t(`arrangeUi.status.${status}`)}
    </Tag>
  );
}

/** The conflicts of a draft as a list (what publishing would refuse). */
export function ConflictList({ conflicts }: { conflicts: readonly string[] }) {
  return (
    <ol className="arrange-conflicts" data-testid="arrange-conflicts">
      {conflicts.map((conflict, index) => (
        <li key={index} data-testid="arrange-conflict">
          {conflict}
        </li>
      ))}
    </ol>
  );
}

/**
 * Publishing a draft: its conflicts are asked for first and listed in the confirmation when there are any (the
 * server then refuses, and the request client shows its message as an error); `onDone` runs after the attempt.
 */
export async function confirmPublish(t: TFunction, draft: { id: number; name: string; unplacedCount?: number }, onDone: () => void): Promise<void> {
  let conflicts: string[];
  try {
    conflicts = await fetchDraftConflicts(draft.id);
  } catch {
    // The request client has shown why (a draft deleted meanwhile, the network).
    return;
  }
  feedback().modal.confirm({
    title: t('arrangeUi.publishTitle', { name: draft.name }),
    width: 560,
    content: (
      <div data-testid="arrange-publish-confirm" data-conflicts={conflicts.length}>
        {conflicts.length > 0 ? (
          <>
            <Alert type="warning" showIcon title={t('arrangeUi.publishConflicts', { count: conflicts.length })} className="arrange-gap" />
            <div className="arrange-conflicts-scroll">
              <ConflictList conflicts={conflicts} />
            </div>
          </>
        ) : (
          <p>{t('arrangeUi.publishConfirm')}</p>
        )}
        {!!draft.unplacedCount && <p data-testid="arrange-publish-unplaced">{t('arrangeUi.publishUnplaced', { count: draft.unplacedCount })}</p>}
      </div>
    ),
    okText: t('arrangeUi.publish'),
    cancelText: t('manage.cancel'),
    okButtonProps: { 'data-testid': 'arrange-publish-ok' } as ButtonProps,
    onOk: async () => {
      try {
        const { msg } = await publishDraft(draft.id);
        feedback().message.success(msg || t('arrange.publishedDone'));
      } catch {
        // Refused (a conflict, published or generating meanwhile): the request client has shown the server's message.
      } finally {
        onDone();
      }
    },
  });
}

/** Shows the conflicts of a draft, or that it has none. */
export async function showConflicts(t: TFunction, id: number): Promise<void> {
  let conflicts: string[];
  try {
    conflicts = await fetchDraftConflicts(id);
  } catch {
    return;
  }
  if (conflicts.length === 0) {
    feedback().message.success(t('arrangeUi.noConflicts'));
    return;
  }
  feedback().modal.warning({
    title: t('arrangeUi.conflictsTitle', { count: conflicts.length }),
    width: 640,
    content: (
      <div className="arrange-conflicts-scroll" data-testid="arrange-conflicts-dialog">
        <ConflictList conflicts={conflicts} />
      </div>
    ),
    okText: t('manage.close'),
  });
}

/** 12345 ms → '12.3'. */
export const seconds = (ms: number) => (Math.round(ms / 100) / 10).toFixed(1);

/** What the last generation did: placed of all, locked, time, soft cost, and each hour it could not place with why. */
export function GenerationReportView({ report }: { report: GenerationReport }) {
  const { t } = useTranslation();
  return (
    <div className="arrange-report" data-testid="arrange-report">
      {report.error && <Alert type="error" showIcon title={report.error} className="arrange-gap" data-testid="arrange-report-error" />}
      <div className="arrange-report-figures">
        <span data-testid="arrange-report-placed">
          <Typography.Text type="secondary">{t('arrangeUi.report.placed')}</Typography.Text> <strong>{t('arrangeUi.report.placedOf', { placed: report.placed, total: report.total })}</strong>
        </span>
        <span>
          <Typography.Text type="secondary">{t('arrangeUi.report.locked')}</Typography.Text> <strong>{report.locked}</strong>
        </span>
        <span>
          <Typography.Text type="secondary">{t('arrangeUi.report.time')}</Typography.Text> <strong>{t('arrangeUi.report.seconds', { seconds: seconds(report.elapsedMs) })}</strong>
        </span>
        <span>
          <Typography.Text type="secondary">{t('arrangeUi.report.softCost')}</Typography.Text> <strong>{report.softCost}</strong>
        </span>
        {report.finishedAt && (
          <span>
            <Typography.Text type="secondary">{t('arrangeUi.report.finishedAt')}</Typography.Text> {report.finishedAt.replace('T', ' ').slice(0, 16)}
          </span>
        )}
      </div>
      {report.unplaced.length > 0 && (
        <details className="arrange-report-unplaced-box" open>
          <summary>{t('arrangeUi.report.unplaced', { count: report.unplaced.length })}</summary>
          <Table
            size="small"
            rowKey="key"
            dataSource={report.unplaced.map((row, index) => ({ ...row, key: index }))}
            pagination={report.unplaced.length > 5 ? { pageSize: 5, size: 'small', showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'class', dataIndex: 'className', title: t('arrangeUi.col.class'), width: 140 },
              { key: 'course', dataIndex: 'courseName', title: t('arrangeUi.col.course'), width: 120 },
              { key: 'reason', dataIndex: 'reason', title: t('arrangeUi.report.reason') },
            ]}
            data-testid="arrange-report-unplaced"
          />
        </details>
      )}
    </div>
  );
}
