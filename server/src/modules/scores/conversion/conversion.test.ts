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
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;

const level = (overrides: Record<string, unknown> = {}) => ({ name: 'A', lowestScore: 90, highestScore: 100, convertedScore: 95, colour: '#2e7d32', enabled: true, lowestRate: 0, highestRate: 20, ...overrides });
const rule = (overrides: Record<string, unknown> = {}) => ({
  name: `三级制${Math.floor(Math.random() * 1e6)}`,
  enabled: true,
  remarks: '',
  levels: [level(), level({ name: 'B', lowestScore: 60, highestScore: 89, convertedScore: 75, lowestRate: 20, highestRate: 80 }), level({ name: 'C', lowestScore: 0, highestScore: 59, convertedScore: 50, lowestRate: 80, highestRate: 100 })],
  ...overrides,
});

describe('conversion rules (换算规则)', () => {
  it('lists the demo rules with their levels', async () => {
    const page = (await call('/api/scores/rules/page', { currPage: 0, limit: 10 })).json().data;
    const five = page.rows.find((row: { name: string }) => row.name === '五级等级制');
    expect(five.levels.map((l: { name: string }) => l.name)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(five.systems).toBe(1);
    expect((await call('/api/scores/rules/page', { currPage: 0, limit: 10 }, 'T0001')).statusCode).toBe(403);
  });

  it('refuses every rule of spec 5 with its message, in both languages', async () => {
    const refusal = async (levels: unknown[], headers: Record<string, string> = {}) => (await call('/api/scores/rules/create', rule({ levels }), 'admin', headers)).json().msg;
    expect(await refusal([level({ highestScore: 201 })])).toBe('换算等级的分数为 0 到 200 的整数');
    expect(await refusal([level({ lowestScore: 1.5 })], EN)).toBe('Scores of a conversion level are whole numbers from 0 to 200');
    expect(await refusal([level({ lowestScore: 95, highestScore: 90, convertedScore: 92 })])).toBe('最高分不能低于最低分');
    expect(await refusal([level({ convertedScore: 80 })], EN)).toBe('The converted score must lie between the lowest and the highest score');
    expect(await refusal([level({ lowestRate: 30, highestRate: 20 })])).toBe('最低比例不能高于最高比例');
    expect(await refusal([level({ colour: 'green' })])).toBe('颜色格式为 #RRGGBB');
    expect(await refusal([])).toBe('请至少添加一个等级');
    expect(await refusal([level(), level({ lowestScore: 80, highestScore: 95, convertedScore: 85, name: 'B' })], EN)).toBe(
      "Two levels' score bands overlap: a score must fall into one level only",
    );
    expect(await refusal([level(), level({ lowestScore: 0, highestScore: 10, convertedScore: 5 })])).toBe('有等级名称重复');
  });

  it('creates, renames and deletes a rule; a name is taken once; a rule in use stays', async () => {
    const form = rule();
    const created = await call('/api/scores/rules/create', form);
    expect(created.json()).toMatchObject({ result: true });
    const id = created.json().data.id;
    expect((await call('/api/scores/rules/create', rule({ name: form.name }))).json().msg).toBe('已有同名的换算规则');
    expect((await call('/api/scores/rules/update', { ...form, id, name: `${form.name}改`, levels: form.levels.slice(0, 2) })).json().result).toBe(true);
    expect((await call('/api/scores/rules/get', { id })).json().data).toMatchObject({ name: `${form.name}改`, levels: [{ name: 'A' }, { name: 'B' }] });

    const system = await call('/api/scores/systems/create', { name: `用规则${id}`, fullMark: 100, passLine: 60, goodLine: 75, excellentLine: 90, conversionRuleId: id, enabled: true, remarks: '' });
    expect(system.json().result).toBe(true);
    const inUse = await call('/api/scores/rules/delete', { ids: [id] }, 'admin', EN);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().msg).toBe(`${form.name}改 is used by a score system or score batch and cannot be deleted`);
    await call('/api/scores/systems/delete', { ids: [system.json().data.id] });
    expect((await call('/api/scores/rules/delete', { ids: [id] })).json().result).toBe(true);
  });
});

describe('score systems (分制)', () => {
  const system = (overrides: Record<string, unknown> = {}) => ({
    name: `八十分制${Math.floor(Math.random() * 1e6)}`,
    fullMark: 80,
    passLine: 48,
    goodLine: 60,
    excellentLine: 72,
    conversionRuleId: '',
    enabled: true,
    remarks: '',
    ...overrides,
  });

  it('refuses a pass line above the full mark, lines out of order and a full mark out of range', async () => {
    expect((await call('/api/scores/systems/create', system({ passLine: 81, goodLine: 81, excellentLine: 81 }))).json().msg).toBe('及格线不能超过分制');
    expect((await call('/api/scores/systems/create', system({ goodLine: 40 }), 'admin', EN)).json().msg).toBe(
      'The lines rise from pass to good to excellent, none above the full mark',
    );
    expect((await call('/api/scores/systems/create', system({ fullMark: 0 }))).json().msg).toBe('满分为 1 到 1000 的整数');
    expect((await call('/api/scores/systems/create', system({ passLine: 48.123 }))).json().msg).toBe('分数线为不小于 0 的数，最多两位小数');
    expect((await call('/api/scores/systems/create', system({ conversionRuleId: 999999 }))).json().msg).toBe('所选换算规则已不存在');
    expect((await call('/api/scores/systems/create', system({ name: '百分制' }))).json().msg).toBe('已有同名的分制');
  });

  it('a system with scores cannot be deleted nor change its full mark; one without can', async () => {
    const created = (await call('/api/scores/systems/create', system())).json().data.id as number;
    // A score entered under the system (score registration writes the same rows).
    const term = await one<{ id: number }>(sql`SELECT id FROM terms WHERE is_current`);
    const grade = await one<{ id: number }>(sql`SELECT id FROM grades WHERE sort = 8`);
    const course = await one<{ id: number }>(sql`SELECT id FROM courses WHERE code = 'maths'`);
    const student = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number = '201911001'`);
    const batch = await one<{ id: number }>(sql`
      INSERT INTO score_batches (term_id, name, exam_node, grade_id, entry_start, entry_end) VALUES (${term.id}, ${`测试批次${created}`}, '单元', ${grade.id}, now(), now() + interval '1 day') RETURNING id`);
    await t.database.db.execute(sql`INSERT INTO score_batch_subjects (batch_id, course_id, score_system_id) VALUES (${batch.id}, ${course.id}, ${created})`);
    const usedByBatch = await call('/api/scores/systems/delete', { ids: [created] }, 'admin', EN);
    expect(usedByBatch.json().msg).toMatch(/is used by a score batch: change the batch first$/);
    await t.database.db.execute(sql`INSERT INTO scores (batch_id, student_id, course_id, score) VALUES (${batch.id}, ${student.id}, ${course.id}, 66)`);
    const refused = await call('/api/scores/systems/delete', { ids: [created] }, 'admin', EN);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/^Grade data exists under this system, cannot be deleted: 八十分制\d+$/);
    expect((await call('/api/scores/systems/delete', { ids: [created] })).json().msg).toMatch(/^该体系下存在成绩数据，无法删除/);
    const row = (await call('/api/scores/systems/get', { id: created })).json().data;
    expect(row.inUse).toBe(true);
    expect((await call('/api/scores/systems/update', { ...row, conversionRuleId: '', fullMark: 90 })).statusCode).toBe(409);
    expect((await call('/api/scores/systems/update', { ...row, conversionRuleId: '', excellentLine: 70 })).json().result).toBe(true);
    await t.database.db.execute(sql`DELETE FROM score_batches WHERE id = ${batch.id}`);
    expect((await call('/api/scores/systems/delete', { ids: [created] })).json().result).toBe(true);
  });

  it('offers the enabled rules to the form', async () => {
    const options = (await call('/api/scores/systems/options', {})).json().data;
    expect(options.rules.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['五级等级制', '高考选考等级赋分']));
  });
});
