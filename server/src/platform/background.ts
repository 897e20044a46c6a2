import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { queryRows, type Db, type Tx } from '../db/client.ts';

/**
 * Background work (architecture map, "Building blocks"): work too long for a request — a notice's
 * delivery to 200,000 people, later batch PDFs, imports and solver runs — is a row of `background_tasks`
 * that any server process may claim and run. The runner keeps nothing another process would need: the
 * claim, the progress and the handler's bookmark (`state`) are in the row, written in the same
 * transaction as each step of the work, so a task whose process stopped is taken up by another process
 * after `staleAfterMs` and goes on from its last step.
 */

export interface TaskRow<Payload = unknown> {
  id: number;
  kind: string;
  payload: Payload;
  state: Record<string, unknown>;
  attempts: number;
  /** heartbeat_at as PostgreSQL text: the claim a checkpoint must still hold. */
  claim: string;
}

export interface TaskStep {
  /** Saves progress and the bookmark with the step's writes, and renews the claim. */
  checkpoint(tx: Tx, progress: { done: number; total: number }, state: Record<string, unknown>): Promise<void>;
}

export interface TaskHandler<Payload = unknown> {
  /**
   * Runs the task to its end from `task.state`. Each step writes in its own transaction and calls
   * `step.checkpoint` inside it; a step whose claim was taken over throws and rolls back.
   */
  run(db: Db, task: TaskRow<Payload>, step: TaskStep): Promise<void>;
  /** The task failed for good (an error, or too many lost attempts): the owning area records it. */
  failed?(db: Db, task: TaskRow<Payload>, message: string): Promise<void>;
}

/** A task is taken for lost when its claim has not been renewed for this long. */
export const STALE_AFTER_MS = 60_000;
/** Lost runs and errors end a task after this many attempts. */
export const MAX_ATTEMPTS = 3;

const handlers = new Map<string, TaskHandler<never>>();

/** Modules register their handlers when they register their routes (once per kind and process). */
export function registerTaskHandler<Payload>(kind: string, handler: TaskHandler<Payload>): void {
  handlers.set(kind, handler as TaskHandler<never>);
}

/** Queues a task inside the caller's transaction: it exists only if the write that asked for it commits. */
export async function enqueueTask(tx: Tx, kind: string, payload: unknown, createdBy: number | null): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`INSERT INTO background_tasks (kind, payload, created_by) VALUES (${kind}, ${JSON.stringify(payload)}::jsonb, ${createdBy}) RETURNING id`,
  );
  return Number(row!.id);
}

/** Puts a finished or failed task back in the queue (e.g. a failed delivery sent again), keeping its bookmark. */
export async function requeueTask(tx: Tx, id: number): Promise<void> {
  await tx.execute(
    sql`UPDATE background_tasks SET status = 'queued', attempts = 0, error = NULL, finished_at = NULL, heartbeat_at = NULL WHERE id = ${id}`,
  );
}

export class TaskLostError extends Error {
  constructor(id: number) {
    super(`background task ${id} was taken over by another process`);
  }
}

export interface RunnerOptions {
  pollMs?: number;
  staleAfterMs?: number;
  /** Tasks run at once by this process (each in its own transactions, as two processes would run them). */
  concurrency?: number;
}

export class BackgroundRunner {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private working: Promise<unknown> | null = null;
  private again = false;
  readonly options: Required<RunnerOptions>;

  constructor(
    private readonly deps: () => { db: Db; log: FastifyBaseLogger },
    options: RunnerOptions = {},
  ) {
    this.options = { pollMs: 2000, staleAfterMs: STALE_AFTER_MS, concurrency: 1, ...options };
  }

  get started(): boolean {
    return this.running;
  }

  /** Starts the loop (main.ts); tests call runPending() instead. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.working;
  }

  /** A task was just queued by this process: look now rather than at the next poll. */
  nudge(): void {
    if (!this.running) return;
    if (this.working) this.again = true;
    else this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.running || this.working) return;
      this.working = this.runPending()
        .catch((error: unknown) => this.deps().log.error({ err: error }, 'background work failed'))
        .finally(() => {
          this.working = null;
          const next = this.again ? 0 : this.options.pollMs;
          this.again = false;
          if (this.running) this.schedule(next);
        });
    }, delay);
  }

  /** Claims one queued task, or one whose process stopped; null when there is none. */
  async claim(): Promise<TaskRow | null> {
    const staleSeconds = this.options.staleAfterMs / 1000;
    const [row] = await queryRows<Omit<TaskRow, 'id'> & { id: string | number }>(
      this.deps().db,
      sql`UPDATE background_tasks SET status = 'running', heartbeat_at = clock_timestamp(), attempts = attempts + 1
          WHERE id = (
            SELECT id FROM background_tasks
            WHERE status = 'queued'
               OR (status = 'running' AND heartbeat_at < now() - make_interval(secs => ${staleSeconds}))
            ORDER BY id
            LIMIT 1
            FOR UPDATE SKIP LOCKED)
          RETURNING id, kind, payload, state, attempts, heartbeat_at::text AS claim`,
    );
    return row ? { ...row, id: Number(row.id) } : null;
  }

  /** Runs tasks until none is waiting, `concurrency` at a time; answers how many were run. */
  async runPending(): Promise<number> {
    const lane = async () => {
      let count = 0;
      for (let task = await this.claim(); task; task = await this.claim()) {
        await this.execute(task);
        count++;
      }
      return count;
    };
    const counts = await Promise.all(Array.from({ length: Math.max(1, this.options.concurrency) }, lane));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  private async execute(task: TaskRow): Promise<void> {
    const { db, log } = this.deps();
    const handler = handlers.get(task.kind);
    let claim = task.claim;
    const step: TaskStep = {
      checkpoint: async (tx, progress, state) => {
        const [renewed] = await queryRows<{ claim: string }>(
          tx,
          sql`UPDATE background_tasks SET heartbeat_at = clock_timestamp(), progress_done = ${progress.done}, progress_total = ${progress.total},
                     state = ${JSON.stringify(state)}::jsonb
              WHERE id = ${task.id} AND status = 'running' AND heartbeat_at = ${claim}::timestamptz
              RETURNING heartbeat_at::text AS claim`,
        );
        if (!renewed) throw new TaskLostError(task.id);
        claim = renewed.claim;
      },
    };
    try {
      if (!handler) throw new Error(`no handler for background work of kind ${task.kind}`);
      if (task.attempts > MAX_ATTEMPTS) throw new Error(`given up after ${MAX_ATTEMPTS} attempts`);
      await handler.run(db, task as TaskRow<never>, step);
      await db.execute(
        sql`UPDATE background_tasks SET status = 'done', finished_at = clock_timestamp(), error = NULL
            WHERE id = ${task.id} AND heartbeat_at = ${claim}::timestamptz`,
      );
    } catch (error) {
      if (error instanceof TaskLostError) {
        log.warn({ task: task.id }, error.message);
        return;
      }
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      log.warn({ err: error, task: task.id, kind: task.kind }, 'background task failed');
      const [owned] = await queryRows<{ id: string }>(
        db,
        sql`UPDATE background_tasks SET status = 'failed', finished_at = clock_timestamp(), error = ${message}
            WHERE id = ${task.id} AND heartbeat_at = ${claim}::timestamptz RETURNING id`,
      );
      if (owned && handler?.failed) await handler.failed(db, task as TaskRow<never>, message);
    }
  }
}

/** One runner per server (keyed by its HTTP server, like the job scheduler). */
const runners = new WeakMap<object, BackgroundRunner>();

export function backgroundOf(app: FastifyInstance): BackgroundRunner {
  let runner = runners.get(app.server);
  if (!runner) {
    // A PostgreSQL server runs two tasks' statements at once in two backends (a released district exam's
    // grades are analysed two at a time); the embedded database has one session, where a second task only waits.
    runner = new BackgroundRunner(() => ({ db: app.database.db, log: app.log }), { concurrency: app.database.kind === 'pglite' ? 1 : 2 });
    runners.set(app.server, runner);
  }
  return runner;
}
