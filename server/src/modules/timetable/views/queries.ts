import type { Language } from '@campus/contract';
import { sql, type SQL } from 'drizzle-orm';
import { BatchedStatement, jsonValue, queryRows, statementText, type DbOrTx } from '../../../db/client.ts';
import { visibleStudentsOf, type StudentScope } from '../../../platform/scope.ts';
import { VersionedCache } from '../../../platform/versionedCache.ts';

/**
 * The caller's-language name of a row aliased `alias` (a constant in this file, never input): the
 * English name when asked for and present, else the Chinese one.
 */
export function localName(alias: string, language: Language): SQL {
  return language === 'en' ? sql.raw(`COALESCE(${alias}.name_en, ${alias}.name)`) : sql.raw(`${alias}.name`);
}

/** Day and period names in a language, for messages: the day of the week and the period of the timetable. */
export async function slotNames(db: DbOrTx, language: Language): Promise<(day: number, period: number) => { day: string; period: string }> {
  const [days, periods] = await Promise.all([teachingDays(db, language), periodList(db, language)]);
  return (day, period) => ({ day: days.find((d) => d.day === day)?.name ?? String(day), period: periods.find((p) => p.sort === period)?.name ?? String(period) });
}

/** Whether a day and period are a teaching day and a period of the timetable (for checking several at once). */
export async function teachingSlots(db: DbOrTx): Promise<(day: number, period: number) => boolean> {
  const [days, periods] = await Promise.all([teachingDays(db, 'zh'), periodList(db, 'zh')]);
  return (day, period) => days.some((d) => d.day === day) && periods.some((p) => p.sort === period);
}

export interface WeekDayRow {
  day: number;
  name: string;
}

export async function teachingDays(db: DbOrTx, language: Language): Promise<WeekDayRow[]> {
  return queryRows<WeekDayRow>(db, sql`
    SELECT wd.day, ${language === 'en' ? sql`wd.name_en` : sql`wd.name`} AS name
    FROM week_days wd WHERE wd.teaching ORDER BY wd.day`);
}

export interface PeriodRow {
  sort: number;
  name: string;
  startTime: string;
  endTime: string;
}

export async function periodList(db: DbOrTx, language: Language): Promise<PeriodRow[]> {
  return queryRows<PeriodRow>(db, sql`
    SELECT p.sort, ${localName('p', language)} AS name, p.start_time AS "startTime", p.end_time AS "endTime"
    FROM periods p ORDER BY p.sort`);
}

export interface TermRow {
  id: number;
  code: string;
  name: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  weekCount: number;
  isCurrent: boolean;
}

const TERM_COLUMNS = (language: Language) => sql`
  t.id, t.code, ${localName('t', language)} AS name, to_char(t.start_date, 'YYYY-MM-DD') AS "startDate",
  to_char(t.end_date, 'YYYY-MM-DD') AS "endDate", t.week_count AS "weekCount", t.is_current AS "isCurrent"`;

/** Every term, newest first. */
export async function termList(db: DbOrTx, language: Language): Promise<TermRow[]> {
  return queryRows<TermRow>(db, sql`SELECT ${TERM_COLUMNS(language)} FROM terms t ORDER BY t.start_date DESC, t.id DESC`);
}

export async function termByCode(db: DbOrTx, code: string, language: Language = 'zh'): Promise<TermRow | undefined> {
  const [row] = await queryRows<TermRow>(db, sql`SELECT ${TERM_COLUMNS(language)} FROM terms t WHERE t.code = ${code}`, { prepared: true });
  return row;
}

/** The term whose dates contain the day; if terms overlap, the one that started last. */
export async function termContaining(db: DbOrTx, day: string): Promise<TermRow | undefined> {
  const [row] = await queryRows<TermRow>(db, sql`
    SELECT ${TERM_COLUMNS('zh')} FROM terms t
    WHERE t.start_date <= ${day}::date AND t.end_date >= ${day}::date
    ORDER BY t.start_date DESC, t.id DESC LIMIT 1`);
  return row;
}

/** Whose timetable: a class, a classroom or a teacher (a student's week is read by studentWeek). */
export type TimetableOwner = { kind: 'class'; id: number } | { kind: 'classroom'; id: number } | { kind: 'teacher'; id: number };

/** A resolved owner: `visible` comes from the caller's data-scope condition, evaluated in the same query. */
export interface OwnerLookup {
  id: number;
  visible: boolean;
}

/** Looks up one row by its code and evaluates the caller's scope condition on it. */
export async function lookupOwner(db: DbOrTx, table: 'classes' | 'classrooms' | 'staff', codeColumn: 'code' | 'staff_number', code: string, scope: (id: SQL) => SQL): Promise<OwnerLookup | undefined> {
  const [row] = await queryRows<OwnerLookup>(db, sql`
    SELECT o.id, (${scope(sql`o.id`)}) AS visible FROM ${sql.raw(table)} o WHERE o.${sql.raw(codeColumn)} = ${code}`, { prepared: true });
  return row;
}

export interface CellRow {
  day: number;
  period: number;
  courseName: string;
  label: string;
  teacherName: string;
  /** The teacher's staff number, '' when none (lets the client link the name to the staff profile). */
  teacherNumber: string;
  classroomName: string;
  className: string;
}

/**
 * The lessons of one week of a term whose owner meets `ownerCondition` (on te: class_id, teacher_id,
 * classroom_id), as rows (id, class_id, day, period, course_id, teacher_id, classroom_id, label): the term's
 * cells held that week, less those a passed swap cancelled that week, plus the lessons swaps and make-ups
 * added (timetable_changes; id 0).
 */
export function weekLessonsSql(termId: SQL, ownerCondition: SQL, week: number | SQL): SQL {
  const parity = typeof week === 'number' ? sql`${week % 2 === 1 ? 'odd' : 'even'}` : sql`CASE WHEN ${week} % 2 = 1 THEN 'odd' ELSE 'even' END`;
  return sql`
      SELECT te.id, te.class_id, te.day, te.period, te.course_id, te.teacher_id, te.classroom_id, te.label
      FROM timetable_entries te
      WHERE te.term_id = ${termId} AND ${ownerCondition}
        AND te.week_from <= ${week} AND te.week_to >= ${week}
        AND te.week_parity IN ('all', ${parity})
        AND NOT EXISTS (SELECT 1 FROM timetable_changes x WHERE x.term_id = te.term_id AND x.week = ${week} AND x.class_id = te.class_id
                          AND x.day = te.day AND x.period = te.period AND x.kind = 'cancel')
      UNION ALL
      SELECT 0, te.class_id, te.day, te.period, te.course_id, te.teacher_id, te.classroom_id, te.label
      FROM timetable_changes te
      WHERE te.term_id = ${termId} AND te.week = ${week} AND te.kind = 'add' AND ${ownerCondition}`;
}

/** The cells of one week of a term whose owner meets `ownerCondition` (weekLessonsSql), named. */
function cellsQuery(termId: SQL, ownerCondition: SQL, week: number, language: Language): SQL {
  return sql`
    SELECT te.day, te.period, ${localName('co', language)} AS "courseName", COALESCE(te.label, '') AS label,
           COALESCE(st.name, '') AS "teacherName", COALESCE(st.staff_number, '') AS "teacherNumber",
           -- A lookup per cell: as a join, the planner hashes every classroom of the district (2,700 rows,
           -- three quarters of a student's week) to name the thirty rooms of one class.
           COALESCE((SELECT cr.name FROM classrooms cr WHERE cr.id = te.classroom_id), '') AS "classroomName", c.name AS "className"
    FROM (${weekLessonsSql(termId, ownerCondition, week)}) te
    JOIN courses co ON co.id = te.course_id
    JOIN classes c ON c.id = te.class_id
    LEFT JOIN staff st ON st.id = te.teacher_id
    ORDER BY te.day, te.period, c.sort, te.id`;
}

/**
 * Cells of the owner in the term that are held in the given week: the week lies in weekFrom..weekTo and
 * matches the cell's parity (all, odd or even weeks).
 */
export async function cellsInWeek(db: DbOrTx, termId: number, owner: TimetableOwner, week: number, language: Language): Promise<CellRow[]> {
  let ownerCondition: SQL;
  switch (owner.kind) {
    case 'class':
      ownerCondition = sql`te.class_id = ${owner.id}`;
      break;
    case 'classroom':
      ownerCondition = sql`te.classroom_id = ${owner.id}`;
      break;
    case 'teacher':
      ownerCondition = sql`te.teacher_id = ${owner.id}`;
      break;
  }
  return queryRows<CellRow>(db, cellsQuery(sql`${termId}`, ownerCondition, week, language), { prepared: true });
}

/**
 * The lessons of teaching classes (教学班, alias tc) meeting `ownerCondition` held in the given week, as
 * cells: the teaching class's name is the label and the class shown.
 */
function teachingCellsQuery(termId: SQL, ownerCondition: SQL, week: number | SQL, language: Language): SQL {
  return sql`
    SELECT l.day, l.period, ${localName('co', language)} AS "courseName", tc.name AS label,
           COALESCE(st.name, '') AS "teacherName", COALESCE(st.staff_number, '') AS "teacherNumber",
           COALESCE((SELECT cr.name FROM classrooms cr WHERE cr.id = tc.classroom_id), '') AS "classroomName", tc.name AS "className"
    FROM teaching_classes tc
    JOIN teaching_class_lessons l ON l.teaching_class_id = tc.id
    JOIN courses co ON co.id = tc.course_id
    LEFT JOIN staff st ON st.id = tc.teacher_id
    WHERE tc.term_id = ${termId} AND ${ownerCondition}
      AND tc.week_from <= ${week} AND tc.week_to >= ${week}
    ORDER BY l.day, l.period, tc.name, tc.id`;
}

/**
 * Teaching-class lessons of the week for an owner: those a teacher gives, those held in a room, and for
 * a class those its students attend (one cell per teaching class, so a 走班 period shows each group).
 */
export async function teachingCellsInWeek(db: DbOrTx, termId: number, owner: TimetableOwner, week: number, language: Language): Promise<CellRow[]> {
  let ownerCondition: SQL;
  switch (owner.kind) {
    case 'class':
      ownerCondition = sql`tc.id IN (SELECT m.teaching_class_id FROM teaching_class_students m JOIN students s ON s.id = m.student_id
        WHERE s.class_id = ${owner.id} AND m.removed_at IS NULL)`;
      break;
    case 'classroom':
      ownerCondition = sql`tc.classroom_id = ${owner.id}`;
      break;
    case 'teacher':
      ownerCondition = sql`tc.teacher_id = ${owner.id}`;
      break;
  }
  return queryRows<CellRow>(db, teachingCellsQuery(sql`${termId}`, ownerCondition, week, language), { prepared: true });
}

/**
 * A student's week: where one of their teaching classes meets, its lesson takes the place of the class's
 * cell at that time (the class goes to its 走班 groups then).
 */
export function withTeachingCells(cells: readonly CellRow[], teaching: readonly CellRow[]): CellRow[] {
  if (!teaching.length) return [...cells];
  const taken = new Set(teaching.map((cell) => `${cell.day}:${cell.period}`));
  return [...cells.filter((cell) => !taken.has(`${cell.day}:${cell.period}`)), ...teaching].sort((a, b) => a.day - b.day || a.period - b.period);
}

export interface ElectiveRow {
  day: number;
  period: number;
  courseName: string;
  teacherName: string;
  classroomName: string;
}

/** The elective sessions of one week of a term that meet `ownerCondition` (on elective_sessions es). */
function electivesQuery(termId: SQL, ownerCondition: SQL, week: number | SQL, language: Language): SQL {
  return sql`
    SELECT es.day, es.period, ${localName('co', language)} AS "courseName", COALESCE(st.name, '') AS "teacherName",
           COALESCE((SELECT cr.name FROM classrooms cr WHERE cr.id = es.classroom_id), '') AS "classroomName"
    FROM elective_sessions es
    JOIN courses co ON co.id = es.course_id
    LEFT JOIN staff st ON st.id = es.teacher_id
    WHERE es.term_id = ${termId} AND ${ownerCondition}
      AND es.week_from <= ${week} AND es.week_to >= ${week}
    ORDER BY es.day, es.period, co.sort, es.id`;
}

/**
 * Elective sessions held in the given week: those a teacher gives or those held in a classroom. A class as
 * such has none (its students choose individually; studentWeek reads a student's own).
 */
export async function electivesInWeek(db: DbOrTx, termId: number, owner: TimetableOwner, week: number, language: Language): Promise<ElectiveRow[]> {
  let ownerCondition: SQL;
  switch (owner.kind) {
    case 'class':
      return [];
    case 'classroom':
      ownerCondition = sql`es.classroom_id = ${owner.id}`;
      break;
    case 'teacher':
      ownerCondition = sql`es.teacher_id = ${owner.id}`;
      break;
  }
  return queryRows<ElectiveRow>(db, electivesQuery(sql`${termId}`, ownerCondition, week, language), { prepared: true });
}

/** Everything a student's week needs, read in one statement (see studentWeek). */
export interface StudentWeek {
  /** Null when no term has the code. */
  weekCount: number | null;
  /** Null when no student has the number. */
  studentId: number | null;
  visible: boolean | null;
  /** Empty unless the student is visible to the caller (nothing else is read for a refused caller). */
  cells: CellRow[];
  electives: ElectiveRow[];
}

/**
 * Class weeks (the cells of one class in one week of a term, in one language) as last read, shared by the
 * forty students of a class who all ask for it at 8:00. Keyed by the timetable version, which triggers
 * bump with every change to the cells or to the names they show (migration 0014) and which each student's
 * statement reads, so a change is seen by the next request in every process. 2,000 weeks of about forty
 * cells are a few megabytes.
 */
const classWeeks = new VersionedCache<CellRow[]>(2_000);

type StudentWeekRow = Omit<StudentWeek, 'cells'> & { termId: number | null; classId: number | null; timetableVersion: string | null; teaching: CellRow[] | string };


/**
 * The statement of students' weeks for callers of one scope in one language, built once: a batch reads,
 * for each request (term code, student number, week, caller's user id), the term, the student with the
 * caller's scope condition, their class, the timetable version, their electives and their teaching
 * classes' lessons.
 */
const studentWeekStatements = new Map<string, BatchedStatement<StudentWeekRow>>();
function studentWeekStatement(scope: StudentScope, language: Language): BatchedStatement<StudentWeekRow> {
  const key = `${scope}:${language}`;
  let statement = studentWeekStatements.get(key);
  if (!statement) {
    const week = sql.raw('(request.input->>2)::int');
    // `pupil`, not `st`: the electives' query names its staff `st`.
    const visible = visibleStudentsOf(scope, sql.raw('(request.input->>3)::int'), sql`s.id`);
    statement = new BatchedStatement<StudentWeekRow>(
      statementText(sql`
      SELECT request.position, t.week_count AS "weekCount", t.id AS "termId", pupil.id AS "studentId", pupil.visible,
             CASE WHEN pupil.visible THEN pupil.class_id END AS "classId",
             (SELECT dv.version::text FROM data_versions dv WHERE dv.name = 'timetable') AS "timetableVersion",
             (SELECT COALESCE(json_agg(e), '[]'::json) FROM (${electivesQuery(
               sql`t.id`,
               sql`pupil.visible AND es.id IN (SELECT ee.session_id FROM elective_enrolments ee WHERE ee.student_id = pupil.id)`,
               week,
               language,
             )}) AS e) AS electives,
             (SELECT COALESCE(json_agg(tcl), '[]'::json) FROM (${teachingCellsQuery(
               sql`t.id`,
               sql`pupil.visible AND tc.id IN (SELECT m.teaching_class_id FROM teaching_class_students m WHERE m.student_id = pupil.id AND m.removed_at IS NULL)`,
               week,
               language,
             )}) AS tcl) AS teaching
      FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS request(input, position)
      LEFT JOIN terms t ON t.code = request.input->>0
      LEFT JOIN LATERAL (
        SELECT s.id, s.class_id, (${visible}) AS visible FROM students s WHERE s.student_number = request.input->>1
      ) pupil ON TRUE`),
    );
    studentWeekStatements.set(key, statement);
  }
  return statement;
}

/**
 * A student's week: one statement reads the term, the student with the caller's scope condition, their
 * class, the timetable version and their electives, shared with the other students' weeks asked at the same
 * moment (BatchedStatement: `queryXskb` is what every student's phone asks at 8:00); the class's cells come
 * from classWeeks, read by a second statement only when no request of this process has read that class's
 * week since the timetable last changed. The cells and electives are read only for a visible student; the
 * caller checks the term, the week and the visibility in that order before using them.
 */
export async function studentWeek(
  db: DbOrTx,
  termCode: string,
  studentNumber: string,
  caller: { scope: StudentScope; userId: number },
  week: number,
  language: Language,
): Promise<StudentWeek> {
  const [row] = await studentWeekStatement(caller.scope, language).run(db, [termCode, studentNumber, week, caller.userId]);
  const { termId, classId, timetableVersion, teaching, ...found } = row!;
  const inTerm = found.weekCount !== null && week >= 1 && week <= found.weekCount;
  const cells =
    termId !== null && classId !== null && inTerm
      ? await classWeeks.get(Number(timetableVersion ?? 0), `${termId}:${classId}:${week}:${language}`, () => cellsInWeek(db, termId, { kind: 'class', id: classId }, week, language))
      : [];
  // Each request gets its own array: the cached one is shared.
  return { ...found, cells: withTeachingCells(cells, jsonValue(teaching)), electives: jsonValue(found.electives) };
}
