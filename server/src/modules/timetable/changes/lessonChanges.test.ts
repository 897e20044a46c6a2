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

const call = (url: string, payload: unknown, account: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;

interface Options {
  termId: number;
  terms: { id: number; currentWeek: number; weekCount: number }[];
  classes: { id: number; name: string; courses: { id: number; name: string }[] }[];
  days: { day: number }[];
  periods: { sort: number }[];
  lessons: { day: number; period: number; courseName: string; mine: boolean }[];
}

/** T0001's class taught by them and its lessons of next week. */
async function nextWeek(): Promise<{ options: Options; classId: number; week: number }> {
  const first = (await call('/api/timetable/swaps/options', {}, 'T0001')).json().data as Options;
  const term = first.terms.find((x) => x.id === first.termId)!;
  const week = Math.min(term.currentWeek + 1, term.weekCount);
  const classId = first.classes[0]!.id;
  const options = (await call('/api/timetable/swaps/options', { termId: first.termId, classId, week }, 'T0001')).json().data as Options;
  return { options, classId, week };
}

/** A swap of one of T0001's lessons with another teacher's that the check accepts. */
async function acceptedSwap() {
  const { options, classId, week } = await nextWeek();
  const mine = options.lessons.filter((l) => l.mine);
  const others = options.lessons.filter((l) => !l.mine);
  for (const from of mine) {
    for (const to of others) {
      const form = { termId: options.termId, classId, week, fromDay: from.day, fromPeriod: from.period, toDay: to.day, toPeriod: to.period, reason: '外出教研' };
      const checked = (await call('/api/timetable/swaps/check', form, 'T0001')).json().data;
      if (checked.ok) return { form, from, to, checked };
    }
  }
  throw new Error('no swap without conflicts');
}

describe('class swaps and make-up classes (调课申请, 补课申请)', () => {
  it("offers the teacher their classes and a class's week, their own lessons marked", async () => {
    const { options } = await nextWeek();
    expect(options.classes.length).toBeGreaterThan(0);
    expect(options.lessons.some((l) => l.mine)).toBe(true);
    expect(options.lessons.some((l) => !l.mine)).toBe(true);
    // Students and parents have no such page.
    expect((await call('/api/timetable/swaps/options', {}, '201911001')).statusCode).toBe(403);
  });

  it('refuses what is not the teacher’s to ask, and reports conflicts before submission', async () => {
    const { options, classId, week } = await nextWeek();
    const other = options.lessons.find((l) => !l.mine)!;
    const target = other.day === 1 && other.period === 1 ? { toDay: 1, toPeriod: 2 } : { toDay: 1, toPeriod: 1 };
    const notMine = (await call('/api/timetable/swaps/check', { termId: options.termId, classId, week, fromDay: other.day, fromPeriod: other.period, ...target, reason: 'x' }, 'T0001', EN)).json();
    expect(notMine.result).toBe(false);
    expect(notMine.msg).toMatch(/^You give no lesson to /);
    const past = (await call('/api/timetable/swaps/check', { termId: options.termId, classId, week: 1, fromDay: 1, fromPeriod: 1, toDay: 1, toPeriod: 2, reason: 'x' }, 'T0001', EN)).json();
    expect(past).toMatchObject({ result: false, msg: 'Week 1 has passed: a change is for this week or a later one' });
    const noReason = (await call('/api/timetable/swaps/check', { termId: options.termId, classId, week, fromDay: 1, fromPeriod: 1, toDay: 1, toPeriod: 2, reason: '' }, 'T0001', EN)).json();
    expect(noReason).toMatchObject({ result: false, msg: 'The reason is required' });
    // A make-up at a time the class already has a lesson: the conflict is reported, not thrown.
    const course = options.classes.find((c) => c.id === classId)!.courses[0]!;
    const busy = options.lessons[0]!;
    const makeUp = (await call('/api/timetable/makeUps/check', { termId: options.termId, classId, week, day: busy.day, period: busy.period, courseId: course.id, reason: '补上周的课' }, 'T0001', EN)).json();
    expect(makeUp.data.ok).toBe(false);
    expect(makeUp.data.conflicts[0]).toMatch(/^Class time conflict, please change: .+ has /);
  });

  it("goes through the class teacher and the office; once passed, that week's timetable of the class changes and everyone is told", async () => {
    const { form, from, to, checked } = await acceptedSwap();
    expect(checked.moves.map((m: { kind: string }) => m.kind)).toEqual(['cancel', 'add', 'cancel', 'add']);
    const weekAfterBefore = (await call('/api/timetable/swaps/options', { termId: form.termId, classId: form.classId, week: form.week + 1 }, 'T0001')).json().data.lessons;
    const saved = (await call('/api/timetable/swaps/save', form, 'T0001')).json();
    expect(saved.result).toBe(true);
    const id = saved.data.id as number;
    const page = async () => (await call('/api/timetable/swaps/page', { currPage: 0, limit: 50 }, 'T0001')).json().data.rows.find((r: { id: number }) => r.id === id);
    expect(await page()).toMatchObject({ status: 'draft', editable: true, withdrawable: false });
    // Submitted, withdrawn (not submitted again), submitted once more.
    expect((await call('/api/timetable/swaps/submit', { id }, 'T0001')).json().result).toBe(true);
    expect(await page()).toMatchObject({ status: 'classTeacher', editable: false, withdrawable: true });
    const locked = (await call('/api/timetable/swaps/save', { ...form, id }, 'T0001', EN)).json();
    expect(locked).toMatchObject({ result: false, msg: 'Only a request that is not submitted can be changed, submitted or deleted' });
    expect((await call('/api/timetable/swaps/withdraw', { id }, 'T0001')).json().result).toBe(true);
    expect((await page()).status).toBe('draft');
    expect((await call('/api/timetable/swaps/submit', { id }, 'T0001')).json().result).toBe(true);
    const application = (await one<{ id: number }>(sql`SELECT application_id AS id FROM lesson_changes WHERE id = ${id}`)).id;
    // The class teacher of the class is asked first.
    const approvers = await queryRows<{ account: string }>(t.database.db, sql`
      SELECT u.account FROM application_approvers aa JOIN users u ON u.id = aa.user_id WHERE aa.application_id = ${application}`);
    const classTeacher = await one<{ account: string }>(sql`
      SELECT u.account FROM classes c JOIN staff st ON st.id = c.class_teacher_id JOIN users u ON u.id = st.user_id WHERE c.id = ${form.classId}`);
    expect(approvers.map((a) => a.account)).toContain(classTeacher.account);
    const queue = (await call('/api/applications/review/page', { currPage: 0, limit: 50, search: { view: 'waiting' } }, 'admin')).json().data.rows;
    expect(queue.find((r: { id: number }) => r.id === application)).toMatchObject({ type: 'classSwap', summary: expect.stringContaining(`第${form.week}周`) });
    expect((await call('/api/applications/review/decide', { ids: [application], decision: 'approve', comment: '' }, 'admin')).json().result).toBe(true);
    expect((await page()).status).toBe('academicOffice');
    const last = (await call('/api/applications/review/decide', { ids: [application], decision: 'approve', comment: '同意' }, 'admin')).json();
    expect(last.result).toBe(true);
    const passed = await page();
    expect(passed).toMatchObject({ status: 'passed', editable: false, withdrawable: false });
    // The trail is the submission's that passed (the withdrawn one was an application of its own).
    expect(passed.trail.map((s: { decision: string }) => s.decision)).toEqual(['approve', 'approve']);

    // The class's week now has the two lessons changed over; the week after is as before.
    const after = (await call('/api/timetable/swaps/options', { termId: form.termId, classId: form.classId, week: form.week }, 'T0001')).json().data.lessons;
    const at = (lessons: { day: number; period: number; courseName: string }[], day: number, period: number) => lessons.find((l) => l.day === day && l.period === period)?.courseName;
    expect(at(after, form.toDay, form.toPeriod)).toBe(from.courseName);
    expect(at(after, form.fromDay, form.fromPeriod)).toBe(to.courseName);
    const weekAfter = (await call('/api/timetable/swaps/options', { termId: form.termId, classId: form.classId, week: form.week + 1 }, 'T0001')).json().data.lessons;
    expect(weekAfter).toEqual(weekAfterBefore);
    // The students of the class were told.
    const told = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM messages m JOIN students s ON s.user_id = m.recipient_user_id WHERE s.class_id = ${form.classId} AND m.title LIKE ${`%第${form.week}周%`}`);
    expect(told.n).toBeGreaterThan(0);
    // The same swap again now meets its own result: the lesson is no longer there.
    const again = (await call('/api/timetable/swaps/check', form, 'T0001', EN)).json();
    expect(again.result === false || again.data.ok === false || again.data.moves.length > 0).toBe(true);
  });

  it('adds a make-up lesson at a free time, and another teacher cannot see or touch the request', async () => {
    const { options, classId, week } = await nextWeek();
    const course = options.classes.find((c) => c.id === classId)!.courses[0]!;
    const taken = new Set(options.lessons.map((l) => `${l.day}:${l.period}`));
    let form: Record<string, unknown> | null = null;
    for (const d of options.days) {
      for (const p of options.periods) {
        if (taken.has(`${d.day}:${p.sort}`)) continue;
        const candidate = { termId: options.termId, classId, week, day: d.day, period: p.sort, courseId: course.id, reason: '补上周运动会占用的课' };
        if ((await call('/api/timetable/makeUps/check', candidate, 'T0001')).json().data.ok) {
          form = candidate;
          break;
        }
      }
      if (form) break;
    }
    expect(form).not.toBeNull();
    const id = (await call('/api/timetable/makeUps/save', form, 'T0001')).json().data.id as number;
    expect((await call('/api/timetable/makeUps/get', { id }, 'T0002')).statusCode).toBe(404);
    expect((await call('/api/timetable/makeUps/delete', { ids: [id] }, 'T0002')).statusCode).toBe(404);
    expect((await call('/api/timetable/swaps/get', { id }, 'T0001')).statusCode).toBe(404);
    expect((await call('/api/timetable/makeUps/submit', { id }, 'T0001')).json().result).toBe(true);
    const application = (await one<{ id: number }>(sql`SELECT application_id AS id FROM lesson_changes WHERE id = ${id}`)).id;
    for (const comment of ['', '同意']) await call('/api/applications/review/decide', { ids: [application], decision: 'approve', comment }, 'admin');
    const lessons = (await call('/api/timetable/swaps/options', { termId: options.termId, classId, week }, 'T0001')).json().data.lessons;
    expect(lessons.find((l: { day: number; period: number }) => l.day === form!.day && l.period === form!.period)?.courseName).toBe(course.name);
    // A passed request is no longer a draft: it cannot be deleted.
    expect((await call('/api/timetable/makeUps/delete', { ids: [id] }, 'T0001')).json().result).toBe(false);
  });
});
