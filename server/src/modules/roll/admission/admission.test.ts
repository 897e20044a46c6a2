import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AdmissionRow, AdmissionSummary, DivisionPreview } from '@campus/contract';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
let grade: { id: number; year: number };
const EN = { cookie: 'language=en' };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
  [grade] = (await queryRows<{ id: number; year: number }>(t.database.db, sql`
    SELECT e.grade_id AS id, e.entry_year AS year FROM enrolment_candidates e WHERE e.entrance_score IS NOT NULL LIMIT 1`)) as [{ id: number; year: number }];
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account = 'admin', headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const data = async <T>(url: string, payload: unknown) => {
  const body = (await call(url, payload)).json();
  if (!body.result) throw new Error(`${url}: ${body.msg}`);
  return body.data as T;
};
const page = (search: Record<string, unknown>) => data<{ rows: AdmissionRow[]; total: number; summary: AdmissionSummary }>('/api/roll/admission/page', { currPage: 0, limit: 100, search });

describe('admission and class division (录取管理, 分班管理)', () => {
  it('is the office’s', async () => {
    for (const account of ['T0001', 'T0002', '201911001', 'jz201911001']) {
      expect((await call('/api/roll/admission/page', { currPage: 0, limit: 10 }, account)).statusCode).toBe(403);
      expect((await call('/api/roll/division/preview', { gradeId: grade.id, entryYear: grade.year, classIds: [1] }, account)).statusCode).toBe(403);
    }
  });

  it('lists an intake by score with its summary, and admits by a line', async () => {
    const before = await page({ gradeId: grade.id, entryYear: grade.year });
    expect(before.total).toBe(60);
    expect(before.summary).toMatchObject({ admitted: 36, pending: 14, rejected: 10 });
    expect(before.rows[0]!.entranceScore).toBeGreaterThan(before.rows[1]!.entranceScore!);
    const waiting = before.rows.filter((r) => r.admission === 'pending');
    const line = waiting[5]!.entranceScore!;
    const result = await data<{ admitted: number; rejected: number }>('/api/roll/admission/line', { gradeId: grade.id, entryYear: grade.year, line });
    expect(result.admitted).toBe(waiting.filter((r) => r.entranceScore! >= line).length);
    expect(result.admitted + result.rejected).toBe(14);
    const after = await page({ gradeId: grade.id, entryYear: grade.year });
    expect(after.summary.pending).toBe(0);
    expect((await call('/api/roll/admission/score', { id: waiting[0]!.id, entranceScore: 750.25 }, 'admin', EN)).json().msg).toBe('The score is a number from 0 to 1000 with at most one decimal');
    await data('/api/roll/admission/score', { id: waiting[0]!.id, entranceScore: 701.5 });
    // An enrolled registration is a student already.
    const [enrolled] = await queryRows<{ id: number; name: string }>(t.database.db, sql`SELECT id, name FROM enrolment_candidates WHERE student_id IS NOT NULL LIMIT 1`);
    expect((await call('/api/roll/admission/decide', { ids: [enrolled!.id], admission: 'rejected' }, 'admin', EN)).json().msg).toBe(`${enrolled!.name} is already enrolled: the admission can no longer change`);
  });

  it('divides the admitted into the grade’s classes balanced by size, gender and score, and applies it', async () => {
    const classes = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM classes WHERE grade_id = ${grade.id} ORDER BY sort`);
    const ids = classes.map((c) => c.id);
    const other = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM classes WHERE grade_id <> ${grade.id} LIMIT 1`);
    expect((await call('/api/roll/division/preview', { gradeId: grade.id, entryYear: grade.year, classIds: [...ids, other[0]!.id] }, 'admin', EN)).json().msg).toBe('Every class must be of the chosen grade');
    expect((await call('/api/roll/division/preview', { gradeId: grade.id, entryYear: grade.year, classIds: [] }, 'admin', EN)).json().msg).toBe('Choose the classes to divide into');
    const preview = await data<DivisionPreview>('/api/roll/division/preview', { gradeId: grade.id, entryYear: grade.year, classIds: ids });
    const admitted = (await page({ gradeId: grade.id, entryYear: grade.year, admission: 'admitted' })).total;
    expect(preview.placements).toHaveLength(admitted);
    const sizes = preview.classes.map((c) => c.added);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    const boys = preview.classes.map((c) => c.boys);
    expect(Math.max(...boys) - Math.min(...boys)).toBeLessThanOrEqual(1);
    expect(preview.averageSpread!).toBeLessThan(15);
    const applied = await data<{ count: number; classes: number }>('/api/roll/division/apply', { gradeId: grade.id, entryYear: grade.year, classIds: ids });
    expect(applied).toEqual({ count: admitted, classes: ids.length });
    const [placed] = await queryRows<{ n: number }>(t.database.db, sql`
      SELECT count(*)::int AS n FROM enrolment_candidates WHERE grade_id = ${grade.id} AND entry_year = ${grade.year} AND admission = 'admitted' AND class_id IS NOT NULL`);
    expect(placed!.n).toBe(admitted);
    // Keeping the placed ones: nobody waits for a class any more.
    expect((await call('/api/roll/division/preview', { gradeId: grade.id, entryYear: grade.year, classIds: ids, keepPlaced: true }, 'admin', EN)).json().msg).toBe(
      'No admitted registration of this intake is waiting for a class',
    );
    // Not admitted any more: the class is let go.
    const first = preview.placements[0]!;
    await data('/api/roll/admission/decide', { ids: [first.id], admission: 'rejected' });
    const [row] = await queryRows<{ classId: number | null }>(t.database.db, sql`SELECT class_id AS "classId" FROM enrolment_candidates WHERE id = ${first.id}`);
    expect(row!.classId).toBeNull();
  });
});
