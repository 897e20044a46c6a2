import { ResultCode } from '@campus/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/helpers.ts';
import { loginCodes, operationLogs, sessions, users } from '../../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ login: { maxFailures: 5, lockMinutes: 15, addressMaxFailures: 1000, addressWindowMinutes: 15 } });
});
afterAll(() => t.close());

const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0].n;

describe('POST /api/login/v4', () => {
  it('logs in with a form-encoded body and answers the token and header name', async () => {
    const response = await t.post('/api/login/v4', { username: 'admin', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: 200, result: true, data: { headerName: 'X-TOKEN-XX' } });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the token is stored.
    const stored = await t.database.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(stored.map((s) => s.hash)).not.toContain(body.data.token);
  });

  it('stores passwords with argon2id at no less than the OWASP parameters', async () => {
    const [admin] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.account, 'admin'));
    expect(admin.hash?.startsWith('$argon2id$v=19$')).toBe(true);
    const params = Object.fromEntries(admin.hash!.split('$')[3].split(',').map((kv) => kv.split('=')));
    expect(Number(params.m)).toBeGreaterThanOrEqual(19456);
    expect(Number(params.t)).toBeGreaterThanOrEqual(2);
    expect(Number(params.p)).toBeGreaterThanOrEqual(1);
  });

  it('refuses a wrong password in the caller language and creates no session', async () => {
    const before = await sessionCount();
    const zh = (await t.post('/api/login/v4', { username: 'T0002', password: 'wrong-password' })).json();
    expect(zh).toMatchObject({ result: false, msg: '用户名或密码错误' });
    const en = (await t.post('/api/login/v4', { username: 'T0002', password: 'wrong-password' }, { headers: { cookie: 'language=en' } })).json();
    expect(en.msg).toBe('Incorrect user name or password');
    const unknown = (await t.post('/api/login/v4', { username: 'nobody', password: 'wrong-password' })).json();
    expect(unknown.msg).toBe('用户名或密码错误');
    expect(await sessionCount()).toBe(before);
    await t.database.db.update(users).set({ failedLoginCount: 0 }).where(eq(users.account, 'T0002'));
  });

  it.each([
    [{}, '请输入用户名'],
    [{ username: 'admin' }, '请输入密码'],
    [{ username: 'admin', password: '1234' }, '密码不能少于5个字符'],
    [{ username: 'a'.repeat(65), password: '123456' }, '输入内容过长'],
  ])('refuses bad input %j with a clear message', async (payload, msg) => {
    const before = await sessionCount();
    const response = await t.post('/api/login/v4', payload as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, result: false, data: null, msg });
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a JSON body of the wrong types without a server error', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/login/v4', payload: { username: 12, password: ['x'] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().result).toBe(false);
    expect(response.body).not.toMatch(/stack|at \w+ \(/);
  });

  it('refuses a malformed JSON body and an oversize body with a message', async () => {
    const malformed = await t.inject({ method: 'POST', url: '/api/login/v4', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ result: false, msg: '无法读取请求内容' });
    const huge = await t.post('/api/login/v4', { username: 'admin', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ result: false, code: 413, msg: '请求内容过大' });
  });

  it('treats SQL and HTML metacharacters in the user name as plain text', async () => {
    const before = await sessionCount();
    for (const username of ["admin' OR '1'='1", 'admin"; DROP TABLE users; --', '<script>alert(1)</script>']) {
      const body = (await t.post('/api/login/v4', { username, password: DEMO_PASSWORD })).json();
      expect(body).toMatchObject({ result: false, msg: '用户名或密码错误' });
    }
    expect(await sessionCount()).toBe(before);
    expect((await t.database.db.select({ n: count() }).from(users))[0].n).toBeGreaterThan(0);
  });

  it('locks an account after 5 failures, refusing even the right password with a message saying so', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await t.post('/api/login/v4', { username: 'T0001', password: 'bad-password' })).json().msg).toBe('用户名或密码错误');
    }
    const fifth = (await t.post('/api/login/v4', { username: 'T0001', password: 'bad-password' })).json();
    expect(fifth).toMatchObject({ result: false, code: ResultCode.locked });
    expect(fifth.msg).toContain('锁定');
    const right = await t.post('/api/login/v4', { username: 'T0001', password: DEMO_PASSWORD }, { headers: { cookie: 'language=en' } });
    expect(right.json()).toMatchObject({ result: false, code: ResultCode.locked });
    expect(right.json().msg).toMatch(/locked/);
    // Once the lock has passed the right password works again.
    await t.database.db.update(users).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(users.account, 'T0001'));
    expect((await t.post('/api/login/v4', { username: 'T0001', password: DEMO_PASSWORD })).json().result).toBe(true);
    const [row] = await t.database.db.select({ n: users.failedLoginCount, until: users.lockedUntil }).from(users).where(eq(users.account, 'T0001'));
    expect(row).toEqual({ n: 0, until: null });
  });

  it('records logins in the operation log without the password', async () => {
    const logs = await t.database.db.select().from(operationLogs).where(eq(operationLogs.operation, 'login'));
    expect(logs.some((l) => l.outcome === 'success' && l.account === 'admin')).toBe(true);
    expect(logs.some((l) => l.outcome === 'failure' && l.errorMessage === '用户名或密码错误')).toBe(true);
    expect(JSON.stringify(logs.map((l) => l.params))).not.toContain(DEMO_PASSWORD);
    expect(logs.every((l) => l.method === 'POST' && l.path === '/api/login/v4' && l.module === 'auth' && l.clientType === 'pc')).toBe(true);
  });
});

describe('failed logins per client address', () => {
  it('are rate-limited across accounts', async () => {
    const limited = await createTestApp({ login: { maxFailures: 100, lockMinutes: 15, addressMaxFailures: 3, addressWindowMinutes: 15 } });
    try {
      for (const username of ['admin', 'T0001', 'nobody']) {
        expect((await limited.post('/api/login/v4', { username, password: 'bad-password' })).json().code).toBe(400);
      }
      const refused = await limited.post('/api/login/v4', { username: 'admin', password: DEMO_PASSWORD });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ result: false, code: ResultCode.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});

describe('sessions', () => {
  it('answers 50014 for a missing, unknown or malformed token', async () => {
    for (const token of [undefined, 'A'.repeat(43), 'not a token!']) {
      const response = await t.post('/ms/getPermission', undefined, { token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 50014, result: false, msg: '您的登录已过期，请重新登录' });
    }
  });

  it('keeps a session alive with /api/getExpires and revokes it with /logout', async () => {
    const token = await t.login('admin');
    const alive = (await t.get('/api/getExpires', { token })).json();
    expect(alive.result).toBe(true);
    expect(new Date(alive.data.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect((await t.get('/logout', { token })).json()).toMatchObject({ result: true });
    expect((await t.get('/api/getExpires', { token })).json().code).toBe(50014);
    expect((await t.post('/ms/getPermission', undefined, { token })).json().code).toBe(50014);
  });

  it('expires idle and absolute-expired sessions', async () => {
    const idle = await t.login('admin');
    await t.database.db.update(sessions).set({ idleExpiresAt: sql`now() - interval '1 second'` }).where(sql`revoked_at IS NULL AND idle_expires_at > now()`);
    expect((await t.get('/api/getExpires', { token: idle })).json().code).toBe(50014);
    const old = await t.login('admin');
    await t.database.db.update(sessions).set({ absoluteExpiresAt: sql`now() - interval '1 second'` }).where(sql`revoked_at IS NULL`);
    expect((await t.get('/api/getExpires', { token: old })).json().code).toBe(50014);
  });

  it('answers 50012 when the account was disabled', async () => {
    const token = await t.login('jz201911001');
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.account, 'jz201911001'));
    try {
      expect((await t.post('/ms/getPermission', undefined, { token })).json().code).toBe(50012);
    } finally {
      await t.database.db.update(users).set({ enabled: true }).where(eq(users.account, 'jz201911001'));
    }
  });

  it('rotates an old token in the response header and keeps the previous one valid for a grace period', async () => {
    const token = await t.login('T0002');
    await t.database.db.update(sessions).set({ rotatedAt: sql`now() - interval '1 hour'` }).where(sql`revoked_at IS NULL`);
    const response = await t.post('/ms/getPermission', undefined, { token });
    expect(response.json().result).toBe(true);
    const refreshed = response.headers['x-token-xx'];
    expect(typeof refreshed).toBe('string');
    expect(refreshed).not.toBe(token);
    expect((await t.post('/ms/getPermission', undefined, { token: refreshed as string })).json().result).toBe(true);
    // The old token still works during the grace period, then no more.
    expect((await t.post('/ms/getPermission', undefined, { token })).json().result).toBe(true);
    await t.database.db.update(sessions).set({ previousValidUntil: sql`now() - interval '1 second'` }).where(sql`previous_token_hash IS NOT NULL`);
    expect((await t.post('/ms/getPermission', undefined, { token })).json().code).toBe(50014);
    // A fresh token is not rotated again.
    expect((await t.post('/ms/getPermission', undefined, { token: refreshed as string })).headers['x-token-xx']).toBeUndefined();
  });
});

describe('one-time sign-in codes', () => {
  it('exchanges a code once for a working token', async () => {
    const token = await t.login('201911001');
    const issued = (await t.post('/api/auth/code', undefined, { token })).json();
    expect(issued.result).toBe(true);
    expect(issued.data.expiresInSeconds).toBeGreaterThan(0);
    const exchanged = (await t.post('/anon/api/auth/check', { code: issued.data.code })).json();
    expect(exchanged.result).toBe(true);
    const permission = (await t.post('/ms/getPermission', undefined, { token: exchanged.data.token })).json();
    expect(permission.data.userInfo.userId).toBe('201911001');
    const again = (await t.post('/anon/api/auth/check', { code: issued.data.code })).json();
    expect(again).toMatchObject({ result: false, msg: '登录码无效或已过期' });
    const logs = await t.database.db.select({ params: operationLogs.params }).from(operationLogs).where(eq(operationLogs.operation, 'redeemLoginCode'));
    expect(JSON.stringify(logs)).not.toContain(issued.data.code);
  });

  it('refuses expired, unknown and missing codes without creating a session', async () => {
    const token = await t.login('201911001');
    const issued = (await t.post('/api/auth/code', undefined, { token })).json();
    await t.database.db.update(loginCodes).set({ expiresAt: sql`now() - interval '1 second'` });
    const before = await sessionCount();
    expect((await t.post('/anon/api/auth/check', { code: issued.data.code })).json().result).toBe(false);
    expect((await t.post('/anon/api/auth/check', { code: 'made-up-code' })).json().result).toBe(false);
    expect((await t.post('/anon/api/auth/check', {})).json()).toMatchObject({ result: false, code: 400 });
    expect(await sessionCount()).toBe(before);
  });

  it('needs a login to issue a code', async () => {
    expect((await t.post('/api/auth/code')).json().code).toBe(50014);
  });
});
