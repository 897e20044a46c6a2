import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { GroupAnalysis, StudentGroupDetail, StudentGroupRow } from '@campus/contract';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account = 'T0002', headers: Record<string, string> = { 'accept-language': 'en' }) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const page = async (account: string, search: object = {}): Promise<StudentGroupRow[]> =>
  (await call('/api/scores/groups/page', { currPage: 0, limit: 50, search }, account)).json().data.rows;

describe('自定义群体: teachers keep named sets of students', () => {
  it("shows the owner both seeded groups and a colleague only the shared one", async () => {
    const mine = await page('T0002');
    expect(mine.map((g) => [g.name, g.mine, g.shared])).toEqual(expect.arrayContaining([['初二(1)班尖子生', true, false], ['初二数学临界生', true, true]]));
    expect(mine.find((g) => g.name === '初二(1)班尖子生')!.memberCount).toBe(10);
    const colleague = await page('T0001');
    expect(colleague.map((g) => g.name)).toEqual(['初二数学临界生']);
    expect(colleague[0]!.mine).toBe(false);
    const hidden = mine.find((g) => !g.shared)!;
    expect((await call('/api/scores/groups/get', { id: hidden.id }, 'T0001')).statusCode).toBe(404);
    const shared = colleague[0]!;
    const detail: StudentGroupDetail = (await call('/api/scores/groups/get', { id: shared.id }, 'T0001')).json().data;
    expect(detail.members.length).toBe(shared.memberCount);
    // Only the owner changes or deletes it.
    const refused = await call('/api/scores/groups/save', { id: shared.id, name: 'x', shared: true, studentIds: [detail.members[0]!.id] }, 'T0001');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/Only the teacher who made/);
    expect((await call('/api/scores/groups/delete', { ids: [shared.id] }, 'T0001')).statusCode).toBe(403);
    expect((await call('/api/scores/groups/page', { currPage: 0, limit: 10 }, '201911001')).statusCode).toBe(403);
  });

  it('creates a group of students the teacher may see, refuses others and a name taken, and deletes it', async () => {
    const own = await rows<{ id: number }>(sql`
      SELECT s.id FROM students s JOIN classes c ON c.id = s.class_id JOIN staff st ON st.id = c.class_teacher_id JOIN users u ON u.id = st.user_id
      WHERE u.account = 'T0002' ORDER BY s.student_number LIMIT 3`);
    const stranger = await one<{ id: number }>(sql`
      SELECT s.id FROM students s JOIN classes c ON c.id = s.class_id JOIN grades g ON g.id = c.grade_id WHERE g.code = 'G12' LIMIT 1`);
    // The member search offers the teacher's own students only.
    const found = (await call('/api/scores/groups/students', { currPage: 0, limit: 500, search: {} })).json().data;
    expect(found.rows.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining(own.map((s) => s.id)));
    expect(found.rows.map((s: { id: number }) => s.id)).not.toContain(stranger.id);
    const form = { name: '兴趣小组', remarks: '', shared: false, studentIds: own.map((s) => s.id) };
    const foreign = await call('/api/scores/groups/save', { ...form, studentIds: [...form.studentIds, stranger.id] });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().msg).toMatch(/not students you teach/);
    expect((await call('/api/scores/groups/save', { ...form, name: '初二(1)班尖子生' })).json().msg).toMatch(/already have a group named/);
    expect((await call('/api/scores/groups/save', { ...form, studentIds: [] })).json().msg).toMatch(/at least one student/);
    const created = (await call('/api/scores/groups/save', form)).json();
    expect(created.msg).toBe('兴趣小组 is saved with 3 students');
    // The same name is free for another teacher.
    const admin = (await call('/api/scores/groups/save', { ...form, studentIds: [stranger.id] }, 'admin')).json();
    expect(admin.result).toBe(true);
    expect((await call('/api/scores/groups/delete', { ids: [created.data.id] })).json().result).toBe(true);
    expect((await call('/api/scores/groups/delete', { ids: [admin.data.id] }, 'admin')).json().result).toBe(true);
  });

  it("reads an exam's figures for the group beside the grade's", async () => {
    const group = (await page('T0002')).find((g) => g.name === '初二(1)班尖子生')!;
    const batch = await one<{ id: number }>(sql`
      SELECT b.id FROM score_batches b JOIN terms t ON t.id = b.term_id JOIN grades g ON g.id = b.grade_id WHERE t.code = '2025-2026-2' AND g.code = 'G08' AND b.exam_node = '期末'`);
    const options = (await call('/api/scores/groups/options', {})).json().data;
    expect(options.map((o: { name: string }) => o.name)).toContain('初二(1)班尖子生');
    const analysis: GroupAnalysis = (await call('/api/scores/analysis/group', { batchId: batch.id, groupId: group.id })).json().data;
    expect(analysis.rows.length).toBe(10);
    const total = analysis.subjects.find((s) => s.courseId === 0)!;
    expect(total.courseName).toBe('Total');
    // The class's top ten do better than the grade as a whole.
    expect(total.group.average!).toBeGreaterThan(total.grade.average!);
    expect(total.group.counted).toBe(10);
    expect(analysis.subjects.length).toBe(7);
    for (const row of analysis.rows) expect(row.gradeRank).toBeGreaterThanOrEqual(row.classRank!);
    const unreleased = await one<{ id: number }>(sql`SELECT id FROM score_batches WHERE NOT released LIMIT 1`);
    expect((await call('/api/scores/analysis/group', { batchId: unreleased.id, groupId: group.id })).json().result).toBe(false);
  });
});
