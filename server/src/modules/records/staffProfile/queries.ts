import type { Language } from '@campus/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { PHOTO_TYPES } from '../students/queries.ts';
import { localName } from '../../timetable/views/queries.ts';

/** `files.purpose` of a staff photo (server/src/db/schema/files.ts). */
export const STAFF_PHOTO_PURPOSE = 'staffPhoto';

export interface StaffLookup {
  id: number;
  visible: boolean;
}

/** A staff member by staff number (ZGH), with the caller's scope condition evaluated on them. */
export async function lookupStaff(db: DbOrTx, staffNumber: string, scope: (id: SQL) => SQL): Promise<StaffLookup | undefined> {
  const [row] = await queryRows<StaffLookup>(db, sql`SELECT st.id, (${scope(sql`st.id`)}) AS visible FROM staff st WHERE st.staff_number = ${staffNumber}`);
  return row;
}

export interface StaffBasicRow {
  staffNumber: string;
  name: string;
  campusName: string | null;
  genderName: string;
  /** The photo's file id (RESID) when a usable photo is stored. */
  photoFileId: string | null;
  establishmentDeptName: string | null;
  researchGroupName: string | null;
  workingDeptName: string | null;
  phone: string | null;
}

/** Basic information of one staff member; the scope condition is part of the WHERE. */
export async function staffBasic(db: DbOrTx, staffId: number, scope: SQL, language: Language): Promise<StaffBasicRow | undefined> {
  const [row] = await queryRows<StaffBasicRow>(db, sql`
    SELECT st.staff_number AS "staffNumber", st.name, ${localName('campus', language)} AS "campusName",
           COALESCE(${localName('gd', language)}, st.gender) AS "genderName", f.id AS "photoFileId",
           ${localName('est', language)} AS "establishmentDeptName", ${localName('rg', language)} AS "researchGroupName",
           ${localName('wd', language)} AS "workingDeptName", st.phone
    FROM staff st
    LEFT JOIN org_units campus ON campus.id = st.campus_id
    LEFT JOIN org_units est ON est.id = st.establishment_dept_id
    LEFT JOIN org_units rg ON rg.id = st.research_group_id
    LEFT JOIN org_units wd ON wd.id = st.working_dept_id
    LEFT JOIN dictionary_items gd ON gd.table_name = 'STD_GENDER' AND gd.code = st.gender
    LEFT JOIN files f ON f.id = st.photo_file_id AND f.purpose = ${STAFF_PHOTO_PURPOSE}
      AND f.mime_type IN (${sql.join(PHOTO_TYPES.map((type) => sql`${type}`), sql`, `)})
    WHERE st.id = ${staffId} AND ${scope}`);
  return row;
}

/** Names of the classes the staff member leads as class teacher. */
export async function ledClassNames(db: DbOrTx, staffId: number): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(db, sql`SELECT c.name FROM classes c WHERE c.class_teacher_id = ${staffId} ORDER BY c.sort, c.id`);
  return rows.map((r) => r.name);
}

/** What the staff member's positions of one kind are over (e.g. the grade a grade leader leads). */
export async function appointmentScopes(db: DbOrTx, staffId: number, kind: 'lessonPrepHead' | 'gradeLeader'): Promise<string[]> {
  const rows = await queryRows<{ scopeName: string }>(db, sql`
    SELECT sa.scope_name AS "scopeName" FROM staff_appointments sa WHERE sa.staff_id = ${staffId} AND sa.kind = ${kind} ORDER BY sa.id`);
  return rows.map((r) => r.scopeName);
}

export interface TaughtRow {
  /** Null for an elective, which is taught to students of several classes. */
  className: string | null;
  courseName: string;
}

/** Class and course pairs the staff member teaches in the current term, then their electives. */
export async function taughtThisTerm(db: DbOrTx, staffId: number, language: Language): Promise<TaughtRow[]> {
  return queryRows<TaughtRow>(db, sql`
    SELECT "className", "courseName" FROM (
      SELECT DISTINCT c.name AS "className", ${localName('co', language)} AS "courseName", 0 AS part, c.sort AS class_sort, co.sort AS course_sort
      FROM timetable_entries te
      JOIN terms t ON t.id = te.term_id AND t.is_current
      JOIN classes c ON c.id = te.class_id
      JOIN courses co ON co.id = te.course_id
      WHERE te.teacher_id = ${staffId}
      UNION
      SELECT DISTINCT NULL, ${localName('co', language)}, 1, 0, co.sort
      FROM elective_sessions es
      JOIN terms t ON t.id = es.term_id AND t.is_current
      JOIN courses co ON co.id = es.course_id
      WHERE es.teacher_id = ${staffId}
    ) taught
    ORDER BY part, class_sort, course_sort, "courseName"`);
}

/** Distinct names of the classrooms the staff member teaches in this term (lessons and electives). */
export async function classroomsThisTerm(db: DbOrTx, staffId: number): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(db, sql`
    SELECT cr.name FROM classrooms cr WHERE cr.id IN (
      SELECT te.classroom_id FROM timetable_entries te JOIN terms t ON t.id = te.term_id AND t.is_current WHERE te.teacher_id = ${staffId}
      UNION
      SELECT es.classroom_id FROM elective_sessions es JOIN terms t ON t.id = es.term_id AND t.is_current WHERE es.teacher_id = ${staffId})
    ORDER BY cr.code, cr.name`);
  return rows.map((r) => r.name);
}

export async function examBatchExists(db: DbOrTx, batchId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT b.id FROM exam_batches b WHERE b.id = ${batchId}`);
  return rows.length === 1;
}

export interface InvigilationRow {
  roleName: string;
  roleSort: number;
  examDate: string;
  startTime: string;
  endTime: string;
  courseName: string;
}

/**
 * Published invigilation duties of a staff member: in one exam batch, or without one in every batch of
 * the current term.
 */
export async function invigilationDuties(db: DbOrTx, staffId: number, batchId: number | null, language: Language): Promise<InvigilationRow[]> {
  const batchCondition = batchId === null ? sql`b.term_id IN (SELECT t.id FROM terms t WHERE t.is_current)` : sql`b.id = ${batchId}`;
  return queryRows<InvigilationRow>(db, sql`
    SELECT COALESCE(${localName('r', language)}, i.role) AS "roleName", COALESCE(r.sort, 999) AS "roleSort",
           to_char(es.exam_date, 'YYYY-MM-DD') AS "examDate", es.start_time AS "startTime", es.end_time AS "endTime",
           ${localName('co', language)} AS "courseName"
    FROM invigilations i
    JOIN exam_sessions es ON es.id = i.session_id
    JOIN exam_batches b ON b.id = es.batch_id AND b.published
    JOIN courses co ON co.id = es.course_id
    LEFT JOIN dictionary_items r ON r.table_name = 'STD_INVIGILATION_ROLE' AND r.code = i.role
    WHERE i.staff_id = ${staffId} AND ${batchCondition}
    ORDER BY es.exam_date, es.start_time, es.id, i.id`);
}
