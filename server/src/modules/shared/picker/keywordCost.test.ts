import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { queryRows } from '../../../db/client.ts';
import { KEYWORD_MATCH_LIMIT, peoplePageQuery } from './queries.ts';

/**
 * Issue 12, finding 8: an uncached keyword search took about 230 ms on the idle embedded database. Short
 * keywords that many people match were the slow ones, because campus_grams (migration 0010) ran once per
 * row read: as the filter of the walk in list order (630 ms for 家长 at school scale) and in the plan the
 * embedded database makes for the capped collection of matches (80 ms for `2`). The index serves the
 * pieces without computing them, so a search should compute none: this file counts the calls by giving
 * the function (same body, same identity, so its indexes still serve it) a counter.
 */
let t: TestApp;
let admin = '';

const calls = async () => Number((await queryRows<{ n: string }>(t.database.db, sql`SELECT nextval('test_campus_grams_calls') AS n`))[0].n);

/** campus_grams calls made by `work` (reading the counter advances it by one). */
async function gramsComputedBy(work: () => Promise<unknown>): Promise<number> {
  const before = await calls();
  await work();
  return (await calls()) - before - 1;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  await t.database.db.execute(sql`CREATE SEQUENCE test_campus_grams_calls`);
  // CREATE OR REPLACE keeps the function's identity, which the pieces indexes refer to.
  await t.database.db.execute(sql.raw(`
    CREATE OR REPLACE FUNCTION campus_grams(value text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
      SELECT coalesce(array_agg(DISTINCT substr(value, i, n)), '{}')
      FROM generate_series(1, char_length(value)) AS i CROSS JOIN (VALUES (1), (2)) AS lengths(n)
      WHERE i + n - 1 <= char_length(value) AND nextval('test_campus_grams_calls') > 0
    $$`));
});
afterAll(() => t.close());

describe('a keyword that many people match', () => {
  it('is filtered without computing the pieces of each row when the list is walked in order', async () => {
    // Works on the database's own plan, whichever database it is.
    const computed = await gramsComputedBy(() => queryRows(t.database.db, peoplePageQuery({ keyword: '20' }, { offset: 20, limit: 10 }, 'zh', true)));
    expect(computed).toBe(0);
    const long = await gramsComputedBy(() => queryRows(t.database.db, peoplePageQuery({ keyword: '201' }, { offset: 0, limit: 10 }, 'zh', true)));
    expect(long).toBe(0);
  });

  // The embedded database plans every call for its own keyword (nothing is prepared there); a PostgreSQL
  // server's prepared statement settles on the generic plan, which reads the pieces index.
  it.skipIf(Boolean(process.env.DATABASE_URL))('is collected through the pieces index on the embedded database, whatever the plan would prefer', async () => {
    let answer: { total: number; more: boolean; rows: { USERID: string }[] } | undefined;
    const computed = await gramsComputedBy(async () => {
      const response = await t.post('/components/getUserAllData', { size: '10', page: '1', search: JSON.stringify({ KEYWORD: '20' }) }, { token: admin });
      answer = response.json().data;
    });
    expect(computed).toBe(0);
    expect(answer).toMatchObject({ total: KEYWORD_MATCH_LIMIT, more: true });
    const expected = await queryRows<{ account: string }>(t.database.db, sql`
      SELECT account FROM users WHERE enabled AND (display_name LIKE '%20%' OR account LIKE '%20%') ORDER BY user_type, account LIMIT 10 OFFSET 10`);
    expect(answer!.rows.map((row) => row.USERID)).toEqual(expected.map((row) => row.account));
  });
});
