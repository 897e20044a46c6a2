import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/helpers.ts';
import { queryRows } from '../../../db/client.ts';

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

async function refs() {
  const options = (await call('/api/system/classes/options', {})).json().data;
  return { gradeId: options.grades[7].value as number, campusId: options.campuses[0].value as number, classroomId: options.classrooms[0].value as number };
}

describe('classes', () => {
  it('lists with grade, campus, class teacher and student count; searches and sorts', async () => {
    const page = (await call('/api/system/classes/page', { currPage: 0, limit: 50, search: { keyword: '初二' } })).json();
    expect(page.result).toBe(true);
    const demo = page.data.rows.find((r: { name: string }) => r.name === '初二(1)班');
    expect(demo).toMatchObject({ classTeacherNumber: 'T0002', gradeName: '初二', studentCount: 42 });
    const en = (await call('/api/system/classes/page', { currPage: 0, limit: 1, sortField: 'code', order: 'desc' }, admin, EN)).json();
    expect(en.data.total).toBe(36);
    expect(en.data.rows[0].campusName).toMatch(/campus/);
  });

  it('creates a class with a class teacher who gets the role and the data scope at once', async () => {
    const { gradeId, campusId, classroomId } = await refs();
    const teacher = await t.login('T0001', DEMO_PASSWORD);
    const created = (await call('/api/system/classes/create', { code: '202608099', name: '初二(9)班', shortName: '初二9班', gradeId, campusId, classroomId, classTeacherNumber: 'T0001', sort: 40 })).json();
    expect(created).toMatchObject({ result: true, msg: '新增成功' });
    const got = (await call('/api/system/classes/get', { id: created.data.id })).json().data;
    expect(got).toMatchObject({ code: '202608099', classTeacherNumber: 'T0001', studentCount: 0 });
    expect(await rows(sql`SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id JOIN users u ON u.id = ur.user_id WHERE u.account = 'T0001' AND r.code = 'class_teacher'`)).toHaveLength(1);
    // Changing the class teacher: T0001 loses the role (no other class), T0002 keeps theirs.
    const updated = (await call('/api/system/classes/update', { id: created.data.id, code: '202608099', name: '初二(9)班', gradeId, campusId, classTeacherNumber: 'T0002', sort: 40 })).json();
    expect(updated.result).toBe(true);
    expect(await rows(sql`SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id JOIN users u ON u.id = ur.user_id WHERE u.account = 'T0001' AND r.code = 'class_teacher'`)).toHaveLength(0);
    expect(teacher).toBeTruthy();
  });

  it('checks number, short name, references and uniqueness, writing nothing on a refusal', async () => {
    const { gradeId, campusId } = await refs();
    const base = { code: '202608098', name: '初二(8)班', gradeId, campusId, sort: 1 };
    const bad: [Record<string, unknown>, string][] = [
      [{ code: '' }, 'The class number is required'],
      [{ code: '12a' }, 'digits only, at most 30'],
      [{ code: '1'.repeat(31) }, 'digits only, at most 30'],
      [{ shortName: '一二三四五六七八九十十' }, 'at most 10 characters'],
      [{ gradeId: '' }, 'choose the grade'],
      [{ campusId: '' }, 'choose the campus'],
      [{ gradeId: 999999 }, 'grade does not exist'],
      [{ campusId: gradeId === campusId ? 999999 : 999998 }, 'campus does not exist'],
      [{ classTeacherNumber: 'NOPE' }, 'No staff member has the number NOPE'],
      [{ code: '202608099' }, 'The class number 202608099 already exists'],
      [{ sort: 100 }, 'from 0 to 99'],
      [{ name: '' }, 'Name cannot be null'],
    ];
    for (const [change, message] of bad) {
      const body = (await call('/api/system/classes/create', { ...base, ...change }, admin, EN)).json();
      expect(body.result, JSON.stringify(change)).toBe(false);
      expect(body.msg, JSON.stringify(change)).toContain(message);
    }
    expect((await call('/api/system/classes/create', { ...base, code: '1'.repeat(30), shortName: '一二三四五六七八九十' })).json().result).toBe(true);
    expect(await rows(sql`SELECT 1 FROM classes WHERE code = '202608098'`)).toEqual([]);
  });

  it('refuses to delete a class with students or a timetable and says why; deletes an empty one', async () => {
    const [demo] = await rows<{ id: number }>(sql`SELECT c.id FROM classes c WHERE c.name = '初二(1)班'`);
    expect((await call('/api/system/classes/delete', { ids: [demo!.id] }, admin, EN)).json().msg).toBe('The class 初二(1)班 still has 42 students and cannot be deleted');
    await t.database.db.execute(sql`UPDATE students SET class_id = NULL WHERE class_id = ${demo!.id}`);
    expect((await call('/api/system/classes/delete', { ids: [demo!.id] }, admin, EN)).json().msg).toBe('The class 初二(1)班 has timetable entries and cannot be deleted');
    const [empty] = await rows<{ id: number }>(sql`SELECT id FROM classes WHERE code = '202608099'`);
    expect((await call('/api/system/classes/delete', { ids: [empty!.id] })).json()).toMatchObject({ result: true, msg: '删除成功' });
    expect(await rows(sql`SELECT 1 FROM classes WHERE code = '202608099'`)).toEqual([]);
  });

  it('needs the page for reading and the edit and delete buttons for changes', async () => {
    const teacher = await t.login('T0002', DEMO_PASSWORD);
    expect((await call('/api/system/classes/page', { currPage: 0, limit: 10 }, teacher)).statusCode).toBe(403);
    const refused = await call('/api/system/classes/delete', { ids: [1] }, teacher, EN);
    expect(refused.json().msg).toBe('You have no right to edit/delete this data');
  });

  it('exports the list with headers in the caller’s language', async () => {
    const response = await t.get(`/api/system/classes/export?search=${encodeURIComponent(JSON.stringify({ keyword: '初二' }))}&sortField=code&order=asc`, { token: admin, headers: EN });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Class number', 'Class name', 'Short name']);
    expect(sheet.rowCount).toBe(5);
  });
});
