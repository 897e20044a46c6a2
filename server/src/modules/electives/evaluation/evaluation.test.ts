import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
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

const call = (url: string, payload: unknown, account: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;

describe('elective evaluation (选修课评价, /kcsbpc/pjzb, /xxkxsgl/xsdf)', () => {
  it('keeps the indicators: a used one is disabled, not deleted; names are unique', async () => {
    const list = (await call('/api/electives/indicators/list', {}, 'admin')).json().data;
    expect(list.length).toBeGreaterThanOrEqual(5);
    const used = list.find((i: { used: number }) => i.used > 0);
    const refused = (await call('/api/electives/indicators/delete', { ids: [used.id] }, 'admin', EN)).json();
    expect(refused).toMatchObject({ result: false, msg: 'The selected option has been in use' });
    const twin = (await call('/api/electives/indicators/create', { name: used.name, maxScore: 5 }, 'admin', EN)).json();
    expect(twin).toMatchObject({ result: false, msg: `An indicator named ${used.name} exists already` });
    const created = (await call('/api/electives/indicators/create', { name: '作业量', description: '', maxScore: 5, sort: 9, enabled: false }, 'admin')).json();
    expect(created.result).toBe(true);
    expect((await call('/api/electives/indicators/delete', { ids: [created.data.id] }, 'admin')).json().result).toBe(true);
    expect((await call('/api/electives/indicators/create', { name: '作业量', maxScore: 0 }, 'admin')).json().result).toBe(false);
    // Teachers cannot change them.
    expect((await call('/api/electives/indicators/create', { name: 'x', maxScore: 5 }, 'T0001')).statusCode).toBe(403);
  });

  it("lets the student rate this term's course against every enabled indicator, once each, within the maxima", async () => {
    const mine = (await call('/api/electives/ratings/mine', {}, '201911001')).json().data;
    expect(mine.closedReason).toBe('');
    expect(mine.courses.length).toBeGreaterThan(0);
    const course = mine.courses[0];
    expect(course.ratedAt).toBe('');
    const indicators: { id: number; maxScore: number; name: string }[] = mine.indicators;
    expect(indicators.every((i) => (i as unknown as { enabled: boolean }).enabled)).toBe(true);
    const scores = indicators.map((i) => ({ indicatorId: i.id, score: i.maxScore }));
    const missing = (await call('/api/electives/ratings/save', { sessionId: course.sessionId, scores: scores.slice(1), comment: '' }, '201911001', EN)).json();
    expect(missing).toMatchObject({ result: false, msg: 'Score the enabled indicators only, each once' });
    const above = (await call('/api/electives/ratings/save', { sessionId: course.sessionId, scores: scores.map((s, i) => (i === 0 ? { ...s, score: 99 } : s)), comment: '' }, '201911001', EN)).json();
    expect(above).toMatchObject({ result: false, msg: `${indicators[0]!.name}: at most ${indicators[0]!.maxScore}` });
    const saved = (await call('/api/electives/ratings/save', { sessionId: course.sessionId, scores, comment: '很有意思' }, '201911001')).json();
    expect(saved.result).toBe(true);
    const again = (await call('/api/electives/ratings/mine', {}, '201911001')).json().data.courses[0];
    expect(again).toMatchObject({ comment: '很有意思', scores });
    // A course the student does not take is refused.
    const other = await one<{ id: number }>(sql`
      SELECT es.id FROM elective_sessions es WHERE es.term_id = (SELECT id FROM terms WHERE is_current)
        AND NOT EXISTS (SELECT 1 FROM elective_enrolments ee JOIN students s ON s.id = ee.student_id WHERE ee.session_id = es.id AND s.student_number = '201911001') LIMIT 1`);
    const notMine = (await call('/api/electives/ratings/save', { sessionId: other.id, scores, comment: '' }, '201911001', EN)).json();
    expect(notMine).toMatchObject({ result: false, msg: 'You do not take this course' });
    // Parents and teachers do not rate.
    expect((await call('/api/electives/ratings/save', { sessionId: course.sessionId, scores, comment: '' }, 'jz201911001')).statusCode).toBe(403);
  });

  it("lets the teacher score their own course's students, all or nothing, and nobody else's", async () => {
    const sheet = (await call('/api/electives/grades/sheet', {}, 'T0001')).json().data;
    expect(sheet.sessions.length).toBeGreaterThan(0);
    expect(sheet.editable).toBe(true);
    expect(sheet.rows.some((r: { score: number | null }) => r.score !== null)).toBe(true);
    const [first, second] = sheet.rows;
    const saved = (await call('/api/electives/grades/save', { sessionId: sheet.sessionId, grades: [{ studentId: first.studentId, score: 92.5, comment: '优秀' }, { studentId: second.studentId, score: null, comment: '' }] }, 'T0001')).json();
    expect(saved.result).toBe(true);
    const row = await one<{ score: string }>(sql`SELECT score FROM elective_grades WHERE session_id = ${sheet.sessionId} AND student_id = ${first.studentId}`);
    expect(Number(row.score)).toBe(92.5);
    const outsider = await one<{ id: number; name: string }>(sql`
      SELECT s.id, s.name FROM students s WHERE NOT EXISTS (SELECT 1 FROM elective_enrolments ee WHERE ee.session_id = ${sheet.sessionId} AND ee.student_id = s.id) LIMIT 1`);
    const refused = (await call('/api/electives/grades/save', { sessionId: sheet.sessionId, grades: [{ studentId: first.studentId, score: 50, comment: '' }, { studentId: outsider.id, score: 80, comment: '' }] }, 'T0001', EN)).json();
    expect(refused).toMatchObject({ result: false, msg: `${outsider.name} does not take this course` });
    expect(Number((await one<{ score: string }>(sql`SELECT score FROM elective_grades WHERE session_id = ${sheet.sessionId} AND student_id = ${first.studentId}`)).score)).toBe(92.5);
    const badStep = (await call('/api/electives/grades/save', { sessionId: sheet.sessionId, grades: [{ studentId: first.studentId, score: 90.3, comment: '' }] }, 'T0001', EN)).json();
    expect(badStep.result).toBe(false);
    // Another teacher's course.
    const foreign = await one<{ id: number }>(sql`
      SELECT es.id FROM elective_sessions es JOIN staff st ON st.id = es.teacher_id WHERE st.staff_number <> 'T0001' LIMIT 1`);
    expect((await call('/api/electives/grades/sheet', { sessionId: foreign.id }, 'T0001')).statusCode).toBe(403);
    expect((await call('/api/electives/grades/save', { sessionId: foreign.id, grades: [{ studentId: first.studentId, score: 1, comment: '' }] }, 'T0001')).statusCode).toBe(403);
  });

  it('gives the office every course of the term and a teacher their own, and the workbook to the office', async () => {
    const office = (await call('/api/electives/statistics', {}, 'admin')).json().data;
    expect(office.rows.length).toBeGreaterThanOrEqual(4);
    const robotics = office.rows.find((r: { name: string }) => r.name === '机器人');
    expect(robotics.ratings).toBeGreaterThan(0);
    expect(robotics.overall).toBeGreaterThan(0);
    expect(robotics.overall).toBeLessThanOrEqual(1);
    expect(robotics.indicators.every((i: { average: number | null; maxScore: number }) => i.average !== null && i.average <= i.maxScore)).toBe(true);
    const teacher = (await call('/api/electives/statistics', {}, 'T0001')).json().data;
    expect(teacher.rows.map((r: { name: string }) => r.name)).toEqual(['机器人']);
    const response = await t.inject({ method: 'GET', url: `/api/electives/statistics/workbook?termId=${office.termId}`, headers: { [t.config.tokenHeader]: tokens.admin! } });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('课程');
    expect(sheet.rowCount).toBe(office.rows.length + 1);
    expect((await t.inject({ method: 'GET', url: `/api/electives/statistics/workbook?termId=${office.termId}`, headers: { [t.config.tokenHeader]: tokens.T0001! } })).statusCode).toBe(403);
  });
});
