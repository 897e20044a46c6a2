import { sql } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * Issue 12, finding 8: under searches that change every request the embedded database queued work for
 * clients that had gone (busy 62 s after the load) and never said it was full. Embedded database only: a
 * PostgreSQL server's pool has its own queue.
 */
const embedded = !process.env.DATABASE_URL;
let t: TestApp;
let base = '';
let token = '';

beforeAll(async () => {
  t = await createTestApp({ embeddedMaxWaitMs: 1 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  token = await t.login('admin');
}, 60_000);
afterAll(() => t.close());

/** Holds the embedded database for a while: every statement asked meanwhile waits behind it. */
/**
 * Holds the embedded database's turn for a while with the event loop free (pg_sleep would block the thread
 * PGlite runs on, so no request would even be read): a transaction waiting on a timer.
 */
const occupy = (seconds: number) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1`);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  });

describe.skipIf(!embedded)('the embedded database under overload', () => {
  it('skips the statements of requests whose clients went away', async () => {
    const before = t.database.queue!.skipped();
    const busy = occupy(0.6);
    const requests = Array.from({ length: 12 }, (_, i) => {
      const request = http.request(`${base}/components/getUserAllData`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', [t.config.tokenHeader]: token },
      });
      request.on('error', () => undefined);
      request.end(`keyword=${encodeURIComponent(`张${i}`)}`);
      return request;
    });
    // Let them reach the queue, then leave, as clients that timed out do.
    await new Promise((resolve) => setTimeout(resolve, 150));
    for (const request of requests) request.destroy();
    await busy;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.database.queue!.skipped() - before).toBeGreaterThan(0);
    // The server is free again at once, and answers the next caller.
    const next = await t.post('/components/getUserAllData', { keyword: '张' }, { token });
    expect(next.json().result).toBe(true);
  });

  it('still logs a write whose client went away before its statements ran', async () => {
    const busy = occupy(0.5);
    const request = http.request(`${base}/api/system/campuses/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [t.config.tokenHeader]: token },
    });
    request.on('error', () => undefined);
    request.end(JSON.stringify({ code: 'gone-1', name: '离开的校区' }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    request.destroy();
    await busy;
    let logged = 0;
    for (let attempt = 0; attempt < 100 && logged === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const [row] = await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM operation_logs WHERE path = '/api/system/campuses/create'`).then((result) => (result as unknown as { rows: { n: number }[] }).rows);
      logged = Number(row.n);
    }
    expect(logged).toBe(1);
    const [campus] = await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM org_units WHERE code = 'gone-1'`).then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(Number(campus.n)).toBe(0);
  });

  it('answers 503 with Retry-After past the bounded queue, in the caller language, and recovers', async () => {
    const busy = occupy(0.5);
    // Ten statements waiting: whatever their recent time, the expected wait is far past 1 ms.
    const queued = Array.from({ length: 10 }, () => Promise.resolve(t.database.db.execute(sql`SELECT pg_sleep(0.01)`)));
    await new Promise((resolve) => setImmediate(resolve));
    const refused = await t.post('/ms/getPermission', undefined, { token, headers: { cookie: 'language=en' } });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json()).toMatchObject({ result: false, code: 503, msg: 'The server is busy, please try again shortly' });
    await Promise.all([busy, ...queued]);
    expect((await t.post('/ms/getPermission', undefined, { token })).json().result).toBe(true);
  });
});
