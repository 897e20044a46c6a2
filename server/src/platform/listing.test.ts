import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
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
});
