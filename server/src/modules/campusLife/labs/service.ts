import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  LAB_PERMISSIONS,
  LAB_URLS,
  labBookingNext,
  labBookingSearchSchema,
  translate,
  type Language,
  type LabBookingAction,
  type LabBookingKind,
  type LabBookingRow,
  type LabBookingStatus,
  type LabOptions,
  type LabRoomRow,
  type LabWeekCell,
  type MessageKey,
  type PagedResult,
} from '@campus/contract';
import type { z } from 'zod';
import { labBookingFormSchema, labBookingUpdateSchema, labPeriodsSchema, labReviewSchema, labRoomFormSchema } from '@campus/contract';
import { classrooms, labBookings, staff } from '../../../db/schema/index.ts';
import { jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { keywordColumns, matchKeywordAcross } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { schoolToday } from '../../timetable/views/service.ts';

const LAB_MESSAGE_TYPE = '4';
const manages = (caller: Caller) => caller.permissions.has(LAB_PERMISSIONS.manage);

async function staffOf(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`SELECT id FROM staff WHERE user_id = ${userId}`);
  return row?.id ?? null;
}

async function notify(tx: Tx, caller: Caller, recipients: SQL, key: MessageKey, params: Record<string, string | number>, link: string): Promise<void> {
  const title = translate(DEFAULT_LANGUAGE, key, params).slice(0, 200);
  await tx.execute(sql`
    INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
    SELECT u.id, ${caller.auth.userId}, ${title}, ${title}, ${LAB_MESSAGE_TYPE}, ${link} FROM users u WHERE u.enabled AND u.id IN (${recipients}) AND u.id <> ${caller.auth.userId}`);
}

const dayNameOf = (language: Language) => (language === 'en' ? sql`coalesce(wd.name_en, wd.name)` : sql`wd.name`);
const periodNameOf = (language: Language) => (language === 'en' ? sql`coalesce(pe.name_en, pe.name)` : sql`pe.name`);

/* ------------------------------------------------------------------ rooms */

const ROOM_COLUMNS = sql`
  r.id, r.classroom_id AS "classroomId", cr.name, coalesce(cr.building, '') AS building, r.kind, r.subject, r.capacity, r.shared, r.needs_approval AS "needsApproval",
  r.manager_staff_id AS "managerStaffId", coalesce(st.name, '') AS "managerName", r.enabled, r.note,
  (SELECT count(*)::int FROM lab_room_periods p WHERE p.room_id = r.id) AS "openSlots",
  (SELECT count(*)::int FROM lab_bookings b WHERE b.room_id = r.id) AS bookings`;
const ROOM_FROM = sql`FROM lab_rooms r JOIN classrooms cr ON cr.id = r.classroom_id LEFT JOIN staff st ON st.id = r.manager_staff_id`;

export async function listRooms(db: DbOrTx): Promise<LabRoomRow[]> {
  return queryRows(db, sql`SELECT ${ROOM_COLUMNS} ${ROOM_FROM} ORDER BY r.kind = 'classroom', cr.code`);
}

export async function getRoom(db: DbOrTx, id: number): Promise<LabRoomRow> {
  const [row] = await queryRows<LabRoomRow>(db, sql`SELECT ${ROOM_COLUMNS} ${ROOM_FROM} WHERE r.id = ${id}`);
  if (!row) throw notFound();
  return row;
}

export async function saveRoom(db: Db, form: z.infer<typeof labRoomFormSchema>): Promise<number> {
  return db.transaction(async (tx) => {
    const [classroom] = await queryRows<{ name: string; taken: number | null }>(tx, sql`
      SELECT cr.name, (SELECT id FROM lab_rooms WHERE classroom_id = cr.id AND id <> ${form.id ?? 0}) AS taken FROM classrooms cr WHERE cr.id = ${form.classroomId}`);
    if (!classroom) throw badRequest('lab.classroomRequired');
    if (classroom.taken) throw conflict('lab.classroomTaken', { name: classroom.name });
    if (form.managerStaffId) {
      const [manager] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM staff WHERE id = ${form.managerStaffId}`);
      if (!manager) throw badRequest('lab.unknownReference');
    }
    const values = sql`${form.classroomId}, ${form.kind}, ${form.subject}, ${form.capacity}, ${form.shared}, ${form.needsApproval}, ${form.managerStaffId ?? null}, ${form.enabled}, ${form.note}`;
    if (form.id) {
      const [row] = await queryRows<{ id: number }>(tx, sql`
        UPDATE lab_rooms SET (classroom_id, kind, subject, capacity, shared, needs_approval, manager_staff_id, enabled, note) = (${values}) WHERE id = ${form.id} RETURNING id`);
      if (!row) throw notFound();
      return row.id;
    }
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO lab_rooms (classroom_id, kind, subject, capacity, shared, needs_approval, manager_staff_id, enabled, note) VALUES (${values}) RETURNING id`);
    return row!.id;
  });
}

export async function deleteRoom(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [room] = await queryRows<{ name: string; used: boolean }>(tx, sql`
      SELECT cr.name, EXISTS (SELECT 1 FROM lab_bookings b WHERE b.room_id = r.id) AS used FROM lab_rooms r JOIN classrooms cr ON cr.id = r.classroom_id WHERE r.id = ${id} FOR UPDATE OF r`);
    if (!room) throw notFound();
    if (room.used) throw conflict('lab.roomInUse', { name: room.name });
    await tx.execute(sql`DELETE FROM lab_rooms WHERE id = ${id}`);
  });
}

export async function roomPeriods(db: DbOrTx, roomId: number): Promise<{ day: number; period: number }[]> {
  await getRoom(db, roomId);
  return queryRows(db, sql`SELECT day, period FROM lab_room_periods WHERE room_id = ${roomId} ORDER BY day, period`);
}

/** Replaces the periods a room opens per weekday; only teaching days and the school's periods. */
export async function setRoomPeriods(db: Db, input: z.infer<typeof labPeriodsSchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const [room] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM lab_rooms WHERE id = ${input.roomId} FOR UPDATE`);
    if (!room) throw notFound();
    const slots = JSON.stringify(input.slots);
    const [valid] = await queryRows<{ bad: number }>(tx, sql`
      SELECT count(*)::int AS bad FROM jsonb_to_recordset(${slots}::jsonb) AS x(day int, period int)
      WHERE NOT EXISTS (SELECT 1 FROM week_days WHERE day = x.day) OR NOT EXISTS (SELECT 1 FROM periods WHERE sort = x.period)`);
    if (valid!.bad > 0) throw badRequest('errors.badRequest');
    await tx.execute(sql`DELETE FROM lab_room_periods WHERE room_id = ${input.roomId}`);
    await tx.execute(sql`
      INSERT INTO lab_room_periods (room_id, day, period) SELECT DISTINCT ${input.roomId}::int, x.day, x.period FROM jsonb_to_recordset(${slots}::jsonb) AS x(day int, period int)`);
  });
}

export async function labOptions(db: DbOrTx, language: Language): Promise<LabOptions> {
  const [row] = await queryRows<Record<keyof LabOptions, unknown>>(db, sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', cr.name, 'kind', r.kind, 'capacity', r.capacity, 'shared', r.shared, 'needsApproval', r.needs_approval,
          'enabled', r.enabled, 'slots', (SELECT coalesce(json_agg(json_build_object('day', p.day, 'period', p.period)), '[]'::json) FROM lab_room_periods p WHERE p.room_id = r.id))
          ORDER BY r.kind = 'classroom', cr.code), '[]'::json)
        FROM lab_rooms r JOIN classrooms cr ON cr.id = r.classroom_id) AS rooms,
      (SELECT coalesce(json_agg(json_build_object('id', cr.id, 'name', cr.name, 'capacity', cr.capacity, 'taken', EXISTS (SELECT 1 FROM lab_rooms r WHERE r.classroom_id = cr.id)) ORDER BY cr.code), '[]'::json)
        FROM classrooms cr) AS classrooms,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY g.sort, c.sort, c.code), '[]'::json) FROM classes c JOIN grades g ON g.id = c.grade_id) AS classes,
      (SELECT coalesce(json_agg(json_build_object('id', co.id, 'name', ${language === 'en' ? sql`coalesce(co.name_en, co.name)` : sql`co.name`}) ORDER BY co.sort, co.code), '[]'::json)
        FROM courses co WHERE NOT co.is_elective) AS courses,
      (SELECT coalesce(json_agg(json_build_object('id', st.id, 'name', st.name) ORDER BY st.staff_number), '[]'::json) FROM staff st) AS staff,
      (SELECT coalesce(json_agg(json_build_object('day', wd.day, 'name', ${dayNameOf(language)}) ORDER BY wd.day), '[]'::json) FROM week_days wd WHERE wd.teaching) AS days,
      (SELECT coalesce(json_agg(json_build_object('sort', pe.sort, 'name', ${periodNameOf(language)}) ORDER BY pe.sort), '[]'::json) FROM periods pe) AS periods`);
  return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, jsonValue(value as string)])) as unknown as LabOptions;
}

/* ------------------------------------------------------------------ bookings */

/** Its sorts read the matches `m` (pageBookings) and, for the room's name, the room and classroom SORT_JOINS brings. */
export const bookingList = defineList({
  search: labBookingSearchSchema,
  sortColumns: { bookingDate: sql`m.booking_date`, createdAt: sql`m.created_at`, roomName: sql`cr.name` },
  defaultSort: { field: 'bookingDate', order: 'desc' },
  tieBreaker: labBookings.id,
});
type Search = z.infer<typeof labBookingSearchSchema>;

/** The caller's bookings `b`: those they made or teach. */
const own = (caller: Caller): SQL =>
  sql`(b.created_by_user_id = ${caller.auth.userId} OR b.teacher_id IN (SELECT sf.id FROM staff sf WHERE sf.user_id = ${caller.auth.userId}))`;

/** A lab administrator reads every booking; a teacher their own. */
function visible(caller: Caller): SQL {
  return manages(caller) ? sql`TRUE` : own(caller);
}

function bookingColumns(caller: Caller): SQL {
  const course = caller.language === 'en' ? sql`coalesce(co.name_en, co.name)` : sql`co.name`;
  return sql`
    b.id, b.room_id AS "roomId", cr.name AS "roomName", b.kind, b.teacher_id AS "teacherId", st.name AS "teacherName", b.class_id AS "classId",
    coalesce(c.name, '') AS "className", b.course_id AS "courseId", coalesce(${course}, '') AS "courseName", b.experiment, b.booking_date::text AS "bookingDate",
    b.periods, (SELECT coalesce(json_agg(${periodNameOf(caller.language)} ORDER BY pe.sort), '[]'::json) FROM periods pe WHERE pe.sort = ANY(b.periods)) AS "periodNames",
    b.equipment, b.note, b.status, b.review_comment AS "reviewComment", coalesce(ru.display_name, '') AS "reviewerName", b.reviewed_at AS "reviewedAtRaw",
    b.created_at AS "createdAtRaw", b.booking_date < ${schoolToday()}::date AS expired,
    (b.created_by_user_id = ${caller.auth.userId} OR st.user_id = ${caller.auth.userId}) AS mine,
    (${manages(caller) ? sql`TRUE` : sql`FALSE`} AND b.created_by_user_id IS DISTINCT FROM ${caller.auth.userId} AND st.user_id <> ${caller.auth.userId}) AS reviewable`;
}

const BOOKING_TABLES = sql`
  lab_bookings b
  JOIN lab_rooms r ON r.id = b.room_id
  JOIN classrooms cr ON cr.id = r.classroom_id
  JOIN staff st ON st.id = b.teacher_id
  LEFT JOIN classes c ON c.id = b.class_id
  LEFT JOIN courses co ON co.id = b.course_id
  LEFT JOIN users ru ON ru.id = b.reviewed_by_user_id`;

type Raw = Omit<LabBookingRow, 'reviewedAt' | 'createdAt' | 'periodNames'> & { periodNames: string[] | string; reviewedAtRaw: Date | string | null; createdAtRaw: Date | string };
const toRow = ({ reviewedAtRaw, createdAtRaw, ...raw }: Raw): LabBookingRow => ({
  ...raw,
  periods: raw.periods.map(Number),
  periodNames: jsonValue(raw.periodNames),
  reviewedAt: reviewedAtRaw ? schoolMinute(reviewedAtRaw) : '',
  createdAt: schoolMinute(createdAtRaw),
});

/** The booking list's keyword: experiment or note, the room, or the teacher's name or its pinyin initials. */
const BOOKING_KEYWORD = keywordColumns(labBookings.experiment, labBookings.note);
const ROOM_KEYWORD = keywordColumns(classrooms.name);
const TEACHER_KEYWORD = keywordColumns(staff.name, staff.nameInitials);

function bookingKeyword(keyword: string | undefined): SQL | undefined {
  return matchKeywordAcross(keyword, [
    { key: sql`b.id`, columns: BOOKING_KEYWORD },
    { key: sql`b.room_id`, columns: ROOM_KEYWORD, through: sql`SELECT lr.id FROM lab_rooms lr WHERE lr.classroom_id` },
    { key: sql`b.teacher_id`, columns: TEACHER_KEYWORD },
  ]);
}

function filters(caller: Caller, search: Search): SQL {
  const parts: SQL[] = [visible(caller)];
  if (search.mine) parts.push(own(caller));
  if (search.kind) parts.push(sql`b.kind = ${search.kind}`);
  if (search.status) parts.push(sql`b.status = ${search.status}`);
  if (search.roomId) parts.push(sql`b.room_id = ${search.roomId}`);
  const keyword = bookingKeyword(search.keyword);
  if (keyword) parts.push(keyword);
  return sql.join(parts, sql` AND `);
}

const SORT_JOINS: Record<keyof typeof bookingList.spec.sortColumns, SQL> = {
  bookingDate: sql``,
  createdAt: sql``,
  roomName: sql`JOIN lab_rooms r ON r.id = m.room_id JOIN classrooms cr ON cr.id = r.classroom_id`,
};

export async function pageBookings(db: DbOrTx, caller: Caller, request: ListRequest<Search, keyof typeof bookingList.spec.sortColumns>): Promise<PagedResult<LabBookingRow>> {
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const found = await pageOfList<Raw>(
    db,
    request.search.keyword,
    {
      matching: sql`SELECT b.id, b.room_id, b.booking_date, b.created_at FROM lab_bookings b WHERE ${filters(caller, request.search)}`,
      order: { joins: SORT_JOINS[request.sortField], orderBy: sql`${bookingList.spec.sortColumns[request.sortField]} ${direction}, m.id ${direction}` },
      details: { columns: bookingColumns(caller), joins: sql`JOIN (${BOOKING_TABLES}) ON b.id = chosen.id` },
    },
    request,
  );
  return { ...found, rows: found.rows.map(toRow) };
}

export async function getBooking(db: DbOrTx, caller: Caller, id: number): Promise<LabBookingRow> {
  const [row] = await queryRows<Raw>(db, sql`SELECT ${bookingColumns(caller)} FROM ${BOOKING_TABLES} WHERE b.id = ${id} AND ${visible(caller)}`);
  if (!row) throw notFound();
  return toRow(row);
}

/** A room's bookings (waiting or approved) of the week starting on `weekStart`, for the week view. */
export async function roomWeek(db: DbOrTx, roomId: number, weekStart: string): Promise<LabWeekCell[]> {
  return queryRows(db, sql`
    SELECT b.id AS "bookingId", extract(isodow FROM b.booking_date)::int AS day, p.period, b.booking_date::text AS date, b.kind, b.status, st.name AS "teacherName",
      coalesce(c.name, '') AS "className", b.experiment
    FROM lab_bookings b JOIN staff st ON st.id = b.teacher_id LEFT JOIN classes c ON c.id = b.class_id CROSS JOIN LATERAL unnest(b.periods) AS p(period)
    WHERE b.room_id = ${roomId} AND b.status IN ('pending', 'approved')
      AND b.booking_date >= ${weekStart}::date AND b.booking_date < ${weekStart}::date + 7
    ORDER BY b.booking_date, p.period`);
}

interface Item {
  roomId: number;
  bookingDate: string;
  periods: number[];
}
interface Request {
  kind: LabBookingKind;
  classId?: number;
  courseId?: number;
  experiment: string;
  equipment: string;
  note: string;
}

/**
 * Every rule of one room-day of a booking: the room open for it, the day not past, its periods open that
 * weekday; nothing else in the room then, and the teacher and the class free (other bookings, and the
 * timetable's lessons of that week).
 */
async function checkItem(tx: Tx, caller: Caller, item: Item, request: Request, teacherId: number, exceptId: number): Promise<{ roomName: string; status: LabBookingStatus; managerUserId: number | null }> {
  const language = caller.language;
  const [room] = await queryRows<{ name: string; kind: string; enabled: boolean; shared: boolean; needsApproval: boolean; capacity: number; managerUserId: number | null }>(tx, sql`
    SELECT cr.name, r.kind, r.enabled, r.shared, r.needs_approval AS "needsApproval", r.capacity, ms.user_id AS "managerUserId"
    FROM lab_rooms r JOIN classrooms cr ON cr.id = r.classroom_id LEFT JOIN staff ms ON ms.id = r.manager_staff_id WHERE r.id = ${item.roomId}`);
  if (!room) throw badRequest('lab.roomRequired');
  if (!room.enabled) throw conflict('lab.roomDisabled', { name: room.name });
  if ((request.kind === 'loan') !== (room.kind === 'classroom')) throw badRequest('lab.kindMismatch', { name: room.name });
  if (item.bookingDate < schoolToday()) throw badRequest('lab.pastDate');
  const periods = sql`${sql.param(item.periods)}::int[]`;
  const [closed] = await queryRows<{ day: string; period: string }>(tx, sql`
    SELECT ${dayNameOf(language)} AS day, ${periodNameOf(language)} AS period
    FROM unnest(${periods}) AS x(period) JOIN periods pe ON pe.sort = x.period JOIN week_days wd ON wd.day = extract(isodow FROM ${item.bookingDate}::date)
    WHERE NOT EXISTS (SELECT 1 FROM lab_room_periods p WHERE p.room_id = ${item.roomId} AND p.day = wd.day AND p.period = x.period)
    UNION ALL SELECT 'x', 'x' WHERE (SELECT count(*) FROM periods WHERE sort = ANY(${periods})) <> ${item.periods.length}
    LIMIT 1`);
  if (closed) throw conflict('lab.periodClosed', { name: room.name, day: closed.day, period: closed.period });
  if (request.classId) {
    const [klass] = await queryRows<{ name: string; size: number }>(tx, sql`SELECT c.name, (SELECT count(*)::int FROM students s WHERE s.class_id = c.id) AS size FROM classes c WHERE c.id = ${request.classId}`);
    if (!klass) throw badRequest('lab.unknownReference');
    if (request.kind === 'student' && klass.size > room.capacity) throw badRequest('lab.tooSmall', { room: room.name, seats: room.capacity, count: klass.size, className: klass.name });
  }
  const periodName = async (sort: number) => (await queryRows<{ name: string }>(tx, sql`SELECT ${periodNameOf(language)} AS name FROM periods pe WHERE pe.sort = ${sort}`))[0]?.name ?? String(sort);
  const live = sql`b.status IN ('pending', 'approved') AND b.id <> ${exceptId} AND b.booking_date = ${item.bookingDate}::date`;
  const [taken] = await queryRows<{ period: number }>(tx, sql`
    SELECT s.period FROM lab_booking_slots s JOIN lab_bookings b ON b.id = s.booking_id
    WHERE s.room_id = ${item.roomId} AND s.booking_date = ${item.bookingDate}::date AND s.period = ANY(${periods}) AND b.id <> ${exceptId} LIMIT 1`);
  if (taken) throw conflict('lab.roomTaken', { room: room.name, date: item.bookingDate, period: await periodName(taken.period) });
  const course = language === 'en' ? sql`coalesce(co.name_en, co.name)` : sql`co.name`;
  // The timetable's lessons in the week of the booking's day (the term's week, its parity).
  const lessons = sql`
    SELECT te.teacher_id, te.class_id, te.period, ${course} AS course FROM timetable_entries te
    JOIN terms t ON t.id = te.term_id AND ${item.bookingDate}::date BETWEEN t.start_date AND t.end_date
    JOIN courses co ON co.id = te.course_id
    CROSS JOIN LATERAL (SELECT ((${item.bookingDate}::date - t.start_date) / 7 + 1) AS week) w
    WHERE te.day = extract(isodow FROM ${item.bookingDate}::date) AND te.period = ANY(${periods}) AND w.week BETWEEN te.week_from AND te.week_to
      AND (te.week_parity = 'all' OR (te.week_parity = 'odd') = (w.week % 2 = 1))`;
  const otherBooking = (who: SQL) => sql`
    SELECT p.period, cr2.name AS room FROM lab_bookings b CROSS JOIN LATERAL unnest(b.periods) AS p(period)
    JOIN lab_rooms r2 ON r2.id = b.room_id JOIN classrooms cr2 ON cr2.id = r2.classroom_id
    WHERE ${live} AND p.period = ANY(${periods}) AND ${who} LIMIT 1`;
  const [teacherBooked] = await queryRows<{ period: number; room: string }>(tx, otherBooking(sql`b.teacher_id = ${teacherId} AND b.room_id <> ${item.roomId}`));
  const [teacherLesson] = teacherBooked
    ? []
    : await queryRows<{ period: number; course: string }>(tx, sql`SELECT l.period, l.course FROM (${lessons}) l WHERE l.teacher_id = ${teacherId} AND l.class_id IS DISTINCT FROM ${request.classId ?? null} LIMIT 1`);
  if (teacherBooked || teacherLesson) {
    const [teacher] = await queryRows<{ name: string }>(tx, sql`SELECT name FROM staff WHERE id = ${teacherId}`);
    const what = teacherBooked ? translate(language, 'lab.otherLabBooking', { room: teacherBooked.room }) : translate(language, 'lab.lesson', { course: teacherLesson!.course });
    throw conflict('lab.teacherBusy', { teacher: teacher?.name ?? '', what, date: item.bookingDate, period: await periodName((teacherBooked ?? teacherLesson)!.period) });
  }
  if (request.classId) {
    const [classBooked] = await queryRows<{ period: number; room: string }>(tx, otherBooking(sql`b.class_id = ${request.classId} AND b.room_id <> ${item.roomId}`));
    const [classLesson] = classBooked
      ? []
      : await queryRows<{ period: number; course: string }>(tx, sql`SELECT l.period, l.course FROM (${lessons}) l WHERE l.class_id = ${request.classId} AND l.teacher_id IS DISTINCT FROM ${teacherId} LIMIT 1`);
    if (classBooked || classLesson) {
      const [klass] = await queryRows<{ name: string }>(tx, sql`SELECT name FROM classes WHERE id = ${request.classId}`);
      const what = classBooked ? translate(language, 'lab.otherLabBooking', { room: classBooked.room }) : translate(language, 'lab.lesson', { course: classLesson!.course });
      throw conflict('lab.classBusy', { className: klass?.name ?? '', what, date: item.bookingDate, period: await periodName((classBooked ?? classLesson)!.period) });
    }
  }
  return { roomName: room.name, status: room.shared || room.needsApproval ? 'pending' : 'approved', managerUserId: room.managerUserId };
}

async function checkRefs(tx: Tx, request: Request): Promise<void> {
  if (request.courseId) {
    const [course] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM courses WHERE id = ${request.courseId}`);
    if (!course) throw badRequest('lab.unknownReference');
  }
}

/** One writer per room and per teacher at a time, so two tabs booking at once check against each other. */
async function lockFor(tx: Tx, roomIds: number[], teacherId: number): Promise<void> {
  for (const id of [...new Set(roomIds)].sort((a, b) => a - b)) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('lab-room'), ${id})`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('lab-teacher'), ${teacherId})`);
}

async function holdSlots(tx: Tx, bookingId: number, item: Item): Promise<void> {
  await tx.execute(sql`DELETE FROM lab_booking_slots WHERE booking_id = ${bookingId}`);
  await tx.execute(sql`
    INSERT INTO lab_booking_slots (booking_id, room_id, booking_date, period) SELECT ${bookingId}, ${item.roomId}, ${item.bookingDate}::date, x FROM unnest(${sql.param(item.periods)}::int[]) AS x`);
}

const managersOf = (managerUserId: number | null): SQL =>
  managerUserId
    ? sql`${managerUserId}`
    : sql`SELECT ur.user_id FROM user_roles ur JOIN role_menus rm ON rm.role_id = ur.role_id JOIN menus m ON m.id = rm.menu_id WHERE m.permission = ${LAB_PERMISSIONS.manage}`;

/** Books one or several rooms (each once) for the caller; rooms that need it wait for their administrator. */
export async function createBookings(db: Db, caller: Caller, form: z.infer<typeof labBookingFormSchema>): Promise<{ ids: number[]; pending: boolean }> {
  return db.transaction(async (tx) => {
    const teacherId = await staffOf(tx, caller.auth.userId);
    if (!teacherId) throw forbidden();
    await lockFor(
      tx,
      form.items.map((item) => item.roomId),
      teacherId,
    );
    await checkRefs(tx, form);
    const ids: number[] = [];
    let pending = false;
    for (const item of form.items) {
      const checked = await checkItem(tx, caller, item, form, teacherId, 0);
      const [row] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO lab_bookings (room_id, kind, teacher_id, class_id, course_id, experiment, booking_date, periods, equipment, note, status, created_by_user_id)
        VALUES (${item.roomId}, ${form.kind}, ${teacherId}, ${form.classId ?? null}, ${form.courseId ?? null}, ${form.experiment}, ${item.bookingDate}::date,
          ${sql.param(item.periods)}::smallint[], ${form.equipment}, ${form.note}, ${checked.status}, ${caller.auth.userId})
        RETURNING id`);
      await holdSlots(tx, row!.id, item);
      ids.push(row!.id);
      if (checked.status === 'pending') {
        pending = true;
        const [teacher] = await queryRows<{ name: string }>(tx, sql`SELECT name FROM staff WHERE id = ${teacherId}`);
        await notify(tx, caller, managersOf(checked.managerUserId), 'lab.message.pending', {
          teacher: teacher?.name ?? '',
          room: checked.roomName,
          date: item.bookingDate,
          kind: translate(DEFAULT_LANGUAGE, `lab.kind.${form.kind}`),
        }, `${LAB_URLS.approval}?id=${row!.id}`);
      }
    }
    return { ids, pending };
  });
}

interface Locked {
  id: number;
  status: LabBookingStatus;
  expired: boolean;
  mine: boolean;
  teacherId: number;
  teacherUserId: number;
  createdBy: number | null;
  roomName: string;
  bookingDate: string;
}

async function lockBooking(tx: Tx, caller: Caller, id: number): Promise<Locked> {
  const [row] = await queryRows<Locked>(tx, sql`
    SELECT b.id, b.status, b.booking_date < ${schoolToday()}::date AS expired, b.teacher_id AS "teacherId", st.user_id AS "teacherUserId", b.created_by_user_id AS "createdBy",
      (b.created_by_user_id = ${caller.auth.userId} OR st.user_id = ${caller.auth.userId}) AS mine, cr.name AS "roomName", b.booking_date::text AS "bookingDate"
    FROM lab_bookings b JOIN staff st ON st.id = b.teacher_id JOIN lab_rooms r ON r.id = b.room_id JOIN classrooms cr ON cr.id = r.classroom_id
    WHERE b.id = ${id} FOR UPDATE OF b`);
  if (!row || !(row.mine || manages(caller))) throw notFound();
  return row;
}

/** The teacher changes their booking while it is not past (and not rejected or cancelled); it is checked again. */
export async function updateBooking(db: Db, caller: Caller, form: z.infer<typeof labBookingUpdateSchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockBooking(tx, caller, form.id);
    if (!current.mine) throw forbidden('lab.notYours');
    if (current.expired) throw conflict('lab.expired');
    if (current.status === 'rejected' || current.status === 'cancelled') {
      throw conflict('lab.transition', { status: translate(caller.language, `lab.status.${current.status}`), action: translate(caller.language, 'lab.action.cancel') });
    }
    await lockFor(tx, [form.roomId], current.teacherId);
    await checkRefs(tx, form);
    const item = { roomId: form.roomId, bookingDate: form.bookingDate, periods: form.periods };
    const checked = await checkItem(tx, caller, item, form, current.teacherId, form.id);
    await tx.execute(sql`
      UPDATE lab_bookings SET room_id = ${form.roomId}, kind = ${form.kind}, class_id = ${form.classId ?? null}, course_id = ${form.courseId ?? null}, experiment = ${form.experiment},
        booking_date = ${form.bookingDate}::date, periods = ${sql.param(form.periods)}::smallint[], equipment = ${form.equipment}, note = ${form.note},
        status = ${checked.status}, review_comment = '', reviewed_by_user_id = NULL, reviewed_at = NULL, updated_at = now()
      WHERE id = ${form.id}`);
    await holdSlots(tx, form.id, item);
  });
}

const ACTION_KEYS: Record<LabBookingAction, MessageKey> = { approve: 'lab.approved', reject: 'lab.rejected', cancel: 'lab.cancelled' };
export const doneKey = (action: LabBookingAction) => ACTION_KEYS[action];

/**
 * The lab administrator approves or rejects a waiting booking (never their own); the teacher cancels theirs.
 * A past booking can only be viewed. A rejected or cancelled booking frees its periods.
 */
export async function moveBooking(db: Db, caller: Caller, input: { id: number; action: LabBookingAction; comment: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockBooking(tx, caller, input.id);
    if (row.expired) throw conflict('lab.expired');
    if (input.action === 'cancel') {
      if (!row.mine) throw forbidden('lab.notYours');
    } else {
      if (!manages(caller)) throw forbidden();
      if (row.mine) throw forbidden('approval.self');
    }
    const next = labBookingNext(row.status, input.action);
    if (!next) throw conflict('lab.transition', { status: translate(caller.language, `lab.status.${row.status}`), action: translate(caller.language, `lab.action.${input.action}`) });
    await tx.execute(sql`
      UPDATE lab_bookings SET status = ${next}, updated_at = now()
        ${input.action === 'cancel' ? sql`` : sql`, review_comment = ${input.comment}, reviewed_by_user_id = ${caller.auth.userId}, reviewed_at = now()`}
      WHERE id = ${input.id}`);
    if (next === 'rejected' || next === 'cancelled') await tx.execute(sql`DELETE FROM lab_booking_slots WHERE booking_id = ${input.id}`);
    if (input.action !== 'cancel') {
      const key = input.action === 'approve' ? 'lab.message.approved' : 'lab.message.rejected';
      await notify(tx, caller, sql`${row.teacherUserId}`, key, { room: row.roomName, date: row.bookingDate, comment: input.comment }, `${LAB_URLS.page}?id=${input.id}`);
    }
  });
}

export type ReviewInput = z.infer<typeof labReviewSchema>;
