import { sql, type SQL } from 'drizzle-orm';
import {
  examArrangementSearchSchema,
  examCandidateSearchSchema,
  type ExamArrangeResult,
  type ExamArrangeRoomsParsed,
  type ExamArrangementRow,
  type ExamCandidateRow,
  type ExamRoomOptions,
  type ExamRoomRow,
  type ExamSeatMoveParsed,
  type Language,
  type MyExamSeat,
  type PagedResult,
} from '@campus/contract';
import type { z } from 'zod';
import { intArray, jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { examBatches, students } from '../../../db/schema/index.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { isStaff, ownStudentIds } from '../../../platform/scope.ts';
import { localName } from '../../timetable/views/queries.ts';
import { schoolToday } from '../../timetable/views/service.ts';

export const EXAM_ROOM_PERMISSIONS = { view: 'exam:room', edit: 'exam:room:edit' } as const;

/** The office's side of the arrangement pages: families hold the page for their own seats only (spec 6). */
export function requireStaff(auth: AuthContext): void {
  if (!isStaff(auth)) throw forbidden();
}

/**
 * Every write of rooms and invigilators takes this one lock: a room or a staff member free in one exam is
 * checked against every other exam, so two offices arranging two exams at once must take turns.
 */
export async function lockArrangements(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('exam-arrangement'))`);
}

export interface ArrangedBatch {
  id: number;
  name: string;
  published: boolean;
  ended: boolean;
  avoidOwnSubject: boolean;
  twoInvigilatorsFrom: number;
  termId: number;
}

/** The exam, locked, refused when it may no longer be arranged (published, or its term ended). */
export async function editableBatch(tx: Tx, batchId: number): Promise<ArrangedBatch> {
  const [batch] = await queryRows<ArrangedBatch>(tx, sql`
    SELECT b.id, b.name, b.published, t.end_date < ${schoolToday()}::date AS ended, b.avoid_own_subject AS "avoidOwnSubject",
      b.two_invigilators_from AS "twoInvigilatorsFrom", b.term_id AS "termId"
    FROM exam_batches b JOIN terms t ON t.id = b.term_id WHERE b.id = ${batchId} FOR UPDATE OF b`);
  if (!batch) throw notFound();
  if (batch.ended) throw conflict('exam.termEnded');
  if (batch.published) throw conflict('exam.publishedLocked', { name: batch.name });
  return batch;
}

/** The students sitting an exam: those of its classes now at school. */
const CANDIDATES = (batchId: number | SQL) => sql`
  SELECT s.id AS student_id, s.class_id FROM students s
  WHERE s.in_school_status = '1' AND s.class_id IN (SELECT bc.class_id FROM exam_batch_classes bc WHERE bc.batch_id = ${batchId})`;

/** Invigilators a session `es` of exam `b` wants: a chief, and an assistant from the exam's number of candidates. */
export const INVIGILATORS_NEEDED = sql`CASE WHEN (SELECT count(*) FROM exam_candidates ec WHERE ec.exam_room_id = es.exam_room_id) >= b.two_invigilators_from THEN 2 ELSE 1 END`;

const ARRANGEMENT_COLUMNS = (language: Language) => sql`
  b.id, b.name, b.term_id AS "termId", ${localName('t', language)} AS "termName", coalesce(${localName('g', language)}, '') AS "gradeName",
  coalesce((SELECT to_char(min(s.exam_date), 'YYYY-MM-DD') FROM exam_subjects s WHERE s.batch_id = b.id), '') AS "firstDate",
  coalesce((SELECT to_char(max(s.exam_date), 'YYYY-MM-DD') FROM exam_subjects s WHERE s.batch_id = b.id), '') AS "lastDate",
  (SELECT count(*)::int FROM exam_subjects s WHERE s.batch_id = b.id) AS "subjectCount",
  b.published, t.end_date < ${schoolToday()}::date AS ended,
  (SELECT count(*)::int FROM (${CANDIDATES(sql`b.id`)}) c) AS candidates,
  (SELECT count(*)::int FROM exam_candidates ec WHERE ec.batch_id = b.id) AS placed,
  (SELECT count(*)::int FROM exam_rooms r WHERE r.batch_id = b.id) AS rooms,
  (SELECT count(*)::int FROM exam_sessions es WHERE es.batch_id = b.id) AS sessions,
  (SELECT coalesce(sum(${INVIGILATORS_NEEDED}), 0)::int FROM exam_sessions es WHERE es.batch_id = b.id) AS "invigilatorsNeeded",
  (SELECT count(*)::int FROM invigilations i JOIN exam_sessions es ON es.id = i.session_id WHERE es.batch_id = b.id AND i.role <> 'patrol') AS "invigilatorsAssigned"`;

const ARRANGEMENT_FROM = sql`FROM exam_batches b JOIN terms t ON t.id = b.term_id LEFT JOIN grades g ON g.id = b.grade_id`;

type ArrangementSearch = z.infer<typeof examArrangementSearchSchema>;
/** The arrangement list's keyword: the exam's name. */
const ARRANGEMENT_KEYWORD = keywordColumns(examBatches.name);

/** The exams to arrange, the latest first. */
export async function pageArrangements(
  db: DbOrTx,
  search: ArrangementSearch,
  page: { offset: number; limit: number },
  language: Language,
): Promise<PagedResult<ExamArrangementRow>> {
  const parts: SQL[] = [sql`TRUE`];
  if (search.termId) parts.push(sql`b.term_id = ${search.termId}`);
  if (search.gradeId) parts.push(sql`b.grade_id = ${search.gradeId}`);
  const keyword = matchKeyword(search.keyword, ARRANGEMENT_KEYWORD, aliased('b'));
  if (keyword) parts.push(keyword);
  const where = sql.join(parts, sql` AND `);
  const [counted, rows] = await Promise.all([
    countMatches(db, sql`SELECT 1 ${ARRANGEMENT_FROM} WHERE ${where}`, search.keyword),
    queryRows<ExamArrangementRow>(db, sql`
      SELECT ${ARRANGEMENT_COLUMNS(language)} ${ARRANGEMENT_FROM} WHERE ${where}
      ORDER BY (SELECT min(s.exam_date) FROM exam_subjects s WHERE s.batch_id = b.id) DESC NULLS LAST, b.id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`),
  ]);
  return { ...counted, rows };
}

export async function arrangementOf(db: DbOrTx, batchId: number, language: Language): Promise<ExamArrangementRow> {
  const [row] = await queryRows<ExamArrangementRow>(db, sql`SELECT ${ARRANGEMENT_COLUMNS(language)} ${ARRANGEMENT_FROM} WHERE b.id = ${batchId}`);
  if (!row) throw notFound();
  return row;
}

/** Another exam using one of these classrooms at a time overlapping one of this exam's subjects. */
interface RoomClash {
  classroomId: number;
  room: string;
  exam: string;
  date: string;
  time: string;
}

async function busyRooms(db: DbOrTx, batchId: number, classroomIds: number[] | null): Promise<Map<number, RoomClash>> {
  const rows = await queryRows<RoomClash>(db, sql`
    SELECT DISTINCT ON (es.classroom_id) es.classroom_id AS "classroomId", cr.name AS room, b2.name AS exam,
      to_char(es.exam_date, 'YYYY-MM-DD') AS date, es.start_time || '-' || es.end_time AS time
    FROM exam_subjects s
    JOIN exam_sessions es ON es.exam_date = s.exam_date AND es.start_time < s.end_time AND s.start_time < es.end_time AND es.batch_id <> s.batch_id
    JOIN exam_batches b2 ON b2.id = es.batch_id
    JOIN classrooms cr ON cr.id = es.classroom_id
    WHERE s.batch_id = ${batchId} ${classroomIds ? sql`AND es.classroom_id = ANY(${intArray(classroomIds)})` : sql``}
    ORDER BY es.classroom_id, es.exam_date, es.start_time`);
  return new Map(rows.map((row) => [row.classroomId, row]));
}

export async function roomOptions(db: DbOrTx, batchId: number, language: Language): Promise<ExamRoomOptions> {
  const batch = await arrangementOf(db, batchId, language);
  const [classrooms, busy, classes] = await Promise.all([
    queryRows<{ id: number; name: string; building: string; capacity: number }>(db, sql`
      SELECT id, name, coalesce(building, '') AS building, coalesce(capacity, 0) AS capacity FROM classrooms ORDER BY building NULLS LAST, code`),
    busyRooms(db, batchId, null),
    queryRows<{ id: number; name: string }>(db, sql`
      SELECT c.id, c.name FROM exam_batch_classes bc JOIN classes c ON c.id = bc.class_id WHERE bc.batch_id = ${batchId} ORDER BY c.sort, c.id`),
  ]);
  return {
    batch,
    classes,
    classrooms: classrooms.map((room) => {
      const clash = busy.get(room.id);
      return { ...room, busyWith: clash ? `${clash.exam} ${clash.date} ${clash.time}` : '' };
    }),
  };
}

type RawRoom = Omit<ExamRoomRow, 'classes' | 'freeSeats'> & { classes: ExamRoomRow['classes'] | string; taken: number[] | string };

export async function listRooms(db: DbOrTx, batchId: number): Promise<ExamRoomRow[]> {
  const rows = await queryRows<RawRoom>(db, sql`
    SELECT r.id, r.number, r.classroom_id AS "classroomId", cr.name AS "classroomName", coalesce(cr.building, '') AS building, r.seats,
      (SELECT count(*)::int FROM exam_candidates ec WHERE ec.exam_room_id = r.id) AS candidates,
      (SELECT coalesce(json_agg(json_build_object('name', x.name, 'count', x.n) ORDER BY x.sort, x.name), '[]'::json) FROM (
         SELECT c.name, c.sort, count(*)::int AS n FROM exam_candidates ec JOIN students s ON s.id = ec.student_id JOIN classes c ON c.id = s.class_id
         WHERE ec.exam_room_id = r.id GROUP BY c.id, c.name, c.sort) x) AS classes,
      (SELECT coalesce(json_agg(ec.seat ORDER BY ec.seat), '[]'::json) FROM exam_candidates ec WHERE ec.exam_room_id = r.id) AS taken
    FROM exam_rooms r JOIN classrooms cr ON cr.id = r.classroom_id
    WHERE r.batch_id = ${batchId} ORDER BY r.number`);
  return rows.map(({ taken, ...row }) => {
    const used = new Set(jsonValue(taken));
    const freeSeats: number[] = [];
    for (let seat = 1; seat <= row.seats; seat++) if (!used.has(seat)) freeSeats.push(seat);
    return { ...row, classes: jsonValue(row.classes), freeSeats };
  });
}

type CandidateSearch = z.infer<typeof examCandidateSearchSchema>;
/** The candidates' keyword: a student's number, name or its pinyin initials. */
const CANDIDATE_KEYWORD = keywordColumns(students.studentNumber, students.name, students.nameInitials);

/**
 * The candidates of an exam with their rooms and seats; those who joined after the arrangement have none.
 * The matches are students `s` with their seat, if any (platform/listPage.ts): a candidate is a student of
 * the exam (CANDIDATES, written here on `s` itself) or one already placed. Testing each student against
 * the exam's every candidate, found afresh, cost 10 ms per call for a district exam of 9,872.
 */
export async function pageCandidates(db: DbOrTx, search: CandidateSearch, page: { offset: number; limit: number }): Promise<PagedResult<ExamCandidateRow>> {
  const parts: SQL[] = [
    // Placed candidates stay listed when they have since left the classes (a transfer after the arrangement).
    // Under the OR the classes are a hashed set each student is looked up in.
    sql`((s.in_school_status = '1' AND s.class_id IN (SELECT bc.class_id FROM exam_batch_classes bc WHERE bc.batch_id = ${search.batchId})) OR ec.student_id IS NOT NULL)`,
    // A candidate is listed with their class.
    sql`s.class_id IS NOT NULL`,
  ];
  if (search.examRoomId) parts.push(sql`ec.exam_room_id = ${search.examRoomId}`);
  if (search.classId) parts.push(sql`s.class_id = ${search.classId}`);
  if (search.unplaced) parts.push(sql`ec.student_id IS NULL`);
  const keyword = matchKeyword(search.keyword, CANDIDATE_KEYWORD, aliased('s'));
  if (keyword) parts.push(keyword);
  const seat = sql`LEFT JOIN exam_candidates ec ON ec.batch_id = ${search.batchId} AND ec.student_id = s.id`;
  return pageOfList<ExamCandidateRow>(
    db,
    search.keyword,
    {
      matching: sql`SELECT s.id, s.class_id, s.student_number, ec.exam_room_id, ec.seat FROM students s ${seat} WHERE ${sql.join(parts, sql` AND `)}`,
      order: search.examRoomId
        ? { orderBy: sql`m.seat, m.id` }
        : { joins: sql`JOIN classes c ON c.id = m.class_id LEFT JOIN exam_rooms r ON r.id = m.exam_room_id`, orderBy: sql`r.number NULLS FIRST, m.seat, c.sort, m.student_number, m.id` },
      details: {
        columns: sql`s.id AS "studentId", s.student_number AS "studentNumber", s.name, c.id AS "classId", c.name AS "className",
          ec.exam_room_id AS "examRoomId", r.number AS "roomNumber", coalesce(cr.name, '') AS "classroomName", ec.seat`,
        joins: sql`JOIN students s ON s.id = chosen.id JOIN classes c ON c.id = s.class_id ${seat}
          LEFT JOIN exam_rooms r ON r.id = ec.exam_room_id LEFT JOIN classrooms cr ON cr.id = r.classroom_id`,
      },
    },
    page,
  );
}

/** Spreads `count` candidates over rooms of the given seats as evenly as the seats allow (water-filling). */
export function roomQuotas(seats: number[], count: number): number[] {
  const order = seats.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const quotas = new Array<number>(seats.length).fill(0);
  let remaining = count;
  order.forEach(({ value, index }, position) => {
    const share = Math.min(value, Math.ceil(remaining / (order.length - position)));
    quotas[index] = share;
    remaining -= share;
  });
  return quotas;
}

/**
 * Places candidates (in class order) into rooms: dealt round the rooms one by one, skipping full rooms, so
 * each class is spread over every room; inside a room the seats take the classes in turn, so that
 * neighbouring seats hold students of different classes where the mix allows.
 */
export function placeCandidates(
  candidates: { studentId: number; classId: number }[],
  quotas: number[],
): { studentId: number; room: number; seat: number }[] {
  const rooms: { studentId: number; classId: number }[][] = quotas.map(() => []);
  let room = 0;
  for (const candidate of candidates) {
    while (rooms[room]!.length >= quotas[room]!) room = (room + 1) % quotas.length;
    rooms[room]!.push(candidate);
    room = (room + 1) % quotas.length;
  }
  const placed: { studentId: number; room: number; seat: number }[] = [];
  rooms.forEach((members, index) => {
    const byClass = new Map<number, number[]>();
    for (const member of members) byClass.set(member.classId, [...(byClass.get(member.classId) ?? []), member.studentId]);
    // The largest class first, so that its students end up apart from one another.
    const queues = [...byClass.values()].sort((a, b) => b.length - a.length);
    let seat = 1;
    while (queues.some((queue) => queue.length)) {
      for (const queue of queues) {
        const studentId = queue.shift();
        if (studentId !== undefined) placed.push({ studentId, room: index, seat: seat++ });
      }
    }
  });
  return placed;
}

/** Makes a session (a subject in a room) for every subject of the exam in every room, keeping existing ones. */
export async function syncSessions(tx: Tx, batchId: number): Promise<void> {
  // Sessions of subjects no longer in the exam go, with their invigilators.
  await tx.execute(sql`
    DELETE FROM exam_sessions es WHERE es.batch_id = ${batchId} AND es.exam_room_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM exam_subjects s WHERE s.batch_id = es.batch_id AND s.course_id = es.course_id)`);
  await tx.execute(sql`
    UPDATE exam_sessions es SET exam_date = s.exam_date, start_time = s.start_time, end_time = s.end_time, classroom_id = r.classroom_id
    FROM exam_subjects s, exam_rooms r
    WHERE es.batch_id = ${batchId} AND s.batch_id = es.batch_id AND s.course_id = es.course_id AND r.id = es.exam_room_id`);
  await tx.execute(sql`
    INSERT INTO exam_sessions (batch_id, exam_room_id, course_id, exam_date, start_time, end_time, classroom_id)
    SELECT r.batch_id, r.id, s.course_id, s.exam_date, s.start_time, s.end_time, r.classroom_id
    FROM exam_rooms r JOIN exam_subjects s ON s.batch_id = r.batch_id
    WHERE r.batch_id = ${batchId} AND NOT EXISTS (SELECT 1 FROM exam_sessions es WHERE es.exam_room_id = r.id AND es.course_id = s.course_id)`);
}

/** Refuses when a room of the exam is held by another exam at an overlapping time. */
async function refuseBusyRooms(tx: Tx, batchId: number, classroomIds: number[]): Promise<void> {
  const [clash] = (await busyRooms(tx, batchId, classroomIds)).values();
  if (clash) throw conflict('examRoom.roomBusy', { room: clash.room, exam: clash.exam, date: clash.date, time: clash.time });
}

/**
 * After an exam's subjects or classes change (exam batch form): candidates who left its classes lose
 * their seats, sessions follow the subjects, and the new times are checked against the other exams'
 * rooms and invigilators.
 */
export async function followBatchChange(tx: Tx, batchId: number, checkStaff: (tx: Tx, batchId: number) => Promise<void>): Promise<void> {
  const [arranged] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM exam_rooms WHERE batch_id = ${batchId}) AS any`);
  if (!arranged?.any) return;
  await lockArrangements(tx);
  await tx.execute(sql`
    DELETE FROM exam_candidates ec WHERE ec.batch_id = ${batchId}
      AND NOT EXISTS (SELECT 1 FROM students s JOIN exam_batch_classes bc ON bc.class_id = s.class_id AND bc.batch_id = ec.batch_id WHERE s.id = ec.student_id)`);
  const rooms = await queryRows<{ classroomId: number }>(tx, sql`SELECT classroom_id AS "classroomId" FROM exam_rooms WHERE batch_id = ${batchId}`);
  await refuseBusyRooms(tx, batchId, rooms.map((room) => room.classroomId));
  await syncSessions(tx, batchId);
  await checkStaff(tx, batchId);
}

/** 自动排考场: replaces the exam's rooms, seats and sessions (and so its invigilators) with a new arrangement. */
export async function arrangeRooms(db: Db, form: ExamArrangeRoomsParsed): Promise<ExamArrangeResult> {
  return db.transaction(async (tx) => {
    await lockArrangements(tx);
    await editableBatch(tx, form.batchId);
    const classroomIds = [...new Set(form.classroomIds)];
    const rooms = await queryRows<{ id: number; name: string; capacity: number | null }>(tx, sql`
      SELECT id, name, capacity FROM classrooms WHERE id = ANY(${intArray(classroomIds)}) ORDER BY building NULLS LAST, code`);
    if (rooms.length !== classroomIds.length) throw badRequest('examRoom.unknownRoom');
    const unknownSize = rooms.find((room) => !room.capacity || room.capacity < 1);
    if (unknownSize) throw badRequest('examRoom.noCapacity', { room: unknownSize.name });
    const [subjects] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM exam_subjects WHERE batch_id = ${form.batchId}`);
    if (!subjects?.n) throw conflict('examRoom.noSubjects');
    await refuseBusyRooms(tx, form.batchId, classroomIds);

    const candidates = await queryRows<{ studentId: number; classId: number }>(tx, sql`
      SELECT s.id AS "studentId", s.class_id AS "classId" FROM students s JOIN classes c ON c.id = s.class_id
      WHERE s.id IN (SELECT student_id FROM (${CANDIDATES(form.batchId)}) x) ORDER BY c.sort, c.id, s.student_number`);
    if (!candidates.length) throw conflict('examRoom.noCandidates');
    const seats = rooms.map((room) => Math.min(room.capacity!, form.seatsPerRoom ?? room.capacity!, 200));
    const have = seats.reduce((sum, value) => sum + value, 0);
    if (have < candidates.length) throw conflict('examRoom.seatsShort', { need: candidates.length, have });

    await tx.execute(sql`DELETE FROM exam_sessions WHERE batch_id = ${form.batchId}`);
    await tx.execute(sql`DELETE FROM exam_rooms WHERE batch_id = ${form.batchId}`);
    const created = await queryRows<{ id: number; number: number }>(tx, sql`
      INSERT INTO exam_rooms (batch_id, classroom_id, number, seats)
      SELECT ${form.batchId}, r."classroomId", r.number, r.seats
      FROM jsonb_to_recordset(${JSON.stringify(rooms.map((room, index) => ({ classroomId: room.id, number: index + 1, seats: seats[index] })))}::jsonb)
        AS r("classroomId" int, number int, seats int)
      RETURNING id, number`);
    const roomIds = new Map(created.map((room) => [room.number, room.id]));
    const placed = placeCandidates(candidates, roomQuotas(seats, candidates.length));
    await tx.execute(sql`
      INSERT INTO exam_candidates (batch_id, student_id, exam_room_id, seat)
      SELECT ${form.batchId}, p."studentId", p."roomId", p.seat
      FROM jsonb_to_recordset(${JSON.stringify(placed.map((p) => ({ studentId: p.studentId, roomId: roomIds.get(p.room + 1), seat: p.seat })))}::jsonb)
        AS p("studentId" int, "roomId" int, seat int)`);
    await syncSessions(tx, form.batchId);
    const [sessions] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM exam_sessions WHERE batch_id = ${form.batchId}`);
    return { rooms: created.length, placed: placed.length, sessions: sessions?.n ?? 0 };
  });
}

/** Moves a candidate to a seat; the candidate sitting there, if any, takes the mover's old seat. */
export async function moveSeat(db: Db, form: ExamSeatMoveParsed): Promise<void> {
  await db.transaction(async (tx) => {
    await lockArrangements(tx);
    await editableBatch(tx, form.batchId);
    const [room] = await queryRows<{ id: number; number: number; seats: number }>(tx, sql`
      SELECT id, number, seats FROM exam_rooms WHERE id = ${form.examRoomId} AND batch_id = ${form.batchId}`);
    if (!room) throw badRequest('examRoom.unknownRoom');
    const [candidate] = await queryRows<{ studentId: number; examRoomId: number | null; seat: number | null }>(tx, sql`
      SELECT s.id AS "studentId", ec.exam_room_id AS "examRoomId", ec.seat
      FROM students s LEFT JOIN exam_candidates ec ON ec.batch_id = ${form.batchId} AND ec.student_id = s.id
      WHERE s.id = ${form.studentId} AND (ec.student_id IS NOT NULL OR s.id IN (SELECT student_id FROM (${CANDIDATES(form.batchId)}) x))`);
    if (!candidate) throw badRequest('examRoom.notCandidate');
    if (form.seat > room.seats) throw badRequest('examRoom.seatOver', { room: room.number, seats: room.seats });
    if (candidate.examRoomId === room.id && candidate.seat === form.seat) return;
    const [occupant] = await queryRows<{ studentId: number }>(tx, sql`
      SELECT student_id AS "studentId" FROM exam_candidates WHERE exam_room_id = ${room.id} AND seat = ${form.seat}`);
    if (occupant && candidate.examRoomId === null) throw conflict('examRoom.seatTaken', { room: room.number, seat: form.seat });
    if (occupant) {
      // The unique seat index holds after every statement: the mover steps aside first.
      await tx.execute(sql`UPDATE exam_candidates SET seat = -1 WHERE batch_id = ${form.batchId} AND student_id = ${form.studentId}`);
      await tx.execute(sql`
        UPDATE exam_candidates SET exam_room_id = ${candidate.examRoomId}, seat = ${candidate.seat} WHERE batch_id = ${form.batchId} AND student_id = ${occupant.studentId}`);
    }
    await tx.execute(sql`
      INSERT INTO exam_candidates (batch_id, student_id, exam_room_id, seat) VALUES (${form.batchId}, ${form.studentId}, ${room.id}, ${form.seat})
      ON CONFLICT (batch_id, student_id) DO UPDATE SET exam_room_id = EXCLUDED.exam_room_id, seat = EXCLUDED.seat`);
  });
}

type RawSeat = Omit<MyExamSeat, 'subjects'> & { subjects: MyExamSeat['subjects'] | string };

/** A student's (a parent's child's) own rooms and seats in published exams, the latest first. */
export async function mySeats(db: DbOrTx, auth: AuthContext, studentId: number | undefined, language: Language): Promise<MyExamSeat[]> {
  if (isStaff(auth)) throw forbidden();
  const rows = await queryRows<RawSeat>(db, sql`
    SELECT b.id AS "batchId", b.name AS "batchName", ${localName('t', language)} AS "termName", r.number AS "roomNumber",
      cr.name AS "classroomName", coalesce(cr.building, '') AS building, ec.seat,
      (SELECT coalesce(json_agg(json_build_object('courseName', ${localName('co', language)}, 'examDate', to_char(s.exam_date, 'YYYY-MM-DD'),
          'startTime', s.start_time, 'endTime', s.end_time) ORDER BY s.exam_date, s.start_time), '[]'::json)
         FROM exam_subjects s JOIN courses co ON co.id = s.course_id WHERE s.batch_id = b.id) AS subjects
    FROM exam_candidates ec
    JOIN exam_batches b ON b.id = ec.batch_id AND b.published
    JOIN terms t ON t.id = b.term_id
    JOIN exam_rooms r ON r.id = ec.exam_room_id
    JOIN classrooms cr ON cr.id = r.classroom_id
    WHERE ec.student_id IN (${ownStudentIds(auth)}) ${studentId ? sql`AND ec.student_id = ${studentId}` : sql``}
    ORDER BY (SELECT min(s.exam_date) FROM exam_subjects s WHERE s.batch_id = b.id) DESC NULLS LAST, b.id DESC
    LIMIT 30`);
  return rows.map((row) => ({ ...row, subjects: jsonValue(row.subjects) }));
}
