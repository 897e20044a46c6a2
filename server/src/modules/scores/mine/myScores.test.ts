import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account = '201911001', headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;

interface Batch {
  id: number;
  name: string;
  total: number | null;
  totalFull: number;
  classRank: number | null;
  classSize: number;
  gradeRank: number | null;
  gradeSize: number;
  subjects: { courseName: string; score: number | null; mark: string | null; level: string | null; classAverage: number | null; classHighest: number | null; classRank: number | null; classCount: number; parts: { name: string; score: number }[] }[];
}

describe("the family's scores (成绩单)", () => {
  it('shows a student their released batches with levels, the class figures and places, newest first', async () => {
    const answer = (await call('/api/scores/mine/report', {})).json();
    expect(answer.data.student).toMatchObject({ name: '张小明', studentNumber: '201911001', className: '初二(1)班' });
    const batches: Batch[] = answer.data.batches;
    expect(batches.map((b) => b.name)).toEqual(['2025-2026学年第二学期初二期末成绩', '2025-2026学年第二学期初二期中成绩']);
    for (const batch of batches) {
      expect(batch.totalFull).toBe(120 * 3 + 100 * 3);
      expect(batch.classSize).toBeGreaterThan(30);
      expect(batch.classRank).toBeGreaterThanOrEqual(1);
      for (const subject of batch.subjects) {
        if (subject.score === null) continue;
        expect(subject.classRank).toBeGreaterThanOrEqual(1);
        expect(subject.classHighest).toBeGreaterThanOrEqual(subject.score);
        expect(subject.classRank).toBeLessThanOrEqual(subject.classCount);
        expect(['excellent', 'good', 'pass', 'fail']).toContain(subject.level);
      }
      // The seeded batches are analysed: the grade's place is there and not below the class's.
      expect(batch.gradeRank).toBeGreaterThanOrEqual(batch.classRank!);
      expect(batch.gradeSize).toBeGreaterThanOrEqual(batch.classSize);
      const sum = batch.subjects.reduce((total, s) => total + (s.score ?? 0), 0);
      expect(batch.total).toBeCloseTo(sum, 2);
    }
    const parent = (await call('/api/scores/mine/report', {}, 'jz201911001')).json();
    expect(parent.data.batches.map((b: Batch) => b.id)).toEqual(batches.map((b) => b.id));
    expect((await call('/api/scores/mine/children', {}, 'jz201911001')).json().data).toEqual([expect.objectContaining({ name: '张小明' })]);
  });

  it("shows a batch once it is released and hides it again when the release is cancelled; another family's child and staff are refused", async () => {
    const midterm = await one<{ id: number }>(sql`SELECT id FROM score_batches WHERE name = '初二期中考试成绩'`);
    const names = async () => ((await call('/api/scores/mine/report', {}, 'jz201911001')).json().data.batches as Batch[]).map((b) => b.name);
    expect(await names()).not.toContain('初二期中考试成绩');
    expect((await call('/api/scores/batches/release', { ids: [midterm.id], released: true }, 'admin')).json().result).toBe(true);
    try {
      expect((await names())[0]).toBe('初二期中考试成绩');
      const batch: Batch = (await call('/api/scores/mine/report', {}, 'jz201911001')).json().data.batches[0];
      const english = batch.subjects.find((s) => s.courseName === '英语')!;
      expect(english.parts.map((p) => p.name)).toEqual(['听力', '笔试']);
      expect(english.parts.reduce((total, p) => total + p.score, 0)).toBeCloseTo(english.score!, 2);
      // Subjects not entered yet show without a score or place.
      expect(batch.subjects.find((s) => s.courseName === '化学')).toMatchObject({ score: null, level: null, classRank: null });
    } finally {
      expect((await call('/api/scores/batches/release', { ids: [midterm.id], released: false }, 'admin')).json().result).toBe(true);
    }
    expect(await names()).not.toContain('初二期中考试成绩');

    const stranger = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number <> '201911001' AND in_school_status = '1' LIMIT 1`);
    expect((await call('/api/scores/mine/report', { studentId: stranger.id }, 'jz201911001')).statusCode).toBe(403);
    expect((await call('/api/scores/mine/report', { studentId: stranger.id })).statusCode).toBe(403);
    // A teacher does not hold the page (an administrator reads any student's: the next test).
    expect((await call('/api/scores/mine/report', { studentId: stranger.id }, 'T0002')).statusCode).toBe(403);
  });

  it("lets an administrator read any student's transcript, chosen by number or name", async () => {
    expect((await call('/api/scores/mine/report', {}, 'admin', { cookie: 'language=en' })).json()).toMatchObject({ result: false, msg: 'Choose the student whose transcript you want to read' });
    expect((await call('/api/scores/mine/report', {}, 'admin', { cookie: 'language=zh' })).json().msg).toBe('请选择要查看成绩单的学生');
    expect((await call('/api/scores/external/mine', {}, 'admin')).statusCode).toBe(400);
    const found = (await call('/api/scores/mine/students', { currPage: 0, limit: 10, search: { keyword: '201911001' } }, 'admin')).json().data;
    expect(found.rows.map((row: { studentNumber: string }) => row.studentNumber)).toEqual(['201911001']);
    const byName = (await call('/api/scores/mine/students', { currPage: 0, limit: 10, search: { keyword: found.rows[0].name } }, 'admin')).json().data;
    expect(byName.rows.map((row: { id: number }) => row.id)).toContain(found.rows[0].id);
    const studentId = found.rows[0].id as number;
    expect((await call('/api/scores/mine/report', { studentId }, 'admin')).json().data).toEqual((await call('/api/scores/mine/report', {})).json().data);
    expect((await call('/api/scores/external/mine', { studentId }, 'admin')).json().data).toEqual((await call('/api/scores/external/mine', {})).json().data);
    // Families choose among their own children, not among the school's students.
    expect((await call('/api/scores/mine/students', { currPage: 0, limit: 10 }, 'jz201911001')).statusCode).toBe(403);
    expect((await call('/api/scores/mine/students', { currPage: 0, limit: 10, search: { keyword: 'x'.repeat(51) } }, 'admin')).statusCode).toBe(400);
  });
});
