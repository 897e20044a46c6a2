import { formatStudentNumber, studentNumberPrefix } from '@campus/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/helpers.ts';
import { queryRows } from '../../../db/client.ts';
import { unitDigit } from './service.ts';

let t: TestApp;
let admin: string;
const EN = { cookie: 'language=en' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, token = admin, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: token, ...headers }, payload: payload as object });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const classId = async (name: string) => (await rows<{ id: number }>(sql`SELECT id FROM classes WHERE name = ${name}`))[0]!.id;

/** Numbers the tests create, read back by the later tests. */
const made = { first: '', second: '' };
const nextAfterSeed = async (prefix: string) => {
  const [{ max }] = await rows<{ max: string }>(sql`SELECT max(student_number) AS max FROM students WHERE student_number LIKE ${`${prefix}%`}`);
  return formatStudentNumber(prefix, Number(max.slice(prefix.length)) + 1);
};

const student = (extra: Record<string, unknown> = {}) => ({ name: '李新生', gender: '2', birthDate: '2013-06-01', entryYear: 2026, inSchoolStatus: '1', enrolmentStatus: '1', ...extra });

describe('the student-number template', () => {
  it('is year + division + campus + serial, as the seed numbers its students', async () => {
    expect(formatStudentNumber(studentNumberPrefix(2019, '1', '1'), 1)).toBe('201911001');
    expect(unitDigit('division-2', 5)).toBe('2');
    expect(unitDigit('campus-1', 5)).toBe('1');
    expect(unitDigit('east', 12)).toBe('2');
    // The seed's demo student keeps its number.
    expect(await rows(sql`SELECT 1 FROM students WHERE student_number = '201911001'`)).toHaveLength(1);
  });
});

describe('creating students', () => {
  it('numbers the student from the template, creates the student and the parent account jz+number in one go', async () => {
    // 初一(1)班 is grade 7: junior division (2), east campus (1); the seed numbered some late joiners 2026-2-1.
    const expected = await nextAfterSeed('202621');
    const created = (await call('/api/system/students/create', student({ classId: await classId('初一(1)班') }))).json();
    expect(created, JSON.stringify(created)).toMatchObject({ result: true, data: { studentNumber: expected, parentAccount: `jz${expected}` } });
    expect(created.msg).toBe(`新增成功：学号 ${expected}，家长账号 jz${expected}`);
    made.first = expected;
    const second = (await call('/api/system/students/create', student({ name: '王新生', classId: await classId('初一(2)班') }))).json();
    expect(second.data.studentNumber).toBe(formatStudentNumber('202621', Number(expected.slice(6)) + 1));
    made.second = second.data.studentNumber;
    // A grade-1 class continues the seed's serials of 2026, division 1, east campus.
    const primaryExpected = await nextAfterSeed('202611');
    const primary = (await call('/api/system/students/create', student({ classId: await classId('一年级(1)班'), birthDate: '' }))).json();
    expect(primary.data.studentNumber).toBe(primaryExpected);

    const accounts = await rows<{ account: string; user_type: number }>(sql`SELECT account, user_type FROM users WHERE account IN (${expected}, ${`jz${expected}`}) ORDER BY account`);
    expect(accounts).toEqual([
      { account: expected, user_type: 2 },
      { account: `jz${expected}`, user_type: 4 },
    ]);
    expect(await rows(sql`SELECT 1 FROM guardians g JOIN users u ON u.id = g.parent_user_id JOIN students s ON s.id = g.student_id WHERE u.account = ${`jz${expected}`} AND s.student_number = ${expected}`)).toHaveLength(1);
    // Both log in with the last 6 digits of the student number, and hold their roles.
    const studentToken = await t.login(expected, expected.slice(-6));
    expect((await t.post('/ms/getPermission', undefined, { token: studentToken })).json().data.roles).toEqual(['student']);
    const parentToken = await t.login(`jz${expected}`, expected.slice(-6));
    expect((await t.post('/ms/getPermission', undefined, { token: parentToken })).json().data.roles).toEqual(['parent']);
    // The parent account shows in the users list.
    const users = (await call('/api/system/users/page', { currPage: 0, limit: 10, search: { keyword: `jz${expected}` } })).json();
    expect(users.data.rows.map((r: { account: string }) => r.account)).toEqual([`jz${expected}`]);
  });

  it('links a sibling to an existing parent account instead of creating one', async () => {
    const created = (await call('/api/system/students/create', student({ name: '张小红', classId: await classId('初一(1)班'), parentAccount: 'jz201911001' }))).json();
    expect(created.data.parentAccount).toBe('jz201911001');
    expect(await rows(sql`SELECT 1 FROM users WHERE account = ${`jz${created.data.studentNumber}`}`)).toEqual([]);
    expect((await call('/api/system/students/create', student({ classId: await classId('初一(1)班'), parentAccount: 'jz999' }), admin, EN)).json().msg).toBe('The parent account jz999 does not exist');
  });

  it('checks every field and writes nothing on a refusal', async () => {
    const before = (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`))[0]!.n;
    const id = await classId('初一(1)班');
    const bad: [Record<string, unknown>, string][] = [
      [{ name: '', classId: id }, 'Name cannot be null'],
      [{ gender: 'x', classId: id }, 'choose the gender'],
      [{ birthDate: '2013-13-01', classId: id }, 'real date'],
      [{}, 'choose the class'],
      [{ classId: 999999 }, 'class does not exist'],
      [{ entryYear: 1999, classId: id }, 'from 2000 to 9999'],
      [{ inSchoolStatus: '9', classId: id }, 'in-school status'],
      [{ enrolmentStatus: '', classId: id }, 'enrolment status'],
    ];
    for (const [change, message] of bad) {
      const body = (await call('/api/system/students/create', student(change), admin, EN)).json();
      expect(body.result, JSON.stringify(change)).toBe(false);
      expect(body.msg, JSON.stringify(change)).toContain(message);
    }
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`))[0]!.n).toBe(before);
  });

  it('is refused to a teacher (no page) and to a viewer without the edit button', async () => {
    const teacher = await t.login('T0002', DEMO_PASSWORD);
    expect((await call('/api/system/students/create', student({ classId: await classId('初一(1)班') }), teacher, EN)).json().msg).toBe('You have no right to edit/delete this data');
    expect((await call('/api/system/students/page', { currPage: 0, limit: 10 }, teacher)).statusCode).toBe(403);
  });
});

describe('modifying, listing and deleting students', () => {
  it('modifies basic information and keeps the number', async () => {
    const [{ id }] = await rows<{ id: number }>(sql`SELECT id FROM students WHERE student_number = ${made.second}`);
    const updated = (await call('/api/system/students/update', { id, ...student({ name: '王改名', classId: await classId('初一(3)班'), enrolmentStatus: '2' }) })).json();
    expect(updated.result).toBe(true);
    const got = (await call('/api/system/students/get', { id }, admin, EN)).json().data;
    expect(got).toMatchObject({ studentNumber: made.second, name: '王改名', className: '初一(3)班', enrolmentStatusName: 'Suspended', genderName: 'Female', parentAccounts: [`jz${made.second}`] });
    expect((await rows<{ display_name: string }>(sql`SELECT display_name FROM users WHERE account = ${made.second}`))[0]!.display_name).toBe('王改名');
  });

  it('lists with search and exports', async () => {
    const list = (await call('/api/system/students/page', { currPage: 0, limit: 10, search: { keyword: '新生' }, sortField: 'studentNumber', order: 'asc' })).json();
    expect(list.data.rows.map((r: { studentNumber: string }) => r.studentNumber)).toContain(made.first);
    const response = await t.get(`/api/system/students/export?search=${encodeURIComponent(JSON.stringify({ keyword: made.first }))}`, { token: admin, headers: EN });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).getCell(1).value).toBe('Student number');
    expect(book.worksheets[0]!.getRow(2).getCell(1).value).toBe(made.first);
  });

  it('deletes a student with their account and the parent account left without a child, and keeps a shared parent', async () => {
    const [{ id }] = await rows<{ id: number }>(sql`SELECT id FROM students WHERE student_number = ${made.first}`);
    expect((await call('/api/system/students/delete', { ids: [id] })).json()).toMatchObject({ result: true, msg: '删除成功' });
    expect(await rows(sql`SELECT 1 FROM users WHERE account IN (${made.first}, ${`jz${made.first}`})`)).toEqual([]);
    // The sibling linked to jz201911001: the parent keeps the account (201911001 is still their child).
    const [sibling] = await rows<{ id: number }>(sql`SELECT s.id FROM students s WHERE s.name = '张小红'`);
    expect((await call('/api/system/students/delete', { ids: [sibling!.id] })).json().result).toBe(true);
    expect(await rows(sql`SELECT 1 FROM users WHERE account = 'jz201911001'`)).toHaveLength(1);
  });

  it('refuses a student with elective records, saying which, and deletes nothing of the batch', async () => {
    const [keep] = await rows<{ id: number }>(sql`SELECT id FROM students WHERE student_number = '201911001'`);
    const [other] = await rows<{ id: number }>(sql`SELECT id FROM students WHERE student_number = ${made.second}`);
    const refused = (await call('/api/system/students/delete', { ids: [other!.id, keep!.id] }, admin, EN)).json();
    expect(refused.msg).toBe('The student 201911001 has elective course records, which must be kept; the student cannot be deleted');
    expect(await rows(sql`SELECT 1 FROM students WHERE student_number = ${made.second}`)).toHaveLength(1);
  });
});
