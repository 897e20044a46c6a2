import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, loginDemoAccounts, teacherOutsideDemoClass } from '../../../../test/helpers.ts';
import { queryRows } from '../../../db/client.ts';
import { schoolToday, weekOfDate } from './service.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
/** A teacher who neither teaches nor leads 初二(1)班, the demo student's class. */
let outsider: string;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await loginDemoAccounts(t));
  outsider = await teacherOutsideDemoClass(t);
});
afterAll(() => t.close());

const call = async (url: string, account: string, body?: Record<string, string>, language?: 'en') => {
  const response = await t.post(url, body, { token: tokens[account], headers: language ? { cookie: 'language=en' } : undefined });
  return { status: response.statusCode, body: response.json() };
};

type Cell = { zc: number; jc: number; kcmc: string; bq1: string; rkjsmc: string; rkjs: string; jsmc: string; bjmc: string };
type Elective = { x: number; y: number; name: string };

describe('POST /pk/initZcJc', () => {
  it('answers the teaching days and the periods with their time spans, in the caller language', async () => {
    const zh = await call('/pk/initZcJc', '201911001');
    expect(zh.body.result).toBe(true);
    expect(zh.body.data.zc).toEqual([
      { CODE: 1, NAME: '星期一' }, { CODE: 2, NAME: '星期二' }, { CODE: 3, NAME: '星期三' }, { CODE: 4, NAME: '星期四' }, { CODE: 5, NAME: '星期五' },
    ]);
    expect(zh.body.data.jc).toHaveLength(8);
    expect(zh.body.data.jc[0]).toEqual({ PX: 1, MC: '第一节', SKSJD: '08:00-08:45' });
    const en = await call('/pk/initZcJc', '201911001', undefined, 'en');
    expect(en.body.data.zc[0]).toEqual({ CODE: 1, NAME: 'Monday' });
    expect(en.body.data.jc[7]).toEqual({ PX: 8, MC: 'Period 8', SKSJD: '16:45-17:30' });
  });

  it('needs a session', async () => {
    const response = await t.post('/pk/initZcJc');
    expect(response.json()).toMatchObject({ result: false, code: 50014 });
  });
});

describe('POST /pk/initXnxq', () => {
  it('lists the terms newest first with only the current one marked', async () => {
    const { body } = await call('/pk/initXnxq', 'jz201911001');
    expect(body.data.xnxq.map((term: { D_ID_: string }) => term.D_ID_)).toEqual(['2026-2027-2', '2026-2027-1', '2025-2026-2', '2025-2026-1']);
    expect(body.data.xnxq.filter((term: { DQXQ: string }) => term.DQXQ === '1')).toEqual([{ D_ID_: '2026-2027-1', MC: '2026-2027学年第一学期', DQXQ: '1' }]);
    expect(body.data.xnxq[0].DQXQ).toBe('0');
    const en = await call('/pk/initXnxq', 'jz201911001', undefined, 'en');
    expect(en.body.data.xnxq[1].MC).toBe('2026-2027 first term');
  });
});

describe('POST /pk/initXnxqZc', () => {
  it('answers the week count and the current week of the current term', async () => {
    const { body } = await call('/pk/initXnxqZc', 'T0001', { xnxq: '2026-2027-1' });
    const expected = weekOfDate({ startDate: '2026-08-31', endDate: '2027-01-22', weekCount: 21 }, schoolToday());
    expect(body).toMatchObject({ result: true, data: { zs: 21, dqzs: expected } });
  });

  it('answers week 0 for a term today is not in', async () => {
    const { body } = await call('/pk/initXnxqZc', 'T0001', { xnxq: '2025-2026-1' });
    expect(body.data).toEqual({ zs: 21, dqzs: 0 });
  });

  it('refuses a missing or unknown term', async () => {
    const missing = await call('/pk/initXnxqZc', 'T0001', {});
    expect(missing).toMatchObject({ status: 400, body: { result: false, data: null, msg: '请选择学年学期' } });
    const unknown = await call('/pk/initXnxqZc', 'T0001', { xnxq: '1999-2000-1' }, 'en');
    expect(unknown).toMatchObject({ status: 404, body: { result: false, data: null, msg: 'The school term does not exist' } });
  });
});

describe('weekOfDate', () => {
  const term = { startDate: '2026-08-31', endDate: '2027-01-22', weekCount: 21 };
  it('counts seven-day weeks from the start date and caps at the week count', () => {
    expect(weekOfDate(term, '2026-08-30')).toBe(0);
    expect(weekOfDate(term, '2026-08-31')).toBe(1);
    expect(weekOfDate(term, '2026-09-06')).toBe(1);
    expect(weekOfDate(term, '2026-09-07')).toBe(2);
    expect(weekOfDate({ ...term, weekCount: 19 }, '2027-01-22')).toBe(19);
    expect(weekOfDate(term, '2027-01-23')).toBe(0);
  });
  it('reads today in the school time zone', () => {
    expect(schoolToday(new Date('2026-08-30T16:30:00Z'))).toBe('2026-08-31');
    expect(schoolToday(new Date('2026-08-30T15:30:00Z'))).toBe('2026-08-30');
  });
});

describe('POST /mobileKb/getZsByRq', () => {
  it.each([
    ['2026-08-31', 1],
    ['2026-09-06', 1],
    ['2026-09-07', 2],
    ['2026-11-22', 12],
    ['2026-02-23', 1],
    ['2026-08-15', 0],
  ])('%s is week %i', async (rq, week) => {
    const { body } = await call('/mobileKb/getZsByRq', '201911001', { rq });
    expect(body).toMatchObject({ result: true, data: week });
  });

  it.each([
    [{}, '请提供日期'],
    [{ rq: '2026-02-30' }, '日期格式不正确，应为YYYY-MM-DD'],
    [{ rq: '31.08.2026' }, '日期格式不正确，应为YYYY-MM-DD'],
  ])('refuses %j', async (payload, msg) => {
    expect(await call('/mobileKb/getZsByRq', '201911001', payload)).toMatchObject({ status: 400, body: { result: false, msg } });
  });
});

describe('POST /pk/queryPkInfoFb', () => {
  const query = (account: string, id: string, type: string, zs: string, language?: 'en') =>
    call('/pk/queryPkInfoFb', account, { id, xnxq: '2026-2027-1', type, zs }, language);

  it("answers a teacher's week: their lessons in every class they teach and their electives", async () => {
    const { body } = await query('T0002', 'T0001', '3', '3');
    expect(body.result).toBe(true);
    const cells: Cell[] = body.data.data;
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.every((c) => c.rkjsmc === '王建国' && c.kcmc === '数学')).toBe(true);
    // The classes they teach and the teaching class (教学班) they give.
    expect(new Set(cells.map((c) => c.bjmc))).toEqual(new Set(['初二(1)班', '六年级(3)班', '初二数学A层']));
    expect(cells).toContainEqual({ zc: 2, jc: 6, kcmc: '数学', bq1: '', rkjsmc: '王建国', rkjs: 'T0001', jsmc: '东校区致远楼081室', bjmc: '初二(1)班' });
    // Nobody is in two rooms at once.
    expect(new Set(cells.map((c) => `${c.zc}-${c.jc}`)).size).toBe(cells.length);
    const electives: Elective[] = body.data.xxk;
    expect(electives.length).toBeGreaterThan(0);
    expect(electives.every((e) => e.x === 4 && e.y === 8 && e.name.endsWith('(王建国)'))).toBe(true);
    expect(body.data.zxs).toBe(cells.length + electives.length);
    // The electives run from week 3: in week 1 the teacher has none.
    const first = await query('T0002', 'T0001', '3', '1');
    expect(first.body.data.xxk).toEqual([]);
    expect(first.body.data.zxs).toBe(first.body.data.data.length);
  });

  it('holds odd-week cells in odd weeks only and even-week cells in even weeks only', async () => {
    const odd = (await query('201911001', '20190801', '1', '1')).body.data.data as Cell[];
    const even = (await query('201911001', '20190801', '1', '2')).body.data.data as Cell[];
    expect(odd.filter((c) => c.kcmc === '音乐')).toEqual([expect.objectContaining({ bq1: '单周' })]);
    expect(odd.some((c) => c.kcmc === '美术')).toBe(false);
    expect(even.filter((c) => c.kcmc === '美术')).toEqual([expect.objectContaining({ bq1: '双周' })]);
    expect(even.some((c) => c.kcmc === '音乐')).toBe(false);
    // The class's own cells, and the teaching classes its students go to at their times.
    expect(new Set(odd.map((c) => c.bjmc))).toEqual(new Set(['初二(1)班', '初二数学A层', '初二数学B层']));
    // A class has no electives of its own; its week holds its cells.
    const week = (await query('201911001', '20190801', '1', '3')).body.data;
    expect(week.xxk).toEqual([]);
    expect(week.zxs).toBe(week.data.length);
  });

  it('answers course names in English when asked', async () => {
    const cells = (await query('201911001', '20190801', '1', '1', 'en')).body.data.data as Cell[];
    expect(cells.some((c) => c.kcmc === 'Mathematics')).toBe(true);
  });

  it("shows a classroom's week to staff, electives held there included", async () => {
    const room = await query('admin', 'E081', '2', '1');
    expect(room.body.result).toBe(true);
    expect((room.body.data.data as Cell[]).every((c) => c.jsmc === '东校区致远楼081室')).toBe(true);
    const special = await query('T0001', 'S1', '2', '3');
    expect(special.body.data.xxk).toHaveLength(1);
  });

  it('lets a student see their own class and its teachers, and nothing else', async () => {
    expect((await query('201911001', '20190801', '1', '1')).body.result).toBe(true);
    expect((await query('201911001', 'T0001', '3', '1')).body.result).toBe(true);
    expect((await query('201911001', 'T0002', '3', '1')).body.result).toBe(true);
    for (const [id, type] of [['20190802', '1'], [outsider, '3'], ['E081', '2']]) {
      const refused = await query('201911001', id, type, '1');
      expect(refused).toMatchObject({ status: 403, body: { result: false, data: null, msg: '您无权查看该课表' } });
    }
  });

  it("lets a parent see their child's class but not another", async () => {
    expect((await query('jz201911001', '20190801', '1', '2')).body.result).toBe(true);
    expect(await query('jz201911001', '20190802', '1', '2')).toMatchObject({ status: 403, body: { result: false, data: null } });
    expect(await query('jz201911001', outsider, '3', '2')).toMatchObject({ status: 403, body: { data: null } });
  });

  it('lets staff see any class', async () => {
    expect((await query('T0001', '20190802', '1', '5')).body.result).toBe(true);
  });

  it.each([
    [{ id: 'T0001', type: '3', zs: '1' }, 400, '请选择学年学期'],
    [{ id: 'T0001', xnxq: '2026-2027-1', type: '3', zs: 'abc' }, 400, '周次必须是整数'],
    [{ id: 'T0001', xnxq: '2026-2027-1', type: '3', zs: '-1' }, 400, '周次必须是整数'],
    [{ id: 'T0001', xnxq: '2026-2027-1', type: '3', zs: '22' }, 400, '周次必须在1到21之间'],
    [{ id: 'T0001', xnxq: '2026-2027-1', type: '3', zs: '0' }, 400, '周次必须在1到21之间'],
    [{ id: 'T0001', xnxq: '2026-2027-1', type: '3' }, 400, '请选择周次'],
    [{ id: 'T0001', xnxq: '2026-2027-1', type: '4', zs: '1' }, 400, '课表类型必须是1（班级）、2（教室）或3（教师）'],
    [{ xnxq: '2026-2027-1', type: '3', zs: '1' }, 400, '请选择要查看课表的对象'],
    [{ id: 'T0001', xnxq: '1999-2000-1', type: '3', zs: '1' }, 404, '该学年学期不存在'],
    [{ id: 'T9999', xnxq: '2026-2027-1', type: '3', zs: '1' }, 404, '数据不存在'],
  ])('refuses %j', async (payload, status, msg) => {
    expect(await call('/pk/queryPkInfoFb', 'T0001', payload as Record<string, string>)).toMatchObject({ status, body: { result: false, data: null, msg } });
  });

  it('answers an empty week for a term without a timetable', async () => {
    const { body } = await call('/pk/queryPkInfoFb', 'T0001', { id: 'T0001', xnxq: '2025-2026-1', type: '3', zs: '1' });
    expect(body.data).toEqual({ zxs: 0, data: [], xxk: [] });
  });
});

describe('POST /mobileKb/queryXskb', () => {
  const query = (account: string, xh: string, zs = '3') => call('/mobileKb/queryXskb', account, { xh, xnxq: '2026-2027-1', zs });

  it("answers the student's class cells and their own electives", async () => {
    const { body } = await query('201911001', '201911001');
    expect(body.result).toBe(true);
    const cells: Cell[] = body.data.data;
    expect(cells.length).toBeGreaterThan(30);
    // Their class's cells and, at its times, their teaching class (初二数学A层) instead of the class's cell.
    expect(new Set(cells.map((c) => c.bjmc))).toEqual(new Set(['初二(1)班', '初二数学A层']));
    expect(body.data.xxk).toEqual([{ x: 4, y: 8, name: '机器人(王建国)' }]);
    expect(body.data.zxs).toBe(cells.length + 1);
  });

  it("shows the class timetable's own cells, with the student's teaching classes in place of the cells at their times", async () => {
    const student = (await query('201911001', '201911001', '2')).body.data.data as Cell[];
    const cls = (await call('/pk/queryPkInfoFb', '201911001', { id: '20190801', xnxq: '2026-2027-1', type: '1', zs: '2' })).body.data.data as Cell[];
    const teaching = cls.filter((c) => c.bjmc === '初二数学A层');
    expect(teaching).toHaveLength(2);
    const at = (c: Cell) => teaching.some((x) => x.zc === c.zc && x.jc === c.jc);
    const expected = [...cls.filter((c) => c.bjmc === '初二(1)班' && !at(c)), ...teaching].sort((a, b) => a.zc - b.zc || a.jc - b.jc);
    expect(student).toEqual(expected);
  });

  it('refuses another student to a student, and another child to a parent', async () => {
    expect(await query('201911001', '201911002')).toMatchObject({ status: 403, body: { result: false, data: null, msg: '您无权查看该课表' } });
    expect((await query('jz201911001', '201911001')).body.result).toBe(true);
    expect(await query('jz201911001', '201911002')).toMatchObject({ status: 403, body: { data: null } });
  });

  it("lets the class's teachers and class teacher see its students, not other classes'", async () => {
    expect((await query('T0001', '201911002')).body.result).toBe(true);
    expect((await query('T0002', '201911002')).body.result).toBe(true);
    const [other] = await queryRows<{ student_number: string }>(t.database.db, sql`
      SELECT s.student_number FROM students s JOIN classes c ON c.id = s.class_id WHERE c.code = '20190802' ORDER BY s.student_number LIMIT 1`);
    expect(await query('T0001', other.student_number)).toMatchObject({ status: 403, body: { data: null } });
    expect((await query('admin', other.student_number)).body.result).toBe(true);
  });

  it("shows a change to the class's cells, or to the names they show, on the next call (the class week is kept per timetable version)", async () => {
    const week = async (language?: 'en') => (await call('/mobileKb/queryXskb', '201911001', { xh: '201911001', xnxq: '2026-2027-1', zs: '4' }, language)).body.data.data as Cell[];
    const before = await week();
    expect(await week()).toEqual(before);
    const [cell] = await queryRows<{ id: number; course_id: number; teacher_id: number; classroom_id: number; class_id: number }>(t.database.db, sql`
      SELECT te.id, te.course_id, te.teacher_id, te.classroom_id, te.class_id FROM timetable_entries te JOIN classes c ON c.id = te.class_id
      WHERE c.code = '20190801' AND te.teacher_id IS NOT NULL AND te.classroom_id IS NOT NULL AND te.week_from <= 4 AND te.week_to >= 4 AND te.week_parity IN ('all', 'even')
      ORDER BY te.day, te.period LIMIT 1`);
    const changes = [
      sql`UPDATE courses SET name = name || '·改', name_en = 'Renamed course' WHERE id = ${cell.course_id}`,
      sql`UPDATE staff SET name = name || '·改' WHERE id = ${cell.teacher_id}`,
      sql`UPDATE classrooms SET name = name || '·改' WHERE id = ${cell.classroom_id}`,
      sql`UPDATE classes SET name = name || '·改' WHERE id = ${cell.class_id}`,
      sql`UPDATE timetable_entries SET label = '改' WHERE id = ${cell.id}`,
    ];
    const undo = [
      sql`UPDATE courses SET name = replace(name, '·改', ''), name_en = NULL WHERE id = ${cell.course_id}`,
      sql`UPDATE staff SET name = replace(name, '·改', '') WHERE id = ${cell.teacher_id}`,
      sql`UPDATE classrooms SET name = replace(name, '·改', '') WHERE id = ${cell.classroom_id}`,
      sql`UPDATE classes SET name = replace(name, '·改', '') WHERE id = ${cell.class_id}`,
      sql`UPDATE timetable_entries SET label = NULL WHERE id = ${cell.id}`,
    ];
    try {
      for (const change of changes) await t.database.db.execute(change);
      const after = await week();
      const changed = after.find((c) => c.bq1 === '改')!;
      expect(changed).toMatchObject({ kcmc: expect.stringMatching(/·改$/), rkjsmc: expect.stringMatching(/·改$/), jsmc: expect.stringMatching(/·改$/), bjmc: '初二(1)班·改' });
      expect(after.filter((c) => c.bjmc !== '初二数学A层').every((c) => c.bjmc === '初二(1)班·改')).toBe(true);
      // Each language keeps its own week.
      expect((await week('en')).find((c) => c.bq1 === '改')!.kcmc).toBe('Renamed course');
    } finally {
      for (const statement of undo) await t.database.db.execute(statement);
    }
    expect(await week()).toEqual(before);
  });

  it('answers calls made at the same moment (read in batches) each as it answers them one by one', async () => {
    const asked: [string, string, string][] = [
      ['201911001', '201911001', '3'], ['201911001', '201911002', '3'], ['201911001', '201911001', '4'], ['201911001', '999999999', '3'],
      ['T0001', '201911002', '3'], ['admin', '201911001', '6'], ['jz201911001', '201911001', '3'], ['201911001', '201911001', '3'],
    ];
    const one = [];
    for (const [account, xh, zs] of asked) one.push(await query(account, xh, zs));
    const together = await Promise.all(asked.map(([account, xh, zs]) => query(account, xh, zs)));
    expect(together).toEqual(one);
    expect(one.map((answer) => answer.status)).toEqual([200, 403, 200, 404, 200, 200, 200, 200]);
  });

  it('serves a class week again from memory: without the version trigger a rename goes unseen', async () => {
    const week = async () => (await call('/mobileKb/queryXskb', '201911001', { xh: '201911001', xnxq: '2026-2027-1', zs: '5' })).body.data.data as Cell[];
    const before = await week();
    await t.database.db.execute(sql`ALTER TABLE courses DISABLE TRIGGER courses_timetable_version`);
    try {
      await t.database.db.execute(sql`UPDATE courses SET name = name || '·旧' WHERE name = ${before[0].kcmc}`);
      expect((await week())[0].kcmc).toBe(before[0].kcmc);
      // The next change that bumps the version brings the rename in.
      await t.database.db.execute(sql`UPDATE timetable_entries SET label = NULL WHERE label IS NULL AND id = (SELECT min(id) FROM timetable_entries)`);
      expect((await week())[0].kcmc).toBe(`${before[0].kcmc}·旧`);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE courses ENABLE TRIGGER courses_timetable_version`);
      await t.database.db.execute(sql`UPDATE courses SET name = replace(name, '·旧', '')`);
    }
    expect(await week()).toEqual(before);
  });

  it('refuses bad input', async () => {
    expect(await call('/mobileKb/queryXskb', '201911001', { xnxq: '2026-2027-1', zs: '1' })).toMatchObject({ status: 400, body: { msg: '请提供学号' } });
    expect(await call('/mobileKb/queryXskb', '201911001', { xh: '201911001', zs: '1' })).toMatchObject({ status: 400, body: { msg: '请选择学年学期' } });
    expect(await call('/mobileKb/queryXskb', '201911001', { xh: '201911001', xnxq: '2026-2027-1', zs: 'x' })).toMatchObject({ status: 400, body: { msg: '周次必须是整数' } });
    expect(await call('/mobileKb/queryXskb', '201911001', { xh: '201911001', xnxq: '2026-2027-1', zs: '30' })).toMatchObject({ status: 400, body: { msg: '周次必须在1到21之间' } });
    expect(await query('admin', '999999999')).toMatchObject({ status: 404, body: { msg: '数据不存在' } });
    // The refusals keep their order: an unknown term before a bad week before an unknown or hidden student.
    const termFirst = await call('/mobileKb/queryXskb', '201911001', { xh: '999999999', xnxq: '1999-2000-1', zs: '30' });
    const termOnly = await call('/mobileKb/queryXskb', '201911001', { xh: '201911001', xnxq: '1999-2000-1', zs: '1' });
    expect(termFirst).toMatchObject({ status: termOnly.status, body: { msg: termOnly.body.msg } });
    expect(termOnly.status).toBe(404);
    expect(await call('/mobileKb/queryXskb', '201911001', { xh: '201911002', xnxq: '2026-2027-1', zs: '30' })).toMatchObject({ status: 400, body: { msg: '周次必须在1到21之间' } });
    expect(await call('/mobileKb/queryXskb', '201911001', { xh: '201911002', xnxq: '2026-2027-1', zs: '0' })).toMatchObject({ status: 400 });
  });
});
