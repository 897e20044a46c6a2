import { MESSAGE_CENTER_PERMISSION, parseMenuRemark, type MenuItem } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { menus, roleMenus, roles, userRoles, users } from '../../../db/schema/index.ts';
import { MENU_TREE } from '../../../db/seed/menus.ts';
import { ok } from '../../../platform/envelope.ts';
import { permissionAnswer, permissionPayload } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.menus ?? [])]);
const permissionOf = async (account: string) => (await t.post('/ms/getPermission', undefined, { token: await t.login(account) })).json();

describe('POST /ms/getPermission', () => {
  it('gives the administrator the whole menu tree with English titles, permissions and user info', async () => {
    const body = await permissionOf('admin');
    expect(body.result).toBe(true);
    const { menus: tree, permission, roles: roleCodes, userInfo, requestId } = body.data;
    expect(tree.map((m: MenuItem) => m.menuname)).toEqual(MENU_TREE.map((m) => m.name));
    const all = flatten(tree);
    const seeded = MENU_TREE.flatMap((m) => [m, ...(m.children ?? [])]);
    expect(all).toHaveLength(seeded.length);
    for (const item of all) {
      expect(item).toEqual(expect.objectContaining({ menuname: expect.any(String), menuurl: expect.any(String), icon: expect.any(String), sort: expect.any(Number), remark: expect.any(String) }));
      expect(parseMenuRemark(item.remark).menuNameEng).toMatch(/^[A-Za-z]/);
    }
    expect(permission).toContain(MESSAGE_CENTER_PERMISSION);
    expect(permission).toContain('system:user');
    expect(roleCodes).toEqual(['admin']);
    expect(userInfo).toMatchObject({ userId: 'admin', username: '系统管理员', userType: 1 });
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers ready UTF-8 JSON that is exactly the serialised payload, as JSON', async () => {
    const response = await t.post('/ms/getPermission', undefined, { token: await t.login('T0001') });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const auth = { sessionId: 0, userId: 0, account: 'T0001', displayName: 'A "quoted" \\ name', userType: 3, roleIds: [], accessVersion: '0', peopleVersion: '0' };
    const [teacher] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.account, 'T0001'));
    const roleIds = (await t.database.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, teacher!.id))).map((r) => r.roleId).sort((a, b) => a - b);
    const caller = { ...auth, roleIds };
    const text = (await permissionAnswer(t.database.db, caller, 'req-1')).toString('utf8');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(ok(await permissionPayload(t.database.db, caller, 'req-1')))));
    expect(JSON.parse(text).data.userInfo.username).toBe('A "quoted" \\ name');
    expect(JSON.parse(text).data.menus).toEqual(response.json().data.menus);
  });

  it('keeps siblings in their sort order and carries the remark flags', async () => {
    const all = flatten((await permissionOf('admin')).data.menus);
    const system = all.find((m) => m.menuurl === '/xtgl')!;
    expect(parseMenuRemark(system.remark).alwaysShow).toBe('1');
    const sorts = system.menus!.map((m) => m.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(parseMenuRemark(all.find((m) => m.menuurl === '/job/log')!.remark).hidden).toBe('1');
    expect(parseMenuRemark(all.find((m) => m.menuurl === '/jxhd/tzfb')!.remark).cdwz).toBe('top');
  });

  it("gives the student only the student's menus", async () => {
    const body = await permissionOf('201911001');
    const urls = flatten(body.data.menus).map((m) => m.menuurl);
    expect(urls).toContain('/kbgl/xskb');
    expect(urls).toContain('/messageCenter/xxzx');
    expect(urls).not.toContain('/xtgl');
    expect(urls).not.toContain('/jxhd/zyfb');
    expect(body.data.permission).not.toContain('system:user');
    expect(body.data.roles).toEqual(['student']);
    expect(body.data.userInfo.userType).toBe(2);
  });

  it('gives the class teacher the class-teacher pages on top of the teacher ones', async () => {
    const teacher = flatten((await permissionOf('T0001')).data.menus).map((m) => m.menuurl);
    const classTeacher = flatten((await permissionOf('T0002')).data.menus).map((m) => m.menuurl);
    expect(teacher).not.toContain('/bzrsc/bjgk');
    expect(classTeacher).toContain('/bzrsc/bjgk');
    for (const url of teacher) expect(classTeacher).toContain(url);
  });

  it('reflects role changes at the next call: a menu taken away disappears', async () => {
    const [parentRole] = await t.database.db.select().from(roles).where(eq(roles.code, 'parent'));
    const [center] = await t.database.db.select().from(menus).where(eq(menus.url, '/messageCenter/xxzx'));
    await t.database.db.delete(roleMenus).where(eq(roleMenus.roleId, parentRole.id));
    const body = await permissionOf('jz201911001');
    expect(body.data.menus).toEqual([]);
    expect(body.data.permission).toEqual([]);
    await t.database.db.insert(roleMenus).values({ roleId: parentRole.id, menuId: center.id });
    const again = await permissionOf('jz201911001');
    // The group comes along with the page so the tree stays whole.
    expect(again.data.menus).toHaveLength(1);
    expect(again.data.menus[0].menus.map((m: MenuItem) => m.menuurl)).toEqual(['/messageCenter/xxzx']);
    expect(again.data.permission).toEqual([MESSAGE_CENTER_PERMISSION]);
  });

  it('needs a login', async () => {
    expect((await t.post('/ms/getPermission')).json()).toMatchObject({ result: false, code: 50014 });
  });
});
