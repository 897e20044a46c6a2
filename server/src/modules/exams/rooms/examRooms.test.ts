import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';
import { placeCandidates, roomQuotas } from './service.ts';

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
const batchId = async (name: string) => (await one<{ id: number }>(sql`SELECT id FROM exam_batches WHERE name = ${name}`)).id;
const MIDTERM = '2026-2027学年第一学期期中考试';
const FINAL = '2026-2027学年第一学期初二期末考试';

/** A new unpublished exam of 初三 (grade sort 9) with two subjects; answers its id. */
async function newExam(subjects: { code: string; date: string; start: string; end: string }[]): Promise<number> {
  const term = await one<{ id: number }>(sql`SELECT id FROM terms WHERE code = '2026-2027-1'`);
  const grade = await one<{ id: number }>(sql`SELECT id FROM grades WHERE sort = 9`);
  const classes = await rows<{ id: number }>(sql`SELECT id FROM classes WHERE grade_id = ${grade.id} ORDER BY sort`);
  const course = async (code: string) => (await one<{ id: number }>(sql`SELECT id FROM courses WHERE code = ${code}`)).id;
  const response = await call(
    '/api/exams/batches/create',
    {
      termId: term.id,
      gradeId: grade.id,
      name: `初三测验${Math.floor(Math.random() * 1e6)}`,
      category: 'unit',
      level: 'school',
      weightPercent: 0,
      scoreSystem: 100,
      passLine: 60,
      subjects: await Promise.all(subjects.map(async (s) => ({ courseId: await course(s.code), examDate: s.date, startTime: s.start, endTime: s.end }))),
      classIds: classes.map((c) => c.id),
      remarks: '',
    },
    'admin',
  );
  expect(response.json()).toMatchObject({ result: true });
  return response.json().data.id;
}

const classrooms = (pattern: string, limit: number) =>
  rows<{ id: number }>(sql`SELECT id FROM classrooms WHERE code LIKE ${pattern} ORDER BY code LIMIT ${limit}`).then((list) => list.map((room) => room.id));

describe('placing candidates', () => {
  it('spreads candidates over rooms as evenly as their seats allow', () => {
    expect(roomQuotas([30, 30, 30], 75)).toEqual([25, 25, 25]);
    expect(roomQuotas([10, 40, 40], 80)).toEqual([10, 35, 35]);
    expect(roomQuotas([30, 30], 61).reduce((a, b) => a + b)).toBe(60);
  });

  it('spreads each class over every room and seats neighbours of different classes', () => {
    const candidates = [
      ...Array.from({ length: 40 }, (_, i) => ({ studentId: i + 1, classId: 1 })),
      ...Array.from({ length: 40 }, (_, i) => ({ studentId: 100 + i, classId: 2 })),
      ...Array.from({ length: 10 }, (_, i) => ({ studentId: 200 + i, classId: 3 })),
    ];
    const placed = placeCandidates(candidates, roomQuotas([30, 30, 30], candidates.length));
    expect(placed).toHaveLength(90);
    const classOf = new Map(candidates.map((c) => [c.studentId, c.classId]));
    for (let room = 0; room < 3; room++) {
      const seated = placed.filter((p) => p.room === room).sort((a, b) => a.seat - b.seat);
      expect(seated.map((p) => p.seat)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      for (const classId of [1, 2, 3]) expect(seated.filter((p) => classOf.get(p.studentId) === classId).length).toBeGreaterThanOrEqual(3);
      const sameNeighbours = seated.filter((p, i) => i > 0 && classOf.get(p.studentId) === classOf.get(seated[i - 1]!.studentId)).length;
      expect(sameNeighbours).toBe(0);
    }
  });
});

describe('exam rooms (考场安排)', () => {
  it("the demo's mid-term is arranged: every candidate has one seat, rooms are not over-full, classes are mixed", async () => {
    const id = await batchId(MIDTERM);
    const summary = (await call('/api/exams/rooms/exam', { batchId: id }, 'admin')).json().data;
    expect(summary).toMatchObject({ published: true, subjectCount: 5 });
    expect(summary.candidates).toBeGreaterThan(60);
    expect(summary.placed).toBe(summary.candidates);
    expect(summary.sessions).toBe(summary.rooms * 5);
    const rooms = (await call('/api/exams/rooms/list', { batchId: id }, 'admin')).json().data;
    for (const room of rooms) {
      expect(room.candidates).toBeLessThanOrEqual(room.seats);
      expect(room.classes.length).toBe(3);
      expect(room.freeSeats.length).toBe(room.seats - room.candidates);
    }
    // The final being planned has its rooms; 初一's monthly test too.
    expect((await call('/api/exams/rooms/exam', { batchId: await batchId(FINAL) }, 'admin')).json().data).toMatchObject({ published: false, invigilatorsAssigned: 0 });
    expect((await call('/api/exams/rooms/exam', { batchId: await batchId(FINAL) }, 'admin')).json().data.rooms).toBeGreaterThan(0);
  });

  it('shows a student and a parent only their own seat in published exams; the office pages refuse families', async () => {
    const mine = (await call('/api/exams/rooms/mine', {}, '201911001')).json().data;
    expect(mine.map((seat: { batchName: string }) => seat.batchName)).toEqual([MIDTERM]);
    expect(mine[0]).toMatchObject({ roomNumber: expect.any(Number), seat: expect.any(Number) });
    expect(mine[0].subjects).toHaveLength(5);
    const child = (await call('/api/exams/rooms/mine', {}, 'jz201911001')).json().data;
    expect(child).toEqual(mine);
    const other = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number <> '201911001' AND class_id IS NOT NULL ORDER BY id LIMIT 1`);
    expect((await call('/api/exams/rooms/mine', { studentId: other.id }, 'jz201911001')).json().data).toEqual([]);
    for (const account of ['201911001', 'jz201911001']) {
      expect((await call('/api/exams/rooms/list', { batchId: await batchId(MIDTERM) }, account)).statusCode).toBe(403);
      expect((await call('/api/exams/rooms/candidates', { currPage: 0, limit: 10, search: { batchId: await batchId(MIDTERM) } }, account)).statusCode).toBe(403);
    }
    expect((await call('/api/exams/rooms/mine', {}, 'T0001')).statusCode).toBe(403);
    const children = (await call('/api/exams/rooms/children', {}, 'jz201911001')).json().data;
    expect(children).toEqual([expect.objectContaining({ name: expect.any(String), className: expect.any(String) })]);
    expect((await call('/api/exams/rooms/mine', { studentId: children[0].id }, 'jz201911001')).json().data).toEqual(mine);
    expect((await call('/api/exams/rooms/children', {}, 'T0001')).statusCode).toBe(403);
    // An unpublished exam's seats stay hidden.
    await t.database.db.execute(sql`UPDATE exam_batches SET published = false WHERE name = ${MIDTERM}`);
    expect((await call('/api/exams/rooms/mine', {}, '201911001')).json().data).toEqual([]);
    await t.database.db.execute(sql`UPDATE exam_batches SET published = true WHERE name = ${MIDTERM}`);
  });

  it('arranges a new exam automatically, refusing too few seats and rooms another exam holds', async () => {
    const id = await newExam([
      { code: 'maths', date: '2026-12-09', start: '08:30', end: '10:00' },
      { code: 'physics', date: '2026-12-09', start: '10:30', end: '11:30' },
    ]);
    const candidates = (await call('/api/exams/rooms/exam', { batchId: id }, 'admin')).json().data.candidates as number;
    expect(candidates).toBeGreaterThan(60);
    const rooms = await classrooms('E0%', 4);

    const short = await call('/api/exams/rooms/arrange', { batchId: id, classroomIds: rooms.slice(0, 1), seatsPerRoom: 20 }, 'admin', EN);
    expect(short.statusCode).toBe(409);
    expect(short.json().msg).toBe(`Class size is full or over: ${candidates} candidates, 20 seats in the rooms chosen`);
    expect((await call('/api/exams/rooms/arrange', { batchId: id, classroomIds: [], seatsPerRoom: 20 }, 'admin')).json().msg).toBe('请选择考场使用的教室');
    expect((await call('/api/exams/rooms/arrange', { batchId: id, classroomIds: rooms, seatsPerRoom: 201 }, 'admin')).json().msg).toBe('每个考场的座位数为 1 到 200 的整数');
    expect((await call('/api/exams/rooms/arrange', { batchId: id, classroomIds: [999999] }, 'admin')).json().msg).toBe('所选考场已不存在');
    expect((await call('/api/exams/rooms/arrange', { batchId: id, classroomIds: rooms }, 'T0001')).statusCode).toBe(403);

    const arranged = await call('/api/exams/rooms/arrange', { batchId: id, classroomIds: rooms, seatsPerRoom: 40 }, 'admin');
    expect(arranged.json()).toMatchObject({ result: true, data: { rooms: 4, placed: candidates, sessions: 8 } });
    const seats = await rows<{ room: number; seat: number; n: number }>(sql`
      SELECT exam_room_id AS room, seat, count(*)::int AS n FROM exam_candidates WHERE batch_id = ${id} GROUP BY 1, 2 HAVING count(*) > 1`);
    expect(seats).toEqual([]);
    const over = await rows(sql`SELECT 1 FROM exam_rooms r WHERE r.batch_id = ${id} AND (SELECT count(*) FROM exam_candidates ec WHERE ec.exam_room_id = r.id) > r.seats`);
    expect(over).toEqual([]);

    // Another exam at an overlapping time cannot take these rooms.
    const clash = await newExam([{ code: 'chinese', date: '2026-12-09', start: '09:30', end: '11:00' }]);
    const refused = await call('/api/exams/rooms/arrange', { batchId: clash, classroomIds: rooms.slice(1, 3) }, 'admin', EN);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/^Cannot operate in two identical rooms: .+ holds 初三测验\d+ on 2026-12-09 (08:30-10:00|10:30-11:30)$/);
    const options = (await call('/api/exams/rooms/options', { batchId: clash }, 'admin')).json().data;
    expect(options.classrooms.find((room: { id: number }) => room.id === rooms[0]).busyWith).toContain('2026-12-09');
    expect(options.classrooms.find((room: { id: number }) => !rooms.includes(room.id)).busyWith).toBe('');

    // Publishing locks the arrangement.
    await call('/api/exams/batches/publish', { ids: [id], published: true }, 'admin');
    const locked = await call('/api/exams/rooms/arrange', { batchId: id, classroomIds: rooms }, 'admin');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().msg).toMatch(/已发布：请先取消发布再修改或删除$/);
    await call('/api/exams/batches/publish', { ids: [id], published: false }, 'admin');
  });

  it('moves a candidate by hand: a taken seat swaps, seats beyond the room and strangers are refused', async () => {
    const id = await newExam([{ code: 'english', date: '2026-12-10', start: '08:30', end: '10:00' }]);
    await call('/api/exams/rooms/arrange', { batchId: id, classroomIds: await classrooms('E0%', 4), seatsPerRoom: 40 }, 'admin');
    const [a, b] = await rows<{ studentId: number; room: number; seat: number }>(sql`
      SELECT student_id AS "studentId", exam_room_id AS room, seat FROM exam_candidates WHERE batch_id = ${id} ORDER BY exam_room_id, seat LIMIT 2`);
    const other = await one<{ room: number; seat: number; studentId: number }>(sql`
      SELECT exam_room_id AS room, seat, student_id AS "studentId" FROM exam_candidates WHERE batch_id = ${id} AND exam_room_id <> ${a!.room} ORDER BY seat LIMIT 1`);
    const moved = await call('/api/exams/rooms/move', { batchId: id, studentId: a!.studentId, examRoomId: other.room, seat: other.seat }, 'admin');
    expect(moved.json()).toMatchObject({ result: true, msg: '座位已调整' });
    const after = await rows<{ studentId: number; room: number; seat: number }>(sql`
      SELECT student_id AS "studentId", exam_room_id AS room, seat FROM exam_candidates WHERE batch_id = ${id} AND student_id IN (${a!.studentId}, ${other.studentId}) ORDER BY student_id`);
    expect(after.find((row) => row.studentId === a!.studentId)).toMatchObject({ room: other.room, seat: other.seat });
    expect(after.find((row) => row.studentId === other.studentId)).toMatchObject({ room: a!.room, seat: a!.seat });

    const room = await one<{ number: number; seats: number }>(sql`SELECT number, seats FROM exam_rooms WHERE id = ${b!.room}`);
    const beyond = await call('/api/exams/rooms/move', { batchId: id, studentId: b!.studentId, examRoomId: b!.room, seat: room.seats + 1 }, 'admin', EN);
    expect(beyond.json().msg).toBe(`Room ${room.number} has seats 1 to ${room.seats}`);
    const stranger = await one<{ id: number }>(sql`SELECT s.id FROM students s JOIN classes c ON c.id = s.class_id JOIN grades g ON g.id = c.grade_id WHERE g.sort = 1 LIMIT 1`);
    expect((await call('/api/exams/rooms/move', { batchId: id, studentId: stranger.id, examRoomId: b!.room, seat: 1 }, 'admin')).json().msg).toBe('该学生不参加本次考试');
    const otherExam = await one<{ id: number }>(sql`SELECT id FROM exam_rooms WHERE batch_id <> ${id} LIMIT 1`);
    expect((await call('/api/exams/rooms/move', { batchId: id, studentId: b!.studentId, examRoomId: otherExam.id, seat: 1 }, 'admin')).json().msg).toBe('所选考场已不存在');

    // A student without a seat (removed here to stand for one who joined later) takes only a free seat.
    await t.database.db.execute(sql`DELETE FROM exam_candidates WHERE batch_id = ${id} AND student_id = ${b!.studentId}`);
    const unplaced = (await call('/api/exams/rooms/candidates', { currPage: 0, limit: 10, search: { batchId: id, unplaced: true } }, 'admin')).json().data;
    expect(unplaced.rows.map((row: { studentId: number }) => row.studentId)).toEqual([b!.studentId]);
    const taken = await call('/api/exams/rooms/move', { batchId: id, studentId: b!.studentId, examRoomId: other.room, seat: other.seat }, 'admin');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toMatch(/考场的 \d+ 号座位已有考生/);
    const free = (await call('/api/exams/rooms/list', { batchId: id }, 'admin')).json().data.find((r: { id: number }) => r.id === b!.room).freeSeats[0];
    expect((await call('/api/exams/rooms/move', { batchId: id, studentId: b!.studentId, examRoomId: b!.room, seat: free }, 'admin')).json().result).toBe(true);
  });

  it('gives the seat lists, door labels and class lists as PDFs, and refuses an exam without rooms', async () => {
    const id = await batchId(MIDTERM);
    for (const kind of ['seats', 'doors', 'classes']) {
      const response = await t.inject({ method: 'GET', url: `/api/exams/rooms/sheet?batchId=${id}&kind=${kind}`, headers: { [t.config.tokenHeader]: tokens.T0001! } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const empty = await newExam([{ code: 'history', date: '2026-12-11', start: '08:30', end: '09:30' }]);
    const refused = await t.inject({ method: 'GET', url: `/api/exams/rooms/sheet?batchId=${empty}&kind=seats`, headers: { [t.config.tokenHeader]: tokens.admin!, ...EN } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('The rooms of this exam are not arranged yet');
    const family = await t.inject({ method: 'GET', url: `/api/exams/rooms/sheet?batchId=${id}&kind=seats`, headers: { [t.config.tokenHeader]: tokens['201911001']! } });
    expect(family.statusCode).toBe(403);
  });

  it('follows a change of the exam: new times move its sessions, a class taken out loses its seats', async () => {
    const id = await newExam([{ code: 'chemistry', date: '2026-12-14', start: '08:30', end: '10:00' }]);
    await call('/api/exams/rooms/arrange', { batchId: id, classroomIds: await classrooms('E0%', 4), seatsPerRoom: 40 }, 'admin');
    const exam = (await call('/api/exams/batches/get', { id }, 'admin')).json().data;
    const update = await call(
      '/api/exams/batches/update',
      { ...exam, subjects: [{ ...exam.subjects[0], startTime: '09:00', endTime: '10:30' }], classIds: exam.classIds.slice(0, 1) },
      'admin',
    );
    expect(update.json()).toMatchObject({ result: true });
    const sessions = await rows<{ startTime: string }>(sql`SELECT start_time AS "startTime" FROM exam_sessions WHERE batch_id = ${id}`);
    expect(sessions.length).toBe(4);
    expect(new Set(sessions.map((s) => s.startTime))).toEqual(new Set(['09:00']));
    const strangers = await rows(sql`
      SELECT 1 FROM exam_candidates ec JOIN students s ON s.id = ec.student_id WHERE ec.batch_id = ${id} AND s.class_id <> ${exam.classIds[0]}`);
    expect(strangers).toEqual([]);
  });
});
