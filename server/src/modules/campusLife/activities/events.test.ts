import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { remindDueEvents } from './service.ts';
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
const at = (hours: number) => schoolMinute(new Date(Date.now() + hours * 3_600_000));

async function form(overrides: Record<string, unknown> = {}) {
  const term = await one<{ id: number }>(sql`SELECT id FROM terms WHERE is_current`);
  return {
    termId: term.id, title: `测试讲座${Math.floor(Math.random() * 1e6)}`, host: '测试主讲', place: '报告厅',
    startsAt: at(48), endsAt: at(50), signupStart: at(-1), signupEnd: at(24), capacity: 2, gradeIds: [], classIds: [], description: '<p>说明<script>x</script></p>', ...overrides,
  };
}

/** Sets an event's sign-up window or start by hand (the clock cannot be moved). */
const shift = (id: number, set: ReturnType<typeof sql>) => t.database.db.execute(sql`UPDATE campus_events SET ${set} WHERE id = ${id}`);

describe('lectures and activities (讲座, 活动报名)', () => {
  it('shows each role its side of the demo events', async () => {
    const mine = (await call('/api/campusLife/lectures/page', { currPage: 0, limit: 50 }, 'T0001')).json();
    expect(mine.result).toBe(true);
    const phases = new Set(mine.data.rows.map((row: { phase: string }) => row.phase));
    for (const phase of ['draft', 'open', 'upcoming', 'finished', 'cancelled']) expect(phases).toContain(phase);
    // The administrator's lecture is not T0001's; the administrator sees every one.
    expect(mine.data.rows.some((row: { title: string }) => row.title === '法治教育系列讲座')).toBe(false);
    const all = (await call('/api/campusLife/lectures/page', { currPage: 0, limit: 50 }, 'admin')).json();
    expect(all.data.rows.some((row: { title: string }) => row.title === '法治教育系列讲座')).toBe(true);
    // Students browse; they cannot manage.
    expect((await call('/api/campusLife/lectures/page', { currPage: 0, limit: 10 }, '201911001')).statusCode).toBe(403);
    const open = (await call('/api/campusLife/lectures/browse', { tab: 'open' }, '201911001')).json().data;
    expect(open.student.name).toBeTruthy();
    expect(open.rows.find((row: { title: string }) => row.title === '走进航天：从嫦娥到天问')).toMatchObject({ phase: 'open', canSignUp: true, signup: 'none' });
    expect(open.rows.some((row: { title: string }) => row.title === '编程思维讲座')).toBe(false);
    const mineTab = (await call('/api/campusLife/lectures/browse', { tab: 'mine' }, '201911001')).json().data.rows;
    expect(mineTab.find((row: { title: string }) => row.title === '青春期心理健康')).toMatchObject({ signup: 'signed', canCancel: true });
    const history = (await call('/api/campusLife/lectures/browse', { tab: 'history' }, '201911001')).json().data.rows;
    expect(history.find((row: { title: string }) => row.title === '数学建模入门')).toMatchObject({ phase: 'finished', attended: true });
    // A parent sees their child's; a lecture is the student's own to sign up for, an activity may allow the family.
    const parent = (await call('/api/campusLife/lectures/browse', { tab: 'open' }, 'jz201911001')).json().data;
    expect(parent.children).toHaveLength(1);
    expect(parent.rows.every((row: { canSignUp: boolean }) => !row.canSignUp)).toBe(true);
    const trees = (await call('/api/campusLife/activities/browse', { tab: 'open' }, 'jz201911001')).json().data.rows;
    expect(trees.find((row: { title: string }) => row.title === '亲子植树活动')).toMatchObject({ familySignup: true, canSignUp: true });
  });

  it('refuses bad forms with their messages and changes nothing', async () => {
    const base = await form();
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM campus_events`);
    const refused = async (body: unknown, message: string, url = '/api/campusLife/lectures/create') => {
      const response = (await call(url, body, 'T0001', EN)).json();
      expect(response.result).toBe(false);
      expect(response.msg).toContain(message);
    };
    await refused({ ...base, signupStart: at(49) }, 'Registration start cannot be after the start');
    await refused({ ...base, signupEnd: at(49) }, 'Registration end cannot be after the start');
    await refused({ ...base, endsAt: at(47) }, 'end must come after the start');
    await refused({ ...base, recurring: true, weekFrom: 5, weekTo: 5 }, 'start week must be less than the end week');
    await refused({ ...base, recurring: true, weekFrom: 5, weekTo: 59 }, 'The term has');
    await refused({ ...base, startsAt: at(24 * 400), endsAt: at(24 * 400 + 1), signupEnd: at(24 * 399) }, 'within the term');
    await refused({ ...base, familySignup: true }, 'Only an activity');
    await refused({ ...base, capacity: 0 }, 'capacity');
    await refused({ ...base, title: '' }, 'title is required');
    const after = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM campus_events`);
    expect(after.n).toBe(before.n);
    // Users lacking the right cannot publish (spec 5).
    expect((await call('/api/campusLife/activities/create', base, '201911001')).statusCode).toBe(403);
    // The description is sanitised.
    const created = (await call('/api/campusLife/lectures/create', base, 'T0001')).json();
    expect(created.result).toBe(true);
    const stored = await one<{ description: string; status: string }>(sql`SELECT description, status FROM campus_events WHERE id = ${created.data.id}`);
    expect(stored).toEqual({ description: '<p>说明</p>', status: 'draft' });
    // Another teacher cannot change or publish it.
    expect((await call('/api/campusLife/lectures/publish', { id: created.data.id }, 'T0002')).json().msg).toBe('您没有权限编辑/删除该数据');
  });

  it('signs up to capacity, refuses the next, cancels before the start, registers attendance and tells participants of a cancellation', async () => {
    const base = await form({ capacity: 1 });
    const { id } = (await call('/api/campusLife/lectures/create', base, 'T0001')).json().data;
    // A draft cannot be signed up for.
    expect((await call('/api/campusLife/lectures/signup', { id }, '201911001')).statusCode).toBe(404);
    expect((await call('/api/campusLife/lectures/publish', { id }, 'T0001')).json().result).toBe(true);
    expect((await call('/api/campusLife/lectures/publish', { id }, 'T0001', EN)).json().msg).toContain('cannot be published');
    // A parent cannot sign their child up for a lecture.
    expect((await call('/api/campusLife/lectures/signup', { id }, 'jz201911001', EN)).json().msg).toContain('Parents cannot sign up');
    const signed = (await call('/api/campusLife/lectures/signup', { id }, '201911001')).json();
    expect(signed.result).toBe(true);
    expect((await call('/api/campusLife/lectures/signup', { id }, '201911001', EN)).json().msg).toContain('already signed up');
    // The next student finds it full (a classmate, signed in through a fresh session).
    const other = await one<{ userId: number; studentId: number }>(sql`SELECT user_id AS "userId", id AS "studentId" FROM students WHERE student_number = '201911002'`);
    const { createHash, randomBytes } = await import('node:crypto');
    const token = randomBytes(32).toString('base64url');
    await t.database.db.execute(sql`
      INSERT INTO sessions (user_id, token_hash, created_at, rotated_at, last_seen_at, idle_expires_at, absolute_expires_at)
      VALUES (${other.userId}, ${createHash('sha256').update(token).digest('hex')}, now(), now(), now(), now() + interval '1 hour', now() + interval '2 hours')`);
    tokens.other = token;
    expect((await call('/api/campusLife/lectures/signup', { id }, 'other', EN)).json().msg).toBe('Class size is full or over');
    expect((await call('/api/campusLife/lectures/signup', { id }, 'other')).json().msg).toBe('班级人数已满或超出');
    // Capacity cannot drop below the sign-ups; cancelling frees the seat for the next.
    expect((await call('/api/campusLife/lectures/cancel', { id, reason: '' }, 'T0001', EN)).json().msg).toContain('Say why');
    expect((await call('/api/campusLife/lectures/signup/cancel', { id }, '201911001')).json().result).toBe(true);
    expect((await call('/api/campusLife/lectures/signup', { id }, 'other')).json().result).toBe(true);
    expect(await one(sql`SELECT signed_up AS n FROM campus_events WHERE id = ${id}`)).toEqual({ n: 1 });
    // Outside the window: refused.
    await shift(id, sql`signup_end = now() - interval '1 minute'`);
    expect((await call('/api/campusLife/lectures/signup', { id }, '201911001', EN)).json().msg).toContain('Sign-up is open from');
    // Attendance only from the start, only of those signed up; then cancel-after-start is refused.
    expect((await call('/api/campusLife/lectures/attendance', { id, entries: [{ studentId: other.studentId, attended: true }] }, 'T0001', EN)).json().msg).toContain('from the start');
    await shift(id, sql`signup_start = now() - interval '3 hours', signup_end = now() - interval '2 hours', starts_at = now() - interval '1 hour'`);
    expect((await call('/api/campusLife/lectures/signup/cancel', { id }, 'other', EN)).json().msg).toContain('before the start');
    const me = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number = '201911001'`);
    expect((await call('/api/campusLife/lectures/attendance', { id, entries: [{ studentId: me.id, attended: true }] }, 'T0001', EN)).json().msg).toContain('Only students who signed up');
    expect((await call('/api/campusLife/lectures/attendance', { id, entries: [{ studentId: other.studentId, attended: true }] }, 'T0001')).json().result).toBe(true);
    const list = (await call('/api/campusLife/lectures/signups', { id }, 'T0001')).json().data.rows;
    expect(list.find((row: { studentId: number }) => row.studentId === other.studentId)).toMatchObject({ status: 'signed', attended: true });
    // The Excel copy is the office's: an export right would make every organiser use a second factor.
    const organiserSheet = await t.inject({ method: 'GET', url: `/api/campusLife/lectures/signups/export?id=${id}`, headers: { [t.config.tokenHeader]: tokens.T0001! } });
    expect(organiserSheet.statusCode).toBe(403);
    const sheet = await t.inject({ method: 'GET', url: `/api/campusLife/lectures/signups/export?id=${id}`, headers: { [t.config.tokenHeader]: tokens.admin! } });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheet');
    // Cancelling tells the participant and their parents; a published event cannot be deleted.
    expect((await call('/api/campusLife/lectures/delete', { ids: [id] }, 'T0001', EN)).json().msg).toContain('Only a draft or a cancelled');
    expect((await call('/api/campusLife/lectures/cancel', { id, reason: '主讲人临时有事' }, 'T0001')).json().result).toBe(true);
    const told = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages WHERE link = ${`/xysh/jzgl?id=${id}`} AND title LIKE '%主讲人临时有事%'`);
    expect(told.n).toBeGreaterThanOrEqual(2);
    expect(await one(sql`SELECT notified FROM campus_event_signups WHERE event_id = ${id} AND student_id = ${other.studentId}`)).toEqual({ notified: true });
    expect((await call('/api/campusLife/lectures/delete', { ids: [id] }, 'T0001')).json().result).toBe(true);
  });

  it('never seats more than the capacity when many sign up at once, and lets a parent sign up where the activity allows', async () => {
    const base = await form({ capacity: 3, familySignup: true });
    const { id } = (await call('/api/campusLife/activities/create', base, 'T0002')).json().data;
    await call('/api/campusLife/activities/publish', { id }, 'T0002');
    const students = await queryRows<{ userId: number }>(t.database.db, sql`
      SELECT user_id AS "userId" FROM students WHERE student_number NOT IN ('201911001', '201911002') ORDER BY id LIMIT 12`);
    const { createHash, randomBytes } = await import('node:crypto');
    const many = students.map(() => randomBytes(32).toString('base64url'));
    for (const [i, student] of students.entries()) {
      await t.database.db.execute(sql`
        INSERT INTO sessions (user_id, token_hash, created_at, rotated_at, last_seen_at, idle_expires_at, absolute_expires_at)
        VALUES (${student.userId}, ${createHash('sha256').update(many[i]!).digest('hex')}, now(), now(), now(), now() + interval '1 hour', now() + interval '2 hours')`);
      tokens[`s${i}`] = many[i]!;
    }
    const answers = await Promise.all([
      call('/api/campusLife/activities/signup', { id }, 'jz201911001'),
      ...students.map((_, i) => call('/api/campusLife/activities/signup', { id }, `s${i}`, EN)),
    ]);
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.filter((body) => body.result)).toHaveLength(3);
    expect(bodies.filter((body) => !body.result).every((body) => body.msg === 'Class size is full or over')).toBe(true);
    expect(bodies[0].result).toBe(true);
    const counts = await one<{ n: number; real: number }>(sql`
      SELECT signed_up AS n, (SELECT count(*)::int FROM campus_event_signups WHERE event_id = ${id} AND status = 'signed') AS real FROM campus_events WHERE id = ${id}`);
    expect(counts).toEqual({ n: 3, real: 3 });
    // The hourly job reminds the participants (and their parents) once, within the day before the start.
    await shift(id, sql`starts_at = now() + interval '3 hours', signup_end = now() + interval '2 hours'`);
    expect(await remindDueEvents(t.database.db)).toBeGreaterThanOrEqual(4);
    expect(await remindDueEvents(t.database.db)).toBe(0);
    expect(await one(sql`SELECT count(*)::int AS n FROM campus_event_signups WHERE event_id = ${id} AND notified`)).toEqual({ n: 3 });
  });

  it('counts on the dashboard what waits in campus life: open sign-ups for students and parents, events to run for organisers', async () => {
    const cards = async (account: string): Promise<Record<string, number>> => {
      const data = (await call('/api/dashboard/cards', undefined, account, EN)).json().data as { title: string; value?: number }[];
      return Object.fromEntries(data.filter((card) => card.value !== undefined).map((card) => [card.title, card.value!]));
    };
    const LECTURES = 'Lectures to sign up for';
    const ACTIVITIES = 'Activities to sign up for';
    const TO_RUN = 'Lectures to run';
    const ACTIVITIES_TO_RUN = 'Activities to run';
    const before = { student: await cards('201911001'), parent: await cards('jz201911001'), organiser: await cards('T0001'), other: await cards('T0002'), office: await cards('admin') };
    // The demo: 走进航天 is open to the student (one seat left); the parent may sign up for 亲子植树 only.
    expect(before.student[LECTURES]).toBeGreaterThanOrEqual(1);
    expect(before.parent[ACTIVITIES]).toBeGreaterThanOrEqual(1);
    expect(before.parent[LECTURES]).toBeUndefined();
    expect(before.organiser[TO_RUN]).toBeGreaterThanOrEqual(2);

    // A published lecture open for sign-up, starting in two days: one more for the student, its organiser and the office.
    const { id } = (await call('/api/campusLife/lectures/create', await form({ capacity: 5 }), 'T0001')).json().data;
    const unpublished = await cards('201911001');
    expect(unpublished[LECTURES]).toBe(before.student[LECTURES]);
    expect((await call('/api/campusLife/lectures/publish', { id }, 'T0001')).json().result).toBe(true);
    expect((await cards('201911001'))[LECTURES]).toBe(before.student[LECTURES]! + 1);
    expect((await cards('T0001'))[TO_RUN]).toBe(before.organiser[TO_RUN]! + 1);
    expect((await cards('admin'))[TO_RUN]).toBe(before.office[TO_RUN]! + 1);
    expect((await cards('T0002'))[TO_RUN]).toBe(before.other[TO_RUN]);
    // Signed up: no longer waiting for the student.
    expect((await call('/api/campusLife/lectures/signup', { id }, '201911001')).json().result).toBe(true);
    expect((await cards('201911001'))[LECTURES]).toBe(before.student[LECTURES]);
    // Begun and not yet registered: still the organiser's; registered, or ended over a week ago: not any more.
    await shift(id, sql`signup_start = now() - interval '3 hours', signup_end = now() - interval '2 hours', starts_at = now() - interval '1 hour', ends_at = now() + interval '1 hour'`);
    expect((await cards('T0001'))[TO_RUN]).toBe(before.organiser[TO_RUN]! + 1);
    await shift(id, sql`starts_at = now() - interval '9 days', ends_at = now() - interval '8 days', signup_start = now() - interval '11 days', signup_end = now() - interval '10 days'`);
    expect((await cards('T0001'))[TO_RUN]).toBe(before.organiser[TO_RUN]);
    await shift(id, sql`starts_at = now() - interval '1 hour', ends_at = now() + interval '1 hour'`);
    const me = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number = '201911001'`);
    expect((await call('/api/campusLife/lectures/attendance', { id, entries: [{ studentId: me.id, attended: true }] }, 'T0001')).json().result).toBe(true);
    expect((await cards('T0001'))[TO_RUN]).toBe(before.organiser[TO_RUN]);

    // A lecture beyond the week: open to the student, not yet the organiser's; full: no longer offered.
    const later = (await call('/api/campusLife/lectures/create', await form({ startsAt: at(24 * 10), endsAt: at(24 * 10 + 2), signupEnd: at(24 * 9) }), 'T0001')).json().data.id;
    await call('/api/campusLife/lectures/publish', { id: later }, 'T0001');
    expect((await cards('201911001'))[LECTURES]).toBe(before.student[LECTURES]! + 1);
    expect((await cards('T0001'))[TO_RUN]).toBe(before.organiser[TO_RUN]);
    await shift(later, sql`signed_up = capacity`);
    expect((await cards('201911001'))[LECTURES]).toBe(before.student[LECTURES]);

    // Activities: the parent counts only those the family may sign up for; the organiser's own, not another teacher's.
    const family = (await call('/api/campusLife/activities/create', await form({ familySignup: true }), 'T0002')).json().data.id;
    const own = (await call('/api/campusLife/activities/create', await form(), 'T0002')).json().data.id;
    for (const activity of [family, own]) expect((await call('/api/campusLife/activities/publish', { id: activity }, 'T0002')).json().result).toBe(true);
    expect((await cards('201911001'))[ACTIVITIES]).toBe(before.student[ACTIVITIES]! + 2);
    expect((await cards('jz201911001'))[ACTIVITIES]).toBe(before.parent[ACTIVITIES]! + 1);
    expect((await cards('T0002'))[ACTIVITIES_TO_RUN]).toBe(before.other[ACTIVITIES_TO_RUN]! + 2);
    expect((await cards('T0001'))[ACTIVITIES_TO_RUN]).toBe(before.organiser[ACTIVITIES_TO_RUN]);
    expect((await cards('admin'))[ACTIVITIES_TO_RUN]).toBe(before.office[ACTIVITIES_TO_RUN]! + 2);
    // The parent signs the child up: waiting for neither of them.
    expect((await call('/api/campusLife/activities/signup', { id: family }, 'jz201911001')).json().result).toBe(true);
    expect((await cards('jz201911001'))[ACTIVITIES]).toBe(before.parent[ACTIVITIES]);
    expect((await cards('201911001'))[ACTIVITIES]).toBe(before.student[ACTIVITIES]! + 1);
    // Cancelled: gone from every card.
    expect((await call('/api/campusLife/activities/cancel', { id: own, reason: '场地冲突' }, 'T0002')).json().result).toBe(true);
    expect((await cards('201911001'))[ACTIVITIES]).toBe(before.student[ACTIVITIES]);
    expect((await cards('T0002'))[ACTIVITIES_TO_RUN]).toBe(before.other[ACTIVITIES_TO_RUN]! + 1);
  });
});
