import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/helpers.ts';

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

async function userId(account: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM users WHERE account = ${account}`);
  return row!.id;
}

describe('users list', () => {
  it('pages, searches by keyword, type and role, and sorts', async () => {
    const first = (await call('/api/system/users/page', { currPage: 0, limit: 10 })).json();
    expect(first.result).toBe(true);
    expect(first.data.total).toBeGreaterThan(1500);
    expect(first.data.rows).toHaveLength(10);
    const admins = (await call('/api/system/users/page', { currPage: 0, limit: 10, search: { keyword: 'admin' } })).json();
    expect(admins.data.rows[0]).toMatchObject({ account: 'admin', userType: 1, enabled: true, roles: [expect.objectContaining({ code: 'admin' })] });
    const teachers = (await call('/api/system/users/page', { currPage: 0, limit: 500, search: JSON.stringify({ userType: 3, roleCode: 'class_teacher' }) })).json();
    expect(teachers.data.rows.map((r: { account: string }) => r.account)).toContain('T0002');
    expect(teachers.data.rows.every((r: { userType: number }) => r.userType === 3)).toBe(true);
    const sorted = (await call('/api/system/users/page', { currPage: 0, limit: 20, sortField: 'account', order: 'asc' })).json();
    const accounts = sorted.data.rows.map((r: { account: string }) => r.account);
    expect(accounts).toEqual([...accounts].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('refuses bad search JSON and unknown sort columns in the caller’s language', async () => {
    expect((await call('/api/system/users/page', { currPage: 0, limit: 10, search: '{x' }, admin, EN)).json()).toMatchObject({ result: false, msg: 'The search conditions could not be read' });
    expect((await call('/api/system/users/page', { currPage: 0, limit: 10, sortField: 'password_hash', order: 'asc' })).json()).toMatchObject({ result: false, msg: '该列不支持排序' });
  });

  it('is refused to a teacher, whose menus do not hold the page', async () => {
    const teacher = await t.login('T0001');
    const response = await call('/api/system/users/page', { currPage: 0, limit: 10 }, teacher);
    expect(response.statusCode).toBe(403);
    expect(response.json().data).toBeNull();
  });
});

describe('creating and changing users', () => {
  it('creates a teacher with roles who can then log in; the account is unique whatever its case', async () => {
    const created = (
      await call('/api/system/users/create', { account: 'T9001', displayName: '新老师', userType: 3, password: 'abc123', roleCodes: ['teacher'] })
    ).json();
    expect(created).toMatchObject({ result: true, msg: '新增成功' });
    const token = await t.login('T9001', 'abc123');
    const permission = (await t.post('/ms/getPermission', undefined, { token })).json().data;
    expect(permission.roles).toEqual(['teacher']);
    const again = await call('/api/system/users/create', { account: 't9001', displayName: 'x', userType: 3, password: 'abc123' }, admin, EN);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('This account already exists');
  });

  it('checks every field with the shared rules and writes nothing on a refusal', async () => {
    const bad = [
      [{ account: '', displayName: 'x', userType: 3, password: 'abc123' }, 'The account is required'],
      [{ account: 'a b', displayName: 'x', userType: 3, password: 'abc123' }, 'letters, digits'],
      [{ account: 'T9002', displayName: ' ', userType: 3, password: 'abc123' }, 'The name is required'],
      [{ account: 'T9002', displayName: 'x', userType: 9, password: 'abc123' }, 'Please choose the user type'],
      [{ account: 'T9002', displayName: 'x', userType: 3, password: 'abcdef' }, '6 to 12 characters'],
      [{ account: 'T9002', displayName: 'x', userType: 3, password: 'abc1234567890' }, '6 to 12 characters'],
      [{ account: 'T9002', displayName: 'x', userType: 3, password: 'abc123', roleCodes: ['no_such_role'] }, 'A chosen role does not exist'],
    ] as const;
    for (const [payload, message] of bad) {
      const body = (await call('/api/system/users/create', payload, admin, EN)).json();
      expect(body.result, JSON.stringify(payload)).toBe(false);
      expect(body.msg).toContain(message);
    }
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM users WHERE account = 'T9002'`)).toEqual([]);
  });

  it('modifies name, type and roles; disabling ends the sessions (50012) and the admin cannot disable themself', async () => {
    const id = await userId('T9001');
    const token = await t.login('T9001', 'abc123');
    const updated = (await call('/api/system/users/update', { id, displayName: '改名老师', userType: 3, enabled: false, roleCodes: ['teacher', 'class_teacher'] })).json();
    expect(updated).toMatchObject({ result: true, msg: '修改成功' });
    const after = (await call('/api/system/users/get', { id })).json().data;
    expect(after).toMatchObject({ displayName: '改名老师', enabled: false });
    expect(after.roles.map((r: { code: string }) => r.code).sort()).toEqual(['class_teacher', 'teacher']);
    const refused = (await t.post('/ms/getPermission', undefined, { token })).json();
    expect(refused.code).toBe(50012);
    expect((await t.post('/api/login/v4', { username: 'T9001', password: 'abc123' })).json().result).toBe(false);

    const self = await userId('admin');
    expect((await call('/api/system/users/enable', { ids: [self], enabled: false }, admin, EN)).json()).toMatchObject({ result: false, msg: 'You cannot disable your own account' });
    expect((await call('/api/system/users/enable', { ids: [id], enabled: true })).json().result).toBe(true);
    expect(await t.login('T9001', 'abc123')).toBeTruthy();
  });

  it('resets a password to the rule and ends the user’s sessions', async () => {
    const id = await userId('T9001');
    const token = await t.login('T9001', 'abc123');
    expect((await call('/api/system/users/resetPassword', { id, password: 'short' }, admin, EN)).json().msg).toContain('6 to 12 characters');
    expect((await call('/api/system/users/resetPassword', { id, password: 'New2026x' })).json().result).toBe(true);
    expect((await t.post('/ms/getPermission', undefined, { token })).json().code).toBe(50014);
    expect(await t.login('T9001', 'New2026x')).toBeTruthy();
  });

  it('needs the edit permission, not only the page, to change anything', async () => {
    // A role that holds the users page but not its edit button.
    await t.database.db.execute(sql`INSERT INTO roles (code, name) VALUES ('user_viewer', '用户查看')`);
    await t.database.db.execute(sql`
      INSERT INTO role_menus (role_id, menu_id)
      SELECT r.id, m.id FROM roles r, menus m WHERE r.code = 'user_viewer' AND m.code IN ('system', 'system.user')`);
    await call('/api/system/users/create', { account: 'viewer1', displayName: '查看员', userType: 1, password: 'view123', roleCodes: ['user_viewer'] });
    const viewer = await t.login('viewer1', 'view123');
    expect((await call('/api/system/users/page', { currPage: 0, limit: 10 }, viewer)).json().result).toBe(true);
    const refused = await call('/api/system/users/update', { id: await userId('T9001'), displayName: 'x', userType: 3, enabled: true }, viewer, EN);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('You have no right to edit/delete this data');
    const deleteRefused = await call('/api/system/users/delete', { ids: [await userId('T9001')] }, viewer, EN);
    expect(deleteRefused.json().msg).toBe('You have no right to edit/delete this data');
    // The edit and delete buttons are permissions, never menu entries.
    const payload = (await t.post('/ms/getPermission', undefined, { token: admin })).json().data;
    expect(payload.permission).toEqual(expect.arrayContaining(['system:user', 'system:user:edit', 'system:user:delete']));
    const system = payload.menus.find((m: { menuurl: string }) => m.menuurl === '/xtgl');
    const usersMenu = system.menus.find((m: { menuurl: string }) => m.menuurl === '/xtgl/yhgl');
    expect(usersMenu.menus ?? []).toEqual([]);
  });
});

describe('deleting users', () => {
  it('refuses the own account and accounts of student, parent or staff records; deletes the rest', async () => {
    expect((await call('/api/system/users/delete', { ids: [await userId('admin')] }, admin, EN)).json().msg).toBe('You cannot delete your own account');
    const linked = (await call('/api/system/users/delete', { ids: [await userId('T9001'), await userId('201911001')] }, admin, EN)).json();
    expect(linked.result).toBe(false);
    expect(linked.msg).toContain('201911001');
    // Nothing was deleted: the refusal covers the whole batch.
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM users WHERE account = 'T9001'`)).toHaveLength(1);
    expect((await call('/api/system/users/delete', { ids: [] }, admin, EN)).json().msg).toBe('Please select the data first');
    expect((await call('/api/system/users/delete', { ids: [await userId('T9001')] })).json()).toMatchObject({ result: true, msg: '删除成功' });
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM users WHERE account = 'T9001'`)).toEqual([]);
    expect((await call('/api/system/users/get', { id: 99999999 }, admin, EN)).json()).toMatchObject({ result: false, msg: 'Data does not exist' });
  });
});

describe('export', () => {
  it('downloads the searched list as an Excel file with headers in the caller’s language', async () => {
    const response = await t.get(`/api/system/users/export?search=${encodeURIComponent(JSON.stringify({ keyword: 'T000' }))}&sortField=account&order=asc`, { token: admin, headers: EN });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="Users-\d{8}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Account', 'Name', 'User type', 'Roles', 'Enabled', 'Created']);
    expect(sheet.getRow(2).getCell(1).value).toBe('T0001');
    expect(sheet.rowCount).toBeGreaterThan(5);
    const bad = await t.get('/api/system/users/export?search=%7Bx', { token: admin });
    expect(bad.json().result).toBe(false);
    const teacher = await t.login('T0001', DEMO_PASSWORD);
    expect((await t.get('/api/system/users/export', { token: teacher })).statusCode).toBe(403);
  });
});
