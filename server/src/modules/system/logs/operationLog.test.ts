import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { queryRows, textArray } from '../../../db/client.ts';
import { operationLogs } from '../../../db/schema/index.ts';
import { logList, pageLogs } from './queries.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login('admin');
  await t.login('T0001');
  await t.post('/api/login/v4', { username: 'T0001', password: 'wrong-one' });
  // A call's row is written after its answer left (platform/audit.ts): on a busy machine the last one may
  // still be on its way when the first test reads.
  for (let tries = 0; tries < 100; tries++) {
    const [logins] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM operation_logs WHERE path = '/api/login/v4'`);
    if (logins!.n >= 3) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(() => t.close());

const page = (payload: unknown, token = adminToken) =>
  t.inject({ method: 'POST', url: '/api/system/logs/page', headers: { 'x-token-xx': token }, payload: payload as object });

describe('POST /api/system/logs/page', () => {
  it('pages operation logs newest first with every logged field', async () => {
    const body = (await page({ currPage: 0, limit: 10 })).json();
    expect(body.result).toBe(true);
    expect(body.data.total).toBeGreaterThanOrEqual(3);
    const [newest] = body.data.rows;
    expect(newest).toEqual(
      expect.objectContaining({ createdAt: expect.any(String), method: 'POST', path: '/api/login/v4', module: 'auth', operation: 'login', outcome: 'failure', clientType: 'pc', systemName: 'campus', durationMs: expect.any(Number), clientAddress: expect.any(String) }),
    );
    expect(newest.errorMessage).toBeTruthy();
  });

  it('filters by user, outcome, module and date, and sorts ascending', async () => {
    const failures = (await page({ currPage: 0, limit: 10, search: JSON.stringify({ outcome: 'failure' }) })).json();
    expect(failures.data.rows.every((r: { outcome: string }) => r.outcome === 'failure')).toBe(true);
    const byUser = (await page({ currPage: 0, limit: 10, search: { account: 't000' } })).json();
    expect(byUser.data.rows.length).toBeGreaterThan(0);
    expect(byUser.data.rows.every((r: { account: string }) => r.account === 'T0001')).toBe(true);
    const none = (await page({ currPage: 0, limit: 10, search: { dateTo: '2000-01-01' } })).json();
    expect(none.data).toEqual({ total: 0, rows: [] });
    const asc = (await page({ currPage: 0, limit: 10, order: 'asc', sortField: 'createdAt' })).json();
    const times = asc.data.rows.map((r: { createdAt: string }) => r.createdAt);
    expect(times).toEqual([...times].sort());
    const second = (await page({ currPage: 1, limit: 1, order: 'asc', sortField: 'createdAt' })).json();
    expect(second.data.rows[0].id).toBe(asc.data.rows[1].id);
  });

  it('refuses malformed search JSON, unknown sort fields, wide pages and metacharacters safely', async () => {
    expect((await page({ currPage: 0, limit: 10, search: '{not json' })).json()).toMatchObject({ result: false, msg: '查询条件格式不正确' });
    expect((await page({ currPage: 0, limit: 10, sortField: 'password_hash' })).json()).toMatchObject({ result: false, msg: '该列不支持排序' });
    expect((await page({ currPage: 0, limit: 501 })).json()).toMatchObject({ result: false, msg: '每页最多显示500条' });
    expect((await page({ currPage: -1, limit: 10 })).json().result).toBe(false);
    expect((await page({ currPage: 'x', limit: 10 })).json().result).toBe(false);
    const injected = (await page({ currPage: 0, limit: 10, search: { account: "%' OR '1'='1" } })).json();
    expect(injected.data.total).toBe(0);
  });

  it('refuses a caller without the permission even though only the menu hides the page', async () => {
    // The teacher's menus do not show the log page; calling it directly must still be refused.
    const teacher = await t.login('T0002');
    const menus = (await t.post('/ms/getPermission', undefined, { token: teacher })).json().data.permission;
    expect(menus).not.toContain('system:log');
    const response = await page({ currPage: 0, limit: 10 }, teacher);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 403, result: false, data: null, msg: '抱歉，您没有权限访问' });
    expect((await page({ currPage: 0, limit: 10 }, 'bogus-token-bogus-token-bogus')).json().code).toBe(50014);
  });
});

describe('GET /api/system/logs/export', () => {
  it('exports every field of the filtered log in the caller language, and needs the permission', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const search = encodeURIComponent(JSON.stringify({ outcome: 'failure', module: 'auth' }));
    const response = await t.get(`/api/system/logs/export?search=${search}&sortField=createdAt&order=desc`, { token: adminToken, headers: { cookie: 'language=en' } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="Operation logs-\d{8}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Time',
      'User ID',
      'User',
      'Request address',
      'Method',
      'Path',
      'Handler',
      'Module',
      'Operation',
      'Parameters',
      'Duration (ms)',
      'Outcome',
      'Status',
      'Error',
      'Client type',
      'System name',
    ]);
    expect(sheet.rowCount).toBeGreaterThanOrEqual(2);
    const row = sheet.getRow(2);
    expect(row.getCell(8).value).toBe('auth');
    expect(row.getCell(12).value).toBe('Failure');
    // Secrets never reach the log, so never the export either.
    expect(String(row.getCell(10).value)).toContain('******');
    expect(String(row.getCell(10).value)).not.toContain('wrong-one');
    const teacher = await t.login('T0002');
    expect((await t.get('/api/system/logs/export', { token: teacher })).statusCode).toBe(403);
    expect((await t.get('/api/system/logs/export?search=%7Bx', { token: adminToken })).json().result).toBe(false);
  });

  it('filters by module and outcome together', async () => {
    const body = (await page({ currPage: 0, limit: 50, search: { module: 'auth', outcome: 'success' } })).json();
    expect(body.data.total).toBeGreaterThan(0);
    expect(body.data.rows.every((r: { module: string; outcome: string }) => r.module === 'auth' && r.outcome === 'success')).toBe(true);
  });
});

describe('calls made at once', () => {
  it('logs each call in a row of its own, with its own parameters', async () => {
    const student = await t.login('201911001');
    // Courses that do not exist: failed calls are logged as well.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.inject({ method: 'POST', url: '/api/electives/selection/choose', headers: { 'x-token-xx': student }, payload: { sessionId: 700_000 + i, kind: 'major' } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(404));
    // The rows are written once the answers have left: wait for them (bounded).
    let logged: { sessionId: number; account: string; outcome: string }[] = [];
    for (let attempt = 0; attempt < 100 && logged.length < 12; attempt++) {
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 50));
      logged = await queryRows(t.database.db, sql`
        SELECT (params->>'sessionId')::int AS "sessionId", account, outcome FROM operation_logs
        WHERE path = '/api/electives/selection/choose' AND (params->>'sessionId')::int >= 700000 ORDER BY 1`);
    }
    expect(logged).toEqual(Array.from({ length: 12 }, (_, i) => ({ sessionId: 700_000 + i, account: '201911001', outcome: 'failure' })));
  });

  it('keeps every text of a row as it was, quotes, backslashes and other scripts included', async () => {
    const names = ['引号"甲', 'back\\slash', "it's {a,b}", 'NULL', 'ünïcødé 😀'];
    await Promise.all(names.map((username) => t.post('/api/login/v4', { username, password: 'not-this-one' })));
    let logged: { username: string; errorMessage: string | null; account: string | null }[] = [];
    for (let attempt = 0; attempt < 100 && logged.length < names.length; attempt++) {
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 50));
      logged = await queryRows(t.database.db, sql`
        SELECT params->>'username' AS username, error_message AS "errorMessage", account FROM operation_logs
        WHERE path = '/api/login/v4' AND params->>'username' = ANY(${textArray(names)})`);
    }
    expect(logged.map((row) => row.username).sort()).toEqual([...names].sort());
    expect(logged.every((row) => row.errorMessage && row.account === null)).toBe(true);
  });
});

describe('deep pages of the log', () => {
  it('reads a page past 1,000 rows (ids first) exactly as the direct query does, in every sort', async () => {
    await t.database.db.execute(sql`
      INSERT INTO operation_logs (created_at, account, method, path, module, operation, duration_ms, outcome, status_code, client_type)
      SELECT now() - make_interval(secs => g % 500), 'bulk' || (g % 7), 'POST', '/bulk', 'bulk', 'op', g % 13, 'success', 200, 'pc'
      FROM generate_series(1, 1200) AS g`);
    for (const [sortField, order] of [['createdAt', 'desc'], ['durationMs', 'asc'], ['account', 'desc']] as const) {
      const request = logList.parse({ currPage: 101, limit: 10, sortField, order, search: {} });
      expect(request.offset).toBeGreaterThanOrEqual(1000);
      const { rows } = await pageLogs(t.database.db, request);
      const direct = await t.database.db.select({ id: operationLogs.id }).from(operationLogs).orderBy(...logList.orderBy(request)).limit(10).offset(request.offset);
      expect(rows.map((row) => row.id)).toEqual(direct.map((row) => row.id));
      expect(rows).toHaveLength(10);
    }
  });
});

describe('pages found through the day counts', () => {
  /** Ids and total of the unfiltered time-ordered list the direct way: OFFSET over every row, count(*). */
  async function direct(order: 'asc' | 'desc', offset: number, limit: number): Promise<{ ids: number[]; total: number }> {
    const request = logList.parse({ currPage: 0, limit, sortField: 'createdAt', order, search: {} });
    const rows = await t.database.db.select({ id: operationLogs.id }).from(operationLogs).orderBy(...logList.orderBy(request)).limit(limit).offset(offset);
    const [{ total }] = await t.database.db.select({ total: count() }).from(operationLogs);
    return { ids: rows.map((row) => row.id), total };
  }

  async function expectSameAsDirect(offsets: number[]): Promise<void> {
    for (const order of ['desc', 'asc'] as const) {
      for (const offset of offsets) {
        const limit = offset % 3 === 0 ? 10 : 7;
        const counted = await pageLogs(t.database.db, { search: {}, sortField: 'createdAt', order, offset, limit });
        const expected = await direct(order, offset, limit);
        expect({ order, offset, ids: counted.rows.map((row) => row.id), total: counted.total }).toEqual({ order, offset, ...expected });
      }
    }
  }

  it('gives the rows and total of OFFSET and count(*) at every depth, in both orders, across day boundaries and ties', async () => {
    // Forty days of rows, several on the same instant (the id breaks the tie), some exactly at midnight UTC.
    await t.database.db.execute(sql`
      INSERT INTO operation_logs (created_at, method, path, module, operation, duration_ms, outcome, status_code, client_type)
      SELECT CASE WHEN g % 11 = 0 THEN date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - make_interval(days => g % 40)
                  ELSE now() - make_interval(days => g % 40, secs => (g % 5) * 3600) END,
             'POST', '/counted', 'counted', 'op', 1, 'success', 200, 'pc'
      FROM generate_series(1, 900) AS g`);
    const { total } = await direct('desc', 0, 1);
    expect(total).toBeGreaterThan(2000);
    await expectSameAsDirect([0, 1, 9, 10, 22, 23, 24, 25, 100, 499, 777, 1001, total - 10, total - 3, total - 1, total, total + 10, 10_000_000]);
    // Whole rows, as the list's other statements give them (the time as ISO text in UTC).
    const counted = await pageLogs(t.database.db, { search: {}, sortField: 'createdAt', order: 'desc', offset: 500, limit: 5 });
    const rows = await t.database.db.select().from(operationLogs).orderBy(sql`created_at DESC, id DESC`).limit(5).offset(500);
    expect(counted.rows).toEqual(rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })));
  });

  it('keeps the counts right through deletes, updates that move rows to other days, truncation and rollbacks', async () => {
    await t.database.db.execute(sql`DELETE FROM operation_logs WHERE path = '/counted' AND id % 4 = 0`);
    await t.database.db.execute(sql`UPDATE operation_logs SET created_at = created_at - interval '3 days 7 hours' WHERE path = '/counted' AND id % 5 = 0`);
    const { total } = await direct('desc', 0, 1);
    await expectSameAsDirect([0, 5, 130, 600, total - 1, total]);

    // A write that fails half-way leaves the counts as they were, with the rows.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO operation_logs (method, path, module, operation, duration_ms, outcome, status_code, client_type) VALUES ('POST', '/rolled-back', 'counted', 'op', 1, 'success', 200, 'pc')`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await pageLogs(t.database.db, logList.parse({ currPage: 0, limit: 10 }))).total).toBe(total);

    // Truncation empties the counts with the log (seen inside a transaction that is then undone).
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`TRUNCATE operation_logs`);
        expect(await pageLogs(tx, logList.parse({ currPage: 0, limit: 10 }))).toEqual({ total: 0, rows: [] });
        await tx.execute(sql`INSERT INTO operation_logs (method, path, module, operation, duration_ms, outcome, status_code, client_type) VALUES ('POST', '/after-truncate', 'counted', 'op', 1, 'success', 200, 'pc')`);
        const after = await pageLogs(tx, logList.parse({ currPage: 0, limit: 10 }));
        expect({ total: after.total, paths: after.rows.map((row) => row.path) }).toEqual({ total: 1, paths: ['/after-truncate'] });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await expectSameAsDirect([0, total - 1]);
  });

  it('takes the total of the whole log from the counts for another order too, past the end included', async () => {
    const { total } = await direct('desc', 0, 1);
    const byDuration = await pageLogs(t.database.db, logList.parse({ currPage: 0, limit: 10, sortField: 'durationMs', order: 'asc' }));
    expect(byDuration.total).toBe(total);
    expect((await pageLogs(t.database.db, logList.parse({ currPage: 100_000, limit: 10, sortField: 'account', order: 'asc' }))).total).toBe(total);
  });
});
