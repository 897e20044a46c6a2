import type { Language } from '@campus/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/**
 * The caller's-language name of a row aliased `alias` (a constant in this file, never input): the
 * English name when asked for and present, else the Chinese one.
 */
export function localName(alias: string, language: Language): SQL {
  return language === 'en' ? sql.raw(`COALESCE(${alias}.name_en, ${alias}.name)`) : sql.raw(`${alias}.name`);
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

/** The cells of one week of a term whose owner meets `ownerCondition` (on timetable_entries te). */
function cellsQuery(termId: SQL, ownerCondition: SQL, week: number, language: Language): SQL {
  const parity = week % 2 === 1 ? 'odd' : 'even';
  return sql`
    SELECT te.day, te.period, ${localName('co', language)} AS "courseName", COALESCE(te.label, '') AS label,
           COALESCE(st.name, '') AS "teacherName", COALESCE(st.staff_number, '') AS "teacherNumber",
           -- A lookup per cell: as a join, the planner hashes every classroom of the district (2,700 rows,
           -- three quarters of a student's week) to name the thirty rooms of one class.
           COALESCE((SELECT cr.name FROM classrooms cr WHERE cr.id = te.classroom_id), '') AS "classroomName", c.name AS "className"
    FROM timetable_entries te
    JOIN courses co ON co.id = te.course_id
    JOIN classes c ON c.id = te.class_id
    LEFT JOIN staff st ON st.id = te.teacher_id
    WHERE te.term_id = ${termId} AND ${ownerCondition}
      AND te.week_from <= ${week} AND te.week_to >= ${week}
      AND te.week_parity IN ('all', ${parity})
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

export interface ElectiveRow {
  day: number;
  period: number;
  courseName: string;
  teacherName: string;
  classroomName: string;
}

/** The elective sessions of one week of a term that meet `ownerCondition` (on elective_sessions es). */
function electivesQuery(termId: SQL, ownerCondition: SQL, week: number, language: Language): SQL {
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
 * A student's week in one round trip: the term, the student with the caller's scope condition, their class's
 * cells and their electives (`queryXskb` is what every student's phone asks at 8:00). The cells and
 * electives are read only for a visible student; the caller checks the term, the week and the visibility
 * in that order before using them.
 */
export async function studentWeek(db: DbOrTx, termCode: string, studentNumber: string, scope: (id: SQL) => SQL, week: number, language: Language): Promise<StudentWeek> {
  const term = sql`(SELECT id FROM term)`;
  const [row] = await queryRows<StudentWeek>(
    db,
    sql`
    WITH term AS MATERIALIZED (SELECT t.id, t.week_count FROM terms t WHERE t.code = ${termCode}),
         student AS MATERIALIZED (SELECT s.id, s.class_id, (${scope(sql`s.id`)}) AS visible FROM students s WHERE s.student_number = ${studentNumber})
    SELECT (SELECT week_count FROM term) AS "weekCount",
           (SELECT id FROM student) AS "studentId", (SELECT visible FROM student) AS visible,
           (SELECT COALESCE(json_agg(c), '[]'::json) FROM (${cellsQuery(term, sql`te.class_id = (SELECT class_id FROM student WHERE visible)`, week, language)}) AS c) AS cells,
           (SELECT COALESCE(json_agg(e), '[]'::json) FROM (${electivesQuery(
             term,
             sql`es.id IN (SELECT ee.session_id FROM elective_enrolments ee WHERE ee.student_id = (SELECT id FROM student WHERE visible))`,
             week,
             language,
           )}) AS e) AS electives`,
    { prepared: true },
  );
  return { ...row!, cells: readJson(row!.cells), electives: readJson(row!.electives) };
}

/** json comes parsed from both drivers; tolerate text in case a driver leaves it as a string. */
function readJson<T>(value: T[] | string): T[] {
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}
