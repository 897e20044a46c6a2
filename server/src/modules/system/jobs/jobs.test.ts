import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { queryRows } from '../../../db/client.ts';
import { jobRuns, loginCodes, operationLogs, rateCounters, requestNonces, scheduledJobs, sessions, systemConfig, terms, users } from '../../../db/schema/index.ts';
import { registerJobHandler } from './registry.ts';
import { schedulerOf } from './scheduler.ts';

let t: TestApp;
let admin: string;
let teacher: string;
const EN = { cookie: 'language=en' };

let failNext = false;
registerJobHandler({
  name: 'testProbe',
  descriptionKey: 'jobs.handler.sweepExpiredSessions',
  async run() {
    if (failNext) {
      failNext = false;
      throw new Error('probe failed on purpose');
    }
    return 'probe ok';
  },
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  teacher = await t.login('T0001');
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, token = admin, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { 'x-token-xx': token, ...headers }, payload: payload as object });

const jobId = async (code: string) => (await t.database.db.select({ id: scheduledJobs.id }).from(scheduledJobs).where(eq(scheduledJobs.code, code)))[0]!.id;
const runsOf = (id: number) => t.database.db.select().from(jobRuns).where(eq(jobRuns.jobId, id)).orderBy(jobRuns.id);
const form = { code: 'probe_job', name: '探测任务', nameEn: 'Probe', handler: 'testProbe', cron: '*/10 * * * *', enabled: false, remark: '' };

describe('seeded jobs', () => {
  it('has the three jobs, only the session sweep enabled (hourly) with its next run planned', async () => {
    const body = (await call('/api/system/jobs/page', { currPage: 0, limit: 10 })).json();
    expect(body.result).toBe(true);
    const byCode = Object.fromEntries(body.data.rows.map((r: { code: string }) => [r.code, r]));
    expect(byCode.sweep_expired_sessions).toMatchObject({ handler: 'sweepExpiredSessions', cron: '0 * * * *', enabled: true, nextRunAt: expect.any(String), lastRun: null });
    expect(byCode.purge_operation_logs).toMatchObject({ handler: 'purgeOperationLogs', enabled: false, nextRunAt: null });
    expect(byCode.refresh_current_term).toMatchObject({ handler: 'refreshCurrentTerm', enabled: false });
    const handlers = (await call('/api/system/jobs/handlers', {})).json().data.map((h: { name: string }) => h.name);
    expect(handlers).toEqual(expect.arrayContaining(['sweepExpiredSessions', 'purgeOperationLogs', 'refreshCurrentTerm']));
  });
});

describe('job rules', () => {
  it('creates, modifies, enables and disables a job; enabling plans the next run from the cron expression', async () => {
    const created = (await call('/api/system/jobs/create', form)).json();
    expect(created).toMatchObject({ result: true, msg: '新增成功' });
    const id = created.data.id as number;
    expect((await call('/api/system/jobs/get', { id })).json().data).toMatchObject({ code: 'probe_job', enabled: false, nextRunAt: null });
    expect((await call('/api/system/jobs/update', { ...form, id, name: '探测任务2', cron: '0 0 * * * *' })).json().result).toBe(true);
    expect((await call('/api/system/jobs/enable', { ids: [id], enabled: true })).json()).toMatchObject({ result: true, msg: '任务状态已切换' });
    const enabled = (await call('/api/system/jobs/get', { id })).json().data;
    expect(enabled).toMatchObject({ name: '探测任务2', cron: '0 0 * * * *', enabled: true });
    const next = new Date(enabled.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getMinutes()).toBe(0);
    expect((await call('/api/system/jobs/enable', { ids: [id], enabled: false })).json().result).toBe(true);
    expect((await call('/api/system/jobs/get', { id })).json().data).toMatchObject({ enabled: false, nextRunAt: null });
  });

  it('refuses a bad cron expression, an unknown handler, a taken or malformed code, and writes nothing', async () => {
    const before = await t.database.db.select().from(scheduledJobs).orderBy(scheduledJobs.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'x1', cron: '61 * * * *' }, 'Cron表达式不正确'],
      [{ code: 'x2', cron: 'every hour' }, 'Cron表达式不正确'],
      [{ code: 'x3', cron: '0 0 31 2 *' }, 'Cron表达式不正确'],
      [{ code: 'x4', cron: '* * * * * * *' }, 'Cron表达式不正确'],
      [{ code: 'x5', cron: '' }, 'Cron表达式不能为空'],
      [{ code: 'x6', handler: 'rm -rf /' }, '不存在名为 rm -rf / 的执行程序'],
      [{ code: 'x7', handler: '' }, '请选择任务的执行程序'],
      [{ code: 'PROBE_JOB' }, '该任务编码已被占用'],
      [{ code: '1abc' }, '任务编码须以字母开头'],
      [{ code: 'x8', name: ' ' }, '任务名称不能为空'],
    ];
    for (const [change, msg] of cases) {
      const body = (await call('/api/system/jobs/create', { ...form, ...change })).json();
      expect(body.result, msg).toBe(false);
      expect(body.msg, msg).toContain(msg);
    }
    expect((await call('/api/system/jobs/create', { ...form, code: 'x9', cron: '61 * * * *' }, admin, EN)).json().msg).toContain('The cron expression is invalid');
    expect(await t.database.db.select().from(scheduledJobs).orderBy(scheduledJobs.id)).toEqual(before);
  });

  it('refuses callers without the permissions', async () => {
    expect((await call('/api/system/jobs/page', { currPage: 0, limit: 10 }, teacher)).statusCode).toBe(403);
    expect((await call('/api/system/jobRuns/page', { currPage: 0, limit: 10 }, teacher)).statusCode).toBe(403);
    const write = await call('/api/system/jobs/run', { id: await jobId('probe_job') }, teacher);
    expect(write.statusCode).toBe(403);
    expect(write.json().msg).toBe('您无权编辑/删除此数据');
    expect((await call('/api/system/jobs/delete', { ids: [await jobId('probe_job')] }, teacher, EN)).json().msg).toBe('You have no right to edit/delete this data');
  });
});

describe('run now and the job log', () => {
  it('runs a job now through the claim, records the run with outcome and duration, and lists it', async () => {
    const id = await jobId('probe_job');
    const body = (await call('/api/system/jobs/run', { id })).json();
    expect(body).toMatchObject({ result: true, data: { jobId: id, trigger: 'manual', triggeredBy: 'admin', outcome: 'success', message: 'probe ok', durationMs: expect.any(Number) } });
    expect(body.msg).toMatch(/^任务执行成功，耗时 \d+ 毫秒$/);
    failNext = true;
    const failed = (await call('/api/system/jobs/run', { id }, admin, EN)).json();
    expect(failed).toMatchObject({ result: true, data: { outcome: 'failure', message: 'probe failed on purpose' }, msg: 'The job failed: probe failed on purpose' });
    const [job] = await t.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, id));
    expect(job!.runningSince).toBeNull();
    const log = (await call('/api/system/jobRuns/page', { currPage: 0, limit: 10, search: { jobId: id } })).json();
    expect(log.data.total).toBe(2);
    expect(log.data.rows[0]).toMatchObject({ outcome: 'failure', jobCode: 'probe_job', finishedAt: expect.any(String) });
    expect(log.data.rows[1]).toMatchObject({ outcome: 'success', durationMs: expect.any(Number) });
    const failures = (await call('/api/system/jobRuns/page', { currPage: 0, limit: 10, search: { outcome: 'failure', jobId: id } })).json();
    expect(failures.data.total).toBe(1);
    const listed = (await call('/api/system/jobs/get', { id })).json().data;
    expect(listed.lastRun).toMatchObject({ outcome: 'failure' });
  });

  it('refuses a run now while the job runs, and deleting a running job', async () => {
    const id = await jobId('probe_job');
    await t.database.db.update(scheduledJobs).set({ runningSince: new Date() }).where(eq(scheduledJobs.id, id));
    const before = (await runsOf(id)).length;
    expect((await call('/api/system/jobs/run', { id })).json()).toMatchObject({ result: false, msg: '该任务正在执行，请在执行结束后再试' });
    expect((await call('/api/system/jobs/delete', { ids: [id] })).json()).toMatchObject({ result: false, msg: '该任务正在执行，请在执行结束后再试' });
    expect((await runsOf(id)).length).toBe(before);
    await t.database.db.update(scheduledJobs).set({ runningSince: null }).where(eq(scheduledJobs.id, id));
    expect((await call('/api/system/jobs/run', { id: 999999 })).json()).toMatchObject({ result: false, code: 404 });
  });

  it('recovers a run whose process died: after the timeout the job is claimed again and the lost run marked interrupted', async () => {
    const id = await jobId('probe_job');
    await t.database.db.update(scheduledJobs).set({ enabled: true, nextRunAt: sql`now() - interval '1 minute'`, runningSince: sql`now() - interval '2 hours'` }).where(eq(scheduledJobs.id, id));
    await t.database.db.insert(jobRuns).values({ jobId: id, trigger: 'schedule', outcome: 'running', startedAt: sql`now() - interval '2 hours'` });
    const finished = await schedulerOf(t.app).tick();
    expect(finished.filter((run) => run.jobId === id)).toHaveLength(1);
    const runs = await runsOf(id);
    const lost = runs.at(-2)!;
    expect(lost).toMatchObject({ outcome: 'failure', message: 'jobRuns.interrupted', finishedAt: expect.any(Date) });
    expect(runs.at(-1)).toMatchObject({ trigger: 'schedule', outcome: 'success' });
    const listed = (await call('/api/system/jobRuns/page', { currPage: 0, limit: 10, search: { jobId: id, outcome: 'failure' } }, admin, EN)).json();
    expect(listed.data.rows.map((r: { message: string }) => r.message)).toContain('Interrupted: the server stopped during the run');
    const [job] = await t.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, id));
    expect(job!.runningSince).toBeNull();
    expect(job!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    // Not due any more: a second look runs nothing.
    expect((await schedulerOf(t.app).tick()).filter((run) => run.jobId === id)).toHaveLength(0);
  });

  it('exports jobs and runs as Excel in the caller language', async () => {
    const jobs = await t.get('/api/system/jobs/export', { token: admin, headers: EN });
    expect(jobs.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(jobs.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, 'Code', 'Name', 'Handler', 'Cron expression', 'Enabled', 'Next run', 'Last run', 'Remarks']);
    expect(workbook.worksheets[0]!.rowCount).toBeGreaterThanOrEqual(4);
    const runs = await t.get(`/api/system/jobRuns/export?search=${encodeURIComponent(JSON.stringify({ outcome: 'success' }))}`, { token: admin });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(runs.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('任务');
    expect(sheet.getRow(2).getCell(8).value).toBe('成功');
    expect((await t.get('/api/system/jobs/export', { token: teacher })).statusCode).toBe(403);
  });

  it('deletes a job with its history', async () => {
    const id = await jobId('probe_job');
    expect((await call('/api/system/jobs/delete', { ids: [id] })).json()).toMatchObject({ result: true });
    expect(await runsOf(id)).toHaveLength(0);
  });
});

describe('the handlers', () => {
  it('sweepExpiredSessions deletes expired and revoked sessions, used or old codes, nonces and counters, and keeps live ones', async () => {
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.account, 'T0001'));
    const live = await t.database.db.select({ id: sessions.id }).from(sessions).where(sql`revoked_at IS NULL AND idle_expires_at > now()`);
    await t.database.db.insert(sessions).values([
      { userId: user!.id, tokenHash: 'a'.repeat(64), idleExpiresAt: sql`now() - interval '1 minute'`, absoluteExpiresAt: sql`now() + interval '1 hour'` },
      { userId: user!.id, tokenHash: 'b'.repeat(64), idleExpiresAt: sql`now() + interval '1 hour'`, absoluteExpiresAt: sql`now() + interval '1 hour'`, revokedAt: sql`now()` },
    ]);
    await t.database.db.insert(loginCodes).values([
      { codeHash: 'c'.repeat(64), userId: user!.id, expiresAt: sql`now() - interval '1 minute'` },
      { codeHash: 'd'.repeat(64), userId: user!.id, expiresAt: sql`now() + interval '1 minute'` },
    ]);
    await t.database.db.insert(requestNonces).values({ nonce: 'old-nonce', expiresAt: sql`now() - interval '1 minute'` });
    await t.database.db.insert(rateCounters).values([
      { key: 'test:old', windowStart: sql`now() - interval '2 days'`, count: 3 },
      { key: 'test:new', windowStart: sql`now()`, count: 1 },
    ]);
    const body = (await call('/api/system/jobs/run', { id: await jobId('sweep_expired_sessions') })).json();
    expect(body.data.outcome).toBe('success');
    expect(body.data.message).toMatch(/^sessions=\d+ loginCodes=1 requestNonces=\d+ rateCounters=1$/);
    const left = await t.database.db.select({ id: sessions.id, hash: sessions.tokenHash }).from(sessions);
    expect(left.map((s) => s.hash)).not.toContain('a'.repeat(64));
    expect(left.map((s) => s.hash)).not.toContain('b'.repeat(64));
    expect(left.map((s) => s.id)).toEqual(expect.arrayContaining(live.map((s) => s.id)));
    expect((await t.database.db.select().from(loginCodes)).map((c) => c.codeHash)).toEqual(['d'.repeat(64)]);
    expect(await t.database.db.select().from(requestNonces).where(eq(requestNonces.nonce, 'old-nonce'))).toHaveLength(0);
    expect((await t.database.db.select().from(rateCounters)).map((c) => c.key)).toContain('test:new');
    expect((await call('/api/system/jobs/page', { currPage: 0, limit: 1 })).json().result).toBe(true);
  });

  it('purgeOperationLogs deletes logs older than the configured days only', async () => {
    await t.database.db.insert(operationLogs).values([
      { createdAt: sql`now() - interval '40 days'`, method: 'POST', path: '/old', module: 'test', operation: 'old', durationMs: 1, outcome: 'success', statusCode: 200, clientType: 'pc' },
      { createdAt: sql`now() - interval '10 days'`, method: 'POST', path: '/recent', module: 'test', operation: 'recent', durationMs: 1, outcome: 'success', statusCode: 200, clientType: 'pc' },
    ]);
    await t.database.db.insert(systemConfig).values({ key: 'log.retentionDays', value: '30' }).onConflictDoUpdate({ target: systemConfig.key, set: { value: '30' } });
    const body = (await call('/api/system/jobs/run', { id: await jobId('purge_operation_logs') })).json();
    expect(body.data).toMatchObject({ outcome: 'success', message: 'deleted=1 olderThanDays=30' });
    const left = await t.database.db.select({ path: operationLogs.path }).from(operationLogs).where(eq(operationLogs.module, 'test'));
    expect(left.map((l) => l.path)).toEqual(['/recent']);
  });

  it('refreshCurrentTerm makes the term that includes today current', async () => {
    const [current] = await queryRows<{ id: number; code: string }>(t.database.db, sql`SELECT id, code FROM terms WHERE current_date BETWEEN start_date AND end_date ORDER BY start_date DESC LIMIT 1`);
    if (!current) return; // the demo calendar does not cover today's date
    await t.database.db.update(terms).set({ isCurrent: false });
    const body = (await call('/api/system/jobs/run', { id: await jobId('refresh_current_term') })).json();
    expect(body.data).toMatchObject({ outcome: 'success', message: `current=${current.code}` });
    const currents = await t.database.db.select({ id: terms.id }).from(terms).where(eq(terms.isCurrent, true));
    expect(currents).toEqual([{ id: current.id }]);
  });
});
