import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { KEYWORD_MATCH_LIMIT, likeContains } from '../../platform/keyword.ts';

/**
 * Issue 18: the system lists find their rows by one and two characters, people by their pinyin initials
 * too, with the same rows a plain ILIKE over the same columns finds, and a capped total.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  // Lists the demo seed leaves empty, or whose rows the test's own calls would change.
  await t.database.db.execute(sql`INSERT INTO custom_pages (param, title, layout) VALUES ('kw-page', '侯张伟的页面', '[]'::jsonb)`);
  await t.database.db.execute(sql`
    INSERT INTO operation_logs (account, method, path, module, operation, duration_ms, outcome, status_code, client_type)
    SELECT '侯张伟' || i, 'POST', '/api/test', 'test', 'keyword', 1, 'success', 200, 'pc' FROM generate_series(1, 3) AS i`);
  await t.database.db.execute(sql`
    INSERT INTO export_logs (account, list_key, status) VALUES ('侯张伟', '学生名单', 'done'), ('侯一', 'users', 'done'), ('T0001', '学生名单', 'done')`);
});
afterAll(() => t.close());

const rows = <T>(query: SQL) => queryRows<T>(t.database.db, query);
const page = async (url: string, search: Record<string, unknown>) => {
  const response = await t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: admin }, payload: { currPage: 0, limit: 100, search } });
  const body = response.json();
  expect(body.result, JSON.stringify(body)).toBe(true);
  return body.data as { total: number; totalCapped?: boolean; rows: Record<string, unknown>[] };
};

interface ListCase {
  url: string;
  /** The search box's field; `keyword` unless told. */
  field?: string;
  search?: Record<string, unknown>;
  /** One text of the list's rows, whose first one and two characters are the keywords tried. */
  sample: SQL;
  /** How many rows ILIKE over the list's columns finds for a LIKE pattern (the rows before issue 18). */
  count: (pattern: string) => SQL;
  /** For a list of people: one person's pinyin initials, searched as well. */
  initials?: SQL;
}

async function sampleText(query: SQL): Promise<string> {
  const [row] = await rows<{ v: string | null }>(query);
  expect(row?.v, 'the list has a row to search for').toBeTruthy();
  return row!.v!;
}

async function expectFinds(list: ListCase, keyword: string): Promise<void> {
  const found = await page(list.url, { ...list.search, [list.field ?? 'keyword']: keyword });
  const [{ n }] = (await rows<{ n: number }>(list.count(likeContains(keyword)))) as [{ n: number }];
  expect(n, `rows with ${keyword}`).toBeGreaterThan(0);
  expect(found.total, `${list.url} ${keyword}`).toBe(Math.min(n, KEYWORD_MATCH_LIMIT));
  expect(found.totalCapped === true).toBe(n > KEYWORD_MATCH_LIMIT);
  expect(found.rows).toHaveLength(Math.min(n, 100));
}

async function expectList(list: ListCase): Promise<void> {
  const text = [...(await sampleText(list.sample))];
  await expectFinds(list, text[0]!);
  await expectFinds(list, text.slice(0, 2).join(''));
  if (list.initials) await expectFinds(list, (await sampleText(list.initials)).slice(0, 2).toUpperCase());
  // Without a keyword the total is exact.
  expect((await page(list.url, list.search ?? {})).totalCapped).toBeUndefined();
}

const chinese = sql.raw(`'[一-龥]'`);
const currentTerm = sql`(SELECT id FROM terms WHERE is_current)`;

describe('keyword search of the system lists', () => {
  it('users: account, name and pinyin initials', async () => {
    await expectList({
      url: '/api/system/users/page',
      sample: sql`SELECT display_name AS v FROM users WHERE account = 'T0001'`,
      initials: sql`SELECT name_initials AS v FROM users WHERE account = 'T0001'`,
      count: (p) => sql`SELECT count(*)::int AS n FROM users WHERE account ILIKE ${p} OR display_name ILIKE ${p} OR name_initials ILIKE ${p}`,
    });
    // The person whose initials were searched is among the rows (narrowed to them by type and role).
    const [teacher] = await rows<{ name_initials: string }>(sql`SELECT name_initials FROM users WHERE account = 'T0002'`);
    const found = await page('/api/system/users/page', { keyword: teacher!.name_initials, userType: 3, roleCode: 'class_teacher' });
    expect(found.rows.map((row) => row.account)).toContain('T0002');
  });

  it('students (administration): number, name and pinyin initials', async () => {
    await expectList({
      url: '/api/system/students/page',
      sample: sql`SELECT name AS v FROM students WHERE char_length(name) >= 3 ORDER BY id LIMIT 1`,
      initials: sql`SELECT name_initials AS v FROM students WHERE char_length(name_initials) >= 2 ORDER BY id LIMIT 1`,
      count: (p) => sql`SELECT count(*)::int AS n FROM students WHERE student_number ILIKE ${p} OR name ILIKE ${p} OR name_initials ILIKE ${p}`,
    });
    // A longer keyword is the substring it always was.
    const [student] = await rows<{ name: string; student_number: string }>(sql`SELECT name, student_number FROM students WHERE char_length(name) >= 3 ORDER BY id LIMIT 1`);
    const found = await page('/api/system/students/page', { keyword: student!.name });
    expect(found.rows.map((row) => row.studentNumber)).toContain(student!.student_number);
  });

  it('classes: number, name, short name and the class teacher', async () => {
    const count = (p: string) => sql`
      SELECT count(*)::int AS n FROM classes c
      WHERE c.code ILIKE ${p} OR c.name ILIKE ${p} OR c.short_name ILIKE ${p}
         OR c.class_teacher_id IN (SELECT st.id FROM staff st WHERE st.name ILIKE ${p} OR st.staff_number ILIKE ${p})`;
    await expectList({ url: '/api/system/classes/page', sample: sql`SELECT name AS v FROM classes ORDER BY sort, id LIMIT 1`, count });
    // By the class teacher's surname and given name.
    await expectList({ url: '/api/system/classes/page', sample: sql`SELECT st.name AS v FROM classes c JOIN staff st ON st.id = c.class_teacher_id ORDER BY c.id LIMIT 1`, count });
  });

  it('operation logs and the export log: the account box (and the list box)', async () => {
    await expectList({ url: '/api/system/logs/page', field: 'account', sample: sql`SELECT '侯张伟' AS v`, count: (p) => sql`SELECT count(*)::int AS n FROM operation_logs WHERE account ILIKE ${p}` });
    const longer = await page('/api/system/logs/page', { account: '侯张伟2' });
    expect(longer.rows.map((row) => row.account)).toEqual(['侯张伟2']);
    await expectList({ url: '/api/system/exportLogs/page', field: 'account', sample: sql`SELECT '侯张伟' AS v`, count: (p) => sql`SELECT count(*)::int AS n FROM export_logs WHERE account ILIKE ${p}` });
    await expectList({ url: '/api/system/exportLogs/page', field: 'listKey', sample: sql`SELECT '学生名单' AS v`, count: (p) => sql`SELECT count(*)::int AS n FROM export_logs WHERE list_key ILIKE ${p}` });
    // Both boxes at once.
    const both = await page('/api/system/exportLogs/page', { account: '侯', listKey: '学生' });
    expect(both.rows.map((row) => row.account)).toEqual(['侯张伟']);
  });

  it('term students: the student’s number, name and pinyin initials', async () => {
    await expectList({
      url: '/api/system/termStudents/page',
      sample: sql`SELECT s.name AS v FROM term_students ts JOIN students s ON s.id = ts.student_id WHERE ts.term_id = ${currentTerm} AND char_length(s.name) >= 2 ORDER BY s.id LIMIT 1`,
      initials: sql`SELECT s.name_initials AS v FROM term_students ts JOIN students s ON s.id = ts.student_id WHERE ts.term_id = ${currentTerm} AND char_length(s.name_initials) >= 2 ORDER BY s.id LIMIT 1`,
      count: (p) => sql`
        SELECT count(*)::int AS n FROM term_students ts JOIN students s ON s.id = ts.student_id
        WHERE ts.term_id = ${currentTerm} AND (s.name ILIKE ${p} OR s.student_number ILIKE ${p} OR s.name_initials ILIKE ${p})`,
    });
  });

  it('research meetings: topic and place', async () => {
    await expectList({
      url: '/api/system/researchMeetings/page',
      sample: sql`SELECT topic AS v FROM research_meetings ORDER BY id LIMIT 1`,
      count: (p) => sql`SELECT count(*)::int AS n FROM research_meetings WHERE topic ILIKE ${p} OR place ILIKE ${p}`,
    });
  });

  it('positions: the holder’s number, name and initials, and what the position is over', async () => {
    const count = (p: string) => sql`
      SELECT count(*)::int AS n FROM staff_appointments a
      WHERE a.scope_name ILIKE ${p} OR a.staff_id IN (SELECT st.id FROM staff st WHERE st.staff_number ILIKE ${p} OR st.name ILIKE ${p} OR st.name_initials ILIKE ${p})`;
    await expectList({
      url: '/api/system/appointments/page',
      sample: sql`SELECT st.name AS v FROM staff_appointments a JOIN staff st ON st.id = a.staff_id ORDER BY a.id LIMIT 1`,
      initials: sql`SELECT st.name_initials AS v FROM staff_appointments a JOIN staff st ON st.id = a.staff_id ORDER BY a.id LIMIT 1`,
      count,
    });
    await expectList({ url: '/api/system/appointments/page', sample: sql`SELECT scope_name AS v FROM staff_appointments WHERE scope_name ~ ${chinese} ORDER BY id LIMIT 1`, count });
  });

  // Lists of things: their codes and names, in both languages where they have two.
  const named = (table: string, columns: string[], where = 'TRUE', sampleColumn = 'name'): Pick<ListCase, 'sample' | 'count'> => ({
    sample: sql.raw(`SELECT ${sampleColumn} AS v FROM ${table} WHERE ${where} AND ${sampleColumn} ~ '[一-龥]' ORDER BY id LIMIT 1`),
    count: (p) => sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${sql.raw(where)} AND (${sql.join(columns.map((column) => sql`${sql.raw(column)} ILIKE ${p}`), sql` OR `)})`,
  });

  it.each([
    ['/api/system/jobs/page', named('scheduled_jobs', ['code', 'name', 'name_en'])],
    ['/api/system/researchGroups/page', named('org_units', ['code', 'name'], `kind = 'researchGroup'`)],
    ['/api/records/departments/page', named('org_units', ['code', 'name'], `kind = 'department'`)],
    ['/api/system/campuses/page', named('org_units', ['code', 'name'], `kind = 'campus'`)],
    ['/api/system/buildings/page', named('buildings', ['code', 'name'])],
    ['/api/system/classrooms/page', named('classrooms', ['code', 'name', 'building'])],
    ['/api/system/roleTypes/page', named('dictionary_items', ['code', 'name', 'name_en'], `table_name = 'STD_ROLE_TYPE'`)],
    ['/api/system/dictionaries/items/page', named('dictionary_items', ['code', 'name', 'name_en'])],
    ['/api/system/courses/page', named('courses', ['code', 'name', 'name_en'])],
    ['/api/system/schoolYears/page', named('school_years', ['code', 'name'])],
    ['/api/system/terms/page', named('terms', ['code', 'name'])],
    ['/api/system/homeCards/page', named('home_cards', ['name', 'name_en'])],
    ['/api/system/roles/page', named('roles', ['code', 'name'])],
    ['/api/system/customPages/page', named('custom_pages', ['param', 'title'], 'TRUE', 'title')],
  ])('%s: one and two characters', async (url, list) => {
    await expectList({ url, ...list });
  });

  it('/api/system/dictionaries/tables/page: one and two characters', async () => {
    await expectList({
      url: '/api/system/dictionaries/tables/page',
      sample: sql`SELECT name AS v FROM dictionary_tables WHERE name ~ ${chinese} ORDER BY table_name LIMIT 1`,
      count: (p) => sql`SELECT count(*)::int AS n FROM dictionary_tables WHERE table_name ILIKE ${p} OR name ILIKE ${p} OR name_en ILIKE ${p}`,
    });
  });
});
