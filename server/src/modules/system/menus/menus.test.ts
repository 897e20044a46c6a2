import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem, MenuNode } from '@campus/contract';
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

async function menuId(code: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM menus WHERE code = ${code}`);
  return row!.id;
}
async function menuRow(id: number) {
  const [row] = await queryRows<Record<string, unknown>>(t.database.db, sql`SELECT * FROM menus WHERE id = ${id}`);
  return row;
}
const countMenus = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM menus`))[0]!.n;

const PAGE = { kind: 'page', name: '测试页面', nameEn: 'Test page', url: '/test/page', permission: 'test:page', icon: 'StarOutlined', sort: 5, enabled: true };

function find(nodes: MenuNode[], id: number): MenuNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = find(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}
const tree = async (): Promise<MenuNode[]> => (await call('/api/system/menus/tree', undefined)).json().data;

/** The menu urls a user's sidebar gets at login, with the English title from the remark. */
async function sidebarOf(account: string): Promise<MenuItem[]> {
  const token = await t.login(account);
  return (await t.post('/ms/getPermission', undefined, { token })).json().data.menus;
}

describe('menu tree', () => {
  it('keeps the tree shape the role screen reads, and adds every field of one menu in /get', async () => {
    const roots = await tree();
    const system = roots.find((node) => node.code === 'system')!;
    expect(Object.keys(system).sort()).toEqual(['children', 'code', 'enabled', 'icon', 'id', 'kind', 'name', 'nameEn', 'permission', 'sort', 'url']);
    const detail = (await call('/api/system/menus/get', { id: system.id })).json().data;
    expect(detail).toMatchObject({ id: system.id, parentId: null, kind: 'directory', name: '系统管理', nameEn: 'System management', url: '/xtgl', alwaysShow: true, hidden: false, position: '', isCustomPage: false, customPageParam: '' });
    expect(detail.childCount).toBeGreaterThan(10);
    expect(detail.roleCount).toBe(1);
    expect((await call('/api/system/menus/get', { id: 99999999 }, admin, EN)).json()).toMatchObject({ result: false, msg: 'Data does not exist' });
  });

  it('is refused to a teacher (403) and writes need the edit / delete buttons', async () => {
    const teacher = await t.login('T0001');
    expect((await call('/api/system/menus/tree', undefined, teacher)).statusCode).toBe(403);
    await t.database.db.execute(sql`INSERT INTO roles (code, name) VALUES ('menu_viewer', '菜单查看')`);
    await t.database.db.execute(sql`
      INSERT INTO role_menus (role_id, menu_id) SELECT r.id, m.id FROM roles r, menus m WHERE r.code = 'menu_viewer' AND m.code IN ('system', 'system.menu')`);
    await call('/api/system/users/create', { account: 'menuviewer', displayName: '菜单查看员', userType: 1, password: 'view123', roleCodes: ['menu_viewer'] });
    const viewer = await t.login('menuviewer', 'view123');
    expect((await call('/api/system/menus/get', { id: await menuId('system') }, viewer)).json().result).toBe(true);
    const before = await countMenus();
    for (const [url, body] of [
      ['/api/system/menus/create', PAGE],
      ['/api/system/menus/move', { id: await menuId('system.user'), direction: 'down' }],
      ['/api/system/menus/delete', { ids: [await menuId('system.user.edit')] }],
    ] as const) {
      const refused = await call(url, body, viewer, EN);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().msg).toBe('You have no right to edit/delete this data');
    }
    expect(await countMenus()).toBe(before);
  });
});

describe('menu rules', () => {
  it('refuses names with outer spaces, missing router address or permission, bad permission values, sort outside 0..9999', async () => {
    const before = await countMenus();
    const refused = async (body: object, msg: string) => {
      const response = (await call('/api/system/menus/create', { ...PAGE, ...body }, admin, EN)).json();
      expect(response, JSON.stringify(body)).toMatchObject({ result: false, msg });
    };
    await refused({ name: ' 测试' }, 'The name may not start or end with a space');
    await refused({ name: '测试 ' }, 'The name may not start or end with a space');
    await refused({ name: '' }, 'Name cannot be null');
    await refused({ name: '   ' }, 'Name cannot be null');
    await refused({ nameEn: 'Test ' }, 'The English name may not start or end with a space');
    await refused({ url: '' }, 'The router address is required');
    await refused({ url: 'test/page' }, 'The router address starts with / and holds no spaces');
    await refused({ url: '/a b' }, 'The router address starts with / and holds no spaces');
    await refused({ url: 'javascript:alert(1)', isExternalLink: true }, 'An external link is an address starting with http:// or https://');
    await refused({ permission: '' }, 'The permission value is required');
    await refused({ permission: 'test-page' }, 'The permission value may hold letters, digits, underscore and colon only');
    await refused({ permission: 'test page' }, 'The permission value may hold letters, digits, underscore and colon only');
    await refused({ sort: -1 }, 'The sort must be a whole number from 0 to 9999');
    await refused({ sort: 10000 }, 'The sort must be a whole number from 0 to 9999');
    await refused({ sort: 1.5 }, 'The sort must be a whole number from 0 to 9999');
    await refused({ icon: 'evil<script>' }, 'Please choose an icon from the list');
    await refused({ kind: 'link' }, 'Please choose the menu kind');
    await refused({ isCustomPage: true }, 'A custom page needs its page parameter');
    await refused({ isCustomPage: true, customPageParam: '../x' }, 'The page parameter may hold letters, digits, underscore and hyphen only');
    // Chinese by default.
    expect((await call('/api/system/menus/create', { ...PAGE, permission: 'a-b' })).json().msg).toBe('权限值只能包含字母、数字、下划线和冒号');
    expect(await countMenus()).toBe(before);
  });

  it('puts buttons under pages only, needs no router address for a button, and refuses loops', async () => {
    const system = await menuId('system');
    const usersPage = await menuId('system.user');
    const userEdit = await menuId('system.user.edit');
    const refused = async (body: object) => (await call('/api/system/menus/create', { ...PAGE, ...body }, admin, EN)).json().msg;
    const placeRule = 'A button belongs under a page; directories and pages belong at the top or under a directory';
    expect(await refused({ kind: 'button', url: '', parentId: system })).toBe(placeRule);
    expect(await refused({ kind: 'button', url: '', parentId: null })).toBe(placeRule);
    expect(await refused({ kind: 'page', parentId: usersPage })).toBe(placeRule);
    expect(await refused({ kind: 'page', parentId: userEdit })).toBe(placeRule);
    expect(await refused({ parentId: 99999999 })).toBe('Data does not exist');
    const button = (await call('/api/system/menus/create', { kind: 'button', name: '导出', nameEn: 'Export', url: '', permission: 'system:user:export', parentId: usersPage, sort: 3 })).json();
    expect(button).toMatchObject({ result: true, msg: '新增成功' });
    expect(await menuRow(button.data.id)).toMatchObject({ kind: 'button', url: '', parent_id: usersPage, icon: '' });
    // A directory cannot go under itself or its own page.
    const directory = (await menuRow(system))!;
    const loop = await call('/api/system/menus/update', { ...PAGE, id: system, kind: 'directory', name: directory.name, url: '/xtgl', permission: 'system', parentId: system }, admin, EN);
    expect(loop.json().msg).toBe('A menu cannot be moved under itself or under one of its own entries');
    // A page with buttons cannot become a button.
    const toButton = await call('/api/system/menus/update', { ...PAGE, id: usersPage, kind: 'button', parentId: system, permission: 'system:user' }, admin, EN);
    expect(toButton.json().msg).toBe(placeRule);
    expect(await menuRow(usersPage)).toMatchObject({ kind: 'page', name: '用户管理' });
    // A built-in menu keeps its permission value (the server's checks name it); an added one may change.
    const renamed = await call('/api/system/menus/update', { ...PAGE, id: usersPage, parentId: system, permission: 'system:users' }, admin, EN);
    expect(renamed.json().msg).toBe('The permission value of a built-in menu is checked by the server and cannot be changed');
    expect((await call('/api/system/menus/update', { kind: 'button', name: '导出', url: '', permission: 'system:user:download', parentId: usersPage, id: button.data.id })).json().result).toBe(true);
  });

  it('stores every remark flag and getPermission turns them into the remark JSON', async () => {
    const system = await menuId('system');
    const created = (
      await call('/api/system/menus/create', {
        ...PAGE, parentId: system, name: '自定义看板', nameEn: 'Custom board', url: '/customPreview/board1', permission: 'custom:board',
        hidden: true, alwaysShow: true, noCache: true, isCustomPage: true, customPageParam: 'board1', isHomePage: true, position: 'top', remark: '说明',
      })
    ).json();
    expect(created.result).toBe(true);
    const detail = (await call('/api/system/menus/get', { id: created.data.id })).json().data;
    expect(detail).toMatchObject({ hidden: true, alwaysShow: true, noCache: true, isCustomPage: true, customPageParam: 'board1', isHomePage: true, position: 'top', isExternalLink: false, remark: '说明', roleCount: 1 });
    // The administrator role holds a new menu at once; the admin's next getPermission carries it.
    const menus = await sidebarOf('admin');
    const entry = menus.find((m) => m.menuurl === '/xtgl')!.menus!.find((m) => m.menuurl === '/customPreview/board1')!;
    expect(JSON.parse(entry.remark)).toEqual({ menuNameEng: 'Custom board', sfzdy: '1', zdycs: 'board1', sfswsy: '1', cdwz: 'top', hidden: '1', alwaysShow: '1', noCache: '1' });
    const link = (await call('/api/system/menus/create', { ...PAGE, parentId: system, url: 'https://example.org/docs', isExternalLink: true, permission: 'docs:link' })).json();
    expect(link.result).toBe(true);
    const linkEntry = (await sidebarOf('admin')).find((m) => m.menuurl === '/xtgl')!.menus!.find((m) => m.menuurl === 'https://example.org/docs')!;
    expect(JSON.parse(linkEntry.remark)).toMatchObject({ sfwblj: '1', menuNameEng: 'Test page' });
  });
});

describe('changes reach the users at their next login', () => {
  it('renames, moves and switches off a menu; the teacher sees each change in getPermission', async () => {
    const notice = await menuId('homeSchool.notice');
    const assignment = await menuId('homeSchool.assignment');
    const teacherMenus = async () => (await sidebarOf('T0001')).find((m) => m.menuurl === '/jxhd')!.menus!;
    const before = await teacherMenus();
    expect(before.map((m) => m.menuurl).slice(0, 2)).toEqual(['/jxhd/zyfb', '/jxhd/tzfb']);
    const detail = (await call('/api/system/menus/get', { id: notice })).json().data;
    const { id: _id, code: _code, roleCount: _r, childCount: _c, ...form } = detail;
    expect((await call('/api/system/menus/update', { ...form, id: notice, nameEn: 'School notices' })).json()).toMatchObject({ result: true, msg: '修改成功' });
    // '我的通知' (a family page) sits between them: two places up.
    expect((await call('/api/system/menus/move', { id: notice, direction: 'up' })).json()).toMatchObject({ result: true, msg: '顺序已调整，用户下次登录后生效' });
    await call('/api/system/menus/move', { id: notice, direction: 'up' });
    const after = await teacherMenus();
    expect(after.map((m) => m.menuurl).slice(0, 2)).toEqual(['/jxhd/tzfb', '/jxhd/zyfb']);
    expect(JSON.parse(after[0]!.remark).menuNameEng).toBe('School notices');
    // Moving the first one up changes nothing; down puts it back.
    await call('/api/system/menus/move', { id: notice, direction: 'up' });
    expect((await teacherMenus())[0]!.menuurl).toBe('/jxhd/tzfb');
    await call('/api/system/menus/move', { id: notice, direction: 'down' });
    expect((await teacherMenus()).map((m) => m.menuurl).slice(0, 2)).toEqual(['/jxhd/zyfb', '/jxhd/tzfb']);
    // Switched off: gone from the menus and from the permission values.
    const { code: _code2, roleCount: _r2, childCount: _c2, ...assignmentForm } = (await call('/api/system/menus/get', { id: assignment })).json().data;
    expect((await call('/api/system/menus/update', { ...assignmentForm, enabled: false })).json().result).toBe(true);
    const token = await t.login('T0001');
    const payload = (await t.post('/ms/getPermission', undefined, { token })).json().data;
    expect(payload.menus.find((m: MenuItem) => m.menuurl === '/jxhd').menus.map((m: MenuItem) => m.menuurl)).not.toContain('/jxhd/zyfb');
    expect(payload.permission).not.toContain('homeSchool:assignment');
    expect((await menuRow(assignment))!.sort).toBe(1);
  });

  it('reorders siblings by drag and drop in one transaction, and moves an entry to another directory', async () => {
    const homeSchool = await menuId('homeSchool');
    const award = await menuId('award');
    const children = find(await tree(), homeSchool)!.children.map((node) => node.id);
    const reversed = [...children].reverse();
    expect((await call('/api/system/menus/reorder', { parentId: homeSchool, ids: reversed })).json().result).toBe(true);
    expect(find(await tree(), homeSchool)!.children.map((node) => node.id)).toEqual(reversed);
    // Leaving out a sibling, or naming one twice, is refused and nothing changes.
    const missing = await call('/api/system/menus/reorder', { parentId: homeSchool, ids: reversed.slice(1) }, admin, EN);
    expect(missing.json().msg).toBe('The order must list every entry under the same parent exactly once');
    expect((await call('/api/system/menus/reorder', { parentId: homeSchool, ids: [...reversed, reversed[0]] }, admin, EN)).json().result).toBe(false);
    // A page dragged into another directory; a button dragged to the top level is refused as a whole.
    const moved = reversed[0]!;
    const awardChildren = find(await tree(), award)!.children.map((node) => node.id);
    expect((await call('/api/system/menus/reorder', { parentId: award, ids: [moved, ...awardChildren] })).json().result).toBe(true);
    expect(find(await tree(), award)!.children[0]!.id).toBe(moved);
    const roots = (await tree()).map((node) => node.id);
    const button = await menuId('system.user.edit');
    const refused = await call('/api/system/menus/reorder', { parentId: null, ids: [...roots, button] }, admin, EN);
    expect(refused.json().msg).toBe('A button belongs under a page; directories and pages belong at the top or under a directory');
    expect((await tree()).map((node) => node.id)).toEqual(roots);
    const cycle = await call('/api/system/menus/reorder', { parentId: award, ids: [...find(await tree(), award)!.children.map((n) => n.id), award] }, admin, EN);
    expect(cycle.json().msg).toBe('A menu cannot be moved under itself or under one of its own entries');
  });
});

describe('deleting menus', () => {
  it('refuses a menu with entries under it and says why; deleting takes it away from roles', async () => {
    const before = await countMenus();
    const refused = (await call('/api/system/menus/delete', { ids: [await menuId('system.user')] }, admin, EN)).json();
    expect(refused).toMatchObject({ result: false, msg: 'The menu 用户管理 still has entries under it and cannot be deleted; delete or move them first' });
    expect(await countMenus()).toBe(before);
    const selection = await menuId('elective.select');
    const held = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM role_menus WHERE menu_id = ${selection}`))[0]!.n;
    expect(await held()).toBeGreaterThan(1);
    expect((await call('/api/system/menus/delete', { ids: [selection] })).json()).toMatchObject({ result: true, msg: '删除成功，原拥有该菜单的角色已不再拥有' });
    expect(await held()).toBe(0);
    expect(await menuRow(selection)).toBeUndefined();
    const student = await sidebarOf('201911001');
    expect(student.find((m) => m.menuurl === '/xkgl')!.menus!.map((m) => m.menuurl)).not.toContain('/xkgl/xsxk');
    expect((await call('/api/system/menus/delete', { ids: [99999999] }, admin, EN)).json().msg).toBe('Data does not exist');
  });
});

describe('export', () => {
  it('downloads the tree as Excel with headers in the caller’s language, names indented by level', async () => {
    const response = await t.get('/api/system/menus/export', { token: admin, headers: EN });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="Menus-\d{8}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Menu name', 'English name', 'Kind', 'Router address', 'Permission value', 'Icon', 'Sort', 'Enabled', 'Flags', 'Roles', 'Remarks']);
    const names = sheet.getColumn(1).values.slice(2) as string[];
    expect(names[0]).toBe('家校互动');
    expect(names).toContain('        编辑');
    const teacher = await t.login('T0001');
    expect((await t.get('/api/system/menus/export', { token: teacher })).statusCode).toBe(403);
  });
});
