import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { jobRunSearchSchema, jobSearchSchema, type JobRow, type JobRunRow, type JobRunSearch, type JobSearch, type PagedResult } from '@campus/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { jobRuns, scheduledJobs } from '../../../db/schema/index.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';

export const jobList = defineList({
  search: jobSearchSchema,
  sortColumns: { code: scheduledJobs.code, name: scheduledJobs.name, enabled: scheduledJobs.enabled, nextRunAt: scheduledJobs.nextRunAt, handler: scheduledJobs.handler },
  defaultSort: { field: 'code', order: 'asc' },
  tieBreaker: scheduledJobs.id,
});
type JobSort = keyof typeof jobList.spec.sortColumns;

/** The job list's keyword: code or name in either language. */
const JOB_KEYWORD = keywordColumns(scheduledJobs.code, scheduledJobs.name, scheduledJobs.nameEn);

function jobConditions(search: JobSearch): SQL | undefined {
  const parts: SQL[] = [];
  const keyword = matchKeyword(search.keyword, JOB_KEYWORD);
  if (keyword) parts.push(keyword);
  if (search.enabled !== undefined) parts.push(eq(scheduledJobs.enabled, search.enabled));
  return parts.length ? and(...parts) : undefined;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

// The latest run of each listed job, from the (job_id, started_at) index. The outer column is written out:
// drizzle leaves a single table's columns unqualified, which inside this subquery would mean job_runs.id.
const lastRun = sql<{ startedAt: string; outcome: JobRunRow['outcome']; durationMs: number | null } | null>`(
  SELECT json_build_object('startedAt', r.started_at, 'outcome', r.outcome, 'durationMs', r.duration_ms)
  FROM job_runs r WHERE r.job_id = "scheduled_jobs"."id" ORDER BY r.started_at DESC, r.id DESC LIMIT 1)`;

const jobColumns = {
  id: scheduledJobs.id,
  code: scheduledJobs.code,
  name: scheduledJobs.name,
  nameEn: scheduledJobs.nameEn,
  handler: scheduledJobs.handler,
  cron: scheduledJobs.cron,
  enabled: scheduledJobs.enabled,
  remark: scheduledJobs.remark,
  nextRunAt: scheduledJobs.nextRunAt,
  runningSince: scheduledJobs.runningSince,
  lastRun,
};

type JobSelect = { [K in keyof typeof jobColumns]: unknown } & { nextRunAt: Date | null; runningSince: Date | null };
const toJobRow = (row: JobSelect): JobRow => {
  const last = row.lastRun as { startedAt: string; outcome: JobRunRow['outcome']; durationMs: number | null } | null;
  return {
    ...(row as unknown as JobRow),
    nextRunAt: iso(row.nextRunAt),
    runningSince: iso(row.runningSince),
    lastRun: last ? { ...last, startedAt: new Date(last.startedAt).toISOString() } : null,
  };
};

export async function listJobs(db: DbOrTx, request: ListRequest<JobSearch, JobSort>, withTotal = true): Promise<PagedResult<JobRow>> {
  const where = jobConditions(request.search);
  const rows = await db
    .select(jobColumns)
    .from(scheduledJobs)
    .where(where)
    .orderBy(...jobList.orderBy(request))
    .limit(request.limit)
    .offset(request.offset);
  const counted = withTotal ? await countMatches(db, db.select({ one: sql`1` }).from(scheduledJobs).where(where), request.search.keyword) : { total: rows.length };
  return { ...counted, rows: rows.map(toJobRow) };
}

export async function findJob(db: DbOrTx, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select(jobColumns).from(scheduledJobs).where(eq(scheduledJobs.id, id));
  return row ? toJobRow(row) : undefined;
}

export const runList = defineList({
  search: jobRunSearchSchema,
  sortColumns: { startedAt: jobRuns.startedAt, durationMs: jobRuns.durationMs, outcome: jobRuns.outcome },
  defaultSort: { field: 'startedAt', order: 'desc' },
  tieBreaker: jobRuns.id,
});
type RunSort = keyof typeof runList.spec.sortColumns;

function runConditions(search: JobRunSearch): SQL | undefined {
  const parts: SQL[] = [];
  if (search.jobId) parts.push(eq(jobRuns.jobId, search.jobId));
  if (search.outcome) parts.push(eq(jobRuns.outcome, search.outcome));
  if (search.trigger) parts.push(eq(jobRuns.trigger, search.trigger));
  if (search.dateFrom) parts.push(gte(jobRuns.startedAt, new Date(`${search.dateFrom}T00:00:00`)));
  if (search.dateTo) {
    const end = new Date(`${search.dateTo}T00:00:00`);
    end.setDate(end.getDate() + 1);
    parts.push(lt(jobRuns.startedAt, end));
  }
  return parts.length ? and(...parts) : undefined;
}

const runColumns = {
  id: jobRuns.id,
  jobId: jobRuns.jobId,
  jobCode: scheduledJobs.code,
  jobName: scheduledJobs.name,
  jobNameEn: scheduledJobs.nameEn,
  trigger: jobRuns.trigger,
  triggeredBy: jobRuns.triggeredBy,
  startedAt: jobRuns.startedAt,
  finishedAt: jobRuns.finishedAt,
  durationMs: jobRuns.durationMs,
  outcome: jobRuns.outcome,
  message: jobRuns.message,
};

type RunSelect = Omit<JobRunRow, 'trigger' | 'outcome' | 'startedAt' | 'finishedAt'> & { trigger: string; outcome: string; startedAt: Date; finishedAt: Date | null };
const toRunRow = (row: RunSelect): JobRunRow => ({
  ...row,
  trigger: row.trigger as JobRunRow['trigger'],
  outcome: row.outcome as JobRunRow['outcome'],
  startedAt: row.startedAt.toISOString(),
  finishedAt: iso(row.finishedAt),
});

export async function listRuns(db: DbOrTx, request: ListRequest<JobRunSearch, RunSort>, withTotal = true): Promise<{ total: number; rows: JobRunRow[] }> {
  const where = runConditions(request.search);
  const rows = await db
    .select(runColumns)
    .from(jobRuns)
    .innerJoin(scheduledJobs, eq(scheduledJobs.id, jobRuns.jobId))
    .where(where)
    .orderBy(...runList.orderBy(request))
    .limit(request.limit)
    .offset(request.offset);
  const total = withTotal ? (await db.select({ total: count() }).from(jobRuns).where(where))[0]!.total : rows.length;
  return {
    total,
    rows: rows.map(toRunRow),
  };
}

export async function findRun(db: DbOrTx, id: number): Promise<JobRunRow | undefined> {
  const [row] = await db.select(runColumns).from(jobRuns).innerJoin(scheduledJobs, eq(scheduledJobs.id, jobRuns.jobId)).where(eq(jobRuns.id, id));
  return row ? toRunRow(row) : undefined;
}
