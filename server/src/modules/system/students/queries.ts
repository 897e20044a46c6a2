import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { studentAdminSearchSchema, type Language, type PagedResult, type StudentAdminRow, type StudentAdminSearch, type StudentFormOptions } from '@campus/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { classes, dictionaryItems, grades, students, users } from '../../../db/schema/index.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { named } from '../classes/queries.ts';

/** A dictionary item's name in the caller's language, the code itself when the item is missing. */
export const dictionaryName = (table: string, code: SQL | AnyColumn, language: Language): SQL<string> =>
  sql<string>`COALESCE((SELECT ${language === 'en' ? sql`COALESCE(di.name_en, di.name)` : sql`di.name`} FROM dictionary_items di WHERE di.table_name = ${table} AND di.code = ${code}), ${code})`;

export const studentAdminList = defineList({
  search: studentAdminSearchSchema,
  sortColumns: {
    studentNumber: students.studentNumber,
    name: students.name,
    className: classes.sort,
    entryYear: students.entryYear,
    birthDate: students.birthDate,
    inSchoolStatus: students.inSchoolStatus,
    enrolmentStatus: students.enrolmentStatus,
  },
  defaultSort: { field: 'studentNumber', order: 'asc' },
  tieBreaker: students.id,
});
type StudentSort = keyof typeof studentAdminList.spec.sortColumns;

/** The student administration list's keyword: number, name or the name's pinyin initials. */
const STUDENT_ADMIN_KEYWORD = keywordColumns(students.studentNumber, students.name, students.nameInitials);

function conditions(search: StudentAdminSearch, scope: SQL): SQL {
  const parts: SQL[] = [scope];
  const keyword = matchKeyword(search.keyword, STUDENT_ADMIN_KEYWORD);
  if (keyword) parts.push(keyword);
  if (search.classId !== undefined) parts.push(eq(students.classId, search.classId));
  if (search.gradeId !== undefined) parts.push(eq(classes.gradeId, search.gradeId));
  if (search.inSchoolStatus) parts.push(eq(students.inSchoolStatus, search.inSchoolStatus));
  if (search.enrolmentStatus) parts.push(eq(students.enrolmentStatus, search.enrolmentStatus));
  return and(...parts)!;
}

const columns = (language: Language) => ({
  id: students.id,
  studentNumber: students.studentNumber,
  account: users.account,
  name: students.name,
  gender: students.gender,
  genderName: dictionaryName('STD_GENDER', students.gender, language),
  birthDate: sql<string | null>`to_char(${students.birthDate}, 'YYYY-MM-DD')`,
  classId: students.classId,
  className: classes.name,
  entryYear: students.entryYear,
  inSchoolStatus: students.inSchoolStatus,
  inSchoolStatusName: dictionaryName('STD_IN_SCHOOL_STATUS', students.inSchoolStatus, language),
  enrolmentStatus: students.enrolmentStatus,
  enrolmentStatusName: dictionaryName('STD_ENROLMENT_STATUS', students.enrolmentStatus, language),
  parentAccounts: sql<string[]>`COALESCE((SELECT array_agg(pu.account ORDER BY pu.account) FROM guardians g JOIN users pu ON pu.id = g.parent_user_id WHERE g.student_id = ${students.id}), ARRAY[]::varchar[])`,
});

const base = (db: DbOrTx, language: Language) =>
  db.select(columns(language)).from(students).innerJoin(users, eq(users.id, students.userId)).leftJoin(classes, eq(classes.id, students.classId));

/** One page of students; `scope` (server/src/platform/scope.ts) is part of the WHERE. */
export async function listStudentsAdmin(
  db: DbOrTx,
  request: ListRequest<StudentAdminSearch, StudentSort>,
  scope: SQL,
  language: Language,
  withTotal = true,
): Promise<PagedResult<StudentAdminRow>> {
  const where = conditions(request.search, scope);
  const rows = await base(db, language).where(where).orderBy(...studentAdminList.orderBy(request)).limit(request.limit).offset(request.offset);
  if (!withTotal) return { total: rows.length, rows };
  const matching = db.select({ one: sql`1` }).from(students).leftJoin(classes, eq(classes.id, students.classId)).where(where);
  return { ...(await countMatches(db, matching, request.search.keyword)), rows };
}

export async function findStudentAdmin(db: DbOrTx, id: number, scope: SQL, language: Language): Promise<StudentAdminRow | undefined> {
  const [row] = await base(db, language).where(and(eq(students.id, id), scope));
  return row;
}

const dictionaryOptions = async (db: DbOrTx, table: string, language: Language) =>
  db
    .select({ value: dictionaryItems.code, label: named(language, dictionaryItems.name, dictionaryItems.nameEn) })
    .from(dictionaryItems)
    .where(and(eq(dictionaryItems.tableName, table), eq(dictionaryItems.enabled, true)))
    .orderBy(asc(dictionaryItems.sort), asc(dictionaryItems.id));

export async function studentFormOptions(db: DbOrTx, language: Language): Promise<StudentFormOptions> {
  return {
    classes: await db.select({ value: classes.id, label: classes.name, gradeId: classes.gradeId }).from(classes).orderBy(asc(classes.sort), asc(classes.id)),
    grades: await db.select({ value: grades.id, label: named(language, grades.name, grades.nameEn) }).from(grades).orderBy(asc(grades.sort), asc(grades.id)),
    genders: await dictionaryOptions(db, 'STD_GENDER', language),
    inSchoolStatuses: await dictionaryOptions(db, 'STD_IN_SCHOOL_STATUS', language),
    enrolmentStatuses: await dictionaryOptions(db, 'STD_ENROLMENT_STATUS', language),
  };
}
