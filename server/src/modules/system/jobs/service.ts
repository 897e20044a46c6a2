import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { JobCreate, JobUpdate } from '@campus/contract';
import type { Db, Tx } from '../../../db/client.ts';
import { scheduledJobs } from '../../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { jobHandler } from './registry.ts';
import { nextCronRun } from './scheduler.ts';

/**
 * Checks what the schema cannot: the handler is registered, croner parses the expression and it fires
 * at least once. Answers the first run time for an enabled job.
 */
function checkJob(input: JobCreate): Date | null {
  if (!jobHandler(input.handler)) throw badRequest('jobs.unknownHandler', { name: input.handler });
  let next: Date | null;
  try {
    next = nextCronRun(input.cron);
  } catch {
    throw badRequest('jobs.cronInvalid');
  }
  if (!next) throw badRequest('jobs.cronInvalid');
  return input.enabled ? next : null;
}

async function codeTaken(tx: Tx, code: string, exceptId?: number): Promise<boolean> {
  const condition = sql`lower(${scheduledJobs.code}) = lower(${code})`;
  const [row] = await tx
    .select({ id: scheduledJobs.id })
    .from(scheduledJobs)
    .where(exceptId ? and(condition, ne(scheduledJobs.id, exceptId)) : condition);
  return !!row;
}

export async function createJob(db: Db, input: JobCreate): Promise<number> {
  const nextRunAt = checkJob(input);
  return db.transaction(async (tx) => {
    if (await codeTaken(tx, input.code)) throw conflict('jobs.codeTaken');
    const [created] = await tx
      .insert(scheduledJobs)
      .values({ code: input.code, name: input.name, nameEn: input.nameEn || null, handler: input.handler, cron: input.cron, enabled: input.enabled, remark: input.remark || null, nextRunAt })
      .returning({ id: scheduledJobs.id });
    return created!.id;
  });
}

export async function updateJob(db: Db, input: JobUpdate): Promise<void> {
  const nextRunAt = checkJob(input);
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: scheduledJobs.id }).from(scheduledJobs).where(eq(scheduledJobs.id, input.id)).for('update');
    if (!current) throw notFound();
    if (await codeTaken(tx, input.code, input.id)) throw conflict('jobs.codeTaken');
    await tx
      .update(scheduledJobs)
      .set({ code: input.code, name: input.name, nameEn: input.nameEn || null, handler: input.handler, cron: input.cron, enabled: input.enabled, remark: input.remark || null, nextRunAt, updatedAt: new Date() })
      .where(eq(scheduledJobs.id, input.id));
  });
}

/** Enabling plans each job's next run from its expression; disabling clears it (a run under way finishes). */
export async function setJobsEnabled(db: Db, ids: number[], enabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: scheduledJobs.id, cron: scheduledJobs.cron }).from(scheduledJobs).where(inArray(scheduledJobs.id, ids)).for('update');
    if (found.length !== new Set(ids).size) throw notFound();
    for (const job of found) {
      let next: Date | null = null;
      if (enabled) {
        try {
          next = nextCronRun(job.cron);
        } catch {
          throw badRequest('jobs.cronInvalid');
        }
        if (!next) throw badRequest('jobs.cronInvalid');
      }
      await tx.update(scheduledJobs).set({ enabled, nextRunAt: next, updatedAt: new Date() }).where(eq(scheduledJobs.id, job.id));
    }
  });
}

/** Deletes jobs with their run history; a job that is running is refused (its run would lose its record). */
export async function deleteJobs(db: Db, ids: number[], staleAfterMs: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: scheduledJobs.id }).from(scheduledJobs).where(inArray(scheduledJobs.id, ids)).for('update');
    if (found.length !== new Set(ids).size) throw notFound();
    const [busy] = await tx
      .select({ id: scheduledJobs.id })
      .from(scheduledJobs)
      .where(and(inArray(scheduledJobs.id, ids), isNotNull(scheduledJobs.runningSince), sql`${scheduledJobs.runningSince} > now() - make_interval(secs => ${staleAfterMs / 1000})`));
    if (busy) throw conflict('jobs.running');
    await tx.delete(scheduledJobs).where(inArray(scheduledJobs.id, ids));
  });
}
