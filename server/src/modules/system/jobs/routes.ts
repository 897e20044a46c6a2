import { exportQuerySchema, idBodySchema, idsSchema, jobCreateSchema, jobEnableSchema, type JobHandlerOption, type JobRow, type JobRunRow, jobUpdateSchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { findJob, findRun, jobList, listJobs, listRuns, runList } from './queries.ts';
import { jobHandlers } from './registry.ts';
import { attachScheduler, type SchedulerOptions } from './scheduler.ts';
import { createJob, deleteJobs, setJobsEnabled, updateJob } from './service.ts';

const VIEW = { permission: 'system:job' } as const;
const EDIT = { permission: 'system:job:edit' } as const;
const DELETE = { permission: 'system:job:delete' } as const;
/** The job log (/job/log) is a hidden page of its own; the jobs page links to it. */
const VIEW_RUNS = { anyOf: ['system:jobLog', 'system:job'] } as const;
const audit = (operation: string) => ({ module: 'system.job', operation });

const time = (iso: string | null) => (iso ? iso.slice(0, 19).replace('T', ' ') : '');

/** A stored run message is either the handler's summary (data) or a catalogue key (an interruption). */
const runMessage = (request: FastifyRequest, message: string | null) => (message && /^jobRuns\.\w+$/.test(message) ? t(request, message) : message);

export interface JobsPluginOptions {
  scheduler?: SchedulerOptions;
}

/**
 * /datasynchronization and /job/log: scheduled jobs and their runs (issue 4, item 7). The module owns
 * the scheduler of this server (scheduler.ts); main.ts starts its loop, "run now" uses its claim.
 */
export async function jobRoutes(fastify: FastifyInstance, options: JobsPluginOptions = {}): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const scheduler = attachScheduler(fastify, options.scheduler);
  app.addHook('onClose', async () => scheduler.stop());

  app.post(
    '/api/system/jobs/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'Scheduled jobs, paged (generic paged-table call); search: keyword, enabled', body: pagedQuerySchema } },
    async (request) => ok(await listJobs(database.db, jobList.parse(request.body))),
  );

  app.post(
    '/api/system/jobs/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'One scheduled job', body: idBodySchema } },
    async (request) => {
      const job = await findJob(database.db, request.body.id);
      if (!job) throw notFound();
      return ok(job);
    },
  );

  app.post(
    '/api/system/jobs/handlers',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'The job handlers this server can run' } },
    async () => ok<JobHandlerOption[]>(jobHandlers().map((h) => ({ name: h.name, descriptionKey: h.descriptionKey }))),
  );

  app.post(
    '/api/system/jobs/create',
    { config: { access: EDIT, audit: audit('create') }, schema: { tags: ['system'], summary: 'Create a job (registered handler, cron expression checked with croner)', body: jobCreateSchema } },
    async (request) => ok({ id: await createJob(database.db, request.body) }, t(request, 'common.created')),
  );

  app.post(
    '/api/system/jobs/update',
    { config: { access: EDIT, audit: audit('update') }, schema: { tags: ['system'], summary: 'Modify a job', body: jobUpdateSchema } },
    async (request) => {
      await updateJob(database.db, request.body);
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/system/jobs/enable',
    { config: { access: EDIT, audit: audit('enable') }, schema: { tags: ['system'], summary: 'Enable or disable jobs', body: jobEnableSchema } },
    async (request) => {
      await setJobsEnabled(database.db, request.body.ids, request.body.enabled);
      return ok(null, t(request, 'jobs.enabledChanged'));
    },
  );

  app.post(
    '/api/system/jobs/run',
    {
      config: { access: EDIT, audit: audit('run') },
      schema: { tags: ['system'], summary: 'Run a job now through the same claim as the schedule (refused while it runs); answers the finished run', body: idBodySchema },
    },
    async (request) => {
      const claimed = await scheduler.claimOne(request.body.id);
      if (!claimed) {
        if (!(await findJob(database.db, request.body.id))) throw notFound();
        throw conflict('jobs.running');
      }
      const finished = await scheduler.execute(claimed, 'manual', request.auth!.account);
      const run = await findRun(database.db, finished.runId);
      const message =
        finished.outcome === 'success' ? t(request, 'jobs.ranSuccess', { duration: finished.durationMs }) : t(request, 'jobs.ranFailure', { message: finished.message });
      // A failed job is still a successful call: the run and its outcome are recorded.
      return ok(run ? { ...run, message: runMessage(request, run.message) } : null, message);
    },
  );

  app.post(
    '/api/system/jobs/delete',
    { config: { access: DELETE, audit: audit('delete') }, schema: { tags: ['system'], summary: 'Delete jobs and their run history (not while running)', body: idsSchema } },
    async (request) => {
      await deleteJobs(database.db, request.body.ids, scheduler.options.staleAfterMs);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.get(
    '/api/system/jobs/export',
    { config: { access: VIEW }, schema: { tags: ['system'], summary: 'The jobs as an Excel file (same search and sort as the list)', querystring: exportQuerySchema } },
    async (request, reply) => {
      const { rows } = await listJobs(database.db, jobList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT }), false);
      const en = request.language === 'en';
      const content = await buildWorkbook<JobRow>(
        t(request, 'jobs.exportName'),
        [
          { header: t(request, 'jobs.code'), value: (j) => j.code, width: 22 },
          { header: t(request, 'jobs.name'), value: (j) => (en && j.nameEn ? j.nameEn : j.name), width: 24 },
          { header: t(request, 'jobs.handler'), value: (j) => j.handler, width: 22 },
          { header: t(request, 'jobs.cron'), value: (j) => j.cron, width: 16 },
          { header: t(request, 'jobs.enabled'), value: (j) => t(request, j.enabled ? 'common.yes' : 'common.no') },
          { header: t(request, 'jobs.nextRunAt'), value: (j) => time(j.nextRunAt), width: 20 },
          { header: t(request, 'jobs.lastRun'), value: (j) => (j.lastRun ? `${time(j.lastRun.startedAt)} ${t(request, `jobRuns.${j.lastRun.outcome}`)}` : ''), width: 28 },
          { header: t(request, 'jobs.remark'), value: (j) => j.remark, width: 30 },
        ],
        rows,
      );
      return sendWorkbook(reply, exportFileName(t(request, 'jobs.exportName')), content);
    },
  );

  app.post(
    '/api/system/jobRuns/page',
    {
      config: { access: VIEW_RUNS, readOnly: true },
      schema: { tags: ['system'], summary: 'Job runs, newest first (generic paged-table call); search: jobId, outcome, trigger, dateFrom, dateTo', body: pagedQuerySchema },
    },
    async (request) => {
      const result = await listRuns(database.db, runList.parse(request.body));
      return ok({ total: result.total, rows: result.rows.map((run) => ({ ...run, message: runMessage(request, run.message) })) });
    },
  );

  app.get(
    '/api/system/jobRuns/export',
    { config: { access: VIEW_RUNS }, schema: { tags: ['system'], summary: 'The job log as an Excel file (same search and sort as the list, at most 50,000 rows)', querystring: exportQuerySchema } },
    async (request, reply) => {
      const { rows } = await listRuns(database.db, runList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT + 1 }), false);
      const en = request.language === 'en';
      const content = await buildWorkbook<JobRunRow>(
        t(request, 'jobRuns.exportName'),
        [
          { header: t(request, 'jobRuns.job'), value: (r) => (en && r.jobNameEn ? r.jobNameEn : r.jobName), width: 24 },
          { header: t(request, 'jobs.code'), value: (r) => r.jobCode, width: 22 },
          { header: t(request, 'jobRuns.trigger'), value: (r) => t(request, `jobRuns.${r.trigger}`) },
          { header: t(request, 'jobRuns.triggeredBy'), value: (r) => r.triggeredBy },
          { header: t(request, 'jobRuns.startedAt'), value: (r) => time(r.startedAt), width: 20 },
          { header: t(request, 'jobRuns.finishedAt'), value: (r) => time(r.finishedAt), width: 20 },
          { header: t(request, 'jobRuns.durationMs'), value: (r) => r.durationMs },
          { header: t(request, 'jobRuns.outcome'), value: (r) => t(request, `jobRuns.${r.outcome}`) },
          { header: t(request, 'jobRuns.message'), value: (r) => runMessage(request, r.message), width: 50 },
        ],
        rows.slice(0, EXPORT_ROW_LIMIT),
        rows.length > EXPORT_ROW_LIMIT ? t(request, 'common.exportTruncated', { limit: EXPORT_ROW_LIMIT }) : undefined,
      );
      return sendWorkbook(reply, exportFileName(t(request, 'jobRuns.exportName')), content);
    },
  );
}
