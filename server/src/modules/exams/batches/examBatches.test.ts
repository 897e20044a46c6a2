import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { cookie: 'language=en' };
const ZH = { cookie: 'language=zh' };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;
const count = async () => (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM exam_batches`)).n;

async function form(overrides: Record<string, unknown> = {}) {
  const term = await one<{ id: number }>(sql`SELECT id FROM terms WHERE code = '2026-2027-1'`);
  const grade = await one<{ id: number }>(sql`SELECT id FROM grades WHERE sort = 9`);
  const classes = await rows<{ id: number }>(sql`SELECT id FROM classes WHERE grade_id = ${grade.id} ORDER BY sort`);
  const course = async (code: string) => (await one<{ id: number }>(sql`SELECT id FROM courses WHERE code = ${code}`)).id;
  return {
    termId: term.id,
    gradeId: grade.id,
    name: `初三单元测验${Math.floor(Math.random() * 1e6)}`,
    category: 'unit',
    level: 'school',
    weightPercent: 10,
    scoreSystem: 100,
    passLine: 60,
    subjects: [
      { courseId: await course('maths'), examDate: '2026-12-08', startTime: '08:30', endTime: '10:00' },
      { courseId: await course('physics'), examDate: '2026-12-08', startTime: '10:30', endTime: '11:30' },
    ],
    classIds: classes.map((c) => c.id),
    remarks: '',
    ...overrides,
  };
}

describe('exam batches (考试批次管理)', () => {
  it("the demo has 初二's published mid-term with its subjects and classes, a final being planned and 初一's monthly test", async () => {
    const list = (await call('/api/exams/batches/page', { currPage: 0, limit: 20, search: {} }, 'admin')).json().data;
    const midterm = list.rows.find((row: { name: string }) => row.name === '2026-2027学年第一学期期中考试');
    expect(midterm).toMatchObject({ gradeName: '初二', category: 'midterm', published: true, weightPercent: 30, scoreSystem: 100, passLine: 60, firstDate: '2026-11-10', lastDate: '2026-11-14' });
    expect(midterm.subjects).toHaveLength(5);
    expect(midterm.classNames).toHaveLength(3);
    expect(list.rows.map((row: { name: string }) => row.name)).toEqual(expect.arrayContaining(['2026-2027学年第一学期初二期末考试', '初一十月月考']));
    // Teachers and families have no such page.
    expect((await call('/api/exams/batches/page', { currPage: 0, limit: 20 }, 'T0001')).statusCode).toBe(403);
    expect((await call('/api/exams/batches/page', { currPage: 0, limit: 20 }, 'jz201911001')).statusCode).toBe(403);
  });

  it('creates an exam with its subjects and classes, then changes it', async () => {
    const created = (await call('/api/exams/batches/create', await form(), 'admin', EN)).json();
    expect(created).toMatchObject({ result: true });
    const id = created.data.id as number;
    const row = (await call('/api/exams/batches/get', { id }, 'admin')).json().data;
    expect(row).toMatchObject({ gradeName: '初三', category: 'unit', published: false, firstDate: '2026-12-08', lastDate: '2026-12-08' });
    expect(row.subjects.map((s: { courseName: string }) => s.courseName)).toEqual(['数学', '物理']);
    const changed = await call('/api/exams/batches/update', { ...(await form()), id, name: row.name, subjects: row.subjects.slice(0, 1), passLine: 59.5 }, 'admin');
    expect(changed.json()).toMatchObject({ result: true });
    expect((await call('/api/exams/batches/get', { id }, 'admin')).json().data).toMatchObject({ passLine: 59.5, subjects: [expect.objectContaining({ courseName: '数学' })] });
    expect((await call('/api/exams/batches/delete', { ids: [id] }, 'admin')).json()).toMatchObject({ result: true });
    expect(await rows(sql`SELECT 1 FROM exam_subjects WHERE batch_id = ${id}`)).toHaveLength(0);
  });

  it('refuses every broken rule with a message in the caller language and writes nothing', async () => {
    const before = await count();
    const base = await form();
    const refused = async (payload: Record<string, unknown>, en: string | RegExp, zh: string | RegExp) => {
      const english = (await call('/api/exams/batches/create', payload, 'admin', EN)).json();
      expect(english.result).toBe(false);
      expect(english.msg).toMatch(en);
      const chinese = (await call('/api/exams/batches/create', payload, 'admin', ZH)).json();
      expect(chinese.msg).toMatch(zh);
    };
    await refused({ ...base, passLine: 101 }, 'The pass line must not exceed the score system', '及格线不能超过分制');
    await refused({ ...base, passLine: 60.123 }, 'at most two decimals', '最多两位小数');
    await refused({ ...base, weightPercent: 101 }, 'The weight is a whole number from 0 to 100', '权重为 0 到 100');
    await refused({ ...base, scoreSystem: 0 }, 'score system', '分制');
    await refused({ ...base, termId: '' }, 'Choose the term', '请选择学年学期');
    await refused({ ...base, subjects: [] }, 'Add at least one subject', '请至少添加一个考试科目');
    await refused({ ...base, subjects: [base.subjects[0], base.subjects[0]] }, 'A subject is listed twice', '有科目重复');
    await refused({ ...base, subjects: [{ ...base.subjects[0], endTime: '08:00' }] }, 'The end must come after the start', '结束时间必须晚于开始时间');
    await refused({ ...base, subjects: [{ ...base.subjects[0], startTime: '8:30' }] }, 'HH:MM', 'HH:MM');
    await refused({ ...base, subjects: [{ ...base.subjects[0], examDate: '2027-03-01' }] }, /outside the term/, /不在本学期内/);
    await refused({ ...base, subjects: [base.subjects[0], { ...base.subjects[1], startTime: '09:30' }] }, /^Class time conflict, please change: .+ overlap on 2026-12-08$/, /^上课时间冲突，请更换/);
    await refused({ ...base, classIds: [] }, 'Choose the classes taking the exam', '请选择参加考试的班级');
    const other = await one<{ id: number; name: string }>(sql`SELECT c.id, c.name FROM classes c JOIN grades g ON g.id = c.grade_id WHERE g.sort = 8 ORDER BY c.sort LIMIT 1`);
    await refused({ ...base, classIds: [other.id] }, `${other.name} is not a class of this grade`, `${other.name}不是该年级的班级`);
    await refused({ ...base, name: '2026-2027学年第一学期期中考试' }, 'An exam of this term already has this name', '本学期已有同名的考试');
    // 初二 already weighs 30 + 50 = 80 this term.
    const grade8 = await one<{ id: number }>(sql`SELECT id FROM grades WHERE sort = 8`);
    const classes8 = await rows<{ id: number }>(sql`SELECT id FROM classes WHERE grade_id = ${grade8.id}`);
    await refused({ ...base, gradeId: grade8.id, classIds: classes8.map((c) => c.id), weightPercent: 21 }, "this grade's other exams of the term weigh 80 already", '已占 80');
    const past = await one<{ id: number }>(sql`SELECT id FROM terms WHERE code = '2025-2026-1'`);
    await refused({ ...base, termId: past.id, subjects: [{ ...base.subjects[0], examDate: '2025-12-08' }] }, 'This record has expired and can only be viewed', '此记录已过期');
    expect(await count()).toBe(before);
    // Twenty is still within the 100 of 初二.
    expect((await call('/api/exams/batches/create', { ...base, gradeId: grade8.id, classIds: classes8.map((c) => c.id), weightPercent: 20, name: '初二周测' }, 'admin')).json()).toMatchObject({ result: true });
    await t.database.db.execute(sql`DELETE FROM exam_batches WHERE name = '初二周测'`);
  });

  it('publishes and cancels the publication; a published exam is locked until then', async () => {
    const id = (await call('/api/exams/batches/create', await form(), 'admin')).json().data.id as number;
    const published = (await call('/api/exams/batches/publish', { ids: [id], published: true }, 'admin', EN)).json();
    expect(published).toMatchObject({ result: true, data: { count: 1 }, msg: '1 published' });
    const row = (await call('/api/exams/batches/get', { id }, 'admin')).json().data;
    expect(row).toMatchObject({ published: true, publishedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/) });
    const locked = (await call('/api/exams/batches/update', { ...(await form()), id, name: row.name }, 'admin', EN)).json();
    expect(locked).toMatchObject({ result: false, msg: `${row.name} is published: cancel the publication before changing or deleting it` });
    expect((await call('/api/exams/batches/delete', { ids: [id] }, 'admin', ZH)).json().msg).toBe(`${row.name}已发布：请先取消发布再修改或删除`);
    expect((await call('/api/exams/batches/publish', { ids: [id], published: false }, 'admin', ZH)).json()).toMatchObject({ result: true, msg: '已取消发布 1 个' });
    expect((await call('/api/exams/batches/delete', { ids: [id] }, 'admin')).json()).toMatchObject({ result: true });
  });

  it('answers the form options and exports the list', async () => {
    const options = (await call('/api/exams/batches/options', {}, 'admin')).json().data;
    expect(options.terms.length).toBeGreaterThan(0);
    expect(options.classes.every((c: { gradeId: number }) => typeof c.gradeId === 'number')).toBe(true);
    // In English, the term, grade and subjects are named in English.
    const english = (await call('/api/exams/batches/page', { currPage: 0, limit: 20, search: { keyword: '期中' } }, 'admin', EN)).json().data.rows[0];
    expect(english).toMatchObject({ gradeName: 'Grade 8', termName: '2026-2027 first term' });
    expect(english.subjects[0].courseName).toBe('Chinese');
    expect((await call('/api/exams/batches/options', {}, 'admin', EN)).json().data.grades[0].name).toBe('Grade 1');
    const response = await t.inject({ method: 'GET', url: '/api/exams/batches/export', headers: { [t.config.tokenHeader]: tokens.admin!, ...EN } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
  });
});
