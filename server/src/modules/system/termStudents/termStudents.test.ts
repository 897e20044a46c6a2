import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiKit, createTestApp, EN, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const BASE = '/api/system/termStudents';
const { call, one } = apiKit(() => t, () => tokens, { base: BASE, account: 'admin', headers: EN });

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

describe('term students (学年学期管理/学生维护)', () => {
  it('lists and counts a term, copies the next one from it, and changes statuses all or nothing', async () => {
    const counts = (await call('/counts', {})).json().data;
    const total = counts.grades.reduce((sum: number, g: { registered: number; suspended: number; left: number }) => sum + g.registered + g.suspended + g.left, 0);
    const page = (await call('/page', { currPage: 0, limit: 5 })).json().data;
    expect(page.total).toBe(total);
    expect(counts.previousTerm).not.toBeNull();
    expect((await call('/page', { currPage: 0, limit: 5 }, 'T0001')).statusCode).toBe(403);

    // Next term has nobody yet: the copy takes this term's students who have not left.
    const next = await one<{ id: number }>(sql`SELECT id FROM terms WHERE start_date > (SELECT start_date FROM terms WHERE is_current) ORDER BY start_date LIMIT 1`);
    const current = await one<{ id: number }>(sql`SELECT id FROM terms WHERE is_current`);
    const someone = await one<{ id: number }>(sql`SELECT student_id AS id FROM term_students WHERE term_id = ${current.id} AND status = 'registered' LIMIT 1`);
    expect((await call('/status', { termId: current.id, studentIds: [someone.id], status: 'left', remark: '出国' })).json().result).toBe(true);
    const copied = (await call('/copy', { termId: next.id })).json();
    expect(copied.result).toBe(true);
    expect(copied.msg).toContain(`${total - 1} students copied`);
    expect((await call('/copy', { termId: next.id })).json().msg).toContain('0 students copied');
    // The student who left is not in next term: the change refuses them and changes nobody.
    const first = await one<{ id: number }>(sql`SELECT student_id AS id FROM term_students WHERE term_id = ${next.id} AND status = 'registered' LIMIT 1`);
    const refused = (await call('/status', { termId: next.id, studentIds: [first.id, someone.id], status: 'suspended', remark: '' })).json();
    expect(refused).toMatchObject({ result: false, msg: 'Some of the students are not registered in this term' });
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM term_students WHERE term_id = ${next.id} AND status = 'suspended'`)).n).toBe(
      (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM term_students WHERE term_id = ${current.id} AND status = 'suspended'`)).n,
    );
    const bad = (await call('/status', { termId: next.id, studentIds: [someone.id], status: 'gone', remark: '' })).json();
    expect(bad).toMatchObject({ result: false, msg: 'Choose the status' });
  });
});
