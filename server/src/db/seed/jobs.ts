import { nextCronRun } from '../../modules/system/jobs/scheduler.ts';
import type { Tx } from '../client.ts';
import { scheduledJobs } from '../schema/index.ts';

/** The jobs every school starts with (issue 4, item 7); only the session sweep runs by default. */
const JOBS = [
  { code: 'sweep_expired_sessions', name: '清理过期会话', nameEn: 'Sweep expired sessions', handler: 'sweepExpiredSessions', cron: '0 * * * *', enabled: true },
  { code: 'purge_operation_logs', name: '清理操作日志', nameEn: 'Purge old operation logs', handler: 'purgeOperationLogs', cron: '30 2 * * *', enabled: false },
  { code: 'refresh_current_term', name: '刷新当前学期', nameEn: 'Refresh the current term', handler: 'refreshCurrentTerm', cron: '5 0 * * *', enabled: false },
  { code: 'apply_roll_changes', name: '执行到期学籍异动', nameEn: 'Apply due school roll changes', handler: 'applyRollChanges', cron: '10 0 * * *', enabled: true },
];

/** Adds the missing jobs; a job the administrator changed or switched is left as it is. */
export async function seedJobs(tx: Tx): Promise<void> {
  await tx
    .insert(scheduledJobs)
    .values(JOBS.map((job) => ({ ...job, nextRunAt: job.enabled ? nextCronRun(job.cron) : null })))
    .onConflictDoNothing({ target: scheduledJobs.code });
}
