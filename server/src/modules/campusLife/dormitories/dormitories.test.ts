import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';
import { dormitoryPlacesOf } from './service.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { cookie: 'language=en' };
const BASE = '/api/campusLife/dormitories';

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: `${BASE}${url}`, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

describe('dormitories (宿舍管理, /ssgl/fjgl)', () => {
  it('shows each role its side: the office every room, a class teacher only their class, a student their own room-mates', async () => {
    const buildings = (await call('/buildings', {}, 'admin')).json().data;
    expect(buildings.map((b: { name: string }) => b.name)).toEqual(expect.arrayContaining(['启航公寓', '明德公寓']));
    expect(buildings.every((b: { occupied: number; beds: number }) => b.occupied > 0 && b.occupied <= b.beds)).toBe(true);
    // Class teachers, students and parents do not manage rooms.
    for (const account of ['T0002', '201911001', 'jz201911001']) expect((await call('/rooms/page', { currPage: 0, limit: 10 }, account)).statusCode).toBe(403);
    const places = (await call('/classPlaces', {}, 'T0002')).json().data;
    expect(places.length).toBeGreaterThan(20);
    expect(new Set(places.map((p: { className: string }) => p.className)).size).toBe(1);
    const demo = places.find((p: { studentNumber: string }) => p.studentNumber === '201911001');
    expect(demo.buildingName).toBe('启航公寓');
    // A teacher who leads no class sees nobody.
    expect((await call('/classPlaces', {}, 'T0001')).statusCode).toBe(403);
    const mine = (await call('/mine', {}, '201911001')).json().data;
    expect(mine.place).toMatchObject({ buildingName: '启航公寓', roomNumber: demo.roomNumber, bedLabel: demo.bedLabel });
    expect(mine.place.roommates.length).toBeGreaterThan(0);
    expect(Object.keys(mine.place.roommates[0]).sort()).toEqual(['bedLabel', 'name']);
    const child = (await call('/mine', {}, 'jz201911001')).json().data;
    expect(child.place.roomNumber).toBe(demo.roomNumber);
    const other = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number = '201911002'`);
    expect((await call('/mine', { studentId: other.id }, 'jz201911001')).statusCode).toBe(403);
    // The workbench's helper reads the same places.
    const me = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number = '201911001'`);
    expect((await dormitoryPlacesOf(t.database.db, [me.id])).get(me.id)).toEqual({ building: '启航公寓', room: demo.roomNumber, bed: demo.bedLabel });
    // Ranking and history.
    const ranked = (await call('/inspections/ranking', { from: '2020-01-01', to: '2099-12-31' }, 'T0002')).json().data;
    expect(ranked[0].rank).toBe(1);
    expect(ranked[0].average).toBeGreaterThanOrEqual(ranked.at(-1).average);
    const history = (await call('/stays/page', { currPage: 0, limit: 50, search: { keyword: '' } }, 'admin')).json().data;
    expect(history.rows.some((row: { checkedOutAt: string }) => row.checkedOutAt !== '')).toBe(true);
    expect(history.rows.some((row: { reason: string }) => row.reason === 'swap')).toBe(true);
  });

  it('keeps effective beds within total beds, one bed per student and the rooms of a swap apart and equal', async () => {
    const building = await one<{ id: number }>(sql`SELECT id FROM buildings WHERE code = 'E-SS'`);
    const room = { buildingId: building.id, floor: 5, number: '501', gender: '1', totalBeds: 4, effectiveBeds: 4 };
    const refused = async (url: string, body: unknown, message: string) => {
      const answer = (await call(url, body, 'admin', EN)).json();
      expect(answer.result).toBe(false);
      expect(answer.msg).toContain(message);
    };
    await refused('/rooms/create', { ...room, effectiveBeds: 5 }, 'Effective beds must not exceed total beds');
    const teaching = await one<{ id: number }>(sql`SELECT id FROM buildings WHERE code = 'E-QM'`);
    await refused('/rooms/create', { ...room, buildingId: teaching.id }, 'not a dormitory');
    const a = (await call('/rooms/create', room, 'admin')).json().data.id;
    const b = (await call('/rooms/create', { ...room, number: '502' }, 'admin')).json().data.id;
    await refused('/rooms/create', room, 'already has room 501');
    // Boys without a bed, and a girl.
    const boys = await rows<{ id: number }>(sql`
      SELECT s.id FROM students s WHERE s.gender = '1' AND NOT EXISTS (SELECT 1 FROM dorm_stays st WHERE st.student_id = s.id AND st.checked_out_at IS NULL) ORDER BY s.id LIMIT 3`);
    const girl = await one<{ id: number }>(sql`SELECT id FROM students WHERE gender = '2' ORDER BY id LIMIT 1`);
    const bedsOf = async (roomId: number) => (await call('/rooms/get', { id: roomId }, 'admin')).json().data.beds as { id: number; stayId: number | null; studentId: number | null }[];
    const [a1, a2, a3] = await bedsOf(a);
    const [b1] = await bedsOf(b);
    await refused('/checkIn', { roomId: a, entries: [{ bedId: a1!.id, studentId: boys[0]!.id }, { bedId: a1!.id, studentId: boys[1]!.id }] }, 'A bed can be chosen only once');
    await refused('/checkIn', { roomId: a, entries: [{ bedId: a1!.id, studentId: girl.id }] }, 'cannot live in room 501');
    expect((await call('/checkIn', { roomId: a, entries: [{ bedId: a1!.id, studentId: boys[0]!.id }, { bedId: a2!.id, studentId: boys[1]!.id }] }, 'admin')).json().result).toBe(true);
    await refused('/checkIn', { roomId: b, entries: [{ bedId: b1!.id, studentId: boys[0]!.id }] }, 'already has a bed');
    await refused('/checkIn', { roomId: a, entries: [{ bedId: a2!.id, studentId: boys[2]!.id }] }, 'Bed 2 is taken');
    // Fewer effective beds than the highest bed in use: refused; then bed 4 is not usable once the room has 3.
    await refused('/rooms/update', { ...room, id: a, effectiveBeds: 1 }, 'beds are in use');
    expect((await call('/rooms/update', { ...room, id: a, effectiveBeds: 3 }, 'admin')).json().result).toBe(true);
    const a4 = (await bedsOf(a))[3]!;
    await refused('/checkIn', { roomId: a, entries: [{ bedId: a4.id, studentId: boys[2]!.id }] }, 'beyond the room');
    expect((await call('/checkIn', { roomId: b, entries: [{ bedId: b1!.id, studentId: boys[2]!.id }] }, 'admin')).json().result).toBe(true);
    void a3;

    const swaps = await rows(sql`SELECT id FROM dorm_stays`);
    await refused('/swap', { fromRoomId: a, toRoomId: a, fromStudentIds: [boys[0]!.id], toStudentIds: [boys[1]!.id] }, 'Cannot operate in two identical rooms');
    await refused('/swap', { fromRoomId: a, toRoomId: b, fromStudentIds: [boys[0]!.id, boys[1]!.id], toStudentIds: [boys[2]!.id] }, 'A swap needs equal numbers of people');
    expect((await call('/swap', { fromRoomId: a, toRoomId: b, fromStudentIds: [boys[0]!.id, boys[1]!.id], toStudentIds: [boys[2]!.id] }, 'admin')).json().msg).toBe('调换需要双方人数相等');
    await refused('/swap', { fromRoomId: a, toRoomId: b, fromStudentIds: [boys[2]!.id], toStudentIds: [boys[0]!.id] }, 'does not live in room 501');
    expect(await rows(sql`SELECT id FROM dorm_stays`)).toHaveLength(swaps.length);
    // Only the office swaps.
    expect((await call('/swap', { fromRoomId: a, toRoomId: b, fromStudentIds: [boys[0]!.id], toStudentIds: [boys[2]!.id] }, 'T0002')).statusCode).toBe(403);
    expect((await call('/swap', { fromRoomId: a, toRoomId: b, fromStudentIds: [boys[0]!.id], toStudentIds: [boys[2]!.id] }, 'admin')).json().result).toBe(true);
    const places = await dormitoryPlacesOf(t.database.db, [boys[0]!.id, boys[2]!.id]);
    expect(places.get(boys[0]!.id)).toMatchObject({ room: '502', bed: '1' });
    expect(places.get(boys[2]!.id)).toMatchObject({ room: '501', bed: '1' });
    const ended = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM dorm_stays WHERE student_id IN (${boys[0]!.id}, ${boys[2]!.id}) AND checked_out_at IS NOT NULL`);
    expect(ended.n).toBe(2);

    // Check-out keeps the history; a room with people (even in its history) is not deleted.
    const current = (await bedsOf(b)).find((bed) => bed.studentId === boys[0]!.id)!;
    expect((await call('/checkOut', { stayIds: [current.stayId] }, 'admin')).json().result).toBe(true);
    await refused('/checkOut', { stayIds: [current.stayId] }, 'checked out already');
    await refused('/rooms/delete', { ids: [b] }, 'has students checked in');
    // Hygiene: one score per room and date, again replaces it.
    const inspect = { roomId: a, inspectedOn: '2026-11-20', score: 88.5, remark: '整洁' };
    await refused('/inspections/save', { ...inspect, score: 101 }, 'from 0 to 100');
    expect((await call('/inspections/save', inspect, 'admin')).json().result).toBe(true);
    expect((await call('/inspections/save', { ...inspect, score: 92 }, 'admin')).json().result).toBe(true);
    expect(await rows(sql`SELECT score::float AS score FROM dorm_inspections WHERE room_id = ${a}`)).toEqual([{ score: 92 }]);
    const sheet = await t.inject({ method: 'GET', url: `${BASE}/stays/export?search=${encodeURIComponent(JSON.stringify({ current: true }))}`, headers: { [t.config.tokenHeader]: tokens.admin! } });
    expect(sheet.statusCode).toBe(200);
  });
});
