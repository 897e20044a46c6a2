import { and, asc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { classSearchSchema, type ClassAdminRow, type ClassFormOptions, type ClassSearch, type Language, type PagedResult } from '@campus/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { classes, classrooms, grades, orgUnits, staff } from '../../../db/schema/index.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';

const campus = alias(orgUnits, 'campus');
const teacher = alias(staff, 'class_teacher');

/** A name in the caller's language: the English name when there is one. */
export const named = (language: Language, name: SQL | AnyColumn, nameEn: SQL | AnyColumn): SQL<string> =>
  language === 'en' ? sql<string>`COALESCE(${nameEn}, ${name})` : sql<string>`${name}`;

export const classList = defineList({
  search: classSearchSchema,
  sortColumns: { code: classes.code, name: classes.name, sort: classes.sort, gradeName: grades.sort, campusName: campus.sort, classTeacherName: teacher.name },
  defaultSort: { field: 'sort', order: 'asc' },
  tieBreaker: classes.id,
});
type ClassSort = keyof typeof classList.spec.sortColumns;

/** The class list's keyword: the class's number, name or short name, or its class teacher's name or number. */
const CLASS_KEYWORD = keywordColumns(classes.code, classes.name, classes.shortName);
const CLASS_TEACHER_KEYWORD = keywordColumns(staff.name, staff.staffNumber);

function conditions(search: ClassSearch): SQL | undefined {
  const parts: SQL[] = [];
  const own = matchKeyword(search.keyword, CLASS_KEYWORD);
  const teachers = matchKeyword(search.keyword, CLASS_TEACHER_KEYWORD);
  // The teacher as a subquery on staff itself, so its indexes serve it and the count needs no join.
  if (own && teachers) parts.push(or(own, inArray(classes.classTeacherId, sql`(SELECT ${staff.id} FROM ${staff} WHERE ${teachers})`))!);
  if (search.gradeId !== undefined) parts.push(eq(classes.gradeId, search.gradeId));
  if (search.campusId !== undefined) parts.push(eq(classes.campusId, search.campusId));
  if (search.teacher === 'none') parts.push(isNull(classes.classTeacherId));
  return parts.length ? and(...parts) : undefined;
}

const columns = (language: Language) => ({
  id: classes.id,
  code: classes.code,
  name: classes.name,
  shortName: classes.shortName,
  gradeId: classes.gradeId,
  gradeName: named(language, grades.name, grades.nameEn),
  campusId: classes.campusId,
  campusName: named(language, campus.name, campus.nameEn),
  classTeacherNumber: teacher.staffNumber,
  classTeacherName: teacher.name,
  classroomId: classes.classroomId,
  classroomName: classrooms.name,
  sort: classes.sort,
  studentCount: sql<number>`(SELECT count(*)::int FROM students s WHERE s.class_id = ${classes.id})`,
});

function base(db: DbOrTx, language: Language) {
  return db
    .select(columns(language))
    .from(classes)
    .innerJoin(grades, eq(grades.id, classes.gradeId))
    .innerJoin(campus, eq(campus.id, classes.campusId))
    .leftJoin(teacher, eq(teacher.id, classes.classTeacherId))
    .leftJoin(classrooms, eq(classrooms.id, classes.classroomId));
}

export async function listClasses(db: DbOrTx, request: ListRequest<ClassSearch, ClassSort>, language: Language, withTotal = true): Promise<PagedResult<ClassAdminRow>> {
  const where = conditions(request.search);
  const rows = await base(db, language).where(where).orderBy(...classList.orderBy(request)).limit(request.limit).offset(request.offset);
  if (!withTotal) return { total: rows.length, rows };
  // Every class has its campus (a foreign key, NOT NULL): counting the classes alone counts the same rows.
  return { ...(await countMatches(db, db.select({ one: sql`1` }).from(classes).where(where), request.search.keyword)), rows };
}

export async function findClass(db: DbOrTx, id: number, language: Language): Promise<ClassAdminRow | undefined> {
  const [row] = await base(db, language).where(eq(classes.id, id));
  return row;
}

/** Grades, campuses and classrooms for the class form and the search header. */
export async function classFormOptions(db: DbOrTx, language: Language): Promise<ClassFormOptions> {
  const gradeRows = await db.select({ value: grades.id, label: named(language, grades.name, grades.nameEn) }).from(grades).orderBy(asc(grades.sort), asc(grades.id));
  const campusRows = await db
    .select({ value: orgUnits.id, label: named(language, orgUnits.name, orgUnits.nameEn) })
    .from(orgUnits)
    .where(eq(orgUnits.kind, 'campus'))
    .orderBy(asc(orgUnits.sort), asc(orgUnits.id));
  const roomRows = await db.select({ value: classrooms.id, label: classrooms.name, campusId: classrooms.campusId }).from(classrooms).orderBy(asc(classrooms.code));
  return { grades: gradeRows, campuses: campusRows, classrooms: roomRows };
}
