import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject as provided } from 'vitest';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { migrateDatabase, openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/index.ts';
import { createTestSealer } from './sealer.ts';
import './provided.ts';

export { DEMO_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** app.inject, sealed and opened like the browser does when TEST_ENCRYPTION=1. */
  inject(request: InjectOptions): Promise<LightMyRequestResponse>;
  /** Logs a demo user in and returns the token. */
  login(account: string, password?: string): Promise<string>;
  /** app.inject with a form-encoded body and an optional token. */
  post(url: string, body?: Record<string, string>, options?: { token?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  get(url: string, options?: { token?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export function form(body: Record<string, string>): string {
  return new URLSearchParams(body).toString();
}

/** Runs the whole server suite with request encryption on, as CI does once. */
export const ENCRYPTED = process.env.TEST_ENCRYPTION === '1';

/**
 * A fresh, migrated and seeded database for one test file: an in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by DATABASE_URL (dropped again on close). Both start as a copy of
 * the school test/globalSetup.ts seeded once for the run; a database in a folder is migrated and seeded here.
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (serverUrl) {
    const name = `campus_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const template = provided('pgTemplate');
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  // The demo administrator signs in with a password alone in tests; the MFA tests switch the requirement on.
  // Tests that call route after route (the role matrix, the fuzz suite) outrun the operation log's writes on
  // a busy machine, and the embedded database's overload answer (503) would then refuse their calls: only
  // the overload test (db/embeddedOverload.test.ts) asks for it.
  const config = loadConfig(
    {},
    { logLevel: 'silent', databaseUrl, dataDir: 'memory://', encryption: ENCRYPTED, mfa: { requiredForAdmins: false, challengeMinutes: 5 }, embeddedMaxWaitMs: 600_000, ...overrides },
  );
  // A test may ask for an embedded database in a folder (as `npm start` runs it) instead of in memory.
  const snapshot = !databaseUrl && config.dataDir === 'memory://' ? provided('pgliteSnapshot') : '';
  const fromTemplate = databaseUrl ? Boolean(provided('pgTemplate')) : Boolean(snapshot);
  const loadDataDir = snapshot ? new Blob([await readFile(snapshot)]) : undefined;
  const database = await openDatabase({ databaseUrl, dataDir: config.dataDir, poolSize: 5, loadDataDir });
  if (!fromTemplate) {
    await migrateDatabase(database, databaseUrl);
    await seedDemo(database.db, config);
  }
  const app = await buildApp({ config, database });
  await app.ready();

  const sealer = config.encryption ? createTestSealer(app) : null;
  const inject = (request: InjectOptions) => (sealer ? sealer.inject(request) : app.inject(request));
  const headersFor = (token?: string, extra?: Record<string, string>) => ({ ...(token ? { [config.tokenHeader]: token } : {}), ...extra });

  const testApp: TestApp = {
    app,
    database,
    config,
    inject,
    post(url, body, options = {}) {
      const request: InjectOptions = {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headersFor(options.token, options.headers) },
        payload: body ? form(body) : '',
      };
      return inject(request);
    },
    get(url, options = {}) {
      return inject({ method: 'GET', url, headers: headersFor(options.token, options.headers) });
    },
    async login(account, password = DEMO_PASSWORD) {
      const response = await testApp.post('/api/login/v4', { username: account, password });
      const body = response.json();
      if (!body.result) throw new Error(`login ${account} failed: ${body.msg}`);
      return body.data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
  return testApp;
}

export const DEMO_ACCOUNTS = ['admin', 'T0001', 'T0002', '201911001', 'jz201911001'] as const;

/** Logs every demo account in; the tokens by account. */
export async function loginDemoAccounts(t: TestApp): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) tokens[account] = await t.login(account);
  return tokens;
}

/** The staff number of a teacher who neither teaches nor leads 初二(1)班, the demo student's class. */
export async function teacherOutsideDemoClass(t: TestApp): Promise<string> {
  const [row] = await queryRows<{ staff_number: string }>(t.database.db, sql`
    SELECT st.staff_number FROM staff st
    WHERE st.id NOT IN (SELECT te.teacher_id FROM timetable_entries te JOIN classes c ON c.id = te.class_id WHERE c.code = '20190801' AND te.teacher_id IS NOT NULL)
      AND st.id NOT IN (SELECT c.class_teacher_id FROM classes c WHERE c.code = '20190801')
    ORDER BY st.staff_number LIMIT 1`);
  return row.staff_number;
}
