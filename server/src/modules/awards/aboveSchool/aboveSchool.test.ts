import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';
import { awardsTestKit } from '../testSupport.ts';

let t: TestApp;
let tokens: Record<string, string>;
let kit: ReturnType<typeof awardsTestKit>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
  kit = awardsTestKit(t, tokens);
});
afterAll(() => t.close());

const award = { level: 'national', name: '全国中学生作文大赛一等奖', awardedOn: '2026-11-01', notes: '作文《家乡的河》' };

describe('awards above school level', () => {
  it('seeds a provincial award for the demo student', async () => {
    const page = (await kit.call('/api/awards/aboveSchool/page', { currPage: 0, limit: 10 }, 'T0002')).json().data;
    const province = page.rows.find((row: { level: string }) => row.level === 'province');
    expect(province.winners.map((w: { studentNumber: string }) => w.studentNumber)).toContain('201911001');
    expect((await kit.call('/api/awards/aboveSchool/page', { currPage: 0, limit: 10, search: { level: 'province' } }, 'T0002')).json().data.total).toBe(1);
    expect((await kit.call('/api/awards/aboveSchool/page', { currPage: 0, limit: 10, search: { keyword: '201911001' } }, 'T0002')).json().data.total).toBe(1);
  });

  it('a teacher records, modifies and deletes one with winners and a certificate picture', async () => {
    const students = await kit.demoClassStudents();
    const certificate = await kit.pictureOf('T0002', 'certpic0001');
    const created = (await kit.call('/api/awards/aboveSchool/create', { ...award, studentIds: [students[0]!.id, students[1]!.id], pictures: [certificate] }, 'T0002')).json();
    expect(created.result, JSON.stringify(created)).toBe(true);
    const id = created.data.id;
    const detail = (await kit.call('/api/awards/aboveSchool/get', { id }, 'T0002')).json().data;
    expect(detail).toMatchObject({ ...award, mine: true, pictureCount: 1, pictures: [expect.objectContaining({ id: certificate })] });
    expect(detail.winners.map((w: { id: number }) => w.id).sort()).toEqual([students[0]!.id, students[1]!.id].sort());
    // The winner's parent sees the certificate.
    expect((await t.get(`/file/download/${certificate}`, { token: tokens['jz201911001'] })).statusCode).toBe(200);

    const changed = (await kit.call('/api/awards/aboveSchool/update', { id, ...award, level: 'city', studentIds: [students[1]!.id], pictures: [certificate] }, 'T0002')).json();
    expect(changed.result, JSON.stringify(changed)).toBe(true);
    const after = (await kit.call('/api/awards/aboveSchool/get', { id }, 'T0002')).json().data;
    expect(after).toMatchObject({ level: 'city', winners: [expect.objectContaining({ id: students[1]!.id })] });
    // No longer a winner: the demo family no longer sees the certificate.
    expect((await t.get(`/file/download/${certificate}`, { token: tokens['jz201911001'] })).statusCode).toBe(404);

    expect((await kit.call('/api/awards/aboveSchool/delete', { ids: [id] }, 'T0002')).json().result).toBe(true);
    const [left] = await kit.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM above_school_award_winners WHERE award_id = ${id}`);
    expect(left!.n).toBe(0);
  });

  it('refuses bad fields, strangers and other teachers, in both languages, changing nothing', async () => {
    const students = await kit.demoClassStudents();
    const stranger = await kit.foreignStudent();
    const base = { ...award, studentIds: [students[0]!.id] };
    const [before] = await kit.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM above_school_awards`);
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['T0002', { ...base, level: '' }, 'Choose the level', '请选择级别'],
      ['T0002', { ...base, level: 'galactic' }, 'Choose the level', '请选择级别'],
      ['T0002', { ...base, name: '' }, 'The name is required', '名称不能为空'],
      ['T0002', { ...base, awardedOn: '' }, 'Please give the award time', '请填写获奖时间'],
      ['T0002', { ...base, studentIds: [] }, 'Choose the students who receive the award', '请选择获奖学生'],
      ['T0002', { ...base, notes: 'x'.repeat(301) }, 'too long', '过长'],
      ['T0002', { ...base, studentIds: [stranger.id] }, 'You can only choose students of the classes you teach', '只能选择您任教班级的学生'],
      ['201911001', base, 'please contact the system administrator', '请联系系统管理员'],
      ['jz201911001', base, 'please contact the system administrator', '请联系系统管理员'],
    ];
    for (const [account, payload, en, zh] of cases) await kit.refusedBoth('/api/awards/aboveSchool/create', payload, account, en, zh);
    const [after] = await kit.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM above_school_awards`);
    expect(after!.n).toBe(before!.n);

    const [seeded] = (await kit.call('/api/awards/aboveSchool/page', { currPage: 0, limit: 1, search: { level: 'province' } }, 'T0002')).json().data.rows;
    expect((await kit.call('/api/awards/aboveSchool/get', { id: seeded.id }, 'T0001')).statusCode).toBe(404);
    expect(await kit.refusedBoth('/api/awards/aboveSchool/update', { id: seeded.id, ...base }, 'T0001', 'You have no right to edit/delete this data', '您无权编辑/删除此数据')).toBe(403);
    await kit.refusedBoth('/api/awards/aboveSchool/delete', { ids: [seeded.id] }, 'T0001', 'You have no right to edit/delete this data', '您无权编辑/删除此数据');
    expect((await kit.call('/api/awards/aboveSchool/get', { id: seeded.id }, 'T0002')).json().data).toMatchObject({ name: seeded.name, level: 'province' });
    expect((await kit.call('/api/awards/aboveSchool/page', { currPage: 0, limit: 10 }, '201911001')).statusCode).toBe(403);
  });
});
