import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { queryRows } from '../db/client.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { students } from '../db/schema/index.ts';
import { aliased, declaredKeywordColumns, KEYWORD_MATCH_LIMIT, keywordColumns, matchKeyword, overCapForm, walkForm } from './keyword.ts';

/** Issue 18: every list finds people by one or two characters and by pinyin initials, through indexes. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const studentPage = async (keyword: string, limit = 500) => {
  const response = await t.inject({ method: 'POST', url: '/api/students/page', headers: { [t.config.tokenHeader]: admin }, payload: { currPage: 0, limit, search: { keyword } } });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: { total: number; totalCapped?: boolean; rows: { name: string; studentNumber: string }[] } };
};

describe('keyword search', () => {
  it('gives every declared keyword column its pieces and trigram indexes', async () => {
    const declared = declaredKeywordColumns();
    expect(declared.length).toBeGreaterThan(0);
    const indexes = await rows<{ tablename: string; indexdef: string }>(sql`SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = current_schema()`);
    const missing: string[] = [];
    for (const { table, column } of declared) {
      const definitions = indexes.filter((index) => index.tablename === table).map((index) => index.indexdef.replace(/"/g, ''));
      const name = column.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (!definitions.some((definition) => new RegExp(`USING gin \\(campus_grams\\(lower\\(\\(?${name}\\b`).test(definition))) missing.push(`${table}.${column}: pieces`);
      if (!definitions.some((definition) => new RegExp(`USING gin \\(${name} gin_trgm_ops\\)`).test(definition))) missing.push(`${table}.${column}: trigrams`);
    }
    // A list's keyword column without them reads the whole table on every search: keywordIndexes() in its table.
    expect(missing).toEqual([]);
  });

  it('keeps pinyin initials of every name, a surname read as a surname', async () => {
    const [found] = await rows<{ plain: string; surname: string; mixed: string; minority: string }>(sql`
      SELECT campus_initials('张伟') AS plain, campus_initials('单田芳') AS surname, campus_initials('Tom 李') AS mixed, campus_initials('买买提·艾力') AS minority`);
    expect(found).toEqual({ plain: 'zw', surname: 'stf', mixed: 'l', minority: 'mmtal' });
    const [student] = await rows<{ id: number; name_initials: string }>(sql`SELECT id, name_initials FROM students WHERE name_initials <> '' ORDER BY id LIMIT 1`);
    expect(student).toBeDefined();
    // Renaming re-derives the initials; nothing the application writes sets them.
    await t.database.db.execute(sql`UPDATE students SET name = '侯张伟' WHERE id = ${student!.id}`);
    const [renamed] = await rows<{ name_initials: string }>(sql`SELECT name_initials FROM students WHERE id = ${student!.id}`);
    expect(renamed!.name_initials).toBe('hzw');
    const [user] = await rows<{ name_initials: string }>(sql`SELECT name_initials FROM users WHERE account = 'T0001'`);
    expect(user!.name_initials).toMatch(/^[a-z]{2,4}$/);
  });

  it('finds students by one character, two characters, initials and longer text, counting up to the limit', async () => {
    const [expected] = await rows<{ hou: number; zhangwei: number; zw: number }>(sql`
      SELECT count(*) FILTER (WHERE name LIKE '%侯%' OR student_number LIKE '%侯%')::int AS hou,
             count(*) FILTER (WHERE name LIKE '%张伟%')::int AS zhangwei,
             count(*) FILTER (WHERE name_initials LIKE '%zw%')::int AS zw
      FROM students`);
    const hou = await studentPage('侯');
    expect(hou.data.total).toBe(expected!.hou);
    expect(hou.data.total).toBeGreaterThan(0);
    expect(hou.data.rows.every((row) => row.name.includes('侯'))).toBe(true);
    const zhangwei = await studentPage('张伟');
    expect(zhangwei.data.total).toBe(expected!.zhangwei);
    expect(zhangwei.data.rows.map((row) => row.name)).toContain('侯张伟');
    // Initials in either case.
    const zw = await studentPage('ZW');
    expect(zw.data.total).toBe(Math.min(expected!.zw, KEYWORD_MATCH_LIMIT));
    expect(zw.data.rows.some((row) => row.name === '侯张伟')).toBe(true);
    const longer = await studentPage('侯张伟');
    expect(longer.data.rows.map((row) => row.name)).toEqual(['侯张伟']);
    // Wildcards are text.
    expect((await studentPage('%')).data.total).toBe(0);
    expect((await studentPage('_1')).data.total).toBe(0);
  });

  it('answers a repeated keyword from its kept page until a student changes', async () => {
    const first = await studentPage('侯张伟');
    expect(first.data.rows.map((row) => row.name)).toEqual(['侯张伟']);
    await t.database.db.execute(sql`UPDATE students SET name = '侯张伟乙' WHERE name = '侯张伟'`);
    // A rename bumps the people version (migration 0051), which retires the kept page.
    const renamed = await studentPage('侯张伟');
    expect(renamed.data.rows.map((row) => row.name)).toEqual(['侯张伟乙']);
    await t.database.db.execute(sql`UPDATE students SET in_school_status = in_school_status WHERE name = '侯张伟乙'`);
    await t.database.db.execute(sql`UPDATE students SET name = '侯张伟' WHERE name = '侯张伟乙'`);
    expect((await studentPage('侯张伟')).data.rows.map((row) => row.name)).toEqual(['侯张伟']);
  });

  it('marks a total it stopped counting, and counts exactly without a keyword', async () => {
    const [{ total }] = (await rows<{ total: number }>(sql`SELECT count(*)::int AS total FROM students WHERE student_number LIKE '%1%'`)) as [{ total: number }];
    const one = await studentPage('1', 10);
    if (total > KEYWORD_MATCH_LIMIT) expect(one.data).toMatchObject({ total: KEYWORD_MATCH_LIMIT, totalCapped: true });
    else expect(one.data.total).toBe(total);
    const all = await studentPage('', 10);
    expect(all.data.totalCapped).toBeUndefined();
  });

  it('writes a page past the limit so that the short keyword is not counted twice, finding the same rows', async () => {
    const columns = keywordColumns(students.name, students.studentNumber);
    const dialect = new PgDialect();
    for (const keyword of ['1', '张', '张伟', '侯张伟']) {
      const statement = sql`SELECT s.id FROM students s WHERE s.in_school_status IS NOT NULL AND ${matchKeyword(keyword, columns, aliased('s'))} ORDER BY s.id`;
      const plain = dialect.sqlToQuery(statement);
      const overCap = dialect.sqlToQuery(overCapForm(statement));
      // Short keywords' LIKEs go behind a CASE with the same values; longer ones are left alone.
      expect(overCap.params).toEqual(plain.params);
      expect(overCap.sql.includes('CASE WHEN')).toBe(keyword.length <= 2);
      expect(overCap.sql.replace(/\(CASE WHEN (.*?) THEN TRUE ELSE FALSE END\)/, '($1)')).toBe(plain.sql);
      const found = await rows<{ id: number }>(overCapForm(statement));
      expect(found).toEqual(await rows<{ id: number }>(statement));
      if (keyword === '1') expect(found.length).toBeGreaterThan(10);
      // The walk's form keeps no index condition at all, only each keyword's LIKE behind a CASE, and finds the same rows.
      const walk = dialect.sqlToQuery(walkForm(statement));
      expect(walk.sql.includes('campus_grams')).toBe(false);
      expect(walk.sql.match(/CASE WHEN/g)).toHaveLength(1);
      expect(await rows<{ id: number }>(walkForm(statement))).toEqual(found);
    }
  });
});

describe('keyword search cost', () => {
  it('builds no row pieces beyond the rows that match, whatever plan the database picks', async () => {
    // Same body and identity as migration 0010's function (its indexes still serve it), plus a counter.
    await t.database.db.execute(sql`CREATE SEQUENCE test_keyword_grams_calls`);
    await t.database.db.execute(sql.raw(`
      CREATE OR REPLACE FUNCTION campus_grams(value text) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
        SELECT coalesce(array_agg(DISTINCT substr(value, i, n)), '{}')
        FROM generate_series(1, char_length(value)) AS i CROSS JOIN (VALUES (1), (2)) AS lengths(n)
        WHERE i + n - 1 <= char_length(value) AND nextval('test_keyword_grams_calls') > 0
      $$`));
    const calls = async () => Number((await rows<{ n: string }>(sql`SELECT nextval('test_keyword_grams_calls') AS n`))[0]!.n);
    const [{ students, hou }] = (await rows<{ students: number; hou: number }>(sql`
      SELECT count(*)::int AS students, count(*) FILTER (WHERE name LIKE '%侯%')::int AS hou FROM students`)) as [{ students: number; hou: number }];
    expect(students).toBeGreaterThan(20 * Math.max(hou, 1));
    // The counter advances once per piece built: first what building every row's pieces costs.
    const everyRowBefore = await calls();
    await rows(sql`SELECT campus_grams(lower(student_number)), campus_grams(lower(name)), campus_grams(lower(name_initials)) FROM students`);
    const everyRow = (await calls()) - everyRowBefore - 1;
    const before = await calls();
    await studentPage('侯', 10);
    // A page and a count, each building at most the matching rows' pieces.
    expect((await calls()) - before - 1).toBeLessThan(everyRow / 10);
  });
});
