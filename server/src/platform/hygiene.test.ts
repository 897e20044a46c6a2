import { and, desc, eq, gt } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { operationLogs } from '../db/schema/index.ts';

/** Issue 12, findings 4, 6 and 10: bad text, log gaps, headers, permission before validation. */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const account of ['admin', '201911001', 'T0001']) tokens[account] = await t.login(account);
});
afterAll(() => t.close());

const EN = { cookie: 'language=en' };

function json(url: string, account: string, body: string, headers: Record<string, string> = {}): Promise<{ statusCode: number; body: string; json: () => { code: number; result: boolean; msg: string } }> {
  const request: InjectOptions = {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', [t.config.tokenHeader]: tokens[account], ...headers },
    payload: body,
  };
  return t.inject(request);
}

function form(url: string, account: string | null, body: string, headers: Record<string, string> = {}) {
  return t.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(account ? { [t.config.tokenHeader]: tokens[account] } : {}), ...headers },
    payload: body,
  });
}

const lastLog = async () => (await t.database.db.select().from(operationLogs).orderBy(desc(operationLogs.id)).limit(1))[0];

/**
 * The log row of a call to `path` after `afterId` whose parameters carry `marker`: rows are written once
 * the answer has left, so an earlier test's rows may still land after `afterId` was read.
 */
async function logOf(path: string, afterId: number, marker: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const rows = await t.database.db.select().from(operationLogs).where(and(gt(operationLogs.id, afterId), eq(operationLogs.path, path))).orderBy(operationLogs.id);
    const row = rows.find((candidate) => JSON.stringify(candidate.params).includes(marker));
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no log row for ${path}`);
}

describe('text the database cannot store', () => {
  // Each of these answered 500 (invalid byte sequence for encoding "UTF8": 0x00) before.
  const cases: [string, string | null, string, 'form' | 'json'][] = [
    ['/api/login/v4', null, 'username=a%00b&password=x', 'form'],
    ['/xsjbxxtab/getTabData', 'admin', 'zh=a%00b', 'form'],
    ['/base/jzgzj/getJzgZjJbXx', 'admin', 'zgh=T0%0001', 'form'],
    ['/components/getUserData', 'admin', 'userIds=a%00b', 'form'],
    ['/api/message/info/getInfoById', 'admin', 'id=1%00', 'form'],
    ['/api/system/campuses/create', 'admin', JSON.stringify({ code: 'NUL1', name: 'a\u0000b' }), 'json'],
    ['/api/system/campuses/create', 'admin', '{"code":"SUR1","name":"a\\ud800b"}', 'json'],
    ['/api/system/courses/page', 'admin', '{"currPage":0,"limit":10,"search":{"\\udc00":"x"}}', 'json'],
  ];
  it.each(cases)('%s answers 400 with a clear message (%s, %s)', async (url, account, body, kind) => {
    const response = kind === 'json' ? await json(url, account!, body) : await form(url, account, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ result: false, code: 400 });
    expect(response.json().msg).toMatch(/不允许的字符/);
    const english = kind === 'json' ? await json(url, account!, body, EN) : await form(url, account, body, EN);
    expect(english.json().msg).toMatch(/not allowed/);
  });

  it('leaves an operation-log row for refused writes whatever their body', async () => {
    const start = (await lastLog()).id;
    await json('/api/system/campuses/create', 'admin', '{"code":"SUR2","name":"a\\ud800b","\\u0000key":"v"}');
    const row = await logOf('/api/system/campuses/create', start, 'SUR2');
    expect(row).toMatchObject({ path: '/api/system/campuses/create', outcome: 'failure', statusCode: 400, account: 'admin' });
    expect(JSON.stringify(row.params)).toContain('SUR2');
    const next = row.id;
    await form('/api/login/v4', null, 'username=ghost%00&password=x');
    expect(await logOf('/api/login/v4', next, 'ghost')).toMatchObject({ path: '/api/login/v4', outcome: 'failure', statusCode: 400 });
  });

  it('logs a successful write whose body carries a 1 MB string and deep nesting', async () => {
    const before = (await lastLog()).id;
    let nested: unknown = 'deep';
    for (let i = 0; i < 40; i++) nested = { inner: nested };
    const response = await json('/api/system/campuses/create', 'admin', JSON.stringify({ code: 'BIG1', name: '大校区', extra: 'x'.repeat(1000_000), nested }));
    const row = await logOf('/api/system/campuses/create', before, 'BIG1');
    expect(row.statusCode).toBe(response.statusCode);
  });
});

describe('headers', () => {
  it('API answers, the login answer included, are not sniffed or stored', async () => {
    const login = await form('/api/login/v4', null, 'username=admin&password=wrong');
    const permission = await form('/ms/getPermission', 'admin', '');
    const missing = await form('/api/nothing/here', 'admin', '');
    for (const response of [login, permission, missing]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('the web page may not be framed and runs only its own scripts', async () => {
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'campus-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Campus</title>');
    const web = await createTestApp({ webDist });
    try {
      for (const url of ['/', '/login']) {
        const page = await web.get(url);
        expect(page.statusCode).toBe(200);
        const policy = String(page.headers['content-security-policy']);
        expect(policy).toContain("frame-ancestors 'none'");
        expect(policy).toContain("script-src 'self'");
        expect(policy).toContain("object-src 'none'");
        expect(page.headers['x-content-type-options']).toBe('nosniff');
        expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(page.headers['x-frame-options']).toBe('DENY');
      }
    } finally {
      await web.close();
      await rm(webDist, { recursive: true, force: true });
    }
  });

  it('the API documentation is not served unless configured', async () => {
    expect((await t.get('/api/docs/json')).statusCode).toBe(404);
    const configured = await createTestApp({ apiDocs: true });
    try {
      expect((await configured.get('/api/docs/json')).statusCode).toBe(200);
    } finally {
      await configured.close();
    }
  });
});

describe('permission before validation', () => {
  it('a student posting an invalid body to an admin write is refused for permission, not told the fields', async () => {
    const response = await json('/api/system/campuses/create', '201911001', JSON.stringify({ code: 12, name: ['x'] }));
    expect(response.statusCode).toBe(403);
    expect(response.json().msg).not.toMatch(/code|name/);
    const nul = await json('/api/system/campuses/create', '201911001', JSON.stringify({ code: 'a\u0000' }));
    expect(nul.statusCode).toBe(403);
  });

  it('an administrator still gets the field message', async () => {
    const response = await json('/api/system/campuses/create', 'admin', JSON.stringify({ code: 12 }));
    expect(response.statusCode).toBe(400);
  });
});

describe('unknown accounts in the log', () => {
  it('keeps the account of a refused login out of the user columns', async () => {
    const before = (await lastLog()).id;
    await form('/api/login/v4', null, 'username=nobody&password=x');
    const row = await logOf('/api/login/v4', before, 'nobody');
    expect(row.userId).toBeNull();
    const [again] = await t.database.db.select().from(operationLogs).where(eq(operationLogs.id, row.id));
    expect(again.outcome).toBe('failure');
  });
});
