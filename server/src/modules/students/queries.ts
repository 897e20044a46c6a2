import type { Language } from '@campus/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { localName } from '../timetable/queries.ts';

/** Photo types served back as they are; anything else stored as a photo is treated as no photo. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** `files.purpose` of a student photo (server/src/db/schema/files.ts). */
export const STUDENT_PHOTO_PURPOSE = 'studentPhoto';

const photoJoin = sql`LEFT JOIN files f ON f.id = s.photo_file_id AND f.purpose = ${STUDENT_PHOTO_PURPOSE}
  AND f.mime_type IN (${sql.join(PHOTO_TYPES.map((type) => sql`${type}`), sql`, `)})`;

export interface StudentLookup {
  id: number;
  visible: boolean;
}

/** A student by login account (ZH) or by number (XH), with the caller's scope evaluated on them. */
export async function lookupStudent(db: DbOrTx, by: { account: string } | { number: string }, scope: (id: SQL) => SQL): Promise<StudentLookup | undefined> {
  const where = 'account' in by ? sql`s.user_id = (SELECT u.id FROM users u WHERE u.account = ${by.account})` : sql`s.student_number = ${by.number}`;
  const [row] = await queryRows<StudentLookup>(db, sql`SELECT s.id, (${scope(sql`s.id`)}) AS visible FROM students s WHERE ${where}`);
  return row;
}

export interface StudentInfoRow {
  studentNumber: string;
  account: string;
  name: string;
  classCode: string | null;
  genderName: string;
  birthDate: string | null;
  className: string | null;
  classTeacherName: string | null;
  classTeacherNumber: string | null;
  hasPhoto: boolean;
  inSchoolStatusName: string;
  enrolmentStatusName: string;
  entryYear: number;
}

/** A dictionary item's join and its name in the caller's language (alias and table are constants here). */
const dictionaryName = (alias: string, table: string, codeColumn: SQL, language: Language) => ({
  join: sql`LEFT JOIN dictionary_items ${sql.raw(alias)} ON ${sql.raw(alias)}.table_name = ${table} AND ${sql.raw(alias)}.code = ${codeColumn}`,
  name: localName(alias, language),
});

/** Basic information of one student; the scope condition is part of the WHERE. */
export async function studentInfo(db: DbOrTx, studentId: number, scope: SQL, language: Language): Promise<StudentInfoRow | undefined> {
  const gender = dictionaryName('gd', 'STD_GENDER', sql`s.gender`, language);
  const inSchool = dictionaryName('zx', 'STD_IN_SCHOOL_STATUS', sql`s.in_school_status`, language);
  const enrolment = dictionaryName('xj', 'STD_ENROLMENT_STATUS', sql`s.enrolment_status`, language);
  const [row] = await queryRows<StudentInfoRow>(db, sql`
    SELECT s.student_number AS "studentNumber", u.account, s.name, c.code AS "classCode",
           COALESCE(${gender.name}, s.gender) AS "genderName", to_char(s.birth_date, 'YYYY-MM-DD') AS "birthDate",
           c.name AS "className", ct.name AS "classTeacherName", ct.staff_number AS "classTeacherNumber",
           (f.id IS NOT NULL) AS "hasPhoto",
           COALESCE(${inSchool.name}, s.in_school_status) AS "inSchoolStatusName",
           COALESCE(${enrolment.name}, s.enrolment_status) AS "enrolmentStatusName",
           s.entry_year AS "entryYear"
    FROM students s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN classes c ON c.id = s.class_id
    LEFT JOIN staff ct ON ct.id = c.class_teacher_id
    ${gender.join} ${inSchool.join} ${enrolment.join}
    ${photoJoin}
    WHERE s.id = ${studentId} AND ${scope}`);
  return row;
}

export interface PhotoRow {
  mimeType: string;
  content: Buffer;
}

/** The student's photo bytes, if they have one; the scope condition is part of the WHERE. */
export async function studentPhoto(db: DbOrTx, studentId: number, scope: SQL): Promise<PhotoRow | undefined> {
  const [row] = await queryRows<{ mimeType: string; content: Buffer | Uint8Array }>(db, sql`
    SELECT f.mime_type AS "mimeType", f.content FROM students s ${photoJoin}
    WHERE s.id = ${studentId} AND f.id IS NOT NULL AND ${scope}`);
  return row && { mimeType: row.mimeType, content: Buffer.isBuffer(row.content) ? row.content : Buffer.from(row.content) };
}
