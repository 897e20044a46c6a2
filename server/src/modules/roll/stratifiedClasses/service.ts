import { sql } from 'drizzle-orm';
import {
  stratifiedClassSearchSchema,
  type Language,
  type PlacementResult,
  type StratifiedCandidate,
  type StratifiedClassFormParsed,
  type StratifiedClassRow,
  type StratifiedClassStudents,
  type StratifiedOptions,
  type StratifiedStudentRow,
} from '@campus/contract';
import { stratifiedClasses, students } from '../../../db/schema/index.ts';
import { jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { aliased, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { idList } from '../../../platform/resource.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { localName } from '../../timetable/views/queries.ts';

export const stratifiedList = defineList({
  search: stratifiedClassSearchSchema,
  sortColumns: { level: sql`sc.level`, name: sql`sc.name`, courseName: sql`co.sort`, students: sql`students` },
  defaultSort: { field: 'level', order: 'asc' },
  tieBreaker: stratifiedClasses.id,
});
type Search = ReturnType<typeof stratifiedList.parse>['search'];

const columns = (language: Language) => sql`
  sc.id, sc.term_id AS "termId", ${localName('t', language)} AS "termName", sc.grade_id AS "gradeId", ${localName('g', language)} AS "gradeName",
  sc.course_id AS "courseId", ${localName('co', language)} AS "courseName", sc.level, sc.name, sc.teacher_id AS "teacherId", coalesce(st.name, '') AS "teacherName",
  sc.classroom_id AS "classroomId", coalesce(cr.name, '') AS "classroomName", sc.capacity, sc.min_score::float8 AS "minScore",
  (SELECT count(*)::int FROM stratified_class_students s WHERE s.stratified_class_id = sc.id) AS students`;

const FROM = sql`
  FROM stratified_classes sc JOIN terms t ON t.id = sc.term_id JOIN grades g ON g.id = sc.grade_id JOIN courses co ON co.id = sc.course_id
  LEFT JOIN staff st ON st.id = sc.teacher_id LEFT JOIN classrooms cr ON cr.id = sc.classroom_id`;

export async function listStratified(db: DbOrTx, request: ListRequest<Search, keyof typeof stratifiedList.spec.sortColumns>, withTotal: boolean, language: Language): Promise<{ total: number; rows: StratifiedClassRow[] }> {
  const parts = [sql`TRUE`];
  const s = request.search;
  if (s.termId) parts.push(sql`sc.term_id = ${s.termId}`);
  if (s.gradeId) parts.push(sql`sc.grade_id = ${s.gradeId}`);
  if (s.courseId) parts.push(sql`sc.course_id = ${s.courseId}`);
  if (s.level) parts.push(sql`sc.level = ${s.level}`);
  const where = sql.join(parts, sql` AND `);
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<StratifiedClassRow>(db, sql`
    SELECT * FROM (SELECT ${columns(language)}, co.sort AS course_sort ${FROM} WHERE ${where}) x
    ORDER BY ${sql.raw(request.sortField === 'courseName' ? 'course_sort' : request.sortField === 'students' ? 'students' : request.sortField)} ${direction}, "gradeName", course_sort, level, name, id
    LIMIT ${request.limit} OFFSET ${request.offset}`);
  const total = withTotal ? ((await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n ${FROM} WHERE ${where}`))[0]?.n ?? 0) : rows.length;
  return { total, rows: rows.map(({ course_sort: _, ...row }: StratifiedClassRow & { course_sort?: number }) => row) };
}

export async function findStratified(db: DbOrTx, id: number, language: Language): Promise<StratifiedClassRow | undefined> {
  const [row] = await queryRows<StratifiedClassRow>(db, sql`SELECT ${columns(language)} ${FROM} WHERE sc.id = ${id}`);
  return row;
}

export async function stratifiedOptions(db: DbOrTx, language: Language): Promise<StratifiedOptions> {
  const [lists] = await queryRows<Record<keyof StratifiedOptions, unknown>>(db, sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', ${localName('t', language)}, 'isCurrent', t.is_current) ORDER BY t.start_date DESC), '[]'::json) FROM terms t) AS terms,
      (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', ${localName('g', language)}) ORDER BY g.sort), '[]'::json) FROM grades g) AS grades,
      (SELECT coalesce(json_agg(json_build_object('id', co.id, 'name', ${localName('co', language)}) ORDER BY co.sort, co.id), '[]'::json) FROM courses co WHERE NOT co.is_elective) AS courses,
      (SELECT coalesce(json_agg(json_build_object('id', st.id, 'name', st.name) ORDER BY st.staff_number), '[]'::json) FROM staff st) AS teachers,
      (SELECT coalesce(json_agg(json_build_object('id', cr.id, 'name', cr.name) ORDER BY cr.code), '[]'::json) FROM classrooms cr) AS classrooms,
      (SELECT coalesce(json_agg(json_build_object('id', b.id, 'name', b.name, 'termId', b.term_id, 'gradeId', b.grade_id) ORDER BY b.entry_end DESC), '[]'::json) FROM score_batches b) AS batches`);
  const value = <T>(key: keyof StratifiedOptions) => jsonValue((lists?.[key] ?? []) as T[] | string) as never;
  return { terms: value('terms'), grades: value('grades'), courses: value('courses'), teachers: value('teachers'), classrooms: value('classrooms'), batches: value('batches') };
}

async function checkForm(tx: Tx, form: StratifiedClassFormParsed): Promise<void> {
  const [facts] = await queryRows<{ ok: boolean }>(tx, sql`
    SELECT EXISTS (SELECT 1 FROM terms WHERE id = ${form.termId}) AND EXISTS (SELECT 1 FROM grades WHERE id = ${form.gradeId})
      AND EXISTS (SELECT 1 FROM courses WHERE id = ${form.courseId})
      AND (${form.teacherId ?? null}::int IS NULL OR EXISTS (SELECT 1 FROM staff WHERE id = ${form.teacherId ?? null}::int))
      AND (${form.classroomId ?? null}::int IS NULL OR EXISTS (SELECT 1 FROM classrooms WHERE id = ${form.classroomId ?? null}::int)) AS ok`);
  if (!facts?.ok) throw badRequest('stratified.unknownReference');
  const [named] = await queryRows<{ id: number }>(tx, sql`
    SELECT id FROM stratified_classes WHERE term_id = ${form.termId} AND grade_id = ${form.gradeId} AND course_id = ${form.courseId} AND name = ${form.name} AND id <> ${form.id ?? 0}`);
  if (named) throw conflict('stratified.nameTaken', { name: form.name });
}

export async function createStratified(db: Db, form: StratifiedClassFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    await checkForm(tx, form);
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO stratified_classes (term_id, grade_id, course_id, level, name, teacher_id, classroom_id, capacity, min_score)
      VALUES (${form.termId}, ${form.gradeId}, ${form.courseId}, ${form.level}, ${form.name}, ${form.teacherId ?? null}, ${form.classroomId ?? null}, ${form.capacity}, ${form.minScore})
      RETURNING id`);
    return created!.id;
  });
}

async function lockClass(tx: Tx, id: number): Promise<{ id: number; name: string; termId: number; gradeId: number; courseId: number; capacity: number; students: number }> {
  const [row] = await queryRows<{ id: number; name: string; termId: number; gradeId: number; courseId: number; capacity: number; students: number }>(tx, sql`
    SELECT sc.id, sc.name, sc.term_id AS "termId", sc.grade_id AS "gradeId", sc.course_id AS "courseId", sc.capacity,
      (SELECT count(*)::int FROM stratified_class_students s WHERE s.stratified_class_id = sc.id) AS students
    FROM stratified_classes sc WHERE sc.id = ${id} FOR UPDATE OF sc`);
  if (!row) throw notFound();
  return row;
}

export async function updateStratified(db: Db, form: StratifiedClassFormParsed & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockClass(tx, form.id);
    if (current.students > 0 && (current.termId !== form.termId || current.gradeId !== form.gradeId || current.courseId !== form.courseId)) throw conflict('stratified.moveBlocked');
    if (form.capacity < current.students) throw conflict('stratified.capacityBelowStudents', { count: current.students });
    await checkForm(tx, form);
    await tx.execute(sql`
      UPDATE stratified_classes SET term_id = ${form.termId}, grade_id = ${form.gradeId}, course_id = ${form.courseId}, level = ${form.level}, name = ${form.name},
        teacher_id = ${form.teacherId ?? null}, classroom_id = ${form.classroomId ?? null}, capacity = ${form.capacity}, min_score = ${form.minScore}, updated_at = now()
      WHERE id = ${form.id}`);
  });
}

/** A class with students stays ('The selected option has been in use'); nothing is deleted then. */
export async function deleteStratified(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const id of [...ids].sort((a, b) => a - b)) {
      const row = await lockClass(tx, id);
      if (row.students > 0) throw conflict('stratified.inUse', { name: row.name });
    }
    await tx.execute(sql`DELETE FROM stratified_classes WHERE id IN ${idList(ids)}`);
  });
}

/** One placement at a time per term, grade and course: two offices placing at once would overfill a level. */
async function lockCourse(tx: Tx, termId: number, courseId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('stratified-course'), ${termId * 10_000 + courseId})`);
}

/**
 * Places the grade's students who have a score in the batch and no level class of the course yet: best score
 * first, each into the highest level whose lowest score they reach and which still has room, else the next.
 */
export async function placeByScore(db: Db, input: { termId: number; gradeId: number; courseId: number; batchId: number }): Promise<PlacementResult> {
  return db.transaction(async (tx) => {
    await lockCourse(tx, input.termId, input.courseId);
    const [batch] = await queryRows<{ ok: boolean }>(tx, sql`SELECT term_id = ${input.termId} AND grade_id = ${input.gradeId} AS ok FROM score_batches WHERE id = ${input.batchId}`);
    if (!batch) throw badRequest('stratified.unknownReference');
    if (!batch.ok) throw badRequest('stratified.batchMismatch');
    const levels = await queryRows<{ id: number; minScore: number; room: number }>(tx, sql`
      SELECT sc.id, sc.min_score::float8 AS "minScore", sc.capacity - (SELECT count(*)::int FROM stratified_class_students s WHERE s.stratified_class_id = sc.id) AS room
      FROM stratified_classes sc WHERE sc.term_id = ${input.termId} AND sc.grade_id = ${input.gradeId} AND sc.course_id = ${input.courseId} AND sc.min_score IS NOT NULL
      ORDER BY sc.min_score DESC, sc.level, sc.id FOR UPDATE OF sc`);
    if (!levels.length) throw conflict('stratified.noLevels');
    const students = await queryRows<{ studentId: number; score: number }>(tx, sql`
      SELECT s.id AS "studentId", sco.score::float8 AS score
      FROM scores sco JOIN students s ON s.id = sco.student_id JOIN classes c ON c.id = s.class_id
      WHERE sco.batch_id = ${input.batchId} AND sco.course_id = ${input.courseId} AND sco.score IS NOT NULL AND c.grade_id = ${input.gradeId}
        AND NOT EXISTS (SELECT 1 FROM stratified_class_students x WHERE x.term_id = ${input.termId} AND x.course_id = ${input.courseId} AND x.student_id = s.id)
      ORDER BY sco.score DESC, s.student_number`);
    const placements: { classId: number; studentId: number; score: number }[] = [];
    for (const student of students) {
      const level = levels.find((l) => student.score >= l.minScore && l.room > 0);
      if (!level) continue;
      level.room -= 1;
      placements.push({ classId: level.id, studentId: student.studentId, score: student.score });
    }
    if (placements.length) {
      await tx.execute(sql`
        INSERT INTO stratified_class_students (stratified_class_id, student_id, term_id, course_id, placed_by, score)
        SELECT x.class_id, x.student_id, ${input.termId}, ${input.courseId}, 'score', x.score
        FROM jsonb_to_recordset(${JSON.stringify(placements.map((p) => ({ class_id: p.classId, student_id: p.studentId, score: p.score })))}::jsonb) AS x(class_id int, student_id int, score numeric)`);
    }
    return { placed: placements.length, unplaced: students.length - placements.length };
  });
}

export async function classStudents(db: DbOrTx, classId: number, language: Language): Promise<StratifiedClassStudents> {
  const stratifiedClass = await findStratified(db, classId, language);
  if (!stratifiedClass) throw notFound('stratified.parametersLost');
  const rows = await queryRows<StratifiedStudentRow & { placedRaw: Date | string }>(db, sql`
    SELECT s.id AS "studentId", s.student_number AS "studentNumber", s.name, coalesce(c.name, '') AS "className", x.placed_by AS "placedBy",
      x.score::float8 AS score, x.placed_at AS "placedRaw"
    FROM stratified_class_students x JOIN students s ON s.id = x.student_id LEFT JOIN classes c ON c.id = s.class_id
    WHERE x.stratified_class_id = ${classId} ORDER BY x.score DESC NULLS LAST, c.sort, s.student_number`);
  return { stratifiedClass, rows: rows.map(({ placedRaw, ...row }) => ({ ...row, placedAt: schoolMinute(placedRaw) })) };
}

/** The candidates' keyword: a student's name, its initials or number. */
const STUDENT_KEYWORD = keywordColumns(students.name, students.nameInitials, students.studentNumber);

/** Students of the class's grade to add, with the level class of the course each is in now. */
export async function candidates(db: DbOrTx, classId: number, keyword: string): Promise<StratifiedCandidate[]> {
  const [target] = await queryRows<{ termId: number; gradeId: number; courseId: number }>(db, sql`
    SELECT term_id AS "termId", grade_id AS "gradeId", course_id AS "courseId" FROM stratified_classes WHERE id = ${classId}`);
  if (!target) throw notFound('stratified.parametersLost');
  const matching = matchKeyword(keyword, STUDENT_KEYWORD, aliased('s'));
  return queryRows<StratifiedCandidate>(db, sql`
    SELECT s.id AS "studentId", s.student_number AS "studentNumber", s.name, c.name AS "className", coalesce(sc.name, '') AS "currentClass"
    FROM students s JOIN classes c ON c.id = s.class_id
    LEFT JOIN stratified_class_students x ON x.student_id = s.id AND x.term_id = ${target.termId} AND x.course_id = ${target.courseId}
    LEFT JOIN stratified_classes sc ON sc.id = x.stratified_class_id
    WHERE c.grade_id = ${target.gradeId} AND (x.stratified_class_id IS NULL OR x.stratified_class_id <> ${classId})
      ${matching ? sql`AND ${matching}` : sql``}
    ORDER BY (x.student_id IS NOT NULL), c.sort, s.student_number LIMIT 100`);
}

/** Adds students by hand: of the grade, not in another level class of the course, within the capacity. */
export async function addStudents(db: Db, classId: number, studentIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const target = await lockClass(tx, classId);
    await lockCourse(tx, target.termId, target.courseId);
    const ids = [...new Set(studentIds)];
    const [outsider] = await queryRows<{ name: string }>(tx, sql`
      SELECT coalesce(s.name, x.id::text) AS name FROM unnest(${sql.param(ids)}::int[]) AS x(id) LEFT JOIN students s ON s.id = x.id LEFT JOIN classes c ON c.id = s.class_id
      WHERE c.grade_id IS DISTINCT FROM ${target.gradeId} LIMIT 1`);
    if (outsider) throw badRequest('stratified.notInGrade', { name: outsider.name });
    const [placed] = await queryRows<{ name: string; className: string }>(tx, sql`
      SELECT s.name, sc.name AS "className" FROM stratified_class_students x JOIN students s ON s.id = x.student_id JOIN stratified_classes sc ON sc.id = x.stratified_class_id
      WHERE x.term_id = ${target.termId} AND x.course_id = ${target.courseId} AND x.student_id = ANY(${sql.param(ids)}::int[]) LIMIT 1`);
    if (placed) throw conflict('stratified.alreadyPlaced', placed);
    if (target.students + ids.length > target.capacity) throw conflict('stratified.classFull');
    await tx.execute(sql`
      INSERT INTO stratified_class_students (stratified_class_id, student_id, term_id, course_id, placed_by)
      SELECT ${classId}, x.id, ${target.termId}, ${target.courseId}, 'manual' FROM unnest(${sql.param(ids)}::int[]) AS x(id)`);
    return ids.length;
  });
}

export async function removeStudents(db: Db, classId: number, studentIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    await lockClass(tx, classId);
    const removed = await queryRows<{ id: number }>(tx, sql`
      DELETE FROM stratified_class_students WHERE stratified_class_id = ${classId} AND student_id = ANY(${sql.param([...new Set(studentIds)])}::int[]) RETURNING student_id AS id`);
    return removed.length;
  });
}
