import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import type { DeclaredRoute } from '../modules/index.ts';
import { loadPermissions } from './access.ts';

/**
 * Every write route called as each demo role (issue 12): where the route asks a permission the role does
 * not hold, the answer must be a refusal (403), whatever the body. Routes are read from the app, so a new
 * area is covered without anyone remembering; the body is empty, plausible-looking, broken or a form, so a
 * refusal cannot hide behind a validation error.
 */
let t: TestApp;
const ROLES = ['201911001', 'jz201911001', 'T0001', 'T0002'] as const;
const tokens: Record<string, string> = {};
const permissions: Record<string, Set<string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ROLES) {
    tokens[account] = await t.login(account);
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.account, account));
    permissions[account] = await loadPermissions(t.database.db, user.id);
  }
}, 60_000);
afterAll(() => t.close());

// Empty, plausible, broken and form-encoded: the refusal comes before the body is read, so none of these
// may turn it into a validation message (which would tell a caller the fields of a call it may not make).
const BODIES: [string, string][] = [
  ['application/json', '{}'],
  ['application/json', JSON.stringify({ id: 1, ids: [1, 2], code: 'matrix', name: '矩阵', enabled: true })],
  ['application/json', '{"id":'],
  ['application/x-www-form-urlencoded', 'id=1&name=%E7%9F%A9%E9%98%B5'],
];

const writes = (): DeclaredRoute[] => t.app.declaredRoutes.filter((route) => route.audited || route.methods.some((method) => method !== 'GET'));

function lacks(route: DeclaredRoute, granted: Set<string>): boolean {
  const access = route.access;
  if (typeof access !== 'object') return false;
  return 'anyOf' in access ? !access.anyOf.some((name) => granted.has(name)) : !granted.has(access.permission);
}

describe('role matrix', () => {
  it('has the permissions of each demo role to check against', () => {
    for (const account of ROLES) expect(permissions[account].size, account).toBeGreaterThan(0);
    expect(writes().length).toBeGreaterThan(80);
  });

  it.each(ROLES)('%s is refused every write it lacks the permission for', async (account) => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of writes()) {
      if (!lacks(route, permissions[account])) continue;
      for (const method of route.methods) {
        const url = route.url.replace(/:([A-Za-z0-9_]+)/g, '1');
        for (const [contentType, payload] of BODIES) {
          const response = await t.inject({
            method: method as 'POST',
            url,
            headers: { 'content-type': contentType, [t.config.tokenHeader]: tokens[account] },
            payload: method === 'GET' ? undefined : payload,
          });
          checked++;
          if (response.statusCode !== 403 || response.json().result !== false) failures.push(`${method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });
});
