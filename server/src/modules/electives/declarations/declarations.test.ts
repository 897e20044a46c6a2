import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { cookie: 'language=en' };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;

const lectures = (n: number) => Array.from({ length: n }, (_, i) => `第${i + 1}讲 测试内容`);

/** A form for next term at a free time (Wednesday's 7th period: nothing of the demo school is there next term). */
async function form(overrides: Record<string, unknown> = {}) {
  const term = await one<{ id: number }>(sql`SELECT id FROM terms WHERE code = '2026-2027-2'`);
  const grade = await one<{ id: number }>(sql`SELECT id FROM grades WHERE sort = 8`);
  const room = await one<{ id: number }>(sql`
    INSERT INTO classrooms (code, name, campus_id, capacity) SELECT 'EL-' || floor(random() * 1e9)::text, '选修测试教室', campus_id, 60 FROM classrooms ORDER BY id LIMIT 1 RETURNING id`);
  return {
    termId: term.id, name: `测试选修${Math.floor(Math.random() * 1e6)}`, intro: '一门测试课程', lectures: lectures(12), capacity: 30,
    gradeIds: [grade.id], day: 3, period: 7, weekFrom: 2, weekTo: 17, classroomId: room.id, ...overrides,
  };
}

describe('elective declarations (选修课申报, 选修课审批)', () => {
  it('shows the demo declarations in every status to the office and their own to a teacher', async () => {
    const office = (await call('/api/electives/declarations/page', { currPage: 0, limit: 50 }, 'admin')).json();
    expect(office.result).toBe(true);
    const statuses = new Set(office.data.rows.map((row: { status: string }) => row.status));
    expect([...statuses].sort()).toEqual(['approved', 'declarable', 'declared', 'rejected']);
    const mine = (await call('/api/electives/declarations/page', { currPage: 0, limit: 50 }, 'T0001')).json().data.rows;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row: { teacherName: string }) => row.teacherName === mine[0].teacherName)).toBe(true);
    const rejected = mine.find((row: { status: string }) => row.status === 'rejected');
    expect(rejected).toMatchObject({ editable: true, reviewComment: expect.stringContaining('重新申报') });
    expect(mine.find((row: { status: string }) => row.status === 'approved')).toMatchObject({ editable: false, sessionId: expect.any(Number) });
    // Students cannot read declarations at all.
    expect((await call('/api/electives/declarations/page', { currPage: 0, limit: 10 }, '201911001')).statusCode).toBe(403);
  });

  it('refuses bad forms with their messages and changes nothing', async () => {
    const base = await form();
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM elective_declarations`);
    const refused = async (body: unknown, message: string, headers: Record<string, string> = EN) => {
      const response = (await call('/api/electives/declarations/create', body, 'T0001', headers)).json();
      expect(response.result).toBe(false);
      expect(response.msg).toContain(message);
    };
    await refused({ ...base, lectures: lectures(11) }, 'at least 12 lectures');
    await refused({ ...base, intro: 'x'.repeat(301) }, 'too long');
    await refused({ ...base, intro: '' }, 'intro is required');
    await refused({ ...base, capacity: 0 }, 'from 1 to 200');
    await refused({ ...base, weekFrom: 10, weekTo: 3 }, 'cannot come before');
    await refused({ ...base, weekTo: 30 }, 'The term has 20 weeks');
    await refused({ ...base, capacity: 80 }, 'fewer than the capacity');
    await refused({ ...base, gradeIds: [] }, 'Choose the grades');
    await refused({ ...base, lectures: lectures(3) }, '课程内容至少12讲', {});
    // The teacher's own Thursday-8th-period course next term (3D打印) is at that time.
    await refused({ ...base, day: 4, period: 8 }, 'Class time conflict, please change');
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM elective_declarations`)).n).toBe(before.n);
  });

  it('walks the status machine: draft, declared, withdrawn, declared, rejected, changed, declared, approved; the course opens', async () => {
    const body = await form();
    const created = (await call('/api/electives/declarations/create', body, 'T0001')).json();
    expect(created.result).toBe(true);
    const id = created.data.id as number;
    const status = async () => (await one<{ status: string }>(sql`SELECT status FROM elective_declarations WHERE id = ${id}`)).status;
    expect(await status()).toBe('declarable');
    // The office cannot review a draft; another teacher cannot touch it.
    const early = (await call('/api/electives/declarations/review', { id, decision: 'approve', comment: '' }, 'admin', EN)).json();
    expect(early).toMatchObject({ result: false, msg: 'A declaration that is declarable cannot be approved' });
    expect((await call('/api/electives/declarations/update', { ...body, id }, 'T0002')).statusCode).toBe(404);
    expect((await call('/api/electives/declarations/declare', { id }, 'T0001')).json().result).toBe(true);
    expect(await status()).toBe('declared');
    const locked = (await call('/api/electives/declarations/update', { ...body, id, name: '改名' }, 'T0001', EN)).json();
    expect(locked).toMatchObject({ result: false, msg: 'A declaration that is declared cannot be changed' });
    expect((await call('/api/electives/declarations/withdraw', { id }, 'T0001')).json().result).toBe(true);
    expect(await status()).toBe('declarable');
    expect((await call('/api/electives/declarations/declare', { id }, 'T0001')).json().result).toBe(true);
    const noReason = (await call('/api/electives/declarations/review', { id, decision: 'reject', comment: '' }, 'admin', EN)).json();
    expect(noReason).toMatchObject({ result: false, msg: 'Say why it is rejected' });
    expect((await call('/api/electives/declarations/review', { id, decision: 'reject', comment: '请补充安全须知' }, 'admin')).json().result).toBe(true);
    expect(await status()).toBe('rejected');
    const told = await one<{ title: string }>(sql`
      SELECT title FROM messages WHERE recipient_user_id = (SELECT id FROM users WHERE account = 'T0001') ORDER BY id DESC LIMIT 1`);
    expect(told.title).toContain('请补充安全须知');
    expect((await call('/api/electives/declarations/update', { ...body, id, capacity: 28 }, 'T0001')).json().result).toBe(true);
    expect((await call('/api/electives/declarations/declare', { id }, 'T0001')).json().result).toBe(true);
    const approved = (await call('/api/electives/declarations/review', { id, decision: 'approve', comment: '' }, 'admin')).json();
    expect(approved.result).toBe(true);
    const row = await one<{ status: string; sessionId: number; capacity: number; isElective: boolean }>(sql`
      SELECT d.status, d.session_id AS "sessionId", es.capacity, co.is_elective AS "isElective"
      FROM elective_declarations d JOIN elective_sessions es ON es.id = d.session_id JOIN courses co ON co.id = es.course_id WHERE d.id = ${id}`);
    expect(row).toMatchObject({ status: 'approved', capacity: 28, isElective: true });
    // Nothing leaves "approved", and it can no longer be deleted.
    expect((await call('/api/electives/declarations/withdraw', { id }, 'T0001')).json().result).toBe(false);
    expect((await call('/api/electives/declarations/delete', { ids: [id] }, 'T0001')).json().result).toBe(false);
  });

  it('keeps the review to the office and nobody reviews their own', async () => {
    const declared = await one<{ id: number }>(sql`SELECT id FROM elective_declarations WHERE status = 'declared' LIMIT 1`);
    expect((await call('/api/electives/declarations/review', { id: declared.id, decision: 'approve', comment: '' }, 'T0001')).statusCode).toBe(403);
    // The administrator declares (they are staff too) and cannot approve it themselves.
    const adminStaff = await one<{ id: number } | undefined>(sql`SELECT id FROM staff WHERE user_id = (SELECT id FROM users WHERE account = 'admin')`);
    if (adminStaff) {
      const created = (await call('/api/electives/declarations/create', await form(), 'admin')).json();
      await call('/api/electives/declarations/declare', { id: created.data.id }, 'admin');
      const self = (await call('/api/electives/declarations/review', { id: created.data.id, decision: 'approve', comment: '' }, 'admin', EN)).json();
      expect(self).toMatchObject({ result: false, msg: 'You cannot audit yourself' });
    }
  });
});
