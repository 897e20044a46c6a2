import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import { queryRows, type Db } from '../../../db/client.ts';
import { jobHandler } from './registry.ts';

/**
 * The job scheduler (docs/decisions.md "Scheduled jobs"). Every server process runs the same loop; the
 * database decides which process runs a due job: ONE UPDATE claims it by setting `running_since`, and
 * PostgreSQL lets only one transaction change a row at a time (FOR UPDATE SKIP LOCKED in the claim makes
 * the others pass over it instead of waiting). A run whose process died leaves `running_since` behind;
 * after `staleAfterMs` another process may claim the job again and marks the lost run as interrupted.
 */

/** The next time a cron expression fires after `from`; null if it never does (e.g. 31 February). Throws on a bad expression. */
export function nextCronRun(expression: string, from: Date = new Date()): Date | null {
  const cron = new Cron(expression, { paused: true, mode: '5-or-6-parts' });
  try {
    return cron.nextRun(from);
  } finally {
    cron.stop();
  }
}

/** Whether croner accepts the expression and it fires at least once. */
export function isValidCron(expression: string): boolean {
  try {
    return nextCronRun(expression) !== null;
  } catch {
    return false;
  }
}

export interface ClaimedJob {
  id: number;
  code: string;
  handler: string;
  cron: string;
  /** running_since as PostgreSQL text, so the finish can check it still holds this claim (microseconds survive). */
  claim: string;
}

export interface FinishedRun {
  runId: number;
  jobId: number;
  outcome: 'success' | 'failure';
  durationMs: number;
  message: string;
}

export interface SchedulerOptions {
  /** How often the loop looks for due jobs. */
  pollMs?: number;
  /** A run older than this is taken as lost (its process stopped) and the job may be claimed again. */
  staleAfterMs?: number;
  /** Jobs claimed by one look at most. */
  batch?: number;
}

const DEFAULTS = { pollMs: 5000, staleAfterMs: 30 * 60_000, batch: 10 };

export class JobScheduler {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<unknown> | null = null;
  private running = false;
  readonly options: Required<SchedulerOptions>;

  /** The database and settings are read when first used, so the module can register before they exist. */
  constructor(
    private readonly deps: () => { db: Db; config: Config; log: FastifyBaseLogger },
    options: SchedulerOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  private get db(): Db {
    return this.deps().db;
  }

  private get config(): Config {
    return this.deps().config;
  }

  private get log(): FastifyBaseLogger {
    return this.deps().log;
  }

  /** Starts the loop (main.ts); tests call tick() themselves instead. */
  start(): void {
    if (this.running) return;
    this.running = true;
    const loop = () => {
      if (!this.running) return;
      this.ticking = this.tick()
        .catch((error: unknown) => this.log.error({ err: error }, 'job scheduler tick failed'))
        .finally(() => {
          this.ticking = null;
          if (this.running) this.timer = setTimeout(loop, this.options.pollMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  /** Stops the loop and waits for the runs under way. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
  }

  get started(): boolean {
    return this.running;
  }

  /** Claims every due, enabled job that no live run holds, in one statement. */
  async claimDue(): Promise<ClaimedJob[]> {
    return queryRows<ClaimedJob>(
      this.db,
      sql`UPDATE scheduled_jobs SET running_since = clock_timestamp()
          WHERE id IN (
            SELECT id FROM scheduled_jobs
            WHERE enabled AND next_run_at <= now()
              AND (running_since IS NULL OR running_since < now() - make_interval(secs => ${this.options.staleAfterMs / 1000}))
            ORDER BY next_run_at, id
            LIMIT ${this.options.batch}
            FOR UPDATE SKIP LOCKED)
            AND enabled AND next_run_at <= now()
            AND (running_since IS NULL OR running_since < now() - make_interval(secs => ${this.options.staleAfterMs / 1000}))
          RETURNING id, code, handler, cron, running_since::text AS claim`,
    );
  }

  /** Claims one job for "run now" by the same rule (no live run holds it), enabled or not; null when it is busy. */
  async claimOne(jobId: number): Promise<ClaimedJob | null> {
    const [claimed] = await queryRows<ClaimedJob>(
      this.db,
      sql`UPDATE scheduled_jobs SET running_since = clock_timestamp()
          WHERE id = ${jobId}
            AND (running_since IS NULL OR running_since < now() - make_interval(secs => ${this.options.staleAfterMs / 1000}))
          RETURNING id, code, handler, cron, running_since::text AS claim`,
    );
    return claimed ?? null;
  }

  /** One look: claims the due jobs and runs them one after another. */
  async tick(): Promise<FinishedRun[]> {
    const claimed = await this.claimDue();
    const finished: FinishedRun[] = [];
    for (const job of claimed) finished.push(await this.execute(job, 'schedule', null));
    return finished;
  }

  /**
   * Runs a claimed job: marks runs lost by a stopped process as interrupted, records the new run, calls
   * the handler, then records the outcome and releases the claim (moving a scheduled job's next run on).
   */
  async execute(job: ClaimedJob, trigger: 'schedule' | 'manual', triggeredBy: string | null): Promise<FinishedRun> {
    const [run] = await this.db.transaction(async (tx) => {
      // While this process holds the claim, a run still marked running is one whose process stopped.
      await tx.execute(sql`UPDATE job_runs SET outcome = 'failure', finished_at = now(), message = 'jobRuns.interrupted' WHERE job_id = ${job.id} AND outcome = 'running'`);
      return queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO job_runs (job_id, trigger, triggered_by, started_at, outcome) VALUES (${job.id}, ${trigger}, ${triggeredBy}, clock_timestamp(), 'running') RETURNING id`,
      );
    });
    const started = performance.now();
    let outcome: 'success' | 'failure' = 'success';
    let message: string;
    try {
      const handler = jobHandler(job.handler);
      if (!handler) throw new Error(`unknown job handler ${job.handler}`);
      message = await handler.run({ db: this.db, config: this.config });
    } catch (error) {
      outcome = 'failure';
      message = error instanceof Error ? error.message : String(error);
      this.log.warn({ err: error, job: job.code }, 'scheduled job failed');
    }
    const durationMs = Math.round(performance.now() - started);
    let next: Date | null = null;
    if (trigger === 'schedule') {
      try {
        next = nextCronRun(job.cron);
      } catch {
        next = null;
      }
    }
    await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE job_runs SET finished_at = clock_timestamp(), duration_ms = ${durationMs}, outcome = ${outcome}, message = ${message.slice(0, 2000)} WHERE id = ${run!.id}`,
      );
      // Only the holder of this claim releases it (a stale claim may have been taken over meanwhile).
      await tx.execute(
        trigger === 'schedule'
          ? sql`UPDATE scheduled_jobs SET running_since = NULL, next_run_at = ${next ? next.toISOString() : null}::timestamptz WHERE id = ${job.id} AND running_since = ${job.claim}::timestamptz`
          : sql`UPDATE scheduled_jobs SET running_since = NULL WHERE id = ${job.id} AND running_since = ${job.claim}::timestamptz`,
      );
    });
    return { runId: Number(run!.id), jobId: job.id, outcome, durationMs, message };
  }
}

/** One scheduler per server (keyed by its HTTP server, shared by every plugin context of one app). */
const schedulers = new WeakMap<object, JobScheduler>();

export function attachScheduler(app: FastifyInstance, options?: SchedulerOptions): JobScheduler {
  const scheduler = new JobScheduler(() => ({ db: app.database.db, config: app.config, log: app.log }), options);
  schedulers.set(app.server, scheduler);
  return scheduler;
}

/** The scheduler of a built app; main.ts starts it, tests start it or call tick() when they need it. */
export function schedulerOf(app: FastifyInstance): JobScheduler {
  const scheduler = schedulers.get(app.server);
  if (!scheduler) throw new Error('the jobs module is not registered');
  return scheduler;
}
