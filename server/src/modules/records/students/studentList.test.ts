import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';
import { queryRows } from '../../../db/client.ts';
import { keywordPage } from '../../../platform/listPage.ts';
import { studentListConditions, studentListQuery } from './queries.ts';

let t: TestApp;
let tokens: Record<string, string>;
/** Student numbers by class code, and the class codes each teacher leads or teaches this term. */
let studentsByClass: Map<string, string[]>;
let allStudents: number;

const taughtClasses = async (account: string) =>
  (
    await queryRows<{ code: string }>(t.database.db, sql`
      SELECT c.code FROM classes c JOIN staff st ON st.id = c.class_teacher_id WHERE st.staff_number = ${account}
      UNION
      SELECT c.code FROM timetable_entries te JOIN classes c ON c.id = te.class_id JOIN staff st ON st.id = te.teacher_id
        JOIN terms tm ON tm.id = te.term_id AND tm.is_current WHERE st.staff_number = ${account}`)
  ).map((row) => row.code);

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
  const rows = await queryRows<{ code: string; number: string }>(t.database.db, sql`
    SELECT c.code, s.student_number AS number FROM students s JOIN classes c ON c.id = s.class_id`);
  studentsByClass = new Map();
  for (const row of rows) studentsByClass.set(row.code, [...(studentsByClass.get(row.code) ?? []), row.number]);
  [{ total: allStudents }] = await queryRows<{ total: number }>(t.database.db, sql`SELECT count(*)::int AS total FROM students`);
});
afterAll(() => t.close());

const page = (account: string, payload: unknown, language?: 'en') =>
  t.inject({
    method: 'POST',
    url: '/api/students/page',
    headers: { 'x-token-xx': tokens[account], ...(language ? { cookie: `language=${language}` } : {}) },
    payload: payload as object,
  });
const rowsOf = async (account: string, payload: object) => {
  const body = (await page(account, { currPage: 0, limit: 500, ...payload })).json();
  expect(body.result, JSON.stringify(body)).toBe(true);
  return body.data as { total: number; rows: Record<string, unknown>[] };
};

describe('POST /api/students/page', () => {
  it('lists every student to the administrator with the fields the page shows', async () => {
    const data = await rowsOf('admin', {});
    expect(data.total).toBe(allStudents);
    const own = await rowsOf('admin', { search: { keyword: '201911001' } });
    expect(own.rows.find((row) => row.studentNumber === '201911001')).toEqual({
      studentNumber: '201911001', account: '201911001', name: '张小明', genderName: '男', classCode: '20190801', className: '初二(1)班',
      gradeCode: expect.any(String), gradeName: '初二', campusCode: expect.any(String), campusName: expect.any(String), entryYear: 2019, inSchoolStatusName: '在校',
    });
    // Default order: class number, then student number.
    const keys = data.rows.map((row) => `${String(row.classCode)}/${String(row.studentNumber)}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('limits a teacher and a class teacher to the classes they lead or teach', async () => {
    for (const account of ['T0001', 'T0002']) {
      const classes = await taughtClasses(account);
      expect(classes.length, account).toBeGreaterThan(0);
      const expected = classes.flatMap((code) => studentsByClass.get(code) ?? []).sort();
      const data = await rowsOf(account, {});
      expect(data.total, account).toBe(expected.length);
      expect(data.rows.map((row) => row.studentNumber).sort(), account).toEqual(expected);
    }
    // The class teacher of 初二(1)班 sees that class's students.
    const own = await rowsOf('T0002', { search: { classCode: '20190801' } });
    expect(own.total).toBe(studentsByClass.get('20190801')!.length);
  });

  it("answers nothing when a teacher filters on another class, and that class's students to the administrator", async () => {
    const t0001 = await taughtClasses('T0001');
    const foreign = [...studentsByClass.keys()].find((code) => !t0001.includes(code))!;
    expect(foreign).toBeDefined();
    expect(await rowsOf('T0001', { search: JSON.stringify({ classCode: foreign }) })).toEqual({ total: 0, rows: [] });
    const admin = await rowsOf('admin', { search: JSON.stringify({ classCode: foreign }) });
    expect(admin.total).toBe(studentsByClass.get(foreign)!.length);
    expect(admin.rows.every((row) => row.classCode === foreign)).toBe(true);
  });

  it('shows a student only themselves and a parent only their child, whatever the filter', async () => {
    for (const account of ['201911001', 'jz201911001']) {
      const data = await rowsOf(account, {});
      expect(data, account).toMatchObject({ total: 1, rows: [{ studentNumber: '201911001', name: '张小明' }] });
      expect((await rowsOf(account, { search: { keyword: '2019' } })).total).toBe(1);
      expect((await rowsOf(account, { search: { classCode: '20190802' } })).total).toBe(0);
    }
  });

  it('filters by keyword (number or name), grade and campus; wildcards match themselves', async () => {
    const byName = await rowsOf('admin', { search: { keyword: '张小明' } });
    expect(byName.rows.map((row) => row.studentNumber)).toContain('201911001');
    expect(byName.rows.every((row) => String(row.name).includes('张小明'))).toBe(true);
    const byNumber = await rowsOf('admin', { search: { keyword: '1911001' } });
    expect(byNumber.rows.every((row) => String(row.studentNumber).includes('1911001'))).toBe(true);
    expect(byNumber.total).toBeGreaterThan(0);
    expect((await rowsOf('admin', { search: { keyword: '%' } })).total).toBe(0);
    expect((await rowsOf('admin', { search: { keyword: "' OR '1'='1" } })).total).toBe(0);
    const [{ gradeCode, campusCode }] = (await rowsOf('admin', { search: { keyword: '201911001' } })).rows as { gradeCode: string; campusCode: string }[];
    const grade = await rowsOf('admin', { search: { gradeCode } });
    expect(grade.total).toBeGreaterThan(0);
    expect(grade.rows.every((row) => row.gradeCode === gradeCode)).toBe(true);
    const campus = await rowsOf('admin', { search: { campusCode, gradeCode: '' } });
    expect(campus.rows.every((row) => row.campusCode === campusCode)).toBe(true);
    expect((await rowsOf('admin', { search: { keyword: '', classCode: '', gradeCode: '', campusCode: '' } })).total).toBe(allStudents);
  });

  it('sorts by an allowed field in both directions and pages without repeats', async () => {
    const desc = await rowsOf('admin', { order: 'desc', sortField: 'studentNumber' });
    const numbers = desc.rows.map((row) => String(row.studentNumber));
    expect(numbers).toEqual([...numbers].sort().reverse());
    const first = (await page('admin', { currPage: 0, limit: 3, order: 'asc', sortField: 'name' })).json().data.rows;
    const second = (await page('admin', { currPage: 1, limit: 3, order: 'asc', sortField: 'name' })).json().data.rows;
    expect(first).toHaveLength(3);
    expect(new Set([...first, ...second].map((row: { studentNumber: string }) => row.studentNumber)).size).toBe(6);
    for (const sortField of ['className', 'gradeName', 'campusName', 'entryYear']) {
      expect((await page('admin', { currPage: 0, limit: 5, order: 'desc', sortField })).json().result, sortField).toBe(true);
    }
  });

  it('refuses malformed search, unknown sort fields and page sizes outside 1..500 with catalogue messages', async () => {
    const refused = async (payload: object, msg: string, language?: 'en') => {
      const response = await page('admin', { currPage: 0, limit: 10, ...payload }, language);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ code: 400, result: false, data: null, msg });
    };
    await refused({ search: '{not json' }, '查询条件格式不正确');
    await refused({ search: '[1,2]' }, '查询条件格式不正确');
    await refused({ search: { keyword: 5 } }, '查询条件格式不正确');
    await refused({ search: { keyword: 'x'.repeat(65) } }, '输入内容过长');
    await refused({ sortField: 'password_hash', order: 'asc' }, '该列不支持排序');
    await refused({ sortField: 's.name; DROP TABLE students' }, '该列不支持排序');
    await refused({ limit: 0 }, '参数错误');
    await refused({ limit: 501 }, '每页最多显示500条');
    await refused({ currPage: -1 }, '参数错误');
    await refused({ search: '{not json' }, 'The search conditions could not be read', 'en');
    await refused({ sortField: 'password_hash' }, 'This column cannot be sorted', 'en');
    await refused({ limit: 501 }, 'At most 500 rows can be shown on one page', 'en');
    expect((await page('admin', { currPage: 0, limit: 500 })).json().data.rows.length).toBe(Math.min(500, allStudents));
    expect((await page('admin', { currPage: 0, limit: 1 })).json().data.rows).toHaveLength(1);
  });

  it('answers names in English when asked, and refuses a caller without a session', async () => {
    const body = (await page('201911001', { currPage: 0, limit: 10 }, 'en')).json();
    expect(body.data.rows[0]).toMatchObject({ genderName: 'Male', inSchoolStatusName: 'In school', name: '张小明' });
    expect(body.data.rows[0].gradeName).not.toBe('初二');
    const anonymous = await t.inject({ method: 'POST', url: '/api/students/page', payload: { currPage: 0, limit: 10 } });
    expect(anonymous.json()).toMatchObject({ result: false, code: 50014, data: null });
  });

  it('serves a short keyword through the pieces indexes and a longer one through the trigram indexes (EXPLAIN with sequential scans off)', async () => {
    const planOf = (keyword: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const where = studentListConditions({ keyword }, sql`TRUE`);
        const lines = await queryRows<Record<string, string>>(tx, sql`EXPLAIN SELECT count(*) FROM students s WHERE ${where}`);
        const page = await queryRows<Record<string, string>>(tx, sql`EXPLAIN ${keywordPage(studentListQuery(where, { offset: 0, limit: 10, order: 'asc' }, 'zh'), { offset: 0, limit: 10 })}`);
        return [...lines, ...page].map((row) => Object.values(row)[0]).join('\n');
      });
    const short = await planOf('张小');
    for (const index of ['students_number_grams_idx', 'students_name_grams_idx', 'students_name_initials_grams_idx']) expect(short).toContain(index);
    const longer = await planOf('张小明');
    for (const index of ['students_number_trgm_idx', 'students_name_trgm_idx', 'students_name_initials_trgm_idx']) expect(longer).toContain(index);
  });
});

describe('POST /api/classes/list', () => {
  const list = (account: string, language?: 'en') =>
    t.inject({ method: 'POST', url: '/api/classes/list', headers: { 'x-token-xx': tokens[account], ...(language ? { cookie: `language=${language}` } : {}) } });

  it('lists every class to staff with grade, campus and class teacher', async () => {
    const [{ total }] = await queryRows<{ total: number }>(t.database.db, sql`SELECT count(*)::int AS total FROM classes`);
    for (const account of ['admin', 'T0001', 'T0002']) {
      const body = (await list(account)).json();
      expect(body.result, account).toBe(true);
      expect(body.data, account).toHaveLength(total);
    }
    const data = (await list('T0002')).json().data as { code: string }[];
    expect(data.find((row) => row.code === '20190801')).toEqual({
      code: '20190801', name: '初二(1)班', gradeCode: expect.any(String), gradeName: '初二', campusCode: expect.any(String), campusName: expect.any(String),
      classTeacherName: '李秀英', classTeacherNumber: 'T0002',
    });
  });

  it("lists a student's and a parent's own class only, names in the caller's language", async () => {
    for (const account of ['201911001', 'jz201911001']) {
      expect((await list(account)).json().data.map((row: { code: string }) => row.code), account).toEqual(['20190801']);
    }
    const [english] = (await list('201911001', 'en')).json().data;
    expect(english.gradeName).not.toBe('初二');
    expect((await t.inject({ method: 'POST', url: '/api/classes/list' })).json()).toMatchObject({ result: false, code: 50014 });
  });
});
