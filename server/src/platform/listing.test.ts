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
    // A few pages of rows, so that the table's size on disk can grow past its analysed size below.
    await t.database.db.execute(sql`
      INSERT INTO operation_logs (method, path, module, operation, duration_ms, outcome, status_code, client_type, params)
      SELECT 'POST', '/bench/' || i, 'test', 'fill', 1, 'success', 200, 'pc', jsonb_build_object('note', repeat('x', 200))
      FROM generate_series(1, 400) AS i`);
    // A small table: the estimate is tiny (or unknown), so the list is counted.
    await t.database.db.execute(sql`ANALYZE operation_logs`);
    expect(await listTotal(t.database.db, 'operation_logs', false, exact)).toBe(42);
    // Pretend the table holds a million rows, as a district's log does.
    await t.database.db.execute(sql`UPDATE pg_class SET reltuples = 1000000, relpages = pg_relation_size(oid) / current_setting('block_size')::int WHERE oid = 'operation_logs'::regclass`);
    expect(await listTotal(t.database.db, 'operation_logs', false, exact)).toBe(1_000_000);
    // Analysed when it had one page of 60,000 rows; it has grown since: the estimate grows with it.
    const [{ pages }] = await queryRows<{ pages: number }>(t.database.db, sql`SELECT (pg_relation_size('operation_logs') / current_setting('block_size')::int)::int AS pages`);
    expect(pages).toBeGreaterThan(1);
    await t.database.db.execute(sql`UPDATE pg_class SET reltuples = 60000, relpages = 1 WHERE oid = 'operation_logs'::regclass`);
    expect(await listTotal(t.database.db, 'operation_logs', false, exact)).toBe(60_000 * pages);
    // A filter is always counted exactly.
    expect(await listTotal(t.database.db, 'operation_logs', true, exact)).toBe(42);
    await t.database.db.execute(sql`ANALYZE operation_logs`);
  });

  it('takes the estimate a page read along with its rows, and counts when the page is empty or filtered', async () => {
    await t.login('admin'); // a login is logged
    const [{ counted }] = await queryRows<{ counted: number }>(t.database.db, sql`SELECT count(*)::int AS counted FROM operation_logs`);
    expect(counted).toBeGreaterThan(0);
    await t.database.db.execute(sql`UPDATE pg_class SET reltuples = 1000000, relpages = pg_relation_size(oid) / current_setting('block_size')::int WHERE oid = 'operation_logs'::regclass`);
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
