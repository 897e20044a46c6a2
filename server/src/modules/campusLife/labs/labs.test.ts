import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { cookie: 'language=en' };

beforeAll(async () => {
  t = await createTestApp();
  // T0002 is a lab administrator too here, to book a shared room and try to approve it themselves.
  await t.database.db.execute(sql`
    INSERT INTO role_menus (role_id, menu_id) SELECT r.id, m.id FROM roles r, menus m WHERE r.code = 'class_teacher' AND m.permission = 'campusLife:lab:manage' ON CONFLICT DO NOTHING`);
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: `/api/campusLife/labs/${url}`, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;
const roomId = async (code: string) => (await one<{ id: number }>(sql`SELECT r.id FROM lab_rooms r JOIN classrooms cr ON cr.id = r.classroom_id WHERE cr.code = ${code}`)).id;

/** A day of next week (1 Monday .. 5 Friday), and one of T0001's lesson periods and one free period that day. */
async function slots(day: number) {
  const date = (await one<{ d: string }>(sql`SELECT (date_trunc('week', CURRENT_DATE)::date + 7 + ${day - 1}::int)::text AS d`)).d;
  const busy = await one<{ period: number } | undefined>(sql`
    SELECT te.period FROM timetable_entries te JOIN terms tm ON tm.id = te.term_id AND tm.is_current JOIN staff st ON st.id = te.teacher_id
    WHERE st.staff_number = 'T0001' AND te.day = ${day} AND te.week_parity = 'all' ORDER BY te.period LIMIT 1`);
  const free = await one<{ period: number }>(sql`
    SELECT pe.sort AS period FROM periods pe WHERE NOT EXISTS (
      SELECT 1 FROM timetable_entries te JOIN terms tm ON tm.id = te.term_id AND tm.is_current JOIN staff st ON st.id = te.teacher_id
      WHERE st.staff_number IN ('T0001', 'T0002') AND te.day = ${day} AND te.period = pe.sort) ORDER BY pe.sort DESC LIMIT 1`);
  return { date, busy: busy?.period, free: free.period };
}

describe('laboratory booking (实验室预约)', () => {
  it('lists rooms and bookings by role, and keeps past bookings to viewing', async () => {
    const rooms = (await call('rooms/list', {}, 'T0001')).json().data;
    expect(rooms.length).toBeGreaterThanOrEqual(5);
    expect(rooms.some((r: { shared: boolean }) => r.shared)).toBe(true);
    const all = (await call('bookings/page', { currPage: 0, limit: 50 }, 'admin')).json().data.rows;
    expect(new Set(all.map((r: { status: string }) => r.status))).toEqual(new Set(['pending', 'approved', 'rejected', 'cancelled']));
    const mine = (await call('bookings/page', { currPage: 0, limit: 50 }, 'T0001')).json().data.rows;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r: { teacherName: string }) => r.teacherName === mine[0].teacherName)).toBe(true);
    const past = mine.find((r: { expired: boolean }) => r.expired);
    expect((await call('bookings/cancel', { id: past.id }, 'T0001', EN)).json().msg).toBe('This record has expired and can only be viewed');
    const edit = { id: past.id, kind: past.kind, classId: past.classId, experiment: past.experiment, equipment: '', note: '', roomId: past.roomId, bookingDate: past.bookingDate, periods: past.periods };
    expect((await call('bookings/update', edit, 'T0001', EN)).json().msg).toBe('This record has expired and can only be viewed');
    expect((await call('rooms/save', { classroomId: rooms[0].classroomId, kind: 'lab', capacity: 10 }, 'T0001')).statusCode).toBe(403);
    expect((await call('bookings/page', { currPage: 0, limit: 5 }, '201911001')).statusCode).toBe(403);
  });

  it('books a free period, refuses clashes, closed periods, past days, two identical rooms and long loan notes', async () => {
    const lab1 = await roomId('LAB1');
    const lab2 = await roomId('LAB2');
    const loanRoom = await roomId('LAB4');
    const monday = await slots(1);
    const other = (items: unknown[], extra: Record<string, unknown> = {}) => ({ kind: 'other', experiment: '兴趣小组活动', note: '', equipment: '', items, ...extra });
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM lab_bookings`);
    const refused = async (body: unknown, message: string, account = 'T0001') => {
      const response = (await call('bookings/create', body, account, EN)).json();
      expect(response.result).toBe(false);
      expect(response.msg).toContain(message);
    };
    await refused(other([{ roomId: lab1, bookingDate: monday.date, periods: [monday.free] }, { roomId: lab1, bookingDate: monday.date, periods: [monday.free] }]), 'Cannot operate in two identical rooms');
    await refused(other([{ roomId: lab1, bookingDate: '2020-01-06', periods: [1] }]), 'today or a later day');
    const friday = await slots(5);
    await refused(other([{ roomId: lab2, bookingDate: friday.date, periods: [6] }]), 'does not open');
    await refused({ kind: 'loan', note: 'x'.repeat(200), items: [{ roomId: loanRoom, bookingDate: monday.date, periods: [monday.free] }] }, 'Class-room loan note under 200 characters');
    await refused({ kind: 'loan', note: '班会', items: [{ roomId: lab1, bookingDate: monday.date, periods: [monday.free] }] }, 'not a room for this kind');
    await refused({ kind: 'student', experiment: '', items: [{ roomId: lab1, bookingDate: monday.date, periods: [monday.free] }] }, 'Name the experiment');
    if (monday.busy) await refused(other([{ roomId: lab1, bookingDate: monday.date, periods: [monday.busy] }]), 'Class time conflict, please change');
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM lab_bookings`)).n).toBe(before.n);

    const booked = (await call('bookings/create', other([{ roomId: lab1, bookingDate: monday.date, periods: [monday.free] }]), 'T0001')).json();
    expect(booked).toMatchObject({ result: true, data: { pending: false } });
    // The room is taken then, for anyone.
    await refused(other([{ roomId: lab1, bookingDate: monday.date, periods: [monday.free] }]), 'Class time conflict, please change', 'T0002');
    const week = (await call('rooms/week', { roomId: lab1, weekStart: monday.date }, 'T0002')).json().data;
    expect(week.some((cell: { bookingId: number; day: number }) => cell.bookingId === booked.data.ids[0] && cell.day === 1)).toBe(true);
    // Cancelling frees the period.
    expect((await call('bookings/cancel', { id: booked.data.ids[0] }, 'T0001')).json().result).toBe(true);
    expect((await call('bookings/create', other([{ roomId: lab1, bookingDate: monday.date, periods: [monday.free] }]), 'T0002')).json().result).toBe(true);
  });

  it('sends shared-room bookings for approval: nobody audits their own, a rejection needs a reason and frees the period', async () => {
    const lab3 = await roomId('LAB3');
    const thursday = await slots(4);
    const body = { kind: 'other', experiment: '', note: '生物兴趣小组', equipment: '', items: [{ roomId: lab3, bookingDate: thursday.date, periods: [thursday.free] }] };
    const booked = (await call('bookings/create', body, 'T0002')).json();
    expect(booked).toMatchObject({ result: true, data: { pending: true } });
    const id = booked.data.ids[0] as number;
    const told = await one<{ link: string }>(sql`SELECT link FROM messages WHERE link = ${`/sysyygl/gyjs/gyjssh?id=${id}`} LIMIT 1`);
    expect(told.link).toContain(String(id));
    expect((await call('bookings/review', { id, decision: 'approve', comment: '' }, 'T0002', EN)).json().msg).toBe('You cannot audit yourself');
    expect((await call('bookings/review', { id, decision: 'approve', comment: '' }, 'T0001')).statusCode).toBe(403);
    expect((await call('bookings/review', { id, decision: 'reject', comment: '' }, 'admin', EN)).json().msg).toBe('Say why the booking is rejected');
    expect((await call('bookings/review', { id, decision: 'reject', comment: '设备检修' }, 'admin')).json().result).toBe(true);
    expect((await call('bookings/review', { id, decision: 'approve', comment: '' }, 'admin', EN)).json().msg).toBe('A booking that is rejected cannot be approved');
    const again = (await call('bookings/create', body, 'T0002')).json();
    expect(again.result).toBe(true);
    expect((await call('bookings/review', { id: again.data.ids[0], decision: 'approve', comment: '' }, 'admin')).json().result).toBe(true);
    expect((await one<{ status: string }>(sql`SELECT status FROM lab_bookings WHERE id = ${again.data.ids[0]}`)).status).toBe('approved');
  });

  it("counts the past from the school's date: yesterday in Shanghai is refused, today is not", async () => {
    const lab1 = await roomId('LAB1');
    const days = await one<{ today: string; yesterday: string }>(sql`
      SELECT (now() AT TIME ZONE 'Asia/Shanghai')::date::text AS today, ((now() AT TIME ZONE 'Asia/Shanghai')::date - 1)::text AS yesterday`);
    const body = (bookingDate: string) => ({ kind: 'other', experiment: '兴趣小组活动', note: '', equipment: '', items: [{ roomId: lab1, bookingDate, periods: [1] }] });
    const yesterday = (await call('bookings/create', body(days.yesterday), 'T0001', EN)).json();
    expect(yesterday.result).toBe(false);
    expect(yesterday.msg).toContain('today or a later day');
    // Today may still be refused for its own reasons (a weekend's closed room, a lesson then), never as past.
    const today = (await call('bookings/create', body(days.today), 'T0001', EN)).json();
    if (!today.result) expect(today.msg).not.toContain('today or a later day');
    else for (const id of today.data.ids as number[]) await call('bookings/cancel', { id }, 'T0001');
  });
});
