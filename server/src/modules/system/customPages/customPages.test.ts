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

async function menuId(code: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM menus WHERE code = ${code}`);
  return row!.id;
}

const LAYOUT = [
  { id: 'b1', type: 'heading', text: '新生入学指南' },
  { id: 'b2', type: 'notice', title: '报到时间', text: '9 月 1 日 8:00 前到班级报到', level: 'info' },
  { id: 'b3', type: 'links', links: [{ label: '我的课表', route: '/kbgl/xskb' }] },
  { id: 'b4', type: 'divider' },
];

describe('custom pages', () => {
  it('saves a designed page, publishes it as a menu entry and shows it to the roles that hold it', async () => {
    const saved = (await call('/api/system/customPages/save', { param: 'freshman-guide', title: '新生指南', titleEn: 'Freshman guide', layout: LAYOUT })).json();
    expect(saved).toMatchObject({ result: true, msg: '新增成功' });
    const id = saved.data.id;
    const student = await t.login('201911001');
    expect((await call('/api/customPages/view', { param: 'freshman-guide' }, student, EN)).json().msg).toBe('This page is not published');

    const published = (await call('/api/system/customPages/publish', { id, parentMenuId: await menuId('homeSchool'), roleCodes: ['student'] })).json();
    expect(published.result).toBe(true);
    const payload = (await t.post('/ms/getPermission', undefined, { token: student })).json().data;
    const homeSchool = payload.menus.find((m: { menuurl: string }) => m.menuurl === '/jxhd');
    const entry = homeSchool.menus.find((m: { menuname: string }) => m.menuname === '新生指南');
    expect(JSON.parse(entry.remark)).toMatchObject({ sfzdy: '1', zdycs: 'freshman-guide', menuNameEng: 'Freshman guide' });
    const view = (await call('/api/customPages/view', { param: 'freshman-guide' }, student, EN)).json().data;
    expect(view).toEqual({ param: 'freshman-guide', title: 'Freshman guide', layout: LAYOUT });

    // A teacher's roles do not hold the entry.
    const teacher = await t.login('T0001');
    expect((await call('/api/customPages/view', { param: 'freshman-guide' }, teacher)).statusCode).toBe(403);
    // Published pages are not deleted; unpublishing removes the entry.
    expect((await call('/api/system/customPages/delete', { ids: [id] }, admin, EN)).json().msg).toBe('A published page cannot be deleted; take it out of the menu first');
    expect((await call('/api/system/customPages/unpublish', { id })).json().result).toBe(true);
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM menus WHERE code = 'custom.freshman-guide'`)).toEqual([]);
    expect((await call('/api/system/customPages/delete', { ids: [id] })).json().result).toBe(true);
  });

  it('refuses bad parameters, layouts and parents without writing anything', async () => {
    const bad = [
      [{ param: 'a b', title: 'x', layout: [] }, 'letters, digits, underscore and hyphen'],
      [{ param: 'p1', title: '', layout: [] }, 'Name cannot be null'],
      [{ param: 'p1', title: 'x', layout: Array.from({ length: 51 }, (_, i) => ({ id: `d${i}`, type: 'divider' })) }, 'at most 50 blocks'],
      [{ param: 'p1', title: 'x', layout: [{ id: 'i1', type: 'image', fileId: 'nope', caption: '' }] }, 'The image of a block does not exist'],
      [{ param: 'p1', title: 'x', layout: [{ id: 's1', type: 'script', text: 'alert(1)' }] }, ''],
      [{ param: 'p1', title: 'x', layout: [{ id: 'l1', type: 'links', links: [{ label: 'x', route: 'javascript:alert(1)' }] }] }, 'starting with /'],
    ] as const;
    for (const [payload, message] of bad) {
      const body = (await call('/api/system/customPages/save', payload, admin, EN)).json();
      expect(body.result, JSON.stringify(payload)).toBe(false);
      expect(body.msg).toContain(message);
    }
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM custom_pages WHERE param = 'p1'`)).toEqual([]);
    const first = (await call('/api/system/customPages/save', { param: 'dup', title: 'x', layout: [] })).json().data.id;
    expect((await call('/api/system/customPages/save', { param: 'dup', title: 'y', layout: [] }, admin, EN)).json().msg).toBe('Another custom page already uses this parameter');
    const leaf = await menuId('homeSchool.notice');
    expect((await call('/api/system/customPages/publish', { id: first, parentMenuId: leaf }, admin, EN)).json().msg).toBe('A custom page goes under a menu directory');
  });
});
