import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { queryRows } from '../db/client.ts';
import { logList, pageLogs } from '../modules/operationLog/queries.ts';
import { listTotal } from './listing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('listTotal', () => {
  it('counts filtered lists and small tables, and takes the planner estimate for a big unfiltered table', async () => {
    const exact = async () => 42;
    // A small table: the estimate is tiny (or unknown), so the list is counted.
    await t.database.db.execute(sql`ANALYZE operation_logs`);
    expect(await listTotal(t.database.db, 'operation_logs', false, exact)).toBe(42);
    // Pretend the table holds a million rows, as a district's log does.
    await t.database.db.execute(sql`UPDATE pg_class SET reltuples = 1000000 WHERE oid = 'operation_logs'::regclass`);
    expect(await listTotal(t.database.db, 'operation_logs', false, exact)).toBe(1_000_000);
    // A filter is always counted exactly.
    expect(await listTotal(t.database.db, 'operation_logs', true, exact)).toBe(42);
    await t.database.db.execute(sql`ANALYZE operation_logs`);
  });

  it('takes the estimate a page read along with its rows, and counts when the page is empty or filtered', async () => {
    await t.login('admin'); // a login is logged
    const [{ counted }] = await queryRows<{ counted: number }>(t.database.db, sql`SELECT count(*)::int AS counted FROM operation_logs`);
    expect(counted).toBeGreaterThan(0);
    await t.database.db.execute(sql`UPDATE pg_class SET reltuples = 1000000 WHERE oid = 'operation_logs'::regclass`);
    try {
      const first = await pageLogs(t.database.db, logList.parse({ currPage: 0, limit: 10 }));
      expect(first.total).toBe(1_000_000);
      expect(first.rows.length).toBeGreaterThan(0);
      expect(first.rows[0]).not.toHaveProperty('estimate');
      // Past the end no row carries the estimate: listTotal reads it itself.
      expect((await pageLogs(t.database.db, logList.parse({ currPage: 100_000, limit: 10 }))).total).toBe(1_000_000);
      expect((await pageLogs(t.database.db, logList.parse({ currPage: 0, limit: 10, search: JSON.stringify({ account: 'admin' }) }))).total).toBeLessThanOrEqual(counted);
    } finally {
      await t.database.db.execute(sql`ANALYZE operation_logs`);
    }
  });
});
