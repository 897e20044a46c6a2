import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { backgroundOf } from '../../../platform/background.ts';
import { DEMO_PASSWORD, createTestApp, loginDemoAccounts, teacherOutsideDemoClass, type TestApp } from '../../../../test/helpers.ts';
import { hashPassword } from '../../../platform/passwords.ts';

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account = 'admin', headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

interface Stats {
  courseId: number;
  courseName: string;
  counted: number;
  absent: number;
  average: number | null;
  highest: number | null;
  lowest: number | null;
  stdDev: number | null;
  passRate: number | null;
  bands: number[];
  passLine: number;
}

/** The demo's released final of 初二 last term, and the class and subject the demo teacher enters. */
async function demoFinal() {
  const batch = await one<{ id: number; termId: number }>(sql`SELECT id, term_id AS "termId" FROM score_batches WHERE name = '2025-2026学年第二学期初二期末成绩'`);
  const cls = await one<{ id: number }>(sql`SELECT id FROM classes WHERE code = '20190801'`);
  return { batch, cls };
}

describe('score analysis (成绩分析)', () => {
  it("computes the seeded released batches' figures, which agree with the scores themselves", async () => {
    const { batch } = await demoFinal();
    const listed = (await call('/api/scores/analysis/batches', { termId: batch.termId })).json();
    expect(listed.result).toBe(true);
    expect(listed.data.batches.find((b: { id: number }) => b.id === batch.id)).toMatchObject({ state: 'ready', studentCount: expect.any(Number) });
    // The class teacher's own batch is marked, another grade's is not.
    const theirs = (await call('/api/scores/analysis/batches', { termId: batch.termId }, 'T0002')).json().data.batches;
    expect(theirs.find((b: { id: number }) => b.id === batch.id).mine).toBe(true);
    expect(theirs.some((b: { mine: boolean }) => !b.mine)).toBe(true);
    const grade = (await call('/api/scores/analysis/grade', { batchId: batch.id })).json().data;
    const subjects: Stats[] = grade.subjects;
    expect(subjects.at(-1)).toMatchObject({ courseId: 0, courseName: '总分' });
    for (const subject of subjects.slice(0, -1)) {
      const expected = await one<{ n: number; avg: number; hi: number; lo: number; sd: number; pass: number; absent: number }>(sql`
        SELECT count(sc.score)::int AS n, round(avg(sc.score), 2)::float8 AS avg, max(sc.score)::float8 AS hi, min(sc.score)::float8 AS lo,
          round(stddev_pop(sc.score), 2)::float8 AS sd, count(*) FILTER (WHERE sc.score >= ${subject.passLine})::int AS pass,
          count(*) FILTER (WHERE sc.mark = 'absent')::int AS absent
        FROM scores sc JOIN students s ON s.id = sc.student_id JOIN score_batch_classes bc ON bc.batch_id = sc.batch_id AND bc.class_id = s.class_id
        WHERE sc.batch_id = ${batch.id} AND sc.course_id = ${subject.courseId}`);
      expect(subject).toMatchObject({ counted: expected.n, average: expected.avg, highest: expected.hi, lowest: expected.lo, stdDev: expected.sd, absent: expected.absent });
      expect(subject.passRate).toBeCloseTo(expected.pass / expected.n, 3);
      expect(subject.bands.reduce((a, b) => a + b, 0)).toBe(expected.n);
    }
    // The English answer names the total in English.
    const english = (await call('/api/scores/analysis/grade', { batchId: batch.id }, 'admin', { 'accept-language': 'en' })).json().data;
    expect(english.subjects.at(-1).courseName).toBe('Total');
  });

  it('compares the classes and ranks the grade; places are shared by equal scores', async () => {
    const { batch, cls } = await demoFinal();
    const comparison = (await call('/api/scores/analysis/classes', { batchId: batch.id, courseId: 0 })).json().data;
    expect(comparison.classes.length).toBeGreaterThan(1);
    expect(comparison.classes.reduce((sum: number, c: Stats) => sum + c.counted, 0)).toBe(comparison.grade.counted);
    const mine = (await call('/api/scores/analysis/classes', { batchId: batch.id, courseId: 0 }, 'T0002')).json().data;
    expect(mine.classes.find((c: { classId: number }) => c.classId === cls.id).mine).toBe(true);

    const page = (await call('/api/scores/analysis/ranking', { batchId: batch.id, courseId: 0, currPage: 0, limit: 10 })).json().data;
    expect(page.total).toBe(comparison.grade.counted);
    expect(page.rows).toHaveLength(10);
    expect(page.rows[0].gradeRank).toBe(1);
    for (let i = 1; i < page.rows.length; i++) {
      expect(page.rows[i].score).toBeLessThanOrEqual(page.rows[i - 1].score);
      expect(page.rows[i].gradeRank).toBe(page.rows[i].score === page.rows[i - 1].score ? page.rows[i - 1].gradeRank : i + 1);
    }
    // Pages are ranges of the stored order: the second page of five is the first page of ten's second half.
    const second = (await call('/api/scores/analysis/ranking', { batchId: batch.id, courseId: 0, currPage: 1, limit: 5 })).json().data;
    expect(second.rows).toEqual(page.rows.slice(5));
    const classFirst = (await call('/api/scores/analysis/ranking', { batchId: batch.id, courseId: 0, classId: cls.id, currPage: 0, limit: 6 })).json().data;
    const classSecond = (await call('/api/scores/analysis/ranking', { batchId: batch.id, courseId: 0, classId: cls.id, currPage: 1, limit: 3 })).json().data;
    expect(classFirst.rows[0].classRank).toBe(1);
    expect(classFirst.rows.every((row: { classId: number }) => row.classId === cls.id)).toBe(true);
    expect(classSecond.rows).toEqual(classFirst.rows.slice(3));
    // The page's comparison leaves the classes' bands out (the workbook has them).
    expect(comparison.classes[0].bands).toBeUndefined();
    expect(comparison.grade.bands).toHaveLength(10);
    const course = (await call('/api/scores/analysis/grade', { batchId: batch.id })).json().data.subjects[0].courseId;
    const subjectPage = (await call('/api/scores/analysis/ranking', { batchId: batch.id, courseId: course, classId: cls.id, currPage: 0, limit: 100 })).json().data;
    const inClass = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM scores sc JOIN students s ON s.id = sc.student_id WHERE sc.batch_id = ${batch.id} AND sc.course_id = ${course} AND s.class_id = ${cls.id}`);
    expect(subjectPage.total).toBe(inClass.n);
    const best = subjectPage.rows[0];
    const above = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM scores WHERE batch_id = ${batch.id} AND course_id = ${course} AND score > ${best.score}`);
    expect(best).toMatchObject({ classRank: 1, gradeRank: above.n + 1 });
  });

  it('keeps the whole grade and other classes to those who hold the ranking right', async () => {
    const { batch, cls } = await demoFinal();
    const refused = await call('/api/scores/analysis/ranking', { batchId: batch.id, courseId: 0, currPage: 0, limit: 10 }, 'T0002');
    expect(refused.statusCode).toBe(403);
    const own = (await call('/api/scores/analysis/class', { batchId: batch.id, classId: cls.id }, 'T0002')).json();
    expect(own.result).toBe(true);
    expect(own.data.rows[0]).toMatchObject({ classRank: 1, gradeRank: expect.any(Number) });
    expect(own.data.stats.at(-1).courseId).toBe(0);
    expect(own.data.gradeSize).toBeGreaterThan(own.data.rows.length);

    const outsider = await one<{ account: string }>(sql`
      SELECT u.account FROM users u JOIN staff st ON st.user_id = u.id WHERE st.staff_number = ${await teacherOutsideDemoClass(t)}`);
    // Staff outside the demo accounts have no password yet: give this one the demo password.
    await t.database.db.execute(sql`UPDATE users SET password_hash = ${await hashPassword(outsider.account, DEMO_PASSWORD, t.config.argon2)} WHERE account = ${outsider.account}`);
    const token = await t.login(outsider.account);
    const other = await t.inject({ method: 'POST', url: '/api/scores/analysis/class', headers: { [t.config.tokenHeader]: token, 'accept-language': 'en' }, payload: { batchId: batch.id, classId: cls.id } });
    expect(other.statusCode).toBe(403);
    expect(other.json().msg).toBe('You neither teach nor lead 初二(1)班');
    const student = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number = '201911001'`);
    const trend = await t.inject({ method: 'POST', url: '/api/scores/analysis/student', headers: { [t.config.tokenHeader]: token }, payload: { studentId: student.id } });
    expect(trend.statusCode).toBe(403);
    // Families hold no analysis at all.
    expect((await call('/api/scores/analysis/grade', { batchId: batch.id }, 'jz201911001')).statusCode).toBe(403);
  });

  it("shows a student's trend across exams and their subjects against the grade, and a teacher's classes against the grade", async () => {
    const student = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number = '201911001'`);
    const analysis = (await call('/api/scores/analysis/student', { studentId: student.id }, 'T0002')).json().data;
    expect(analysis.student.name).toBe('张小明');
    expect(analysis.trend.length).toBeGreaterThanOrEqual(2);
    for (const point of analysis.trend) {
      expect(point.gradeRank).toBeGreaterThanOrEqual(1);
      expect(point.gradeRank).toBeLessThanOrEqual(point.gradeSize);
      expect(point.classRank).toBeLessThanOrEqual(point.classSize);
    }
    expect(analysis.latest.subjects.length).toBeGreaterThan(3);
    const scored = analysis.latest.subjects.find((s: { score: number | null }) => s.score !== null);
    expect(Math.sign(scored.zScore)).toBe(Math.sign(scored.score - scored.gradeAverage));

    const { batch } = await demoFinal();
    const teacher = (await call('/api/scores/analysis/teacher', { batchId: batch.id }, 'T0002')).json().data;
    expect(teacher.rows.length).toBeGreaterThan(0);
    const total = teacher.rows.find((row: { courseId: number }) => row.courseId === 0);
    expect(total).toMatchObject({ className: '初二(1)班', classPlace: expect.any(Number) });
    expect(total.averageGap).toBeCloseTo(total.own.average - total.grade.average, 2);
  });

  it('computes the figures in the background at release and drops them when the release is cancelled', async () => {
    const midterm = await one<{ id: number; name: string }>(sql`SELECT id, name FROM score_batches WHERE name = '初二期中考试成绩'`);
    const before = await call('/api/scores/analysis/grade', { batchId: midterm.id }, 'admin', { 'accept-language': 'en' });
    expect(before.statusCode).toBe(409);
    expect(before.json().msg).toBe('初二期中考试成绩 is not released: it has no analysis');
    expect((await call('/api/scores/batches/release', { ids: [midterm.id], released: true })).json().result).toBe(true);
    // The release queues the computation as background work.
    const queued = await one<{ payload: { batchIds: number[] } }>(sql`SELECT payload FROM background_tasks WHERE kind = 'score-analysis' ORDER BY id DESC LIMIT 1`);
    expect(queued.payload).toEqual({ batchIds: [midterm.id] });
    try {
      const pending = await call('/api/scores/analysis/grade', { batchId: midterm.id });
      // The runner may already have finished in the background; otherwise the caller is asked to wait.
      if (pending.statusCode === 409) expect(pending.json().msg).toBe('初二期中考试成绩的分析正在计算，请稍后再试');
      await backgroundOf(t.app).runPending();
      const ready = (await call('/api/scores/analysis/grade', { batchId: midterm.id })).json();
      expect(ready.data.batch.state).toBe('ready');
      const entered = await one<{ n: number }>(sql`SELECT count(DISTINCT student_id)::int AS n FROM scores WHERE batch_id = ${midterm.id} AND score IS NOT NULL`);
      expect(ready.data.subjects.at(-1).counted).toBe(entered.n);
    } finally {
      expect((await call('/api/scores/batches/release', { ids: [midterm.id], released: false })).json().result).toBe(true);
    }
    const figures = await one<{ stats: number; totals: number; state: string }>(sql`
      SELECT (SELECT count(*)::int FROM score_stats WHERE batch_id = ${midterm.id}) AS stats, (SELECT count(*)::int FROM score_totals WHERE batch_id = ${midterm.id}) AS totals,
        (SELECT analysis_state FROM score_batches WHERE id = ${midterm.id}) AS state`);
    expect(figures).toEqual({ stats: 0, totals: 0, state: 'none' });
  });

  it('exports the analysis as a workbook to those who hold the export right', async () => {
    const { batch } = await demoFinal();
    const answer = await t.inject({ method: 'GET', url: `/api/scores/analysis/workbook?batchId=${batch.id}`, headers: { [t.config.tokenHeader]: tokens.admin! } });
    expect(answer.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['年级', '班级对比', '排名']);
    const ranking = workbook.getWorksheet('排名')!;
    expect(ranking.getRow(2).getCell(1).value).toBe(1);
    // A class teacher exports without the grade's ranking; a teacher without the right is refused.
    const classTeacher = await t.inject({ method: 'GET', url: `/api/scores/analysis/workbook?batchId=${batch.id}`, headers: { [t.config.tokenHeader]: tokens.T0002! } });
    expect(classTeacher.statusCode).toBe(200);
    const theirs = new ExcelJS.Workbook();
    await theirs.xlsx.load(classTeacher.rawPayload as unknown as ArrayBuffer);
    expect(theirs.worksheets).toHaveLength(2);
    expect((await t.inject({ method: 'GET', url: `/api/scores/analysis/workbook?batchId=${batch.id}`, headers: { [t.config.tokenHeader]: tokens.T0001! } })).statusCode).toBe(403);
  });

  it("counts against an exam's own lines once the office sets them (考试分析设置), and against the score systems' again", async () => {
    const { batch } = await demoFinal();
    const listed = (await call('/api/scores/analysisSettings/list', { termId: batch.termId })).json().data;
    const before = listed.batches.find((b: { id: number }) => b.id === batch.id);
    expect(before).toMatchObject({ custom: false, passPercent: null, released: true, state: 'ready' });
    const system = await one<{ pass: number }>(sql`
      SELECT ss.pass_line::float8 AS pass FROM score_batch_subjects bs JOIN score_systems ss ON ss.id = bs.score_system_id
      WHERE bs.batch_id = ${batch.id} AND bs.course_id = ${before.subjects[0].courseId}`);
    expect(before.subjects[0].passLine).toBe(system.pass);

    const EN = { 'accept-language': 'en' };
    const disordered = await call('/api/scores/analysisSettings/save', { batchId: batch.id, custom: true, passPercent: 80, goodPercent: 70, excellentPercent: 90 }, 'admin', EN);
    expect(disordered.statusCode).toBe(400);
    expect(disordered.json().msg).toBe('The pass line must be below the good line, and the good line below the excellent line');
    const outOfRange = await call('/api/scores/analysisSettings/save', { batchId: batch.id, custom: true, passPercent: 50, goodPercent: 70, excellentPercent: 150 }, 'admin');
    expect(outOfRange.json().msg).toBe('分数线为满分的 1% 到 100% 的整数');
    const missing = await call('/api/scores/analysisSettings/save', { batchId: batch.id, custom: true, passPercent: 50 }, 'admin');
    expect(missing.statusCode).toBe(400);
    expect((await call('/api/scores/analysisSettings/save', { batchId: batch.id, custom: false }, 'T0001')).statusCode).toBe(403);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM score_analysis_settings WHERE batch_id = ${batch.id}`)).n).toBe(0);
    // The demo's monthly test of 初一 counts against its own lines.
    const monthly = await one<{ id: number; termId: number }>(sql`SELECT id, term_id AS "termId" FROM score_batches WHERE name = '初一十月月考成绩'`);
    const monthlyRow = (await call('/api/scores/analysisSettings/list', { termId: monthly.termId })).json().data.batches.find((b: { id: number }) => b.id === monthly.id);
    expect(monthlyRow).toMatchObject({ custom: true, passPercent: 50, goodPercent: 70, excellentPercent: 85 });
    const monthlyGrade = (await call('/api/scores/analysis/grade', { batchId: monthly.id })).json().data;
    expect(monthlyGrade.subjects[0].passLine).toBe(monthlyGrade.subjects[0].fullMark * 0.5);

    const saved = (await call('/api/scores/analysisSettings/save', { batchId: batch.id, custom: true, passPercent: 50, goodPercent: 70, excellentPercent: 85 }, 'admin', EN)).json();
    expect(saved).toMatchObject({ result: true, data: { recomputed: true } });
    expect(saved.msg).toBe('The lines of 2025-2026学年第二学期初二期末成绩 are saved: its analysis is being computed again');
    try {
      await backgroundOf(t.app).runPending();
      const grade = (await call('/api/scores/analysis/grade', { batchId: batch.id })).json().data;
      const first: Stats & { fullMark: number } = grade.subjects[0];
      expect(first.passLine).toBe(first.fullMark * 0.5);
      const passed = await one<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM scores sc JOIN students s ON s.id = sc.student_id JOIN score_batch_classes bc ON bc.batch_id = sc.batch_id AND bc.class_id = s.class_id
        WHERE sc.batch_id = ${batch.id} AND sc.course_id = ${first.courseId} AND sc.score >= ${first.fullMark * 0.5}`);
      expect(first.passRate).toBeCloseTo(passed.n / first.counted, 3);
      const after = (await call('/api/scores/analysisSettings/list', { termId: batch.termId })).json().data.batches.find((b: { id: number }) => b.id === batch.id);
      expect(after).toMatchObject({ custom: true, passPercent: 50, goodPercent: 70, excellentPercent: 85 });
      expect(after.subjects[0]).toMatchObject({ passLine: after.subjects[0].fullMark * 0.5, systemPassLine: system.pass });
    } finally {
      expect((await call('/api/scores/analysisSettings/save', { batchId: batch.id, custom: false })).json().result).toBe(true);
      await backgroundOf(t.app).runPending();
    }
    const restored = (await call('/api/scores/analysis/grade', { batchId: batch.id })).json().data;
    expect(restored.subjects[0].passLine).toBe(system.pass);
  });

  it('refuses bad input with a message and a subject outside the batch', async () => {
    const { batch } = await demoFinal();
    const missing = await call('/api/scores/analysis/grade', {}, 'admin', { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('Choose the exam');
    const wrongType = await call('/api/scores/analysis/classes', { batchId: batch.id, courseId: 'x' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().msg).toBe('请选择科目');
    const outside = await one<{ id: number }>(sql`SELECT id FROM courses WHERE id NOT IN (SELECT course_id FROM score_batch_subjects WHERE batch_id = ${batch.id}) ORDER BY id LIMIT 1`);
    const notInBatch = await call('/api/scores/analysis/classes', { batchId: batch.id, courseId: outside.id }, 'admin', { 'accept-language': 'en' });
    expect(notInBatch.json().msg).toBe('The subject is not one of this exam');
    expect((await call('/api/scores/analysis/grade', { batchId: 999999 })).statusCode).toBe(404);
  });
});
