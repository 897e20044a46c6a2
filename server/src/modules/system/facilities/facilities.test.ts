import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { seedCampus } from '../../../db/seed/campus.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';

/** Campuses, buildings and classrooms (this module), courses and grade-course hours (../courses). */

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
const rows = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(t.database.db, query);
const idOf = async (table: string, code: string) => Number((await rows(sql`SELECT id FROM ${sql.identifier(table)} WHERE code = ${code}`))[0]!.id);

async function sheetOf(url: string) {
  const response = await t.get(url, { token: admin, headers: EN });
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

async function expectRefusals(url: string, cases: [object, string][]) {
  for (const [payload, message] of cases) {
    const body = (await call(url, payload, admin, EN)).json();
    expect(body.result, JSON.stringify(payload).slice(0, 120)).toBe(false);
    expect(body.msg).toContain(message);
  }
}

describe('demo data', () => {
  it('fills campus details, buildings, group profiles and grade-course hours once', async () => {
    const count = async () => (await rows(sql`SELECT (SELECT count(*) FROM buildings) + (SELECT count(*) FROM campus_profiles) + (SELECT count(*) FROM research_group_members) + (SELECT count(*) FROM grade_course_hours) AS n`))[0]!.n;
    const before = Number(await count());
    expect(before).toBeGreaterThan(100);
    await t.database.db.transaction((tx) => seedCampus(tx));
    expect(Number(await count())).toBe(before);
  });
});

describe('campuses', () => {
  it('lists campuses with their details and area name', async () => {
    const body = (await call('/api/system/campuses/page', { currPage: 0, limit: 10 })).json();
    expect(body.data.total).toBe(2);
    expect(body.data.rows[0]).toMatchObject({ code: 'campus-1', name: '东校区', postalCode: '100083', areaCode: '110108', areaName: '海淀区', floorArea: 58600 });
  });

  it('checks every field (postal code exactly 6 digits) and writes nothing on refusal', async () => {
    const base = { code: 'campus-3', name: '南校区', address: '北京市东城区', phone: '010-65551234', areaCode: '110101', floorArea: 12000, postalCode: '100010', personInCharge: '赵敏', instrumentValue: 1000000, fixedAssetsValue: 5000000, sort: 3 };
    await expectRefusals('/api/system/campuses/create', [
      [{ ...base, postalCode: '10001' }, 'The postal code must be exactly 6 digits'],
      [{ ...base, postalCode: '1000100' }, 'The postal code must be exactly 6 digits'],
      [{ ...base, postalCode: '10001a' }, 'The postal code must be exactly 6 digits'],
      [{ ...base, phone: 'call me' }, 'The phone may hold digits'],
      [{ ...base, areaCode: '999999' }, 'The chosen area does not exist'],
      [{ ...base, floorArea: -1 }, 'Please enter a non-negative number'],
      [{ ...base, name: '' }, 'Name cannot be null'],
      [{ ...base, code: 'campus-1' }, 'Code has already been occupied'],
      [{ ...base, sort: -1 }, 'from 0 to 9999'],
    ]);
    expect(await rows(sql`SELECT 1 FROM org_units WHERE code = 'campus-3'`)).toEqual([]);
    const created = (await call('/api/system/campuses/create', base)).json();
    expect(created.result).toBe(true);
    const got = (await call('/api/system/campuses/get', { id: created.data.id })).json().data;
    expect(got).toMatchObject({ name: '南校区', areaName: '东城区', instrumentValue: 1000000, personInCharge: '赵敏' });
    expect((await call('/api/system/campuses/update', { ...got, postalCode: '', address: '北京市东城区南河沿大街 1 号' })).json().result).toBe(true);
    expect((await call('/api/system/campuses/get', { id: created.data.id })).json().data).toMatchObject({ postalCode: null, address: '北京市东城区南河沿大街 1 号' });
  });

  it('refuses to delete a campus with classes, staff or buildings; deletes an empty one', async () => {
    expect((await call('/api/system/campuses/delete', { ids: [await idOf('org_units', 'campus-1')] }, admin, EN)).json().msg).toContain('still has classes');
    const south = await idOf('org_units', 'campus-3');
    await t.database.db.execute(sql`INSERT INTO buildings (code, name, campus_id, floors) VALUES ('S-A', '南楼', ${south}, 3)`);
    expect((await call('/api/system/campuses/delete', { ids: [south] }, admin, EN)).json().msg).toBe('The campus 南校区 still has buildings and cannot be deleted');
    await t.database.db.execute(sql`DELETE FROM buildings WHERE code = 'S-A'`);
    await t.database.db.execute(sql`UPDATE staff SET campus_id = ${south} WHERE id = (SELECT min(id) FROM staff)`);
    expect((await call('/api/system/campuses/delete', { ids: [south] }, admin, EN)).json().msg).toContain('still has staff');
    await t.database.db.execute(sql`UPDATE staff SET campus_id = ${await idOf('org_units', 'campus-1')} WHERE campus_id = ${south}`);
    expect((await call('/api/system/campuses/delete', { ids: [south] })).json().result).toBe(true);
    expect(await rows(sql`SELECT 1 FROM campus_profiles WHERE org_unit_id = ${south}`)).toEqual([]);
    // Only campuses are deleted from this screen.
    expect((await call('/api/system/campuses/delete', { ids: [await idOf('org_units', 'dept-it')] }, admin, EN)).json().msg).toBe('Data does not exist');
  });

  it('exports campuses', async () => {
    const sheet = await sheetOf('/api/system/campuses/export');
    expect(sheet.getRow(1).getCell(7).value).toBe('Postal code');
    expect(sheet.getRow(2).getCell(7).value).toBe('100083');
  });
});

describe('buildings and classrooms', () => {
  it('checks building fields: code unique, campus, floors 1..200, usage', async () => {
    const campus = await idOf('org_units', 'campus-1');
    const base = { code: 'E-TS', name: '图书馆', campusId: campus, floors: 4, usage: 'teaching', enabled: true, sort: 9, remark: '' };
    await expectRefusals('/api/system/buildings/create', [
      [{ ...base, floors: 0 }, 'from 1 to 200'],
      [{ ...base, floors: 201 }, 'from 1 to 200'],
      [{ ...base, usage: 'casino' }, 'Please choose the usage'],
      [{ ...base, campusId: undefined }, 'Please choose the campus'],
      [{ ...base, campusId: await idOf('org_units', 'dept-it') }, 'The chosen campus does not exist'],
      [{ ...base, code: 'e-qm' }, 'Code has already been occupied'],
      [{ ...base, remark: 'x'.repeat(301) }, 'The value is too long'],
    ]);
    expect((await call('/api/system/buildings/create', base)).json().result).toBe(true);
    const list = (await call('/api/system/buildings/page', { currPage: 0, limit: 20, search: { campusId: campus } })).json();
    expect(list.data.rows.find((b: { code: string }) => b.code === 'E-QM').classroomCount).toBeGreaterThan(0);
  });

  it('adds a classroom in a building; capacity 0..1000; a building with classrooms stays', async () => {
    const campus = await idOf('org_units', 'campus-1');
    const base = { code: 'E-TS-101', name: '图书馆阅览室', building: '图书馆', campusId: campus, capacity: 80 };
    await expectRefusals('/api/system/classrooms/create', [
      [{ ...base, capacity: 1001 }, 'from 0 to 1000'],
      [{ ...base, capacity: -1 }, 'from 0 to 1000'],
      [{ ...base, campusId: '' }, 'Please choose the campus'],
      [{ ...base, code: 'E081' }, 'Code has already been occupied'],
    ]);
    const created = (await call('/api/system/classrooms/create', base)).json();
    expect(created.result).toBe(true);
    const building = await idOf('buildings', 'E-TS');
    expect((await call('/api/system/buildings/delete', { ids: [building] }, admin, EN)).json().msg).toBe('The building 图书馆 still has classrooms and cannot be deleted');
    // Renaming the building takes its classrooms along.
    const got = (await call('/api/system/buildings/get', { id: building })).json().data;
    expect((await call('/api/system/buildings/update', { ...got, name: '图书楼' })).json().result).toBe(true);
    expect((await call('/api/system/classrooms/get', { id: created.data.id })).json().data.building).toBe('图书楼');
    expect((await call('/api/system/classrooms/delete', { ids: [created.data.id] })).json().result).toBe(true);
    expect((await call('/api/system/buildings/delete', { ids: [building] })).json().result).toBe(true);
  });

  it('refuses to delete a classroom used by a class or by the timetable, in both languages', async () => {
    const classRoom = Number((await rows(sql`SELECT classroom_id FROM classes WHERE classroom_id IS NOT NULL LIMIT 1`))[0]!.classroom_id);
    expect((await call('/api/system/classrooms/delete', { ids: [classRoom] }, admin, EN)).json().msg).toContain('is the room of a class');
    expect((await call('/api/system/classrooms/delete', { ids: [classRoom] })).json().msg).toContain('是班级的教室');
    const gym = await idOf('classrooms', 'S4');
    expect((await call('/api/system/classrooms/delete', { ids: [gym] }, admin, EN)).json().msg).toContain('is used by the timetable');
  });

  it('exports and guards by permission', async () => {
    const sheet = await sheetOf('/api/system/classrooms/export?sortField=code&order=asc');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Code', 'Name', 'Building', 'Campus', 'Capacity', 'Classes at once']);
    const buildingsSheet = await sheetOf('/api/system/buildings/export');
    expect(buildingsSheet.getRow(2).getCell(5).value).toBe('Teaching');
    const teacher = await t.login('T0001');
    expect((await call('/api/system/buildings/page', { currPage: 0, limit: 10 }, teacher)).statusCode).toBe(403);
    const refused = await call('/api/system/classrooms/create', { code: 'X1', name: 'x', campusId: 1 }, teacher, EN);
    expect(refused.json().msg).toBe('You have no right to edit/delete this data');
  });
});

describe('courses and grade-course hours', () => {
  it('checks course fields (sort 0..9999, group exists) and refuses to delete a course in use', async () => {
    const base = { code: 'astronomy', name: '天文', nameEn: 'Astronomy', researchGroupId: await idOf('org_units', 'group-4'), isElective: true, sort: 9999 };
    await expectRefusals('/api/system/courses/create', [
      [{ ...base, sort: 10000 }, 'from 0 to 9999'],
      [{ ...base, sort: 1.5 }, 'from 0 to 9999'],
      [{ ...base, researchGroupId: await idOf('org_units', 'dept-it') }, 'The chosen teaching-research group does not exist'],
      [{ ...base, code: 'MATHS' }, 'Code has already been occupied'],
      [{ ...base, name: '' }, 'Name cannot be null'],
    ]);
    const created = (await call('/api/system/courses/create', base)).json();
    expect(created.result).toBe(true);
    expect((await call('/api/system/courses/page', { currPage: 0, limit: 10, search: { isElective: true, keyword: 'astro' } })).json().data.rows).toHaveLength(1);
    expect((await call('/api/system/courses/delete', { ids: [await idOf('courses', 'maths')] }, admin, EN)).json().msg).toBe('The course 数学 is used by the timetable and cannot be deleted');
    const term = Number((await rows(sql`SELECT id FROM terms WHERE code = '2026-2027-2'`))[0]!.id);
    const grade = Number((await rows(sql`SELECT id FROM grades WHERE code = 'G08'`))[0]!.id);
    const hours = (await call('/api/system/gradeCourseHours/create', { termId: term, gradeId: grade, courseId: created.data.id, weeklyHours: 1 })).json();
    expect(hours.result).toBe(true);
    expect((await call('/api/system/courses/delete', { ids: [created.data.id] }, admin, EN)).json().msg).toBe('The course 天文 has grade-course hours and cannot be deleted');
    expect((await call('/api/system/gradeCourseHours/delete', { ids: [hours.data.id] })).json().result).toBe(true);
    expect((await call('/api/system/courses/delete', { ids: [created.data.id] })).json().result).toBe(true);
  });

  it('grade-course hours: 0..40 a week, unique per term, grade and course', async () => {
    const term = Number((await rows(sql`SELECT id FROM terms WHERE code = '2026-2027-2'`))[0]!.id);
    const grade = Number((await rows(sql`SELECT id FROM grades WHERE code = 'G08'`))[0]!.id);
    const base = { termId: term, gradeId: grade, courseId: await idOf('courses', 'maths'), weeklyHours: 6 };
    await expectRefusals('/api/system/gradeCourseHours/create', [
      [{ ...base, weeklyHours: 41 }, 'from 0 to 40'],
      [{ ...base, weeklyHours: -1 }, 'from 0 to 40'],
      [{ ...base, termId: undefined }, 'Please choose the term'],
      [{ ...base, courseId: 999999 }, 'The chosen term, grade or course does not exist'],
    ]);
    const created = (await call('/api/system/gradeCourseHours/create', base)).json();
    expect(created.result).toBe(true);
    expect((await call('/api/system/gradeCourseHours/create', base, admin, EN)).json().msg).toBe('This grade already has hours for this course in this term');
    const got = (await call('/api/system/gradeCourseHours/get', { id: created.data.id })).json().data;
    expect(got).toMatchObject({ gradeName: '初二', courseName: '数学', weeklyHours: 6 });
    expect((await call('/api/system/gradeCourseHours/update', { ...got, weeklyHours: 40 })).json().result).toBe(true);
    // The current term's demo hours exist per grade.
    const current = (await call('/api/system/gradeCourseHours/page', { currPage: 0, limit: 100, search: { gradeId: grade, termId: Number((await rows(sql`SELECT id FROM terms WHERE is_current`))[0]!.id) } })).json();
    expect(current.data.rows.find((r: { courseName: string }) => r.courseName === '数学').weeklyHours).toBe(6);
    const sheet = await sheetOf('/api/system/gradeCourseHours/export');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Term', 'Grade', 'Course', 'Weekly hours']);
  });

  it('answers the option lists to any logged-in user, names in their language', async () => {
    const teacher = await t.login('T0001');
    const options = (await call('/api/system/campusOptions', {}, teacher, EN)).json().data;
    expect(options.campuses.map((c: { name: string }) => c.name)).toEqual(['East campus', 'West campus']);
    expect(options.terms.find((x: { kind: string }) => x.kind === 'current')).toBeTruthy();
    expect(options.buildings.length).toBeGreaterThan(3);
  });
});
