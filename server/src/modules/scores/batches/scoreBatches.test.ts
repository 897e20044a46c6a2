import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { cookie: 'language=en' };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account = 'admin', headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

async function form(overrides: Record<string, unknown> = {}) {
  const term = await one<{ id: number }>(sql`SELECT id FROM terms WHERE is_current`);
  const grade = await one<{ id: number }>(sql`SELECT id FROM grades WHERE sort = 9`);
  const classes = await rows<{ id: number }>(sql`SELECT id FROM classes WHERE grade_id = ${grade.id} ORDER BY sort`);
  const course = async (code: string) => (await one<{ id: number }>(sql`SELECT id FROM courses WHERE code = ${code}`)).id;
  const system = async (name: string) => (await one<{ id: number }>(sql`SELECT id FROM score_systems WHERE name = ${name}`)).id;
  return {
    termId: term.id,
    gradeId: grade.id,
    campusId: '',
    examBatchId: '',
    name: `初三周测成绩${Math.floor(Math.random() * 1e6)}`,
    examNode: '周测',
    entryStart: '2026-12-01 08:00',
    entryEnd: '2026-12-05 18:00',
    enabled: true,
    conversionRuleId: '',
    subjects: [
      { courseId: await course('maths'), scoreSystemId: await system('一百二十分制'), weight: 60 },
      { courseId: await course('physics'), scoreSystemId: await system('百分制'), weight: 40 },
    ],
    classIds: classes.map((c) => c.id),
    ...overrides,
  };
}

describe('score batches (成绩批次管理)', () => {
  it("the demo has 初二's mid-term being entered, 初一's monthly test released and 初二's final waiting", async () => {
    const list = (await call('/api/scores/batches/page', { currPage: 0, limit: 20 })).json().data;
    const midterm = list.rows.find((row: { name: string }) => row.name === '初二期中考试成绩');
    expect(midterm).toMatchObject({ examNode: '期中', released: false, entryStart: '2026-11-15 08:00', gradeName: '初二', examBatchName: '2026-2027学年第一学期期中考试' });
    expect(midterm.subjects.map((s: { weight: number }) => s.weight).reduce((a: number, b: number) => a + b)).toBe(100);
    expect(midterm.subjects.find((s: { courseName: string }) => s.courseName === '数学')).toMatchObject({ scoreSystemName: '一百二十分制', fullMark: 120 });
    expect(midterm.expected).toBeGreaterThan(0);
    expect(list.rows.find((row: { name: string }) => row.name === '初一十月月考成绩')).toMatchObject({ released: true });
    expect((await call('/api/scores/batches/page', { currPage: 0, limit: 20 }, 'T0001')).statusCode).toBe(403);
    const options = (await call('/api/scores/batches/options', {})).json().data;
    expect(options.systems.length).toBeGreaterThanOrEqual(4);
    expect(options.exams.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses the rules of spec 5 with their messages in both languages', async () => {
    const refusal = async (overrides: Record<string, unknown>, headers: Record<string, string> = {}) =>
      (await call('/api/scores/batches/create', await form(overrides), 'admin', headers)).json().msg;
    expect(await refusal({ examNode: '第一学期期中质量检测考试' })).toBe('考试节点最多 10 个字');
    expect(await refusal({ examNode: '' }, EN)).toBe('Enter the exam node (e.g. midterm)');
    const base = await form();
    expect(await refusal({ subjects: base.subjects.map((s) => ({ ...s, weight: 60 })) }, EN)).toBe('National-course weights for one grade total at most 100');
    expect(await refusal({ subjects: base.subjects.map((s) => ({ ...s, weight: 101 })) })).toBe('权重为 0 到 100 的整数');
    expect(await refusal({ entryEnd: '2026-11-30 08:00' })).toBe('录入结束时间必须晚于开始时间');
    expect(await refusal({ entryStart: '2026/12/01' })).toBe('时间格式为 YYYY-MM-DD HH:mm');
    expect(await refusal({ subjects: [] })).toBe('请至少添加一个科目');
    const other = await one<{ id: number; name: string }>(sql`SELECT c.id, c.name FROM classes c JOIN grades g ON g.id = c.grade_id WHERE g.sort = 1 LIMIT 1`);
    expect(await refusal({ classIds: [other.id] })).toBe(`${other.name}不是该年级的班级`);
    const midtermExam = await one<{ id: number }>(sql`SELECT id FROM exam_batches WHERE name = '2026-2027学年第一学期期中考试'`);
    expect(await refusal({ examBatchId: midtermExam.id }, EN)).toBe('The exam chosen is of another term or grade');
    expect(await refusal({ subjects: [{ ...base.subjects[0]!, scoreSystemId: 999999 }] })).toBe('所选学期、年级、校区、科目、班级、分制或规则已不存在');
  });

  it('creates, changes, releases, cancels the release and deletes a batch', async () => {
    const body = await form();
    const created = await call('/api/scores/batches/create', body);
    expect(created.json()).toMatchObject({ result: true });
    const id = created.json().data.id;
    expect((await call('/api/scores/batches/create', await form({ name: body.name }))).json().msg).toBe('本学期已有同名的成绩批次');
    const row = (await call('/api/scores/batches/get', { id })).json().data;
    expect(row).toMatchObject({ entryStart: '2026-12-01 08:00', entryEnd: '2026-12-05 18:00', entryOpen: false, released: false, entered: 0 });

    const released = await call('/api/scores/batches/release', { ids: [id], released: true }, 'admin', EN);
    expect(released.json()).toMatchObject({ result: true, msg: '1 released' });
    const locked = await call('/api/scores/batches/update', { ...body, id, examNode: '周测二' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().msg).toBe(`${body.name}已发布：请先取消发布再修改或删除`);
    expect((await call('/api/scores/batches/delete', { ids: [id] })).statusCode).toBe(409);
    expect((await call('/api/scores/batches/release', { ids: [id], released: false })).json().msg).toBe('已取消发布 1 个');

    // A subject with scores keeps its place and its score system; a batch with scores is not deleted.
    const student = await one<{ id: number }>(sql`SELECT s.id FROM students s WHERE s.class_id = ${body.classIds[0]} LIMIT 1`);
    await t.database.db.execute(sql`INSERT INTO scores (batch_id, student_id, course_id, score) VALUES (${id}, ${student.id}, ${body.subjects[0]!.courseId}, 99)`);
    const dropped = await call('/api/scores/batches/update', { ...body, id, subjects: body.subjects.slice(1) }, 'admin', EN);
    expect(dropped.json().msg).toBe('Mathematics already has scores: it stays in the batch with its score system');
    expect((await call('/api/scores/batches/update', { ...body, id, examNode: '周测二' })).json().result).toBe(true);
    const hasScores = await call('/api/scores/batches/delete', { ids: [id] });
    expect(hasScores.json().msg).toBe(`${body.name}下存在成绩数据，无法删除`);
    await t.database.db.execute(sql`DELETE FROM scores WHERE batch_id = ${id}`);
    expect((await call('/api/scores/batches/delete', { ids: [id] })).json().result).toBe(true);
  });

  it('takes a 考务 exam of the same term and grade', async () => {
    const exam = await one<{ id: number; termId: number; gradeId: number }>(sql`
      SELECT id, term_id AS "termId", grade_id AS "gradeId" FROM exam_batches WHERE name = '2026-2027学年第一学期初二期末考试'`);
    const classes = await rows<{ id: number }>(sql`SELECT class_id AS id FROM exam_batch_classes WHERE batch_id = ${exam.id}`);
    const created = await call('/api/scores/batches/create', await form({ termId: exam.termId, gradeId: exam.gradeId, examBatchId: exam.id, classIds: classes.map((c) => c.id) }));
    expect(created.json().result).toBe(true);
    expect((await call('/api/scores/batches/get', { id: created.json().data.id })).json().data.examBatchName).toBe('2026-2027学年第一学期初二期末考试');
  });
});
