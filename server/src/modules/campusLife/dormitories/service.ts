import { sql, type SQL } from 'drizzle-orm';
import {
  dormRoomSearchSchema,
  dormStaySearchSchema,
  type DormBed,
  type DormBuilding,
  type DormClassPlace,
  type DormInspectionRow,
  type DormMine,
  type DormRankingRow,
  type DormRoomDetail,
  type DormRoomFormParsed,
  type DormRoomRow,
  type DormStayRow,
  type DormSwapForm,
  type PagedResult,
} from '@campus/contract';
import { dormRooms, dormStays } from '../../../db/schema/index.ts';
import { intArray, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, countMatches, keywordColumns, matchKeyword, matchKeywordAcross } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { ownStudentIdsOf } from '../../../platform/scope.ts';
import { STUDENT_KEYWORD } from '../../records/students/queries.ts';

/**
 * Where each of the students sleeps now (their stay not checked out): building, room and bed by student id.
 * For other areas (the class teacher's workbench); a student without a bed has no entry.
 */
export async function dormitoryPlacesOf(db: Db | Tx, studentIds: number[]): Promise<Map<number, { building: string; room: string; bed: string }>> {
  if (!studentIds.length) return new Map();
  const rows = await queryRows<{ studentId: number; building: string; room: string; bed: string }>(db, sql`
    SELECT st.student_id AS "studentId", b.name AS building, r.number AS room, bd.label AS bed
    FROM dorm_stays st JOIN dorm_beds bd ON bd.id = st.bed_id JOIN dorm_rooms r ON r.id = bd.room_id JOIN buildings b ON b.id = r.building_id
    WHERE st.checked_out_at IS NULL AND st.student_id = ANY(${intArray(studentIds)})`);
  return new Map(rows.map((row) => [Number(row.studentId), { building: row.building, room: row.room, bed: row.bed }]));
}

/** Dormitory buildings are the system's buildings whose usage is 'dormitory' (系统管理 → 楼栋). */
export async function dormBuildings(db: DbOrTx): Promise<DormBuilding[]> {
  return queryRows<DormBuilding>(db, sql`
    SELECT b.id, b.name, coalesce(o.name, '') AS "campusName", b.floors,
      (SELECT count(*)::int FROM dorm_rooms r WHERE r.building_id = b.id) AS rooms,
      (SELECT coalesce(sum(r.effective_beds), 0)::int FROM dorm_rooms r WHERE r.building_id = b.id) AS beds,
      (SELECT count(*)::int FROM dorm_stays st JOIN dorm_beds bd ON bd.id = st.bed_id JOIN dorm_rooms r ON r.id = bd.room_id WHERE r.building_id = b.id AND st.checked_out_at IS NULL) AS occupied
    FROM buildings b LEFT JOIN org_units o ON o.id = b.campus_id
    WHERE b.usage = 'dormitory' AND b.enabled ORDER BY b.sort, b.id`);
}

export const roomList = defineList({
  search: dormRoomSearchSchema,
  sortColumns: { number: sql`r.number`, floor: sql`r.floor`, occupied: sql`occupied` },
  defaultSort: { field: 'number', order: 'asc' },
  tieBreaker: dormRooms.id,
});
type RoomSearch = ReturnType<typeof roomList.parse>['search'];

/** The room list's keyword: the room number. */
const ROOM_KEYWORD = keywordColumns(dormRooms.number);

const ROOM_COLUMNS = sql`
  r.id, r.building_id AS "buildingId", b.name AS "buildingName", r.floor, r.number, r.gender, r.total_beds AS "totalBeds", r.effective_beds AS "effectiveBeds",
  (SELECT count(*)::int FROM dorm_stays st JOIN dorm_beds bd ON bd.id = st.bed_id WHERE bd.room_id = r.id AND st.checked_out_at IS NULL) AS occupied,
  r.remark, li.score::float AS "lastScore", coalesce(to_char(li.inspected_on, 'YYYY-MM-DD'), '') AS "lastInspectedOn"`;
const ROOM_FROM = sql`
  FROM dorm_rooms r JOIN buildings b ON b.id = r.building_id
  LEFT JOIN LATERAL (SELECT i.score, i.inspected_on FROM dorm_inspections i WHERE i.room_id = r.id ORDER BY i.inspected_on DESC LIMIT 1) li ON TRUE`;

function roomFilters(search: RoomSearch): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (search.buildingId) parts.push(sql`r.building_id = ${search.buildingId}`);
  if (search.gender) parts.push(sql`r.gender = ${search.gender}`);
  const keyword = matchKeyword(search.keyword, ROOM_KEYWORD, aliased('r'));
  if (keyword) parts.push(keyword);
  if (search.free) parts.push(sql`(SELECT count(*) FROM dorm_stays st JOIN dorm_beds bd ON bd.id = st.bed_id WHERE bd.room_id = r.id AND st.checked_out_at IS NULL) < r.effective_beds`);
  return sql.join(parts, sql` AND `);
}

export async function pageRooms(db: DbOrTx, request: ListRequest<RoomSearch, keyof typeof roomList.spec.sortColumns>): Promise<PagedResult<DormRoomRow>> {
  const where = roomFilters(request.search);
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<DormRoomRow>(db, sql`
    SELECT * FROM (SELECT ${ROOM_COLUMNS}, b.sort AS building_sort ${ROOM_FROM} WHERE ${where}) r
    ORDER BY r.building_sort, ${roomList.spec.sortColumns[request.sortField]} ${direction}, r.id LIMIT ${request.limit} OFFSET ${request.offset}`);
  const counted = await countMatches(db, sql`SELECT 1 ${ROOM_FROM} WHERE ${where}`, request.search.keyword);
  return { ...counted, rows: rows.map(({ building_sort: _sort, ...row }: DormRoomRow & { building_sort?: number }) => row) };
}

export async function roomDetail(db: DbOrTx, id: number): Promise<DormRoomDetail> {
  const [room] = await queryRows<DormRoomRow>(db, sql`SELECT ${ROOM_COLUMNS} ${ROOM_FROM} WHERE r.id = ${id}`);
  if (!room) throw notFound();
  const beds = await queryRows<Omit<DormBed, 'checkedInAt'> & { inRaw: Date | string | null }>(db, sql`
    SELECT bd.id, bd.label, bd.sort <= ${room.effectiveBeds} AS usable, st.id AS "stayId", s.id AS "studentId", coalesce(s.student_number, '') AS "studentNumber",
      coalesce(s.name, '') AS "studentName", coalesce(c.name, '') AS "className", st.checked_in_at AS "inRaw"
    FROM dorm_beds bd LEFT JOIN dorm_stays st ON st.bed_id = bd.id AND st.checked_out_at IS NULL
    LEFT JOIN students s ON s.id = st.student_id LEFT JOIN classes c ON c.id = s.class_id
    WHERE bd.room_id = ${id} ORDER BY bd.sort`);
  return { ...room, beds: beds.map(({ inRaw, ...bed }) => ({ ...bed, checkedInAt: inRaw ? schoolMinute(inRaw) : '' })) };
}

async function checkRoom(tx: Tx, form: DormRoomFormParsed): Promise<void> {
  const [building] = await queryRows<{ usage: string | null }>(tx, sql`SELECT usage FROM buildings WHERE id = ${form.buildingId}`);
  if (!building || building.usage !== 'dormitory') throw badRequest('dormitory.notDormitory');
  const [taken] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM dorm_rooms WHERE building_id = ${form.buildingId} AND number = ${form.number} AND id <> ${form.id ?? 0}`);
  if (taken) throw conflict('dormitory.numberTaken', { number: form.number });
}

/** A room's beds are numbered 1 to its total; the first `effective` of them are used. */
async function fitBeds(tx: Tx, roomId: number, total: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO dorm_beds (room_id, label, sort) SELECT ${roomId}, n::text, n FROM generate_series(1, ${total}) n
    ON CONFLICT (room_id, label) DO NOTHING`);
  await tx.execute(sql`DELETE FROM dorm_beds WHERE room_id = ${roomId} AND sort > ${total} AND NOT EXISTS (SELECT 1 FROM dorm_stays st WHERE st.bed_id = dorm_beds.id)`);
}

export async function createRoom(db: Db, form: DormRoomFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('dorm-building'), ${form.buildingId})`);
    await checkRoom(tx, form);
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO dorm_rooms (building_id, floor, number, gender, total_beds, effective_beds, remark)
      VALUES (${form.buildingId}, ${form.floor}, ${form.number}, ${form.gender}, ${form.totalBeds}, ${form.effectiveBeds}, ${form.remark}) RETURNING id`);
    await fitBeds(tx, row!.id, form.totalBeds);
    return row!.id;
  });
}

/** Locks a room's row: every change of its beds and stays goes through it, so two operations never meet in one room. */
async function lockRooms(tx: Tx, ids: number[]): Promise<Map<number, { id: number; number: string; gender: string; effectiveBeds: number; totalBeds: number }>> {
  const rows = await queryRows<{ id: number; number: string; gender: string; effectiveBeds: number; totalBeds: number }>(tx, sql`
    SELECT id, number, gender, effective_beds AS "effectiveBeds", total_beds AS "totalBeds" FROM dorm_rooms WHERE id = ANY(${intArray(ids)}) ORDER BY id FOR UPDATE`);
  if (rows.length !== new Set(ids).size) throw notFound();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function updateRoom(db: Db, form: DormRoomFormParsed & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('dorm-building'), ${form.buildingId})`);
    const room = (await lockRooms(tx, [form.id])).get(form.id)!;
    await checkRoom(tx, form);
    // Occupied beds stay usable: neither count may drop below the highest bed in use.
    const [used] = await queryRows<{ n: number; highest: number }>(tx, sql`
      SELECT count(*)::int AS n, coalesce(max(bd.sort), 0)::int AS highest FROM dorm_stays st JOIN dorm_beds bd ON bd.id = st.bed_id
      WHERE bd.room_id = ${form.id} AND st.checked_out_at IS NULL`);
    if (used && used.n > 0 && form.effectiveBeds < used.highest) throw conflict('dormitory.bedsInUse', { count: used.highest });
    if (used && used.n > 0 && room.gender !== form.gender) throw conflict('dormitory.roomInUse', { number: room.number });
    await tx.execute(sql`
      UPDATE dorm_rooms SET building_id = ${form.buildingId}, floor = ${form.floor}, number = ${form.number}, gender = ${form.gender},
        total_beds = ${form.totalBeds}, effective_beds = ${form.effectiveBeds}, remark = ${form.remark}
      WHERE id = ${form.id}`);
    await fitBeds(tx, form.id, form.totalBeds);
  });
}

export async function deleteRooms(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rooms = await lockRooms(tx, ids);
    const [busy] = await queryRows<{ roomId: number }>(tx, sql`
      SELECT DISTINCT bd.room_id AS "roomId" FROM dorm_stays st JOIN dorm_beds bd ON bd.id = st.bed_id WHERE bd.room_id = ANY(${intArray(ids)}) LIMIT 1`);
    if (busy) throw conflict('dormitory.roomInUse', { number: rooms.get(busy.roomId)?.number ?? '' });
    await tx.execute(sql`DELETE FROM dorm_rooms WHERE id = ANY(${intArray(ids)})`);
  });
}

interface StudentFacts {
  id: number;
  name: string;
  gender: string;
  stayId: number | null;
  roomId: number | null;
  bedId: number | null;
}

async function studentFacts(tx: Tx, ids: number[]): Promise<Map<number, StudentFacts>> {
  // Each student's row is held too: the same student checked in by two operations at once meets here first.
  const rows = await queryRows<StudentFacts>(tx, sql`
    SELECT s.id, s.name, s.gender, st.id AS "stayId", bd.room_id AS "roomId", st.bed_id AS "bedId"
    FROM students s LEFT JOIN dorm_stays st ON st.student_id = s.id AND st.checked_out_at IS NULL LEFT JOIN dorm_beds bd ON bd.id = st.bed_id
    WHERE s.id = ANY(${intArray(ids)}) ORDER BY s.id FOR NO KEY UPDATE OF s`);
  if (rows.length !== new Set(ids).size) throw badRequest('dormitory.unknownStudent');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Students into free usable beds of one room: each without a bed now, of the room's gender (one bed per student). */
export async function checkIn(db: Db, caller: Caller, input: { roomId: number; entries: { bedId: number; studentId: number }[] }): Promise<number> {
  return db.transaction(async (tx) => {
    const room = (await lockRooms(tx, [input.roomId])).get(input.roomId)!;
    const students = await studentFacts(tx, input.entries.map((entry) => entry.studentId));
    const beds = await queryRows<{ id: number; label: string; sort: number; taken: boolean }>(tx, sql`
      SELECT bd.id, bd.label, bd.sort, EXISTS (SELECT 1 FROM dorm_stays st WHERE st.bed_id = bd.id AND st.checked_out_at IS NULL) AS taken
      FROM dorm_beds bd WHERE bd.room_id = ${input.roomId}`);
    const bedOf = new Map(beds.map((bed) => [bed.id, bed]));
    for (const entry of input.entries) {
      const bed = bedOf.get(entry.bedId);
      if (!bed) throw badRequest('errors.badRequest');
      const student = students.get(entry.studentId)!;
      if (bed.taken) throw conflict('dormitory.bedTaken', { bed: bed.label });
      if (bed.sort > room.effectiveBeds) throw conflict('dormitory.bedNotUsable', { bed: bed.label });
      if (student.stayId) throw conflict('dormitory.alreadyCheckedIn', { name: student.name });
      if (student.gender !== room.gender) throw conflict('dormitory.wrongGender', { name: student.name, number: room.number });
    }
    await tx.execute(sql`
      INSERT INTO dorm_stays (bed_id, student_id, reason, by_user_id)
      SELECT (e->>'bedId')::int, (e->>'studentId')::int, 'checkIn', ${caller.auth.userId} FROM jsonb_array_elements(${JSON.stringify(input.entries)}::jsonb) e`);
    return input.entries.length;
  });
}

export async function checkOut(db: Db, stayIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rooms = await queryRows<{ roomId: number }>(tx, sql`
      SELECT DISTINCT bd.room_id AS "roomId" FROM dorm_stays st JOIN dorm_beds bd ON bd.id = st.bed_id WHERE st.id = ANY(${intArray(stayIds)})`);
    await lockRooms(tx, rooms.map((room) => room.roomId));
    const out = await queryRows<{ id: number }>(tx, sql`UPDATE dorm_stays SET checked_out_at = now() WHERE id = ANY(${intArray(stayIds)}) AND checked_out_at IS NULL RETURNING id`);
    if (out.length !== new Set(stayIds).size) throw conflict('dormitory.alreadyOut');
    return out.length;
  });
}

/**
 * People of two rooms change beds: the i-th chosen of one room takes the bed of the i-th chosen of the other.
 * Spec 5: never the same room twice, always equal numbers; each moves into a room of their gender. The old
 * stays end and new ones begin (the history keeps both).
 */
export async function swapRooms(db: Db, caller: Caller, input: DormSwapForm): Promise<number> {
  if (input.fromRoomId === input.toRoomId) throw badRequest('dormitory.sameRoom');
  if (input.fromStudentIds.length !== input.toStudentIds.length || input.fromStudentIds.length === 0) throw badRequest('dormitory.swapUnequal');
  return db.transaction(async (tx) => {
    const rooms = await lockRooms(tx, [input.fromRoomId, input.toRoomId]);
    const from = rooms.get(input.fromRoomId)!;
    const to = rooms.get(input.toRoomId)!;
    const everyone = [...input.fromStudentIds, ...input.toStudentIds];
    if (new Set(everyone).size !== everyone.length) throw badRequest('dormitory.studentTwice');
    const students = await studentFacts(tx, everyone);
    for (const [ids, room, other] of [[input.fromStudentIds, from, to], [input.toStudentIds, to, from]] as const) {
      for (const id of ids) {
        const student = students.get(id)!;
        if (student.roomId !== room.id) throw conflict('dormitory.notInRoom', { name: student.name, number: room.number });
        if (student.gender !== other.gender) throw conflict('dormitory.wrongGender', { name: student.name, number: other.number });
      }
    }
    const moves = input.fromStudentIds.flatMap((a, i) => {
      const b = input.toStudentIds[i]!;
      return [
        { studentId: a, bedId: students.get(b)!.bedId! },
        { studentId: b, bedId: students.get(a)!.bedId! },
      ];
    });
    await tx.execute(sql`UPDATE dorm_stays SET checked_out_at = now() WHERE id = ANY(${intArray(everyone.map((id) => students.get(id)!.stayId!))})`);
    await tx.execute(sql`
      INSERT INTO dorm_stays (bed_id, student_id, reason, by_user_id)
      SELECT (m->>'bedId')::int, (m->>'studentId')::int, 'swap', ${caller.auth.userId} FROM jsonb_array_elements(${JSON.stringify(moves)}::jsonb) m`);
    return input.fromStudentIds.length;
  });
}

/** Its sorts read the matches `m` (pageStays) and what STAY_SORT_JOINS brings for each. */
export const stayList = defineList({
  search: dormStaySearchSchema,
  sortColumns: { checkedInAt: sql`m.checked_in_at`, studentNumber: sql`s.student_number`, roomNumber: sql`r.number` },
  defaultSort: { field: 'checkedInAt', order: 'desc' },
  tieBreaker: dormStays.id,
});
type StaySearch = ReturnType<typeof stayList.parse>['search'];

/**
 * The check-in list's keyword: the student's number, name or its initials, or the room's number, by the
 * stay's own student and bed (the rooms' beds), each an indexed column of every stay, past or current.
 */
function stayKeyword(keyword: string | undefined): SQL | undefined {
  return matchKeywordAcross(keyword, [
    { key: sql`st.student_id`, columns: STUDENT_KEYWORD },
    { key: sql`st.bed_id`, columns: ROOM_KEYWORD, through: sql`SELECT bd.id FROM dorm_beds bd WHERE bd.room_id` },
  ]);
}

const STAY_COLUMNS = sql`
  st.id, s.id AS "studentId", s.student_number AS "studentNumber", s.name AS "studentName", coalesce(c.name, '') AS "className",
  b.name AS "buildingName", r.number AS "roomNumber", bd.label AS "bedLabel", st.checked_in_at AS "inRaw", st.checked_out_at AS "outRaw", st.reason,
  coalesce(u.display_name, '') AS "byName"`;
const STAY_TABLES = sql`
  dorm_stays st JOIN students s ON s.id = st.student_id LEFT JOIN classes c ON c.id = s.class_id
  JOIN dorm_beds bd ON bd.id = st.bed_id JOIN dorm_rooms r ON r.id = bd.room_id JOIN buildings b ON b.id = r.building_id
  LEFT JOIN users u ON u.id = st.by_user_id`;

/** What each sort of the check-in list joins to the matches `m`. */
const STAY_SORT_JOINS: Record<keyof typeof stayList.spec.sortColumns, SQL> = {
  checkedInAt: sql``,
  studentNumber: sql`JOIN students s ON s.id = m.student_id`,
  roomNumber: sql`JOIN dorm_beds bd ON bd.id = m.bed_id JOIN dorm_rooms r ON r.id = bd.room_id`,
};

/** The check-in history (every stay, or only those not checked out), paged. */
export async function pageStays(db: DbOrTx, request: ListRequest<StaySearch, keyof typeof stayList.spec.sortColumns>): Promise<PagedResult<DormStayRow>> {
  const parts: SQL[] = [sql`TRUE`];
  if (request.search.buildingId) {
    parts.push(sql`st.bed_id IN (SELECT bd.id FROM dorm_beds bd JOIN dorm_rooms r ON r.id = bd.room_id WHERE r.building_id = ${request.search.buildingId})`);
  }
  if (request.search.current) parts.push(sql`st.checked_out_at IS NULL`);
  const keyword = stayKeyword(request.search.keyword);
  if (keyword) parts.push(keyword);
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const found = await pageOfList<Omit<DormStayRow, 'checkedInAt' | 'checkedOutAt'> & { inRaw: Date | string; outRaw: Date | string | null }>(
    db,
    request.search.keyword,
    {
      matching: sql`SELECT st.id, st.student_id, st.bed_id, st.checked_in_at FROM dorm_stays st WHERE ${sql.join(parts, sql` AND `)}`,
      order: { joins: STAY_SORT_JOINS[request.sortField], orderBy: sql`${stayList.spec.sortColumns[request.sortField]} ${direction}, m.id ${direction}` },
      details: { columns: STAY_COLUMNS, joins: sql`JOIN (${STAY_TABLES}) ON st.id = chosen.id` },
    },
    request,
  );
  return { ...found, rows: found.rows.map(({ inRaw, outRaw, ...row }) => ({ ...row, checkedInAt: schoolMinute(inRaw), checkedOutAt: outRaw ? schoolMinute(outRaw) : '' })) };
}

export async function saveInspection(db: Db, caller: Caller, input: { roomId: number; inspectedOn: string; score: number; remark: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRooms(tx, [input.roomId]);
    await tx.execute(sql`
      INSERT INTO dorm_inspections (room_id, inspected_on, score, remark, inspector_user_id)
      VALUES (${input.roomId}, ${input.inspectedOn}, ${input.score}, ${input.remark}, ${caller.auth.userId})
      ON CONFLICT (room_id, inspected_on) DO UPDATE SET score = EXCLUDED.score, remark = EXCLUDED.remark, inspector_user_id = EXCLUDED.inspector_user_id`);
  });
}

export async function deleteInspections(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await queryRows<{ id: number }>(tx, sql`DELETE FROM dorm_inspections WHERE id = ANY(${intArray(ids)}) RETURNING id`);
    if (gone.length !== new Set(ids).size) throw notFound();
  });
}

export async function inspections(db: DbOrTx, query: { buildingId?: number | undefined; from: string; to: string }): Promise<DormInspectionRow[]> {
  return queryRows<DormInspectionRow>(db, sql`
    SELECT i.id, r.id AS "roomId", b.name AS "buildingName", r.number AS "roomNumber", to_char(i.inspected_on, 'YYYY-MM-DD') AS "inspectedOn",
      i.score::float AS score, i.remark, coalesce(u.display_name, '') AS "inspectorName"
    FROM dorm_inspections i JOIN dorm_rooms r ON r.id = i.room_id JOIN buildings b ON b.id = r.building_id LEFT JOIN users u ON u.id = i.inspector_user_id
    WHERE i.inspected_on BETWEEN ${query.from}::date AND ${query.to}::date ${query.buildingId ? sql`AND r.building_id = ${query.buildingId}` : sql``}
    ORDER BY i.inspected_on DESC, b.sort, r.number LIMIT 2000`);
}

/** Rooms ranked by their average hygiene score in the dates (ties share a rank). */
export async function ranking(db: DbOrTx, query: { buildingId?: number | undefined; from: string; to: string }): Promise<DormRankingRow[]> {
  return queryRows<DormRankingRow>(db, sql`
    SELECT (rank() OVER (ORDER BY x.average DESC))::int AS rank, x.* FROM (
      SELECT r.id AS "roomId", b.name AS "buildingName", r.number AS "roomNumber", count(*)::int AS inspections,
        round(avg(i.score), 1)::float AS average, (array_agg(i.score ORDER BY i.inspected_on DESC))[1]::float AS latest
      FROM dorm_inspections i JOIN dorm_rooms r ON r.id = i.room_id JOIN buildings b ON b.id = r.building_id
      WHERE i.inspected_on BETWEEN ${query.from}::date AND ${query.to}::date ${query.buildingId ? sql`AND r.building_id = ${query.buildingId}` : sql``}
      GROUP BY r.id, b.name, r.number) x
    ORDER BY rank, x."buildingName", x."roomNumber"`);
}

/** A class teacher's own classes (those they lead), and only those: where each student sleeps. Read-only. */
export async function classPlaces(db: DbOrTx, caller: Caller): Promise<DormClassPlace[]> {
  const classes = sql`SELECT c.id FROM classes c JOIN staff st ON st.id = c.class_teacher_id WHERE st.user_id = ${caller.auth.userId}`;
  const rows = await queryRows<Omit<DormClassPlace, 'checkedInAt'> & { inRaw: Date | string | null }>(db, sql`
    SELECT s.id AS "studentId", s.student_number AS "studentNumber", s.name AS "studentName", c.name AS "className", s.gender,
      coalesce(b.name, '') AS "buildingName", coalesce(r.number, '') AS "roomNumber", coalesce(bd.label, '') AS "bedLabel", st.checked_in_at AS "inRaw"
    FROM students s JOIN classes c ON c.id = s.class_id
    LEFT JOIN dorm_stays st ON st.student_id = s.id AND st.checked_out_at IS NULL LEFT JOIN dorm_beds bd ON bd.id = st.bed_id
    LEFT JOIN dorm_rooms r ON r.id = bd.room_id LEFT JOIN buildings b ON b.id = r.building_id
    WHERE s.class_id IN (${classes}) AND s.in_school_status = '1'
    ORDER BY c.sort, s.student_number`);
  return rows.map(({ inRaw, ...row }) => ({ ...row, checkedInAt: inRaw ? schoolMinute(inRaw) : '' }));
}

/** A student's own bed and room-mates' names; a parent's child's (several children: the one asked for). */
export async function myPlace(db: DbOrTx, caller: Caller, studentId: number | undefined): Promise<DormMine> {
  const own = await queryRows<{ id: number; name: string; className: string; self: boolean }>(db, sql`
    SELECT s.id, s.name, coalesce(c.name, '') AS "className", s.user_id = ${caller.auth.userId} AS self
    FROM students s LEFT JOIN classes c ON c.id = s.class_id WHERE s.id IN (${ownStudentIdsOf(sql`${caller.auth.userId}`)}) ORDER BY s.student_number`);
  const self = own.find((row) => row.self);
  const children = self ? [] : own.map(({ self: _self, ...row }) => row);
  if (studentId !== undefined && !own.some((row) => row.id === studentId)) throw forbidden('campusLife.notYourChild');
  const chosen = studentId !== undefined ? own.find((row) => row.id === studentId) : (self ?? own[0]);
  if (!chosen) return { student: null, children, place: null };
  const student = { id: chosen.id, name: chosen.name, className: chosen.className };
  const [place] = await queryRows<{ roomId: number; buildingName: string; roomNumber: string; floor: number; bedLabel: string; inRaw: Date | string; lastScore: number | null; lastInspectedOn: string }>(db, sql`
    SELECT r.id AS "roomId", b.name AS "buildingName", r.number AS "roomNumber", r.floor, bd.label AS "bedLabel", st.checked_in_at AS "inRaw",
      li.score::float AS "lastScore", coalesce(to_char(li.inspected_on, 'YYYY-MM-DD'), '') AS "lastInspectedOn"
    FROM dorm_stays st JOIN dorm_beds bd ON bd.id = st.bed_id JOIN dorm_rooms r ON r.id = bd.room_id JOIN buildings b ON b.id = r.building_id
    LEFT JOIN LATERAL (SELECT i.score, i.inspected_on FROM dorm_inspections i WHERE i.room_id = r.id ORDER BY i.inspected_on DESC LIMIT 1) li ON TRUE
    WHERE st.student_id = ${student.id} AND st.checked_out_at IS NULL`);
  if (!place) return { student, children, place: null };
  // Only the names and beds of the room-mates: nothing else of other students is theirs to read.
  const roommates = await queryRows<{ name: string; bedLabel: string }>(db, sql`
    SELECT s.name, bd.label AS "bedLabel" FROM dorm_stays st JOIN dorm_beds bd ON bd.id = st.bed_id JOIN students s ON s.id = st.student_id
    WHERE bd.room_id = ${place.roomId} AND st.checked_out_at IS NULL AND st.student_id <> ${student.id} ORDER BY bd.sort`);
  const { roomId: _room, inRaw, ...rest } = place;
  return { student, children, place: { ...rest, checkedInAt: schoolMinute(inRaw), roommates } };
}

/** Students in school without a bed now, of a gender, found by number, name or its initials (the check-in's choice). */
export async function studentsWithoutBed(db: DbOrTx, query: { keyword: string; gender: '1' | '2' }): Promise<{ id: number; name: string; studentNumber: string; className: string }[]> {
  return queryRows(db, sql`
    SELECT s.id, s.name, s.student_number AS "studentNumber", coalesce(c.name, '') AS "className"
    FROM students s LEFT JOIN classes c ON c.id = s.class_id
    WHERE s.in_school_status = '1' AND s.gender = ${query.gender} AND ${matchKeyword(query.keyword, STUDENT_KEYWORD, aliased('s')) ?? sql`TRUE`}
      AND NOT EXISTS (SELECT 1 FROM dorm_stays st WHERE st.student_id = s.id AND st.checked_out_at IS NULL)
    ORDER BY s.student_number LIMIT 20`);
}
