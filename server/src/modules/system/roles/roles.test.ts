import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function idOf(table: 'roles' | 'menus' | 'users', column: string, value: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${value}`);
  return row!.id;
}

const ROLE = { code: 'grade_office', name: '年级办公室', roleType: 'ordinary', enabled: true, sort: 5, remark: '' };

describe('roles', () => {
  it('creates, lists, modifies and refuses duplicate or malformed codes', async () => {
    expect((await call('/api/system/roles/create', ROLE)).json()).toMatchObject({ result: true, msg: '新增成功' });
    const listed = (await call('/api/system/roles/page', { currPage: 0, limit: 50, search: { keyword: 'grade_' } })).json();
    expect(listed.data.rows).toEqual([expect.objectContaining({ code: 'grade_office', name: '年级办公室', roleType: 'ordinary', userCount: 0 })]);
    const taken = await call('/api/system/roles/create', { ...ROLE, code: 'GRADE_OFFICE' }, admin, EN);
    expect(taken.json()).toMatchObject({ result: false, msg: 'Code has already been occupied' });
    for (const code of ['1abc', 'a-b', 'a b', '']) {
      const body = (await call('/api/system/roles/create', { ...ROLE, code }, admin, EN)).json();
      expect(body.result, code).toBe(false);
      expect(body.msg).toMatch(/start with a letter|code is required/);
    }
    expect((await call('/api/system/roles/create', { ...ROLE, code: 'x1', name: ' ' }, admin, EN)).json().msg).toBe('Name cannot be null');
    expect((await call('/api/system/roles/create', { ...ROLE, code: 'x1', roleType: 'dynamic' }, admin, EN)).json().msg).toBe('A dynamic role needs a SQL query or a stored procedure');
    const id = await idOf('roles', 'code', 'grade_office');
    expect((await call('/api/system/roles/update', { ...ROLE, id, name: '年级组' })).json().result).toBe(true);
    expect((await call('/api/system/roles/get', { id })).json().data).toMatchObject({ name: '年级组', menuIds: [] });
  });

  it('gives a role menus and buttons; its users see exactly those menus at their next login', async () => {
    const id = await idOf('roles', 'code', 'grade_office');
    const tree = (await call('/api/system/menus/tree', undefined)).json().data;
    const system = tree.find((node: { code: string }) => node.code === 'system');
    const usersPage = system.children.find((node: { code: string }) => node.code === 'system.user');
    expect(usersPage.children.map((node: { kind: string; permission: string }) => [node.kind, node.permission])).toEqual([
      ['button', 'system:user:edit'],
      ['button', 'system:user:delete'],
    ]);
    const notice = await idOf('menus', 'code', 'homeSchool.notice');
    const assignment = await idOf('menus', 'code', 'homeSchool.assignment');
    expect((await call('/api/system/roles/menus', { id, menuIds: [notice, assignment] })).json().result).toBe(true);
    await call('/api/system/users/create', { account: 'office1', displayName: '年级干事', userType: 3, password: 'office1x', roleCodes: ['grade_office'] });
    const token = await t.login('office1', 'office1x');
    const payload = (await t.post('/ms/getPermission', undefined, { token })).json().data;
    expect(payload.menus.map((m: { menuurl: string; menus?: { menuurl: string }[] }) => [m.menuurl, (m.menus ?? []).map((c) => c.menuurl)])).toEqual([
      ['/jxhd', ['/jxhd/zyfb', '/jxhd/tzfb']],
    ]);
    expect(payload.permission).toEqual(['homeSchool:assignment', 'homeSchool:notice']);
  });

  it('refuses menus for the administrator role, unknown menus, and deleting a role that has users', async () => {
    const adminRole = await idOf('roles', 'code', 'admin');
    expect((await call('/api/system/roles/menus', { id: adminRole, menuIds: [] }, admin, EN)).json().msg).toBe('The administrator role always holds every menu');
    expect((await call('/api/system/roles/update', { ...ROLE, id: adminRole, code: 'admin', name: 'x', enabled: false }, admin, EN)).json().msg).toBe('The administrator role cannot be deleted or disabled');
    expect((await call('/api/system/roles/delete', { ids: [adminRole] }, admin, EN)).json().result).toBe(false);
    const id = await idOf('roles', 'code', 'grade_office');
    expect((await call('/api/system/roles/menus', { id, menuIds: [99999999] }, admin, EN)).json().msg).toBe('Data does not exist');
    const inUse = (await call('/api/system/roles/delete', { ids: [id] }, admin, EN)).json();
    expect(inUse).toMatchObject({ result: false, msg: 'The role 年级组 still has users and cannot be deleted' });
    const members = (await call('/api/system/roles/members', { id, currPage: 0, limit: 10 })).json().data;
    expect(members).toEqual({ total: 1, rows: [{ account: 'office1', displayName: '年级干事', userType: 3 }] });
  });

  it('checks a dynamic role’s SQL when it is saved and lists who it resolves to', async () => {
    const writing = (await call('/api/system/roles/create', { ...ROLE, code: 'dyn_bad', roleType: 'dynamic', dynamicSql: 'DELETE FROM users' }, admin, EN)).json();
    expect(writing.result).toBe(false);
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM roles WHERE code = 'dyn_bad'`)).toEqual([]);
    const hashes = (await call('/api/system/roles/create', { ...ROLE, code: 'dyn_bad', roleType: 'dynamic', dynamicSql: 'SELECT account AS "USERID" FROM users WHERE password_hash IS NOT NULL' }, admin, EN)).json();
    expect(hashes.result).toBe(false);
    const good = await call('/api/system/roles/create', { ...ROLE, code: 'dyn_class_teachers', name: '班主任(动态)', roleType: 'dynamic', dynamicSql: 'SELECT "USERID" FROM role_class_teachers' });
    expect(good.json().result).toBe(true);
    const id = await idOf('roles', 'code', 'dyn_class_teachers');
    const members = (await call('/api/system/roles/members', { id, currPage: 0, limit: 100 })).json().data;
    expect(members.total).toBeGreaterThan(10);
    expect(members.rows.map((m: { account: string }) => m.account)).toContain('T0002');
    expect((await call('/api/system/roles/menus', { id, menuIds: [] }, admin, EN)).json().msg).toBe('Only ordinary roles hold menus');
  });

  it('a role decided by a stored function lists the users the function accepts', async () => {
    await t.database.db.execute(sql`
      CREATE FUNCTION staff_t000x(user_id text, user_type int, OUT member boolean)
      LANGUAGE sql AS $$ SELECT user_type = 3 AND user_id LIKE 'T000%' $$`);
    expect((await call('/api/system/roles/create', { ...ROLE, code: 'fn_role', roleType: 'dynamic', dynamicProcedure: 'no_such_fn' }, admin, EN)).json().result).toBe(false);
    expect((await call('/api/system/roles/create', { ...ROLE, code: 'fn_role', roleType: 'dynamic', dynamicProcedure: 'staff_t000x' })).json().result).toBe(true);
    const members = (await call('/api/system/roles/members', { id: await idOf('roles', 'code', 'fn_role'), currPage: 0, limit: 20 })).json().data;
    expect(members.rows.map((m: { account: string }) => m.account)).toEqual(['T0001', 'T0002', 'T0003', 'T0004', 'T0005', 'T0006', 'T0007', 'T0008', 'T0009']);
  });

  it('roles follow their type: new types group roles and say whether they are ordinary or dynamic', async () => {
    const created = (await call('/api/system/roleTypes/create', { code: 'grade_groups', name: '年级群体', nameEn: 'Grade groups', kind: 'dynamic', sort: 5 })).json();
    expect(created.result).toBe(true);
    expect((await call('/api/system/roleTypes/create', { code: 'GRADE_GROUPS', name: 'x', kind: 'ordinary' }, admin, EN)).json().msg).toBe('Code has already been occupied');
    expect((await call('/api/system/roleTypes/create', { code: '9x', name: 'x', kind: 'ordinary' }, admin, EN)).json().result).toBe(false);
    const types = (await call('/api/system/roles/types', undefined, admin, EN)).json().data;
    expect(types).toEqual(expect.arrayContaining([{ code: 'grade_groups', name: 'Grade groups', kind: 'dynamic' }, { code: 'ordinary', name: 'Ordinary role', kind: 'ordinary' }]));
    // A role of a dynamic type needs its rule, and is dynamic.
    expect((await call('/api/system/roles/create', { ...ROLE, code: 'g8', roleType: 'grade_groups' }, admin, EN)).json().msg).toBe('A dynamic role needs a SQL query or a stored procedure');
    expect((await call('/api/system/roles/create', { ...ROLE, code: 'g8', roleType: 'grade_groups', dynamicSql: 'SELECT "USERID" FROM role_class_teachers' })).json().result).toBe(true);
    const g8 = await idOf('roles', 'code', 'g8');
    expect((await call('/api/system/roles/get', { id: g8 }, admin, EN)).json().data).toMatchObject({ roleType: 'grade_groups', roleTypeName: 'Grade groups', kind: 'dynamic' });
    expect((await call('/api/system/roles/menus', { id: g8, menuIds: [] }, admin, EN)).json().msg).toBe('Only ordinary roles hold menus');
    expect((await call('/api/system/roles/create', { ...ROLE, code: 'x9', roleType: 'nope' }, admin, EN)).json().msg).toBe('The chosen role type does not exist or is switched off');
    // The picker groups roles by type.
    const groups = (await t.post('/components/getRoles', {}, { token: admin })).json().data;
    expect(groups.find((g: { CODE: string }) => g.CODE === 'grade_groups').CHILD.map((r: { id: string }) => r.id)).toEqual(['g8']);
    // A type in use keeps its kind and cannot go; built-in types are fixed.
    const typeId = created.data.id;
    expect((await call('/api/system/roleTypes/update', { id: typeId, name: '年级群体', kind: 'ordinary', enabled: true, sort: 5 }, admin, EN)).json().msg).toBe('Roles of this type exist, so its kind cannot change');
    expect((await call('/api/system/roleTypes/delete', { ids: [typeId] }, admin, EN)).json().msg).toBe('Roles of this type exist; it cannot be deleted');
    const [{ id: ordinaryType }] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM dictionary_items WHERE table_name = 'STD_ROLE_TYPE' AND code = 'ordinary'`);
    expect((await call('/api/system/roleTypes/delete', { ids: [ordinaryType] }, admin, EN)).json().msg).toBe('The built-in role types keep their code and kind and cannot be deleted');
    expect((await call('/api/system/roles/delete', { ids: [g8] })).json().result).toBe(true);
    expect((await call('/api/system/roleTypes/delete', { ids: [typeId] })).json().result).toBe(true);
  });

  it('needs the role permissions', async () => {
    const teacher = await t.login('T0001');
    expect((await call('/api/system/roles/page', { currPage: 0, limit: 10 }, teacher)).statusCode).toBe(403);
    expect((await call('/api/system/menus/tree', undefined, teacher)).statusCode).toBe(403);
    expect((await call('/api/system/roles/create', { ...ROLE, code: 'x2' }, teacher, EN)).json().msg).toBe('You have no right to edit/delete this data');
  });
});
