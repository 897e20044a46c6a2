import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { apiKit, createTestApp, EN, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const PUBLIC_KEY = 'openday2026demoSurveyKey';
const { call, rows, refused } = apiKit(() => t, () => tokens);

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const idOf = async (title: string) => (await rows<{ id: number }>(sql`SELECT id FROM surveys WHERE title = ${title}`))[0]!.id;
const browser = (n: number) => `browser-key-${n}-${'x'.repeat(16)}`;

describe('survey answering (问卷答题) and statistics (问卷统计)', () => {
  it('lets the demo parent answer the named grade survey once, following its skips', async () => {
    const id = await idOf('初二年级作业负担调查');
    const mine = (await call('/api/surveys/mine/page', { currPage: 0, limit: 50 }, 'jz201911001')).json().data;
    expect(mine.rows.find((row: { id: number }) => row.id === id)).toMatchObject({ state: 'todo' });
    expect(mine.rows.find((row: { title: string }) => row.title === '期中家长会反馈')).toMatchObject({ state: 'closed' });
    const waiting = (await call('/api/dashboard/cards', undefined, 'jz201911001')).json().data;
    const before = (await rows<{ n: number }>(sql`SELECT response_count AS n FROM surveys WHERE id = ${id}`))[0]!.n;
    const refusedAnswer = (answers: unknown, message: string) => refused('/api/surveys/mine/submit', { id, answers }, 'jz201911001', message);
    // "不清楚" skips to question 4: what lies between must stay empty, what follows is required.
    const matrix = { '0': 2, '1': 1, '2': 2 };
    await refusedAnswer({ q1: 3, q2: [0], q4: matrix }, 'Question 2 is skipped');
    await refusedAnswer({ q1: 3 }, 'Question 4 must be answered');
    await refusedAnswer({ q1: 0, q2: [0, 1, 2, 3], q3: 3, q4: matrix }, 'Question 2: choose at most 3');
    await refusedAnswer({ q1: 0, q2: [0], q3: 9, q4: matrix }, 'An answer does not fit');
    await refusedAnswer({ q1: 0, q2: [0], q3: 3, q4: matrix, q5: 'x'.repeat(301) }, 'at most 300 characters');
    expect((await call('/api/surveys/mine/submit', { id, answers: { q1: 3, q4: matrix, q5: '  希望少一些重复抄写  ' } }, 'jz201911001')).json().result).toBe(true);
    const again = (await call('/api/surveys/mine/submit', { id, answers: { q1: 3, q4: matrix } }, 'jz201911001', EN)).json();
    expect(again).toMatchObject({ result: false, msg: 'This questionnaire was already submitted' });
    expect((await call('/api/surveys/mine/get', { id }, 'jz201911001')).json().data.state).toBe('answered');
    // The dashboard's waiting count went down by one.
    const card = (list: { route: string; value?: number }[]) => list.find((c) => c.route === '/survey/wjdt')?.value;
    expect(card((await call('/api/dashboard/cards', undefined, 'jz201911001')).json().data)).toBe((card(waiting) ?? 1) - 1);
    // A survey sent to others is not there for the student.
    expect((await call('/api/surveys/mine/get', { id }, '201911001')).statusCode).toBe(404);
    // The statistics count it (the queue is moved before they read).
    const stats = (await call('/api/surveys/statistics/get', { id }, 'T0002')).json().data;
    expect(stats.responseCount).toBe(before + 1);
    expect(stats.questions[0].counts[3].count).toBeGreaterThan(0);
    const texts = (await call('/api/surveys/statistics/texts', { id, question: 4, currPage: 0, limit: 100 }, 'T0002')).json().data;
    expect(texts.rows.map((row: { text: string }) => row.text)).toContain('希望少一些重复抄写');
  });

  it('refuses outside the window, before the start and out of use', async () => {
    for (const title of ['期中家长会反馈', '校服尺码征集（已停用）']) {
      const id = await idOf(title);
      await t.database.db.execute(sql`INSERT INTO survey_recipients (survey_id, user_id) SELECT ${id}, id FROM users WHERE account = 'jz201911001' ON CONFLICT DO NOTHING`);
      const denied = (await call('/api/surveys/mine/submit', { id, answers: { q1: 1 } }, 'jz201911001', EN)).json();
      expect(denied, title).toMatchObject({ result: false, msg: 'The questionnaire has not started or has expired' });
    }
    const upcoming = await idOf('寒假社会实践意向调查');
    expect((await call('/api/surveys/mine/submit', { id: upcoming, answers: { q1: 0, q2: [0] } }, 'jz201911001', EN)).json().msg).toBe('The questionnaire has not started or has expired');
    expect((await call('/api/surveys/mine/submit', { id: upcoming, answers: { q1: 0, q2: [0] } }, 'jz201911001')).json().msg).toBe('问卷未开始或已过期');
  });

  it('answers the public link without a session, once per browser and once per user', async () => {
    const list = (await call('/api/surveys/public/list', {}, null)).json().data as { key: string }[];
    expect(list.map((row) => row.key)).toContain(PUBLIC_KEY);
    const form = (await call('/api/surveys/public/get', { key: PUBLIC_KEY, respondentKey: browser(1) }, null)).json().data;
    expect(form).toMatchObject({ state: 'open', needsLogin: false, anonymous: true });
    const answers = { q1: 1, q2: 5, q3: [0, 2], q4: '开放日很好' };
    expect((await call('/api/surveys/public/submit', { key: PUBLIC_KEY, respondentKey: browser(1), answers }, null)).json().result).toBe(true);
    const second = (await call('/api/surveys/public/submit', { key: PUBLIC_KEY, respondentKey: browser(1), answers }, null, EN)).json();
    expect(second).toMatchObject({ result: false, msg: 'This questionnaire was already submitted' });
    expect((await call('/api/surveys/public/get', { key: PUBLIC_KEY, respondentKey: browser(1) }, null)).json().data.state).toBe('answered');
    // A signed-in user answers once whatever browser key they bring.
    expect((await call('/api/surveys/public/submit', { key: PUBLIC_KEY, respondentKey: browser(2), answers }, 'T0001')).json().result).toBe(true);
    expect((await call('/api/surveys/public/submit', { key: PUBLIC_KEY, respondentKey: browser(3), answers }, 'T0001', EN)).json().msg).toBe('This questionnaire was already submitted');
    expect((await call('/api/surveys/public/get', { key: 'no-such-key-0123456789', respondentKey: browser(1) }, null, EN)).json()).toMatchObject({ result: false, msg: 'This questionnaire link is not valid' });
    // A named survey on a public link asks for a session.
    const created = (await call('/api/surveys/design/create', {
      title: '实名公开问卷', description: '', startsAt: '2020-01-01 08:00', endsAt: '2099-01-01 08:00', anonymous: false,
      questions: [{ key: 'a', kind: 'text', title: '姓名备注', required: true }],
    }, 'T0002')).json().data.id;
    const key = (await call('/api/surveys/design/publish', { id: created, isPublic: true }, 'T0002')).json().data.publicKey;
    expect((await call('/api/surveys/public/get', { key, respondentKey: browser(4) }, null)).json().data.needsLogin).toBe(true);
    expect((await call('/api/surveys/public/submit', { key, respondentKey: browser(4), answers: { a: '我' } }, null, EN)).json().msg).toBe('This questionnaire is not anonymous: log in to answer it');
    expect((await call('/api/surveys/public/submit', { key, respondentKey: browser(4), answers: { a: '我' } }, 'jz201911001')).json().result).toBe(true);
  });

  it('keeps no link between an anonymous answer and its person, not even in the operation log', async () => {
    const id = await idOf('学生课外阅读习惯调查');
    const marker = `匿名标记${Date.now()}`;
    expect((await call('/api/surveys/mine/submit', { id, answers: { q1: 2, q2: [1], q3: { '0': 0, '1': 1 }, q4: marker } }, '201911001')).json().result).toBe(true);
    // Where answers are kept, no column names a person, a time or an order of arrival.
    const columns = await rows<{ table: string; column: string }>(sql`
      SELECT table_name AS table, column_name AS column FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name IN ('survey_answer_queue', 'survey_tallies', 'survey_text_answers', 'survey_respondents') ORDER BY table_name, column_name`);
    const byTable = (name: string) => columns.filter((c) => c.table === name).map((c) => c.column);
    expect(byTable('survey_answer_queue')).toEqual(['answers', 'survey_id']);
    expect(byTable('survey_tallies')).toEqual(['count', 'option', 'question', 'row', 'survey_id']);
    expect(byTable('survey_text_answers')).toEqual(['body', 'question', 'sort_key', 'survey_id']);
    expect(byTable('survey_respondents')).toEqual(['respondent_key', 'survey_id']);
    // After the batch, nothing waits in the queue, and the text sits among the others with a random key.
    await call('/api/surveys/statistics/get', { id }, 'T0002');
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM survey_answer_queue WHERE survey_id = ${id}`))[0]!.n).toBe(0);
    const text = (await rows<{ body: string }>(sql`SELECT body FROM survey_text_answers WHERE survey_id = ${id} AND body = ${marker}`))[0];
    expect(text?.body).toBe(marker);
    // The log knows the student called, never what they answered.
    const logged = await rows<{ params: unknown }>(sql`SELECT params FROM operation_logs WHERE path = '/api/surveys/mine/submit' ORDER BY id DESC LIMIT 1`);
    expect(JSON.stringify(logged[0]?.params ?? {})).not.toContain(marker);
    // An anonymous survey does not tell who has not answered.
    expect((await call('/api/surveys/statistics/nonRespondents', { id }, 'T0002', EN)).json().msg).toBe('Only a named questionnaire knows who has not answered');
  });

  it('counts zero answers, lists and reminds non-respondents of a named survey, and exports the statistics', async () => {
    const created = (await call('/api/surveys/design/create', {
      title: '零答卷问卷', description: '', startsAt: '2020-01-01 08:00', endsAt: '2099-01-01 08:00', anonymous: false,
      questions: [
        { key: 'a', kind: 'single', title: '选一个', required: true, options: [{ label: '甲' }, { label: '乙' }] },
        { key: 'b', kind: 'rating', title: '打分', required: true, scale: 4 },
        { key: 'c', kind: 'matrix', title: '矩阵', required: false, rows: ['一'], columns: ['好', '差'] },
      ],
    }, 'T0002')).json().data.id;
    const classes = (await call('/api/surveys/design/classes', {}, 'T0002')).json().data as { id: number }[];
    const published = (await call('/api/surveys/design/publish', { id: created, classIds: [classes[0]!.id], classAudience: 'parents' }, 'T0002')).json().data;
    const empty = (await call('/api/surveys/statistics/get', { id: created }, 'T0002')).json().data;
    expect(empty).toMatchObject({ responseCount: 0, recipientTotal: published.recipientTotal });
    expect(empty.questions[0].counts).toEqual([{ label: '甲', count: 0, percent: 0 }, { label: '乙', count: 0, percent: 0 }]);
    expect(empty.questions[1]).toMatchObject({ average: null, answered: 0 });
    expect(empty.questions[2].matrix).toEqual([{ row: '一', counts: [0, 0] }]);
    const missing = (await call('/api/surveys/statistics/nonRespondents', { id: created, currPage: 0, limit: 5 }, 'T0002')).json().data;
    expect(missing.total).toBe(published.recipientTotal);
    const reminded = (await call('/api/surveys/statistics/remind', { id: created }, 'T0002')).json();
    expect(reminded.data.count).toBe(published.recipientTotal);
    expect((await call('/api/surveys/statistics/remind', { id: created }, 'T0002', EN)).json().msg).toContain('reminded less than 10 minutes ago');
    // Another teacher's survey is not theirs to read; a parent has no statistics at all.
    expect((await call('/api/surveys/statistics/get', { id: created }, 'T0001')).statusCode).toBe(404);
    expect((await call('/api/surveys/statistics/get', { id: created }, 'jz201911001')).statusCode).toBe(403);

    const closed = await idOf('期中家长会反馈');
    const stats = (await call('/api/surveys/statistics/get', { id: closed }, 'admin')).json().data;
    expect(stats.responseCount).toBeGreaterThan(10);
    const attended = stats.questions[0].counts[0].count as number;
    expect(stats.questions[1].answered).toBe(attended);
    expect(stats.questions[1].average).toBeGreaterThan(1);
    const response = await t.inject({ method: 'GET', url: `/api/surveys/statistics/export?id=${closed}`, headers: { [t.config.tokenHeader]: tokens.admin!, ...EN } });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Question', 'Kind', 'Option / row', 'Count', 'Percent (%)']);
    const cells = sheet.getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1) : []));
    expect(cells[2]![0]).toBe(`Responses ${stats.responseCount} of ${stats.recipientTotal} recipients`);
    expect(cells.some((row) => row[0] === '1. 您是否参加了本次家长会？' && row[2] === '参加了' && row[3] === attended)).toBe(true);
  });
});
