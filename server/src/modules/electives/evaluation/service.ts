import { sql } from 'drizzle-orm';
import {
  ELECTIVE_PERMISSIONS,
  type ElectiveStatistics,
  type ElectiveStatsRow,
  type GradeSheet,
  type IndicatorRow,
  type Language,
  type MyRatings,
  type RatingCourse,
  translate,
} from '@campus/contract';
import { jsonValue, queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { idList } from '../../../platform/resource.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { localName } from '../../timetable/views/queries.ts';
import { schoolToday } from '../../timetable/views/service.ts';

const isOffice = (caller: Caller) => caller.permissions.has(ELECTIVE_PERMISSIONS.approve);

export async function listIndicators(db: DbOrTx, enabledOnly = false): Promise<IndicatorRow[]> {
  return queryRows<IndicatorRow>(db, sql`
    SELECT i.id, i.name, i.description, i.max_score AS "maxScore", i.sort, i.enabled,
      (SELECT count(*)::int FROM elective_rating_scores rs WHERE rs.indicator_id = i.id) AS used
    FROM elective_indicators i ${enabledOnly ? sql`WHERE i.enabled` : sql``} ORDER BY i.sort, i.id`);
}

export async function saveIndicator(db: Db, form: { id?: number | undefined; name: string; description: string; maxScore: number; sort: number; enabled: boolean }): Promise<number> {
  return db.transaction(async (tx) => {
    const [named] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM elective_indicators WHERE name = ${form.name} AND id <> ${form.id ?? 0}`);
    if (named) throw conflict('elective.indicatorNameTaken', { name: form.name });
    if (form.id) {
      const [current] = await queryRows<{ used: boolean }>(tx, sql`
        SELECT EXISTS (SELECT 1 FROM elective_rating_scores WHERE indicator_id = ${form.id}) AS used FROM elective_indicators WHERE id = ${form.id} FOR UPDATE`);
      if (!current) throw notFound();
      // Lowering the highest score below ratings given would leave scores above it.
      const [above] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM elective_rating_scores WHERE indicator_id = ${form.id} AND score > ${form.maxScore}`);
      if (above && above.n > 0) throw conflict('elective.indicatorUsed');
      await tx.execute(sql`
        UPDATE elective_indicators SET name = ${form.name}, description = ${form.description}, max_score = ${form.maxScore}, sort = ${form.sort}, enabled = ${form.enabled}
        WHERE id = ${form.id}`);
      return form.id;
    }
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO elective_indicators (name, description, max_score, sort, enabled) VALUES (${form.name}, ${form.description}, ${form.maxScore}, ${form.sort}, ${form.enabled})
      RETURNING id`);
    return created!.id;
  });
}

export async function deleteIndicators(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM elective_indicators WHERE id IN ${idList(ids)} ORDER BY id FOR UPDATE`);
    if (rows.length !== new Set(ids).size) throw notFound();
    const [used] = await queryRows<{ id: number }>(tx, sql`SELECT indicator_id AS id FROM elective_rating_scores WHERE indicator_id IN ${idList(ids)} LIMIT 1`);
    if (used) throw conflict('elective.indicatorUsed');
    await tx.execute(sql`DELETE FROM elective_indicators WHERE id IN ${idList(ids)}`);
  });
}

/**
 * The courses a student rates now: those they take in a term whose selection has closed (or that has no
 * selection settings) and which has not ended.
 */
function ratableCourses(studentId: number) {
  return sql`
    SELECT ee.session_id FROM elective_enrolments ee JOIN elective_sessions es ON es.id = ee.session_id JOIN terms t ON t.id = es.term_id
    LEFT JOIN elective_selection_settings ss ON ss.term_id = es.term_id
    WHERE ee.student_id = ${studentId} AND t.start_date <= ${schoolToday()}::date AND t.end_date >= ${schoolToday()}::date
      AND (ss.term_id IS NULL OR now() > ss.selection_end)`;
}

async function ownStudent(db: DbOrTx, caller: Caller): Promise<number> {
  const [student] = await queryRows<{ id: number }>(db, sql`SELECT id FROM students WHERE user_id = ${caller.auth.userId}`);
  if (!student) throw forbidden('elective.noStudent');
  return student.id;
}

export async function myRatings(db: DbOrTx, caller: Caller): Promise<MyRatings> {
  const studentId = await ownStudent(db, caller);
  const indicators = await listIndicators(db, true);
  const courses = await queryRows<RatingCourse & { scores: RatingCourse['scores'] | string; ratedRaw: Date | string | null }>(db, sql`
    SELECT es.id AS "sessionId", ${localName('co', caller.language)} AS name, ${localName('t', caller.language)} AS "termName", coalesce(st.name, '') AS "teacherName",
      (SELECT coalesce(json_agg(json_build_object('indicatorId', rs.indicator_id, 'score', rs.score) ORDER BY rs.indicator_id), '[]'::json)
         FROM elective_rating_scores rs WHERE rs.session_id = es.id AND rs.student_id = ${studentId}) AS scores,
      coalesce(r.comment, '') AS comment, r.rated_at AS "ratedRaw"
    FROM elective_sessions es JOIN courses co ON co.id = es.course_id JOIN terms t ON t.id = es.term_id LEFT JOIN staff st ON st.id = es.teacher_id
    LEFT JOIN elective_ratings r ON r.session_id = es.id AND r.student_id = ${studentId}
    WHERE es.id IN (${ratableCourses(studentId)})
    ORDER BY es.day, es.period, es.id`);
  return {
    indicators,
    courses: courses.map(({ ratedRaw, ...row }) => ({ ...row, scores: jsonValue(row.scores), ratedAt: ratedRaw ? schoolMinute(ratedRaw) : '' })),
    closedReason: courses.length ? '' : translate(caller.language, 'elective.ratingClosed'),
  };
}

export async function saveRating(db: Db, caller: Caller, input: { sessionId: number; scores: { indicatorId: number; score: number }[]; comment: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const studentId = await ownStudent(tx, caller);
    const [ratable] = await queryRows<{ ok: boolean; enrolled: boolean }>(tx, sql`
      SELECT ${input.sessionId} IN (${ratableCourses(studentId)}) AS ok,
        EXISTS (SELECT 1 FROM elective_enrolments WHERE session_id = ${input.sessionId} AND student_id = ${studentId}) AS enrolled`);
    if (!ratable?.enrolled) throw forbidden('elective.notEnrolled');
    if (!ratable.ok) throw conflict('elective.ratingClosed');
    const indicators = await listIndicators(tx, true);
    const given = new Map(input.scores.map((s) => [s.indicatorId, s.score]));
    if (given.size !== input.scores.length || given.size !== indicators.length || indicators.some((i) => !given.has(i.id))) throw badRequest('elective.indicatorUnknown');
    const above = indicators.find((i) => given.get(i.id)! > i.maxScore);
    if (above) throw badRequest('elective.scoreAbove', { name: above.name, max: above.maxScore });
    await tx.execute(sql`
      INSERT INTO elective_ratings (session_id, student_id, comment, rated_at) VALUES (${input.sessionId}, ${studentId}, ${input.comment}, now())
      ON CONFLICT (session_id, student_id) DO UPDATE SET comment = EXCLUDED.comment, rated_at = now()`);
    await tx.execute(sql`DELETE FROM elective_rating_scores WHERE session_id = ${input.sessionId} AND student_id = ${studentId}`);
    await tx.execute(sql`
      INSERT INTO elective_rating_scores (session_id, student_id, indicator_id, score)
      SELECT ${input.sessionId}, ${studentId}, x.indicator_id, x.score FROM jsonb_to_recordset(${JSON.stringify(input.scores.map((s) => ({ indicator_id: s.indicatorId, score: s.score })))}::jsonb)
        AS x(indicator_id int, score int)`);
  });
}

/** The sessions the caller grades: their own; the office every session of the current and later terms. */
function gradableSessions(caller: Caller) {
  return isOffice(caller)
    ? sql`SELECT es.id FROM elective_sessions es JOIN terms t ON t.id = es.term_id WHERE t.end_date >= ${schoolToday()}::date - 180`
    : sql`SELECT es.id FROM elective_sessions es JOIN staff st ON st.id = es.teacher_id WHERE st.user_id = ${caller.auth.userId}`;
}

export async function gradeSheet(db: DbOrTx, caller: Caller, sessionId: number | undefined): Promise<GradeSheet> {
  const sessions = await queryRows<GradeSheet['sessions'][number]>(db, sql`
    SELECT es.id AS "sessionId", ${localName('co', caller.language)} AS name, ${localName('t', caller.language)} AS "termName", coalesce(st.name, '') AS "teacherName"
    FROM elective_sessions es JOIN courses co ON co.id = es.course_id JOIN terms t ON t.id = es.term_id LEFT JOIN staff st ON st.id = es.teacher_id
    WHERE es.id IN (${gradableSessions(caller)})
    ORDER BY t.is_current DESC, t.start_date DESC, es.day, es.period, es.id`);
  const chosen = sessionId ?? sessions[0]?.sessionId;
  if (!chosen) return { sessions, sessionId: null, rows: [], editable: false };
  if (!sessions.some((s) => s.sessionId === chosen)) throw forbidden('elective.notYourCourse');
  const rows = await queryRows<GradeSheet['rows'][number] & { score: number | string | null; gradedRaw: Date | string | null }>(db, sql`
    SELECT s.id AS "studentId", s.student_number AS "studentNumber", s.name, coalesce(c.name, '') AS "className", gr.score, coalesce(gr.comment, '') AS comment,
      gr.graded_at AS "gradedRaw"
    FROM elective_enrolments ee JOIN students s ON s.id = ee.student_id LEFT JOIN classes c ON c.id = s.class_id
    LEFT JOIN elective_grades gr ON gr.session_id = ee.session_id AND gr.student_id = ee.student_id
    WHERE ee.session_id = ${chosen} ORDER BY c.sort, s.student_number`);
  const [term] = await queryRows<{ open: boolean }>(db, sql`
    SELECT t.end_date >= ${schoolToday()}::date AS open FROM elective_sessions es JOIN terms t ON t.id = es.term_id WHERE es.id = ${chosen}`);
  return {
    sessions,
    sessionId: chosen,
    rows: rows.map(({ gradedRaw, ...row }) => ({ ...row, score: row.score === null ? null : Number(row.score), gradedAt: gradedRaw ? schoolMinute(gradedRaw) : '' })),
    editable: Boolean(term?.open),
  };
}

export async function saveGrades(db: Db, caller: Caller, input: { sessionId: number; grades: { studentId: number; score: number | null; comment: string }[] }): Promise<number> {
  return db.transaction(async (tx) => {
    const [session] = await queryRows<{ mine: boolean; open: boolean }>(tx, sql`
      SELECT es.id IN (${gradableSessions(caller)}) AS mine, t.end_date >= ${schoolToday()}::date AS open
      FROM elective_sessions es JOIN terms t ON t.id = es.term_id WHERE es.id = ${input.sessionId}`);
    if (!session) throw notFound();
    if (!session.mine) throw forbidden('elective.notYourCourse');
    if (!session.open) throw conflict('elective.termEnded');
    const ids = input.grades.map((g) => g.studentId);
    if (new Set(ids).size !== ids.length) throw badRequest();
    const [outsider] = await queryRows<{ name: string }>(tx, sql`
      SELECT coalesce(s.name, x.id::text) AS name FROM unnest(${sql.param(ids)}::int[]) AS x(id) LEFT JOIN students s ON s.id = x.id
      WHERE NOT EXISTS (SELECT 1 FROM elective_enrolments ee WHERE ee.session_id = ${input.sessionId} AND ee.student_id = x.id) LIMIT 1`);
    if (outsider) throw badRequest('elective.notMember', { name: outsider.name });
    await tx.execute(sql`
      INSERT INTO elective_grades (session_id, student_id, score, comment, graded_by_user_id, graded_at)
      SELECT ${input.sessionId}, x.student_id, x.score, x.comment, ${caller.auth.userId}, now()
      FROM jsonb_to_recordset(${JSON.stringify(input.grades.map((g) => ({ student_id: g.studentId, score: g.score, comment: g.comment })))}::jsonb)
        AS x(student_id int, score numeric, comment text)
      ON CONFLICT (session_id, student_id) DO UPDATE SET score = EXCLUDED.score, comment = EXCLUDED.comment, graded_by_user_id = EXCLUDED.graded_by_user_id, graded_at = now()`);
    return input.grades.length;
  });
}

/** Per course of a term: seats, ratings per indicator, students scored. A teacher their own courses, the office all. */
export async function statistics(db: DbOrTx, caller: Caller, termId: number | undefined, language: Language): Promise<ElectiveStatistics> {
  const terms = await queryRows<{ id: number; name: string; isCurrent: boolean }>(db, sql`
    SELECT t.id, ${localName('t', language)} AS name, t.is_current AS "isCurrent" FROM terms t
    WHERE EXISTS (SELECT 1 FROM elective_sessions es WHERE es.term_id = t.id) OR t.is_current ORDER BY t.start_date DESC`);
  const term = termId ?? terms.find((t) => t.isCurrent)?.id ?? terms[0]?.id ?? 0;
  const own = isOffice(caller) ? sql`TRUE` : sql`st.user_id = ${caller.auth.userId}`;
  const rows = await queryRows<Omit<ElectiveStatsRow, 'indicators'> & { indicators: ElectiveStatsRow['indicators'] | string; gradeAverage: number | string | null; overall: number | string | null }>(db, sql`
    SELECT es.id AS "sessionId", ${localName('co', language)} AS name, coalesce(st.name, '') AS "teacherName", es.capacity, es.enrolled,
      (SELECT count(*)::int FROM elective_ratings r WHERE r.session_id = es.id) AS ratings,
      (SELECT coalesce(json_agg(json_build_object('indicatorId', i.id, 'name', i.name, 'maxScore', i.max_score,
          'average', (SELECT round(avg(rs.score), 2)::float8 FROM elective_rating_scores rs WHERE rs.session_id = es.id AND rs.indicator_id = i.id)) ORDER BY i.sort, i.id), '[]'::json)
        FROM elective_indicators i WHERE i.enabled) AS indicators,
      (SELECT round(avg(rs.score::numeric / i.max_score), 4)::float8 FROM elective_rating_scores rs JOIN elective_indicators i ON i.id = rs.indicator_id WHERE rs.session_id = es.id) AS overall,
      (SELECT count(gr.score)::int FROM elective_grades gr WHERE gr.session_id = es.id) AS graded,
      (SELECT round(avg(gr.score), 1)::float8 FROM elective_grades gr WHERE gr.session_id = es.id) AS "gradeAverage"
    FROM elective_sessions es JOIN courses co ON co.id = es.course_id LEFT JOIN staff st ON st.id = es.teacher_id
    WHERE es.term_id = ${term} AND ${own}
    ORDER BY es.day, es.period, co.sort, es.id`);
  return {
    terms,
    termId: term,
    rows: rows.map((row) => ({
      ...row,
      indicators: jsonValue(row.indicators),
      overall: row.overall === null ? null : Number(row.overall),
      gradeAverage: row.gradeAverage === null ? null : Number(row.gradeAverage),
    })),
  };
}

