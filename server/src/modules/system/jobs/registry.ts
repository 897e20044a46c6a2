import type { MessageKey } from '@campus/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import { queryRows, type Db } from '../../../db/client.ts';
import { pruneExpiredNonces } from '../../../platform/encryption.ts';
import { logRetentionDays } from '../settings/service.ts';

/** What a job handler gets: the database and the deployment settings. */
export interface JobContext {
  db: Db;
  config: Config;
}

/**
 * A named piece of server code a scheduled job runs. Only registered handlers can be scheduled, so an
 * administrator chooses what runs but never supplies code. The answer is a short summary for the job log.
 */
export interface JobHandler {
  name: string;
  /** Catalogue key of the description shown in the job form. */
  descriptionKey: MessageKey;
  run(context: JobContext): Promise<string>;
}

const handlers = new Map<string, JobHandler>();

export function registerJobHandler(handler: JobHandler): void {
  if (handlers.has(handler.name)) throw new Error(`A job handler named ${handler.name} exists already`);
  handlers.set(handler.name, handler);
}

export function jobHandler(name: string): JobHandler | undefined {
  return handlers.get(name);
}

export function jobHandlers(): JobHandler[] {
  return [...handlers.values()];
}

/** Rows deleted per statement: big purges run as many short statements instead of one long lock. */
const BATCH = 5000;

async function deleteInBatches(db: Db, table: string, condition: ReturnType<typeof sql>, key: string): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`WITH gone AS (DELETE FROM ${sql.identifier(table)} WHERE ${sql.identifier(key)} IN (SELECT ${sql.identifier(key)} FROM ${sql.identifier(table)} WHERE ${condition} LIMIT ${BATCH}) RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    );
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * Rate counters are read only within their window (platform/rate.ts); a counter untouched for a day is
 * past every window the product uses (the login window is minutes), unless a deployment sets a longer one.
 */
const counterLifeMinutes = (config: Config) => Math.max(24 * 60, config.login.addressWindowMinutes);

registerJobHandler({
  name: 'sweepExpiredSessions',
  descriptionKey: 'jobs.handler.sweepExpiredSessions',
  async run({ db, config }) {
    // A revoked or expired session is refused already (platform/sessions.ts); its row only takes space.
    const sessions = await deleteInBatches(db, 'sessions', sql`revoked_at IS NOT NULL OR idle_expires_at <= now() OR absolute_expires_at <= now()`, 'id');
    const loginCodes = await deleteInBatches(db, 'login_codes', sql`used_at IS NOT NULL OR expires_at <= now()`, 'code_hash');
    const requestNonces = await pruneExpiredNonces(db);
    const rateCounters = await deleteInBatches(db, 'rate_counters', sql`window_start <= now() - make_interval(mins => ${counterLifeMinutes(config)})`, 'key');
    return `sessions=${sessions} loginCodes=${loginCodes} requestNonces=${requestNonces} rateCounters=${rateCounters}`;
  },
});

registerJobHandler({
  name: 'purgeOperationLogs',
  descriptionKey: 'jobs.handler.purgeOperationLogs',
  async run({ db }) {
    const days = await logRetentionDays(db);
    // The condition walks operation_logs_created_idx, so each batch finds its rows without a full scan.
    const deleted = await deleteInBatches(db, 'operation_logs', sql`created_at < now() - make_interval(days => ${days})`, 'id');
    return `deleted=${deleted} olderThanDays=${days}`;
  },
});

registerJobHandler({
  name: 'refreshCurrentTerm',
  descriptionKey: 'jobs.handler.refreshCurrentTerm',
  async run({ db }) {
    return db.transaction(async (tx) => {
      const [today] = await queryRows<{ id: number; code: string; is_current: boolean }>(
        tx,
        sql`SELECT id, code, is_current FROM terms WHERE current_date BETWEEN start_date AND end_date ORDER BY start_date DESC, id DESC LIMIT 1 FOR UPDATE`,
      );
      if (!today) return 'unchanged: no term includes today';
      if (today.is_current) return `unchanged: current=${today.code}`;
      // One current term at a time (terms_single_current_idx): clear the old one first.
      await tx.execute(sql`UPDATE terms SET is_current = false WHERE is_current AND id <> ${today.id}`);
      await tx.execute(sql`UPDATE terms SET is_current = true WHERE id = ${today.id}`);
      return `current=${today.code}`;
    });
  },
});
