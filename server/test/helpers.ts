import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, inject as provided } from 'vitest';
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

/**
 * Uploads one file through POST /api/files/upload (multipart, as the browser's FileUpload sends it) and
 * answers the response; a stored file's id is `json().data[0].RESID`.
 */
export function uploadFile(t: TestApp, token: string, purpose: string, name: string, content: Buffer, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const boundary = `----campus${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.inject({ method: 'POST', url: '/api/files/upload', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, [t.config.tokenHeader]: token, ...headers }, payload: body });
}

/** The headers of a call made in English (the server answers in Chinese when none is asked for). */
export const EN: Record<string, string> = { cookie: 'language=en' };
export const ZH: Record<string, string> = { cookie: 'language=zh' };

export interface ApiKitDefaults {
  /** Put before every url, e.g. '/api/homeSchool/familyCommittee'. */
  base?: string;
  /** The account a call uses when it names none. */
  account?: string;
  /** The headers a call sends when it passes none, e.g. EN. */
  headers?: Record<string, string>;
}

/**
 * The calls and queries a test file makes again and again. `t` and `tokens` may be getters, so that a file can
 * make its kit at the top, before beforeAll has opened the app and logged the accounts in.
 */
export function apiKit(t: TestApp | (() => TestApp), tokens: Record<string, string> | (() => Record<string, string>), defaults: ApiKitDefaults = {}) {
  const app = () => (typeof t === 'function' ? t() : t);
  const tokenOf = (account: string) => {
    const token = (typeof tokens === 'function' ? tokens() : tokens)[account];
    if (!token) throw new Error(`no token for ${account}`);
    return token;
  };

  /** POSTs `payload` as JSON as `account` (null: without a session). */
  const call = (url: string, payload: unknown, account: string | null | undefined = defaults.account, headers: Record<string, string> = defaults.headers ?? {}) => {
    if (account === undefined) throw new Error(`${url}: name the account to call as`);
    const session = account === null ? {} : { [app().config.tokenHeader]: tokenOf(account) };
    return app().inject({ method: 'POST', url: `${defaults.base ?? ''}${url}`, headers: { ...session, ...headers }, payload: payload as object });
  };
  const rows = <T>(query: SQL) => queryRows<T>(app().database.db, query);
  const one = async <T>(query: SQL) => (await rows<T>(query))[0]!;

  async function refusedIn(language: Record<string, string>, url: string, payload: unknown, account: string | null, message: string, status?: number) {
    const response = await call(url, payload, account, { ...defaults.headers, ...language });
    const body = response.json();
    const what = `${url} ${JSON.stringify(payload)} as ${account}`;
    expect(body.result, what).toBe(false);
    expect(String(body.msg), what).toContain(message);
    if (status !== undefined) expect(response.statusCode, what).toBe(status);
    return response;
  }

  /** Calls in English and expects a refusal whose message holds `message` (and the HTTP status, when given). */
  const refused = (url: string, payload: unknown, account: string | null, message: string, status?: number) => refusedIn(EN, url, payload, account, message, status);

  /** Calls in English and in Chinese; both must be refused with the given texts. Answers the status. */
  async function refusedBoth(url: string, payload: unknown, account: string | null, en: string, zh: string): Promise<number> {
    const english = await refusedIn(EN, url, payload, account, en);
    await refusedIn(ZH, url, payload, account, zh);
    return english.statusCode;
  }

  return { call, rows, one, refused, refusedBoth };
}

export type ApiKit = ReturnType<typeof apiKit>;
