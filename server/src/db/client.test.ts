import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { hotStatement, queryRows, runPrepared } from './client.ts';
import { users } from './schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const accountOf = hotStatement<{ account: string; user_type: number; flags: boolean[]; id: string }>(
  `SELECT account, user_type, ARRAY[enabled, user_type = $2] AS flags, id::text AS id FROM users WHERE account = $1`,
);

describe('statements prepared by name', () => {
  it('gives the same rows outside and inside a transaction, on either driver, every time', async () => {
    for (let round = 0; round < 3; round++) {
      const [admin] = await accountOf(t.database.db, ['admin', 1]);
      expect(admin).toEqual({ account: 'admin', user_type: 1, flags: [true, true], id: expect.stringMatching(/^\d+$/) });
    }
    await t.database.db.transaction(async (tx) => {
      expect(await accountOf(tx, ['T0001', 1])).toEqual([{ account: 'T0001', user_type: 3, flags: [true, false], id: expect.any(String) }]);
    });
    expect(await accountOf(t.database.db, ['nobody', 1])).toEqual([]);
  });

  it('reads a timestamp as a Date on either driver', async () => {
    const [row] = await hotStatement<{ at: Date }>(`SELECT created_at AS at FROM users WHERE account = $1`)(t.database.db, ['admin']);
    expect(row!.at).toBeInstanceOf(Date);
  });

  it('runs raw and built queries prepared, with their parameters', async () => {
    for (const account of ['admin', 'T0001', 'admin']) {
      const [row] = await queryRows<{ account: string }>(t.database.db, sql`SELECT account FROM users WHERE account = ${account}`, { prepared: true });
      expect(row?.account).toBe(account);
      const [built] = await runPrepared(t.database.db.select({ account: users.account }).from(users).where(eq(users.account, account)));
      expect(built?.account).toBe(account);
    }
  });
});
