import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { queryRows } from '../db/client.ts';
import type { DeclaredRoute } from '../modules/index.ts';

/**
 * Every route, now and to come, gets a bounded, seeded set of malformed inputs as an administrator and as
 * a student (issue 12): missing and wrong-typed fields, 1 MB strings, null bytes, lone surrogates, huge
 * and negative numbers, arrays and objects for scalars, form for JSON and back. It fails on any 5xx, any
 * stack, SQL text or file path in an answer, and any call of a logged route missing from the operation log.
 * Routes are read from the app itself (declaredRoutes, and the OpenAPI document for their fields), so a
 * new area is covered without anyone remembering.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let routes: DeclaredRoute[] = [];
let openapi: { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> }; parameters?: { name: string; in: string }[] }>> };

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
}

// Calls that end the caller's session or would make the rest of the run meaningless.
const SKIPPED = new Set(['GET /logout', 'POST /api/login/updatePwd', 'POST /api/files/upload']);

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ['admin', '201911001']) tokens[account] = await t.login(account);
  routes = t.app.declaredRoutes;
  openapi = t.app.swagger() as typeof openapi;
}, 60_000);
afterAll(() => t.close());

/** A small deterministic generator (mulberry32), so a failure is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const MEGABYTE_TEXT = 'x'.repeat(1024 * 1024);
const HOSTILE: unknown[] = [null, '', '\u0000', 'a\u0000b', '\ud800', 'x\udc00y', -1, 0, 1e308, -1e308, 2 ** 53 + 1, 'NaN', '1e999', ['a'], [1, 2], { a: 1 }, true, '../../etc/passwd', "' OR 1=1 --", '<script>x</script>', '9'.repeat(40)];

function fieldsOf(method: string, url: string): string[] {
  const openapiPath = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const operation = openapi.paths[openapiPath]?.[method.toLowerCase()];
  const content = operation?.requestBody?.content ?? {};
  const schema = content['application/json']?.schema ?? content['application/x-www-form-urlencoded']?.schema ?? Object.values(content)[0]?.schema;
  const names = Object.keys(schema?.properties ?? {});
  const query = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
  return [...new Set([...names, ...query, 'id', 'ids', 'search'])].slice(0, 12);
}

function formEncode(body: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    // A lone surrogate cannot be percent-encoded as UTF-8: send its bytes as a client might.
    parts.push(`${encodeURIComponent(key)}=${safeEncode(text ?? '')}`);
  }
  return parts.join('&');
}

function safeEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

/** Bounded cases for one route: ten bodies or query strings, from the route's own fields. */
function casesFor(method: string, url: string, seed: number): { label: string; request: Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> } }[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const fields = fieldsOf(method, url);
  const pathUrl = () => url.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(String(pick(['x', '0', '-1', '..%2F..%2Fetc', '99999999999999999999', '%00']))));
  const hostileBody = () => Object.fromEntries(fields.map((field) => [field, pick(HOSTILE)]));
  const cases: ReturnType<typeof casesFor> = [];
  if (method === 'GET') {
    const queries = [
      '',
      `search=${encodeURIComponent('{"a":')}`,
      `search=${encodeURIComponent(JSON.stringify(hostileBody()))}&sortField=${encodeURIComponent("id; DROP TABLE users")}&order=sideways`,
      ...fields.slice(0, 4).map((field) => `${encodeURIComponent(field)}=${safeEncode(String(pick(HOSTILE)))}`),
      'currPage=-1&limit=1e9',
      `search=${'%00'.repeat(10)}`,
    ];
    for (const [index, query] of queries.entries()) cases.push({ label: `query ${index}`, request: { method: 'GET', url: `${pathUrl()}${query ? `?${query}` : ''}` } });
    return cases;
  }
  const json = (label: string, payload: string) => cases.push({ label, request: { method: method as 'POST', url: pathUrl(), headers: { 'content-type': 'application/json' }, payload } });
  const form = (label: string, payload: string) => cases.push({ label, request: { method: method as 'POST', url: pathUrl(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload } });
  json('empty object', '{}');
  json('hostile fields', JSON.stringify(hostileBody()));
  json('hostile fields again', JSON.stringify(hostileBody()));
  json('array for the body', JSON.stringify([hostileBody()]));
  json('broken JSON', '{"a":');
  json('lone surrogate escape', `{"${fields[0] ?? 'a'}":"\\ud800","${fields[1] ?? 'b'}":"\\u0000"}`);
  if (fields.length) json('1 MB string', JSON.stringify({ [pick(fields)]: MEGABYTE_TEXT }));
  form('hostile form', formEncode(hostileBody()));
  form('JSON sent as a form', JSON.stringify(hostileBody()));
  cases.push({ label: 'plain text', request: { method: method as 'POST', url: pathUrl(), headers: { 'content-type': 'text/plain' }, payload: 'hello' } });
  return cases;
}

const LEAK = /\bat .+\(.+:\d+:\d+\)|\/work\/|node_modules|\bSELECT\b|\bINSERT\b|\bUPDATE .+ SET\b|syntax error|duplicate key|violates|invalid input syntax|ECONNREFUSED|TypeError|ReferenceError/;

async function send(account: string, request: ReturnType<typeof casesFor>[number]['request']): Promise<LightMyRequestResponse> {
  const call = () => t.inject({ ...request, headers: { ...request.headers, [t.config.tokenHeader]: tokens[account] } } as InjectOptions);
  let response = await call();
  // A call may have ended the session (a role change, a disabled account): log in again once.
  if (response.statusCode === 401 && response.json().code >= 50000) {
    tokens[account] = await t.login(account);
    response = await call();
  }
  return response;
}

describe('fuzz every route', () => {
  it('answers malformed input without a 5xx or a leak, and logs every call of a logged route', async () => {
    const failures: string[] = [];
    const logged = new Map<string, number>();
    const [before] = await queryRows<{ id: string | null }>(t.database.db, sql`SELECT max(id)::text AS id FROM operation_logs`);
    let seed = 1;
    let calls = 0;
    expect(routes.length).toBeGreaterThan(150);
    for (const route of routes) {
      for (const method of route.methods) {
        if (SKIPPED.has(`${method} ${route.url}`)) continue;
        for (const account of ['admin', '201911001']) {
          for (const { label, request } of casesFor(method, route.url, seed++)) {
            const response = await send(account, request);
            calls++;
            const where = `${method} ${route.url} as ${account}, ${label}`;
            if (response.statusCode >= 500) failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
            const text = response.headers['content-type']?.toString().includes('json') ? response.body : '';
            if (LEAK.test(text)) failures.push(`${where}: leaks ${text.slice(0, 200)}`);
            if (route.audited) logged.set(route.url, (logged.get(route.url) ?? 0) + 1);
          }
        }
      }
    }
    expect(failures, failures.slice(0, 30).join('\n')).toEqual([]);
    expect(calls).toBeGreaterThan(routes.length * 10);
    // Log rows are written after each answer has left; wait for the last of them.
    const expected = [...logged.values()].reduce((sum, n) => sum + n, 0);
    let counts = new Map<string, number>();
    for (let attempt = 0; attempt < 100; attempt++) {
      const rows = await queryRows<{ handler: string; n: number }>(t.database.db, sql`
        SELECT handler, count(*)::int AS n FROM operation_logs WHERE id > ${Number(before?.id ?? 0)} GROUP BY handler`);
      counts = new Map(rows.map((row) => [row.handler, Number(row.n)]));
      if ([...counts.values()].reduce((sum, n) => sum + n, 0) >= expected) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const missing = [...logged].filter(([url, n]) => (counts.get(url) ?? 0) < n).map(([url, n]) => `${url}: ${counts.get(url) ?? 0} of ${n} calls logged`);
    expect(missing, missing.join('\n')).toEqual([]);
  }, 600_000);
});
