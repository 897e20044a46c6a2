import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiKit, createTestApp, EN, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const { call, one, refused, rows } = apiKit(() => t, () => tokens);

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const pad = (n: number) => String(n).padStart(2, '0');
const local = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export const design = (overrides: Record<string, unknown> = {}) => ({
  title: `测试问卷${Math.floor(Math.random() * 1e6)}`,
  description: '测试',
  startsAt: local(-1),
  endsAt: local(3),
  anonymous: true,
  questions: [
    { key: 'a', kind: 'single', title: '是否参加？', required: true, options: [{ label: '是', jumpTo: '' }, { label: '否', jumpTo: 'end' }] },
    { key: 'b', kind: 'multiple', title: '喜欢哪些？', required: true, options: [{ label: 'x' }, { label: 'y' }, { label: 'z' }], minPicks: 1, maxPicks: 2 },
    { key: 'c', kind: 'rating', title: '评分', required: false, scale: 5 },
  ],
  ...overrides,
});

describe('survey design (创建问卷)', () => {
  it('lists the demo surveys in every state to the administrator and their own to a teacher', async () => {
    const all = (await call('/api/surveys/design/page', { currPage: 0, limit: 50 }, 'admin')).json();
    expect(all.result).toBe(true);
    expect(new Set(all.data.rows.map((row: { phase: string }) => row.phase))).toEqual(new Set(['draft', 'open', 'closed', 'upcoming', 'stopped']));
    const mine = (await call('/api/surveys/design/page', { currPage: 0, limit: 50 }, 'T0001')).json().data.rows;
    expect(mine.map((row: { title: string }) => row.title)).toEqual(['食堂满意度调查']);
    // Students and parents do not design.
    expect((await call('/api/surveys/design/page', { currPage: 0, limit: 10 }, 'jz201911001')).statusCode).toBe(403);
  });

  it('refuses bad designs with their messages and saves nothing', async () => {
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM surveys`);
    const refusedCreate = (body: unknown, message: string) => refused('/api/surveys/design/create', body, 'T0001', message);
    const base = design();
    await refusedCreate({ ...base, title: '' }, 'The title is required');
    await refusedCreate({ ...base, endsAt: base.startsAt }, 'The end must come after the start');
    await refusedCreate({ ...base, questions: [] }, 'Add at least one question');
    await refusedCreate({ ...base, questions: [{ key: 'a', kind: 'single', title: 'x', options: [{ label: 'only' }] }] }, 'A choice question has 2 to 30 options');
    // Skips: to a question that exists and comes later, from a single choice only.
    const jump = (to: string) => [
      { key: 'a', kind: 'rating', title: 'r' },
      { key: 'b', kind: 'single', title: 's', options: [{ label: '1', jumpTo: to }, { label: '2' }] },
      { key: 'c', kind: 'text', title: 't' },
    ];
    await refusedCreate({ ...base, questions: jump('a') }, 'A skip must lead to a later question or to the end');
    await refusedCreate({ ...base, questions: jump('zz') }, 'A skip must lead to a later question or to the end');
    await refusedCreate({ ...base, questions: [{ key: 'a', kind: 'multiple', title: 'm', options: [{ label: '1', jumpTo: 'end' }, { label: '2' }] }] }, 'Only the options of a single-choice question');
    await refusedCreate({ ...base, questions: [{ key: 'a', kind: 'multiple', title: 'm', options: [{ label: '1' }, { label: '2' }], maxPicks: 3 }] }, 'cannot exceed the number of options');
    await refusedCreate({ ...base, questions: [{ key: 'a', kind: 'matrix', title: 'm', rows: ['r'], columns: ['c'] }] }, 'A matrix has 2 to 10 columns');
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM surveys`)).n).toBe(before.n);
    const ok = (await call('/api/surveys/design/create', { ...base, questions: jump('c') }, 'T0001')).json();
    expect(ok.result).toBe(true);
  });

  it('publishes only with the right; the published survey reaches its classes, is locked once answered, copies and stops', async () => {
    const created = (await call('/api/surveys/design/create', design({ anonymous: false }), 'T0001')).json();
    const id = created.data.id as number;
    // T0001 designs but has no right to publish (spec 6): told to contact the administrator.
    const denied = (await call('/api/surveys/design/publish', { id, isPublic: true }, 'T0001', EN)).json();
    expect(denied).toMatchObject({ result: false, msg: 'You have no right to publish questionnaires, please contact the system administrator' });
    expect((await one<{ published: boolean }>(sql`SELECT published FROM surveys WHERE id = ${id}`)).published).toBe(false);
    // A class teacher publishes their own to their class's parents; another's survey is not theirs.
    expect((await call('/api/surveys/design/publish', { id, isPublic: true }, 'T0002')).statusCode).toBe(404);
    const own = (await call('/api/surveys/design/create', design({ anonymous: false }), 'T0002')).json().data.id as number;
    const classes = (await call('/api/surveys/design/classes', {}, 'T0002')).json().data as { id: number }[];
    expect(classes.length).toBeGreaterThan(0);
    const picker = (await call('/api/surveys/design/publish', { id: own, recipients: 'U_201911001' }, 'T0002', EN)).json();
    expect(picker.result).toBe(false);
    expect((await call('/api/surveys/design/publish', { id: own }, 'T0002', EN)).json().msg).toContain('Choose who answers it');
    const published = (await call('/api/surveys/design/publish', { id: own, classIds: [classes[0]!.id], classAudience: 'both' }, 'T0002')).json();
    expect(published.result).toBe(true);
    expect(published.data.recipientTotal).toBeGreaterThan(1);
    const messages = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages WHERE link = ${`/survey/wjdt?id=${own}`}`);
    expect(messages.n).toBe(published.data.recipientTotal);
    expect((await call('/api/surveys/design/publish', { id: own, isPublic: true }, 'T0002', EN)).json().msg).toBe('This questionnaire is already published');
    // Before any answer the questions still change; after one they do not (and it says so), while the window does.
    const detail = (await call('/api/surveys/design/get', { id: own }, 'T0002')).json().data;
    expect(detail.questionsEditable).toBe(true);
    await t.database.db.execute(sql`INSERT INTO survey_respondents (survey_id, respondent_key) VALUES (${own}, 'u:0')`);
    const form = { id: own, title: detail.title, description: detail.description, startsAt: detail.startsAt, endsAt: local(5), anonymous: false, questions: detail.questions };
    expect((await call('/api/surveys/design/update', form, 'T0002')).json().result).toBe(true);
    const changed = (await call('/api/surveys/design/update', { ...form, questions: detail.questions.slice(0, 2) }, 'T0002', EN)).json();
    expect(changed.msg).toContain('its questions can no longer be changed');
    expect((await call('/api/surveys/design/update', { ...form, anonymous: true }, 'T0002', EN)).json().result).toBe(false);
    expect((await call('/api/surveys/design/unpublish', { id: own }, 'T0002', EN)).json().msg).toContain('cannot be withdrawn');
    expect((await call('/api/surveys/design/delete', { ids: [own] }, 'T0002', EN)).json().msg).toContain('cannot be deleted');
    // A copy is a new draft with the same questions; stopping use closes it.
    const copy = (await call('/api/surveys/design/copy', { id: own }, 'T0002')).json().data.id as number;
    const copied = (await call('/api/surveys/design/get', { id: copy }, 'T0002')).json().data;
    expect(copied).toMatchObject({ phase: 'draft', questions: detail.questions });
    expect((await call('/api/surveys/design/use', { id: own, inUse: false }, 'T0002')).json().result).toBe(true);
    expect((await call('/api/surveys/design/get', { id: own }, 'T0002')).json().data.phase).toBe('stopped');
    // Preview renders the design for its designer.
    expect((await call('/api/surveys/design/preview', { id: copy }, 'T0002')).json().data.questions).toHaveLength(3);
    expect((await call('/api/surveys/design/delete', { ids: [copy] }, 'T0002')).json().result).toBe(true);
  });
});

describe('the survey lists’ keyword (issue 18)', () => {
  it('finds surveys by one or two characters of the title or a longer part of it', async () => {
    const holds = (keyword: string) => sql`strpos(lower(title), ${keyword.toLowerCase()}) > 0`;
    for (const keyword of ['调', '阅读', '课外阅读习惯', '家长会']) {
      for (const [url, published] of [
        ['/api/surveys/design/page', sql`TRUE`],
        ['/api/surveys/statistics/page', sql`published`],
      ] as const) {
        const found = (await call(url, { currPage: 0, limit: 500, search: { keyword } }, 'admin')).json().data as { total: number; rows: { id: number }[] };
        const ids = (await rows<{ id: number }>(sql`SELECT id FROM surveys WHERE ${published} AND ${holds(keyword)} ORDER BY id`)).map((row) => row.id);
        expect({ total: found.total, ids: found.rows.map((row) => row.id).sort((a, b) => a - b) }, `${url} ${keyword}`).toEqual({ total: ids.length, ids });
        expect(found.total, `${url} ${keyword}`).toBeGreaterThan(0);
      }
    }
  });
});
