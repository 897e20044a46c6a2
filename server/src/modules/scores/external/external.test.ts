import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { 'accept-language': 'en', cookie: 'language=en' };
const BASE = '/api/scores/external';

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
  term: number;
  g8: number;
  g9: number;
  courses: Record<string, number>;
  /** Students at school of 初二 (by class and number) and one of 初三. */
  eighth: { id: number; name: string; studentNumber: string; classId: number }[];
  ninth: { id: number; name: string };
}
let fx: Fixture;

beforeAll(async () => {
  const grade = async (code: string) => (await one<{ id: number }>(sql`SELECT id FROM grades WHERE code = ${code}`)).id;
  const [g8, g9] = [await grade('G08'), await grade('G09')];
  fx = {
    term: (await one<{ id: number }>(sql`SELECT id FROM terms WHERE is_current`)).id,
    g8,
    g9,
    courses: Object.fromEntries((await rows<{ id: number; code: string }>(sql`SELECT id, code FROM courses`)).map((row) => [row.code, row.id])),
    eighth: await rows(sql`
      SELECT s.id, s.name, s.student_number AS "studentNumber", s.class_id AS "classId" FROM students s JOIN classes c ON c.id = s.class_id
      WHERE c.grade_id = ${g8} AND s.in_school_status = '1' ORDER BY c.sort, s.student_number`),
    ninth: await one(sql`SELECT s.id, s.name FROM students s JOIN classes c ON c.id = s.class_id WHERE c.grade_id = ${g9} AND s.in_school_status = '1' ORDER BY s.student_number LIMIT 1`),
  };
});

const form = (overrides: Record<string, unknown> = {}) => ({
  termId: fx.term,
  gradeId: fx.g8,
  name: `2026年冬季区联考（初二）${Math.floor(Math.random() * 1e6)}`,
  organiser: '区教育局',
  examDate: '2026-12-10',
  remarks: '',
  subjects: [
    { courseId: fx.courses.maths, fullMark: 120 },
    { courseId: fx.courses.physics, fullMark: 100 },
  ],
  ...overrides,
});

async function createExam(overrides: Record<string, unknown> = {}): Promise<{ id: number; body: ReturnType<typeof form> }> {
  const body = form(overrides);
  const created = await call(`${BASE}/create`, body);
  expect(created.json()).toMatchObject({ result: true });
  return { id: created.json().data.id, body };
}

const stored = (examId: number) =>
  rows<{ studentId: number; scores: Record<string, { score: number | null; mark: string | null }>; districtRank: number | null }>(
    sql`SELECT student_id AS "studentId", scores, district_rank AS "districtRank" FROM external_exam_results WHERE exam_id = ${examId} ORDER BY student_id`,
  );

const cell = (score: number | null, mark: string | null = null) => ({ score, mark });

describe('external exams (校外成绩)', () => {
  it("the demo has 初二's district exam released with every student's scores and place, 初三's mock half entered", async () => {
    const list = await call(`${BASE}/page`, { currPage: 0, limit: 20, search: { termId: fx.term } });
    expect(list.statusCode).toBe(200);
    const exams = list.json().data.rows as { name: string; released: boolean; entered: number; students: number; subjects: { courseName: string; fullMark: number }[]; gradeName: string }[];
    const district = exams.find((row) => row.name === '2026年秋季区统考（初二）')!;
    expect(district).toMatchObject({ released: true, organiser: '区教育局', examDate: '2026-11-06', gradeName: '初二' });
    expect(district.subjects.map((s) => [s.courseName, s.fullMark])).toEqual([['语文', 120], ['数学', 120], ['英语', 120], ['物理', 100]]);
    expect(district.entered).toBe(district.students);
    expect(district.students).toBe(fx.eighth.length);
    expect(exams.find((row) => row.name === '2027届初三中考一模')).toMatchObject({ released: false, gradeName: '初三' });
    // Last term's exam is not of this term.
    expect(exams.some((row) => row.name === '2026年春季市学业质量监测（初二）')).toBe(false);
    const keyword = (await call(`${BASE}/page`, { currPage: 0, limit: 20, search: { keyword: '市教育考试院' } })).json().data;
    expect(keyword.rows.map((row: { name: string }) => row.name)).toEqual(['2027届初三中考一模']);

    const options = (await call(`${BASE}/options`, {}, 'admin', EN)).json().data;
    expect(options.courses.map((c: { name: string }) => c.name)).toContain('Mathematics');
    expect(options.classes.filter((c: { gradeId: number }) => c.gradeId === fx.g8)).toHaveLength(3);
    expect(options.terms.some((term: { isCurrent: boolean }) => term.isCurrent)).toBe(true);

    // The district exam's scores are about 70 % of the full mark; the best total has the best place.
    const districtGrid = (await call(`${BASE}/scores`, { examId: (district as unknown as { id: number }).id, currPage: 0, limit: 500, sortField: 'districtRank', order: 'asc' })).json().data;
    const totals = districtGrid.rows.map((row: { total: number | null }) => row.total ?? 0) as number[];
    const average = totals.reduce((sum, total) => sum + total, 0) / totals.length / 460;
    expect(average).toBeGreaterThan(0.6);
    expect(average).toBeLessThan(0.8);
    expect(totals[0]).toBe(Math.max(...totals));
    const places = districtGrid.rows.map((row: { districtRank: number | null }) => row.districtRank) as number[];
    expect(places.every((place) => place >= 1 && place <= 3000)).toBe(true);

    // The grid of the mock: Chinese and maths of everyone, English of the first class only, no places.
    const mock = exams.find((row) => row.name === '2027届初三中考一模') as unknown as { id: number; subjects: { courseId: number }[] };
    const grid = (await call(`${BASE}/scores`, { examId: mock.id, currPage: 0, limit: 500 })).json().data;
    expect(grid.rows.every((row: { cells: Record<string, unknown> }) => row.cells[String(fx.courses.chinese)])).toBe(true);
    expect(grid.rows.filter((row: { cells: Record<string, unknown> }) => row.cells[String(fx.courses.english)]).length).toBeLessThan(grid.rows.length);
    expect(grid.rows.every((row: { cells: Record<string, unknown>; districtRank: number | null }) => !row.cells[String(fx.courses.physics)] && row.districtRank === null)).toBe(true);

    // Staff without the page, students and parents are refused.
    for (const account of ['T0001', '201911001', 'jz201911001']) expect((await call(`${BASE}/page`, { currPage: 0, limit: 10 }, account)).statusCode).toBe(403);
  });

  it('refuses a bad form, a name taken in the term, a released exam and a scored subject', async () => {
    const missing = await call(`${BASE}/create`, form({ organiser: ' ' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('请填写组织单位（如区教育局）');
    expect((await call(`${BASE}/create`, form({ organiser: '' }), 'admin', EN)).json().msg).toBe('Enter who held the exam (e.g. the district education bureau)');
    expect((await call(`${BASE}/create`, form({ subjects: [] }), 'admin', EN)).json().msg).toBe('Add at least one subject');
    expect((await call(`${BASE}/create`, form({ examDate: '2026/12/10' }), 'admin', EN)).json().msg).toBe('Enter the exam date (YYYY-MM-DD)');
    expect((await call(`${BASE}/create`, form(), 'T0001')).statusCode).toBe(403);

    const body = form();
    const created = await call(`${BASE}/create`, body, 'admin', EN);
    expect(created.json()).toMatchObject({ result: true, msg: `${body.name} is saved` });
    const id = created.json().data.id as number;
    const taken = await call(`${BASE}/create`, form({ name: body.name }), 'admin', EN);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe(`The term already has an external exam named ${body.name}`);
    const row = (await call(`${BASE}/get`, { id })).json().data;
    expect(row).toMatchObject({ name: body.name, organiser: '区教育局', examDate: '2026-12-10', released: false, releasedAt: null, entered: 0, students: fx.eighth.length, gradeName: '初二' });
    expect(row.subjects).toEqual([
      { courseId: fx.courses.maths, courseName: '数学', fullMark: 120 },
      { courseId: fx.courses.physics, courseName: '物理', fullMark: 100 },
    ]);

    // A subject with scores stays, and its full mark does not fall below a score.
    const student = fx.eighth[0]!;
    expect((await call(`${BASE}/saveScores`, { examId: id, rows: [{ studentId: student.id, cells: { [fx.courses.maths]: cell(99) }, districtRank: 12 }] })).json().result).toBe(true);
    const dropped = await call(`${BASE}/update`, { ...body, id, subjects: body.subjects.slice(1) }, 'admin', EN);
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json().msg).toBe('Mathematics already has scores and cannot be removed');
    const lowered = await call(`${BASE}/update`, { ...body, id, subjects: [{ courseId: fx.courses.maths, fullMark: 90 }, body.subjects[1]] }, 'admin', EN);
    expect(lowered.json().msg).toBe(`${student.name}, Mathematics: 99 is over the full mark 90`);
    const regraded = await call(`${BASE}/update`, { ...body, id, gradeId: fx.g9 }, 'admin', EN);
    expect(regraded.json().msg).toBe(`${student.name} is not a student of Grade 9`);
    // Physics has no score: it goes; a subject is added; the name changes.
    const changed = await call(`${BASE}/update`, { ...body, id, name: `${body.name}改`, subjects: [{ courseId: fx.courses.chinese, fullMark: 150 }, body.subjects[0]] });
    expect(changed.json()).toMatchObject({ result: true, msg: `${body.name}改已保存` });
    expect((await call(`${BASE}/get`, { id })).json().data.subjects.map((s: { courseId: number }) => s.courseId)).toEqual([fx.courses.chinese, fx.courses.maths]);

    // Released: neither changed nor deleted until the release is cancelled.
    const released = await call(`${BASE}/release`, { ids: [id], released: true }, 'admin', EN);
    expect(released.json()).toMatchObject({ result: true, msg: '1 exams are released to students and parents', data: { count: 1 } });
    expect((await call(`${BASE}/get`, { id })).json().data.releasedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const locked = await call(`${BASE}/update`, { ...body, id, name: `${body.name}改` }, 'admin', EN);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().msg).toBe(`${body.name}改 is released: cancel the release to change it`);
    expect((await call(`${BASE}/delete`, { ids: [id] })).statusCode).toBe(409);
    expect((await call(`${BASE}/delete`, { ids: [id] }, 'T0001')).statusCode).toBe(403);
    expect((await call(`${BASE}/release`, { ids: [id], released: false }, 'admin', EN)).json().msg).toBe('1 exams are hidden from students and parents again');
    expect((await call(`${BASE}/delete`, { ids: [id] })).json().result).toBe(true);
    expect(await stored(id)).toEqual([]);
  });

  it('saves rows of the grid, refusing the whole save for a released exam, a student of another grade, a strange course or a score over the full mark', async () => {
    const { id } = await createExam();
    const [a, b, c] = fx.eighth;
    const save = (body: unknown, headers: Record<string, string> = EN) => call(`${BASE}/saveScores`, body, 'admin', headers);
    const good = { studentId: a!.id, cells: { [fx.courses.maths]: cell(101.5), [fx.courses.physics]: cell(null, 'absent') }, districtRank: 35 };

    const over = await save({ examId: id, rows: [good, { studentId: b!.id, cells: { [fx.courses.physics]: cell(100.5) }, districtRank: null }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toBe(`${b!.name}, Physics: 100.5 is over the full mark 100`);
    const zh = await save({ examId: id, rows: [{ studentId: b!.id, cells: { [fx.courses.physics]: cell(100.5) }, districtRank: null }] }, {});
    expect(zh.json().msg).toBe(`${b!.name}，物理：100.5 超过满分 100`);
    const stranger = await save({ examId: id, rows: [good, { studentId: fx.ninth.id, cells: { [fx.courses.maths]: cell(80) }, districtRank: null }] });
    expect(stranger.json().msg).toBe(`${fx.ninth.name} is not a student of Grade 8`);
    const course = await save({ examId: id, rows: [good, { studentId: b!.id, cells: { [fx.courses.chemistry]: cell(80) }, districtRank: null }] });
    expect(course.statusCode).toBe(400);
    expect((await save({ examId: id, rows: [{ ...good, cells: { [fx.courses.maths]: cell(88.125) } }] })).json().msg).toBe('A score is a number from 0 with at most two decimals');
    expect((await save({ examId: id, rows: [{ ...good, districtRank: 0 }] })).json().msg).toBe('A place is a whole number from 1');
    expect((await save({ examId: id, rows: [{ ...good, cells: { [fx.courses.maths]: cell(80, 'absent') } }] })).json().msg).toBe('A cell holds either a score or an absent or exempt mark');
    expect((await save({ examId: id, rows: [] })).json().msg).toBe('Nothing has changed');
    expect((await call(`${BASE}/saveScores`, { examId: id, rows: [good] }, 'T0001')).statusCode).toBe(403);
    expect(await stored(id)).toEqual([]);

    const saved = await save({ examId: id, rows: [good, { studentId: b!.id, cells: { [fx.courses.maths]: cell(90), [fx.courses.physics]: cell(72.25) }, districtRank: 20 }, { studentId: c!.id, cells: {}, districtRank: null }] });
    expect(saved.json()).toMatchObject({ result: true, msg: 'Scores of 3 students are saved', data: { saved: 3 } });
    expect(await stored(id)).toEqual(
      [
        { studentId: a!.id, scores: { [fx.courses.maths]: { score: 101.5, mark: null }, [fx.courses.physics]: { score: null, mark: 'absent' } }, districtRank: 35 },
        { studentId: b!.id, scores: { [fx.courses.maths]: { score: 90, mark: null }, [fx.courses.physics]: { score: 72.25, mark: null } }, districtRank: 20 },
      ].sort((x, y) => x.studentId - y.studentId),
    );

    // The grid: the grade's students with their cells, total and place; a class and a keyword narrow it.
    const grid = (await call(`${BASE}/scores`, { examId: id, currPage: 0, limit: 500 })).json().data;
    expect(grid.total).toBe(fx.eighth.length);
    expect(grid.exam.entered).toBe(2);
    const rowOf = (studentId: number) => grid.rows.find((row: { studentId: number }) => row.studentId === studentId);
    expect(rowOf(a!.id)).toMatchObject({ total: 101.5, districtRank: 35, className: '初二(1)班' });
    expect(rowOf(a!.id).updatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(rowOf(b!.id)).toMatchObject({ total: 162.25, districtRank: 20 });
    expect(rowOf(c!.id)).toMatchObject({ cells: {}, total: null, districtRank: null, updatedAt: null });
    const byKeyword = (await call(`${BASE}/scores`, { examId: id, keyword: b!.studentNumber, currPage: 0, limit: 20 })).json().data;
    expect(byKeyword.rows.map((row: { studentId: number }) => row.studentId)).toEqual([b!.id]);
    const byName = (await call(`${BASE}/scores`, { examId: id, keyword: a!.name, currPage: 0, limit: 20 })).json().data;
    expect(byName.rows.map((row: { studentId: number }) => row.studentId)).toContain(a!.id);
    const classTwo = fx.eighth.find((s) => s.classId !== a!.classId)!.classId;
    const otherClass = (await call(`${BASE}/scores`, { examId: id, classId: classTwo, currPage: 0, limit: 500 })).json().data;
    expect(otherClass.rows.every((row: { className: string }) => row.className !== '初二(1)班')).toBe(true);
    expect(otherClass.total).toBe(fx.eighth.filter((s) => s.classId === classTwo).length);
    const byPlace = (await call(`${BASE}/scores`, { examId: id, currPage: 0, limit: 2, sortField: 'districtRank', order: 'asc' })).json().data;
    expect(byPlace.rows.map((row: { studentId: number }) => row.studentId)).toEqual([b!.id, a!.id]);

    // A row emptied removes the student's result.
    expect((await save({ examId: id, rows: [{ studentId: a!.id, cells: {}, districtRank: null }] })).json().result).toBe(true);
    expect((await stored(id)).map((row) => row.studentId)).toEqual([b!.id]);

    // Released: nothing is saved.
    expect((await call(`${BASE}/release`, { ids: [id], released: true })).json().result).toBe(true);
    const refused = await save({ examId: id, rows: [good] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/is released: cancel the release to change it$/);
    expect((await stored(id)).map((row) => row.studentId)).toEqual([b!.id]);
  });

  it("downloads the template and imports the organiser's Excel: every bad row listed and nothing saved, then the good file saved", async () => {
    const { id } = await createExam();
    const template = await t.inject({ method: 'GET', url: `${BASE}/template?examId=${id}`, headers: { [t.config.tokenHeader]: tokens.admin!, ...EN } });
    expect(template.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Student number', 'Name', 'Mathematics (120)', 'Physics (100)', 'Place']);
    expect(ws.rowCount).toBe(fx.eighth.length + 1);
    expect(String(ws.getRow(2).getCell(1).value)).toBe(fx.eighth[0]!.studentNumber);
    const zhTemplate = await t.inject({ method: 'GET', url: `${BASE}/template?examId=${id}`, headers: { [t.config.tokenHeader]: tokens.admin! } });
    const zhBook = new ExcelJS.Workbook();
    await zhBook.xlsx.load(zhTemplate.rawPayload as unknown as ArrayBuffer);
    expect((zhBook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(['学号', '姓名', '数学（120）', '物理（100）', '名次']);
    expect((await t.inject({ method: 'GET', url: `${BASE}/template?examId=${id}`, headers: { [t.config.tokenHeader]: tokens.T0001! } })).statusCode).toBe(403);

    const send = async (book: ExcelJS.Workbook, account = 'admin') => {
      const boundary = 'externalimportboundary';
      const content = Buffer.from(await book.xlsx.writeBuffer());
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="organiser.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.inject({
        method: 'POST',
        url: `${BASE}/import?examId=${id}`,
        headers: { [t.config.tokenHeader]: tokens[account]!, 'content-type': `multipart/form-data; boundary=${boundary}`, ...EN },
        payload,
      });
    };
    /** The organiser's own file: its headings in Chinese, the subjects without full marks, a total column of its own. */
    const organiser = (lines: unknown[][], headings: string[] = ['学号', '姓名', '班级', '数学', '物理（100）', '总分', '名次']) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('成绩');
      sheet.addRow(headings);
      for (const line of lines) sheet.addRow(line);
      return book;
    };
    const [a, b, c, d] = fx.eighth;
    const bad = await send(
      organiser([
        [a!.studentNumber, a!.name, '', 110, 95.5, 205.5, 12],
        ['999999999', '某某', '', 80, 80, 160, 13],
        [b!.studentNumber, b!.name, '', 130, 'maybe', null, 14],
        [c!.studentNumber, c!.name, '', 88.125, '缺考', null, '1.5'],
        [a!.studentNumber, a!.name, '', 100, 90, 190, 15],
        [],
        [d!.studentNumber, d!.name, '', 'Exempt', 60, 60, null],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ result: false, msg: 'The sheet has errors: nothing was saved' });
    expect(bad.json().data.errors).toEqual([
      { row: 3, column: 'Student number', message: 'No student of the grade has the number 999999999' },
      { row: 4, column: 'Mathematics (120)', message: 'Mathematics: 130 is not a score from 0 to 120 with at most two decimals, nor Absent / Exempt' },
      { row: 4, column: 'Physics (100)', message: 'Physics: maybe is not a score from 0 to 100 with at most two decimals, nor Absent / Exempt' },
      { row: 5, column: 'Mathematics (120)', message: 'Mathematics: 88.125 is not a score from 0 to 120 with at most two decimals, nor Absent / Exempt' },
      { row: 5, column: 'Place', message: 'The place 1.5 is not a whole number from 1' },
      { row: 6, column: 'Student number', message: `Student number ${a!.studentNumber} is listed twice` },
    ]);
    expect(await stored(id)).toEqual([]);

    const headings = await send(organiser([[a!.studentNumber, 100]], ['考号', '分数']));
    expect(headings.statusCode).toBe(400);
    expect(headings.json().msg).toBe("The first row must be the template's headings: student number, name, then the subjects and the place");
    expect(headings.json().data.errors).toEqual([{ row: 1, column: '', message: headings.json().msg }]);
    const empty = await send(organiser([]));
    expect(empty.json().msg).toBe('The file has no rows of scores');
    expect((await send(organiser([[a!.studentNumber, a!.name, '', 110, 95.5, 205.5, 12]]), 'T0001')).statusCode).toBe(403);
    expect(await stored(id)).toEqual([]);

    const good = await send(
      organiser([
        [a!.studentNumber, a!.name, '', 110, 95.5, 205.5, 12],
        [b!.studentNumber, b!.name, '', '120', '缺考', null, 14],
        [c!.studentNumber, c!.name, '', 'exempt', '', null, null],
      ]),
    );
    expect(good.json()).toMatchObject({ result: true, msg: 'Scores of 3 students are saved', data: { saved: 3, errors: [] } });
    const byStudent = new Map((await stored(id)).map((row) => [row.studentId, row]));
    expect(byStudent.get(a!.id)).toMatchObject({ scores: { [fx.courses.maths]: { score: 110, mark: null }, [fx.courses.physics]: { score: 95.5, mark: null } }, districtRank: 12 });
    expect(byStudent.get(b!.id)).toMatchObject({ scores: { [fx.courses.maths]: { score: 120, mark: null }, [fx.courses.physics]: { score: null, mark: 'absent' } }, districtRank: 14 });
    expect(byStudent.get(c!.id)).toMatchObject({ scores: { [fx.courses.maths]: { score: null, mark: 'exempt' } }, districtRank: null });

    // The same file again changes nothing; the template now carries what is entered.
    expect((await send(organiser([[a!.studentNumber, a!.name, '', 110, 95.5, 205.5, 12]]))).json().data.saved).toBe(0);
    const filled = await t.inject({ method: 'GET', url: `${BASE}/template?examId=${id}`, headers: { [t.config.tokenHeader]: tokens.admin!, ...EN } });
    const again = new ExcelJS.Workbook();
    await again.xlsx.load(filled.rawPayload as unknown as ArrayBuffer);
    const line = (again.worksheets[0]!.getRow(3).values as unknown[]).slice(1);
    expect(line).toEqual([b!.studentNumber, b!.name, 120, 'Absent', 14]);
  });

  it('shows the family their released exams only: a parent their child, a student themselves; staff and other children refused', async () => {
    const mine = async (account: string, body: Record<string, unknown> = {}) => (await call(`${BASE}/mine`, body, account, EN)).json().data as { name: string; organiser: string; examDate: string; subjects: { courseName: string; fullMark: number; score: number | null; mark: string | null }[]; total: number | null; totalFull: number; districtRank: number | null }[];
    const parent = await mine('jz201911001');
    expect(parent.map((exam) => exam.name)).toEqual(['2026年秋季区统考（初二）', '2026年春季市学业质量监测（初二）']);
    const district = parent[0]!;
    expect(district).toMatchObject({ organiser: '区教育局', examDate: '2026-11-06', totalFull: 460 });
    expect(district.subjects.map((s) => [s.courseName, s.fullMark])).toEqual([['Chinese', 120], ['Mathematics', 120], ['English', 120], ['Physics', 100]]);
    const scores = district.subjects.flatMap((s) => (s.score === null ? [] : [s.score]));
    expect(district.total).toBeCloseTo(scores.reduce((sum, score) => sum + score, 0), 2);
    expect(district.districtRank).toBeGreaterThanOrEqual(1);
    expect(district.districtRank).toBeLessThanOrEqual(3000);
    expect((await mine('201911001')).map((exam) => exam.name)).toEqual(parent.map((exam) => exam.name));

    // Hidden again once its release is cancelled.
    const exam = await one<{ id: number }>(sql`SELECT id FROM external_exams WHERE name = '2026年秋季区统考（初二）'`);
    expect((await call(`${BASE}/release`, { ids: [exam.id], released: false })).json().result).toBe(true);
    try {
      expect((await mine('jz201911001')).map((one) => one.name)).toEqual(['2026年春季市学业质量监测（初二）']);
    } finally {
      expect((await call(`${BASE}/release`, { ids: [exam.id], released: true })).json().result).toBe(true);
    }

    const own = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number = '201911001'`);
    expect((await call(`${BASE}/mine`, { studentId: own.id }, 'jz201911001')).statusCode).toBe(200);
    const stranger = fx.eighth.find((s) => s.studentNumber !== '201911001')!;
    expect((await call(`${BASE}/mine`, { studentId: stranger.id }, 'jz201911001')).statusCode).toBe(403);
    expect((await call(`${BASE}/mine`, { studentId: stranger.id }, '201911001')).statusCode).toBe(403);
    // A teacher does not hold the transcripts; an administrator reads the student they choose.
    expect((await call(`${BASE}/mine`, {}, 'T0002')).statusCode).toBe(403);
    expect((await call(`${BASE}/mine`, {}, 'admin')).statusCode).toBe(400);
    expect((await call(`${BASE}/mine`, { studentId: stranger.id }, 'admin')).statusCode).toBe(200);
  });
});
