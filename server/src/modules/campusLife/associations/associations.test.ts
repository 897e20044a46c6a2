import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { cookie: 'language=en' };
const BASE = '/api/campusLife/associations';

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: `${BASE}${url}`, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;

/** A session for a student without a password (as a login would make). */
async function signedIn(account: string, studentNumber: string): Promise<number> {
  const student = await one<{ id: number; userId: number }>(sql`SELECT id, user_id AS "userId" FROM students WHERE student_number = ${studentNumber}`);
  const token = randomBytes(32).toString('base64url');
  await t.database.db.execute(sql`
    INSERT INTO sessions (user_id, token_hash, created_at, rotated_at, last_seen_at, idle_expires_at, absolute_expires_at)
    VALUES (${student.userId}, ${createHash('sha256').update(token).digest('hex')}, now(), now(), now(), now() + interval '1 hour', now() + interval '2 hours')`);
  tokens[account] = token;
  return student.id;
}

describe('associations (社团)', () => {
  it('lets a student apply, the advisor or a leader decide, the advisor mark leaders, and members read the activities', async () => {
    const list = (await call('/page', { currPage: 0, limit: 100 }, '201911001')).json().data.rows;
    const robots = list.find((row: { name: string }) => row.name === '机器人社');
    expect(robots).toMatchObject({ myStatus: 'member', myLeader: true, manages: false });
    expect(list.find((row: { name: string }) => row.name === '文学社')).toMatchObject({ myStatus: 'pending' });
    const basketball = list.find((row: { name: string }) => row.name === '篮球社');
    // Parents do not hold the page; teachers do not apply.
    expect((await call('/page', { currPage: 0, limit: 100 }, 'jz201911001')).statusCode).toBe(403);
    // Paged by name, with an exact total; a search that is not one is refused and changes nothing.
    const first = (await call('/page', { currPage: 0, limit: 2 }, '201911001')).json().data;
    expect(first.total).toBe(list.length);
    expect(first.rows.map((row: { name: string }) => row.name)).toEqual(list.slice(0, 2).map((row: { name: string }) => row.name));
    const second = (await call('/page', { currPage: 1, limit: 2 }, '201911001')).json().data;
    expect(second.rows.map((row: { name: string }) => row.name)).toEqual(list.slice(2, 4).map((row: { name: string }) => row.name));
    expect((await call('/page', { currPage: 0, limit: 10, search: { keyword: 'x'.repeat(51) } }, '201911001', EN)).json()).toMatchObject({ result: false });
    expect((await call('/apply', { id: basketball.id, reason: '想打球' }, 'T0001', EN)).json().msg).toContain('Only students');
    expect((await call('/apply', { id: basketball.id, reason: '' }, '201911001', EN)).json().msg).toContain('Say why');
    expect((await call('/apply', { id: robots.id, reason: '再申请' }, '201911001', EN)).json().msg).toContain('member already');

    // A classmate applies to 机器人社; the demo student (a leader) approves; a non-leader member cannot decide.
    const mate = await signedIn('mate', '201911002');
    expect((await call('/apply', { id: robots.id, reason: '想学编程' }, 'mate')).json().result).toBe(true);
    expect((await call('/apply', { id: robots.id, reason: '想学编程' }, 'mate', EN)).json().msg).toContain('waiting');
    expect((await call('/decide', { id: robots.id, studentId: mate, decision: 'approve' }, 'T0002', EN)).json().msg).toContain('Only the advisor or a leader');
    const applicants = (await call('/members', { id: robots.id }, '201911001')).json().data;
    expect(applicants[0]).toMatchObject({ studentId: mate, status: 'pending' });
    expect((await call('/decide', { id: robots.id, studentId: mate, decision: 'approve' }, '201911001')).json().result).toBe(true);
    expect((await call('/decide', { id: robots.id, studentId: mate, decision: 'approve' }, '201911001', EN)).json().msg).toContain('no application waiting');
    const told = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages m JOIN students s ON s.user_id = m.recipient_user_id WHERE s.id = ${mate} AND m.link = '/xysh/stgl'`);
    expect(told.n).toBe(1);
    expect((await call('/members', { id: robots.id }, 'mate')).statusCode).toBe(403);
    // Only the advisor marks leaders or removes members.
    expect((await call('/leader', { id: robots.id, studentId: mate, leader: true }, '201911001', EN)).json().msg).toContain('Only the advisor');
    expect((await call('/leader', { id: robots.id, studentId: mate, leader: true }, 'T0001')).json().result).toBe(true);
    expect((await call('/members', { id: robots.id }, 'mate')).json().result).toBe(true);

    // Activities: a leader adds one; attendance only from its start, only of members.
    const form = { associationId: robots.id, title: '测试活动', place: '活动室', startsAt: schoolMinute(new Date(Date.now() + 3_600_000)), endsAt: schoolMinute(new Date(Date.now() + 7_200_000)) };
    expect((await call('/activities/save', { ...form, endsAt: form.startsAt }, 'mate', EN)).json().msg).toContain('end must come after');
    const { id: activityId } = (await call('/activities/save', form, 'mate')).json().data;
    expect((await call('/attendance/save', { activityId, entries: [{ studentId: mate, present: true }] }, 'T0001', EN)).json().msg).toContain('from the start');
    await t.database.db.execute(sql`UPDATE association_activities SET starts_at = now() - interval '1 hour' WHERE id = ${activityId}`);
    const stranger = await one<{ id: number }>(sql`SELECT s.id FROM students s WHERE NOT EXISTS (SELECT 1 FROM association_members m WHERE m.student_id = s.id AND m.association_id = ${robots.id}) LIMIT 1`);
    expect((await call('/attendance/save', { activityId, entries: [{ studentId: stranger.id, present: true }] }, 'T0001', EN)).json().msg).toContain('is not a member');
    expect((await call('/attendance/save', { activityId, entries: [{ studentId: mate, present: true }] }, 'T0001')).json().result).toBe(true);
    const mine = (await call('/activities', { id: robots.id }, 'mate')).json().data;
    expect(mine.find((row: { id: number }) => row.id === activityId)).toMatchObject({ mine: true, present: 1 });
    // A student outside the association reads neither its members nor its activities.
    expect((await call('/activities', { id: basketball.id }, '201911001')).statusCode).toBe(403);
    // The advisor removes a member; withdrawing a waiting application.
    expect((await call('/remove', { id: robots.id, studentId: mate }, 'T0001')).json().result).toBe(true);
    const literature = list.find((row: { name: string }) => row.name === '文学社');
    expect((await call('/withdraw', { id: literature.id }, '201911001')).json().result).toBe(true);
    expect((await call('/withdraw', { id: literature.id }, '201911001', EN)).json().msg).toContain('no application waiting');
  });

  it('lets only the office found and close associations, and never one with members', async () => {
    expect((await call('/save', { name: '象棋社', advisorStaffId: 1 }, 'T0001')).statusCode).toBe(403);
    const advisor = await one<{ id: number }>(sql`SELECT st.id FROM staff st JOIN users u ON u.id = st.user_id WHERE u.account = 'T0002'`);
    const created = (await call('/save', { name: '象棋社', advisorStaffId: advisor.id, description: '楚河汉界' }, 'admin')).json();
    expect(created.result).toBe(true);
    expect((await call('/save', { name: '象棋社', advisorStaffId: advisor.id }, 'admin', EN)).json().msg).toContain('exists already');
    expect((await call('/save', { name: '', advisorStaffId: advisor.id }, 'admin')).json().result).toBe(false);
    const robots = await one<{ id: number }>(sql`SELECT id FROM associations WHERE name = '篮球社'`);
    expect((await call('/delete', { ids: [robots.id] }, 'admin', EN)).json().msg).toContain('has members');
    expect((await call('/delete', { ids: [created.data.id] }, 'admin')).json().result).toBe(true);
  });
});
