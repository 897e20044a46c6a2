import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiKit, createTestApp, EN, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const BASE = '/api/roll/stratifiedClasses';
const { call, one, rows, refused } = apiKit(() => t, () => tokens, { base: BASE, account: 'admin', headers: EN });

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

describe('stratified teaching (分层班级, 分层班级学生)', () => {
  it('lists the demo level classes with their students and keeps those that have students', async () => {
    const page = (await call('/page', { currPage: 0, limit: 20 }, 'T0001')).json();
    expect(page.data.rows.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['数学A层', '数学B层', '数学C层', '英语提高班']));
    const a = page.data.rows.find((r: { name: string }) => r.name === '数学A层');
    expect(a.students).toBeGreaterThan(0);
    const students = (await call('/students', { classId: a.id }, 'T0001')).json().data;
    expect(students.rows.every((r: { placedBy: string; score: number }) => r.placedBy === 'score' && r.score >= 90)).toBe(true);
    // A teacher reads; the office changes.
    expect((await call('/create', { termId: a.termId, gradeId: a.gradeId, courseId: a.courseId, level: 'A', name: 'X', capacity: 10 }, 'T0001')).statusCode).toBe(403);
    await refused('/students', {}, 'admin', 'Parameters lost, re-enter from the management page');
    await refused('/delete', { ids: [a.id] }, 'admin', 'The selected option has been in use');
    await refused('/update', { ...a, capacity: 1 }, 'admin', 'Class size is full or over');
    expect((await call('/page', { currPage: 0, limit: 10 }, '201911001')).statusCode).toBe(403);
  });

  it('adds students by hand within the capacity, one level class per course', async () => {
    const facts = await one<{ termId: number; gradeId: number; courseId: number; otherGrade: number[] }>(sql`
      SELECT (SELECT id FROM terms WHERE is_current) AS "termId", (SELECT id FROM grades WHERE sort = 8) AS "gradeId", (SELECT id FROM courses WHERE code = 'english') AS "courseId",
        ARRAY(SELECT s.id FROM students s JOIN classes c ON c.id = s.class_id JOIN grades g ON g.id = c.grade_id WHERE g.sort = 7 LIMIT 1) AS "otherGrade"`);
    const pupils = await rows<{ id: number }>(sql`
      SELECT s.id FROM students s JOIN classes c ON c.id = s.class_id WHERE c.grade_id = ${facts.gradeId} ORDER BY s.student_number LIMIT 3`);
    await refused('/create', { ...facts, level: 'D', name: '英语冲刺', capacity: 2 }, 'admin', 'Choose the level');
    await refused('/create', { ...facts, level: 'C', name: '英语提高班', capacity: 2 }, 'admin', 'already has a level class named');
    const created = (await call('/create', { ...facts, level: 'C', name: '英语冲刺', capacity: 2 })).json();
    expect(created.result).toBe(true);
    const classId = created.data.id;
    await refused('/addStudents', { classId, studentIds: pupils.map((p) => p.id) }, 'admin', 'Class size is full or over');
    await refused('/addStudents', { classId, studentIds: facts.otherGrade }, 'admin', 'is not in this grade');
    expect((await call('/addStudents', { classId, studentIds: [pupils[0]!.id, pupils[1]!.id] })).json().result).toBe(true);
    const english = await one<{ id: number }>(sql`SELECT id FROM stratified_classes WHERE name = '英语提高班'`);
    await refused('/addStudents', { classId: english.id, studentIds: [pupils[0]!.id] }, 'admin', 'is already in the level class 英语冲刺');
    const number = await one<{ n: string }>(sql`SELECT student_number AS n FROM students WHERE id = ${pupils[0]!.id}`);
    const candidates = (await call('/candidates', { classId: english.id, keyword: number.n })).json().data;
    expect(candidates.find((c: { studentId: number }) => c.studentId === pupils[0]!.id)?.currentClass).toBe('英语冲刺');
    expect((await call('/removeStudents', { classId, studentIds: [pupils[0]!.id] })).json().result).toBe(true);
    expect((await call('/addStudents', { classId: english.id, studentIds: [pupils[0]!.id] })).json().result).toBe(true);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM stratified_class_students WHERE stratified_class_id = ${classId}`)).n).toBe(1);
  });

  it('places a grade by a score batch, best first into the highest level reached that has room', async () => {
    const facts = await one<{ termId: number; gradeId: number; courseId: number; batchId: number; otherBatch: number }>(sql`
      SELECT b.term_id AS "termId", b.grade_id AS "gradeId", s.course_id AS "courseId", b.id AS "batchId",
        (SELECT id FROM score_batches WHERE grade_id <> b.grade_id LIMIT 1) AS "otherBatch"
      FROM score_batches b JOIN scores s ON s.batch_id = b.id JOIN courses co ON co.id = s.course_id
      WHERE co.code = 'chinese' AND s.score IS NOT NULL AND b.term_id = (SELECT id FROM terms WHERE is_current) LIMIT 1`);
    const scored = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM scores s JOIN students st ON st.id = s.student_id JOIN classes c ON c.id = st.class_id
      WHERE s.batch_id = ${facts.batchId} AND s.course_id = ${facts.courseId} AND s.score IS NOT NULL AND c.grade_id = ${facts.gradeId}`);
    const level = (lv: string, minScore: number, capacity: number) => call('/create', { ...facts, level: lv, name: `语文${lv}层`, capacity, minScore });
    const { termId, gradeId, courseId } = facts;
    await refused('/placeByScore', { termId, gradeId, courseId, batchId: facts.batchId }, 'admin', 'no level class with a lowest score');
    expect((await level('A', 85, 3)).json().result).toBe(true);
    expect((await level('B', 60, 200)).json().result).toBe(true);
    expect((await level('C', 0, 200)).json().result).toBe(true);
    await refused('/placeByScore', { termId, gradeId, courseId, batchId: facts.otherBatch }, 'admin', 'not of this term and grade');
    const placed = (await call('/placeByScore', { termId, gradeId, courseId, batchId: facts.batchId })).json();
    expect(placed.data).toEqual({ placed: Math.min(scored.n, 403), unplaced: Math.max(0, scored.n - 403) });
    const levels = await rows<{ name: string; min: number; max: number; n: number }>(sql`
      SELECT sc.name, min(x.score)::float8 AS min, max(x.score)::float8 AS max, count(*)::int AS n FROM stratified_class_students x JOIN stratified_classes sc ON sc.id = x.stratified_class_id
      WHERE sc.course_id = ${courseId} AND sc.grade_id = ${gradeId} GROUP BY sc.name ORDER BY sc.name`);
    const a = levels.find((r) => r.name === '语文A层')!;
    const b = levels.find((r) => r.name === '语文B层')!;
    expect(a.n).toBeLessThanOrEqual(3);
    expect(a.min).toBeGreaterThanOrEqual(85);
    if (a.n === 3) expect(a.min).toBeGreaterThanOrEqual(b.max);
    // Placed students stay where they are on a second run.
    expect((await call('/placeByScore', { termId, gradeId, courseId, batchId: facts.batchId })).json().data).toMatchObject({ placed: 0 });
  });
});
