import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let admin: string;
const EN = { cookie: 'language=en' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, token = admin, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { 'x-token-xx': token, ...headers }, payload: payload as object });
const unitId = async (code: string) => Number((await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM org_units WHERE code = ${code}`))[0]!.id);
const rows = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(t.database.db, query);

async function loadWorkbook(url: string) {
  const response = await t.get(url, { token: admin, headers: EN });
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('organisation tree', () => {
  it('answers the tree: the school at the top, campuses, divisions, departments, groups below', async () => {
    const tree = (await call('/api/system/org/tree', {})).json().data;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ code: 'school', kind: 'school' });
    const kinds = tree[0].children.map((c: { kind: string }) => c.kind);
    expect(kinds).toEqual(expect.arrayContaining(['campus', 'division', 'department']));
    const academic = tree[0].children.find((c: { code: string }) => c.code === 'dept-academic');
    expect(academic.children.every((c: { kind: string }) => c.kind === 'researchGroup')).toBe(true);
  });

  it('adds a child, checks code, name and place, and modifies it', async () => {
    const school = await unitId('school');
    const base = { parentId: school, code: 'dept-library', name: '图书馆', kind: 'department', sort: 30, enabled: true };
    const bad: [object, string][] = [
      [{ ...base, code: '' }, 'The code is required'],
      [{ ...base, code: 'a b' }, 'letters, digits, underscore and hyphen'],
      [{ ...base, name: ' ' }, 'Name cannot be null'],
      [{ ...base, name: '图书<馆>' }, 'The name may not contain special characters'],
      [{ ...base, kind: 'shop' }, 'Please choose the kind of unit'],
      [{ ...base, sort: 10000 }, 'from 0 to 9999'],
      [{ ...base, code: 'DEPT-IT' }, 'Code has already been occupied'],
      [{ ...base, parentId: 999999 }, 'The parent unit does not exist'],
      [{ ...base, parentId: undefined }, 'Only the school may be at the top'],
      [{ ...base, kind: 'school', parentId: undefined }, 'Only the school may be at the top'],
    ];
    for (const [payload, message] of bad) {
      const body = (await call('/api/system/org/create', payload, admin, EN)).json();
      expect(body.result, JSON.stringify(payload)).toBe(false);
      expect(body.msg).toContain(message);
    }
    expect(await rows(sql`SELECT 1 FROM org_units WHERE code = 'dept-library'`)).toEqual([]);
    const created = (await call('/api/system/org/create', base)).json();
    expect(created).toMatchObject({ result: true, msg: '新增成功' });
    const child = (await call('/api/system/org/create', { ...base, parentId: created.data.id, code: 'dept-library-reading', name: '阅览室' })).json();
    expect(child.result).toBe(true);
    // A unit cannot go under itself or under one of its own units.
    const cycle = (await call('/api/system/org/update', { ...base, id: created.data.id, parentId: child.data.id }, admin, EN)).json();
    expect(cycle.msg).toBe('A unit cannot be placed under itself or one of its own units');
    expect((await call('/api/system/org/update', { ...base, id: created.data.id, name: '图书信息中心', enabled: false })).json()).toMatchObject({ result: true, msg: '修改成功' });
    expect((await call('/api/system/org/get', { id: created.data.id })).json().data).toMatchObject({ name: '图书信息中心', enabled: false });
  });

  it('refuses to delete a unit with children, staff, classes, grades or classrooms and says why', async () => {
    const cases: [string, string][] = [
      ['dept-library', 'still has lower units'],
      ['dept-it', 'still has staff'],
      ['division-2', 'Grade data exists under this system, cannot be deleted'],
      ['group-1', 'This Teaching and Research Team has been used by course'],
      ['campus-1', 'still has classes'],
    ];
    for (const [code, message] of cases) {
      const body = (await call('/api/system/org/delete', { ids: [await unitId(code)] }, admin, EN)).json();
      expect(body.result, code).toBe(false);
      expect(body.msg).toContain(message);
    }
    // A unit with only a classroom left on it says so.
    const school = await unitId('school');
    const lone = (await call('/api/system/org/create', { parentId: school, code: 'campus-9', name: '南校区', kind: 'campus', sort: 9, enabled: true })).json().data.id;
    await t.database.db.execute(sql`INSERT INTO classrooms (code, name, campus_id) VALUES ('S-9', '南校区报告厅', ${lone})`);
    expect((await call('/api/system/org/delete', { ids: [lone] }, admin, EN)).json().msg).toContain('still has classrooms');
    expect((await call('/api/system/org/delete', { ids: [lone] })).json().msg).toContain('还有教室');
    // The batch is all or nothing: the free child is not deleted with a refused unit.
    const reading = await unitId('dept-library-reading');
    expect((await call('/api/system/org/delete', { ids: [reading, await unitId('dept-it')] })).json().result).toBe(false);
    expect(await rows(sql`SELECT 1 FROM org_units WHERE code = 'dept-library-reading'`)).toHaveLength(1);
    expect((await call('/api/system/org/delete', { ids: [reading] })).json()).toMatchObject({ result: true, msg: '删除成功' });
    expect((await call('/api/system/org/delete', { ids: [await unitId('dept-library')] })).json().result).toBe(true);
  });

  it('exports the tree depth first', async () => {
    const sheet = await loadWorkbook('/api/system/org/export');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Code', 'Name', 'English name', 'Kind', 'Parent unit', 'Sort', 'Enabled']);
    expect(sheet.getRow(2).getCell(1).value).toBe('school');
    expect(sheet.getRow(2).getCell(4).value).toBe('School');
  });
});

describe('positions', () => {
  it('lists the positions of a unit, adds one for a staff member chosen by account, refuses duplicates, removes it', async () => {
    const group = await unitId('group-2');
    const list = (await call('/api/system/appointments/page', { currPage: 0, limit: 10, search: { orgUnitId: group } })).json();
    expect(list.data.rows.length).toBeGreaterThan(0);
    expect(list.data.rows[0]).toMatchObject({ kind: 'researchLeader', orgUnitId: group });
    const form = { orgUnitId: group, staffAccount: 'T0002', kind: 'lessonPrepHead', scopeName: '初二数学备课组' };
    const created = (await call('/api/system/appointments/create', form)).json();
    expect(created.result).toBe(true);
    expect((await call('/api/system/appointments/create', form, admin, EN)).json().msg).toBe('This staff member already holds this position here');
    expect((await call('/api/system/appointments/create', { ...form, staffAccount: 'nobody' }, admin, EN)).json().msg).toBe('The staff member nobody does not exist');
    expect((await call('/api/system/appointments/create', { ...form, staffAccount: '' }, admin, EN)).json().msg).toBe('Please choose the staff member');
    expect((await call('/api/system/appointments/create', { ...form, kind: 'king' }, admin, EN)).json().msg).toBe('Please choose the position');
    expect((await call('/api/system/appointments/delete', { ids: [created.data.id, 99999999] }, admin, EN)).json().msg).toBe('Data does not exist');
    expect((await call('/api/system/appointments/delete', { ids: [created.data.id] })).json().result).toBe(true);
    const sheet = await loadWorkbook(`/api/system/appointments/export?search=${encodeURIComponent(JSON.stringify({ orgUnitId: group }))}`);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Staff number', 'Name', 'Position', 'Scope', 'Unit']);
    expect(sheet.getRow(2).getCell(3).value).toBe('Teaching-research leader');
  });

  it('needs the organisation permissions', async () => {
    const teacher = await t.login('T0001');
    expect((await call('/api/system/org/tree', {}, teacher)).statusCode).toBe(403);
    const refused = await call('/api/system/appointments/create', { orgUnitId: await unitId('group-2'), staffAccount: 'T0001', kind: 'principal', scopeName: '全校' }, teacher, EN);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('You have no right to edit/delete this data');
  });
});

describe('departments (/rygl/bmgl)', () => {
  it('lists departments only, with their staff, and searches', async () => {
    const body = (await call('/api/records/departments/page', { currPage: 0, limit: 50 })).json();
    expect(body.data.total).toBe(5);
    expect(body.data.rows.map((r: { code: string }) => r.code)).toContain('dept-academic');
    const found = (await call('/api/records/departments/page', { currPage: 0, limit: 50, search: { keyword: '教务' } })).json();
    expect(found.data.rows).toHaveLength(1);
    expect(found.data.rows[0].staffCount).toBeGreaterThan(0);
  });

  it('requires code, name and the use flag; creates, modifies and deletes', async () => {
    const bad: [object, string][] = [
      [{ code: '', name: '后勤处', enabled: true }, 'The code is required'],
      [{ code: 'dept-logistics', name: '', enabled: true }, 'Name cannot be null'],
      [{ code: 'dept-logistics', name: '后勤处' }, 'Please choose whether the department is in use'],
      [{ code: 'dept-it', name: '后勤处', enabled: true }, 'Code has already been occupied'],
    ];
    for (const [payload, message] of bad) {
      const body = (await call('/api/records/departments/create', payload, admin, EN)).json();
      expect(body.result, JSON.stringify(payload)).toBe(false);
      expect(body.msg).toContain(message);
    }
    const created = (await call('/api/records/departments/create', { code: 'dept-logistics', name: '后勤处', enabled: true, sort: 30 })).json();
    expect(created.result).toBe(true);
    const got = (await call('/api/records/departments/get', { id: created.data.id })).json().data;
    expect(got).toMatchObject({ code: 'dept-logistics', parentName: '明德实验学校', enabled: true });
    expect((await call('/api/records/departments/update', { ...got, enabled: false })).json().result).toBe(true);
    // A department screen edits departments only.
    expect((await call('/api/records/departments/update', { id: await unitId('campus-1'), code: 'campus-1', name: 'x', enabled: true }, admin, EN)).json().msg).toBe('Data does not exist');
    expect((await call('/api/records/departments/delete', { ids: [await unitId('dept-it')] }, admin, EN)).json().msg).toContain('still has staff');
    expect((await call('/api/records/departments/delete', { ids: [created.data.id] })).json().result).toBe(true);
    const sheet = await loadWorkbook('/api/records/departments/export');
    expect(sheet.getRow(1).getCell(1).value).toBe('Code');
    expect(sheet.rowCount).toBe(6);
  });

  it('is refused to a teacher', async () => {
    const teacher = await t.login('T0001');
    expect((await call('/api/records/departments/page', { currPage: 0, limit: 10 }, teacher)).statusCode).toBe(403);
  });
});

describe('teaching-research groups', () => {
  it('lists the seeded groups with leader, course and members', async () => {
    const body = (await call('/api/system/researchGroups/page', { currPage: 0, limit: 50 })).json();
    expect(body.data.total).toBeGreaterThan(5);
    const maths = body.data.rows.find((r: { name: string }) => r.name === '数学组');
    expect(maths).toMatchObject({ courseName: '数学' });
    expect(maths.leader).toBeTruthy();
    expect(maths.members.length).toBeGreaterThan(0);
    expect(maths.members.map((m: { account: string }) => m.account)).not.toContain(maths.leader);
    // Every seeded group has its English name (groups shared with electives included).
    expect(body.data.rows.filter((r: { nameEn: string | null }) => !r.nameEn)).toEqual([]);
  });

  it('refuses a leader who is also a member (schema and resolved staff) and texts over 50 characters', async () => {
    const course = Number((await rows(sql`SELECT id FROM courses WHERE code = 'robotics'`))[0]!.id);
    const base = { code: 'group-robot', name: '机器人教研组', courseId: course, leader: 'T0001', members: ['T0002'], enabled: true, sort: 50, remark: '' };
    const bad: [object, string][] = [
      [{ ...base, members: ['T0002', 'T0001'] }, 'A member cannot also be the leader'],
      [{ ...base, name: '组'.repeat(51) }, 'The value is too long'],
      [{ ...base, code: 'g'.repeat(51) }, 'The value is too long'],
      [{ ...base, remark: '备'.repeat(51) }, 'The value is too long'],
      [{ ...base, leader: 'nobody' }, 'The staff member nobody does not exist'],
      [{ ...base, courseId: 999999 }, 'The chosen course does not exist'],
      [{ ...base, name: '' }, 'Name cannot be null'],
    ];
    for (const [payload, message] of bad) {
      const body = (await call('/api/system/researchGroups/create', payload, admin, EN)).json();
      expect(body.result, JSON.stringify(payload).slice(0, 80)).toBe(false);
      expect(body.msg).toContain(message);
    }
    expect((await call('/api/system/researchGroups/create', { ...base, members: ['T0001'] })).json()).toMatchObject({ result: false, msg: '组员不能同时是组长' });
    // The same person named by staff number and by account is still the same person.
    const staffNumber = String((await rows(sql`SELECT s.staff_number FROM staff s JOIN users u ON u.id = s.user_id WHERE u.account = 'T0001'`))[0]!.staff_number);
    expect((await call('/api/system/researchGroups/create', { ...base, members: [staffNumber] }, admin, EN)).json().msg).toBe('A member cannot also be the leader');
    expect(await rows(sql`SELECT 1 FROM org_units WHERE code = 'group-robot'`)).toEqual([]);
  });

  it('creates, modifies and deletes a group; a group used by a course cannot be deleted, in both languages', async () => {
    const created = (await call('/api/system/researchGroups/create', { code: 'group-robot', name: '机器人教研组', nameEn: 'Robotics group', leader: 'T0001', members: ['T0002'], enabled: true, sort: 50, remark: '每周四活动' })).json();
    expect(created).toMatchObject({ result: true, msg: '新增成功' });
    const id = created.data.id;
    const group = (await call('/api/system/researchGroups/get', { id })).json().data;
    expect(group).toMatchObject({ name: '机器人教研组', nameEn: 'Robotics group', leaderName: '王建国', members: [{ account: 'T0002', name: '李秀英' }], remark: '每周四活动' });
    // It sits where the other groups are (under the academic office).
    expect(group.parentId).toBe(await unitId('dept-academic'));
    expect((await call('/api/system/researchGroups/update', { ...group, leader: 'T0002', members: ['T0001'] })).json().result).toBe(true);
    expect((await call('/api/system/researchGroups/get', { id })).json().data).toMatchObject({ leaderName: '李秀英', members: [{ account: 'T0001' }] });

    await t.database.db.execute(sql`INSERT INTO courses (code, name, research_group_id) VALUES ('drone', '无人机', ${id})`);
    expect((await call('/api/system/researchGroups/delete', { ids: [id] }, admin, EN)).json()).toMatchObject({ result: false, msg: 'This Teaching and Research Team has been used by course' });
    expect((await call('/api/system/researchGroups/delete', { ids: [id] })).json().msg).toBe('该教研组已被课程使用');
    await t.database.db.execute(sql`DELETE FROM courses WHERE code = 'drone'`);
    expect((await call('/api/system/researchGroups/delete', { ids: [id] })).json().result).toBe(true);
    expect(await rows(sql`SELECT 1 FROM research_group_members WHERE org_unit_id = ${id}`)).toEqual([]);
    // Only groups are deleted from this screen.
    expect((await call('/api/system/researchGroups/delete', { ids: [await unitId('dept-it')] }, admin, EN)).json().msg).toBe('Data does not exist');
  });

  it('exports the groups and refuses a teacher', async () => {
    const sheet = await loadWorkbook('/api/system/researchGroups/export');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Code', 'Name', 'Course', 'Leader', 'Members', 'Enabled', 'Sort', 'Remarks']);
    const teacher = await t.login('T0001');
    const refused = await call('/api/system/researchGroups/delete', { ids: [await unitId('group-1')] }, teacher, EN);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('You have no right to edit/delete this data');
  });
});
