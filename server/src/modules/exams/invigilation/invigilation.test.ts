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
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;
const MIDTERM = '2026-2027学年第一学期期中考试';
const FINAL = '2026-2027学年第一学期初二期末考试';
const batchId = async (name: string) => (await one<{ id: number }>(sql`SELECT id FROM exam_batches WHERE name = ${name}`)).id;

/** Nobody of the exam in two places, nobody in an unavailable time, nobody in their own subject. */
async function brokenRules(id: number): Promise<unknown[]> {
  return rows(sql`
    SELECT 'twice' AS rule, i.staff_id FROM invigilations i JOIN exam_sessions es ON es.id = i.session_id
      JOIN invigilations j ON j.staff_id = i.staff_id AND j.id <> i.id JOIN exam_sessions o ON o.id = j.session_id
      WHERE es.batch_id = ${id} AND o.exam_date = es.exam_date AND o.start_time < es.end_time AND es.start_time < o.end_time
    UNION ALL
    SELECT 'away', i.staff_id FROM invigilations i JOIN exam_sessions es ON es.id = i.session_id
      JOIN exam_staff_unavailability u ON u.batch_id = es.batch_id AND u.staff_id = i.staff_id AND u.exam_date = es.exam_date
        AND u.start_time < es.end_time AND es.start_time < u.end_time
      WHERE es.batch_id = ${id}
    UNION ALL
    SELECT 'own', i.staff_id FROM invigilations i JOIN exam_sessions es ON es.id = i.session_id JOIN exam_batches b ON b.id = es.batch_id
      WHERE es.batch_id = ${id} AND b.avoid_own_subject AND i.role <> 'patrol' AND (
        EXISTS (SELECT 1 FROM timetable_entries te WHERE te.term_id = b.term_id AND te.teacher_id = i.staff_id AND te.course_id = es.course_id)
        OR EXISTS (SELECT 1 FROM teaching_classes tc WHERE tc.term_id = b.term_id AND tc.teacher_id = i.staff_id AND tc.course_id = es.course_id))`);
}

async function unpublish(id: number) {
  await t.database.db.execute(sql`UPDATE exam_batches SET published = false WHERE id = ${id}`);
}
async function publish(id: number) {
  await t.database.db.execute(sql`UPDATE exam_batches SET published = true WHERE id = ${id}`);
}

describe('invigilation (监考安排)', () => {
  it("the demo's mid-term has every room's invigilators, within every rule, hours spread evenly", async () => {
    const id = await batchId(MIDTERM);
    const sessions = (await call('/api/exams/invigilation/sessions', { batchId: id }, 'admin')).json().data;
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) {
      expect(session.invigilators.filter((i: { role: string }) => i.role !== 'patrol')).toHaveLength(session.needed);
      expect(session.invigilators[0].role).toBe('chief');
    }
    expect(await brokenRules(id)).toEqual([]);
    const loads = (await call('/api/exams/invigilation/loads', { batchId: id }, 'admin')).json().data as { hours: number }[];
    const hours = loads.map((load) => load.hours);
    expect(Math.max(...hours) - Math.min(...hours)).toBeLessThanOrEqual(2);
    const settings = (await call('/api/exams/invigilation/settings', { batchId: id }, 'admin')).json().data;
    expect(settings).toMatchObject({ avoidOwnSubject: true, twoInvigilatorsFrom: 30 });
    expect(settings.unavailable[0]).toMatchObject({ reason: '区教研会', startTime: '08:00', endTime: '12:00' });
    // The final being planned proposes its classes' teachers and has no invigilators yet.
    const final = (await call('/api/exams/invigilation/settings', { batchId: await batchId(FINAL) }, 'admin')).json().data;
    expect(final.staff.length).toBeGreaterThan(3);
  });

  it("shows a teacher their own published duties; families have no such page", async () => {
    const duty = await one<{ account: string }>(sql`
      SELECT u.account FROM invigilations i JOIN exam_sessions es ON es.id = i.session_id JOIN exam_batches b ON b.id = es.batch_id AND b.published
      JOIN staff st ON st.id = i.staff_id JOIN users u ON u.id = st.user_id WHERE u.account IN ('T0001', 'T0002') LIMIT 1`);
    const mine = (await call('/api/exams/invigilation/mine', {}, duty.account)).json().data;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0]).toMatchObject({ roleName: expect.stringMatching(/监考/), hours: expect.any(Number), roomNumber: expect.any(Number) });
    for (const account of ['201911001', 'jz201911001']) {
      expect((await call('/api/exams/invigilation/mine', {}, account)).statusCode).toBe(403);
      expect((await call('/api/exams/invigilation/sessions', { batchId: await batchId(MIDTERM) }, account)).statusCode).toBe(403);
    }
    // A teacher looks at the arrangement but does not change it.
    expect((await call('/api/exams/invigilation/sessions', { batchId: await batchId(MIDTERM) }, 'T0001')).statusCode).toBe(200);
    expect((await call('/api/exams/invigilation/arrange', { batchId: await batchId(FINAL) }, 'T0001')).statusCode).toBe(403);
  });

  it('saves the settings, refusing an unavailable time of someone outside the pool, and arranges within every rule', async () => {
    const id = await batchId(FINAL);
    expect((await call('/api/exams/invigilation/arrange', { batchId: id }, 'admin')).json().msg).toBe('请先在设置中选择监考人员');
    const proposed = (await call('/api/exams/invigilation/settings', { batchId: id }, 'admin')).json().data;
    const staffIds = proposed.staff.map((s: { id: number }) => s.id) as number[];
    const outsider = await one<{ id: number; name: string }>(sql`SELECT id, name FROM staff WHERE id <> ALL(${sql.param(staffIds)}::int[]) ORDER BY id LIMIT 1`);
    const refused = await call(
      '/api/exams/invigilation/settings/save',
      { batchId: id, staffIds, avoidOwnSubject: true, twoInvigilatorsFrom: 30, unavailable: [{ staffId: outsider.id, examDate: '2027-01-13', startTime: '08:00', endTime: '12:00', reason: '' }] },
      'admin',
      EN,
    );
    expect(refused.json().msg).toBe(`${outsider.name} has an unavailable time but is not in the pool`);
    expect((await call('/api/exams/invigilation/settings/save', { batchId: id, staffIds: [], avoidOwnSubject: true, twoInvigilatorsFrom: 30 }, 'admin')).json().msg).toBe(
      '请选择可以监考的教职工',
    );
    expect((await call('/api/exams/invigilation/settings/save', { batchId: id, staffIds, avoidOwnSubject: true, twoInvigilatorsFrom: 0 }, 'admin')).json().msg).toBe(
      '双人监考的考场人数为 1 到 200 的整数',
    );
    const away = staffIds[0]!;
    const saved = await call(
      '/api/exams/invigilation/settings/save',
      { batchId: id, staffIds, avoidOwnSubject: true, twoInvigilatorsFrom: 25, unavailable: [{ staffId: away, examDate: '2027-01-13', startTime: '08:00', endTime: '17:00', reason: '外出培训' }] },
      'admin',
    );
    expect(saved.json()).toMatchObject({ result: true, msg: '设置已保存' });
    const arranged = (await call('/api/exams/invigilation/arrange', { batchId: id }, 'admin')).json();
    expect(arranged.result).toBe(true);
    expect(arranged.data.assigned).toBeGreaterThan(0);
    expect(await brokenRules(id)).toEqual([]);
    const onJan13 = await rows(sql`
      SELECT 1 FROM invigilations i JOIN exam_sessions es ON es.id = i.session_id WHERE es.batch_id = ${id} AND i.staff_id = ${away} AND es.exam_date = '2027-01-13'`);
    expect(onJan13).toEqual([]);
    // Too small a pool fills what it can and says how many places stay empty.
    await call('/api/exams/invigilation/settings/save', { batchId: id, staffIds: staffIds.slice(0, 2), avoidOwnSubject: false, twoInvigilatorsFrom: 25 }, 'admin');
    const short = (await call('/api/exams/invigilation/arrange', { batchId: id }, 'admin', EN)).json();
    expect(short.data.unfilled).toBeGreaterThan(0);
    expect(short.msg).toMatch(/places filled, \d+ left empty: too few staff are free at those times$/);
    expect(await brokenRules(id)).toEqual([]);
  });

  it('sets a session by hand, refusing a clash with another exam, an unavailable time, an own subject and someone outside the pool', async () => {
    const midterm = await batchId(MIDTERM);
    const final = await batchId(FINAL);
    await t.database.db.execute(sql`DELETE FROM invigilations i USING exam_sessions es WHERE es.id = i.session_id AND es.batch_id = ${final}`);
    const teachers = await rows<{ id: number }>(sql`
      SELECT DISTINCT te.teacher_id AS id FROM exam_batch_classes bc JOIN exam_batches b ON b.id = bc.batch_id
      JOIN timetable_entries te ON te.term_id = b.term_id AND te.class_id = bc.class_id AND te.teacher_id IS NOT NULL WHERE b.id = ${final}`);
    const staffIds = teachers.map((row) => row.id);
    // A mid-term invigilator joins the final's pool; the final's maths moves onto the mid-term's maths time.
    const busy = await one<{ staffId: number; name: string; date: string; start: string; end: string }>(sql`
      SELECT i.staff_id AS "staffId", st.name, to_char(es.exam_date, 'YYYY-MM-DD') AS date, es.start_time AS start, es.end_time AS end
      FROM invigilations i JOIN exam_sessions es ON es.id = i.session_id JOIN staff st ON st.id = i.staff_id
      JOIN courses co ON co.id = es.course_id WHERE es.batch_id = ${midterm} AND co.code = 'maths' ORDER BY i.id LIMIT 1`);
    const pool = [...new Set([...staffIds, busy.staffId])];
    await call('/api/exams/invigilation/settings/save', { batchId: final, staffIds: pool, avoidOwnSubject: true, twoInvigilatorsFrom: 30 }, 'admin');
    const session = await one<{ id: number; courseId: number }>(sql`
      SELECT es.id, es.course_id AS "courseId" FROM exam_sessions es JOIN courses co ON co.id = es.course_id WHERE es.batch_id = ${final} AND co.code = 'maths' ORDER BY es.id LIMIT 1`);
    await t.database.db.execute(sql`UPDATE exam_sessions SET exam_date = ${busy.date}::date, start_time = ${busy.start}, end_time = ${busy.end} WHERE id = ${session.id}`);
    const clash = await call('/api/exams/invigilation/assign', { sessionId: session.id, invigilators: [{ staffId: busy.staffId, role: 'chief' }] }, 'admin', EN);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().msg).toBe(`Class time conflict, please change: ${busy.name} invigilates Mathematics of ${MIDTERM} on ${busy.date} ${busy.start}-${busy.end}`);
    await t.database.db.execute(sql`UPDATE exam_sessions es SET exam_date = s.exam_date, start_time = s.start_time, end_time = s.end_time FROM exam_subjects s
      WHERE es.id = ${session.id} AND s.batch_id = es.batch_id AND s.course_id = es.course_id`);

    const mathsTeacher = await one<{ id: number; name: string } | undefined>(sql`
      SELECT DISTINCT st.id, st.name FROM timetable_entries te JOIN staff st ON st.id = te.teacher_id JOIN exam_batches b ON b.term_id = te.term_id
      WHERE b.id = ${final} AND te.course_id = ${session.courseId} AND te.teacher_id = ANY(${sql.param(pool)}::int[]) LIMIT 1`);
    if (mathsTeacher) {
      const own = await call('/api/exams/invigilation/assign', { sessionId: session.id, invigilators: [{ staffId: mathsTeacher.id, role: 'chief' }] }, 'admin');
      expect(own.json().msg).toBe(`${mathsTeacher.name}任教数学：本次考试规定教师不监考本学科`);
    }
    const free = pool.find((id) => id !== busy.staffId && id !== mathsTeacher?.id)!;
    const date = await one<{ date: string }>(sql`SELECT to_char(exam_date, 'YYYY-MM-DD') AS date FROM exam_sessions WHERE id = ${session.id}`);
    await call(
      '/api/exams/invigilation/settings/save',
      { batchId: final, staffIds: pool, avoidOwnSubject: true, twoInvigilatorsFrom: 30, unavailable: [{ staffId: free, examDate: date.date, startTime: '00:00', endTime: '23:59', reason: '病假' }] },
      'admin',
    );
    const unavailable = await call('/api/exams/invigilation/assign', { sessionId: session.id, invigilators: [{ staffId: free, role: 'chief' }] }, 'admin');
    expect(unavailable.json().msg).toMatch(new RegExp(`在 ${date.date} 00:00-23:59 不能监考$`));
    const outsider = await one<{ id: number; name: string }>(sql`SELECT id, name FROM staff WHERE id <> ALL(${sql.param(pool)}::int[]) ORDER BY id LIMIT 1`);
    expect((await call('/api/exams/invigilation/assign', { sessionId: session.id, invigilators: [{ staffId: outsider.id, role: 'chief' }] }, 'admin')).json().msg).toBe(
      `${outsider.name}不在本次考试的监考人员中`,
    );
    expect((await call('/api/exams/invigilation/assign', { sessionId: session.id, invigilators: [{ staffId: free, role: 'chief' }, { staffId: free, role: 'assistant' }] }, 'admin')).json().msg).toBe(
      '有教职工重复',
    );
    expect((await call('/api/exams/invigilation/assign', { sessionId: session.id, invigilators: [{ staffId: free, role: 'boss' }] }, 'admin')).json().msg).toBe('请选择监考角色');

    const fine = pool.find((id) => id !== busy.staffId && id !== mathsTeacher?.id && id !== free)!;
    const ok = await call('/api/exams/invigilation/assign', { sessionId: session.id, invigilators: [{ staffId: fine, role: 'chief' }] }, 'admin');
    expect(ok.json()).toMatchObject({ result: true, msg: '监考安排已保存' });
    expect((await call('/api/exams/invigilation/assign', { sessionId: session.id, invigilators: [] }, 'admin')).json().result).toBe(true);
    expect(await rows(sql`SELECT 1 FROM invigilations WHERE session_id = ${session.id}`)).toEqual([]);

    // A published exam's duties are fixed until the publication is cancelled.
    await publish(final);
    const locked = await call('/api/exams/invigilation/assign', { sessionId: session.id, invigilators: [{ staffId: fine, role: 'chief' }] }, 'admin');
    expect(locked.statusCode).toBe(409);
    await unpublish(final);
  });

  it('exports the hours as Excel for the office', async () => {
    const id = await batchId(MIDTERM);
    const response = await t.inject({ method: 'GET', url: `/api/exams/invigilation/loads/export?batchId=${id}`, headers: { [t.config.tokenHeader]: tokens.admin! } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const teacher = await t.inject({ method: 'GET', url: `/api/exams/invigilation/loads/export?batchId=${id}`, headers: { [t.config.tokenHeader]: tokens.T0001! } });
    expect(teacher.statusCode).toBe(403);
  });
});
