import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';
import { jobHandler } from '../../system/jobs/registry.ts';
import { schoolToday } from '../../timetable/views/service.ts';
import { applyDueRollChanges } from './service.ts';
import { decideWithin } from '../../applications/approvals/service.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { cookie: 'language=en' };
const ZH = { cookie: 'language=zh' };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const count = async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM roll_changes`))[0]!.n;

function day(offset: number): string {
  const [y, m, d] = schoolToday().split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + offset)).toISOString().slice(0, 10);
}

/** Students of a class with no roll change on file, by class code. */
async function freeStudents(classCode: string): Promise<{ id: number; name: string; number: string }[]> {
  return rows(sql`
    SELECT s.id, s.name, s.student_number AS number FROM students s JOIN classes c ON c.id = s.class_id
    WHERE c.code = ${classCode} AND s.student_number <> '201911001' AND NOT EXISTS (SELECT 1 FROM roll_changes r WHERE r.student_id = s.id)
    ORDER BY s.student_number LIMIT 6`);
}
const classId = async (code: string) => (await rows<{ id: number }>(sql`SELECT id FROM classes WHERE code = ${code}`))[0]!.id;

/** Every remaining step: the division director T0001, then an administrator for the academic office. */
async function approveAll(id: number): Promise<void> {
  expect((await call('/api/applications/review/decide', { ids: [id], decision: 'approve' }, 'T0001')).json()).toMatchObject({ result: true });
  expect((await call('/api/applications/review/decide', { ids: [id], decision: 'approve' }, 'admin')).json()).toMatchObject({ result: true, data: { approved: 1 } });
}

describe('school roll changes', () => {
  it('a transfer-out filed by the class teacher and approved takes effect at once: the class list, the statuses and the history follow', async () => {
    const [student] = await freeStudents('20190801');
    const created = await call(
      '/api/roll/changes/create',
      { studentId: student!.id, kind: 'transferOut', effectiveDate: day(0), reason: '随父母迁居外省。', school: '杭州市第二中学' },
      'T0002',
      EN,
    );
    expect(created.json()).toMatchObject({ result: true, msg: 'The roll change was sent for approval' });
    const id = created.json().data.id as number;
    const listed = (await call('/api/roll/changes/page', { currPage: 0, limit: 50, search: { keyword: student!.number } }, 'T0002')).json().data;
    expect(listed.rows[0]).toMatchObject({ id, kind: 'transferOut', status: 'pending', effect: 'waiting', fromClassName: expect.any(String), school: '杭州市第二中学', canWithdraw: true });
    // The division director has it in the queue; the class teacher filed it and cannot decide it.
    const queue = (await call('/api/applications/review/page', { currPage: 0, limit: 100, search: { view: 'waiting', type: 'rollChange' } }, 'T0001')).json().data;
    expect(queue.rows.map((r: { id: number }) => r.id)).toContain(id);
    await approveAll(id);

    const [after] = await rows<{ classId: number | null; enrolment: string; inSchool: string }>(sql`
      SELECT class_id AS "classId", enrolment_status AS enrolment, in_school_status AS "inSchool" FROM students WHERE id = ${student!.id}`);
    expect(after).toEqual({ classId: null, enrolment: '3', inSchool: '2' });
    // No class and no electives: their timetable has no lessons.
    expect(await rows(sql`SELECT 1 FROM elective_enrolments WHERE student_id = ${student!.id}`)).toHaveLength(0);
    const [term] = await rows<{ code: string }>(sql`SELECT code FROM terms WHERE is_current`);
    const week = await t.post('/mobileKb/queryXskb', { xh: student!.number, xnxq: term!.code, zs: '3' }, { token: tokens.admin });
    expect(week.json().data).toMatchObject({ data: [], xxk: [] });
    // The class list no longer has the student.
    const demoClass = await classId('20190801');
    const [inClass] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM students WHERE class_id = ${demoClass} AND id = ${student!.id}`);
    expect(inClass!.n).toBe(0);
    const history = (await call('/api/roll/changes/history', { id: student!.id }, 'T0002')).json().data;
    expect(history.at(-1)).toMatchObject({ id, status: 'approved', effect: 'effective' });
    expect(history.at(-1).effectedAt).not.toBe('');
    const detail = (await call('/api/roll/changes/get', { id }, 'T0002', ZH)).json().data;
    expect(detail).toMatchObject({ type: 'rollChange', status: 'approved', details: { changeKind: 'transferOut', school: '杭州市第二中学' } });
    expect(detail.trail).toHaveLength(2);
    // The parents are told.
    const [told] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM messages m JOIN guardians g ON g.parent_user_id = m.recipient_user_id WHERE g.student_id = ${student!.id} AND m.link = ${`/xjgl/xjyd?id=${id}`}`);
    expect(told!.n).toBeGreaterThan(0);
  });

  it('refuses bad input and broken rules with a message in both languages, and writes nothing', async () => {
    const [a, b] = await freeStudents('20190801');
    const otherClass = await classId('20190802');
    const demoClass = await classId('20190801');
    const before = await count();
    const base = { studentId: a!.id, kind: 'insertClass', toClassId: otherClass, effectiveDate: day(1), reason: '分层教学调整。' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ reason: '' }, 'The reason is required', '请填写异动原因'],
      [{ kind: 'move' }, 'Choose the kind of change', '请选择异动类型'],
      [{ toClassId: null }, 'Choose the class the student goes into', '请选择转入的班级'],
      [{ kind: 'transferOut', toClassId: null }, 'Name the school the student transfers to', '请填写转入学校'],
      [{ effectiveDate: day(-1) }, 'The date it takes effect cannot be in the past', '生效日期不能早于今天'],
      [{ toClassId: demoClass }, `${a!.name} is in that class already`, `${a!.name}已在该班级`],
      [{ kind: 'resume' }, `${a!.name} is not suspended: only a suspended student resumes`, `${a!.name}未休学：只有休学的学生才能复学`],
      [{ images: ['not-a-file'] }, 'The photo no longer exists or was not uploaded by you; upload it again', '照片已不存在或不是您上传的，请重新上传'],
    ];
    for (const [change, en, zh] of cases) {
      expect((await call('/api/roll/changes/create', { ...base, ...change }, 'T0002', EN)).json()).toMatchObject({ result: false, msg: en });
      expect((await call('/api/roll/changes/create', { ...base, ...change }, 'T0002', ZH)).json()).toMatchObject({ result: false, msg: zh });
    }
    // A full class refuses the insert (spec 9).
    const [size] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM students WHERE class_id = ${otherClass}`);
    await t.database.db.execute(sql`UPDATE classes SET capacity = ${size!.n} WHERE id = ${otherClass}`);
    try {
      expect((await call('/api/roll/changes/create', base, 'T0002', EN)).json()).toMatchObject({ result: false, msg: 'Class size is full or over' });
      expect((await call('/api/roll/changes/create', base, 'T0002', ZH)).json()).toMatchObject({ result: false, msg: '班级人数已满或超出' });
    } finally {
      await t.database.db.execute(sql`UPDATE classes SET capacity = 50 WHERE id = ${otherClass}`);
    }
    // Another class's student, and a parent.
    const [stranger] = await freeStudents('20190803');
    expect((await call('/api/roll/changes/create', { ...base, studentId: stranger!.id }, 'T0002', EN)).json()).toMatchObject({
      result: false,
      msg: 'You can only file changes for the students of your classes',
    });
    expect((await call('/api/roll/changes/create', base, 'jz201911001')).statusCode).toBe(403);
    expect(await count()).toBe(before);

    // One open change per student.
    const first = await call('/api/roll/changes/create', { ...base, studentId: b!.id }, 'T0002');
    expect(first.json().result).toBe(true);
    const second = await call('/api/roll/changes/create', { ...base, studentId: b!.id, kind: 'suspend', toClassId: null }, 'T0002', EN);
    expect(second.json()).toMatchObject({ result: false, msg: `${b!.name} already has a roll change waiting for approval or for its date` });
    // A rejection ends it and frees the student.
    await call('/api/applications/review/decide', { ids: [first.json().data.id], decision: 'reject', comment: '暂不调整' }, 'T0001');
    const voided = (await call('/api/roll/changes/page', { currPage: 0, limit: 10, search: { keyword: b!.number, effect: 'void' } }, 'T0002')).json().data;
    expect(voided.rows[0]).toMatchObject({ status: 'rejected', effect: 'void' });
  });

  it('a change for a later date waits for the daily job, which applies it once there is room', async () => {
    const [student] = await freeStudents('20190802');
    const target = await classId('20190803');
    const created = (await call('/api/roll/changes/create', { studentId: student!.id, kind: 'insertClass', toClassId: target, effectiveDate: day(5), reason: '调班。' }, 'admin', EN)).json();
    expect(created).toMatchObject({ result: true });
    const id = created.data.id as number;
    // The administrator filed it, so the step's other approvers decide (as the review page would).
    for (let step = 0; step < 2; step++) {
      const [approver] = await rows<{ userId: number }>(sql`
        SELECT p.user_id AS "userId" FROM application_approvers p JOIN users u ON u.id = p.user_id WHERE p.application_id = ${id} AND u.account <> 'admin' ORDER BY p.user_id LIMIT 1`);
      await t.database.db.transaction((tx) => decideWithin(tx, approver!.userId, false, { ids: [id], decision: 'approve', comment: '' }));
    }
    const waiting = (await call('/api/roll/changes/get', { id }, 'admin')).json().data;
    expect(waiting.status).toBe('approved');
    expect((await rows<{ effect: string }>(sql`SELECT effect FROM roll_changes WHERE application_id = ${id}`))[0]!.effect).toBe('waiting');
    // Not yet due: nothing happens.
    expect((await applyDueRollChanges(t.database.db, day(4))).applied).toBe(0);
    // Due, but the class filled up meanwhile: it waits.
    const [size] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM students WHERE class_id = ${target}`);
    await t.database.db.execute(sql`UPDATE classes SET capacity = ${size!.n} WHERE id = ${target}`);
    expect(await applyDueRollChanges(t.database.db, day(5))).toMatchObject({ applied: 0, blocked: 1 });
    await t.database.db.execute(sql`UPDATE classes SET capacity = 50 WHERE id = ${target}`);
    expect((await applyDueRollChanges(t.database.db, day(5))).applied).toBe(1);
    const [moved] = await rows<{ classId: number }>(sql`SELECT class_id AS "classId" FROM students WHERE id = ${student!.id}`);
    expect(moved!.classId).toBe(target);
    expect(jobHandler('applyRollChanges')).toBeDefined();
  });

  it('offers the caller their students and the classes with their sizes', async () => {
    const mine = (await call('/api/roll/changes/students', { keyword: '' }, 'T0002')).json().data as { className: string }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((s) => s.className)).size).toBe(1);
    const classes = (await call('/api/roll/changes/classes', {}, 'T0002')).json().data as { size: number; capacity: number }[];
    expect(classes[0]).toMatchObject({ size: expect.any(Number), capacity: 50 });
  });

  it('every change the class teacher lists opens, also one into their class filed by the office; others do not', async () => {
    const listed = (await call('/api/roll/changes/page', { currPage: 0, limit: 100, search: {} }, 'T0002')).json().data.rows as { id: number; studentId: number }[];
    const [into] = await rows<{ id: number; studentId: number }>(sql`
      SELECT r.application_id AS id, r.student_id AS "studentId" FROM roll_changes r JOIN classes c ON c.id = r.to_class_id WHERE c.code = '20190801' AND r.kind = 'insertClass' LIMIT 1`);
    expect(listed.map((r) => r.id)).toContain(into!.id);
    for (const row of listed) expect((await call('/api/roll/changes/get', { id: row.id }, 'T0002')).json().result).toBe(true);
    expect((await call('/api/roll/changes/history', { id: into!.studentId }, 'T0002')).json().result).toBe(true);
    const [elsewhere] = await rows<{ id: number; studentId: number }>(sql`
      SELECT r.application_id AS id, r.student_id AS "studentId" FROM roll_changes r JOIN classes c ON c.id = r.from_class_id
      WHERE c.code = '20190802' AND r.kind = 'suspend' AND (r.to_class_id IS NULL) LIMIT 1`);
    expect((await call('/api/roll/changes/get', { id: elsewhere!.id }, 'T0002')).statusCode).toBe(404);
  });

  it('demo data has changes in every state, one of them effective', async () => {
    const states = await rows<{ status: string; effect: string }>(sql`SELECT DISTINCT a.status, r.effect FROM roll_changes r JOIN applications a ON a.id = r.application_id`);
    const statuses = new Set(states.map((s) => s.status));
    for (const status of ['pending', 'approved', 'rejected', 'withdrawn']) expect(statuses).toContain(status);
    expect(states.some((s) => s.effect === 'effective')).toBe(true);
  });
});
