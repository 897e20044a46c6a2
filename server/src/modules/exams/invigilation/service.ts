import { sql } from 'drizzle-orm';
import type {
  InvigilationArrangeResult,
  InvigilationAssignParsed,
  InvigilationSettingsParsed,
  InvigilationRole,
  InvigilationSessionRow,
  InvigilationSettings,
  InvigilatorLoad,
  Language,
  MyInvigilation,
} from '@campus/contract';
import { intArray, jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { staff } from '../../../db/schema/index.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { isStaff } from '../../../platform/scope.ts';
import { localName } from '../../timetable/views/queries.ts';
import { editableBatch, INVIGILATORS_NEEDED, lockArrangements } from '../rooms/service.ts';

export const INVIGILATION_PERMISSIONS = { view: 'exam:invigilation', edit: 'exam:invigilation:edit' } as const;

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hoursOf = (minutesTaken: number) => Math.round((minutesTaken / 60) * 100) / 100;

/** A session's length in minutes, from its 'HH:MM' start and end. */
const SESSION_MINUTES = sql`((substr(es.end_time, 1, 2)::int * 60 + substr(es.end_time, 4, 2)::int) - (substr(es.start_time, 1, 2)::int * 60 + substr(es.start_time, 4, 2)::int))`;


/** The staff who teach the exam's classes this term: the pool proposed before the office saves one. */
async function teachersOfClasses(db: DbOrTx, batchId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`
    SELECT DISTINCT te.teacher_id AS id FROM exam_batches b
    JOIN exam_batch_classes bc ON bc.batch_id = b.id
    JOIN timetable_entries te ON te.term_id = b.term_id AND te.class_id = bc.class_id AND te.teacher_id IS NOT NULL
    WHERE b.id = ${batchId}`);
  return rows.map((row) => row.id);
}

export async function invigilationSettings(db: DbOrTx, batchId: number): Promise<InvigilationSettings> {
  const [batch] = await queryRows<{ avoidOwnSubject: boolean; twoInvigilatorsFrom: number; pool: number }>(db, sql`
    SELECT avoid_own_subject AS "avoidOwnSubject", two_invigilators_from AS "twoInvigilatorsFrom",
      (SELECT count(*)::int FROM exam_invigilator_pool p WHERE p.batch_id = b.id) AS pool
    FROM exam_batches b WHERE b.id = ${batchId}`);
  if (!batch) throw notFound();
  const ids = batch.pool ? null : await teachersOfClasses(db, batchId);
  const [staff, unavailable] = await Promise.all([
    queryRows<InvigilationSettings['staff'][number]>(db, sql`
      SELECT st.id, st.staff_number AS "staffNumber", st.name, coalesce(o.name, '') AS "departmentName"
      FROM staff st LEFT JOIN org_units o ON o.id = st.working_dept_id
      WHERE ${ids ? sql`st.id = ANY(${intArray(ids)})` : sql`st.id IN (SELECT staff_id FROM exam_invigilator_pool WHERE batch_id = ${batchId})`}
      ORDER BY st.staff_number`),
    queryRows<InvigilationSettings['unavailable'][number]>(db, sql`
      SELECT u.staff_id AS "staffId", st.name AS "staffName", to_char(u.exam_date, 'YYYY-MM-DD') AS "examDate", u.start_time AS "startTime",
        u.end_time AS "endTime", u.reason
      FROM exam_staff_unavailability u JOIN staff st ON st.id = u.staff_id WHERE u.batch_id = ${batchId} ORDER BY u.exam_date, u.start_time, st.staff_number`),
  ]);
  return { staff, avoidOwnSubject: batch.avoidOwnSubject, twoInvigilatorsFrom: batch.twoInvigilatorsFrom, unavailable };
}

/** The pool's staff search: a staff number, a name or its pinyin initials. */
const STAFF_KEYWORD = keywordColumns(staff.staffNumber, staff.name, staff.nameInitials);

/** Staff found by number, name or initials for the pool (at most 50), active accounts only. */
export async function searchStaff(db: DbOrTx, keyword: string | undefined): Promise<InvigilationSettings['staff']> {
  const matching = matchKeyword(keyword, STAFF_KEYWORD, aliased('st'));
  return queryRows<InvigilationSettings['staff'][number]>(db, sql`
    SELECT st.id, st.staff_number AS "staffNumber", st.name, coalesce(o.name, '') AS "departmentName"
    FROM staff st JOIN users u ON u.id = st.user_id LEFT JOIN org_units o ON o.id = st.working_dept_id
    WHERE u.enabled ${matching ? sql`AND ${matching}` : sql``}
    ORDER BY st.staff_number LIMIT 50`);
}

export async function saveInvigilationSettings(db: Db, form: InvigilationSettingsParsed): Promise<void> {
  await db.transaction(async (tx) => {
    await lockArrangements(tx);
    await editableBatch(tx, form.batchId);
    const ids = [...new Set(form.staffIds)];
    const found = await queryRows<{ id: number; name: string }>(tx, sql`SELECT id, name FROM staff WHERE id = ANY(${intArray([...ids, ...form.unavailable.map((u) => u.staffId)])})`);
    const names = new Map(found.map((row) => [row.id, row.name]));
    if (ids.some((id) => !names.has(id)) || form.unavailable.some((u) => !names.has(u.staffId))) throw badRequest('invigilation.unknownStaff');
    const outside = form.unavailable.find((u) => !ids.includes(u.staffId));
    if (outside) throw badRequest('invigilation.unavailableOutsidePool', { name: names.get(outside.staffId) ?? '' });
    await tx.execute(sql`UPDATE exam_batches SET avoid_own_subject = ${form.avoidOwnSubject}, two_invigilators_from = ${form.twoInvigilatorsFrom}, updated_at = now() WHERE id = ${form.batchId}`);
    await tx.execute(sql`DELETE FROM exam_invigilator_pool WHERE batch_id = ${form.batchId}`);
    await tx.execute(sql`INSERT INTO exam_invigilator_pool (batch_id, staff_id) SELECT ${form.batchId}, unnest(${intArray(ids)})`);
    await tx.execute(sql`DELETE FROM exam_staff_unavailability WHERE batch_id = ${form.batchId}`);
    if (form.unavailable.length) {
      await tx.execute(sql`
        INSERT INTO exam_staff_unavailability (batch_id, staff_id, exam_date, start_time, end_time, reason)
        SELECT ${form.batchId}, u."staffId", u."examDate"::date, u."startTime", u."endTime", u.reason
        FROM jsonb_to_recordset(${JSON.stringify(form.unavailable)}::jsonb) AS u("staffId" int, "examDate" text, "startTime" text, "endTime" text, reason text)`);
    }
  });
}

type RawSession = Omit<InvigilationSessionRow, 'invigilators'> & { invigilators: InvigilationSessionRow['invigilators'] | string };

export async function listSessions(db: DbOrTx, batchId: number, courseId: number | undefined, language: Language): Promise<InvigilationSessionRow[]> {
  const rows = await queryRows<RawSession>(db, sql`
    SELECT es.id, es.course_id AS "courseId", ${localName('co', language)} AS "courseName", to_char(es.exam_date, 'YYYY-MM-DD') AS "examDate",
      es.start_time AS "startTime", es.end_time AS "endTime", r.number AS "roomNumber", coalesce(cr.name, '') AS "classroomName",
      (SELECT count(*)::int FROM exam_candidates ec WHERE ec.exam_room_id = es.exam_room_id) AS candidates,
      ${INVIGILATORS_NEEDED}::int AS needed,
      (SELECT coalesce(json_agg(json_build_object('staffId', st.id, 'staffNumber', st.staff_number, 'name', st.name, 'role', i.role)
          ORDER BY CASE i.role WHEN 'chief' THEN 0 WHEN 'assistant' THEN 1 ELSE 2 END, i.id), '[]'::json)
         FROM invigilations i JOIN staff st ON st.id = i.staff_id WHERE i.session_id = es.id) AS invigilators
    FROM exam_sessions es
    JOIN exam_batches b ON b.id = es.batch_id
    JOIN courses co ON co.id = es.course_id
    LEFT JOIN exam_rooms r ON r.id = es.exam_room_id
    LEFT JOIN classrooms cr ON cr.id = es.classroom_id
    WHERE es.batch_id = ${batchId} ${courseId ? sql`AND es.course_id = ${courseId}` : sql``}
    ORDER BY es.exam_date, es.start_time, r.number NULLS LAST, es.id`);
  return rows.map((row) => ({ ...row, invigilators: jsonValue(row.invigilators) }));
}

interface Busy {
  staffId: number;
  examDate: string;
  start: number;
  end: number;
}

/** The courses each staff member teaches in the term (lessons and teaching classes). */
async function coursesTaught(tx: DbOrTx, termId: number, staffIds: number[]): Promise<Map<number, Set<number>>> {
  const rows = await queryRows<{ staffId: number; courseId: number }>(tx, sql`
    SELECT DISTINCT teacher_id AS "staffId", course_id AS "courseId" FROM timetable_entries WHERE term_id = ${termId} AND teacher_id = ANY(${intArray(staffIds)})
    UNION SELECT DISTINCT teacher_id, course_id FROM teaching_classes WHERE term_id = ${termId} AND teacher_id = ANY(${intArray(staffIds)})`);
  const taught = new Map<number, Set<number>>();
  for (const row of rows) taught.set(row.staffId, (taught.get(row.staffId) ?? new Set()).add(row.courseId));
  return taught;
}

/**
 * 自动监考安排: replaces the chiefs and assistants of every session of the exam (patrols stay). Sessions
 * are taken in time order; at each time the free, allowed pool members with the fewest minutes so far
 * are chosen, chiefs of every room first. Within one time the choice is the same for every room (the
 * subject is the same), so taking the least loaded free members is both feasible whenever any choice is
 * and keeps the hours even; no solver is needed (docs/decisions.md, "Exam rooms and invigilation").
 */
export async function arrangeInvigilators(db: Db, batchId: number): Promise<InvigilationArrangeResult> {
  return db.transaction(async (tx) => {
    await lockArrangements(tx);
    const batch = await editableBatch(tx, batchId);
    const pool = (await queryRows<{ id: number }>(tx, sql`SELECT staff_id AS id FROM exam_invigilator_pool WHERE batch_id = ${batchId} ORDER BY staff_id`)).map((row) => row.id);
    if (!pool.length) throw conflict('invigilation.poolEmpty');
    const sessions = await queryRows<{ id: number; courseId: number; examDate: string; startTime: string; endTime: string; needed: number; roomNumber: number }>(tx, sql`
      SELECT es.id, es.course_id AS "courseId", to_char(es.exam_date, 'YYYY-MM-DD') AS "examDate", es.start_time AS "startTime", es.end_time AS "endTime",
        ${INVIGILATORS_NEEDED}::int AS needed, coalesce(r.number, 0) AS "roomNumber"
      FROM exam_sessions es JOIN exam_batches b ON b.id = es.batch_id LEFT JOIN exam_rooms r ON r.id = es.exam_room_id
      WHERE es.batch_id = ${batchId} ORDER BY es.exam_date, es.start_time, r.number NULLS LAST, es.id`);
    if (!sessions.length) throw conflict('invigilation.noSessions');
    await tx.execute(sql`DELETE FROM invigilations i USING exam_sessions es WHERE es.id = i.session_id AND es.batch_id = ${batchId} AND i.role <> 'patrol'`);

    const busy = await queryRows<{ staffId: number; examDate: string; startTime: string; endTime: string }>(tx, sql`
      SELECT i.staff_id AS "staffId", to_char(es.exam_date, 'YYYY-MM-DD') AS "examDate", es.start_time AS "startTime", es.end_time AS "endTime"
      FROM invigilations i JOIN exam_sessions es ON es.id = i.session_id
      WHERE i.staff_id = ANY(${intArray(pool)}) AND es.exam_date IN (SELECT exam_date FROM exam_subjects WHERE batch_id = ${batchId})
      UNION ALL
      SELECT staff_id, to_char(exam_date, 'YYYY-MM-DD'), start_time, end_time FROM exam_staff_unavailability WHERE batch_id = ${batchId}`);
    const blocked: Busy[] = busy.map((row) => ({ staffId: row.staffId, examDate: row.examDate, start: minutes(row.startTime), end: minutes(row.endTime) }));
    const taught = batch.avoidOwnSubject ? await coursesTaught(tx, batch.termId, pool) : new Map<number, Set<number>>();
    const load = new Map(pool.map((id) => [id, 0]));

    const blocks = new Map<string, typeof sessions>();
    for (const session of sessions) {
      const key = `${session.examDate} ${session.startTime} ${session.endTime}`;
      blocks.set(key, [...(blocks.get(key) ?? []), session]);
    }
    const rows: { sessionId: number; staffId: number; role: InvigilationRole }[] = [];
    let unfilled = 0;
    for (const block of blocks.values()) {
      const { examDate, startTime, endTime, courseId } = block[0]!;
      const [start, end] = [minutes(startTime), minutes(endTime)];
      const free = pool
        .filter((id) => !blocked.some((b) => b.staffId === id && b.examDate === examDate && b.start < end && start < b.end))
        .filter((id) => !taught.get(id)?.has(courseId))
        .sort((a, b) => load.get(a)! - load.get(b)! || a - b);
      const wanted: { sessionId: number; role: InvigilationRole }[] = [
        ...block.map((session) => ({ sessionId: session.id, role: 'chief' as const })),
        ...block.filter((session) => session.needed > 1).map((session) => ({ sessionId: session.id, role: 'assistant' as const })),
      ];
      wanted.forEach((place, index) => {
        const staffId = free[index];
        if (staffId === undefined) {
          unfilled++;
          return;
        }
        rows.push({ ...place, staffId });
        load.set(staffId, load.get(staffId)! + (end - start));
      });
    }
    if (rows.length) {
      await tx.execute(sql`
        INSERT INTO invigilations (session_id, staff_id, role)
        SELECT r."sessionId", r."staffId", r.role FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r("sessionId" int, "staffId" int, role text)`);
    }
    return { assigned: rows.length, unfilled };
  });
}

/** The first duty of these staff in another session overlapping the given time, named for the refusal. */
async function clashOf(tx: DbOrTx, staffIds: number[], sessionId: number, examDate: string, startTime: string, endTime: string, language: Language) {
  const [clash] = await queryRows<{ name: string; exam: string; course: string; date: string; time: string }>(tx, sql`
    SELECT st.name, b.name AS exam, ${localName('co', language)} AS course, to_char(es.exam_date, 'YYYY-MM-DD') AS date, es.start_time || '-' || es.end_time AS time
    FROM invigilations i JOIN exam_sessions es ON es.id = i.session_id JOIN exam_batches b ON b.id = es.batch_id
    JOIN courses co ON co.id = es.course_id JOIN staff st ON st.id = i.staff_id
    WHERE i.staff_id = ANY(${intArray(staffIds)}) AND es.id <> ${sessionId} AND es.exam_date = ${examDate}::date
      AND es.start_time < ${endTime} AND ${startTime} < es.end_time
    ORDER BY es.start_time LIMIT 1`);
  return clash;
}

/** 手动调整: sets one session's invigilators, refusing a clash, an unavailable time or (by the exam's rule) an own subject. */
export async function assignInvigilators(db: Db, form: InvigilationAssignParsed, language: Language): Promise<void> {
  await db.transaction(async (tx) => {
    await lockArrangements(tx);
    const [session] = await queryRows<{ batchId: number; courseId: number; courseName: string; examDate: string; startTime: string; endTime: string }>(tx, sql`
      SELECT es.batch_id AS "batchId", es.course_id AS "courseId", ${localName('co', language)} AS "courseName", to_char(es.exam_date, 'YYYY-MM-DD') AS "examDate",
        es.start_time AS "startTime", es.end_time AS "endTime"
      FROM exam_sessions es JOIN courses co ON co.id = es.course_id WHERE es.id = ${form.sessionId}`);
    if (!session) throw notFound();
    const batch = await editableBatch(tx, session.batchId);
    const ids = form.invigilators.map((i) => i.staffId);
    if (ids.length) {
      const staff = await queryRows<{ id: number; name: string; inPool: boolean }>(tx, sql`
        SELECT st.id, st.name, EXISTS (SELECT 1 FROM exam_invigilator_pool p WHERE p.batch_id = ${batch.id} AND p.staff_id = st.id) AS "inPool"
        FROM staff st WHERE st.id = ANY(${intArray(ids)})`);
      if (staff.length !== ids.length) throw badRequest('invigilation.unknownStaff');
      const names = new Map(staff.map((row) => [row.id, row.name]));
      const outside = staff.find((row) => !row.inPool);
      if (outside) throw conflict('invigilation.notInPool', { name: outside.name });
      const clash = await clashOf(tx, ids, form.sessionId, session.examDate, session.startTime, session.endTime, language);
      if (clash) throw conflict('invigilation.staffBusy', clash);
      const [away] = await queryRows<{ staffId: number; startTime: string; endTime: string }>(tx, sql`
        SELECT staff_id AS "staffId", start_time AS "startTime", end_time AS "endTime" FROM exam_staff_unavailability
        WHERE batch_id = ${batch.id} AND staff_id = ANY(${intArray(ids)}) AND exam_date = ${session.examDate}::date
          AND start_time < ${session.endTime} AND ${session.startTime} < end_time LIMIT 1`);
      if (away) throw conflict('invigilation.staffUnavailable', { name: names.get(away.staffId) ?? '', date: session.examDate, time: `${away.startTime}-${away.endTime}` });
      if (batch.avoidOwnSubject) {
        const taught = await coursesTaught(tx, batch.termId, ids);
        const teacher = ids.find((id) => taught.get(id)?.has(session.courseId));
        if (teacher) throw conflict('invigilation.ownSubject', { name: names.get(teacher) ?? '', course: session.courseName });
      }
    }
    await tx.execute(sql`DELETE FROM invigilations WHERE session_id = ${form.sessionId}`);
    if (ids.length) {
      await tx.execute(sql`
        INSERT INTO invigilations (session_id, staff_id, role)
        SELECT ${form.sessionId}, r."staffId", r.role FROM jsonb_to_recordset(${JSON.stringify(form.invigilators)}::jsonb) AS r("staffId" int, role text)`);
    }
  });
}

/** After an exam's times change: none of its invigilators may now be in two places. */
export async function refuseStaffClashes(tx: Tx, batchId: number, language: Language = 'zh'): Promise<void> {
  const [clash] = await queryRows<{ name: string; exam: string; course: string; date: string; time: string }>(tx, sql`
    SELECT st.name, b2.name AS exam, ${localName('co', language)} AS course, to_char(o.exam_date, 'YYYY-MM-DD') AS date, o.start_time || '-' || o.end_time AS time
    FROM invigilations i JOIN exam_sessions es ON es.id = i.session_id
    JOIN invigilations j ON j.staff_id = i.staff_id AND j.id <> i.id
    JOIN exam_sessions o ON o.id = j.session_id AND o.id <> es.id AND o.exam_date = es.exam_date AND o.start_time < es.end_time AND es.start_time < o.end_time
    JOIN exam_batches b2 ON b2.id = o.batch_id JOIN courses co ON co.id = o.course_id JOIN staff st ON st.id = i.staff_id
    WHERE es.batch_id = ${batchId} LIMIT 1`);
  if (clash) throw conflict('invigilation.staffBusy', clash);
}

/** Each pool member's sessions and hours in the exam, per role: the balance the office checks. */
export async function invigilatorLoads(db: DbOrTx, batchId: number, language: Language): Promise<InvigilatorLoad[]> {
  const rows = await queryRows<{ staffId: number; staffNumber: string; name: string; roleName: string | null; sessions: number; minutes: number }>(db, sql`
    WITH people AS (
      SELECT staff_id FROM exam_invigilator_pool WHERE batch_id = ${batchId}
      UNION SELECT i.staff_id FROM invigilations i JOIN exam_sessions es ON es.id = i.session_id WHERE es.batch_id = ${batchId}
    )
    SELECT st.id AS "staffId", st.staff_number AS "staffNumber", st.name, coalesce(${localName('r', language)}, d.role) AS "roleName",
      count(d.session_id)::int AS sessions, coalesce(sum(d.minutes), 0)::int AS minutes
    FROM people p JOIN staff st ON st.id = p.staff_id
    LEFT JOIN (
      SELECT i.staff_id, i.role, i.session_id,
        ${SESSION_MINUTES} AS minutes
      FROM invigilations i JOIN exam_sessions es ON es.id = i.session_id WHERE es.batch_id = ${batchId}
    ) d ON d.staff_id = st.id
    LEFT JOIN dictionary_items r ON r.table_name = 'STD_INVIGILATION_ROLE' AND r.code = d.role
    GROUP BY st.id, st.staff_number, st.name, d.role, r.name, r.name_en
    ORDER BY st.staff_number`);
  const loads = new Map<number, InvigilatorLoad>();
  for (const row of rows) {
    const load = loads.get(row.staffId) ?? { staffId: row.staffId, staffNumber: row.staffNumber, name: row.name, sessions: 0, hours: 0, byRole: {} };
    if (row.roleName) {
      load.sessions += row.sessions;
      load.hours = hoursOf(load.hours * 60 + row.minutes);
      load.byRole[row.roleName] = hoursOf(row.minutes);
    }
    loads.set(row.staffId, load);
  }
  return [...loads.values()].sort((a, b) => b.hours - a.hours || a.staffNumber.localeCompare(b.staffNumber));
}

/** A staff member's own duties in the published exams of the current term. */
export async function myInvigilations(db: DbOrTx, auth: AuthContext, language: Language): Promise<MyInvigilation[]> {
  if (!isStaff(auth)) throw forbidden();
  const rows = await queryRows<Omit<MyInvigilation, 'hours'> & { minutes: number }>(db, sql`
    SELECT b.name AS "batchName", ${localName('co', language)} AS "courseName", to_char(es.exam_date, 'YYYY-MM-DD') AS "examDate",
      es.start_time AS "startTime", es.end_time AS "endTime", r.number AS "roomNumber", coalesce(cr.name, '') AS "classroomName",
      coalesce(${localName('d', language)}, i.role) AS "roleName",
      ${SESSION_MINUTES} AS minutes
    FROM staff st
    JOIN invigilations i ON i.staff_id = st.id
    JOIN exam_sessions es ON es.id = i.session_id
    JOIN exam_batches b ON b.id = es.batch_id AND b.published AND b.term_id IN (SELECT id FROM terms WHERE is_current)
    JOIN courses co ON co.id = es.course_id
    LEFT JOIN exam_rooms r ON r.id = es.exam_room_id
    LEFT JOIN classrooms cr ON cr.id = es.classroom_id
    LEFT JOIN dictionary_items d ON d.table_name = 'STD_INVIGILATION_ROLE' AND d.code = i.role
    WHERE st.user_id = ${auth.userId}
    ORDER BY es.exam_date, es.start_time, es.id`);
  return rows.map(({ minutes: taken, ...row }) => ({ ...row, hours: hoursOf(taken) }));
}
