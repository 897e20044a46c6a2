import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';
import { awardsTestKit } from '../testSupport.ts';

let t: TestApp;
let tokens: Record<string, string>;
let kit: ReturnType<typeof awardsTestKit>;
const EN = { cookie: 'language=en' };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
  kit = awardsTestKit(t, tokens);
});
afterAll(() => t.close());

const award = { level: 'national', name: '全国中学生作文大赛一等奖', awardedOn: '2026-11-01', notes: '作文《家乡的河》' };

describe('my awards', () => {
  it('the student sees both kinds of their own awards, newest first', async () => {
    const mine = (await kit.call('/api/awards/myAwards/page', { currPage: 0, limit: 50 }, '201911001')).json();
    expect(mine.result, JSON.stringify(mine)).toBe(true);
    const kinds = new Set(mine.data.rows.map((row: { kind: string }) => row.kind));
    expect(kinds).toEqual(new Set(['disciplinary', 'aboveSchool']));
    expect(mine.data.rows.every((row: { studentName: string }) => row.studentName === '张小明')).toBe(true);
    const dates = mine.data.rows.map((row: { awardedOn: string }) => row.awardedOn);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(mine.data.rows.find((row: { kind: string }) => row.kind === 'disciplinary')).toMatchObject({ competitionTitle: expect.any(String), level: null });
    expect(mine.data.rows.find((row: { kind: string }) => row.kind === 'aboveSchool')).toMatchObject({ level: 'province', notes: expect.stringContaining('节水') });
    const onlyAbove = (await kit.call('/api/awards/myAwards/page', { currPage: 0, limit: 50, search: { kind: 'aboveSchool' } }, '201911001')).json().data;
    expect(onlyAbove.rows.every((row: { kind: string }) => row.kind === 'aboveSchool')).toBe(true);
  });

  it("the parent sees their children's awards, and a new one shows at once with its picture", async () => {
    const students = await kit.demoClassStudents();
    const before = (await kit.call('/api/awards/myAwards/page', { currPage: 0, limit: 50 }, 'jz201911001')).json().data;
    expect(before.children).toEqual([expect.objectContaining({ id: students[0]!.id })]);
    const certificate = await kit.pictureOf('T0002', 'certpic0002');
    const created = (await kit.call('/api/awards/aboveSchool/create', { ...award, awardedOn: '2099-01-01', studentIds: [students[0]!.id], pictures: [certificate] }, 'T0002')).json();
    expect(created.result).toBe(true);
    const after = (await kit.call('/api/awards/myAwards/page', { currPage: 0, limit: 50 }, 'jz201911001')).json().data;
    expect(after.total).toBe(before.total + 1);
    expect(after.rows[0]).toMatchObject({ kind: 'aboveSchool', id: created.data.id, level: 'national', pictures: [expect.objectContaining({ id: certificate })] });
    expect((await t.get(`/file/download/${certificate}`, { token: tokens['jz201911001'] })).statusCode).toBe(200);
  });

  it("never shows another family's awards", async () => {
    const students = await kit.demoClassStudents();
    // Asking for a classmate by id answers nothing of theirs.
    const other = (await kit.call('/api/awards/myAwards/page', { currPage: 0, limit: 50, search: { studentId: students[1]!.id } }, 'jz201911001')).json().data;
    expect(other).toMatchObject({ total: 0, rows: [] });
    const classmate = await t.login(students[1]!.studentNumber).catch(() => null);
    if (classmate) {
      const theirs = (await t.inject({ method: 'POST', url: '/api/awards/myAwards/page', headers: { [t.config.tokenHeader]: classmate }, payload: { currPage: 0, limit: 50 } })).json().data;
      expect(theirs.rows.every((row: { studentId: number }) => row.studentId === students[1]!.id)).toBe(true);
    }
    // Teachers have no 我的获奖.
    expect((await kit.call('/api/awards/myAwards/page', { currPage: 0, limit: 10 }, 'T0001', EN)).statusCode).toBe(403);
  });
});
