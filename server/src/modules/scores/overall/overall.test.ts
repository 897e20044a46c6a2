import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OverallDetails, OverallList } from '@campus/contract';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account = 'admin', headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;
const en = { 'accept-language': 'en' };

const lastTerm = () => one<{ id: number }>(sql`SELECT id FROM terms WHERE code = '2025-2026-2'`);
const grade8 = () => one<{ id: number }>(sql`SELECT id FROM grades WHERE code = 'G08'`);
const batchOf = (termCode: string, gradeCode: string, node: string) =>
  one<{ id: number }>(sql`SELECT b.id FROM score_batches b JOIN terms t ON t.id = b.term_id JOIN grades g ON g.id = b.grade_id WHERE t.code = ${termCode} AND g.code = ${gradeCode} AND b.exam_node = ${node}`);

describe('总评: overall scores of weighted exams', () => {
  it("lists last term's seeded schemes, complete, with their exams and weights", async () => {
    const list: OverallList = (await call('/api/scores/overall/list', { termId: (await lastTerm()).id })).json().data;
    const scheme = list.schemes.find((item) => item.gradeName === '初二')!;
    expect(scheme).toMatchObject({ name: '初二学期总评', totalWeight: 100, complete: true });
    expect(scheme.parts.map((part) => [part.examNode, part.weight])).toEqual([['期中', 40], ['期末', 60]]);
    const current: OverallList = (await call('/api/scores/overall/list', {})).json().data;
    expect(current.schemes.find((item) => item.gradeName === '初二')?.complete).toBe(false);
  });

  it('computes each subject as the weighted mean: absent counts 0, exempt leaves the exam out', async () => {
    const list: OverallList = (await call('/api/scores/overall/list', { termId: (await lastTerm()).id })).json().data;
    const scheme = list.schemes.find((item) => item.gradeName === '初二')!;
    const details: OverallDetails = (await call('/api/scores/overall/details', { id: scheme.id }, 'T0002')).json().data;
    expect(details.classes.map((cls) => cls.name)).toEqual(['初二(1)班']);
    const [midterm, final] = scheme.parts.map((part) => part.batchId);
    const row = details.rows.find((r) => r.studentNumber === '201911001')!;
    for (const subject of details.subjects) {
      const key = String(subject.courseId);
      const mid = row.parts[key]![String(midterm)]!;
      const fin = row.parts[key]![String(final)]!;
      if (mid.score !== null && fin.score !== null) expect(row.overall[key]).toBeCloseTo((mid.score * 40 + fin.score * 60) / 100, 2);
    }
    expect(row.total).toBeCloseTo(Object.values(row.overall).reduce<number>((sum, value) => sum + (value ?? 0), 0), 1);
    expect(row.classRank).toBeGreaterThanOrEqual(1);
    // Make one score absent and one exempt, and read again.
    const student = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number = '201911001'`);
    const [first, second] = details.subjects;
    const saved = await queryRows<{ courseId: number; score: number }>(t.database.db, sql`
      SELECT course_id AS "courseId", score::float8 AS score FROM scores WHERE batch_id = ${midterm} AND student_id = ${student.id} AND course_id IN (${first!.courseId}, ${second!.courseId})`);
    await t.database.db.execute(sql`UPDATE scores SET score = NULL, mark = 'absent' WHERE batch_id = ${midterm} AND student_id = ${student.id} AND course_id = ${first!.courseId}`);
    await t.database.db.execute(sql`UPDATE scores SET score = NULL, mark = 'exempt' WHERE batch_id = ${midterm} AND student_id = ${student.id} AND course_id = ${second!.courseId}`);
    try {
      const again: OverallDetails = (await call('/api/scores/overall/details', { id: scheme.id }, 'T0002')).json().data;
      const mine = again.rows.find((r) => r.studentNumber === '201911001')!;
      const finalOf = (courseId: number) => mine.parts[String(courseId)]![String(final)]!.score!;
      expect(mine.overall[String(first!.courseId)]).toBeCloseTo((finalOf(first!.courseId) * 60) / 100, 2);
      expect(mine.overall[String(second!.courseId)]).toBeCloseTo(finalOf(second!.courseId), 2);
      expect(mine.parts[String(first!.courseId)]![String(midterm)]).toEqual({ score: null, mark: 'absent' });
    } finally {
      for (const row of saved) await t.database.db.execute(sql`UPDATE scores SET score = ${row.score}, mark = NULL WHERE batch_id = ${midterm} AND student_id = ${student.id} AND course_id = ${row.courseId}`);
    }
    const workbook = await t.inject({ method: 'GET', url: `/api/scores/overall/workbook?id=${scheme.id}`, headers: { [t.config.tokenHeader]: tokens['T0002']! } });
    expect(workbook.statusCode).toBe(200);
    expect(workbook.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it("refuses another class to a class teacher, and a scheme's bad exams or weights to the office", async () => {
    const list: OverallList = (await call('/api/scores/overall/list', { termId: (await lastTerm()).id })).json().data;
    const scheme = list.schemes.find((item) => item.gradeName === '初二')!;
    const other = await one<{ id: number }>(sql`SELECT c.id FROM classes c WHERE c.grade_id = ${scheme.gradeId} AND c.name <> '初二(1)班' LIMIT 1`);
    const refused = await call('/api/scores/overall/details', { id: scheme.id, classId: other.id }, 'T0002', en);
    expect(refused.statusCode).toBe(403);
    expect((await call('/api/scores/overall/details', { id: scheme.id, classId: other.id })).json().data.rows.length).toBeGreaterThan(0);
    expect((await call('/api/scores/overall/save', { termId: scheme.termId, gradeId: scheme.gradeId, name: 'x', parts: [{ batchId: scheme.parts[0]!.batchId, weight: 1 }] }, 'T0002')).statusCode).toBe(403);
    expect((await call('/api/scores/overall/details', {}, 'admin', en)).json().msg).toBe('Parameters lost, re-enter from the management page');

    const [midterm, final] = [await batchOf('2025-2026-2', 'G08', '期中'), await batchOf('2025-2026-2', 'G08', '期末')];
    const form = { termId: (await lastTerm()).id, gradeId: (await grade8()).id, name: '新总评', parts: [{ batchId: midterm.id, weight: 50 }, { batchId: final.id, weight: 60 }] };
    expect((await call('/api/scores/overall/save', form, 'admin', en)).json().msg).toBe('The weights total at most 100');
    const otherGrade = await batchOf('2025-2026-2', 'G07', '期中');
    expect((await call('/api/scores/overall/save', { ...form, parts: [{ batchId: otherGrade.id, weight: 50 }] }, 'admin', en)).json().msg).toMatch(/is not an exam of this term and grade/);
    expect((await call('/api/scores/overall/save', { ...form, name: '初二学期总评', parts: [{ batchId: midterm.id, weight: 50 }] }, 'admin', en)).json().msg).toMatch(/already has an overall score named/);
    expect((await call('/api/scores/overall/save', { ...form, parts: [{ batchId: midterm.id, weight: 0 }] }, 'admin', en)).json().msg).toMatch(/from 1 to 100/);
    const created = (await call('/api/scores/overall/save', { ...form, parts: [{ batchId: final.id, weight: 100 }] })).json();
    expect(created.result).toBe(true);
    // A batch counted in a scheme is not deleted from under it.
    const current8 = await batchOf('2026-2027-1', 'G08', '期末');
    const deleting = (await call('/api/scores/batches/delete', { ids: [current8.id] }, 'admin', en)).json();
    expect(deleting.result).toBe(false);
    expect(deleting.msg).toMatch(/counts in the overall score/);
    expect((await call('/api/scores/overall/delete', { ids: [created.data.id] })).json().result).toBe(true);
  });
});
