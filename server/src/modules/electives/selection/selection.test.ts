import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';
import { choose } from './service.ts';

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
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

const nextTerm = () => one<{ id: number }>(sql`SELECT id FROM terms WHERE code = '2026-2027-2'`).then((r) => r.id);
const sessionOf = (name: string) =>
  one<{ id: number; capacity: number; enrolled: number }>(sql`
    SELECT es.id, es.capacity, es.enrolled FROM elective_declarations d JOIN elective_sessions es ON es.id = d.session_id
    WHERE d.name = ${name} AND d.term_id = (SELECT id FROM terms WHERE code = '2026-2027-2')`);
const demoStudent = () => one<{ id: number; userId: number }>(sql`SELECT id, user_id AS "userId" FROM students WHERE student_number = '201911001'`);

/** An approved course of a term at a time, open to the senior grades, made straight in the database. */
async function course(termId: number, name: string, capacity: number, day: number, period: number): Promise<number> {
  const teacher = await one<{ id: number }>(sql`SELECT id FROM staff ORDER BY id DESC LIMIT 1`);
  const room = await one<{ id: number }>(sql`SELECT id FROM classrooms ORDER BY id DESC LIMIT 1`);
  const code = `sel-test-${Math.floor(Math.random() * 1e9)}`;
  const courseRow = await one<{ id: number }>(sql`INSERT INTO courses (code, name, is_elective, sort) VALUES (${code}, ${name}, TRUE, 300) RETURNING id`);
  const session = await one<{ id: number }>(sql`
    INSERT INTO elective_sessions (term_id, course_id, teacher_id, classroom_id, day, period, week_from, week_to, capacity)
    VALUES (${termId}, ${courseRow.id}, ${teacher.id}, ${room.id}, ${day}, ${period}, 1, 18, ${capacity}) RETURNING id`);
  await t.database.db.execute(sql`
    INSERT INTO elective_declarations (term_id, teacher_id, name, intro, lectures, capacity, grade_ids, day, period, week_from, week_to, classroom_id, status, session_id)
    VALUES (${termId}, ${teacher.id}, ${name}, '测试', '[]'::jsonb, ${capacity}, ARRAY(SELECT id FROM grades WHERE sort >= 7), ${day}, ${period}, 1, 18, ${room.id}, 'approved', ${session.id})`);
  return session.id;
}

describe('course selection (学生选课)', () => {
  it("shows the student next term's open courses, and the parent their child's", async () => {
    const view = (await call('/api/electives/selection/view', {}, '201911001')).json().data;
    expect(view.settings).toMatchObject({ phase: 'open', mode: 'first_come' });
    expect(view.termId).toBe(await nextTerm());
    expect(view.courses.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['3D打印', '围棋', '摄影', '街舞', '合唱']));
    expect(view.courses.find((c: { name: string }) => c.name === '围棋')).toMatchObject({ capacity: 2, enrolled: 2 });
    expect(view.courses[0].lectures.length).toBeGreaterThanOrEqual(12);
    const parent = (await call('/api/electives/selection/view', {}, 'jz201911001')).json().data;
    expect(parent.student.id).toBe((await demoStudent()).id);
    expect(parent.children.length).toBeGreaterThanOrEqual(1);
    // A parent cannot look at another family's child; staff have no selection page.
    const stranger = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number <> '201911001' ORDER BY id LIMIT 1`);
    expect((await call('/api/electives/selection/view', { studentId: stranger.id }, 'jz201911001')).statusCode).toBe(403);
    expect((await call('/api/electives/selection/view', {}, 'T0001')).statusCode).toBe(403);
  });

  it('gives seats first come and refuses a full course, a time clash, the same course twice and a second major', async () => {
    const chess = await sessionOf('围棋');
    const full = (await call('/api/electives/selection/choose', { sessionId: chess.id, kind: 'major' }, '201911001', EN)).json();
    expect(full).toMatchObject({ result: false, msg: 'Class size is full or over' });
    const printing = await sessionOf('3D打印');
    const chosen = (await call('/api/electives/selection/choose', { sessionId: printing.id, kind: 'major' }, '201911001')).json();
    expect(chosen).toMatchObject({ result: true, data: { status: 'enrolled' } });
    expect((await sessionOf('3D打印')).enrolled).toBe(printing.enrolled + 1);
    const photo = await sessionOf('摄影');
    const clash = (await call('/api/electives/selection/choose', { sessionId: photo.id, kind: 'minor' }, '201911001', EN)).json();
    expect(clash.result).toBe(false);
    expect(clash.msg).toMatch(/^Class time conflict, please change: 3D打印 on/);
    const twice = (await call('/api/electives/selection/choose', { sessionId: printing.id, kind: 'minor' }, '201911001', EN)).json();
    expect(twice).toMatchObject({ result: false, msg: 'The same course cannot be chosen as both major and minor' });
    const dance = await sessionOf('街舞');
    const second = (await call('/api/electives/selection/choose', { sessionId: dance.id, kind: 'major' }, '201911001', EN)).json();
    expect(second).toMatchObject({ result: false, msg: 'You already have a major course: withdraw it first' });
    // The parent chooses the minor for their child.
    const minor = (await call('/api/electives/selection/choose', { sessionId: dance.id, kind: 'minor', studentId: (await demoStudent()).id }, 'jz201911001')).json();
    expect(minor.result).toBe(true);
    const view = (await call('/api/electives/selection/view', {}, '201911001')).json().data;
    expect(view.choices.map((c: { kind: string; status: string }) => `${c.kind}:${c.status}`).sort()).toEqual(['major:enrolled', 'minor:enrolled']);
    // Withdrawn inside the window, the seat comes back.
    expect((await call('/api/electives/selection/withdraw', { termId: await nextTerm(), kind: 'minor' }, '201911001')).json().result).toBe(true);
    expect((await sessionOf('街舞')).enrolled).toBe(dance.enrolled);
    const none = (await call('/api/electives/selection/withdraw', { termId: await nextTerm(), kind: 'minor' }, '201911001', EN)).json();
    expect(none).toMatchObject({ result: false, msg: 'There is no minor course to withdraw' });
  });

  it('refuses choices outside the window and courses not open to the grade', async () => {
    const termId = await nextTerm();
    const junior = await course(termId, '低年级手工', 10, 1, 8);
    await t.database.db.execute(sql`UPDATE elective_declarations SET grade_ids = ARRAY(SELECT id FROM grades WHERE sort < 7) WHERE session_id = ${junior}`);
    const wrong = (await call('/api/electives/selection/choose', { sessionId: junior, kind: 'minor' }, '201911001', EN)).json();
    expect(wrong.result).toBe(false);
    expect(wrong.msg).toMatch(/^低年级手工 is not open to /);
    const saved = await one<{ start: Date; end: Date }>(sql`SELECT selection_start AS start, selection_end AS "end" FROM elective_selection_settings WHERE term_id = ${termId}`);
    await t.database.db.execute(sql`UPDATE elective_selection_settings SET selection_start = now() - interval '9 days', selection_end = now() - interval '1 day' WHERE term_id = ${termId}`);
    try {
      const closed = (await call('/api/electives/selection/choose', { sessionId: (await sessionOf('合唱')).id, kind: 'minor' }, '201911001', EN)).json();
      expect(closed.result).toBe(false);
      expect(closed.msg).toMatch(/^Course selection is open from /);
    } finally {
      await t.database.db.execute(sql`UPDATE elective_selection_settings SET selection_start = ${saved.start}, selection_end = ${saved.end} WHERE term_id = ${termId}`);
    }
  });

  it('never gives more seats than the capacity to students choosing at once', async () => {
    const termId = await nextTerm();
    const sessionId = await course(termId, '并发测试课', 5, 1, 7);
    const students = await rows<{ id: number; userId: number }>(sql`
      SELECT s.id, s.user_id AS "userId" FROM students s JOIN classes c ON c.id = s.class_id JOIN grades g ON g.id = c.grade_id
      WHERE g.sort >= 7 AND s.user_id IS NOT NULL AND s.in_school_status = '1'
        AND NOT EXISTS (SELECT 1 FROM elective_choices ch WHERE ch.term_id = ${termId} AND ch.student_id = s.id)
      ORDER BY s.id DESC LIMIT 24`);
    const callers = students.map((s): Caller => ({ auth: { userId: s.userId } as Caller['auth'], permissions: new Set(), language: 'en' }));
    const results = await Promise.allSettled(callers.map((caller) => choose(t.database.db, caller, { sessionId, kind: 'major' })));
    const placed = results.filter((r) => r.status === 'fulfilled').length;
    expect(placed).toBe(5);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.key === 'elective.classFull')).toBe(true);
    const counts = await one<{ enrolled: number; real: number }>(sql`
      SELECT es.enrolled, (SELECT count(*)::int FROM elective_enrolments ee WHERE ee.session_id = es.id) AS real FROM elective_sessions es WHERE es.id = ${sessionId}`);
    expect(counts).toEqual({ enrolled: 5, real: 5 });
  });

  it("checks a student's and their parent's choices at once against each other", async () => {
    const termId = await nextTerm();
    // Saturday's first period: nobody has lessons then.
    const sessionId = await course(termId, '同时选课', 10, 6, 1);
    const student = await demoStudent();
    const [mine, parents] = await Promise.all([
      call('/api/electives/selection/choose', { sessionId, kind: 'minor' }, '201911001', EN),
      call('/api/electives/selection/choose', { sessionId, kind: 'minor', studentId: student.id }, 'jz201911001', EN),
    ]);
    const answers = [mine.json(), parents.json()];
    expect(answers.filter((a) => a.result)).toHaveLength(1);
    expect(answers.find((a) => !a.result)).toMatchObject({ msg: 'You already have a minor course: withdraw it first' });
    expect(await sessionOf('同时选课')).toMatchObject({ enrolled: 1 });
    expect((await call('/api/electives/selection/withdraw', { termId, kind: 'minor' }, '201911001')).json().result).toBe(true);
  });

  it('answers each of many choices made at once on its own: seats in the order they came, refusals, names in each language', async () => {
    const termId = await nextTerm();
    const open = await course(termId, '一起选的课', 2, 6, 2);
    await t.database.db.execute(sql`UPDATE courses SET name_en = 'Chosen together' WHERE id = (SELECT course_id FROM elective_sessions WHERE id = ${open})`);
    const junior = await course(termId, '只给低年级', 10, 6, 3);
    await t.database.db.execute(sql`UPDATE elective_declarations SET grade_ids = ARRAY(SELECT id FROM grades WHERE sort < 7) WHERE session_id = ${junior}`);
    const students = await rows<{ userId: number }>(sql`
      SELECT s.user_id AS "userId" FROM students s JOIN classes c ON c.id = s.class_id JOIN grades g ON g.id = c.grade_id
      WHERE g.sort >= 7 AND s.user_id IS NOT NULL AND s.in_school_status = '1'
        AND NOT EXISTS (SELECT 1 FROM elective_choices ch WHERE ch.term_id = ${termId} AND ch.student_id = s.id)
      ORDER BY s.id LIMIT 6`);
    const caller = (i: number, language: 'en' | 'zh'): Caller => ({ auth: { userId: students[i]!.userId } as Caller['auth'], permissions: new Set(), language });
    const settled = await Promise.allSettled([
      choose(t.database.db, caller(0, 'en'), { sessionId: open, kind: 'major' }),
      choose(t.database.db, caller(1, 'zh'), { sessionId: junior, kind: 'major' }),
      choose(t.database.db, caller(2, 'en'), { sessionId: open, kind: 'major' }),
      choose(t.database.db, caller(3, 'en'), { sessionId: 999_999, kind: 'major' }),
      choose(t.database.db, caller(4, 'en'), { sessionId: open, kind: 'major' }),
      choose(t.database.db, caller(5, 'en'), { sessionId: open, kind: 'minor' }),
    ]);
    const outcome = (r: PromiseSettledResult<{ status: string; name: string }>) => (r.status === 'fulfilled' ? r.value : (r.reason as { key: string }).key);
    // The first two who asked for the open course (0 and 2) get its two seats; the others are told it is full.
    expect(settled.map(outcome)).toEqual([
      { status: 'enrolled', name: 'Chosen together' },
      'elective.notForGrade',
      { status: 'enrolled', name: 'Chosen together' },
      'errors.notFound',
      'elective.classFull',
      'elective.classFull',
    ]);
    const counts = await one<{ enrolled: number; real: number; chosen: number }>(sql`
      SELECT es.enrolled, (SELECT count(*)::int FROM elective_enrolments ee WHERE ee.session_id = es.id) AS real,
        (SELECT count(*)::int FROM elective_choices c WHERE c.session_id = es.id) AS chosen
      FROM elective_sessions es WHERE es.id = ${open}`);
    expect(counts).toEqual({ enrolled: 2, real: 2, chosen: 2 });
    // The refusal names the course in its caller's language.
    expect((settled[1] as PromiseRejectedResult).reason.params).toMatchObject({ name: '只给低年级' });
  });

  it('draws a lottery term fairly after its window: majors first, then minors, each told', async () => {
    const term = await one<{ id: number }>(sql`SELECT id FROM terms WHERE code = '2025-2026-2'`);
    await call('/api/electives/settings/save', { termId: term.id, selectionStart: '2020-01-01 08:00', selectionEnd: '2099-01-01 08:00', mode: 'lottery' }, 'admin');
    const small = await course(term.id, '抽签小班', 2, 3, 8);
    const big = await course(term.id, '抽签大班', 4, 5, 8);
    const students = await rows<{ id: number }>(sql`
      SELECT s.id FROM students s JOIN classes c ON c.id = s.class_id JOIN grades g ON g.id = c.grade_id
      WHERE g.sort >= 7 AND s.student_number <> '201911001' ORDER BY s.id LIMIT 6`);
    // The demo student's preference goes through the call; six others' straight into the table.
    const preference = (await call('/api/electives/selection/choose', { sessionId: small, kind: 'major' }, '201911001', EN)).json();
    expect(preference).toMatchObject({ result: true, data: { status: 'waiting' } });
    for (const [i, s] of students.entries()) {
      await t.database.db.execute(sql`INSERT INTO elective_choices (term_id, student_id, kind, session_id, status) VALUES (${term.id}, ${s.id}, 'major', ${i < 3 ? small : big}, 'waiting')`);
      if (i < 3) await t.database.db.execute(sql`INSERT INTO elective_choices (term_id, student_id, kind, session_id, status) VALUES (${term.id}, ${s.id}, 'minor', ${big}, 'waiting')`);
    }
    const early = (await call('/api/electives/settings/draw', { termId: term.id }, 'admin', EN)).json();
    expect(early.result).toBe(false);
    expect(early.msg).toMatch(/^The lottery is drawn after the selection closes/);
    // Changing the mode once students have chosen is refused.
    const mode = (await call('/api/electives/settings/save', { termId: term.id, selectionStart: '2020-01-01 08:00', selectionEnd: '2099-01-01 08:00', mode: 'first_come' }, 'admin', EN)).json();
    expect(mode).toMatchObject({ result: false, msg: 'Students have chosen already: the way places are given cannot change' });
    await t.database.db.execute(sql`UPDATE elective_selection_settings SET selection_end = now() - interval '1 minute' WHERE term_id = ${term.id}`);
    const drawn = (await call('/api/electives/settings/draw', { termId: term.id }, 'admin')).json();
    expect(drawn.result).toBe(true);
    const result = await rows<{ sessionId: number; kind: string; status: string; n: number }>(sql`
      SELECT session_id AS "sessionId", kind, status, count(*)::int AS n FROM elective_choices WHERE term_id = ${term.id} GROUP BY 1, 2, 3`);
    const count = (sessionId: number, kind: string, status: string) => result.find((r) => r.sessionId === sessionId && r.kind === kind && r.status === status)?.n ?? 0;
    // Four majors for two seats; three majors fill three of the big class's four seats, the minors share one.
    expect(count(small, 'major', 'enrolled')).toBe(2);
    expect(count(small, 'major', 'unplaced')).toBe(2);
    expect(count(big, 'major', 'enrolled')).toBe(3);
    expect(count(big, 'minor', 'enrolled')).toBe(1);
    expect(count(big, 'minor', 'unplaced')).toBe(2);
    const seats = await rows<{ id: number; enrolled: number; real: number }>(sql`
      SELECT es.id, es.enrolled, (SELECT count(*)::int FROM elective_enrolments ee WHERE ee.session_id = es.id) AS real FROM elective_sessions es WHERE es.id IN (${small}, ${big})`);
    expect(seats.every((s) => s.enrolled === s.real && s.enrolled === (s.id === small ? 2 : 4))).toBe(true);
    const seed = await one<{ seed: string | null }>(sql`SELECT draw_seed AS seed FROM elective_selection_settings WHERE term_id = ${term.id}`);
    expect(seed.seed).toMatch(/^[0-9a-f]{32}$/);
    const told = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages WHERE title LIKE '%抽签小班%'`);
    expect(told.n).toBeGreaterThanOrEqual(4);
    const again = (await call('/api/electives/settings/draw', { termId: term.id }, 'admin', EN)).json();
    expect(again.result).toBe(false);
    expect(again.msg).toMatch(/^The lottery of this term was drawn at /);
    // Students and parents cannot draw.
    expect((await call('/api/electives/settings/draw', { termId: term.id }, '201911001')).statusCode).toBe(403);
  });
});
