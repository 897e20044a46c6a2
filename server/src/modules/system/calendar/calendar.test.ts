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

const termId = async (code: string) => Number((await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM terms WHERE code = ${code}`))[0]!.id);
const yearId = async (code: string) => Number((await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM school_years WHERE code = ${code}`))[0]!.id);
const currentCodes = async () => (await queryRows<{ code: string }>(t.database.db, sql`SELECT code FROM terms WHERE is_current`)).map((r) => r.code);

describe('school years', () => {
  it('lists the seeded years with their terms and the current flag', async () => {
    const body = (await call('/api/system/schoolYears/page', { currPage: 0, limit: 10 })).json();
    expect(body.result).toBe(true);
    expect(body.data.rows[0]).toMatchObject({ code: '2026-2027', startDate: '2026-08-01', endDate: '2027-07-31', termCount: 2, hasCurrent: true });
  });

  it('checks code, dates (real days, year 2000-9999, end after start) and writes nothing on refusal', async () => {
    const bad: [object, string][] = [
      [{ code: '2030', name: '2030学年', startDate: '2030-08-01', endDate: '2031-07-31' }, 'The school-year code looks like 2026-2027'],
      [{ code: '2030-2031', name: '', startDate: '2030-08-01', endDate: '2031-07-31' }, 'Name cannot be null'],
      [{ code: '2030-2031', name: '2030<学年>', startDate: '2030-08-01', endDate: '2031-07-31' }, 'The name may not contain special characters'],
      [{ code: '2030-2031', name: '2030学年', startDate: '2030-02-30', endDate: '2031-07-31' }, 'The date must be a real day written YYYY-MM-DD'],
      [{ code: '2030-2031', name: '2030学年', startDate: '1999-08-01', endDate: '2031-07-31' }, 'The year must be from 2000 to 9999'],
      [{ code: '2030-2031', name: '2030学年', startDate: '2031-08-01', endDate: '2031-07-31' }, 'The end date must be after the start date'],
      [{ code: '2026-2027', name: '重复', startDate: '2030-08-01', endDate: '2031-07-31' }, 'Code has already been occupied'],
    ];
    for (const [payload, message] of bad) {
      const body = (await call('/api/system/schoolYears/create', payload, admin, EN)).json();
      expect(body.result, JSON.stringify(payload)).toBe(false);
      expect(body.msg).toContain(message);
    }
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM school_years WHERE code = '2030-2031'`)).toEqual([]);
  });

  it('creates and modifies a year; its terms must stay inside it', async () => {
    const created = (await call('/api/system/schoolYears/create', { code: '2027-2028', name: '2027-2028学年', startDate: '2027-08-01', endDate: '2028-07-31' })).json();
    expect(created).toMatchObject({ result: true, msg: '新增成功' });
    const id = created.data.id;
    expect((await call('/api/system/terms/create', { schoolYearId: id, code: '2027-2028-1', name: '2027-2028学年第一学期', startDate: '2027-09-01', endDate: '2028-01-20', weekCount: 20 })).json().result).toBe(true);
    const shrink = (await call('/api/system/schoolYears/update', { id, code: '2027-2028', name: '2027-2028学年', startDate: '2027-10-01', endDate: '2028-07-31' }, admin, EN)).json();
    expect(shrink.msg).toContain('still has terms that lie outside');
    expect((await call('/api/system/schoolYears/update', { id, code: '2027-2028', name: '二〇二七学年', startDate: '2027-08-15', endDate: '2028-07-31' })).json().result).toBe(true);
    expect((await call('/api/system/schoolYears/get', { id })).json().data).toMatchObject({ name: '二〇二七学年', startDate: '2027-08-15' });
  });
});

describe('terms', () => {
  it('checks code format, the year, dates inside the year and 1..30 weeks', async () => {
    const year = await yearId('2027-2028');
    const base = { schoolYearId: year, code: '2027-2028-2', name: '第二学期', startDate: '2028-02-20', endDate: '2028-07-10', weekCount: 20 };
    const bad: [object, string][] = [
      [{ ...base, code: '2027-2' }, 'The term code looks like 2026-2027-1'],
      [{ ...base, code: '2026-2027-9' }, 'must start with the code of its school year (2027-2028)'],
      [{ ...base, weekCount: 0 }, 'from 1 to 30'],
      [{ ...base, weekCount: 31 }, 'from 1 to 30'],
      [{ ...base, weekCount: 2.5 }, 'from 1 to 30'],
      [{ ...base, endDate: '2028-08-10' }, 'inside its school year (2027-08-15 to 2028-07-31)'],
      [{ ...base, startDate: '2028-07-10', endDate: '2028-02-20' }, 'The end date must be after the start date'],
      [{ ...base, schoolYearId: 999999 }, 'The school year does not exist'],
      [{ ...base, code: '2027-2028-1' }, 'Code has already been occupied'],
    ];
    for (const [payload, message] of bad) {
      const body = (await call('/api/system/terms/create', payload, admin, EN)).json();
      expect(body.result, JSON.stringify(payload)).toBe(false);
      expect(body.msg).toContain(message);
    }
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM terms WHERE code = '2027-2028-2'`)).toEqual([]);
  });

  it('keeps exactly one current term: setting one current clears the other in the same transaction', async () => {
    expect(await currentCodes()).toEqual(['2026-2027-1']);
    const id = await termId('2027-2028-1');
    expect((await call('/api/system/terms/setCurrent', { id }, admin, EN)).json()).toMatchObject({ result: true, msg: 'The current term was changed' });
    expect(await currentCodes()).toEqual(['2027-2028-1']);
    // Saving the current term as not current is refused: another term must be made current instead.
    const term = (await call('/api/system/terms/get', { id })).json().data;
    const refused = (await call('/api/system/terms/update', { ...term, isCurrent: false }, admin, EN)).json();
    expect(refused.msg).toBe('Exactly one term is current: set another term current instead');
    // Modifying another term with isCurrent moves the flag back.
    const back = (await call('/api/system/terms/get', { id: await termId('2026-2027-1') })).json().data;
    expect((await call('/api/system/terms/update', { ...back, isCurrent: true })).json().result).toBe(true);
    expect(await currentCodes()).toEqual(['2026-2027-1']);
  });

  it('lists terms of a year and derives the weeks from the start date and week count', async () => {
    const list = (await call('/api/system/terms/page', { currPage: 0, limit: 10, search: { schoolYearId: await yearId('2026-2027') } })).json();
    expect(list.data.rows.map((r: { code: string }) => r.code).sort()).toEqual(['2026-2027-1', '2026-2027-2']);
    const weeks = (await call('/api/system/terms/weeks', { id: await termId('2026-2027-1') })).json().data;
    expect(weeks).toHaveLength(21);
    expect(weeks[0]).toEqual({ week: 1, startDate: '2026-08-31', endDate: '2026-09-06' });
    expect(weeks[20]).toEqual({ week: 21, startDate: '2027-01-18', endDate: '2027-01-24' });
  });

  it('refuses to delete the current term or a year holding it, in both languages', async () => {
    const current = await termId('2026-2027-1');
    const zh = (await call('/api/system/terms/delete', { ids: [current] })).json();
    expect(zh).toMatchObject({ result: false, msg: '所选学期包含当前学期，不能删除' });
    const en = (await call('/api/system/terms/delete', { ids: [current, await termId('2027-2028-1')] }, admin, EN)).json();
    expect(en.msg).toBe('The selected semester includes the current semester and cannot be deleted');
    const year = (await call('/api/system/schoolYears/delete', { ids: [await yearId('2026-2027')] }, admin, EN)).json();
    expect(year.msg).toBe('The selected semester includes the current semester and cannot be deleted');
    // Nothing was deleted by the refused batch.
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM terms WHERE code = '2027-2028-1'`)).toHaveLength(1);
  });

  it('refuses to delete a term that already has teaching classes, in both languages', async () => {
    const taught = await termId('2025-2026-2');
    await t.database.db.execute(sql`
      INSERT INTO timetable_entries (term_id, class_id, day, period, course_id, week_to)
      SELECT ${taught}, (SELECT min(id) FROM classes), 1, 1, (SELECT min(id) FROM courses), 20`);
    const zh = (await call('/api/system/terms/delete', { ids: [taught] })).json();
    expect(zh).toMatchObject({ result: false, msg: '所选学年学期已存在教学班，不能删除' });
    const en = (await call('/api/system/schoolYears/delete', { ids: [await yearId('2025-2026')] }, admin, EN)).json();
    expect(en.msg).toBe('The selected academic term already has teaching classes and cannot be deleted');
    // Elective sessions count as teaching classes too.
    const other = await termId('2025-2026-1');
    await t.database.db.execute(sql`
      INSERT INTO elective_sessions (term_id, course_id, day, period, week_to) VALUES (${other}, (SELECT min(id) FROM courses), 4, 8, 18)`);
    expect((await call('/api/system/terms/delete', { ids: [other] }, admin, EN)).json().msg).toBe('The selected academic term already has teaching classes and cannot be deleted');
  });

  it('deletes a free term and a year with its free terms', async () => {
    const year = await yearId('2027-2028');
    expect((await call('/api/system/schoolYears/delete', { ids: [year] })).json()).toMatchObject({ result: true, msg: '删除成功' });
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM terms WHERE code = '2027-2028-1'`)).toEqual([]);
    expect((await call('/api/system/terms/delete', { ids: [999999] }, admin, EN)).json().msg).toBe('Data does not exist');
  });
});

describe('permissions and export', () => {
  it('is refused to a teacher and needs the edit permission to write', async () => {
    const teacher = await t.login('T0001');
    expect((await call('/api/system/terms/page', { currPage: 0, limit: 10 }, teacher)).statusCode).toBe(403);
    const refused = await call('/api/system/terms/setCurrent', { id: await termId('2026-2027-2') }, teacher, EN);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('You have no right to edit/delete this data');
    expect(await currentCodes()).toEqual(['2026-2027-1']);
  });

  it('exports the terms with headers in the caller’s language', async () => {
    const response = await t.get(`/api/system/terms/export?sortField=code&order=asc`, { token: admin, headers: EN });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Code', 'Name', 'English name', 'School year', 'Start date', 'End date', 'Weeks', 'Current term']);
    expect(sheet.getRow(2).getCell(1).value).toBe('2025-2026-1');
  });
});
