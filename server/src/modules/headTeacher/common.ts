import { sql, type SQL } from 'drizzle-orm';
import { HEAD_TEACHER_PERMISSIONS, type HeadTeacherClass, type Language } from '@campus/contract';
import { intArray, queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import type { Caller } from '../../platform/caller.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { isAdministrator } from '../../platform/scope.ts';
import { dictionaryName } from '../system/students/queries.ts';
import { localName } from '../timetable/views/queries.ts';

/** Every route of the area: the two menus' rights (the hidden pages are opened from them). */
export const HEAD_TEACHER_ACCESS = { anyOf: [HEAD_TEACHER_PERMISSIONS.overview, HEAD_TEACHER_PERMISSIONS.work] } as const;
/** The Excel copies of records and fund: the office's; class teachers read and print on screen. */
export const HEAD_TEACHER_EXPORT = { permission: HEAD_TEACHER_PERMISSIONS.export } as const;
export const auditOf = (feature: string) => (operation: string) => ({ module: `headTeacher.${feature}`, operation });

/** Classes the caller leads (a subquery of class ids). */
export const ledClassIds = (caller: Caller): SQL => sql`SELECT c.id FROM classes c JOIN staff st ON st.id = c.class_teacher_id WHERE st.user_id = ${caller.auth.userId}`;

/** Which classes the caller may open here: their own; an administrator every class (to look at). */
function visibleClass(caller: Caller, classId: SQL): SQL {
  return isAdministrator(caller.auth) ? sql`TRUE` : sql`${classId} IN (${ledClassIds(caller)})`;
}

const classColumns = (caller: Caller, language: Language) => sql`
  c.id, c.name, c.code, coalesce(${localName('g', language)}, '') AS "gradeName", coalesce(st.name, '') AS "teacherName",
  (SELECT count(*)::int FROM students s WHERE s.class_id = c.id) AS "studentCount",
  coalesce(st.user_id = ${caller.auth.userId}, FALSE) AS editable`;

/** The class chooser: the caller's classes (an administrator's: all, led ones first). */
export async function classesOf(db: DbOrTx, caller: Caller): Promise<HeadTeacherClass[]> {
  return queryRows<HeadTeacherClass>(db, sql`
    SELECT ${classColumns(caller, caller.language)}
    FROM classes c JOIN grades g ON g.id = c.grade_id LEFT JOIN staff st ON st.id = c.class_teacher_id
    WHERE ${visibleClass(caller, sql`c.id`)}
    ORDER BY coalesce(st.user_id = ${caller.auth.userId}, FALSE) DESC, g.sort, c.sort, c.id`);
}

/**
 * The class a call is about, if the caller may open it: a class teacher their own (another class is 403 with
 * the reason, a teacher leading none is told so), an administrator any. `write`: only the class's teacher.
 */
export async function classFor(db: DbOrTx, caller: Caller, classId: number, write = false): Promise<HeadTeacherClass> {
  // Every call of the area asks this first: planned once per connection.
  const [row] = await queryRows<HeadTeacherClass>(
    db,
    sql`
    SELECT ${classColumns(caller, caller.language)}
    FROM classes c JOIN grades g ON g.id = c.grade_id LEFT JOIN staff st ON st.id = c.class_teacher_id WHERE c.id = ${classId}`,
    { prepared: true },
  );
  if (!row) throw notFound();
  if (write && !row.editable) throw forbidden(isAdministrator(caller.auth) ? 'headTeacher.readOnly' : await refusalOf(db, caller));
  if (!row.editable && !isAdministrator(caller.auth)) throw forbidden(await refusalOf(db, caller));
  return row;
}

async function refusalOf(db: DbOrTx, caller: Caller): Promise<'headTeacher.noClass' | 'headTeacher.notYourClass'> {
  const [led] = await queryRows<{ any: boolean }>(db, sql`SELECT EXISTS (${ledClassIds(caller)}) AS any`);
  return led?.any ? 'headTeacher.notYourClass' : 'headTeacher.noClass';
}

/** One writer per class at a time: the checks of a write (fund balance, seats, duty) see the previous write whole. */
export async function lockClass(tx: Tx, classId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM classes WHERE id = ${classId} FOR UPDATE`);
}

/** Refuses students who are not in the class, naming the first. */
export async function checkClassStudents(db: DbOrTx, classId: number, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const rows = await queryRows<{ id: number; name: string; inClass: boolean }>(db, sql`
    SELECT s.id, s.name, s.class_id = ${classId} AS "inClass" FROM students s WHERE s.id = ANY(${intArray(unique)})`);
  if (rows.length !== unique.length) throw badRequest('headTeacher.studentNotInClass', { name: `#${unique.find((id) => !rows.some((row) => row.id === id))}` });
  const outside = rows.find((row) => !row.inClass);
  if (outside) throw badRequest('headTeacher.studentNotInClass', { name: outside.name });
}

/** A student's gender in the caller's language (the school's dictionary). */
export const genderName = (column: SQL, language: Language): SQL<string> => dictionaryName('STD_GENDER', column, language);
