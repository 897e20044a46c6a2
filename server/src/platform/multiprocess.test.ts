import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, form, type TestApp } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import type { FastifyInstance } from 'fastify';

/**
 * A second server on the same database (its own connection pool on a PostgreSQL server) must see
 * the sessions, rotations and locks of the first: nothing that must agree lives in process memory.
 */
let first: TestApp;
let second: FastifyInstance;
let secondDatabase: Database | undefined;

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

const onSecond = (url: string, token?: string, body?: Record<string, string>) =>
  second.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { 'x-token-xx': token } : {}) },
    payload: body ? form(body) : '',
  });

describe('two server processes on one database', () => {
  it('share sessions, rotations and revocations', async () => {
    const token = await first.login('admin');
    expect((await onSecond('/ms/getPermission', token)).json().result).toBe(true);
    await first.database.db.update(sessions).set({ rotatedAt: sql`now() - interval '1 hour'` }).where(sql`revoked_at IS NULL`);
    const rotated = (await onSecond('/ms/getPermission', token)).headers['x-token-xx'] as string;
    expect(rotated).toBeTruthy();
    expect((await first.post('/ms/getPermission', undefined, { token: rotated })).json().result).toBe(true);
    await first.get('/logout', { token: rotated });
    expect((await onSecond('/ms/getPermission', rotated)).json().code).toBe(50014);
  });

  it('share the failed-login count that locks an account', async () => {
    for (let i = 0; i < 3; i++) await first.post('/api/login/v4', { username: 'T0002', password: 'bad-password' });
    for (let i = 0; i < 2; i++) await onSecond('/api/login/v4', undefined, { username: 'T0002', password: 'bad-password' });
    const refused = (await onSecond('/api/login/v4', undefined, { username: 'T0002', password: DEMO_PASSWORD })).json();
    expect(refused).toMatchObject({ result: false, code: 423 });
  });
});
