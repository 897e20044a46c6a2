import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiKit, createTestApp, EN, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const BASE = '/api/homeSchool/familyCommittee';
const { call, one, refused } = apiKit(() => t, () => tokens, { base: BASE, headers: EN });

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

describe('family committee (家委会管理/报名人员)', () => {
  it('shows each side its own: the parent their applications, the class teacher their class, the office all', async () => {
    const parent = (await call('/page', { currPage: 0, limit: 50 }, 'jz201911001')).json().data.rows;
    expect(parent).toHaveLength(1);
    expect(parent[0]).toMatchObject({ status: 'pending', post: 'member', mine: true, reviewable: false });
    const teacher = (await call('/page', { currPage: 0, limit: 50 }, 'T0002')).json().data.rows;
    expect(new Set(teacher.map((r: { status: string }) => r.status))).toEqual(new Set(['pending', 'approved', 'rejected']));
    expect(teacher.every((r: { scope: string; className: string }) => r.scope === 'class' && r.className === teacher[0].className)).toBe(true);
    const office = (await call('/page', { currPage: 0, limit: 50 }, 'admin')).json().data;
    expect(office.rows.some((r: { scope: string }) => r.scope === 'school')).toBe(true);
    expect(office.total).toBeGreaterThan(teacher.length);
    expect((await call('/page', { currPage: 0, limit: 10 }, '201911001')).statusCode).toBe(403);
    expect((await call('/page', { currPage: 0, limit: 10 }, 'T0001')).statusCode).toBe(403);
  });

  it('lets a parent apply once per committee and the class teacher review it; one chair a year', async () => {
    const child = await one<{ id: number; other: number }>(sql`
      SELECT s.id, (SELECT id FROM students WHERE student_number <> '201911001' ORDER BY id LIMIT 1) AS other FROM students s WHERE s.student_number = '201911001'`);
    const body = { studentId: child.id, scope: 'class', post: 'member', reason: '愿意服务' };
    await refused('/apply', body, 'jz201911001', 'already applied to this committee');
    await refused('/apply', { ...body, studentId: child.other }, 'jz201911001', 'not your child');
    await refused('/apply', { ...body, scope: 'school', reason: '' }, 'jz201911001', 'Say why you apply');
    expect((await call('/apply', { ...body, scope: 'school', post: 'chair' }, 'T0002')).statusCode).toBe(403);
    const school = (await call('/apply', { ...body, scope: 'school', post: 'chair' }, 'jz201911001')).json();
    expect(school.result).toBe(true);
    // The class teacher reviews their class only; the school committee is the office's, which has its chair.
    expect((await call('/review', { ids: [school.data.id], decision: 'approve', comment: '' }, 'T0002')).statusCode).toBe(403);
    await refused('/review', { ids: [school.data.id], decision: 'approve', comment: '' }, 'admin', 'already has a chair');
    await refused('/review', { ids: [school.data.id], decision: 'reject', comment: '' }, 'admin', 'Say why it is rejected');
    expect((await call('/review', { ids: [school.data.id], decision: 'approve', post: 'member', comment: '' }, 'admin')).json().result).toBe(true);
    await refused('/withdraw', { id: school.data.id }, 'jz201911001', 'Only a pending application');

    const mine = await one<{ id: number }>(sql`
      SELECT m.id FROM family_committee_members m JOIN users u ON u.id = m.parent_user_id WHERE u.account = 'jz201911001' AND m.class_id IS NOT NULL`);
    await refused('/review', { ids: [mine.id], decision: 'approve', post: 'chair', comment: '' }, 'T0002', 'already has a chair');
    expect((await call('/review', { ids: [mine.id], decision: 'approve', post: 'secretary', comment: '欢迎' }, 'T0002')).json().result).toBe(true);
    expect(await one<{ post: string; status: string }>(sql`SELECT post, status FROM family_committee_members WHERE id = ${mine.id}`)).toEqual({ post: 'secretary', status: 'approved' });
    await refused('/review', { ids: [mine.id], decision: 'reject', comment: 'x' }, 'T0002', 'Only a pending application');
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM family_committee_members`);
    expect((await call('/remove', { ids: [mine.id] }, 'T0002')).json().result).toBe(true);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM family_committee_members`)).n).toBe(before.n - 1);
    // Rejected applications do not stand in the way of a new one.
    const again = (await call('/apply', body, 'jz201911001')).json();
    expect(again.result).toBe(true);
    expect((await call('/withdraw', { id: again.data.id }, 'jz201911001')).json().result).toBe(true);
  });
});
