import { sql, type SQL } from 'drizzle-orm';
import type { ArrangeOptions, Language, PlanItemForm, PlanRow, UnavailableForm } from '@campus/contract';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { badRequest, conflict } from '../../../platform/errors.ts';
import { localName, periodList, teachingDays, teachingSlots, termList } from '../views/queries.ts';

/**
 * 排课管理's teaching plan: every course of every class that the grade-course hours give the class's grade
 * in the term, with its teacher, room and double periods (timetable_plan_items; a course without a row has
 * no teacher yet and the class's own room). The same rows feed generation and the unplaced lists.
 */

/** The plan rows of a term meeting `where` (on c: classes, h: grade_course_hours, p: plan items). */
export function planRowsSql(termId: number, language: Language, where: SQL = sql`TRUE`): SQL {
  return sql`
    SELECT c.id AS "classId", c.name AS "className", c.grade_id AS "gradeId", h.course_id AS "courseId", ${localName('co', language)} AS "courseName",
      h.weekly_hours AS "weeklyHours", p.teacher_id AS "teacherId", coalesce(st.name, '') AS "teacherName",
      p.classroom_id AS "classroomId", coalesce(cr.name, '') AS "classroomName", coalesce(p.double_periods, 0) AS "doublePeriods"
    FROM classes c
    JOIN grade_course_hours h ON h.grade_id = c.grade_id AND h.term_id = ${termId}
    JOIN courses co ON co.id = h.course_id
    LEFT JOIN timetable_plan_items p ON p.term_id = ${termId} AND p.class_id = c.id AND p.course_id = h.course_id
    LEFT JOIN staff st ON st.id = p.teacher_id
    LEFT JOIN classrooms cr ON cr.id = p.classroom_id
    WHERE ${where}
    ORDER BY c.sort, c.name, c.id, co.sort, co.id`;
}

export async function planRows(db: DbOrTx, language: Language, query: { termId: number; classId?: number; gradeId?: number }): Promise<PlanRow[]> {
  const conditions = [sql`TRUE`];
  if (query.classId) conditions.push(sql`c.id = ${query.classId}`);
  if (query.gradeId) conditions.push(sql`c.grade_id = ${query.gradeId}`);
  return queryRows<PlanRow>(db, planRowsSql(query.termId, language, sql.join(conditions, sql` AND `)));
}

export async function savePlanItem(db: Db, language: Language, form: PlanItemForm): Promise<void> {
  await db.transaction(async (tx) => {
    const [facts] = await queryRows<{ className: string | null; courseName: string | null; hours: number | null; teacher: boolean; room: boolean; term: boolean }>(tx, sql`
      SELECT (SELECT name FROM classes WHERE id = ${form.classId}) AS "className",
        (SELECT ${localName('co', language)} FROM courses co WHERE co.id = ${form.courseId}) AS "courseName",
        (SELECT h.weekly_hours FROM grade_course_hours h JOIN classes c ON c.grade_id = h.grade_id
          WHERE c.id = ${form.classId} AND h.term_id = ${form.termId} AND h.course_id = ${form.courseId}) AS hours,
        ${form.teacherId ? sql`EXISTS (SELECT 1 FROM staff WHERE id = ${form.teacherId})` : sql`TRUE`} AS teacher,
        ${form.classroomId ? sql`EXISTS (SELECT 1 FROM classrooms WHERE id = ${form.classroomId})` : sql`TRUE`} AS room,
        EXISTS (SELECT 1 FROM terms WHERE id = ${form.termId}) AS term`);
    if (!facts?.className || !facts.courseName || !facts.teacher || !facts.room || !facts.term) throw badRequest('arrange.unknownReference');
    if (facts.hours == null) throw conflict('arrange.notInPlan', { class: facts.className, course: facts.courseName });
    const max = Math.floor(facts.hours / 2);
    if (form.doublePeriods > max) throw badRequest('arrange.doublePeriodsTooMany', { course: facts.courseName, hours: facts.hours, max });
    await tx.execute(sql`
      INSERT INTO timetable_plan_items (term_id, class_id, course_id, teacher_id, classroom_id, double_periods)
      VALUES (${form.termId}, ${form.classId}, ${form.courseId}, ${form.teacherId ?? null}, ${form.classroomId ?? null}, ${form.doublePeriods})
      ON CONFLICT (term_id, class_id, course_id) DO UPDATE
        SET teacher_id = excluded.teacher_id, classroom_id = excluded.classroom_id, double_periods = excluded.double_periods`);
  });
}

/**
 * Fills the plan's empty teachers and rooms from the term's published timetable: the teacher who gives most
 * of a class's lessons of a course, and their room when it is not the class's own. Rows already set stay.
 */
export async function fillPlanFromTimetable(db: Db, termId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [term] = await queryRows(tx, sql`SELECT 1 FROM terms WHERE id = ${termId}`);
    if (!term) throw badRequest('arrange.unknownReference');
    const rows = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO timetable_plan_items (term_id, class_id, course_id, teacher_id, classroom_id)
      SELECT DISTINCT ON (te.class_id, te.course_id) ${termId}, te.class_id, te.course_id, te.teacher_id,
        CASE WHEN te.classroom_id IS DISTINCT FROM c.classroom_id THEN te.classroom_id END
      FROM timetable_entries te JOIN classes c ON c.id = te.class_id
      JOIN grade_course_hours h ON h.term_id = te.term_id AND h.grade_id = c.grade_id AND h.course_id = te.course_id
      WHERE te.term_id = ${termId}
      GROUP BY te.class_id, te.course_id, te.teacher_id, te.classroom_id, c.classroom_id
      ORDER BY te.class_id, te.course_id, count(*) DESC, te.teacher_id
      ON CONFLICT (term_id, class_id, course_id) DO UPDATE
        SET teacher_id = coalesce(timetable_plan_items.teacher_id, excluded.teacher_id),
            classroom_id = coalesce(timetable_plan_items.classroom_id, excluded.classroom_id)
        WHERE timetable_plan_items.teacher_id IS NULL
      RETURNING id`);
    return rows.length;
  });
}

export async function unavailableSlots(db: DbOrTx, termId: number, staffId: number): Promise<{ day: number; period: number }[]> {
  return queryRows(db, sql`
    SELECT day, period FROM teacher_unavailable_periods WHERE term_id = ${termId} AND staff_id = ${staffId} ORDER BY day, period`);
}

/** Replaces a teacher's unavailable periods of a term (teaching days and periods only). */
export async function saveUnavailable(db: Db, form: UnavailableForm): Promise<void> {
  await db.transaction(async (tx) => {
    const [facts] = await queryRows<{ staff: boolean; term: boolean }>(tx, sql`
      SELECT EXISTS (SELECT 1 FROM staff WHERE id = ${form.staffId}) AS staff, EXISTS (SELECT 1 FROM terms WHERE id = ${form.termId}) AS term`);
    if (!facts?.staff || !facts.term) throw badRequest('arrange.unknownReference');
    const teaching = await teachingSlots(tx);
    if (form.slots.some((s) => !teaching(s.day, s.period))) throw badRequest('arrange.slotInvalid');
    await tx.execute(sql`DELETE FROM teacher_unavailable_periods WHERE term_id = ${form.termId} AND staff_id = ${form.staffId}`);
    const unique = [...new Map(form.slots.map((s) => [`${s.day}:${s.period}`, s])).values()];
    if (unique.length) {
      await tx.execute(sql`
        INSERT INTO teacher_unavailable_periods (term_id, staff_id, day, period)
        SELECT ${form.termId}, ${form.staffId}, s.day, s.period
        FROM jsonb_to_recordset(${JSON.stringify(unique)}::jsonb) AS s(day smallint, period smallint)`);
    }
  });
}

/** The choices of the arrangement screens; a term not given is the current one. */
export async function arrangeOptions(db: DbOrTx, language: Language, termId: number | undefined): Promise<ArrangeOptions> {
  const terms = await termList(db, language);
  const chosen = terms.find((t) => t.id === termId) ?? terms.find((t) => t.isCurrent) ?? terms[0];
  const [grades, classes, teachers, classrooms, days, periods] = await Promise.all([
    queryRows<{ id: number; name: string }>(db, sql`SELECT g.id, ${localName('g', language)} AS name FROM grades g ORDER BY g.sort, g.id`),
    queryRows<{ id: number; name: string; gradeId: number }>(db, sql`SELECT id, name, grade_id AS "gradeId" FROM classes ORDER BY sort, name, id`),
    queryRows<{ id: number; name: string; staffNumber: string }>(db, sql`SELECT id, name, staff_number AS "staffNumber" FROM staff ORDER BY staff_number`),
    queryRows<{ id: number; name: string; classesAtOnce: number }>(db, sql`SELECT id, name, classes_at_once AS "classesAtOnce" FROM classrooms ORDER BY code`),
    teachingDays(db, language),
    periodList(db, language),
  ]);
  return {
    terms: terms.map((t) => ({ id: t.id, name: t.name, isCurrent: t.isCurrent })),
    termId: chosen?.id ?? 0,
    grades,
    classes,
    teachers,
    classrooms,
    days,
    periods: periods.map((p) => ({ sort: p.sort, name: p.name })),
  };
}
