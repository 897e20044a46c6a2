import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MaintenancePage, ScoreCorrection } from '@campus/contract';
import { queryRows } from '../../../db/client.ts';
import { backgroundOf } from '../../../platform/background.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account = 'admin', headers: Record<string, string> = { 'accept-language': 'en' }) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;

const lastFinal = () => one<{ id: number }>(sql`
  SELECT b.id FROM score_batches b JOIN terms t ON t.id = b.term_id JOIN grades g ON g.id = b.grade_id WHERE t.code = '2025-2026-2' AND g.code = 'G08' AND b.exam_node = '期末'`);

describe('考试成绩维护: the office corrects scores with a reason', () => {
  it("lists a batch's students with every subject, filtered by class and keyword, and the seeded correction", async () => {
    const batch = await lastFinal();
    const options = (await call('/api/scores/maintenance/batches', { termId: (await one<{ id: number }>(sql`SELECT id FROM terms WHERE code = '2025-2026-2'`)).id })).json().data;
    expect(options.batches.find((b: { id: number }) => b.id === batch.id).classes.length).toBeGreaterThan(1);
    const page: MaintenancePage = (await call('/api/scores/maintenance/page', { batchId: batch.id, keyword: '201911001', currPage: 0, limit: 10 })).json().data;
    expect(page.total).toBe(1);
    expect(page.subjects.length).toBe(6);
    expect(page.rows[0]!.name).toBe('张小明');
    const history: ScoreCorrection[] = (await call('/api/scores/maintenance/history', { batchId: batch.id })).json().data;
    expect(history[0]).toMatchObject({ reason: '阅卷复核：第 18 题漏计 5 分。', correctedByName: '系统管理员' });
    expect(history[0]!.newScore! - history[0]!.oldScore!).toBe(5);
  });

  it('refuses a bad correction whole and changes nothing; teachers are refused', async () => {
    const batch = await lastFinal();
    const student = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number = '201911001'`);
    const maths = await one<{ id: number }>(sql`SELECT id FROM courses WHERE code = 'maths'`);
    const physics = await one<{ id: number }>(sql`SELECT id FROM courses WHERE code = 'physics'`);
    const cell = (courseId: number, score: number | null, mark: string | null = null) => ({ studentId: student.id, courseId, score, mark });
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM score_corrections`);
    const bad = async (body: object, message: RegExp) => {
      const answer = (await call('/api/scores/maintenance/correct', body)).json();
      expect(answer.result).toBe(false);
      expect(answer.msg).toMatch(message);
    };
    await bad({ batchId: batch.id, studentId: student.id, reason: '', cells: [cell(maths.id, 100)] }, /reason/);
    await bad({ batchId: batch.id, studentId: student.id, reason: '复核', cells: [cell(maths.id, 121)] }, /over|full mark/i);
    await bad({ batchId: batch.id, studentId: student.id, reason: '复核', cells: [cell(maths.id, 100), cell(physics.id, 101)] }, /./);
    const other = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number <> '201911001' LIMIT 1`);
    await bad({ batchId: batch.id, studentId: student.id, reason: '复核', cells: [{ ...cell(maths.id, 100), studentId: other.id }] }, /one student at a time/);
    const current = await one<{ score: number }>(sql`SELECT score::float8 AS score FROM scores WHERE batch_id = ${batch.id} AND student_id = ${student.id} AND course_id = ${maths.id}`);
    await bad({ batchId: batch.id, studentId: student.id, reason: '复核', cells: [cell(maths.id, current.score)] }, /Nothing has changed/);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM score_corrections`)).n).toBe(before.n);
    expect((await call('/api/scores/maintenance/correct', { batchId: batch.id, studentId: student.id, reason: 'x', cells: [cell(maths.id, 100)] }, 'T0002')).statusCode).toBe(403);
  });

  it('corrects a released score, keeps the old value, moves the sheet version on and analyses the batch again', async () => {
    const batch = await lastFinal();
    const student = await one<{ id: number; classId: number }>(sql`SELECT id, class_id AS "classId" FROM students WHERE student_number = '201911001'`);
    const maths = await one<{ id: number }>(sql`SELECT id FROM courses WHERE code = 'maths'`);
    const old = await one<{ score: number }>(sql`SELECT score::float8 AS score FROM scores WHERE batch_id = ${batch.id} AND student_id = ${student.id} AND course_id = ${maths.id}`);
    const next = old.score >= 110 ? old.score - 3 : old.score + 3;
    const answer = (await call('/api/scores/maintenance/correct', { batchId: batch.id, studentId: student.id, reason: '试卷复查加分', cells: [{ studentId: student.id, courseId: maths.id, score: next, mark: null }] })).json();
    expect(answer).toMatchObject({ result: true, data: { corrected: 1, recomputed: true } });
    expect(answer.msg).toMatch(/being computed again/);
    expect((await one<{ score: number }>(sql`SELECT score::float8 AS score FROM scores WHERE batch_id = ${batch.id} AND student_id = ${student.id} AND course_id = ${maths.id}`)).score).toBe(next);
    const history: ScoreCorrection[] = (await call('/api/scores/maintenance/history', { batchId: batch.id, studentId: student.id })).json().data;
    expect(history[0]).toMatchObject({ oldScore: old.score, newScore: next, reason: '试卷复查加分', courseName: 'Mathematics' });
    expect((await one<{ version: number }>(sql`SELECT version FROM score_sheet_versions WHERE batch_id = ${batch.id} AND class_id = ${student.classId} AND course_id = ${maths.id}`)).version).toBeGreaterThanOrEqual(1);
    expect((await one<{ state: string }>(sql`SELECT analysis_state AS state FROM score_batches WHERE id = ${batch.id}`)).state).toBe('pending');
    await backgroundOf(t.app).runPending();
    expect((await one<{ state: string }>(sql`SELECT analysis_state AS state FROM score_batches WHERE id = ${batch.id}`)).state).toBe('ready');
    // The family sees the corrected score.
    const family = (await call('/api/scores/mine/report', {}, 'jz201911001')).json().data;
    const finalCard = family.batches.find((b: { id: number }) => b.id === batch.id);
    expect(finalCard.subjects.find((s: { courseName: string }) => s.courseName === 'Mathematics').score).toBe(next);
  });
});
