import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
const refused = async (url: string, body: unknown, account: string, message: string) => {
  const response = (await call(url, body, account, EN)).json();
  expect(response.result).toBe(false);
  expect(response.msg).toContain(message);
};

const seeded = (topic: string) => one<{ id: number }>(sql`SELECT id FROM open_classes WHERE topic = ${topic}`);

describe('open-class evaluation (公开课评价, /gkkMgr/pjrn, /sjpj/pjnr)', () => {
  it('lists the demo open classes in every phase and keeps used evaluation sets', async () => {
    const page = (await call('/api/safety/openClasses/page', { currPage: 0, limit: 50 }, 'T0002')).json();
    expect(page.result).toBe(true);
    expect(new Set(page.data.rows.map((r: { phase: string }) => r.phase))).toEqual(new Set(['upcoming', 'evaluating', 'closed']));
    const open = page.data.rows.find((r: { topic: string }) => r.topic === '一次函数的图像与性质');
    expect(open).toMatchObject({ phase: 'evaluating', signedUp: true, evaluated: false, mine: false, evaluations: 2, editable: false });
    expect((await call('/api/safety/openClasses/page', { currPage: 0, limit: 10 }, '201911001')).statusCode).toBe(403);

    const sets = (await call('/api/safety/evaluationSets/page', { currPage: 0, limit: 10 }, 'admin')).json().data.rows;
    const used = sets.find((s: { name: string }) => s.name === '课堂教学评价表');
    expect(used.used).toBeGreaterThan(0);
    await refused('/api/safety/evaluationSets/delete', { ids: [used.id] }, 'admin', 'The selected option has been in use');
    const items = used.items.map((i: Record<string, unknown>) => ({ ...i }));
    items[0].maxScore = 15;
    await refused('/api/safety/evaluationSets/update', { ...used, items }, 'admin', 'its items can no longer change');
    // Name and anonymity may still change on a used set; the weights must total 100 on any.
    expect((await call('/api/safety/evaluationSets/update', { ...used, description: '通用评价表' }, 'admin')).json().result).toBe(true);
    await refused('/api/safety/evaluationSets/create', { name: '新表', items: [{ name: '甲', maxScore: 10, weight: 60 }, { name: '乙', maxScore: 10, weight: 30 }] }, 'admin', 'total 100');
    await refused('/api/safety/evaluationSets/create', { name: '新表', items: [{ name: '甲', maxScore: 10, weight: 50 }, { name: '甲', maxScore: 10, weight: 50 }] }, 'admin', 'same name');
    expect((await call('/api/safety/evaluationSets/create', { name: '新表', items: [{ name: '甲', maxScore: 10, weight: 100 }] }, 'T0001')).statusCode).toBe(403);
    const unused = sets.find((s: { name: string }) => s.name === '说课评价表');
    expect((await call('/api/safety/evaluationSets/delete', { ids: [unused.id] }, 'admin')).json().result).toBe(true);
  });

  it('schedules a teacher in one place at a time and refuses bad forms', async () => {
    // A lesson T0001 gives to one class (next week, inside the term), and another class of theirs.
    const lesson = await one<{ termId: number; day: string; period: number; classId: number; otherClass: number; courseId: number; setId: number }>(sql`
      SELECT te.term_id AS "termId", (current_date + 7 + ((te.day - extract(isodow FROM current_date + 7)::int + 7) % 7))::text AS day, te.period, te.class_id AS "classId",
        (SELECT id FROM classes WHERE id <> te.class_id ORDER BY id LIMIT 1) AS "otherClass", te.course_id AS "courseId",
        (SELECT id FROM evaluation_sets WHERE name = '课堂教学评价表') AS "setId"
      FROM timetable_entries te JOIN terms t ON t.id = te.term_id JOIN staff st ON st.id = te.teacher_id JOIN users u ON u.id = st.user_id
      WHERE t.is_current AND u.account = 'T0001' AND te.week_parity = 'all' ORDER BY te.day, te.period LIMIT 1`);
    const deadline = `${lesson.day} 18:00`;
    const base = { termId: lesson.termId, courseId: lesson.courseId, classId: lesson.classId, day: lesson.day, periodFrom: lesson.period, periodTo: lesson.period, place: '报告厅', topic: '测试公开课', setId: lesson.setId, deadline };
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM open_classes`);
    await refused('/api/safety/openClasses/create', { ...base, classId: lesson.otherClass }, 'T0001', 'Class time conflict, please change');
    await refused('/api/safety/openClasses/create', { ...base, periodFrom: 3, periodTo: 2 }, 'T0001', 'cannot come before the first');
    await refused('/api/safety/openClasses/create', { ...base, deadline: '2020-01-01 10:00' }, 'T0001', 'deadline cannot come before');
    await refused('/api/safety/openClasses/create', { ...base, topic: '' }, 'T0001', 'topic is required');
    await refused('/api/safety/openClasses/create', { ...base, day: '2099-03-02', deadline: '2099-03-03 10:00' }, 'T0001', 'outside the term');
    const other = await one<{ id: number }>(sql`SELECT st.id FROM staff st JOIN users u ON u.id = st.user_id WHERE u.account = 'T0002'`);
    expect((await call('/api/safety/openClasses/create', { ...base, teacherId: other.id }, 'T0001')).statusCode).toBe(403);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM open_classes`)).n).toBe(before.n);

    // Its own lesson with that class is the open class; a second one then is refused.
    const created = (await call('/api/safety/openClasses/create', base, 'T0001')).json();
    expect(created.result).toBe(true);
    await refused('/api/safety/openClasses/create', { ...base, topic: '第二节' }, 'T0001', 'Class time conflict, please change');
    // Another teacher cannot change it; its teacher can until someone evaluates it.
    expect((await call('/api/safety/openClasses/update', { ...base, id: created.data.id, topic: '改' }, 'T0002')).statusCode).toBe(403);
    expect((await call('/api/safety/openClasses/update', { ...base, id: created.data.id, topic: '改过的课题' }, 'T0001')).json().result).toBe(true);
    // Colleagues sign up once; the teacher cannot attend their own; nobody evaluates before the day.
    expect((await call('/api/safety/openClasses/signUp', { id: created.data.id }, 'T0002')).json().result).toBe(true);
    await refused('/api/safety/openClasses/signUp', { id: created.data.id }, 'T0002', 'already signed up');
    await refused('/api/safety/openClasses/signUp', { id: created.data.id }, 'T0001', 'You cannot audit yourself');
    const items = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM evaluation_set_items WHERE set_id = ${lesson.setId} ORDER BY sort`);
    await refused('/api/safety/openClasses/evaluate', { id: created.data.id, scores: items.map((i) => ({ itemId: i.id, score: 8 })), comment: '' }, 'T0002', 'has not taken place yet');
    expect((await call('/api/safety/openClasses/delete', { ids: [created.data.id] }, 'T0001')).json().result).toBe(true);
  });

  it('lets a colleague who attended evaluate once, and adds it up for the teacher and the office', async () => {
    const { id } = await seeded('一次函数的图像与性质');
    const content = (await call('/api/safety/openClasses/content', { id }, 'T0002')).json().data;
    expect(content).toMatchObject({ cannotEvaluate: '', mine: null, results: null, anonymous: true });
    const items = content.items as { id: number; maxScore: number; weight: number }[];
    const full = items.map((i) => ({ itemId: i.id, score: i.maxScore, comment: '' }));

    await refused('/api/safety/openClasses/evaluate', { id, scores: full, comment: '' }, 'T0001', 'You cannot audit yourself');
    await refused('/api/safety/openClasses/evaluate', { id, scores: full.slice(1), comment: '' }, 'T0002', 'Score every item');
    await refused('/api/safety/openClasses/evaluate', { id, scores: [{ ...full[0]!, score: items[0]!.maxScore + 1 }, ...full.slice(1)], comment: '' }, 'T0002', `at most ${items[0]!.maxScore}`);
    await refused('/api/safety/openClasses/evaluate', { id, scores: [{ ...full[0]!, score: 1.3 }, ...full.slice(1)], comment: '' }, 'T0002', 'steps of 0.5');
    // The administrator is staff without a sign-up (or not staff): refused either way, nothing stored.
    expect((await call('/api/safety/openClasses/evaluate', { id, scores: full, comment: '' }, 'admin', EN)).json().result).toBe(false);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM open_class_evaluations WHERE open_class_id = ${id}`)).n).toBe(2);

    const saved = (await call('/api/safety/openClasses/evaluate', { id, scores: full.map((s, i) => (i === 0 ? { ...s, comment: '目标清楚' } : s)), comment: '很好的一节课' }, 'T0002')).json();
    expect(saved.result).toBe(true);
    await refused('/api/safety/openClasses/evaluate', { id, scores: full, comment: '' }, 'T0002', 'already evaluated');
    const mine = (await call('/api/safety/openClasses/content', { id }, 'T0002')).json().data;
    expect(mine.mine).toMatchObject({ total: 100, comment: '很好的一节课' });

    // The taught teacher reads the figures without names (the set is anonymous); the office with them.
    const taught = (await call('/api/safety/openClasses/content', { id }, 'T0001')).json().data.results;
    expect(taught.evaluations).toBe(3);
    expect(taught.comments.every((c: { evaluator: string }) => c.evaluator === '')).toBe(true);
    expect(taught.comments.some((c: { comment: string }) => c.comment === '很好的一节课')).toBe(true);
    const office = (await call('/api/safety/openClasses/content', { id }, 'admin')).json().data.results;
    expect(office.comments.some((c: { evaluator: string }) => c.evaluator === '李秀英')).toBe(true);

    const stats = (await call('/api/safety/openClasses/statistics', {}, 'admin')).json().data;
    const row = stats.byClass.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ evaluations: 3, attendees: 3 });
    expect(row.average).toBe(office.average);
    expect(stats.byTeacher.length).toBeGreaterThan(2);
    // A teacher's statistics are their own.
    const own = (await call('/api/safety/openClasses/statistics', {}, 'T0001')).json().data;
    expect(own.byTeacher.map((r: { teacherName: string }) => r.teacherName)).toEqual(['王建国']);
    // A closed class is read-only.
    const closed = await seeded('《背影》中的父爱表达');
    await refused('/api/safety/openClasses/evaluate', { id: closed.id, scores: full, comment: '' }, 'T0001', 'already evaluated');
  });

  it('takes sign-ups and cancellations up to and including the class day at the school, not after it nor past the deadline', async () => {
    const lesson = await one<{ termId: number; day: string; period: number; classId: number; courseId: number; setId: number }>(sql`
      SELECT te.term_id AS "termId", (current_date + 7 + ((te.day - extract(isodow FROM current_date + 7)::int + 7) % 7))::text AS day, te.period, te.class_id AS "classId",
        te.course_id AS "courseId", (SELECT id FROM evaluation_sets WHERE name = '课堂教学评价表') AS "setId"
      FROM timetable_entries te JOIN terms t ON t.id = te.term_id JOIN staff st ON st.id = te.teacher_id JOIN users u ON u.id = st.user_id
      WHERE t.is_current AND u.account = 'T0001' AND te.week_parity = 'all' ORDER BY te.day DESC, te.period DESC LIMIT 1`);
    const form = { termId: lesson.termId, courseId: lesson.courseId, classId: lesson.classId, day: lesson.day, periodFrom: lesson.period, periodTo: lesson.period, place: '报告厅', topic: '报名边界', setId: lesson.setId, deadline: `${lesson.day} 18:00` };
    const created = (await call('/api/safety/openClasses/create', form, 'T0001')).json();
    expect(created.result).toBe(true);
    const id = created.data.id as number;
    // A third colleague (seeded without a password): a session of their own.
    const { createHash, randomBytes } = await import('node:crypto');
    const third = randomBytes(32).toString('base64url');
    await t.database.db.execute(sql`
      INSERT INTO sessions (user_id, token_hash, created_at, rotated_at, last_seen_at, idle_expires_at, absolute_expires_at)
      SELECT id, ${createHash('sha256').update(third).digest('hex')}, now(), now(), now(), now() + interval '1 hour', now() + interval '2 hours' FROM users WHERE account = 'T0003'`);
    tokens.T0003 = third;
    // The school's date, whatever the zone of the server or the database.
    const move = (days: number, deadline: string) =>
      t.database.db.execute(sql`UPDATE open_classes SET day = (now() AT TIME ZONE 'Asia/Shanghai')::date + ${days}::int, deadline = now() + ${deadline}::interval WHERE id = ${id}`);

    // On the day (evaluating already): a colleague still signs up and may cancel; the list offers both.
    await move(0, '2 days');
    const row = (await call('/api/safety/openClasses/get', { id }, 'T0002')).json().data;
    expect(row).toMatchObject({ phase: 'evaluating', signedUp: false });
    expect((await call('/api/safety/openClasses/signUp', { id }, 'T0002')).json().result).toBe(true);
    expect((await call('/api/safety/openClasses/cancelSignUp', { id }, 'T0002')).json().result).toBe(true);
    expect((await call('/api/safety/openClasses/signUp', { id }, 'T0002')).json().result).toBe(true);

    // The day after: closed for both, though evaluations go on until the deadline.
    await move(-1, '2 days');
    await refused('/api/safety/openClasses/signUp', { id }, 'T0003', 'Sign-up has closed');
    await refused('/api/safety/openClasses/cancelSignUp', { id }, 'T0002', 'Sign-up has closed');
    expect((await call('/api/safety/openClasses/get', { id }, 'T0002')).json().data).toMatchObject({ phase: 'evaluating', signedUp: true });

    // On the day but past its deadline: nothing left to attend for.
    await move(0, '-1 minute');
    await refused('/api/safety/openClasses/signUp', { id }, 'T0003', 'Sign-up has closed');
    await refused('/api/safety/openClasses/cancelSignUp', { id }, 'T0002', 'Sign-up has closed');
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM open_class_attendees WHERE open_class_id = ${id}`)).n).toBe(1);
  });

  it("reads the class's phase from the school's date of each request, not from the day the server started", async () => {
    const { id } = await seeded('一次函数的图像与性质');
    await t.database.db.execute(sql`UPDATE open_classes SET day = (now() AT TIME ZONE 'Asia/Shanghai')::date, deadline = now() + interval '5 days' WHERE id = ${id}`);
    expect((await call('/api/safety/openClasses/get', { id }, 'T0002')).json().data.phase).toBe('evaluating');
    // The server's clock alone goes back a day (a session would expire if it went forward): the class is tomorrow's.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 86_400_000 });
    try {
      const got = (await call('/api/safety/openClasses/get', { id }, 'T0002')).json();
      expect(got, JSON.stringify(got)).toMatchObject({ data: { phase: 'upcoming' } });
      const page = (await call('/api/safety/openClasses/page', { currPage: 0, limit: 50, phase: 'upcoming' }, 'T0002')).json();
      expect(page.data.rows.map((r: { id: number }) => r.id)).toContain(id);
    } finally {
      vi.useRealTimers();
    }
  });
});
