import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../test/helpers.ts';

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

/** 'YYYY-MM-DD HH:mm' on a day from today at a time, on the server's clock. */
function at(dayOffset: number, time: string): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + dayOffset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())} ${time}`;
}

async function demoStudent(): Promise<{ id: number }> {
  const [row] = await rows<{ id: number }>(sql`SELECT s.id FROM students s JOIN users u ON u.id = s.user_id WHERE u.account = '201911001'`);
  return row!;
}

async function bell(account: string) {
  return (await t.post('/api/message/info/getInfoByRecipient', { page: '0', size: '10' }, { token: tokens[account] })).json().data.result as { MESSAGE_TITLE: string; MESSAGE_LINK: string }[];
}

const leave = (studentId: number, extra: Record<string, unknown> = {}) => ({
  studentId,
  leaveType: '1',
  startAt: at(20, '08:00'),
  endAt: at(20, '17:00'),
  reason: '发烧，去医院就诊。',
  ...extra,
});

describe('approval chains: a parent applies for a child; the class teacher and the division director approve', () => {
  it('goes through both steps with a trail and a bell message at each step', async () => {
    const student = await demoStudent();
    const created = await call('/api/applications/leave/create', leave(student.id, { startAt: at(21, '08:00'), endAt: at(21, '17:00') }), 'jz201911001');
    expect(created.json()).toMatchObject({ result: true });
    const id = created.json().data.id as number;
    expect(created.json().data.duration.periods).toBeGreaterThanOrEqual(0);

    // Step 1: the class teacher T0002 has it in the queue and in the bell.
    const queue = await call('/api/applications/review/page', { currPage: 0, limit: 50, search: { view: 'waiting' } }, 'T0002');
    expect(queue.json().data.rows.map((r: { id: number }) => r.id)).toContain(id);
    expect((await bell('T0002')).some((m) => m.MESSAGE_LINK === `/sqsp/sqsh?id=${id}`)).toBe(true);
    // The class teacher opens it to decide; withdrawing is the family's, not theirs.
    const opened = (await call('/api/applications/review/get', { id }, 'T0002')).json().data;
    expect(opened).toMatchObject({ canDecide: true, canWithdraw: false, canCancel: false, status: 'pending' });
    expect(opened.trail).toMatchObject([{ step: 1, kind: 'classTeacher', decision: null, approverNames: [expect.any(String)] }]);
    expect((await call('/api/applications/leave/get', { id }, 'jz201911001')).json().data).toMatchObject({ canWithdraw: true, canDecide: false });
    // T0001 (the division director) cannot decide step 1.
    const early = await call('/api/applications/review/decide', { ids: [id], decision: 'approve' }, 'T0001', EN);
    expect(early.json()).toMatchObject({ result: false, msg: 'This application is not waiting for you' });

    const first = await call('/api/applications/review/decide', { ids: [id], decision: 'approve', comment: '同意' }, 'T0002', EN);
    expect(first.json()).toMatchObject({ result: true, data: { advanced: 1, approved: 0 }, msg: '1 passed to the next step' });
    expect((await bell('jz201911001')).some((m) => m.MESSAGE_LINK === `/sqsp/qjsq?id=${id}`)).toBe(true);

    // What T0002 decided shows in their decided view, with their comment; the keyword finds it by the child's name.
    const decidedView = (await call('/api/applications/review/page', { currPage: 0, limit: 50, search: { view: 'decided' } }, 'T0002')).json().data;
    expect(decidedView.rows.find((r: { id: number }) => r.id === id)).toMatchObject({ myDecision: 'approve', myComment: '同意', step: 2, stepCount: 2 });
    const [child] = await rows<{ name: string }>(sql`SELECT name FROM students WHERE id = ${student.id}`);
    const found = (await call('/api/applications/review/page', { currPage: 0, limit: 50, search: { view: 'waiting', keyword: child!.name, type: 'studentLeave' } }, 'T0001')).json().data;
    expect(found.rows.map((r: { id: number }) => r.id)).toContain(id);
    const none = (await call('/api/applications/review/page', { currPage: 0, limit: 50, search: { view: 'waiting', type: 'travel', keyword: child!.name } }, 'T0001')).json().data;
    expect(none.rows.map((r: { id: number }) => r.id)).not.toContain(id);
    const everyone = (await call('/api/applications/review/page', { currPage: 0, limit: 500, search: { view: 'waiting' } }, 'admin')).json().data;
    expect(everyone.rows.map((r: { id: number }) => r.id)).toContain(id);

    // Step 2: the division director.
    const second = await call('/api/applications/review/decide', { ids: [id], decision: 'approve' }, 'T0001', ZH);
    expect(second.json()).toMatchObject({ result: true, data: { approved: 1 }, msg: '1条已通过' });
    // Deciding it again is refused, in both languages.
    const again = await call('/api/applications/review/decide', { ids: [id], decision: 'approve' }, 'T0001', ZH);
    expect(again.json().result).toBe(false);

    const detail = await call('/api/applications/leave/get', { id }, 'jz201911001', EN);
    const view = detail.json().data;
    expect(view.status).toBe('approved');
    expect(view.trail.map((e: { step: number; decision: string; deciderName: string }) => [e.step, e.decision])).toEqual([
      [1, 'approve'],
      [2, 'approve'],
    ]);
    expect(view.trail[0].comment).toBe('同意');
    expect(view.leaveTypeName).toBe('Sick leave');
    // The other parent-free student sees nothing of it.
    expect((await call('/api/applications/leave/get', { id }, '201911001')).json().result).toBe(true);
  });

  it('a rejection ends it and needs a reason; the applicant may withdraw only while pending', async () => {
    const student = await demoStudent();
    const a = (await call('/api/applications/leave/create', leave(student.id, { startAt: at(22, '08:00'), endAt: at(22, '12:00') }), 'jz201911001')).json().data.id;
    const noReason = await call('/api/applications/review/decide', { ids: [a], decision: 'reject' }, 'T0002', EN);
    expect(noReason.json()).toMatchObject({ result: false, msg: 'Say why it is rejected' });
    const rejected = await call('/api/applications/review/decide', { ids: [a], decision: 'reject', comment: '请补充病历' }, 'T0002');
    expect(rejected.json()).toMatchObject({ result: true, data: { rejected: 1 } });
    const withdrawLate = await call('/api/applications/leave/withdraw', { id: a }, 'jz201911001', EN);
    expect(withdrawLate.json()).toMatchObject({ result: false, msg: 'Only a pending application can be withdrawn' });

    const b = (await call('/api/applications/leave/create', leave(student.id, { startAt: at(23, '08:00'), endAt: at(23, '12:00') }), 'jz201911001')).json().data.id;
    expect((await call('/api/applications/leave/withdraw', { id: b }, 'jz201911001')).json().result).toBe(true);
    const [status] = await rows<{ status: string; waiting: number }>(sql`SELECT status, (SELECT count(*)::int FROM application_approvers WHERE application_id = ${b}) AS waiting FROM applications WHERE id = ${b}`);
    expect(status).toEqual({ status: 'withdrawn', waiting: 0 });
  });

  it('nobody approves their own application, also as its step approver; a batch with one of them changes nothing', async () => {
    // T0001 heads their own department: their travel waits for them and for the principal.
    const travel = await call('/api/applications/travel/create', { destination: '市教研院', startAt: at(30, '08:00'), endAt: at(30, '17:00'), reason: '教研活动', images: [] }, 'T0001');
    const own = travel.json().data.id as number;
    const queue = await call('/api/applications/review/page', { currPage: 0, limit: 100, search: { view: 'waiting' } }, 'T0001');
    expect(queue.json().data.rows.map((r: { id: number }) => r.id)).toContain(own);
    for (const [headers, msg] of [
      [EN, 'You cannot audit yourself'],
      [ZH, '不能审核自己的申请'],
    ] as const) {
      const self = await call('/api/applications/review/decide', { ids: [own], decision: 'approve' }, 'T0001', headers);
      expect(self.json()).toMatchObject({ result: false, msg });
    }
    // With another application in the same batch: nothing is decided.
    const student = await demoStudent();
    const other = (await call('/api/applications/leave/create', leave(student.id, { startAt: at(24, '08:00'), endAt: at(24, '12:00') }), 'jz201911001')).json().data.id;
    await call('/api/applications/review/decide', { ids: [other], decision: 'approve' }, 'T0002');
    const batch = await call('/api/applications/review/decide', { ids: [other, own], decision: 'approve' }, 'T0001', EN);
    expect(batch.json()).toMatchObject({ result: false, msg: 'You cannot audit yourself' });
    const [state] = await rows<{ status: string }>(sql`SELECT status FROM applications WHERE id = ${other}`);
    expect(state!.status).toBe('pending');
    // The principal can decide it.
    const [principal] = await rows<{ account: string }>(sql`
      SELECT u.account FROM application_approvers p JOIN users u ON u.id = p.user_id WHERE p.application_id = ${own} AND u.account <> 'T0001'`);
    expect(principal).toBeTruthy();
  });
});

describe('leave rules', () => {
  it('refuses bad input with a message in both languages and writes nothing', async () => {
    const student = await demoStudent();
    const before = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM applications`);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ reason: '' }, 'The reason is required', '请假事由不能为空'],
      [{ endAt: at(20, '07:00') }, 'The end time must be later than the start time', '结束时间必须晚于开始时间'],
      [{ startAt: '2026/12/01 08:00' }, 'Enter times as YYYY-MM-DD HH:mm', '时间格式为 YYYY-MM-DD HH:mm'],
      [{ leaveType: '99' }, 'Choose the type of leave', '请选择请假类型'],
      [{ images: ['a', 'b', 'c', 'd', 'e'] }, 'At most 4 pictures can be attached', '最多上传4张图片'],
      [{ images: ['not-a-file'] }, 'A picture no longer exists or was not uploaded by you; upload it again', '图片已不存在或不是您上传的，请重新上传'],
      [{ studentId: undefined }, 'Choose the child the leave is for', '请选择请假的孩子'],
      [{ endAt: at(90, '17:00') }, 'A leave can last at most 60 days', '请假时长最多60天'],
    ];
    for (const [change, en, zh] of cases) {
      expect((await call('/api/applications/leave/create', leave(student.id, change), 'jz201911001', EN)).json()).toMatchObject({ result: false, msg: en });
      expect((await call('/api/applications/leave/create', leave(student.id, change), 'jz201911001', ZH)).json()).toMatchObject({ result: false, msg: zh });
    }
    // Another family's child.
    const [stranger] = await rows<{ id: number }>(sql`SELECT id FROM students WHERE id NOT IN (SELECT student_id FROM guardians g JOIN users u ON u.id = g.parent_user_id WHERE u.account = 'jz201911001') LIMIT 1`);
    expect((await call('/api/applications/leave/create', leave(stranger!.id), 'jz201911001')).json().result).toBe(false);
    const after = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM applications`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses a leave overlapping a pending one; 销假 must fall within the leave and only once approved', async () => {
    const student = await demoStudent();
    const id = (await call('/api/applications/leave/create', leave(student.id, { startAt: at(40, '08:00'), endAt: at(41, '17:00') }), 'jz201911001')).json().data.id;
    const overlap = await call('/api/applications/leave/create', leave(student.id, { startAt: at(41, '08:00'), endAt: at(41, '12:00') }), 'jz201911001', EN);
    expect(overlap.json()).toMatchObject({ result: false, msg: 'There is already a pending or approved leave at that time' });
    const early = await call('/api/applications/leave/cancel', { id, returnedAt: at(40, '12:00') }, 'jz201911001', EN);
    expect(early.json()).toMatchObject({ result: false, msg: 'Only an approved leave can be cancelled' });
    await call('/api/applications/review/decide', { ids: [id], decision: 'approve' }, 'T0002');
    await call('/api/applications/review/decide', { ids: [id], decision: 'approve' }, 'T0001');
    const outside = await call('/api/applications/leave/cancel', { id, returnedAt: at(42, '12:00') }, 'jz201911001', EN);
    expect(outside.json()).toMatchObject({ result: false, msg: 'The time of return must fall within the original leave' });
    const done = await call('/api/applications/leave/cancel', { id, returnedAt: at(41, '08:00'), note: '已康复' }, 'jz201911001');
    expect(done.json().result).toBe(true);
    const twice = await call('/api/applications/leave/cancel', { id, returnedAt: at(41, '09:00') }, 'jz201911001', EN);
    expect(twice.json()).toMatchObject({ result: false, msg: 'This leave has already been cancelled' });
    const view = (await call('/api/applications/leave/get', { id }, 'jz201911001')).json().data;
    expect(view).toMatchObject({ cancelled: true, returnedAt: at(41, '08:00'), cancelNote: '已康复' });
  });

  it('the duration counts school days and periods of the calendar, not calendar hours', async () => {
    const { leaveDuration } = await import('./leave/service.ts');
    // A whole teaching week inside the current term: five days, every period of each.
    const [term] = await rows<{ startDate: string }>(sql`SELECT start_date::text AS "startDate" FROM terms WHERE is_current`);
    const [periods] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM periods`);
    const [teaching] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM week_days WHERE teaching`);
    const monday = new Date(`${term!.startDate}T00:00:00`);
    while (monday.getDay() !== 1) monday.setDate(monday.getDate() + 1);
    const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6, 23, 59);
    expect(await leaveDuration(t.database.db, monday, sunday)).toEqual({ days: teaching!.n, periods: teaching!.n * periods!.n });
    // An evening covers no lesson.
    const evening = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate(), 19, 0);
    expect(await leaveDuration(t.database.db, evening, new Date(evening.getTime() + 2 * 3600_000))).toEqual({ days: 0, periods: 0 });
  });

  it('the class teacher sees who of the class is on leave today; another teacher sees none of them', async () => {
    const today = await call('/api/applications/leave/onLeave', { currPage: 0, limit: 50 }, 'T0002');
    const data = today.json().data;
    expect(data.total).toBeGreaterThan(0);
    expect(data.rows[0]).toMatchObject({ className: expect.any(String), studentName: expect.any(String) });
    const admin = await call('/api/applications/leave/onLeave', { currPage: 0, limit: 50 }, 'admin');
    expect(admin.json().data.total).toBeGreaterThanOrEqual(data.total);
    const bad = await call('/api/applications/leave/onLeave', { currPage: 0, limit: 50, search: { date: '26-11-2026' } }, 'T0002', EN);
    expect(bad.json().result).toBe(false);
  });

  it('staff apply for their own leave; travel refuses an end before the start; students cannot travel', async () => {
    const own = await call('/api/applications/leave/create', { leaveType: '2', startAt: at(50, '08:00'), endAt: at(50, '17:00'), reason: '家事' }, 'T0002');
    expect(own.json().result).toBe(true);
    const [row] = await rows<{ type: string; staffId: number | null }>(sql`SELECT type, staff_id AS "staffId" FROM applications WHERE id = ${own.json().data.id}`);
    expect(row).toMatchObject({ type: 'staffLeave', staffId: expect.any(Number) });
    const backwards = await call('/api/applications/travel/create', { destination: '区教育局', startAt: at(5, '12:00'), endAt: at(5, '08:00'), reason: '开会' }, 'T0002', EN);
    expect(backwards.json()).toMatchObject({ result: false, msg: 'The end cannot be earlier than the start' });
    const tooMany = await call('/api/applications/travel/create', { destination: '区教育局', startAt: at(5, '08:00'), endAt: at(5, '12:00'), reason: '开会', images: ['1', '2', '3', '4', '5'] }, 'T0002', ZH);
    expect(tooMany.json()).toMatchObject({ result: false, msg: '最多上传4张图片' });
    const student = await call('/api/applications/travel/create', { destination: 'x', startAt: at(5, '08:00'), endAt: at(5, '12:00'), reason: 'x' }, '201911001');
    expect(student.statusCode).toBe(403);
  });

  it('the administrator changes a chain; applications under way keep theirs', async () => {
    const flows = (await call('/api/applications/flows/list', {}, 'admin')).json().data as { type: string; steps: { kind: string }[] }[];
    expect(flows.find((f) => f.type === 'studentLeave')!.steps.map((s) => s.kind)).toEqual(['classTeacher', 'divisionDirector']);
    const bad = await call('/api/applications/flows/save', { type: 'studentLeave', steps: [{ kind: 'role' }] }, 'admin', EN);
    expect(bad.json()).toMatchObject({ result: false, msg: 'Choose the role that approves the step' });
    const unknown = await call('/api/applications/flows/save', { type: 'travel', steps: [{ kind: 'person', account: 'nobody-here' }] }, 'admin', EN);
    expect(unknown.json()).toMatchObject({ result: false, msg: 'The chosen person does not exist, is disabled or is not staff' });
    const student = await call('/api/applications/flows/save', { type: 'travel', steps: [{ kind: 'person', account: '201911001' }] }, 'admin', ZH);
    expect(student.json()).toMatchObject({ result: false, msg: '所选人员不存在、已停用或不是教职工' });
    // A role and a person by code and account; the list names them.
    expect((await call('/api/applications/flows/save', { type: 'gradeCertificate', steps: [{ kind: 'role', roleCode: 'class_teacher' }, { kind: 'person', account: 'T0001' }] }, 'admin')).json().result).toBe(true);
    const saved = ((await call('/api/applications/flows/list', {}, 'admin')).json().data as { type: string; steps: unknown[] }[]).find((f) => f.type === 'gradeCertificate')!;
    expect(saved.steps).toMatchObject([
      { kind: 'role', roleCode: 'class_teacher', account: null },
      { kind: 'person', account: 'T0001', userName: expect.any(String) },
    ]);
    const none = await call('/api/applications/flows/save', { type: 'studentLeave', steps: [] }, 'admin', ZH);
    expect(none.json()).toMatchObject({ result: false, msg: '审批流程至少需要一个步骤' });
    const teacher = await call('/api/applications/flows/save', { type: 'studentLeave', steps: [{ kind: 'classTeacher' }] }, 'T0002');
    expect(teacher.statusCode).toBe(403);

    const child = await demoStudent();
    const before = (await call('/api/applications/leave/create', leave(child.id, { startAt: at(60, '08:00'), endAt: at(60, '12:00') }), 'jz201911001')).json().data.id;
    expect((await call('/api/applications/flows/save', { type: 'studentLeave', steps: [{ kind: 'classTeacher' }] }, 'admin')).json().result).toBe(true);
    const after = (await call('/api/applications/leave/create', leave(child.id, { startAt: at(61, '08:00'), endAt: at(61, '12:00') }), 'jz201911001')).json().data.id;
    const decided = await call('/api/applications/review/decide', { ids: [before, after], decision: 'approve' }, 'T0002');
    expect(decided.json().data).toEqual({ approved: 1, advanced: 1, rejected: 0 });
    await call('/api/applications/flows/save', { type: 'studentLeave', steps: [{ kind: 'classTeacher' }, { kind: 'divisionDirector' }] }, 'admin');
  });

  it('the demo school has applications in every state', async () => {
    const states = await rows<{ status: string }>(sql`SELECT DISTINCT status FROM applications`);
    expect(states.map((s) => s.status).sort()).toEqual(['approved', 'pending', 'rejected', 'withdrawn']);
    const [cancelled] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM applications WHERE returned_at IS NOT NULL`);
    expect(cancelled!.n).toBeGreaterThan(0);
  });
});

describe("the student's timetable marks the lessons missed on leave", () => {
  it('lists the periods of the week an approved leave covers, for whoever may see the student', async () => {
    // Demo data: a student of the demo class is on approved sick leave from 07:30 today to tomorrow 17:30.
    const [onLeave] = await rows<{ number: string; code: string; week: number }>(sql`
      SELECT s.student_number AS number, t.code, least(((current_date - t.start_date) / 7 + 1), t.week_count)::int AS week
      FROM applications a JOIN students s ON s.id = a.student_id JOIN terms t ON current_date BETWEEN t.start_date AND t.end_date
      WHERE a.type = 'studentLeave' AND a.status = 'approved' AND a.start_at::date = current_date LIMIT 1`);
    if (!onLeave) return; // Today is outside every term: no lessons to miss.
    const missed = await call('/api/applications/leave/missedLessons', { xh: onLeave.number, xnxq: onLeave.code, zs: onLeave.week }, 'T0002', EN);
    const lessons = missed.json().data as { zc: number; jc: number; date: string; leaveTypeName: string }[];
    const today = new Date();
    const weekDay = today.getDay() === 0 ? 7 : today.getDay();
    const [periods] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM periods WHERE end_time > '07:30'`);
    expect(lessons.filter((l) => l.zc === weekDay)).toHaveLength(periods!.n);
    expect(lessons[0]).toMatchObject({ leaveTypeName: 'Sick leave' });
    // Another family does not see it; a bad week is refused.
    expect((await call('/api/applications/leave/missedLessons', { xh: onLeave.number, xnxq: onLeave.code, zs: onLeave.week }, 'jz201911001')).statusCode).toBe(403);
    expect((await call('/api/applications/leave/missedLessons', { xh: onLeave.number, xnxq: onLeave.code, zs: 0 }, 'T0002')).statusCode).toBe(400);
  });
});

describe('the review queue’s keyword (issue 18)', () => {
  /** The text holds the keyword, case aside: what every keyword column's match means. */
  const holds = (column: ReturnType<typeof sql>, keyword: string) => sql`strpos(lower(${column}), ${keyword.toLowerCase()}) > 0`;
  /** A name's surname, its given name (or the two characters of a two-character name), and its initials. */
  const namePieces = (name: string, initials: string) => [[...name][0]!, [...name].slice(-2).join(''), initials, initials.toUpperCase()];

  it('finds pending applications by the applicant’s, the student’s or the staff member’s name or initials', async () => {
    const [people] = await rows<{ applicant: string; applicantInitials: string; student: string; studentInitials: string; staff: string; staffInitials: string }>(sql`
      SELECT (SELECT u.display_name FROM applications a JOIN users u ON u.id = a.applicant_user_id WHERE a.status = 'pending' ORDER BY a.id LIMIT 1) AS applicant,
             (SELECT u.name_initials FROM applications a JOIN users u ON u.id = a.applicant_user_id WHERE a.status = 'pending' ORDER BY a.id LIMIT 1) AS "applicantInitials",
             (SELECT s.name FROM applications a JOIN students s ON s.id = a.student_id WHERE a.status = 'pending' ORDER BY a.id DESC LIMIT 1) AS student,
             (SELECT s.name_initials FROM applications a JOIN students s ON s.id = a.student_id WHERE a.status = 'pending' ORDER BY a.id DESC LIMIT 1) AS "studentInitials",
             (SELECT st.name FROM applications a JOIN staff st ON st.id = a.staff_id WHERE a.status = 'pending' ORDER BY a.id LIMIT 1) AS staff,
             (SELECT st.name_initials FROM applications a JOIN staff st ON st.id = a.staff_id WHERE a.status = 'pending' ORDER BY a.id LIMIT 1) AS "staffInitials"`);
    const keywords = [
      ...namePieces(people!.applicant, people!.applicantInitials),
      ...namePieces(people!.student, people!.studentInitials),
      ...namePieces(people!.staff, people!.staffInitials),
    ];
    for (const keyword of keywords) {
      // The administrator's waiting view: every pending application.
      const found = (await call('/api/applications/review/page', { currPage: 0, limit: 500, search: { view: 'waiting', keyword } }, 'admin')).json().data as {
        total: number;
        rows: { id: number }[];
      };
      const expected = await rows<{ id: number }>(sql`
        SELECT a.id FROM applications a LEFT JOIN users u ON u.id = a.applicant_user_id LEFT JOIN students s ON s.id = a.student_id LEFT JOIN staff st ON st.id = a.staff_id
        WHERE a.status = 'pending' AND (${holds(sql`u.display_name`, keyword)} OR ${holds(sql`u.name_initials`, keyword)} OR ${holds(sql`s.name`, keyword)}
          OR ${holds(sql`s.name_initials`, keyword)} OR ${holds(sql`st.name`, keyword)} OR ${holds(sql`st.name_initials`, keyword)})
        ORDER BY a.id`);
      expect({ total: found.total, ids: found.rows.map((row) => row.id) }, keyword).toEqual({ total: expected.length, ids: expected.map((row) => row.id) });
      expect(found.total, keyword).toBeGreaterThan(0);
    }
  });

  it('follows a renamed student, applicant or staff member, and names what is filed from now on', async () => {
    const waiting = async (keyword: string) =>
      ((await call('/api/applications/review/page', { currPage: 0, limit: 500, search: { view: 'waiting', keyword } }, 'admin')).json().data as { rows: { id: number }[] }).rows.map((row) => row.id);
    const [pending] = await rows<{ id: number; studentId: number; studentName: string; applicantId: number; applicantName: string }>(sql`
      SELECT a.id, s.id AS "studentId", s.name AS "studentName", u.id AS "applicantId", u.display_name AS "applicantName"
      FROM applications a JOIN students s ON s.id = a.student_id JOIN users u ON u.id = a.applicant_user_id
      WHERE a.status = 'pending' AND u.id <> s.user_id ORDER BY a.id LIMIT 1`);
    const [staffPending] = await rows<{ id: number; staffId: number; staffName: string }>(sql`
      SELECT a.id, st.id AS "staffId", st.name AS "staffName" FROM applications a JOIN staff st ON st.id = a.staff_id WHERE a.status = 'pending' ORDER BY a.id LIMIT 1`);
    expect(pending && staffPending).toBeTruthy();
    const rename = (table: 'students' | 'staff' | 'users', id: number, name: string) =>
      t.database.db.execute(table === 'users' ? sql`UPDATE users SET display_name = ${name} WHERE id = ${id}` : sql`UPDATE ${sql.identifier(table)} SET name = ${name} WHERE id = ${id}`);
    try {
      // 甪 is nobody's surname in the demo school: each new name is found by it, by its initials, and alone.
      await rename('students', pending!.studentId, '甪里先');
      await rename('users', pending!.applicantId, '甪里后');
      await rename('staff', staffPending!.staffId, '甪里中');
      expect(await waiting('甪里先')).toContain(pending!.id);
      expect(await waiting('甪里后')).toContain(pending!.id);
      expect(await waiting('甪里中')).toContain(staffPending!.id);
      expect(await waiting('llx')).toContain(pending!.id);
      expect(await waiting('LLZ')).toContain(staffPending!.id);
      // The old names no longer lead there (unless another of its people bears them).
      const [still] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM applications WHERE id = ${pending!.id} AND people_names LIKE ${'%' + pending!.studentName + '%'}`);
      expect(still!.n).toBe(0);
      // A newly filed application carries its people's names from the start.
      const [filed] = await rows<{ people: string }>(sql`
        INSERT INTO applications (type, applicant_user_id, student_id, steps) VALUES ('studentLeave', ${pending!.applicantId}, ${pending!.studentId}, '[]'::jsonb)
        RETURNING people_names AS people`);
      expect(filed!.people.split('\n')).toEqual(['甪里后', 'llh', '甪里先', 'llx']);
      await t.database.db.execute(sql`DELETE FROM applications WHERE people_names = ${filed!.people} AND steps = '[]'::jsonb`);
    } finally {
      await rename('students', pending!.studentId, pending!.studentName);
      await rename('users', pending!.applicantId, pending!.applicantName);
      await rename('staff', staffPending!.staffId, staffPending!.staffName);
    }
    expect(await waiting('甪里')).toEqual([]);
    expect(await waiting(pending!.studentName)).toContain(pending!.id);
  });
});
