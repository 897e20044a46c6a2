import { sql, type SQL } from 'drizzle-orm';
import type {
  Language,
  PagedResult,
  TeachingCandidateRow,
  TeachingClassFormParsed,
  TeachingClassOptions,
  TeachingClassRow,
  TeachingLesson,
  TeachingMemberRow,
  TeachingMemberStatus,
} from '@campus/contract';
import { intArray, jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { courses, staff, students, teachingClasses } from '../../../db/schema/index.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, countMatches, keywordColumns, matchKeyword, matchKeywordAcross } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { idList } from '../../../platform/resource.ts';
import { localName, periodList, slotNames, teachingDays } from '../../timetable/views/queries.ts';
import { schoolToday } from '../../timetable/views/service.ts';

export const TEACHING_CLASS_PERMISSIONS = {
  view: 'roll:teachingClass',
  /** Create, change and staff the classes; without it a teacher sees the classes they teach. */
  edit: 'roll:teachingClass:edit',
  delete: 'roll:teachingClass:delete',
} as const;

/** The teaching classes (alias tc) the caller may see: all with the edit right, else those they teach. */
function visibleTeachingClasses(caller: Caller): SQL {
  if (caller.permissions.has(TEACHING_CLASS_PERMISSIONS.edit)) return sql`TRUE`;
  return sql`tc.teacher_id IN (SELECT id FROM staff WHERE user_id = ${caller.auth.userId})`;
}

export interface TeachingClassSearch {
  keyword?: string;
  termId?: number;
  gradeId?: number;
  courseId?: number;
  teacherId?: number;
}

export type TeachingClassSort = 'name' | 'courseName' | 'gradeName' | 'teacherName' | 'size';

/** The class list's keyword: the class's name, its course's, or its teacher's name or initials. */
const CLASS_KEYWORD = keywordColumns(teachingClasses.name);
const COURSE_KEYWORD = keywordColumns(courses.name);
const TEACHER_KEYWORD = keywordColumns(staff.name, staff.nameInitials);

/**
 * The keyword over teaching classes `tc`, by their own columns: each table's matches are found once through
 * its keyword indexes, where one OR over the joined tables read the whole staff table on every search to
 * test each class's teacher. A school's few hundred classes are then read whole, tested against those ids.
 */
function classKeyword(keyword: string | undefined): SQL | undefined {
  return matchKeywordAcross(keyword, [
    { key: sql`tc.id`, columns: CLASS_KEYWORD },
    { key: sql`tc.course_id`, columns: COURSE_KEYWORD },
    { key: sql`tc.teacher_id`, columns: TEACHER_KEYWORD },
  ]);
}

/** The members' and the candidates' keyword: a student's name, its initials or number. */
const STUDENT_KEYWORD = keywordColumns(students.name, students.nameInitials, students.studentNumber);

const SIZE = sql`(SELECT count(*)::int FROM teaching_class_students m WHERE m.teaching_class_id = tc.id AND m.removed_at IS NULL)`;

const SORTS: Record<TeachingClassSort, SQL> = {
  name: sql`tc.name`,
  courseName: sql`co.sort`,
  gradeName: sql`g.sort`,
  teacherName: sql`st.name`,
  size: SIZE,
};

function rowColumns(language: Language): SQL {
  return sql`
    tc.id, tc.term_id AS "termId", ${localName('t', language)} AS "termName", tc.name, tc.course_id AS "courseId", ${localName('co', language)} AS "courseName",
    tc.grade_id AS "gradeId", ${localName('g', language)} AS "gradeName", tc.teacher_id AS "teacherId", coalesce(st.name, '') AS "teacherName",
    tc.classroom_id AS "classroomId", coalesce(cr.name, '') AS "classroomName", tc.capacity, tc.week_from AS "weekFrom", tc.week_to AS "weekTo",
    (SELECT coalesce(json_agg(json_build_object('day', l.day, 'period', l.period) ORDER BY l.day, l.period), '[]'::json)
       FROM teaching_class_lessons l WHERE l.teaching_class_id = tc.id) AS lessons,
    tc.remarks, ${SIZE} AS size,
    (SELECT coalesce(json_agg(x.name ORDER BY x.sort, x.name), '[]'::json) FROM (
       SELECT DISTINCT c.name, c.sort FROM teaching_class_students m JOIN students s ON s.id = m.student_id JOIN classes c ON c.id = s.class_id
       WHERE m.teaching_class_id = tc.id AND m.removed_at IS NULL) x) AS "sourceClasses",
    t.end_date >= ${schoolToday()}::date AS editable`;
}

const TABLES = sql`
  teaching_classes tc
  JOIN terms t ON t.id = tc.term_id
  JOIN courses co ON co.id = tc.course_id
  JOIN grades g ON g.id = tc.grade_id
  LEFT JOIN staff st ON st.id = tc.teacher_id
  LEFT JOIN classrooms cr ON cr.id = tc.classroom_id`;
const FROM = sql`FROM ${TABLES}`;

type RawRow = Omit<TeachingClassRow, 'lessons' | 'sourceClasses'> & { lessons: TeachingLesson[] | string; sourceClasses: string[] | string };
const toRow = (row: RawRow): TeachingClassRow => ({ ...row, lessons: jsonValue(row.lessons), sourceClasses: jsonValue(row.sourceClasses) });

export async function pageTeachingClasses(
  db: DbOrTx,
  caller: Caller,
  search: TeachingClassSearch,
  sort: { field: TeachingClassSort | ''; order: 'asc' | 'desc' | '' },
  page: { offset: number; limit: number },
): Promise<PagedResult<TeachingClassRow>> {
  const parts: SQL[] = [visibleTeachingClasses(caller)];
  if (search.termId) parts.push(sql`tc.term_id = ${search.termId}`);
  if (search.gradeId) parts.push(sql`tc.grade_id = ${search.gradeId}`);
  if (search.courseId) parts.push(sql`tc.course_id = ${search.courseId}`);
  if (search.teacherId) parts.push(sql`tc.teacher_id = ${search.teacherId}`);
  const keyword = classKeyword(search.keyword);
  if (keyword) parts.push(keyword);
  const direction = sort.order === 'desc' ? sql`DESC` : sql`ASC`;
  const order = sort.field ? sql`${SORTS[sort.field]} ${direction} NULLS LAST, tc.id` : sql`t.start_date DESC, g.sort, co.sort, tc.name, tc.id`;
  // The sorts read the class's term, grade, course and teacher: the matches are joined to them to be ordered.
  const found = await pageOfList<RawRow>(
    db,
    search.keyword,
    {
      matching: sql`SELECT tc.id FROM teaching_classes tc WHERE ${sql.join(parts, sql` AND `)}`,
      order: { joins: sql`JOIN (${TABLES}) ON tc.id = m.id`, orderBy: order },
      details: { columns: rowColumns(caller.language), joins: sql`JOIN (${TABLES}) ON tc.id = chosen.id` },
    },
    page,
  );
  return { ...found, rows: found.rows.map(toRow) };
}

/** One teaching class the caller may see; 404 for one they may not (it is not theirs to know of). */
export async function getTeachingClass(db: DbOrTx, caller: Caller, id: number): Promise<TeachingClassRow> {
  const [row] = await queryRows<RawRow>(db, sql`SELECT ${rowColumns(caller.language)} ${FROM} WHERE tc.id = ${id} AND ${visibleTeachingClasses(caller)}`);
  if (!row) throw notFound();
  return toRow(row);
}

export async function teachingClassOptions(db: DbOrTx, language: Language): Promise<TeachingClassOptions> {
  const [lists] = await queryRows<Omit<TeachingClassOptions, 'days' | 'periods'>>(db, sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', ${localName('t', language)}, 'isCurrent', t.is_current, 'weekCount', t.week_count) ORDER BY t.start_date DESC), '[]'::json)
         FROM terms t WHERE t.end_date >= ${schoolToday()}::date - 400) AS terms,
      (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', ${localName('g', language)}) ORDER BY g.sort), '[]'::json) FROM grades g) AS grades,
      (SELECT coalesce(json_agg(json_build_object('id', co.id, 'name', ${localName('co', language)}) ORDER BY co.sort, co.id), '[]'::json) FROM courses co) AS courses,
      (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'staffNumber', s.staff_number) ORDER BY s.staff_number), '[]'::json) FROM staff s) AS teachers,
      (SELECT coalesce(json_agg(json_build_object('id', cr.id, 'name', cr.name, 'capacity', cr.capacity) ORDER BY cr.code), '[]'::json) FROM classrooms cr) AS classrooms,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'gradeId', c.grade_id) ORDER BY g.sort, c.sort, c.id), '[]'::json)
         FROM classes c JOIN grades g ON g.id = c.grade_id) AS classes`);
  const [days, periods] = await Promise.all([teachingDays(db, language), periodList(db, language)]);
  const list = <T>(value: T[] | string | undefined): T[] => (value === undefined ? [] : jsonValue(value));
  return {
    terms: list(lists?.terms),
    grades: list(lists?.grades),
    courses: list(lists?.courses),
    teachers: list(lists?.teachers),
    classrooms: list(lists?.classrooms),
    classes: list(lists?.classes),
    days,
    periods: periods.map((p) => ({ sort: p.sort, name: p.name })),
  };
}

/** One writer per term at a time: the clash checks read what the other writers of the term write. */
async function lockTerm(tx: Tx, termId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('teaching-classes'), ${termId})`);
}

interface TermFacts {
  weekCount: number;
  ended: boolean;
}

async function termFacts(tx: Tx, termId: number): Promise<TermFacts | undefined> {
  const [term] = await queryRows<TermFacts>(tx, sql`SELECT week_count AS "weekCount", end_date < ${schoolToday()}::date AS ended FROM terms WHERE id = ${termId}`);
  return term;
}

interface Clash {
  who: string;
  what: string;
  day: number;
  period: number;
}

const slotsJson = (lessons: readonly TeachingLesson[]) => sql`jsonb_to_recordset(${JSON.stringify(lessons)}::jsonb) AS slot(day int, period int)`;

/**
 * What else happens at the lessons' times in the weeks given, for a teacher (`teacher_id`) or a room
 * (`classroom_id`): class cells, elective sessions and the other teaching classes.
 */
async function busyAt(tx: Tx, column: 'teacher_id' | 'classroom_id', ownerId: number, form: TeachingClassFormParsed, selfId: number | undefined, language: Language): Promise<Clash | undefined> {
  const col = sql.raw(column);
  const [found] = await queryRows<Clash>(tx, sql`
    SELECT x.what, x.day, x.period FROM (
      SELECT ${localName('co', language)} || ' · ' || c.name AS what, te.day, te.period
        FROM timetable_entries te JOIN courses co ON co.id = te.course_id JOIN classes c ON c.id = te.class_id
        WHERE te.term_id = ${form.termId} AND te.${col} = ${ownerId} AND te.week_from <= ${form.weekTo} AND te.week_to >= ${form.weekFrom}
      UNION ALL
      SELECT ${localName('co', language)}, es.day, es.period
        FROM elective_sessions es JOIN courses co ON co.id = es.course_id
        WHERE es.term_id = ${form.termId} AND es.${col} = ${ownerId} AND es.week_from <= ${form.weekTo} AND es.week_to >= ${form.weekFrom}
      UNION ALL
      SELECT other.name, l.day, l.period
        FROM teaching_classes other JOIN teaching_class_lessons l ON l.teaching_class_id = other.id
        WHERE other.term_id = ${form.termId} AND other.${col} = ${ownerId} AND other.id <> ${selfId ?? 0}
          AND other.week_from <= ${form.weekTo} AND other.week_to >= ${form.weekFrom}
    ) x JOIN ${slotsJson(form.lessons)} ON slot.day = x.day AND slot.period = x.period
    ORDER BY x.day, x.period LIMIT 1`);
  return found;
}

/** The first of the students who has another teaching class or an elective at one of the lessons' times. */
async function memberClash(
  tx: Tx,
  studentIds: SQL,
  term: { termId: number; weekFrom: number; weekTo: number; lessons: readonly TeachingLesson[] },
  selfId: number,
  language: Language,
): Promise<Clash | undefined> {
  const [found] = await queryRows<Clash>(tx, sql`
    SELECT s.name AS who, x.what, x.day, x.period FROM (${studentBusy(studentIds, term, selfId, language)}) x
    JOIN ${slotsJson(term.lessons)} ON slot.day = x.day AND slot.period = x.period
    JOIN students s ON s.id = x.student_id
    ORDER BY s.student_number, x.day, x.period LIMIT 1`);
  return found;
}

/** The students' other teaching classes and electives of the term in the weeks: (student_id, what, day, period). */
function studentBusy(studentIds: SQL, term: { termId: number; weekFrom: number; weekTo: number }, selfId: number, language: Language): SQL {
  return sql`
    SELECT m.student_id, other.name AS what, l.day, l.period
      FROM teaching_class_students m
      JOIN teaching_classes other ON other.id = m.teaching_class_id
      JOIN teaching_class_lessons l ON l.teaching_class_id = other.id
      WHERE m.student_id = ANY(${studentIds}) AND m.removed_at IS NULL AND other.id <> ${selfId}
        AND other.term_id = ${term.termId} AND other.week_from <= ${term.weekTo} AND other.week_to >= ${term.weekFrom}
    UNION ALL
    SELECT ee.student_id, ${localName('co', language)}, es.day, es.period
      FROM elective_enrolments ee JOIN elective_sessions es ON es.id = ee.session_id JOIN courses co ON co.id = es.course_id
      WHERE ee.student_id = ANY(${studentIds}) AND es.term_id = ${term.termId} AND es.week_from <= ${term.weekTo} AND es.week_to >= ${term.weekFrom}`;
}

async function checkForm(tx: Tx, form: TeachingClassFormParsed, selfId: number | undefined, language: Language): Promise<void> {
  const term = await termFacts(tx, form.termId);
  const [refs] = await queryRows<{ n: number }>(tx, sql`
    SELECT (SELECT count(*) FROM grades WHERE id = ${form.gradeId}) + (SELECT count(*) FROM courses WHERE id = ${form.courseId})
      + (SELECT count(*) FROM staff WHERE id = ${form.teacherId ?? 0}) + (SELECT count(*) FROM classrooms WHERE id = ${form.classroomId ?? 0}) AS n`);
  const wanted = 2 + (form.teacherId ? 1 : 0) + (form.classroomId ? 1 : 0);
  if (!term || Number(refs?.n) !== wanted) throw badRequest('teachingClass.unknownReference');
  if (term.ended) throw conflict('teachingClass.termEnded');
  if (form.weekTo > term.weekCount) throw badRequest('teachingClass.weekBeyondTerm', { max: term.weekCount });
  const [badSlot] = await queryRows<{ day: number }>(tx, sql`
    SELECT slot.day FROM ${slotsJson(form.lessons)}
    WHERE NOT EXISTS (SELECT 1 FROM week_days wd WHERE wd.day = slot.day AND wd.teaching) OR NOT EXISTS (SELECT 1 FROM periods p WHERE p.sort = slot.period)
    LIMIT 1`);
  if (badSlot) throw badRequest('teachingClass.slotInvalid');
  const [named] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM teaching_classes WHERE term_id = ${form.termId} AND name = ${form.name} AND id <> ${selfId ?? 0} LIMIT 1`);
  if (named) throw conflict('teachingClass.nameTaken');
  const names = await slotNames(tx, language);
  if (form.teacherId) {
    const busy = await busyAt(tx, 'teacher_id', form.teacherId, form, selfId, language);
    if (busy) {
      const [teacher] = await queryRows<{ name: string }>(tx, sql`SELECT name FROM staff WHERE id = ${form.teacherId}`);
      throw conflict('teachingClass.teacherBusy', { teacher: teacher?.name ?? '', what: busy.what, ...names(busy.day, busy.period) });
    }
  }
  if (form.classroomId) {
    const busy = await busyAt(tx, 'classroom_id', form.classroomId, form, selfId, language);
    if (busy) {
      const [room] = await queryRows<{ name: string }>(tx, sql`SELECT name FROM classrooms WHERE id = ${form.classroomId}`);
      throw conflict('teachingClass.roomBusy', { room: room?.name ?? '', what: busy.what, ...names(busy.day, busy.period) });
    }
  }
}

async function writeLessons(tx: Tx, id: number, lessons: readonly TeachingLesson[]): Promise<void> {
  await tx.execute(sql`DELETE FROM teaching_class_lessons WHERE teaching_class_id = ${id}`);
  await tx.execute(sql`INSERT INTO teaching_class_lessons (teaching_class_id, day, period) SELECT ${id}, slot.day, slot.period FROM ${slotsJson(lessons)}`);
}

export async function createTeachingClass(db: Db, caller: Caller, form: TeachingClassFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    await lockTerm(tx, form.termId);
    await checkForm(tx, form, undefined, caller.language);
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO teaching_classes (term_id, name, course_id, grade_id, teacher_id, classroom_id, capacity, week_from, week_to, remarks)
      VALUES (${form.termId}, ${form.name}, ${form.courseId}, ${form.gradeId}, ${form.teacherId ?? null}, ${form.classroomId ?? null}, ${form.capacity}, ${form.weekFrom}, ${form.weekTo}, ${form.remarks})
      RETURNING id`);
    await writeLessons(tx, created!.id, form.lessons);
    return created!.id;
  });
}

interface Current {
  termId: number;
  gradeId: number;
  name: string;
  size: number;
  ended: boolean;
}

async function lockCurrent(tx: Tx, id: number): Promise<Current> {
  const [current] = await queryRows<Current>(tx, sql`
    SELECT tc.term_id AS "termId", tc.grade_id AS "gradeId", tc.name, t.end_date < ${schoolToday()}::date AS ended,
      (SELECT count(*)::int FROM teaching_class_students m WHERE m.teaching_class_id = tc.id AND m.removed_at IS NULL) AS size
    FROM teaching_classes tc JOIN terms t ON t.id = tc.term_id WHERE tc.id = ${id} FOR UPDATE OF tc`);
  if (!current) throw notFound();
  return current;
}

export async function updateTeachingClass(db: Db, caller: Caller, form: TeachingClassFormParsed & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    // The term locks come before the row's, as in adding students (term, then row): the other order could
    // wait on each other. Both terms in id order, so two moves between the same terms cannot either.
    const [peek] = await queryRows<{ termId: number }>(tx, sql`SELECT term_id AS "termId" FROM teaching_classes WHERE id = ${form.id}`);
    if (!peek) throw notFound();
    const locked = [...new Set([peek.termId, form.termId])].sort((a, b) => a - b);
    for (const termId of locked) await lockTerm(tx, termId);
    const current = await lockCurrent(tx, form.id);
    // Moved to another term meanwhile (by a writer that held both locks): take that term's lock too.
    if (!locked.includes(current.termId)) await lockTerm(tx, current.termId);
    if (current.ended) throw conflict('teachingClass.termEnded');
    if (current.size > 0 && (current.termId !== form.termId || current.gradeId !== form.gradeId)) throw conflict('teachingClass.membersFixGrade');
    if (form.capacity < current.size) throw conflict('teachingClass.capacityBelowSize', { size: current.size });
    await checkForm(tx, form, form.id, caller.language);
    if (current.size > 0) {
      const members = sql`ARRAY(SELECT student_id FROM teaching_class_students WHERE teaching_class_id = ${form.id} AND removed_at IS NULL)`;
      const clash = await memberClash(tx, members, form, form.id, caller.language);
      if (clash) throw conflict('teachingClass.memberClash', { name: clash.who, what: clash.what, ...(await slotNames(tx, caller.language))(clash.day, clash.period) });
    }
    await tx.execute(sql`
      UPDATE teaching_classes SET term_id = ${form.termId}, name = ${form.name}, course_id = ${form.courseId}, grade_id = ${form.gradeId},
        teacher_id = ${form.teacherId ?? null}, classroom_id = ${form.classroomId ?? null}, capacity = ${form.capacity},
        week_from = ${form.weekFrom}, week_to = ${form.weekTo}, remarks = ${form.remarks}, updated_at = now()
      WHERE id = ${form.id}`);
    await writeLessons(tx, form.id, form.lessons);
  });
}

/** Deletes teaching classes without students (a removed student's row goes with it); refuses one that has some. */
export async function deleteTeachingClasses(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; name: string; ended: boolean }>(tx, sql`
      SELECT tc.id, tc.name, t.end_date < ${schoolToday()}::date AS ended FROM teaching_classes tc JOIN terms t ON t.id = tc.term_id
      WHERE tc.id IN ${idList(ids)} ORDER BY tc.id FOR UPDATE OF tc`);
    if (rows.length !== ids.length) throw notFound();
    if (rows.some((row) => row.ended)) throw conflict('teachingClass.termEnded');
    const [used] = await queryRows<{ id: number }>(tx, sql`
      SELECT teaching_class_id AS id FROM teaching_class_students WHERE teaching_class_id IN ${idList(ids)} AND removed_at IS NULL LIMIT 1`);
    if (used) throw conflict('teachingClass.hasStudents', { name: rows.find((row) => row.id === Number(used.id))?.name ?? '' });
    await tx.execute(sql`DELETE FROM teaching_classes WHERE id IN ${idList(ids)}`);
  });
}

// ---- Students ---------------------------------------------------------------------------------

export async function pageMembers(
  db: DbOrTx,
  caller: Caller,
  search: { teachingClassId: number; status?: TeachingMemberStatus | ''; classId?: number; keyword?: string },
  page: { offset: number; limit: number },
): Promise<PagedResult<TeachingMemberRow>> {
  await getTeachingClass(db, caller, search.teachingClassId);
  const parts: SQL[] = [sql`m.teaching_class_id = ${search.teachingClassId}`];
  if (search.status === 'added') parts.push(sql`m.removed_at IS NULL`);
  if (search.status === 'removed') parts.push(sql`m.removed_at IS NOT NULL`);
  if (search.classId) parts.push(sql`s.class_id = ${search.classId}`);
  const keyword = matchKeyword(search.keyword, STUDENT_KEYWORD, aliased('s'));
  if (keyword) parts.push(keyword);
  const where = sql.join(parts, sql` AND `);
  const from = sql`FROM teaching_class_students m JOIN students s ON s.id = m.student_id LEFT JOIN classes c ON c.id = s.class_id`;
  const rows = await queryRows<TeachingMemberRow>(db, sql`
    SELECT s.id AS "studentId", s.name AS "studentName", s.student_number AS "studentNumber", coalesce(s.gender, '') AS gender, coalesce(c.name, '') AS "className",
      CASE WHEN m.removed_at IS NULL THEN 'added' ELSE 'removed' END AS status,
      to_char(m.added_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS "addedAt",
      coalesce((SELECT u.display_name FROM users u WHERE u.id = m.added_by_user_id), '') AS "addedByName",
      coalesce(to_char(m.removed_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI'), '') AS "removedAt",
      coalesce((SELECT u.display_name FROM users u WHERE u.id = m.removed_by_user_id), '') AS "removedByName"
    ${from} WHERE ${where}
    ORDER BY m.removed_at IS NOT NULL, c.sort NULLS LAST, s.student_number
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  return { ...(await countMatches(db, sql`SELECT 1 ${from} WHERE ${where}`, search.keyword)), rows };
}

/** Students in school of the teaching class's grade, from the classes chosen, with whether each could join. */
export async function memberCandidates(db: DbOrTx, caller: Caller, input: { teachingClassId: number; classIds: number[]; keyword: string }): Promise<TeachingCandidateRow[]> {
  const found = await getTeachingClass(db, caller, input.teachingClassId);
  const keyword = matchKeyword(input.keyword, STUDENT_KEYWORD, aliased('s'));
  const candidates = sql`ARRAY(SELECT s.id FROM students s JOIN classes c ON c.id = s.class_id
    WHERE c.grade_id = ${found.gradeId} AND s.in_school_status = '1'
      ${input.classIds.length ? sql`AND s.class_id = ANY(${intArray(input.classIds)})` : sql``}
      ${keyword ? sql`AND ${keyword}` : sql``})`;
  return queryRows<TeachingCandidateRow>(db, sql`
    WITH pool AS (SELECT unnest(${candidates}) AS id),
    busy AS (
      SELECT DISTINCT ON (x.student_id) x.student_id, x.what
      FROM (${studentBusy(sql`ARRAY(SELECT id FROM pool)`, found, found.id, caller.language)}) x
      JOIN ${slotsJson(found.lessons)} ON slot.day = x.day AND slot.period = x.period
      ORDER BY x.student_id, x.day, x.period)
    SELECT s.id, s.name, s.student_number AS "studentNumber", coalesce(s.gender, '') AS gender, s.class_id AS "classId", c.name AS "className",
      EXISTS (SELECT 1 FROM teaching_class_students m WHERE m.teaching_class_id = ${found.id} AND m.student_id = s.id AND m.removed_at IS NULL) AS member,
      coalesce(busy.what, '') AS clash
    FROM pool JOIN students s ON s.id = pool.id JOIN classes c ON c.id = s.class_id LEFT JOIN busy ON busy.student_id = s.id
    ORDER BY c.sort, c.id, s.student_number
    LIMIT 1000`);
}

async function lockForMembers(tx: Tx, caller: Caller, teachingClassId: number): Promise<TeachingClassRow & { current: Current }> {
  const found = await getTeachingClass(tx, caller, teachingClassId);
  await lockTerm(tx, found.termId);
  const current = await lockCurrent(tx, teachingClassId);
  if (current.ended) throw conflict('teachingClass.termEnded');
  return { ...found, current };
}

/**
 * Adds students (all or none): each must be in school in the class's grade, fit in its capacity ('Class
 * size is full or over') and have nothing else at its times ('Class time conflict, please change'). A
 * student removed before is added again; one already in the class is left as is.
 */
export async function addMembers(db: Db, caller: Caller, teachingClassId: number, studentIds: number[]): Promise<number> {
  if (!caller.permissions.has(TEACHING_CLASS_PERMISSIONS.edit)) throw forbidden();
  const ids = [...new Set(studentIds)];
  return db.transaction(async (tx) => {
    const found = await lockForMembers(tx, caller, teachingClassId);
    const [wrong] = await queryRows<{ name: string }>(tx, sql`
      SELECT coalesce(s.name, w.id::text) AS name FROM unnest(${intArray(ids)}) AS w(id)
      LEFT JOIN students s ON s.id = w.id LEFT JOIN classes c ON c.id = s.class_id
      WHERE s.id IS NULL OR c.grade_id IS DISTINCT FROM ${found.gradeId} OR s.in_school_status <> '1' LIMIT 1`);
    if (wrong) throw badRequest('teachingClass.wrongStudent', { name: wrong.name });
    const fresh = await queryRows<{ id: number }>(tx, sql`
      SELECT w.id FROM unnest(${intArray(ids)}) AS w(id)
      WHERE NOT EXISTS (SELECT 1 FROM teaching_class_students m WHERE m.teaching_class_id = ${teachingClassId} AND m.student_id = w.id AND m.removed_at IS NULL)`);
    const joining = fresh.map((row) => Number(row.id));
    if (!joining.length) return 0;
    if (found.current.size + joining.length > found.capacity) throw conflict('roll.classFull');
    const clash = await memberClash(tx, intArray(joining), found, teachingClassId, caller.language);
    if (clash) throw conflict('teachingClass.memberClash', { name: clash.who, what: clash.what, ...(await slotNames(tx, caller.language))(clash.day, clash.period) });
    await tx.execute(sql`
      INSERT INTO teaching_class_students (teaching_class_id, student_id, added_at, added_by_user_id)
      SELECT ${teachingClassId}, w.id, now(), ${caller.auth.userId} FROM unnest(${intArray(joining)}) AS w(id)
      ON CONFLICT (teaching_class_id, student_id) DO UPDATE SET added_at = now(), added_by_user_id = EXCLUDED.added_by_user_id, removed_at = NULL, removed_by_user_id = NULL`);
    await tx.execute(sql`UPDATE teaching_classes SET updated_at = now() WHERE id = ${teachingClassId}`);
    return joining.length;
  });
}

/** Marks students removed (kept in the list as removed); every one must be in the class now. */
export async function removeMembers(db: Db, caller: Caller, teachingClassId: number, studentIds: number[]): Promise<number> {
  if (!caller.permissions.has(TEACHING_CLASS_PERMISSIONS.edit)) throw forbidden();
  const ids = [...new Set(studentIds)];
  return db.transaction(async (tx) => {
    await lockForMembers(tx, caller, teachingClassId);
    const [missing] = await queryRows<{ name: string }>(tx, sql`
      SELECT coalesce(s.name, w.id::text) AS name FROM unnest(${intArray(ids)}) AS w(id) LEFT JOIN students s ON s.id = w.id
      WHERE NOT EXISTS (SELECT 1 FROM teaching_class_students m WHERE m.teaching_class_id = ${teachingClassId} AND m.student_id = w.id AND m.removed_at IS NULL) LIMIT 1`);
    if (missing) throw badRequest('teachingClass.notMember', { name: missing.name });
    await tx.execute(sql`
      UPDATE teaching_class_students SET removed_at = now(), removed_by_user_id = ${caller.auth.userId}
      WHERE teaching_class_id = ${teachingClassId} AND student_id = ANY(${intArray(ids)})`);
    await tx.execute(sql`UPDATE teaching_classes SET updated_at = now() WHERE id = ${teachingClassId}`);
    return ids.length;
  });
}
