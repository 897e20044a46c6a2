import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EvaluationSheet, EvaluationThemeForm, EvaluationThemeList } from '@campus/contract';
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
const count = async (query: ReturnType<typeof sql>) => (await one<{ n: number }>(query)).n;

const currentTerm = () => one<{ id: number }>(sql`SELECT id FROM terms WHERE is_current`);
const grade = (code: string) => one<{ id: number }>(sql`SELECT id FROM grades WHERE code = ${code}`);
const demoClass = () => one<{ id: number; name: string }>(sql`
  SELECT c.id, c.name FROM classes c JOIN staff st ON st.id = c.class_teacher_id JOIN users u ON u.id = st.user_id WHERE u.account = 'T0002' ORDER BY c.id LIMIT 1`);
const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
const shift = (days: number) => new Date(Date.now() + days * 86_400_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

async function themeForm(extra: Partial<EvaluationThemeForm> = {}): Promise<EvaluationThemeForm> {
  return {
    termId: (await currentTerm()).id,
    name: '测试主题',
    type: 'moral',
    gradeIds: [(await grade('G08')).id],
    fillStart: shift(-3),
    fillEnd: shift(10),
    remarks: '',
    items: [
      { name: '等级', kind: 'enum', required: true, options: ['优', '良', '中'] },
      { name: '得分', kind: 'number', required: false, min: 0, max: 10, precision: 1 },
      { name: '评语', kind: 'text', required: false, maxLength: 20 },
    ],
    ...extra,
  };
}

describe('期末评价维护: the office sets up themes', () => {
  it("lists the term's seeded themes with their items, periods and progress", async () => {
    const list: EvaluationThemeList = (await call('/api/evaluation/themes/list', {})).json().data;
    expect(list.termId).toBe((await currentTerm()).id);
    const byName = new Map(list.themes.map((theme) => [theme.name, theme]));
    expect(byName.get('体质健康测评')).toMatchObject({ type: 'health', released: true, period: 'closed' });
    expect(byName.get('艺术素养评价')).toMatchObject({ released: false, filled: 0 });
    const moral = byName.get('思想品德评价')!;
    expect(moral.items.map((item) => item.kind)).toEqual(['enum', 'enum', 'number', 'text']);
    expect(moral.items[2]).toMatchObject({ min: 0, max: 10, precision: 1 });
    expect(moral.filled).toBeGreaterThan(0);
    expect(moral.filled).toBeLessThan(moral.students);
    const progress = (await call('/api/evaluation/themes/progress', { themeId: moral.id })).json().data;
    const own = progress.find((row: { className: string }) => row.className === '初二(1)班');
    expect(own.filled).toBeGreaterThan(0);
    expect(own.classTeacherName).toBeTruthy();
  });

  it('refuses bad themes in the caller\'s language and stores nothing', async () => {
    const before = await count(sql`SELECT count(*)::int AS n FROM evaluation_themes`);
    const bad = async (form: EvaluationThemeForm, message: RegExp, lang = 'en') => {
      const answer = await call('/api/evaluation/themes/save', form, 'admin', { 'accept-language': lang });
      expect(answer.json().result).toBe(false);
      expect(answer.json().msg).toMatch(message);
    };
    await bad(await themeForm({ items: [{ name: '等级', kind: 'enum', required: true, options: ['优'] }] }), /from 2 to 10 options/);
    await bad(await themeForm({ items: [{ name: '得分', kind: 'number', required: true, min: 10, max: 10, precision: 0 }] }), /minimum must be below the maximum/);
    await bad(await themeForm({ items: [{ name: '得分', kind: 'number', required: true, min: 0.25, max: 10, precision: 1 }] }), /more decimals than the precision/);
    await bad(await themeForm({ items: [{ name: '得分', kind: 'number', required: true, min: 0, max: 10, precision: 3 }] }), /0, 1 or 2 decimals/);
    await bad(await themeForm({ items: [] }), /at least one content item/);
    await bad(await themeForm({ fillStart: shift(5), fillEnd: shift(1) }), /must not end before it starts/);
    await bad(await themeForm({ name: '思想品德评价' }), /already has an evaluation theme named 思想品德评价/);
    await bad(await themeForm({ items: [{ name: '甲', kind: 'text', required: false, maxLength: 10 }, { name: '甲', kind: 'text', required: false, maxLength: 10 }] }), /same name/);
    await bad(await themeForm({ name: 'x'.repeat(51) }), /./);
    await bad(await themeForm({ items: [{ name: '等级', kind: 'enum', required: true, options: ['优'] }] }), /枚举项有 2 到 10 个选项/, 'zh');
    expect(await count(sql`SELECT count(*)::int AS n FROM evaluation_themes`)).toBe(before);
  });

  it('keeps answered items: no removal or change of type, settings must still fit; a theme with answers is not deleted', async () => {
    const moral = await one<{ id: number }>(sql`SELECT th.id FROM evaluation_themes th JOIN terms t ON t.id = th.term_id AND t.is_current WHERE th.name = '思想品德评价'`);
    const list: EvaluationThemeList = (await call('/api/evaluation/themes/list', {})).json().data;
    const theme = list.themes.find((item) => item.id === moral.id)!;
    const form: EvaluationThemeForm = {
      id: theme.id, termId: theme.termId, name: theme.name, type: theme.type, gradeIds: theme.gradeIds, fillStart: theme.fillStart, fillEnd: theme.fillEnd, remarks: theme.remarks,
      items: theme.items.map(({ id, name, kind, required, maxLength, min, max, precision, options }) => ({ id, name, kind, required, maxLength, min, max, precision, options })),
    };
    const save = async (changed: EvaluationThemeForm) => (await call('/api/evaluation/themes/save', changed, 'admin', { 'accept-language': 'en' })).json();
    expect((await save({ ...form, items: form.items.slice(1) })).msg).toMatch(/品德等级 already has answers/);
    expect((await save({ ...form, items: form.items.map((item, i) => (i === 0 ? { ...item, kind: 'text', maxLength: 10, options: null } : item)) })).msg).toMatch(/cannot be removed or change its type/);
    expect((await save({ ...form, items: form.items.map((item, i) => (i === 0 ? { ...item, options: ['优秀', '良好'] } : item)) })).msg).toMatch(/品德等级: answers already filled in do not fit/);
    expect((await save({ ...form, items: form.items.map((item, i) => (i === 2 ? { ...item, max: 2 } : item)) })).msg).toMatch(/德育加分: answers already filled in/);
    expect((await save({ ...form, gradeIds: [(await grade('G07')).id] })).msg).toMatch(/cannot be removed/);
    // Adding an item, renaming one and adding an option keep every answer.
    const answersBefore = await count(sql`SELECT count(*)::int AS n FROM evaluation_entries WHERE theme_id = ${moral.id}`);
    const renamed = await save({ ...form, items: [...form.items.map((item, i) => (i === 0 ? { ...item, name: '品德评定', options: [...item.options!, '其他'] } : item)), { name: '新增项', kind: 'text', required: false, maxLength: 50 }] });
    expect(renamed.result).toBe(true);
    expect(await count(sql`SELECT count(*)::int AS n FROM evaluation_entries WHERE theme_id = ${moral.id}`)).toBe(answersBefore);
    expect(await count(sql`SELECT count(*)::int AS n FROM evaluation_items WHERE theme_id = ${moral.id}`)).toBe(5);
    const deleted = (await call('/api/evaluation/themes/delete', { ids: [moral.id] }, 'admin', { 'accept-language': 'en' })).json();
    expect(deleted.msg).toMatch(/already has evaluations filled in and cannot be deleted/);
    // Back as it was: the new item has no answers, so it may go again, and nobody chose the added option.
    expect((await save(form)).result).toBe(true);
    expect(await count(sql`SELECT count(*)::int AS n FROM evaluation_items WHERE theme_id = ${moral.id}`)).toBe(4);
  });

  it('creates, releases and deletes a theme nobody filled; teachers without the page are refused', async () => {
    const created = (await call('/api/evaluation/themes/save', await themeForm({ name: '临时主题' }))).json();
    expect(created.result).toBe(true);
    const id = created.data.id as number;
    expect((await call('/api/evaluation/themes/release', { ids: [id], released: true })).json().result).toBe(true);
    expect((await one<{ released: boolean }>(sql`SELECT released FROM evaluation_themes WHERE id = ${id}`)).released).toBe(true);
    expect((await call('/api/evaluation/themes/release', { ids: [id], released: false })).json().result).toBe(true);
    expect((await call('/api/evaluation/themes/list', {}, 'T0002')).statusCode).toBe(403);
    expect((await call('/api/evaluation/themes/delete', { ids: [id] }, 'T0001')).statusCode).toBe(403);
    expect((await call('/api/evaluation/themes/delete', { ids: [id] })).json().result).toBe(true);
    expect(await count(sql`SELECT count(*)::int AS n FROM evaluation_themes WHERE id = ${id}`)).toBe(0);
  });
});

describe('期末评价填写: the class teacher fills a grid', () => {
  let themeId: number;
  let classId: number;

  beforeAll(async () => {
    const created = (await call('/api/evaluation/themes/save', await themeForm({ name: '填写测试' }))).json();
    themeId = created.data.id;
    classId = (await demoClass()).id;
  });

  const sheet = async (account = 'T0002'): Promise<EvaluationSheet> => (await call('/api/evaluation/fill/sheet', { themeId, classId }, account)).json().data;
  const item = (s: EvaluationSheet, name: string) => String(s.theme.items.find((i) => i.name === name)!.id);

  it("offers the class teacher their own class, and refuses another class's sheet", async () => {
    const options = (await call('/api/evaluation/fill/options', {}, 'T0002')).json().data;
    expect(options.classes.map((c: { id: number }) => c.id)).toEqual([classId]);
    expect(options.themes.map((th: { name: string }) => th.name)).toContain('填写测试');
    const other = await one<{ id: number }>(sql`SELECT c.id FROM classes c JOIN grades g ON g.id = c.grade_id WHERE g.code = 'G08' AND c.id <> ${classId} LIMIT 1`);
    const refused = await call('/api/evaluation/fill/sheet', { themeId, classId: other.id }, 'T0002', { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/Only the class teacher/);
    // The office (the all-classes button) opens any class.
    expect((await call('/api/evaluation/fill/sheet', { themeId, classId: other.id }, 'admin')).json().result).toBe(true);
  });

  it('saves valid rows, refuses a bad cell whole with the student and item named, clears an emptied row', async () => {
    const s = await sheet();
    expect(s.editable).toBe(true);
    const [first, second] = s.rows;
    const level = item(s, '等级');
    const score = item(s, '得分');
    const bad = (await call('/api/evaluation/fill/save', {
      themeId, classId, rows: [
        { studentId: first!.studentId, values: { [level]: '优' }, since: null },
        { studentId: second!.studentId, values: { [level]: '良', [score]: 12 }, since: null },
      ],
    }, 'T0002', { 'accept-language': 'en' })).json();
    expect(bad.result).toBe(false);
    expect(bad.msg).toBe(`${second!.name}, 得分: a number from 0 to 10`);
    expect(await count(sql`SELECT count(*)::int AS n FROM evaluation_entries WHERE theme_id = ${themeId}`)).toBe(0);
    const missing = (await call('/api/evaluation/fill/save', { themeId, classId, rows: [{ studentId: first!.studentId, values: { [score]: 5 }, since: null }] }, 'T0002', { 'accept-language': 'en' })).json();
    expect(missing.msg).toBe(`${first!.name}, 等级: required`);
    const precision = (await call('/api/evaluation/fill/save', { themeId, classId, rows: [{ studentId: first!.studentId, values: { [level]: '优', [score]: 5.25 }, since: null }] }, 'T0002', { 'accept-language': 'en' })).json();
    expect(precision.msg).toMatch(/at most 1 decimals/);
    const option = (await call('/api/evaluation/fill/save', { themeId, classId, rows: [{ studentId: first!.studentId, values: { [level]: '差' }, since: null }] }, 'T0002', { 'accept-language': 'en' })).json();
    expect(option.msg).toMatch(/choose one of the options/);

    const saved = (await call('/api/evaluation/fill/save', {
      themeId, classId, rows: [
        { studentId: first!.studentId, values: { [level]: '优', [score]: 9.5, [item(s, '评语')]: ' 很好 ' }, since: null },
        { studentId: second!.studentId, values: { [level]: '良' }, since: null },
      ],
    }, 'T0002')).json();
    expect(saved.result).toBe(true);
    expect(saved.data.saved).toBe(2);
    const after = await sheet();
    const row = after.rows.find((r) => r.studentId === first!.studentId)!;
    expect(row.values).toEqual({ [level]: '优', [score]: 9.5, [item(s, '评语')]: '很好' });
    expect(row.updatedByName).toBe('李秀英');
    // Clearing every answer of a row removes it.
    const secondRow = after.rows.find((r) => r.studentId === second!.studentId)!;
    expect((await call('/api/evaluation/fill/save', { themeId, classId, rows: [{ studentId: second!.studentId, values: { [level]: null }, since: secondRow.updatedAt }] }, 'T0002')).json().result).toBe(true);
    expect(await count(sql`SELECT count(*)::int AS n FROM evaluation_entries WHERE theme_id = ${themeId}`)).toBe(1);
  });

  it('does not overwrite a row someone saved since it was read, and names them', async () => {
    const s = await sheet();
    const target = s.rows.find((r) => r.updatedAt)!;
    const level = item(s, '等级');
    expect((await call('/api/evaluation/fill/save', { themeId, classId, rows: [{ studentId: target.studentId, values: { [level]: '中' }, since: target.updatedAt }] }, 'admin')).json().result).toBe(true);
    const stale = (await call('/api/evaluation/fill/save', { themeId, classId, rows: [{ studentId: target.studentId, values: { [level]: '良' }, since: target.updatedAt }] }, 'T0002', { 'accept-language': 'en' })).json();
    expect(stale.result).toBe(false);
    expect(stale.msg).toMatch(new RegExp(`${target.name}'s evaluation was changed by 系统管理员 meanwhile`));
    expect((await sheet()).rows.find((r) => r.studentId === target.studentId)!.values[level]).toBe('中');
  });

  it('refuses saving outside the filling period, a student of another class, and families', async () => {
    const s = await sheet();
    const level = item(s, '等级');
    const other = await one<{ id: number }>(sql`SELECT s.id FROM students s WHERE s.class_id <> ${classId} LIMIT 1`);
    const stranger = (await call('/api/evaluation/fill/save', { themeId, classId, rows: [{ studentId: other.id, values: { [level]: '优' }, since: null }] }, 'T0002', { 'accept-language': 'en' })).json();
    expect(stranger.msg).toMatch(/no longer in/);
    await t.database.db.execute(sql`UPDATE evaluation_themes SET fill_start = ${shift(-20)}, fill_end = ${shift(-1)} WHERE id = ${themeId}`);
    try {
      expect((await sheet()).editable).toBe(false);
      const closed = (await call('/api/evaluation/fill/save', { themeId, classId, rows: [{ studentId: s.rows[3]!.studentId, values: { [level]: '优' }, since: null }] }, 'T0002', { 'accept-language': 'en' })).json();
      expect(closed.msg).toMatch(/filling period of 填写测试 is .* cannot be filled now/);
    } finally {
      await t.database.db.execute(sql`UPDATE evaluation_themes SET fill_start = ${shift(-3)}, fill_end = ${shift(10)} WHERE id = ${themeId}`);
    }
    expect(today() <= shift(10)).toBe(true);
    expect((await call('/api/evaluation/fill/options', {}, '201911001')).statusCode).toBe(403);
    expect((await call('/api/evaluation/fill/sheet', { themeId, classId }, 'jz201911001')).statusCode).toBe(403);
  });
});
