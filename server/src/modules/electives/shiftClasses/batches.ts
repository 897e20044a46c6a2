import { sql, type SQL } from 'drizzle-orm';
import {
  CHOICE_COUNT,
  SHIFT_URLS,
  type ChoiceChangeForm,
  type ChoiceChangeRow,
  type ChoiceForm,
  type CombinationCount,
  type Language,
  type PagedResult,
  type MyChoices,
  type ShiftBatchForm,
  type ShiftBatchRow,
  type ShiftCourseForm,
  type ShiftCourseRow,
  type ShiftOptions,
  type ShiftStudentRow,
} from '@campus/contract';
import { intArray, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { students } from '../../../db/schema/index.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, countMatches, inClasses, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { idList } from '../../../platform/resource.ts';
import { schoolInstant, schoolMinute } from '../../../platform/schoolClock.ts';
import { ownStudentIds } from '../../../platform/scope.ts';
import { localName, termList } from '../../timetable/views/queries.ts';
import { sendMessages } from '../common.ts';

/**
 * 走班管理's batches, their subjects, the students' choices and the changes asked for after the window
 * (docs/calls-electives.md, "Class shifting"). A batch's status is its window's: not started, in progress
 * (choices are made and changed directly), ended (a change is asked for and decided).
 */

const STATUS = sql`CASE WHEN now() < b.choice_start THEN 'notStarted' WHEN now() <= b.choice_end THEN 'inProgress' ELSE 'ended' END`;

type BatchRaw = Omit<ShiftBatchRow, 'choiceStart' | 'choiceEnd'> & { startRaw: Date | string; endRaw: Date | string };

const batchSelect = (language: Language) => sql`
  SELECT b.id, b.term_id AS "termId", ${localName('t', language)} AS "termName", b.grade_id AS "gradeId", ${localName('g', language)} AS "gradeName",
    b.name, b.scheme, b.mode, b.choice_start AS "startRaw", b.choice_end AS "endRaw", ${STATUS} AS status,
    b.min_class_size AS "minClassSize", b.max_class_size AS "maxClassSize", b.block_count AS "blockCount", b.formation_status AS "formationStatus",
    (SELECT count(*)::int FROM shift_batch_courses bc WHERE bc.batch_id = b.id) AS "courseCount",
    (SELECT count(*)::int FROM students s JOIN classes c ON c.id = s.class_id WHERE c.grade_id = b.grade_id AND s.in_school_status = '1') AS "studentCount",
    (SELECT count(*)::int FROM shift_choices ch WHERE ch.batch_id = b.id) AS "chosenCount",
    (SELECT count(*)::int FROM shift_classes sc WHERE sc.batch_id = b.id) AS "classCount",
    (SELECT count(*)::int FROM shift_choice_changes x WHERE x.batch_id = b.id AND x.status = 'pending') AS "pendingChanges"
  FROM shift_batches b JOIN terms t ON t.id = b.term_id JOIN grades g ON g.id = b.grade_id`;

const batchRow = ({ startRaw, endRaw, ...row }: BatchRaw): ShiftBatchRow => ({ ...row, choiceStart: schoolMinute(startRaw), choiceEnd: schoolMinute(endRaw) });

export async function shiftOptions(db: DbOrTx, language: Language): Promise<ShiftOptions> {
  const [terms, grades, courses, classes, teachers, classrooms] = await Promise.all([
    termList(db, language),
    queryRows<{ id: number; name: string }>(db, sql`SELECT g.id, ${localName('g', language)} AS name FROM grades g ORDER BY g.sort, g.id`),
    queryRows<{ id: number; name: string }>(db, sql`SELECT co.id, ${localName('co', language)} AS name FROM courses co WHERE NOT co.is_elective ORDER BY co.sort, co.id`),
    queryRows<{ id: number; name: string; gradeId: number }>(db, sql`SELECT id, name, grade_id AS "gradeId" FROM classes ORDER BY sort, name, id`),
    queryRows<{ id: number; name: string; staffNumber: string }>(db, sql`SELECT id, name, staff_number AS "staffNumber" FROM staff ORDER BY staff_number`),
    queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM classrooms ORDER BY code`),
  ]);
  return { terms: terms.map((t) => ({ id: t.id, name: t.name, isCurrent: t.isCurrent })), grades, courses, classes, teachers, classrooms };
}

export async function pageBatches(db: DbOrTx, language: Language, search: { termId?: number; gradeId?: number; status?: string }, page: { offset: number; limit: number }): Promise<PagedResult<ShiftBatchRow>> {
  const conditions: SQL[] = [sql`TRUE`];
  if (search.termId) conditions.push(sql`b.term_id = ${search.termId}`);
  if (search.gradeId) conditions.push(sql`b.grade_id = ${search.gradeId}`);
  if (search.status) conditions.push(sql`${STATUS} = ${search.status}`);
  const where = sql.join(conditions, sql` AND `);
  const [count] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM shift_batches b WHERE ${where}`);
  const rows = await queryRows<BatchRaw>(db, sql`${batchSelect(language)} WHERE ${where} ORDER BY b.choice_start DESC, b.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`);
  return { rows: rows.map(batchRow), total: count?.total ?? 0 };
}

/** A batch by id; a page opened without one (or with one that does not exist) is told to start again. */
export async function batchById(db: DbOrTx, language: Language, id: number): Promise<ShiftBatchRow> {
  const [row] = await queryRows<BatchRaw>(db, sql`${batchSelect(language)} WHERE b.id = ${id}`);
  if (!row) throw badRequest('shift.parametersLost');
  return batchRow(row);
}

/** Locks a batch for a change of its subjects, choices or classes (not while its classes are formed). */
export async function lockBatch(tx: Tx, id: number, options: { formation?: boolean } = {}): Promise<{ id: number; gradeId: number; termId: number; scheme: string; formationStatus: string; name: string; status: string; end: string; start: string; blockCount: number }> {
  const [batch] = await queryRows<{ id: number; gradeId: number; termId: number; scheme: string; formationStatus: string; name: string; status: string; end: string; start: string; blockCount: number }>(tx, sql`
    SELECT b.id, b.grade_id AS "gradeId", b.term_id AS "termId", b.scheme, b.formation_status AS "formationStatus", b.name, ${STATUS} AS status,
      b.choice_end AS "end", b.choice_start AS "start", b.block_count AS "blockCount"
    FROM shift_batches b WHERE b.id = ${id} FOR UPDATE`);
  if (!batch) throw badRequest('shift.parametersLost');
  if (options.formation !== false && batch.formationStatus === 'running') throw conflict('shift.formationRunning');
  return batch;
}

export async function saveBatch(db: Db, form: ShiftBatchForm): Promise<number> {
  return db.transaction(async (tx) => {
    const [refs] = await queryRows<{ term: boolean; grade: boolean }>(tx, sql`
      SELECT EXISTS (SELECT 1 FROM terms WHERE id = ${form.termId}) AS term, EXISTS (SELECT 1 FROM grades WHERE id = ${form.gradeId}) AS grade`);
    if (!refs?.term || !refs.grade) throw badRequest('errors.notFound');
    const values = sql`${form.termId}, ${form.gradeId}, ${form.name}, ${form.scheme}, ${form.mode}, ${schoolInstant(form.choiceStart)}, ${schoolInstant(form.choiceEnd)},
      ${form.minClassSize}, ${form.maxClassSize}, ${form.blockCount}`;
    if (!form.id) {
      const [row] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO shift_batches (term_id, grade_id, name, scheme, mode, choice_start, choice_end, min_class_size, max_class_size, block_count)
        VALUES (${values}) RETURNING id`);
      return row!.id;
    }
    const batch = await lockBatch(tx, form.id);
    // The grade of a batch with choices stays: its choices are that grade's students'.
    const [chosen] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM shift_choices WHERE batch_id = ${form.id}) AS any`);
    if (chosen?.any && batch.gradeId !== form.gradeId) throw conflict('common.inUse');
    await tx.execute(sql`
      UPDATE shift_batches SET (term_id, grade_id, name, scheme, mode, choice_start, choice_end, min_class_size, max_class_size, block_count) = (${values}),
        updated_at = now() WHERE id = ${form.id}`);
    return form.id;
  });
}

export async function deleteBatches(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; formationStatus: string; name: string }>(tx, sql`
      SELECT id, formation_status AS "formationStatus", name FROM shift_batches WHERE id IN ${idList(ids)} FOR UPDATE`);
    if (rows.length !== new Set(ids).size) throw notFound();
    if (rows.some((r) => r.formationStatus === 'running')) throw conflict('shift.formationRunning');
    // Published classes stay as teaching classes; the batch's own rows go.
    await tx.execute(sql`DELETE FROM shift_batches WHERE id IN ${idList(ids)}`);
  });
}

/** A published batch's teaching classes take the students of its shift classes. */
export async function syncTeachingClassStudents(tx: DbOrTx, batchId: number): Promise<void> {
  // A student who left keeps their row with the time they left, as teaching classes record removals.
  await tx.execute(sql`
    UPDATE teaching_class_students m SET removed_at = now() FROM shift_classes sc
    WHERE sc.batch_id = ${batchId} AND m.teaching_class_id = sc.teaching_class_id AND m.removed_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM shift_class_students x WHERE x.shift_class_id = sc.id AND x.student_id = m.student_id)`);
  await tx.execute(sql`
    INSERT INTO teaching_class_students (teaching_class_id, student_id)
    SELECT sc.teaching_class_id, x.student_id FROM shift_classes sc JOIN shift_class_students x ON x.shift_class_id = sc.id
    WHERE sc.batch_id = ${batchId} AND sc.teaching_class_id IS NOT NULL
    ON CONFLICT (teaching_class_id, student_id) DO UPDATE SET removed_at = NULL, removed_by_user_id = NULL`);
}

// ---- Subjects ----

export async function batchCourses(db: DbOrTx, language: Language, batchId: number): Promise<ShiftCourseRow[]> {
  await batchById(db, language, batchId);
  return queryRows<ShiftCourseRow>(db, sql`
    SELECT bc.id, bc.batch_id AS "batchId", bc.course_id AS "courseId", ${localName('co', language)} AS "courseName", bc.level,
      bc.choice_group AS "choiceGroup", bc.weekly_hours AS "weeklyHours", bc.sort,
      (SELECT count(*)::int FROM shift_choices ch WHERE ch.batch_id = bc.batch_id AND bc.id = ANY(ch.batch_course_ids)) AS "chosenBy",
      (SELECT count(*)::int FROM shift_classes sc WHERE sc.batch_course_id = bc.id) AS "classCount"
    FROM shift_batch_courses bc JOIN courses co ON co.id = bc.course_id
    WHERE bc.batch_id = ${batchId} ORDER BY bc.choice_group, bc.sort, co.sort, bc.id`);
}

export async function saveBatchCourse(db: Db, language: Language, form: ShiftCourseForm): Promise<number> {
  return db.transaction(async (tx) => {
    await lockBatch(tx, form.batchId);
    const [course] = await queryRows<{ name: string }>(tx, sql`SELECT ${localName('co', language)} AS name FROM courses co WHERE co.id = ${form.courseId}`);
    if (!course) throw badRequest('shift.courseRequired');
    const [taken] = await queryRows(tx, sql`
      SELECT 1 FROM shift_batch_courses WHERE batch_id = ${form.batchId} AND course_id = ${form.courseId} AND level = ${form.level} AND id <> ${form.id ?? 0}`);
    if (taken) throw conflict('shift.courseTaken', { course: course.name, level: form.level ? `(${form.level})` : '' });
    if (!form.id) {
      const [row] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO shift_batch_courses (batch_id, course_id, level, choice_group, weekly_hours, sort)
        VALUES (${form.batchId}, ${form.courseId}, ${form.level}, ${form.choiceGroup}, ${form.weeklyHours}, ${form.sort}) RETURNING id`);
      return row!.id;
    }
    const rows = await queryRows(tx, sql`
      UPDATE shift_batch_courses SET course_id = ${form.courseId}, level = ${form.level}, choice_group = ${form.choiceGroup}, weekly_hours = ${form.weeklyHours}, sort = ${form.sort}
      WHERE id = ${form.id} AND batch_id = ${form.batchId} RETURNING id`);
    if (!rows.length) throw notFound();
    return form.id;
  });
}

export async function deleteBatchCourses(db: Db, language: Language, batchId: number, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBatch(tx, batchId);
    const [used] = await queryRows<{ name: string }>(tx, sql`
      SELECT ${localName('co', language)} AS name FROM shift_batch_courses bc JOIN courses co ON co.id = bc.course_id
      WHERE bc.id IN ${idList(ids)} AND (EXISTS (SELECT 1 FROM shift_choices ch WHERE ch.batch_id = bc.batch_id AND bc.id = ANY(ch.batch_course_ids))
        OR EXISTS (SELECT 1 FROM shift_classes sc WHERE sc.batch_course_id = bc.id)) LIMIT 1`);
    if (used) throw conflict('shift.courseInUse', { course: used.name });
    const rows = await queryRows(tx, sql`DELETE FROM shift_batch_courses WHERE id IN ${idList(ids)} AND batch_id = ${batchId} RETURNING id`);
    if (rows.length !== new Set(ids).size) throw notFound();
  });
}

// ---- Choices ----

/** Checks a choice against the batch's subjects and scheme; answers the ids sorted. */
async function validChoice(db: DbOrTx, batchId: number, scheme: string, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length !== CHOICE_COUNT || ids.length !== CHOICE_COUNT) throw badRequest('shift.choiceCount');
  const rows = await queryRows<{ id: number; courseId: number; choiceGroup: string }>(db, sql`
    SELECT id, course_id AS "courseId", choice_group AS "choiceGroup" FROM shift_batch_courses WHERE batch_id = ${batchId} AND id = ANY(${intArray(unique)})`);
  if (rows.length !== unique.length) throw badRequest('shift.choiceUnknown');
  if (new Set(rows.map((r) => r.courseId)).size !== rows.length) throw badRequest('shift.choiceSameCourse');
  if (scheme === '312' && (rows.filter((r) => r.choiceGroup === 'first').length !== 1 || rows.filter((r) => r.choiceGroup === 'second').length !== 2)) throw badRequest('shift.choice312');
  return unique;
}

async function studentInGrade(db: DbOrTx, studentId: number, gradeId: number): Promise<{ userId: number; name: string }> {
  const [student] = await queryRows<{ userId: number; name: string; gradeId: number | null }>(db, sql`
    SELECT s.user_id AS "userId", s.name, c.grade_id AS "gradeId" FROM students s LEFT JOIN classes c ON c.id = s.class_id WHERE s.id = ${studentId}`);
  if (!student) throw notFound();
  if (student.gradeId !== gradeId) throw conflict('shift.notInGrade');
  return student;
}

async function writeChoice(tx: Tx, batchId: number, studentId: number, ids: number[], userId: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO shift_choices (batch_id, student_id, batch_course_ids, submitted_by_user_id) VALUES (${batchId}, ${studentId}, ${intArray(ids)}, ${userId})
    ON CONFLICT (batch_id, student_id) DO UPDATE SET batch_course_ids = excluded.batch_course_ids, submitted_by_user_id = excluded.submitted_by_user_id, updated_at = now()`);
}

/** The office enters or changes a student's choice at any time (an empty choice removes it). */
export async function setChoice(db: Db, caller: Caller, form: ChoiceForm): Promise<void> {
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, form.batchId);
    await studentInGrade(tx, form.studentId, batch.gradeId);
    if (!form.batchCourseIds.length) {
      await tx.execute(sql`DELETE FROM shift_choices WHERE batch_id = ${form.batchId} AND student_id = ${form.studentId}`);
      return;
    }
    const ids = await validChoice(tx, form.batchId, batch.scheme, form.batchCourseIds);
    await writeChoice(tx, form.batchId, form.studentId, ids, caller.auth.userId);
  });
}

const choiceNames = (language: Language, ids: SQL) => sql`
  coalesce((SELECT array_agg(${localName('co', language)} || CASE WHEN bc.level <> '' THEN '(' || bc.level || ')' ELSE '' END ORDER BY bc.choice_group, bc.sort, co.sort, bc.id)
            FROM shift_batch_courses bc JOIN courses co ON co.id = bc.course_id WHERE bc.id = ANY(${ids})), '{}')`;

/** The students' and the changes' keyword: a student's name, its pinyin initials or number. */
const STUDENT_KEYWORD = keywordColumns(students.name, students.nameInitials, students.studentNumber);

/**
 * A batch's students (the grade's, in school) with their choices and classes. The batch is looked up for its
 * grade alone beside the page: its row in the list (batchById) counts the grade's students and choices,
 * 20 ms at a district's scale.
 */
export async function pageShiftStudents(
  db: DbOrTx,
  language: Language,
  batchId: number,
  search: { keyword?: string; classId?: number; chosen?: string; combination?: string },
  page: { offset: number; limit: number },
): Promise<PagedResult<ShiftStudentRow>> {
  const conditions: SQL[] = [
    inClasses(sql`SELECT c.id FROM classes c WHERE c.grade_id = (SELECT b.grade_id FROM shift_batches b WHERE b.id = ${batchId})`, search.keyword),
    sql`s.in_school_status = '1'`,
  ];
  const keyword = matchKeyword(search.keyword, STUDENT_KEYWORD, aliased('s'));
  if (keyword) conditions.push(keyword);
  if (search.classId) conditions.push(sql`s.class_id = ${search.classId}`);
  if (search.chosen === 'chosen') conditions.push(sql`ch.student_id IS NOT NULL`);
  if (search.chosen === 'notChosen') conditions.push(sql`ch.student_id IS NULL`);
  if (search.combination) {
    const ids = search.combination.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0).sort((a, b) => a - b);
    conditions.push(sql`ch.batch_course_ids = ${intArray(ids)}`);
  }
  const choice = sql`LEFT JOIN shift_choices ch ON ch.batch_id = ${batchId} AND ch.student_id = s.id`;
  const [[batch], found] = await Promise.all([
    queryRows(db, sql`SELECT 1 FROM shift_batches WHERE id = ${batchId}`, { prepared: true }),
    pageOfList<Omit<ShiftStudentRow, 'updatedAt'> & { updatedRaw: Date | string | null }>(
      db,
      search.keyword,
      {
        matching: sql`SELECT s.id, s.class_id, s.student_number FROM students s ${search.chosen || search.combination ? choice : sql``} WHERE ${sql.join(conditions, sql` AND `)}`,
        order: { joins: sql`JOIN classes c ON c.id = m.class_id`, orderBy: sql`c.sort, c.id, m.student_number, m.id` },
        details: {
          columns: sql`s.id AS "studentId", s.student_number AS "studentNumber", s.name, s.gender, c.name AS "className",
            coalesce(ch.batch_course_ids, '{}') AS "batchCourseIds", ${choiceNames(language, sql`ch.batch_course_ids`)} AS "choiceNames", ch.updated_at AS "updatedRaw",
            coalesce((SELECT array_agg(sc.name ORDER BY sc.block) FROM shift_class_students m JOIN shift_classes sc ON sc.id = m.shift_class_id
                      WHERE sc.batch_id = ${batchId} AND m.student_id = s.id), '{}') AS "shiftClasses"`,
          joins: sql`JOIN students s ON s.id = chosen.id JOIN classes c ON c.id = s.class_id ${choice}`,
        },
      },
      page,
    ),
  ]);
  if (!batch) throw badRequest('shift.parametersLost');
  const { rows, ...counted } = found;
  return { rows: rows.map(({ updatedRaw, ...row }) => ({ ...row, updatedAt: updatedRaw ? schoolMinute(updatedRaw) : null })), ...counted };
}

export async function combinationCounts(db: DbOrTx, language: Language, batchId: number): Promise<CombinationCount[]> {
  await batchById(db, language, batchId);
  return queryRows<CombinationCount>(db, sql`
    SELECT ch.batch_course_ids AS "batchCourseIds", ${choiceNames(language, sql`ch.batch_course_ids`)} AS names, count(*)::int AS students
    FROM shift_choices ch WHERE ch.batch_id = ${batchId} GROUP BY ch.batch_course_ids ORDER BY count(*) DESC, ch.batch_course_ids`);
}

/** Which student a family caller acts for: their own record, or a child of theirs. */
async function familyStudent(db: DbOrTx, caller: Caller, studentId: number | undefined) {
  const own = await queryRows<{ id: number; name: string; className: string; gradeId: number | null; self: boolean }>(db, sql`
    SELECT s.id, s.name, coalesce(c.name, '') AS "className", c.grade_id AS "gradeId", s.user_id = ${caller.auth.userId} AS self
    FROM (${ownStudentIds(caller.auth)}) own(id) JOIN students s ON s.id = own.id LEFT JOIN classes c ON c.id = s.class_id
    ORDER BY s.user_id = ${caller.auth.userId} DESC, s.student_number`);
  if (studentId !== undefined && !own.some((row) => row.id === studentId)) throw forbidden('shift.notYourChild');
  const chosen = studentId !== undefined ? own.find((row) => row.id === studentId) : own[0];
  return { own, chosen };
}

export async function myChoices(db: DbOrTx, caller: Caller, studentId: number | undefined): Promise<MyChoices> {
  const language = caller.language;
  const { own, chosen } = await familyStudent(db, caller, studentId);
  const students = own.map(({ id, name, className }) => ({ id, name, className }));
  if (!chosen?.gradeId) return { students, studentId: chosen?.id ?? null, batches: [] };
  const batches = await queryRows<BatchRaw>(db, sql`${batchSelect(language)} WHERE b.grade_id = ${chosen.gradeId} AND b.choice_end > now() - interval '400 days' ORDER BY b.choice_start DESC`);
  const result: MyChoices['batches'] = [];
  for (const raw of batches) {
    const batch = batchRow(raw);
    const courses = (await batchCourses(db, language, batch.id)).map(({ id, courseName, level, choiceGroup, weeklyHours }) => ({ id, courseName, level, choiceGroup, weeklyHours }));
    const [choice] = await queryRows<{ ids: number[] }>(db, sql`SELECT batch_course_ids AS ids FROM shift_choices WHERE batch_id = ${batch.id} AND student_id = ${chosen.id}`);
    const changes = await changeRows(db, language, sql`x.batch_id = ${batch.id} AND x.student_id = ${chosen.id}`, 'ORDER BY x.created_at DESC', 20, 0);
    const classes = batch.formationStatus === 'published'
      ? await queryRows<{ name: string; teacherName: string; classroomName: string; times: string }>(db, sql`
          SELECT sc.name, coalesce(st.name, '') AS "teacherName", coalesce(cr.name, '') AS "classroomName",
            coalesce((SELECT string_agg(${localName('wd', language)} || ' ' || ${localName('pe', language)}, ', ' ORDER BY p.day, p.period)
                      FROM shift_block_periods p JOIN week_days wd ON wd.day = p.day JOIN periods pe ON pe.sort = p.period
                      WHERE p.batch_id = sc.batch_id AND p.block = sc.block), '') AS times
          FROM shift_class_students m JOIN shift_classes sc ON sc.id = m.shift_class_id
          LEFT JOIN staff st ON st.id = sc.teacher_id LEFT JOIN classrooms cr ON cr.id = sc.classroom_id
          WHERE sc.batch_id = ${batch.id} AND m.student_id = ${chosen.id} ORDER BY sc.block`)
      : [];
    result.push({
      batch: { id: batch.id, name: batch.name, scheme: batch.scheme, choiceStart: batch.choiceStart, choiceEnd: batch.choiceEnd, status: batch.status, termName: batch.termName },
      courses,
      chosen: choice?.ids ?? [],
      canChoose: batch.status === 'inProgress',
      canRequestChange: batch.status === 'ended' && !!choice && !changes.some((c) => c.status === 'pending'),
      changes,
      classes,
    });
  }
  return { students, studentId: chosen.id, batches: result };
}

/** A student (or their parent) chooses inside the window. */
export async function chooseSubjects(db: Db, caller: Caller, form: ChoiceForm): Promise<void> {
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, form.batchId);
    const { chosen } = await familyStudent(tx, caller, form.studentId);
    if (!chosen) throw forbidden('shift.notYourChild');
    await studentInGrade(tx, form.studentId, batch.gradeId);
    if (batch.status === 'notStarted') throw conflict('shift.notStarted', { batch: batch.name, start: schoolMinute(batch.start) });
    if (batch.status === 'ended') throw conflict('shift.ended', { batch: batch.name, end: schoolMinute(batch.end) });
    const ids = await validChoice(tx, form.batchId, batch.scheme, form.batchCourseIds);
    await writeChoice(tx, form.batchId, form.studentId, ids, caller.auth.userId);
  });
}

// ---- Changes after the window ----

type ChangeRaw = Omit<ChoiceChangeRow, 'createdAt' | 'reviewedAt'> & { createdRaw: Date | string; reviewedRaw: Date | string | null };

async function changeRows(db: DbOrTx, language: Language, where: SQL, order: string, limit: number, offset: number): Promise<ChoiceChangeRow[]> {
  const rows = await queryRows<ChangeRaw>(db, sql`
    SELECT x.id, x.batch_id AS "batchId", b.name AS "batchName", x.student_id AS "studentId", s.student_number AS "studentNumber", s.name AS "studentName",
      coalesce(c.name, '') AS "className", ${choiceNames(language, sql`x.from_course_ids`)} AS "fromNames", ${choiceNames(language, sql`x.to_course_ids`)} AS "toNames",
      x.reason, x.status, x.review_comment AS "reviewComment", coalesce(u.display_name, '') AS "reviewerName", x.reviewed_at AS "reviewedRaw", x.created_at AS "createdRaw"
    FROM shift_choice_changes x JOIN shift_batches b ON b.id = x.batch_id JOIN students s ON s.id = x.student_id LEFT JOIN classes c ON c.id = s.class_id
    LEFT JOIN users u ON u.id = x.reviewed_by_user_id
    WHERE ${where} ${sql.raw(order)} LIMIT ${limit} OFFSET ${offset}`);
  return rows.map(({ createdRaw, reviewedRaw, ...row }) => ({ ...row, createdAt: schoolMinute(createdRaw), reviewedAt: reviewedRaw ? schoolMinute(reviewedRaw) : null }));
}

export async function requestChange(db: Db, caller: Caller, form: ChoiceChangeForm): Promise<void> {
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, form.batchId, { formation: false });
    const { chosen } = await familyStudent(tx, caller, form.studentId);
    if (!chosen) throw forbidden('shift.notYourChild');
    await studentInGrade(tx, form.studentId, batch.gradeId);
    if (batch.status !== 'ended') throw conflict(batch.status === 'inProgress' ? 'shift.stillOpen' : 'shift.notStarted', { batch: batch.name, start: schoolMinute(batch.start) });
    const [current] = await queryRows<{ ids: number[] }>(tx, sql`SELECT batch_course_ids AS ids FROM shift_choices WHERE batch_id = ${form.batchId} AND student_id = ${form.studentId}`);
    if (!current) throw conflict('shift.noChoiceYet');
    const ids = await validChoice(tx, form.batchId, batch.scheme, form.toCourseIds);
    if (ids.join(',') === [...current.ids].sort((a, b) => a - b).join(',')) throw badRequest('shift.sameChoice');
    const [open] = await queryRows(tx, sql`SELECT 1 FROM shift_choice_changes WHERE batch_id = ${form.batchId} AND student_id = ${form.studentId} AND status = 'pending'`);
    if (open) throw conflict('shift.changePending');
    await tx.execute(sql`
      INSERT INTO shift_choice_changes (batch_id, student_id, from_course_ids, to_course_ids, reason, requested_by_user_id)
      VALUES (${form.batchId}, ${form.studentId}, ${intArray(current.ids)}, ${intArray(ids)}, ${form.reason}, ${caller.auth.userId})`);
  });
}

export async function pageChanges(db: DbOrTx, language: Language, search: { batchId?: number; status?: string; keyword?: string }, page: { offset: number; limit: number }): Promise<PagedResult<ChoiceChangeRow>> {
  const conditions: SQL[] = [sql`TRUE`];
  if (search.batchId) conditions.push(sql`x.batch_id = ${search.batchId}`);
  if (search.status) conditions.push(sql`x.status = ${search.status}`);
  const keyword = matchKeyword(search.keyword, STUDENT_KEYWORD, aliased('s'));
  if (keyword) conditions.push(keyword);
  const where = sql.join(conditions, sql` AND `);
  const counted = await countMatches(db, sql`SELECT 1 FROM shift_choice_changes x JOIN students s ON s.id = x.student_id WHERE ${where}`, search.keyword);
  return { rows: await changeRows(db, language, where, "ORDER BY x.status = 'pending' DESC, x.created_at DESC, x.id DESC", page.limit, page.offset), ...counted };
}

/**
 * Decides a change: approved, the choice becomes the new one and the student leaves the classes of the
 * subjects they dropped (the office places them in the new subjects' classes on /zbgl/bjxsgl). The student
 * and their parents get a message either way.
 */
export async function decideChange(db: Db, caller: Caller, body: { id: number; approve: boolean; comment: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [change] = await queryRows<{ batchId: number; studentId: number; toIds: number[]; status: string }>(tx, sql`
      SELECT batch_id AS "batchId", student_id AS "studentId", to_course_ids AS "toIds", status FROM shift_choice_changes WHERE id = ${body.id} FOR UPDATE`);
    if (!change) throw notFound();
    const batch = await lockBatch(tx, change.batchId);
    if (change.status !== 'pending') throw conflict('shift.notPending');
    await tx.execute(sql`
      UPDATE shift_choice_changes SET status = ${body.approve ? 'approved' : 'rejected'}, review_comment = ${body.comment},
        reviewed_by_user_id = ${caller.auth.userId}, reviewed_at = now() WHERE id = ${body.id}`);
    const [names] = await queryRows<{ names: string[] }>(tx, sql`SELECT ${choiceNames('zh', intArray(change.toIds))} AS names`);
    if (body.approve) {
      await writeChoice(tx, change.batchId, change.studentId, change.toIds, caller.auth.userId);
      await tx.execute(sql`
        DELETE FROM shift_class_students m USING shift_classes sc
        WHERE sc.id = m.shift_class_id AND sc.batch_id = ${change.batchId} AND m.student_id = ${change.studentId} AND NOT sc.batch_course_id = ANY(${intArray(change.toIds)})`);
      if (batch.formationStatus === 'published') await syncTeachingClassStudents(tx, change.batchId);
    }
    const recipients = sql`SELECT s.user_id FROM students s WHERE s.id = ${change.studentId} UNION SELECT g.parent_user_id FROM guardians g WHERE g.student_id = ${change.studentId}`;
    await sendMessages(
      tx,
      caller,
      recipients,
      body.approve ? 'shift.message.approved' : 'shift.message.rejected',
      { batch: batch.name, choice: (names?.names ?? []).join('、'), comment: body.comment || '—' },
      SHIFT_URLS.myChoice,
    );
  });
}
