import type { ClassOption, Language, PagedResult, StudentListRow, StudentSortField } from '@campus/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
import { studentScopeOf, visibleClasses, visibleStudents } from '../../../platform/scope.ts';
import { VersionedCache } from '../../../platform/versionedCache.ts';
import { schoolToday } from '../../timetable/views/service.ts';
import {
  classOptions,
  lookupStudent,
  pageStudentList,
  studentInfo,
  studentPhoto,
  type PhotoRow,
  type StudentInfoRow,
  type StudentListFilter,
} from './queries.ts';

/** Whole years from a birth date (YYYY-MM-DD) to a day; null without a birth date. */
export function ageOn(birthDate: string | null, today: string): number | null {
  if (!birthDate) return null;
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

export interface StudentBasicInfo extends StudentInfoRow {
  age: number | null;
}

type StudentKey = { account: string } | { number: string };

/** Finds the student and refuses one outside the caller's scope before anything else about them is read. */
async function visibleStudentId(db: Db, caller: AuthContext, key: StudentKey): Promise<number> {
  const found = await lookupStudent(db, key, (id) => visibleStudents(caller, id));
  if (!found) throw notFound();
  if (!found.visible) throw forbidden('students.forbidden');
  return found.id;
}

export async function basicInfo(db: Db, caller: AuthContext, account: string, language: Language): Promise<StudentBasicInfo> {
  const id = await visibleStudentId(db, caller, { account });
  const row = await studentInfo(db, id, visibleStudents(caller, sql`${id}`), language);
  if (!row) throw notFound();
  return { ...row, age: ageOn(row.birthDate, schoolToday()) };
}

export async function photo(db: Db, caller: AuthContext, studentNumber: string): Promise<PhotoRow> {
  const id = await visibleStudentId(db, caller, { number: studentNumber });
  const row = await studentPhoto(db, id, visibleStudents(caller, sql`${id}`));
  if (!row) throw notFound('students.noPhoto');
  return row;
}

/**
 * One page of the students the caller may see (administrators all, teachers the classes they lead or
 * teach, students themselves, parents their children): the scope is part of the query's WHERE.
 */
export async function studentList(
  db: Db,
  caller: AuthContext,
  filter: StudentListFilter,
  page: { offset: number; limit: number; sortField?: StudentSortField; order: 'asc' | 'desc' },
  language: Language,
): Promise<PagedResult<StudentListRow>> {
  const read = () => pageStudentList(db, filter, visibleStudents(caller, sql`s.id`), page, language);
  // Only the pages every administrator sees alike: a teacher's scope follows teaching assignments, which the
  // people version does not track.
  if (!filter.keyword?.trim() || studentScopeOf(caller) !== 'all') return read();
  // Every field of the filter and the page, in a fixed order, so that a field added later can never share a key.
  const key = `${language}|${JSON.stringify(page, Object.keys(page).sort())}|${JSON.stringify(filter, Object.keys(filter).sort())}`;
  return studentKeywordPages.get(Number(caller.peopleVersion), key, read);
}

/**
 * The administrators' keyword pages by the people version they were read at (VersionedCache), as the people
 * picker keeps its pages: the district office looks the same names up again and again, a keyword page costs
 * the database 1–4 ms, and every change to what the list shows (students, classes, grades, campuses, the
 * dictionaries' names; migrations 0012 and 0051) bumps the version that retires the kept pages.
 */
const studentKeywordPages = new VersionedCache<PagedResult<StudentListRow>>(500);

/** The classes the caller may see, for drop-downs (staff every class; students and parents their own). */
export async function classList(db: Db, caller: AuthContext, language: Language): Promise<ClassOption[]> {
  return classOptions(db, (classId) => visibleClasses(caller, classId), language);
}
