import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { queryRows } from '../../../db/client.ts';
import { KEYWORD_MATCH_LIMIT, peopleConditions, peoplePageQuery } from './queries.ts';

let t: TestApp;
let admin: string;
let student: string;
/** The demo student's class code and the demo teacher's research group code, read from the seed. */
let demoClassCode: string;
let mathsGroupCode: string;
let enabledUserCount: number;

const rows = <T>(query: SQL) => queryRows<T>(t.database.db, query);

/** The plan of a query as one text; `seqscan: false` forbids sequential scans for this query only. */
async function explain(query: SQL, options: { seqscan?: boolean } = {}): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    if (options.seqscan === false) await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const plan = await queryRows<Record<string, string>>(tx, sql`EXPLAIN ${query}`);
    return plan.map((row) => Object.values(row)[0]).join('\n');
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, student] = await Promise.all([t.login('admin'), t.login('201911001')]);
  [{ code: demoClassCode }] = await rows<{ code: string }>(sql`SELECT c.code FROM students s JOIN classes c ON c.id = s.class_id WHERE s.student_number = '201911001'`);
  [{ code: mathsGroupCode }] = await rows<{ code: string }>(sql`SELECT o.code FROM staff st JOIN org_units o ON o.id = st.research_group_id WHERE st.staff_number = 'T0001'`);
  // People whose names carry SQL and HTML metacharacters, and one disabled account.
  await t.database.db.execute(sql`
    INSERT INTO users (account, display_name, user_type) VALUES
      ('meta_1', '<b>O''Brien 100%</b>', 9),
      ('meta2', 'plain name', 9)`);
  await t.database.db.execute(sql`UPDATE users SET enabled = false WHERE account = 'T0150'`);
  [{ n: enabledUserCount }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE enabled`);
});
afterAll(() => t.close());

type Person = { USERID: string; USERNAME: string; USERTYPE: number; XQMC: string; DWMC: string };

const people = (body: Record<string, string>, token = admin, headers?: Record<string, string>) => t.post('/components/getUserAllData', body, { token, headers });
const search = async (filter: Record<string, unknown>, extra: Record<string, string> = {}, token = admin) => {
  const response = await people({ size: '50', page: '0', search: JSON.stringify(filter), ...extra }, token);
  expect(response.json().result, response.body).toBe(true);
  return response.json().data as { total: number; rows: Person[] };
};
const EN = { cookie: 'language=en' };

describe('POST /components/getUserAllData', () => {
  it('pages every enabled user ordered by user type then account, with only the five documented fields', async () => {
    const first = (await people({ size: '5', page: '0' })).json();
    expect(first.result).toBe(true);
    expect(first.data.total).toBe(enabledUserCount);
    expect(first.data.rows).toHaveLength(5);
    expect(first.data.rows[0]).toEqual({ USERID: 'admin', USERNAME: '系统管理员', USERTYPE: 1, XQMC: '', DWMC: '' });
    for (const row of first.data.rows) expect(Object.keys(row).sort()).toEqual(['DWMC', 'USERID', 'USERNAME', 'USERTYPE', 'XQMC']);
    const second = (await people({ size: '5', page: '1' })).json().data.rows as Person[];
    const both = [...first.data.rows, ...second] as Person[];
    const keys = both.map((row) => [row.USERTYPE, row.USERID] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)));
    expect(new Set(both.map((row) => row.USERID)).size).toBe(10);
    // The default page size is 10, and a page beyond the end is empty but keeps the total.
    expect((await people({})).json().data.rows).toHaveLength(10);
    const beyond = (await people({ size: '10', page: '100000' })).json().data;
    expect(beyond).toEqual({ total: enabledUserCount, more: false, rows: [] });
  });

  it('matches one- and two-character keywords anywhere too (Chinese names), whatever the case', async () => {
    const twoChars = await search({ KEYWORD: '建国' });
    expect(twoChars.rows.map((row) => row.USERID)).toContain('T0001');
    expect(twoChars.rows.every((row) => row.USERNAME.includes('建国') || row.USERID.includes('建国'))).toBe(true);
    // Latin letters also match the pinyin initials of names (张伟 → zw).
    const lettersMatch = async (letters: string) =>
      (await rows<{ account: string }>(sql`
        SELECT account FROM users WHERE enabled AND (account ILIKE ${`%${letters}%`} OR display_name ILIKE ${`%${letters}%`} OR name_initials LIKE ${`%${letters.toLowerCase()}%`})
        ORDER BY user_type, account LIMIT 50`)).map((row) => row.account);
    const eT = (await search({ KEYWORD: 'eT' })).rows.map((row) => row.USERID);
    expect(eT).toEqual(await lettersMatch('eT'));
    expect(eT).toEqual(expect.arrayContaining(['meta2', 'meta_1']));
    const pl = (await search({ KEYWORD: 'PL' })).rows.map((row) => row.USERID);
    expect(pl).toEqual(await lettersMatch('PL'));
    expect(pl).toContain('meta2');
    const [initials] = await rows<{ account: string; name_initials: string }>(sql`SELECT account, name_initials FROM users WHERE account = 'T0001'`);
    expect((await search({ KEYWORD: initials!.name_initials.slice(0, 2).toUpperCase() })).total).toBeGreaterThan(0);
    expect((await search({ KEYWORD: '王' })).total).toBe((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE enabled AND (display_name LIKE '%王%' OR account LIKE '%王%')`))[0]!.n);
  });

  it('stops counting a keyword at 1,000 matches and says there are more, still paging them in order', async () => {
    const matching = (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE enabled AND (display_name LIKE '%20%' OR account LIKE '%20%')`))[0]!.n;
    expect(matching).toBeGreaterThan(KEYWORD_MATCH_LIMIT);
    const first = (await people({ size: '10', page: '0', search: JSON.stringify({ KEYWORD: '20' }) })).json().data;
    expect(first.total).toBe(KEYWORD_MATCH_LIMIT);
    expect(first.more).toBe(true);
    const expected = await rows<{ account: string }>(sql`
      SELECT account FROM users WHERE enabled AND (display_name LIKE '%20%' OR account LIKE '%20%') ORDER BY user_type, account LIMIT 10 OFFSET 20`);
    const third = (await people({ size: '10', page: '2', search: JSON.stringify({ KEYWORD: '20' }) })).json().data;
    expect((third.rows as Person[]).map((row) => row.USERID)).toEqual(expected.map((row) => row.account));
    // A rarer keyword is counted exactly and says so.
    const rare = (await people({ size: '10', page: '0', search: JSON.stringify({ KEYWORD: 'T0001' }) })).json().data;
    expect(rare).toMatchObject({ total: 1, more: false });
  });

  it('matches the keyword anywhere in the account or the name, case-insensitively', async () => {
    const byAccount = await search({ KEYWORD: 't000' });
    expect(byAccount.rows.map((row) => row.USERID)).toEqual(['T0001', 'T0002', 'T0003', 'T0004', 'T0005', 'T0006', 'T0007', 'T0008', 'T0009']);
    const byName = await search({ KEYWORD: '王建国' });
    expect(byName.rows).toContainEqual({ USERID: 'T0001', USERNAME: '王建国', USERTYPE: 3, XQMC: '东校区', DWMC: '教务处' });
    const middle = await search({ KEYWORD: '1911001' });
    expect(middle.rows.map((row) => row.USERID)).toEqual(['201911001', 'jz201911001']);
  });

  it('filters by user type, campus, department or class, and term', async () => {
    const students = await search({ USERTYPE: '2', KEYWORD: '201911001' });
    expect(students.rows).toEqual([{ USERID: '201911001', USERNAME: '张小明', USERTYPE: 2, XQMC: '东校区', DWMC: expect.stringContaining('初二') }]);
    const studentAndParent = await search({ USERTYPE: '2,4', KEYWORD: '201911001' });
    expect(studentAndParent.rows.map((row) => [row.USERID, row.USERTYPE])).toEqual([['201911001', 2], ['jz201911001', 4]]);
    expect((await search({ USERTYPE: '3', KEYWORD: '201911001' })).total).toBe(0);
    expect((await search({ USERTYPE: 2 })).total).toBe(1512);

    const [{ n: westStudents }] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM students s JOIN classes c ON c.id = s.class_id JOIN org_units o ON o.id = c.campus_id WHERE o.code = 'campus-2'`);
    const west = await search({ USERTYPE: '2', XQDM: 'campus-2' });
    expect(west.total).toBe(westStudents);
    expect(west.total).toBeGreaterThan(0);
    expect(west.rows.every((row) => row.XQMC === '西校区')).toBe(true);
    const [{ n: westStaff }] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM staff st JOIN users u ON u.id = st.user_id AND u.enabled JOIN org_units o ON o.id = st.campus_id WHERE o.code = 'campus-2'`);
    expect((await search({ USERTYPE: '3', XQDM: 'campus-2' })).total).toBe(westStaff);

    const classmates = await search({ DWDM: demoClassCode });
    expect(classmates.total).toBe(42);
    expect(classmates.rows.every((row) => row.USERTYPE === 2)).toBe(true);
    const group = await search({ DWDM: mathsGroupCode, KEYWORD: 'T0001' });
    expect(group.rows.map((row) => row.USERID)).toEqual(['T0001']);
    const office = await search({ DWDM: 'dept-academic', USERTYPE: '3' });
    expect(office.total).toBeGreaterThan(100);
    expect((await search({ DWDM: 'no-such-unit' })).total).toBe(0);

    // Empty and null fields mean "no filter"; an unknown term lists nobody.
    expect((await search({ USERTYPE: '', KEYWORD: null, XQDM: '', DWDM: '', XNXQ: '' })).total).toBe(enabledUserCount);
    expect((await search({ XNXQ: '2026-2027-1', KEYWORD: 'T0001' })).total).toBe(1);
    expect((await search({ XNXQ: '1999-2000-1' })).total).toBe(0);
  });

  it('names campuses and departments in the caller language', async () => {
    const response = await people({ size: '5', page: '0', search: JSON.stringify({ KEYWORD: 'T0001' }) }, admin, EN);
    expect(response.json().data.rows).toEqual([{ USERID: 'T0001', USERNAME: '王建国', USERTYPE: 3, XQMC: 'East campus', DWMC: 'Academic office' }]);
  });

  it('leaves disabled users out', async () => {
    expect((await search({ KEYWORD: 'T0150' })).total).toBe(0);
    expect((await search({ KEYWORD: 'T0149' })).total).toBe(1);
  });

  it('treats SQL and HTML metacharacters in the keyword as plain text', async () => {
    expect((await search({ KEYWORD: '%' })).rows.map((row) => row.USERID)).toEqual(['meta_1']);
    expect((await search({ KEYWORD: '_' })).rows.map((row) => row.USERID)).toEqual(['meta_1']);
    expect((await search({ KEYWORD: '\\' })).total).toBe(0);
    expect((await search({ KEYWORD: "' OR '1'='1" })).total).toBe(0);
    expect((await search({ KEYWORD: "o'brien" })).rows.map((row) => row.USERID)).toEqual(['meta_1']);
    const html = await search({ KEYWORD: '<b>' });
    // Answered verbatim as JSON data; rendering it as text is the client's job.
    expect(html.rows).toEqual([{ USERID: 'meta_1', USERNAME: "<b>O'Brien 100%</b>", USERTYPE: 9, XQMC: '', DWMC: '' }]);
    // The table is intact after the attempts above.
    expect((await search({})).total).toBe(enabledUserCount);
  });

  it('refuses malformed or out-of-range input in the caller language', async () => {
    const refused = async (body: Record<string, string>, msg: string, headers?: Record<string, string>) => {
      const response = await people(body, admin, headers);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ code: 400, result: false, data: null, msg });
    };
    await refused({ search: '{"KEYWORD":' }, '查询条件格式不正确');
    await refused({ search: '{"KEYWORD":' }, 'The search conditions could not be read', EN);
    await refused({ search: '[1,2]' }, '查询条件格式不正确');
    await refused({ search: '"text"' }, '查询条件格式不正确');
    await refused({ search: JSON.stringify({ KEYWORD: { $ne: 1 } }) }, '查询条件格式不正确');
    await refused({ search: JSON.stringify({ USERTYPE: '2 OR 1=1' }) }, '查询条件格式不正确');
    await refused({ search: JSON.stringify({ KEYWORD: 'x'.repeat(65) }) }, 'The value is too long', EN);
    await refused({ search: JSON.stringify({ DWDM: 'x'.repeat(51) }) }, 'The value is too long', EN);
    await refused({ search: 'x'.repeat(2001) }, 'The value is too long', EN);
    await refused({ size: '51' }, '每页条数须在1到50之间');
    await refused({ size: '0' }, 'The page size must be between 1 and 50', EN);
    await refused({ size: 'ten' }, '每页条数须在1到50之间');
    await refused({ page: '-1' }, 'Parameter Error', EN);
    await refused({ page: '1.5' }, 'Parameter Error', EN);
  });

  it('lets a student use the picker without exposing anything beyond the listed fields', async () => {
    const response = await people({ size: '50', page: '0', search: JSON.stringify({ KEYWORD: 'T00' }) }, student);
    const body = response.json();
    expect(body.result).toBe(true);
    expect(body.data.rows.length).toBeGreaterThan(0);
    for (const row of body.data.rows) expect(Object.keys(row).sort()).toEqual(['DWMC', 'USERID', 'USERNAME', 'USERTYPE', 'XQMC']);
    const [{ id_number: idNumber, phone }] = await rows<{ id_number: string; phone: string }>(sql`SELECT id_number, phone FROM staff WHERE staff_number = 'T0001'`);
    expect(response.body).not.toMatch(/argon2|password|\$2[aby]\$/i);
    if (idNumber) expect(response.body).not.toContain(idNumber);
    if (phone) expect(response.body).not.toContain(phone);
  });

  it('needs a login', async () => {
    const response = await t.post('/components/getUserAllData', { size: '5', page: '0' });
    expect(response.json()).toMatchObject({ result: false, code: 50014 });
  });

  it('serves the keyword through the trigram indexes (EXPLAIN with sequential scans off)', async () => {
    // The seeded table is small, so the planner would rightly read it whole; with sequential scans off
    // it shows which index serves the condition. The last block of this file (SCALE_TESTS=1) checks
    // 100,000 users without forcing anything.
    const plan = await explain(sql`SELECT count(*) FROM users u WHERE ${peopleConditions({ keyword: '王建国' })}`, { seqscan: false });
    expect(plan).toContain('users_account_trgm_idx');
    expect(plan).toContain('users_display_name_trgm_idx');
    // Two characters hold no trigram: the pieces index serves them, in the page and in the count.
    const short = await explain(sql`SELECT count(*) FROM users u WHERE ${peopleConditions({ keyword: '建国' })}`, { seqscan: false });
    expect(short).toContain('users_account_grams_idx');
    expect(short).toContain('users_display_name_grams_idx');
    // And an unfiltered page is read in order from the (user_type, account) index, without sorting.
    const ordered = await explain(peoplePageQuery({}, { offset: 0, limit: 10 }, 'zh'), { seqscan: false });
    expect(ordered).toContain('users_type_account_idx');
    expect(ordered).not.toMatch(/Sort Key/);
  });
});

describe('POST /components/getUserData', () => {
  const lookup = (ids: string, token = admin) => t.post('/components/getUserData', { ids }, { token });

  it('answers names in the given order and skips unknown ids', async () => {
    const body = (await lookup(JSON.stringify(['T0002', 'admin', 'nobody', 'T0001', 'T0002']))).json();
    expect(body).toMatchObject({ result: true });
    expect(body.data).toEqual([
      { USERID: 'T0002', USERNAME: '李秀英' },
      { USERID: 'admin', USERNAME: '系统管理员' },
      { USERID: 'T0001', USERNAME: '王建国' },
    ]);
    expect((await lookup(' 201911001 , jz201911001,,')).json().data).toEqual([
      { USERID: '201911001', USERNAME: '张小明' },
      { USERID: 'jz201911001', USERNAME: '张小明家长' },
    ]);
    // Numbers in the JSON array are accounts too.
    expect((await lookup('[201911001]')).json().data).toEqual([{ USERID: '201911001', USERNAME: '张小明' }]);
    expect((await lookup('')).json().data).toEqual([]);
    expect((await t.post('/components/getUserData', {}, { token: admin })).json().data).toEqual([]);
    // A stored selection of a since-disabled user still shows the name.
    expect((await lookup('T0150')).json().data).toHaveLength(1);
    // Metacharacters are just unknown accounts.
    expect((await lookup(JSON.stringify(["' OR '1'='1", '%']))).json().data).toEqual([]);
  });

  it('answers a student too, with account and name only', async () => {
    const body = (await lookup('T0001', student)).json();
    expect(body.data).toEqual([{ USERID: 'T0001', USERNAME: '王建国' }]);
  });

  it('refuses malformed lists, too many ids and over-long ids', async () => {
    const malformed = await lookup('["T0001"');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toBe('用户编号列表格式不正确');
    expect((await lookup('[{"id":1}]')).json().msg).toBe('用户编号列表格式不正确');
    const many = Array.from({ length: 501 }, (_, i) => `U${i}`);
    expect((await lookup(many.join(','))).json().msg).toBe('一次最多查询500个用户');
    expect((await lookup(JSON.stringify(many.slice(0, 500)))).json().result).toBe(true);
    expect((await lookup('x'.repeat(65))).json().msg).toBe('输入内容过长');
  });
});

describe('POST /components/getOrgsData', () => {
  type Node = { id: string; label: string; kind: string; children?: Node[] };
  const flatten = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);

  it('answers the enabled organisation as a sorted tree, labelled in the caller language', async () => {
    const zh = (await t.post('/components/getOrgsData', undefined, { token: admin })).json();
    expect(zh.result).toBe(true);
    const [school] = zh.data as Node[];
    expect(zh.data).toHaveLength(1);
    expect(school).toMatchObject({ id: 'school', label: '明德实验学校', kind: 'school' });
    const childIds = school.children!.map((node) => node.id);
    expect(childIds.slice(0, 2)).toEqual(['campus-1', 'campus-2']);
    expect(childIds).toContain('division-2');
    const academic = school.children!.find((node) => node.id === 'dept-academic')!;
    expect(academic.children!.every((node) => node.kind === 'researchGroup')).toBe(true);
    expect(flatten(zh.data).find((node) => node.id === 'campus-1')).toEqual({ id: 'campus-1', label: '东校区', kind: 'campus' });

    const en = (await t.post('/components/getOrgsData', undefined, { token: student, headers: EN })).json();
    expect(en.data[0].label).toBe('Mingde Experimental School');
    expect(flatten(en.data).find((node) => node.id === 'dept-academic')!.label).toBe('Academic office');
  });

  it('leaves out a disabled unit and everything under it', async () => {
    await t.database.db.execute(sql`UPDATE org_units SET enabled = false WHERE code = 'dept-academic'`);
    try {
      const ids = flatten((await t.post('/components/getOrgsData', undefined, { token: admin })).json().data).map((node) => node.id);
      expect(ids).not.toContain('dept-academic');
      expect(ids).not.toContain(mathsGroupCode);
      expect(ids).toContain('dept-office');
    } finally {
      await t.database.db.execute(sql`UPDATE org_units SET enabled = true WHERE code = 'dept-academic'`);
    }
  });
});

describe('POST /components/getRoles, getRoleType, getJzgTypeData', () => {
  beforeAll(async () => {
    await t.database.db.execute(sql`
      INSERT INTO roles (code, name, role_type, enabled, sort) VALUES
        ('grade8_parents', '初二家长', 'dynamic', true, 10),
        ('retired_role', '停用角色', 'ordinary', false, 11)`);
  });

  it('groups enabled roles by role type, named from STD_ROLE_TYPE', async () => {
    const body = (await t.post('/components/getRoles', {}, { token: admin })).json();
    expect(body.result).toBe(true);
    expect(body.data.map((group: { CODE: string }) => group.CODE)).toEqual(['ordinary', 'dynamic']);
    const [ordinary, dynamic] = body.data;
    expect(ordinary.NAME).toBe('普通角色');
    expect(ordinary.CHILD.slice(0, 5)).toEqual([
      { id: 'admin', label: '系统管理员' },
      { id: 'teacher', label: '任课教师' },
      { id: 'class_teacher', label: '班主任' },
      { id: 'student', label: '学生' },
      { id: 'parent', label: '家长' },
    ]);
    expect(ordinary.CHILD.map((role: { id: string }) => role.id)).not.toContain('retired_role');
    expect(dynamic).toEqual({ CODE: 'dynamic', NAME: '动态角色', CHILD: [{ id: 'grade8_parents', label: '初二家长' }] });

    const onlyDynamic = (await t.post('/components/getRoles', { roleType: 'dynamic' }, { token: student, headers: EN })).json();
    expect(onlyDynamic.data).toEqual([{ CODE: 'dynamic', NAME: 'Dynamic role', CHILD: [{ id: 'grade8_parents', label: '初二家长' }] }]);
    expect((await t.post('/components/getRoles', { roleType: '' }, { token: admin })).json().data).toHaveLength(2);
    const bad = await t.post('/components/getRoles', { roleType: "ordinary' OR 1=1" }, { token: admin, headers: EN });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Unknown role type; use ordinary or dynamic');
  });

  it('answers role types and staff types as CODE / NAME pairs in the caller language', async () => {
    expect((await t.post('/components/getRoleType', undefined, { token: admin })).json().data).toEqual([
      { CODE: 'ordinary', NAME: '普通角色' },
      { CODE: 'dynamic', NAME: '动态角色' },
    ]);
    const staffTypes = (await t.post('/components/getJzgTypeData', undefined, { token: student, headers: EN })).json().data;
    expect(staffTypes).toEqual([
      { CODE: '1', NAME: 'Full-time teacher' },
      { CODE: '2', NAME: 'Administrative staff' },
      { CODE: '3', NAME: 'Teaching support' },
      { CODE: '4', NAME: 'Support staff' },
    ]);
    expect((await t.post('/components/getJzgTypeData', undefined)).json().code).toBe(50014);
  });
});

describe('POST /components/getAreaData and getAreaList', () => {
  type Area = { CODE: string; NAME: string; CHILD: number; LEVNUM: number };
  const areaData = async (body: Record<string, string>) => {
    const response = await t.post('/components/getAreaData', body, { token: student });
    return response.json();
  };

  it('answers one cascader level; levNum is the depth, so its deepest level has no children', async () => {
    const provinces = (await areaData({})).data as Area[];
    expect(provinces.map((area) => area.CODE)).toEqual(['110000', '310000', '330000', '440000']);
    expect(provinces[3]).toEqual({ CODE: '440000', NAME: '广东省', CHILD: 0, LEVNUM: 1 });
    expect(((await areaData({ levNum: '3' })).data as Area[]).every((area) => area.CHILD === 1)).toBe(true);
    expect((await areaData({ levNum: '3', parentCode: '440000' })).data).toEqual([
      { CODE: '440100', NAME: '广州市', CHILD: 1, LEVNUM: 2 },
      { CODE: '440300', NAME: '深圳市', CHILD: 1, LEVNUM: 2 },
    ]);
    expect(((await areaData({ levNum: '2', parentCode: '440000' })).data as Area[]).map((area) => area.CHILD)).toEqual([0, 0]);
    expect((await areaData({ levNum: '3', parentCode: '440300' })).data).toEqual([
      { CODE: '440304', NAME: '福田区', CHILD: 0, LEVNUM: 3 },
      { CODE: '440305', NAME: '南山区', CHILD: 0, LEVNUM: 3 },
    ]);
    expect((await areaData({ levNum: '', parentCode: '' })).data).toHaveLength(4);
  });

  it('refuses bad levels and codes, and an unknown parent', async () => {
    expect((await areaData({ levNum: '0' })).msg).toBe('地区层级须为1到5的整数');
    expect((await areaData({ levNum: '6' })).msg).toBe('地区层级须为1到5的整数');
    expect((await areaData({ levNum: 'x' })).msg).toBe('地区层级须为1到5的整数');
    expect((await areaData({ parentCode: "44'--" })).msg).toBe('地区编码只能包含字母和数字');
    expect((await areaData({ parentCode: '1'.repeat(13) })).msg).toBe('输入内容过长');
    const unknown = await t.post('/components/getAreaData', { parentCode: '999999' }, { token: student });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('数据不存在');
  });

  it('answers the code path from the province down', async () => {
    const list = (code: string) => t.post('/components/getAreaList', { code }, { token: admin });
    expect((await list('440305')).json()).toMatchObject({ result: true, data: '440000,440300,440305' });
    expect((await list('440000')).json().data).toBe('440000');
    const unknown = await t.post('/components/getAreaList', { code: '999999' }, { token: admin, headers: EN });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('Data does not exist');
    expect((await t.post('/components/getAreaList', {}, { token: admin })).json().msg).toBe('请提供地区编码');
    expect((await list('')).json().msg).toBe('请提供地区编码');
    expect((await list('4403<05')).json().msg).toBe('地区编码只能包含字母和数字');
  });
});

// Last on purpose: it adds 100,000 users, which the counts above do not expect. It takes a few seconds
// (more on a busy machine), so it runs on request: SCALE_TESTS=1 npx vitest run server/src/modules/shared/picker
describe.runIf(process.env.SCALE_TESTS === '1')('the people picker at 100,000 users', () => {
  const INDEXES = ['users_account_trgm_idx', 'users_display_name_trgm_idx', 'users_type_account_idx'];

  beforeAll(async () => {
    // Loading with the GIN indexes in place takes several seconds on the embedded database, so they are
    // dropped and rebuilt from the migration's own definitions (read back from pg_indexes).
    const definitions = await rows<{ indexdef: string }>(sql`SELECT indexdef FROM pg_indexes WHERE indexname IN (${sql.join(INDEXES.map((name) => sql`${name}`), sql`, `)})`);
    expect(definitions).toHaveLength(INDEXES.length);
    for (const name of INDEXES) await t.database.db.execute(sql.raw(`DROP INDEX ${name}`));
    await t.database.db.execute(sql`
      INSERT INTO users (account, display_name, user_type)
      SELECT 'P' || lpad(g::text, 7, '0'),
             (ARRAY['张', '王', '李', '赵', '刘', '陈'])[1 + g % 6] || (ARRAY['小明', '建国', '秀英', '伟', '芳', '娜', '磊'])[1 + g % 7] || g,
             2 + g % 3
      FROM generate_series(1, 100000) AS g`);
    for (const { indexdef } of definitions) await t.database.db.execute(sql.raw(indexdef));
    await t.database.db.execute(sql`ANALYZE users`);
  }, 120_000);

  it('plans the keyword search through the trigram indexes without being forced', async () => {
    const filter = { keyword: '建国4321' };
    const page = await explain(peoplePageQuery(filter, { offset: 0, limit: 10 }, 'zh'));
    expect(page).toContain('users_account_trgm_idx');
    expect(page).toContain('users_display_name_trgm_idx');
    expect(page).not.toMatch(/Seq Scan on users/);
    const count = await explain(sql`SELECT count(*) FROM users u WHERE ${peopleConditions(filter)}`);
    expect(count).toContain('users_display_name_trgm_idx');
    expect(count).not.toMatch(/Seq Scan on users/);
  });

  it('reads an unfiltered page in order from the (user_type, account) index', async () => {
    const plan = await explain(peoplePageQuery({ userTypes: [3] }, { offset: 20, limit: 10 }, 'zh'));
    expect(plan).toContain('users_type_account_idx');
    expect(plan).not.toMatch(/Sort Key/);
  });

  it('answers a keyword search quickly', async () => {
    await search({ KEYWORD: '秀英1234' });
    const started = performance.now();
    const result = await search({ KEYWORD: '秀英4321' });
    const elapsed = performance.now() - started;
    expect(result.rows.map((row) => row.USERID)).toContain('P0004321');
    // Generous for slow CI machines; typical is a few tens of milliseconds (docs/calls-components.md).
    expect(elapsed).toBeLessThan(2000);
  });
});

describe('cached picker pages', () => {
  const version = async () => (await rows<{ version: number }>(sql`SELECT version::int AS version FROM data_versions WHERE name = 'people'`))[0].version;

  it('answer a repeated search from the cache and drop it when a name, a unit or a status changes in any process', async () => {
    const before = await search({ KEYWORD: 'T0002' });
    expect(before.rows).toHaveLength(1);
    // The same question again: nothing changed, so the page is the cached one (same content).
    expect(await search({ KEYWORD: 'T0002' })).toEqual(before);

    // Written straight to the database, as another server process would: the trigger retires the page.
    const start = await version();
    await t.database.db.execute(sql`UPDATE users SET display_name = 'Renamed teacher' WHERE account = 'T0002'`);
    expect(await version()).toBeGreaterThan(start);
    expect((await search({ KEYWORD: 'T0002' })).rows[0].USERNAME).toBe('Renamed teacher');

    await t.database.db.execute(sql`UPDATE staff SET campus_id = NULL WHERE staff_number = 'T0002'`);
    expect((await search({ KEYWORD: 'T0002' })).rows[0].XQMC).toBe('');

    await t.database.db.execute(sql`UPDATE users SET enabled = false WHERE account = 'T0002'`);
    expect((await search({ KEYWORD: 'T0002' })).total).toBe(0);

    await t.database.db.execute(sql`INSERT INTO users (account, display_name, user_type) VALUES ('T0002x', 'New teacher', 3)`);
    expect((await search({ KEYWORD: 'T0002' })).rows.map((row) => row.USERID)).toEqual(['T0002x']);
  });

  it('are not retired by changes the picker does not show (a failed login count)', async () => {
    const start = await version();
    await t.database.db.execute(sql`UPDATE users SET failed_login_count = failed_login_count + 1 WHERE account = 'T0003'`);
    await t.database.db.execute(sql`UPDATE users SET failed_login_count = 0 WHERE account = 'T0003'`);
    expect(await version()).toBe(start);
  });
});
