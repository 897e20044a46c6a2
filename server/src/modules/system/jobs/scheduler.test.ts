import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildApp } from '../../../app.ts';
import { openDatabase, type Database } from '../../../db/client.ts';
import { jobRuns, scheduledJobs } from '../../../db/schema/index.ts';
import { registerJobHandler } from './registry.ts';
import { isValidCron, nextCronRun, schedulerOf } from './scheduler.ts';

/**
 * Two server processes on one database (as in platform/multiprocess.test.ts: a second app with its own
 * connection pool on a PostgreSQL server) must run a due job once between them.
 */
let first: TestApp;
let second: FastifyInstance;
let secondDatabase: Database | undefined;
let calls = 0;

registerJobHandler({
  name: 'slowCounter',
  descriptionKey: 'jobs.handler.sweepExpiredSessions',
  async run() {
    calls++;
    // Long enough for the other process to look while this run holds the claim.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return `call ${calls}`;
  },
});

beforeAll(async () => {
  first = await createTestApp({ encryption: false });
  if (first.config.databaseUrl) {
    secondDatabase = await openDatabase({ databaseUrl: first.config.databaseUrl, dataDir: 'memory://', poolSize: 2 });
  }
  second = await buildApp({ config: first.config, database: secondDatabase ?? first.database });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await secondDatabase?.close();
  await first.close();
});

async function dueJob(code: string): Promise<number> {
  const [job] = await first.database.db
    .insert(scheduledJobs)
    .values({ code, name: code, handler: 'slowCounter', cron: '0 0 1 1 *', enabled: true, nextRunAt: sql`now() - interval '1 second'` })
    .returning({ id: scheduledJobs.id });
  return job!.id;
}

describe('cron expressions', () => {
  it('accepts 5 and 6 fields and refuses impossible or malformed ones', () => {
    expect(isValidCron('0 * * * *')).toBe(true);
    expect(isValidCron('*/30 * * * * *')).toBe(true);
    expect(isValidCron('0 2 * * 1-5')).toBe(true);
    for (const bad of ['61 * * * *', 'a b c d e', '0 0 31 2 *', '* * * * * * *', '* * *', '']) expect(isValidCron(bad), bad).toBe(false);
    expect(nextCronRun('0 3 * * *', new Date(2026, 0, 1, 12, 0))!.getTime()).toBe(new Date(2026, 0, 2, 3, 0).getTime());
  });
});

describe('two server processes on one database', () => {
  it('run a due job once when both look at the same moment', async () => {
    const id = await dueJob('twice_looked_at');
    calls = 0;
    const [a, b] = await Promise.all([schedulerOf(first.app).tick(), schedulerOf(second).tick()]);
    expect([...a, ...b].filter((run) => run.jobId === id)).toHaveLength(1);
    expect(calls).toBe(1);
    const runs = await first.database.db.select().from(jobRuns).where(eq(jobRuns.jobId, id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: 'success', trigger: 'schedule', durationMs: expect.any(Number) });
    expect(runs[0]!.durationMs!).toBeGreaterThanOrEqual(250);
  });

  it('run a due job once with both scheduler loops started, and a run now meanwhile is refused', async () => {
    const id = await dueJob('both_loops');
    calls = 0;
    const schedulers = [schedulerOf(first.app), schedulerOf(second)];
    const original = schedulers.map((s) => s.options.pollMs);
    for (const s of schedulers) {
      (s.options as { pollMs: number }).pollMs = 20;
      s.start();
    }
    try {
      const deadline = Date.now() + 5000;
      let done = false;
      while (!done && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const [row] = await first.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, id));
        if (row!.runningSince) {
          // While one process runs it, a run now on either process is refused by the same claim.
          expect(await schedulers[1]!.claimOne(id)).toBeNull();
        }
        const runs = await first.database.db.select().from(jobRuns).where(eq(jobRuns.jobId, id));
        done = runs.some((run) => run.outcome !== 'running');
      }
      // Several more looks by both loops after the run: the job is not due again until next year.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await Promise.all(schedulers.map((s) => s.stop()));
      schedulers.forEach((s, i) => ((s.options as { pollMs: number }).pollMs = original[i]!));
    }
    expect(calls).toBe(1);
    expect(await first.database.db.select().from(jobRuns).where(eq(jobRuns.jobId, id))).toHaveLength(1);
  });
});
