import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { openDatabase, queryRows } from '../../../db/client.ts';
import { createTestApp, DEMO_PASSWORD, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';
import { hashPassword } from '../../../platform/passwords.ts';

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

interface Fixture {
  midterm: number;
  monthly: number;
  classOne: number;
  classTwo: number;
  courses: Record<string, number>;
  listening: number;
  written: number;
}
let fx: Fixture;

beforeAll(async () => {
  const batch = async (name: string) => (await one<{ id: number }>(sql`SELECT id FROM score_batches WHERE name = ${name}`)).id;
  const midterm = await batch('初二期中考试成绩');
  // The entry window is open around the test's own clock, whatever day it runs.
  await t.database.db.execute(sql`UPDATE score_batches SET entry_start = now() - interval '1 day', entry_end = now() + interval '1 day' WHERE id = ${midterm}`);
  const classes = await rows<{ id: number }>(sql`SELECT c.id FROM classes c JOIN grades g ON g.id = c.grade_id WHERE g.sort = 8 ORDER BY c.sort`);
  const courses = Object.fromEntries((await rows<{ id: number; code: string }>(sql`SELECT id, code FROM courses`)).map((row) => [row.code, row.id]));
  const items = await rows<{ id: number }>(sql`SELECT id FROM score_sub_items WHERE batch_id = ${midterm} ORDER BY sort`);
  fx = { midterm, monthly: await batch('初一十月月考成绩'), classOne: classes[0]!.id, classTwo: classes[1]!.id, courses, listening: items[0]!.id, written: items[1]!.id };
});

const sheetOf = async (account = 'T0002', classId = fx.classOne) => (await call('/api/scores/entry/sheet', { batchId: fx.midterm, classId }, account)).json().data;
const versionsOf = (sheet: { subjects: { courseId: number; version: string }[] }) => Object.fromEntries(sheet.subjects.map((s) => [String(s.courseId), s.version]));
const stored = (studentId: number, courseId: number) =>
  rows<{ score: string | null; mark: string | null; parts: Record<string, number> | null }>(
    sql`SELECT score::text, mark, sub_scores AS parts FROM scores WHERE batch_id = ${fx.midterm} AND student_id = ${studentId} AND course_id = ${courseId}`,
  );

describe('sub-score settings (分项成绩设置)', () => {
  it("lists a batch's subjects with their parts; English of the mid-term is locked by its scores", async () => {
    const batch = (await call('/api/scores/subItems/get', { batchId: fx.midterm })).json().data;
    const english = batch.subjects.find((s: { courseId: number }) => s.courseId === fx.courses.english);
    expect(english).toMatchObject({ fullMark: 120, scored: true, items: [{ name: '听力', maxScore: 30 }, { name: '笔试', maxScore: 90 }] });
    const refused = await call('/api/scores/subItems/save', { batchId: fx.midterm, courseId: fx.courses.english, items: [] }, 'admin', EN);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('English already has scores: its parts can no longer change');
    expect((await call('/api/scores/subItems/batches', {})).json().data.length).toBeGreaterThanOrEqual(3);
    expect((await call('/api/scores/subItems/get', { batchId: fx.midterm }, 'T0002')).statusCode).toBe(403);
  });

  it('saves parts that add up to the full mark, and refuses those that do not, one part, twins and a released batch', async () => {
    const save = (items: unknown, batchId = fx.midterm, headers: Record<string, string> = EN) => call('/api/scores/subItems/save', { batchId, courseId: fx.courses.chemistry, items }, 'admin', headers);
    const wrong = await save([{ name: '读图', maxScore: 30 }, { name: '综合', maxScore: 60 }]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('The parts of Chemistry add up to 90: they must add up to its full mark 100');
    const zh = await save([{ name: '读图', maxScore: 30 }, { name: '综合', maxScore: 60 }], fx.midterm, {});
    expect(zh.json().msg).toBe('化学的分项合计 90，须等于满分 100');
    expect((await save([{ name: '全卷', maxScore: 100 }])).json().msg).toBe('A subject made of parts has at least two; remove the last one to score it as a whole');
    expect((await save([{ name: '读图', maxScore: 50 }, { name: '读图', maxScore: 50 }])).json().msg).toBe('Two parts have the same name');
    expect((await save([{ name: '读图', maxScore: 33.333 }, { name: '综合', maxScore: 66.667 }])).statusCode).toBe(400);
    const good = await save([{ name: '读图', maxScore: 33.33 }, { name: '综合', maxScore: 66.67 }]);
    expect(good.json()).toMatchObject({ result: true, msg: 'The parts of Chemistry are saved' });
    const after = (await call('/api/scores/subItems/get', { batchId: fx.midterm })).json().data;
    expect(after.subjects.find((s: { courseId: number }) => s.courseId === fx.courses.chemistry).items.map((i: { maxScore: number }) => i.maxScore)).toEqual([33.33, 66.67]);
    expect((await save([])).json().result).toBe(true);
    const released = await call('/api/scores/subItems/save', { batchId: fx.monthly, courseId: fx.courses.maths, items: [] }, 'admin', EN);
    expect(released.statusCode).toBe(409);
    expect(released.json().msg).toContain('is released');
  });
});

describe('score registration (成绩登记)', () => {
  it("offers each caller the sheets they enter: the office every class, the class teacher their class's subjects, a subject teacher their subject", async () => {
    const admin = (await call('/api/scores/entry/options', {})).json().data;
    const midterm = admin.batches.find((b: { id: number }) => b.id === fx.midterm);
    expect(midterm).toMatchObject({ open: true, closedReason: '', released: false });
    expect(midterm.sheets).toHaveLength(3);
    expect(admin.terms.some((term: { isCurrent: boolean }) => term.isCurrent)).toBe(true);

    const leader = (await call('/api/scores/entry/options', {}, 'T0002')).json().data;
    const mine = leader.batches.find((b: { id: number }) => b.id === fx.midterm);
    expect(mine.sheets.map((s: { classId: number }) => s.classId)).toContain(fx.classOne);
    expect(mine.sheets.find((s: { classId: number }) => s.classId === fx.classOne).courseIds).toHaveLength(5);
    expect(mine.sheets.find((s: { classId: number }) => s.classId === fx.classOne).entered).toBeGreaterThan(0);

    for (const account of ['201911001', 'jz201911001']) expect((await call('/api/scores/entry/options', {}, account)).statusCode).toBe(403);
  });

  it("reads a class's sheet: the students at school, their scores, marks and parts", async () => {
    const sheet = await sheetOf();
    expect(sheet.className).toBe('初二(1)班');
    expect(sheet.rows.length).toBeGreaterThan(30);
    const english = sheet.subjects.find((s: { courseId: number }) => s.courseId === fx.courses.english);
    expect(english.items).toHaveLength(2);
    const withParts = sheet.rows.find((row: { cells: Record<string, { parts: unknown }> }) => row.cells[String(fx.courses.english)]?.parts);
    const cell = withParts.cells[String(fx.courses.english)];
    expect(cell.parts[String(fx.listening)] + cell.parts[String(fx.written)]).toBeCloseTo(cell.score, 2);
  });

  it('saves changed cells, clears emptied ones and refuses each bad cell with its message, saving nothing', async () => {
    const sheet = await sheetOf();
    const [a, b] = sheet.rows as { studentId: number; name: string }[];
    const physics = fx.courses.physics;
    const save = (cells: unknown[], versions = versionsOf(sheet), headers: Record<string, string> = EN, account = 'T0002') =>
      call('/api/scores/entry/save', { batchId: fx.midterm, classId: fx.classOne, versions, cells }, account, headers);
    const cell = (studentId: number, courseId: number, score: number | null, mark: string | null = null, parts: unknown = undefined) => ({ studentId, courseId, score, mark, ...(parts === undefined ? {} : { parts }) });

    const over = await save([cell(a!.studentId, physics, 100.5)]);
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toBe(`${a!.name}, Physics: 100.5 is above the full mark 100`);
    expect((await save([cell(a!.studentId, physics, 88.125)])).json().msg).toBe('A score is a number from 0 with at most two decimals');
    expect((await save([cell(a!.studentId, physics, -1)])).statusCode).toBe(400);
    expect((await save([cell(a!.studentId, physics, 80, 'absent')])).json().msg).toBe('A cell holds either a score or an absent or exempt mark');
    expect((await save([cell(a!.studentId, fx.courses.english, 90)])).json().msg).toBe(`${a!.name}, English: the score is the sum of its parts`);
    expect((await save([cell(a!.studentId, fx.courses.english, null, null, { [fx.listening]: 31, [fx.written]: 80 })])).json().msg).toBe(`${a!.name}, English: 听力 is above its maximum 30`);
    expect((await save([cell(a!.studentId, fx.courses.english, null, null, { [fx.listening]: 20 })])).json().msg).toBe(`${a!.name}, English: enter every part or none`);
    expect((await save([cell(a!.studentId, physics, 80), cell(a!.studentId, physics, 81)])).json().msg).toBe('A cell is sent twice');
    const stranger = await one<{ id: number }>(sql`SELECT id FROM students WHERE class_id = ${fx.classTwo} LIMIT 1`);
    expect((await save([cell(stranger.id, physics, 80)])).json().msg).toBe('A student of the sheet is no longer at school in this class: reload the sheet');
    expect(await stored(a!.studentId, physics)).toEqual([]);

    const good = await save([cell(a!.studentId, physics, 88.5), cell(b!.studentId, physics, null, 'exempt'), cell(a!.studentId, fx.courses.english, null, null, { [fx.listening]: 25.5, [fx.written]: 80 })]);
    expect(good.json()).toMatchObject({ result: true, msg: '2 scores saved, 0 cleared'.replace('2', '3'), data: { saved: 3, cleared: 0 } });
    expect(await stored(a!.studentId, physics)).toEqual([{ score: '88.50', mark: null, parts: null }]);
    expect(await stored(b!.studentId, physics)).toEqual([{ score: null, mark: 'exempt', parts: null }]);
    expect((await stored(a!.studentId, fx.courses.english))[0]).toMatchObject({ score: '105.50' });

    // The version read before that save is stale now: a colleague's later save would overwrite unseen work.
    const stale = await save([cell(a!.studentId, physics, 90)]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe("Current term's data is being operated by several people, retry later");
    const zh = await save([cell(a!.studentId, physics, 90)], versionsOf(sheet), {});
    expect(zh.json().msg).toBe('当前学期数据正在被多人操作，请稍后重试');
    expect(await stored(a!.studentId, physics)).toEqual([{ score: '88.50', mark: null, parts: null }]);

    const cleared = await save([cell(b!.studentId, physics, null)], good.json().data.versions);
    expect(cleared.json().data).toMatchObject({ saved: 0, cleared: 1 });
    expect(await stored(b!.studentId, physics)).toEqual([]);
  });

  it('refuses a subject the teacher does not enter, a class outside the batch and callers without the page', async () => {
    // A teacher of the grade who leads no class of it enters only what they teach.
    const teacher = await one<{ account: string; courseId: number; classId: number }>(sql`
      SELECT st.staff_number AS account, te.course_id AS "courseId", te.class_id AS "classId" FROM timetable_entries te JOIN terms tm ON tm.id = te.term_id AND tm.is_current
      JOIN staff st ON st.id = te.teacher_id JOIN courses co ON co.id = te.course_id
      WHERE te.class_id = ${fx.classTwo} AND co.code IN ('maths', 'physics', 'chemistry')
        AND NOT EXISTS (SELECT 1 FROM classes c WHERE c.class_teacher_id = st.id)
        AND NOT EXISTS (SELECT 1 FROM timetable_entries t2 WHERE t2.term_id = te.term_id AND t2.teacher_id = st.id AND t2.class_id = te.class_id AND t2.course_id = ${fx.courses.chinese})
      LIMIT 1`);
    // Staff outside the demo accounts have no password yet: give this one the demo password.
    await t.database.db.execute(sql`UPDATE users SET password_hash = ${await hashPassword(teacher.account, DEMO_PASSWORD, t.config.argon2)} WHERE account = ${teacher.account}`);
    const token = await t.login(teacher.account);
    const as = (url: string, body: unknown) => t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: token, ...EN }, payload: body as object });
    const sheet = (await as('/api/scores/entry/sheet', { batchId: fx.midterm, classId: fx.classTwo })).json().data;
    expect(sheet.subjects.map((s: { courseId: number }) => s.courseId)).toContain(teacher.courseId);
    expect(sheet.subjects.map((s: { courseId: number }) => s.courseId)).not.toContain(fx.courses.chinese);
    const student = sheet.rows[0].studentId;
    const refused = await as('/api/scores/entry/save', { batchId: fx.midterm, classId: fx.classTwo, versions: {}, cells: [{ studentId: student, courseId: fx.courses.chinese, score: 80, mark: null }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('You do not enter 语文 of 初二(2)班');

    const outside = await one<{ id: number }>(sql`SELECT c.id FROM classes c JOIN grades g ON g.id = c.grade_id WHERE g.sort = 7 LIMIT 1`);
    expect((await call('/api/scores/entry/sheet', { batchId: fx.midterm, classId: outside.id }, 'admin', EN)).json().msg).toBe('This class does not sit this batch');
    expect((await call('/api/scores/entry/sheet', { batchId: fx.midterm, classId: fx.classOne }, '201911001')).statusCode).toBe(403);
  });

  it('refuses every save outside the entry window, once released, or when the batch is disabled', async () => {
    const sheet = await sheetOf('admin');
    const student = sheet.rows[3].studentId;
    const save = (headers: Record<string, string> = EN) =>
      call('/api/scores/entry/save', { batchId: fx.midterm, classId: fx.classOne, versions: versionsOf(sheet), cells: [{ studentId: student, courseId: fx.courses.chemistry, score: 70, mark: null }] }, 'admin', headers);
    try {
      await t.database.db.execute(sql`UPDATE score_batches SET entry_end = now() - interval '1 hour' WHERE id = ${fx.midterm}`);
      const late = await save();
      expect(late.statusCode).toBe(409);
      expect(late.json().msg).toBe('Exam time is outside the allowed entry time');
      expect((await save({})).json().msg).toBe('考试时间不在允许录入时间内');
      const options = (await call('/api/scores/entry/options', {})).json().data;
      expect(options.batches.find((b: { id: number }) => b.id === fx.midterm)).toMatchObject({ open: false, closedReason: 'window' });
      await t.database.db.execute(sql`UPDATE score_batches SET entry_end = now() + interval '1 day', enabled = false WHERE id = ${fx.midterm}`);
      expect((await save()).json().msg).toBe('初二期中考试成绩 is not enabled');
      await t.database.db.execute(sql`UPDATE score_batches SET enabled = true, released = true WHERE id = ${fx.midterm}`);
      expect((await save()).json().msg).toBe('初二期中考试成绩 is released: its scores can no longer change');
      expect(await stored(student, fx.courses.chemistry)).toEqual([]);
    } finally {
      await t.database.db.execute(sql`UPDATE score_batches SET enabled = true, released = false, entry_end = now() + interval '1 day' WHERE id = ${fx.midterm}`);
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('tells the second of two simultaneous saves of one sheet to retry', async () => {
    const other = await openDatabase({ databaseUrl: t.config.databaseUrl!, dataDir: 'memory://', poolSize: 1 });
    try {
      const sheet = await sheetOf('admin');
      const body = { batchId: fx.midterm, classId: fx.classOne, versions: versionsOf(sheet), cells: [{ studentId: sheet.rows[5].studentId, courseId: fx.courses.chemistry, score: 66, mark: null }] };
      // The first save holds the sheet (as a save in progress in another process would).
      await other.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('score-sheet'), hashtext(${`${fx.midterm}:${fx.classOne}`}))`);
        const second = await call('/api/scores/entry/save', body, 'admin', EN);
        expect(second.statusCode).toBe(409);
        expect(second.json().msg).toBe("Current term's data is being operated by several people, retry later");
      });
      expect((await call('/api/scores/entry/save', body, 'admin', EN)).json().result).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('exports the sheet as Excel and imports it back: every bad cell reported and nothing saved, then the good file saved', async () => {
    const exported = await t.inject({ method: 'GET', url: `/api/scores/entry/workbook?batchId=${fx.midterm}&classId=${fx.classOne}`, headers: { [t.config.tokenHeader]: tokens.admin!, ...EN } });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0]!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 2)).toEqual(['Student number', 'Name']);
    expect(headers).toContain('English-听力');
    const column = (name: string) => headers.indexOf(name) + 1;
    const number = String(ws.getRow(2).getCell(1).value);
    const student = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number = ${number}`);

    const send = async (book: ExcelJS.Workbook) => {
      const boundary = 'scoreimportboundary';
      const content = Buffer.from(await book.xlsx.writeBuffer());
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scores.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.inject({
        method: 'POST',
        url: `/api/scores/entry/import?batchId=${fx.midterm}&classId=${fx.classOne}`,
        headers: { [t.config.tokenHeader]: tokens.admin!, 'content-type': `multipart/form-data; boundary=${boundary}`, ...EN },
        payload,
      });
    };
    ws.getRow(2).getCell(column('Chemistry')).value = 77;
    ws.getRow(3).getCell(column('Chemistry')).value = 130;
    ws.getRow(4).getCell(column('Chemistry')).value = 'maybe';
    const bad = await send(workbook);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('The sheet has errors: nothing was saved');
    expect(bad.json().data.errors).toEqual([
      { row: 3, column: 'Chemistry', message: 'Enter a number from 0 to 100 with at most two decimals, Absent or Exempt' },
      { row: 4, column: 'Chemistry', message: 'Enter a number from 0 to 100 with at most two decimals, Absent or Exempt' },
    ]);
    expect(await stored(student.id, fx.courses.chemistry)).toEqual([]);

    ws.getRow(3).getCell(column('Chemistry')).value = '缺考';
    ws.getRow(4).getCell(column('Chemistry')).value = null;
    const good = await send(workbook);
    expect(good.json()).toMatchObject({ result: true, data: { saved: 2, cleared: 0 } });
    expect(await stored(student.id, fx.courses.chemistry)).toEqual([{ score: '77.00', mark: null, parts: null }]);
  });
});
