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

const CARD = { name: '成绩查询', nameEn: 'Scores', route: '/cjgl/cjcx', content: '查看最近一次考试成绩', roleCode: 'student', category: 'shortcut', sort: 4, enabled: true };

describe('home cards', () => {
  it('the seeded cards make up each role’s dashboard, statistics counted within the caller’s scope', async () => {
    const teacher = await t.login('T0002');
    const cards = (await call('/api/dashboard/cards', undefined, teacher, EN)).json().data;
    const titles = cards.map((c: { title: string }) => c.title);
    expect(titles).toEqual(expect.arrayContaining(['Unread messages', 'My students', 'Term notice']));
    expect(titles).not.toContain('My timetable');
    const students = cards.find((c: { title: string }) => c.title === 'My students');
    const [{ total }] = await queryRows<{ total: number }>(t.database.db, sql`SELECT count(*)::int AS total FROM students`);
    expect(students.value).toBeGreaterThan(0);
    expect(students.value).toBeLessThan(total);
    // The demo class's pending leave waits for its class teacher, and one of its students is on leave today.
    expect(cards.find((c: { title: string }) => c.title === 'Applications to review').value).toBeGreaterThan(0);
    expect(cards.find((c: { title: string }) => c.title === 'On leave today').value).toBeGreaterThan(0);
    const student = await t.login('201911001');
    const own = (await call('/api/dashboard/cards', undefined, student)).json().data.map((c: { title: string }) => c.title);
    expect(own).toEqual(expect.arrayContaining(['未读消息', '我的课表']));
    expect(own).not.toContain('我的学生');
  });

  it('creates, modifies, exports and deletes cards with the shared rules', async () => {
    const created = (await call('/api/system/homeCards/create', CARD)).json();
    expect(created.result).toBe(true);
    const student = await t.login('201911001');
    expect((await call('/api/dashboard/cards', undefined, student)).json().data.map((c: { title: string }) => c.title)).toContain('成绩查询');
    const bad = [
      [{ ...CARD, name: '' }, 'Name cannot be null'],
      [{ ...CARD, route: 'http://evil.example' }, 'starting with /'],
      [{ ...CARD, route: '' }, 'needs the route'],
      [{ ...CARD, category: 'statistic', content: 'password_hash' }, 'A statistic card counts one of'],
      [{ ...CARD, roleCode: 'nobody' }, 'The chosen role does not exist'],
      [{ ...CARD, category: 'other' }, 'Please choose the category'],
    ] as const;
    for (const [payload, message] of bad) {
      const body = (await call('/api/system/homeCards/create', payload, admin, EN)).json();
      expect(body.result, JSON.stringify(payload)).toBe(false);
      expect(body.msg).toContain(message);
    }
    const id = created.data.id;
    expect((await call('/api/system/homeCards/update', { ...CARD, id, roleCode: '', name: '成绩' })).json().result).toBe(true);
    expect((await call('/api/system/homeCards/get', { id })).json().data).toMatchObject({ name: '成绩', roleCode: null });
    const exported = await t.get('/api/system/homeCards/export', { token: admin });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect((await call('/api/system/homeCards/delete', { ids: [id] })).json().result).toBe(true);
    expect((await call('/api/system/homeCards/delete', { ids: [id] }, admin, EN)).json().msg).toBe('Data does not exist');
  });

  it('shows a card’s English text on an English dashboard, the Chinese one otherwise', async () => {
    const student = await t.login('201911001');
    const english = (await call('/api/dashboard/cards', undefined, student, EN)).json().data;
    expect(english.find((c: { title: string }) => c.title === 'Term notice').content).toMatch(/^Week 19 is the final exam week/);
    const chinese = (await call('/api/dashboard/cards', undefined, student)).json().data;
    expect(chinese.find((c: { title: string }) => c.title === '学期提示').content).toMatch(/^本学期第 19 周/);
    const created = (await call('/api/system/homeCards/create', { ...CARD, name: '通知', category: 'notice', route: '', content: '明天放假', contentEn: 'No school tomorrow' })).json();
    expect((await call('/api/system/homeCards/get', { id: created.data.id })).json().data.contentEn).toBe('No school tomorrow');
    const shown = (await call('/api/dashboard/cards', undefined, student, EN)).json().data;
    expect(shown.find((c: { id: number }) => c.id === created.data.id).content).toBe('No school tomorrow');
    expect((await call('/api/system/homeCards/create', { ...CARD, contentEn: 'x'.repeat(301) }, admin, EN)).json().msg).toContain('too long');
    await call('/api/system/homeCards/delete', { ids: [created.data.id] });
  });

  it('is managed only with the home-card permissions', async () => {
    const teacher = await t.login('T0001');
    expect((await call('/api/system/homeCards/page', { currPage: 0, limit: 10 }, teacher)).statusCode).toBe(403);
    expect((await call('/api/system/homeCards/create', CARD, teacher, EN)).json().msg).toBe('You have no right to edit/delete this data');
  });
});
