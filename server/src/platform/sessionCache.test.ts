import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import type { AuthContext } from './context.ts';
import { SessionCache } from './sessionCache.ts';

const someone: AuthContext = { sessionId: 1, userId: 2, account: 'T0001', displayName: 'A', userType: 3, roleIds: [1], accessVersion: '1', peopleVersion: '1' };

describe('SessionCache', () => {
  it('keeps a session only for its fresh seconds', () => {
    vi.useFakeTimers();
    try {
      const cache = new SessionCache();
      cache.put('h', someone, 2, cache.generation);
      expect(cache.get('h')).toEqual(someone);
      vi.advanceTimersByTime(2_001);
      expect(cache.get('h')).toBeUndefined();
      cache.put('h', someone, 0, cache.generation);
      expect(cache.get('h')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a lookup that a notification overtook, and drops one session or all', () => {
    const cache = new SessionCache();
    const readAt = cache.generation;
    cache.drop('other');
    cache.put('h', someone, 60, readAt);
    expect(cache.get('h')).toBeUndefined();
    cache.put('h', someone, 60, cache.generation);
    cache.put('i', someone, 60, cache.generation);
    cache.drop('h');
    expect(cache.get('h')).toBeUndefined();
    expect(cache.get('i')).toEqual(someone);
    cache.drop('*');
    expect(cache.size).toBe(0);
  });

  it('hands out copies, so a request cannot change what the next one sees', () => {
    const cache = new SessionCache();
    cache.put('h', someone, 60, cache.generation);
    cache.get('h')!.roleIds.push(99);
    expect(cache.get('h')!.roleIds).toEqual([1]);
  });
});

describe('sessions on the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ encryption: false });
  });
  afterAll(() => t.close());
  const permission = (token: string) => t.post('/ms/getPermission', undefined, { token });

  it('are refused at once after a logout, a revocation or a disabled account, whatever was cached', async () => {
    const token = await t.login('T0001');
    expect((await permission(token)).json().result).toBe(true);
    expect((await permission(token)).json().result).toBe(true);
    await t.get('/logout', { token });
    expect((await permission(token)).json().code).toBe(50014);

    const second = await t.login('T0001');
    expect((await permission(second)).json().result).toBe(true);
    await t.database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE account = 'T0001')`);
    expect((await permission(second)).json().code).toBe(50014);

    const third = await t.login('T0001');
    expect((await permission(third)).json().result).toBe(true);
    await t.database.db.execute(sql`UPDATE users SET enabled = false WHERE account = 'T0001'`);
    expect((await permission(third)).json().result).toBe(false);
    await t.database.db.execute(sql`UPDATE users SET enabled = true WHERE account = 'T0001'`);
  });

  it('show a role change and a new name on the next call', async () => {
    const token = await t.login('T0002');
    const before = (await permission(token)).json().data;
    expect(before.roles.length).toBeGreaterThan(0);
    await t.database.db.execute(sql`DELETE FROM user_roles WHERE user_id = (SELECT id FROM users WHERE account = 'T0002')`);
    await t.database.db.execute(sql`UPDATE users SET display_name = 'New name' WHERE account = 'T0002'`);
    const after = (await permission(token)).json().data;
    expect(after.roles).toEqual([]);
    expect(after.userInfo.displayName).toBe('New name');
  });

  it('are answered from the cache while nothing changed (embedded database only)', async () => {
    if (t.database.kind !== 'pglite') return;
    const token = await t.login('jz201911001');
    expect((await permission(token)).json().result).toBe(true);
    // With the announcing trigger off, a revocation goes unseen: proof that the call read no session row.
    await t.database.db.execute(sql`ALTER TABLE sessions DISABLE TRIGGER sessions_session_cache`);
    try {
      await t.database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE account = 'jz201911001')`);
      expect((await permission(token)).json().result).toBe(true);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE sessions ENABLE TRIGGER sessions_session_cache`);
    }
    // Any later change to the session row announces it again.
    await t.database.db.execute(sql`UPDATE sessions SET last_seen_at = last_seen_at WHERE user_id = (SELECT id FROM users WHERE account = 'jz201911001')`);
    expect((await permission(token)).json().code).toBe(50014);
  });
});
