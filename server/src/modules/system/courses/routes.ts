import {
  courseFormSchema,
  courseSearchSchema,
  gradeCourseHoursFormSchema,
  gradeCourseHoursSearchSchema,
  type CourseForm,
  type CourseRow,
  type GradeCourseHoursForm,
  type GradeCourseHoursRow,
  type PagedResult,
} from '@campus/contract';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { buildings, courses, gradeCourseHours, grades, orgUnits, schoolYears, terms } from '../../../db/schema/index.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList } from '../../../platform/listing.ts';
import { idList, lockAll, refuseIfUsed, refuseTakenCode, registerResource, yesNo } from '../../../platform/resource.ts';

/** /xtgl/kcgl courses and /xtgl/njks grade-course hours (issue 4 item 8), and the option lists of the campus screens. */

// ---- Courses ------------------------------------------------------------------------------------

const courseList = defineList({
  search: courseSearchSchema,
  sortColumns: { code: courses.code, name: courses.name, sort: courses.sort, isElective: courses.isElective },
  defaultSort: { field: 'sort', order: 'asc' },
  tieBreaker: courses.id,
});

/** The course list's keyword: code or name in either language. */
const COURSE_KEYWORD = keywordColumns(courses.code, courses.name, courses.nameEn);

const courseColumns = {
  id: courses.id,
  code: courses.code,
  name: courses.name,
  nameEn: courses.nameEn,
  researchGroupId: courses.researchGroupId,
  researchGroupName: orgUnits.name,
  isElective: courses.isElective,
  sort: courses.sort,
};

function courseConditions(search: ReturnType<typeof courseList.parse>['search']): SQL | undefined {
  const parts: SQL[] = [];
  const keyword = matchKeyword(search.keyword, COURSE_KEYWORD);
  if (keyword) parts.push(keyword);
  if (search.isElective !== undefined) parts.push(eq(courses.isElective, search.isElective));
  if (search.researchGroupId) parts.push(eq(courses.researchGroupId, search.researchGroupId));
  return parts.length ? and(...parts) : undefined;
}

async function listCourses(db: DbOrTx, request: ReturnType<typeof courseList.parse>, withTotal: boolean): Promise<PagedResult<CourseRow>> {
  const where = courseConditions(request.search);
  const rows = await db
    .select(courseColumns)
    .from(courses)
    .leftJoin(orgUnits, eq(orgUnits.id, courses.researchGroupId))
    .where(where)
    .orderBy(...courseList.orderBy(request))
    .limit(request.limit)
    .offset(request.offset);
  const counted = withTotal ? await countMatches(db, db.select({ one: sql`1` }).from(courses).where(where), request.search.keyword) : { total: rows.length };
  return { ...counted, rows };
}

async function findCourse(db: DbOrTx, id: number): Promise<CourseRow | undefined> {
  const [row] = await db.select(courseColumns).from(courses).leftJoin(orgUnits, eq(orgUnits.id, courses.researchGroupId)).where(eq(courses.id, id));
  return row;
}

async function checkGroup(tx: Tx, groupId: number | undefined): Promise<void> {
  if (!groupId) return;
  const [group] = await tx.select({ id: orgUnits.id }).from(orgUnits).where(and(eq(orgUnits.id, groupId), eq(orgUnits.kind, 'researchGroup')));
  if (!group) throw badRequest('courses.unknownGroup');
}

const courseValues = (form: CourseForm) => ({
  code: form.code,
  name: form.name,
  nameEn: form.nameEn || null,
  researchGroupId: form.researchGroupId ?? null,
  isElective: form.isElective,
  sort: form.sort,
});

async function createCourse(db: Db, form: CourseForm): Promise<number> {
  return db.transaction(async (tx) => {
    await refuseTakenCode(tx, courses.code, 'courses', form.code);
    await checkGroup(tx, form.researchGroupId);
    const [created] = await tx.insert(courses).values(courseValues(form)).returning({ id: courses.id });
    return created!.id;
  });
}

async function updateCourse(db: Db, form: CourseForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, form.id)).for('update');
    if (!current) throw notFound();
    await refuseTakenCode(tx, courses.code, 'courses', form.code, form.id);
    await checkGroup(tx, form.researchGroupId);
    await tx.update(courses).set(courseValues(form)).where(eq(courses.id, form.id));
  });
}

async function deleteCourses(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await lockAll(tx, 'courses', ids);
    const list = idList(ids);
    await refuseIfUsed(tx, rows, sql`SELECT course_id AS id FROM timetable_entries WHERE course_id IN ${list} LIMIT 1`, 'courses.usedByTimetable');
    await refuseIfUsed(tx, rows, sql`SELECT course_id AS id FROM grade_course_hours WHERE course_id IN ${list} LIMIT 1`, 'courses.usedByHours');
    await refuseIfUsed(
      tx,
      rows,
      sql`SELECT course_id AS id FROM elective_sessions WHERE course_id IN ${list} UNION ALL SELECT course_id FROM exam_sessions WHERE course_id IN ${list}
          UNION ALL SELECT course_id FROM exam_subjects WHERE course_id IN ${list} UNION ALL SELECT course_id FROM teaching_classes WHERE course_id IN ${list}
          UNION ALL SELECT course_id FROM research_group_profiles WHERE course_id IN ${list} LIMIT 1`,
      'courses.usedElsewhere',
    );
    await tx.delete(courses).where(sql`${courses.id} IN ${list}`);
  });
}

// ---- Grade-course hours -------------------------------------------------------------------------

const hoursList = defineList({
  search: gradeCourseHoursSearchSchema,
  sortColumns: { termName: terms.startDate, gradeName: grades.sort, courseName: courses.sort, weeklyHours: gradeCourseHours.weeklyHours },
  defaultSort: { field: 'gradeName', order: 'asc' },
  tieBreaker: gradeCourseHours.id,
});

const hoursColumns = {
  id: gradeCourseHours.id,
  termId: gradeCourseHours.termId,
  termName: terms.name,
  termNameEn: terms.nameEn,
  gradeId: gradeCourseHours.gradeId,
  gradeName: grades.name,
  gradeNameEn: grades.nameEn,
  courseId: gradeCourseHours.courseId,
  courseName: courses.name,
  courseNameEn: courses.nameEn,
  weeklyHours: gradeCourseHours.weeklyHours,
};

function hoursQuery(db: DbOrTx) {
  return db
    .select(hoursColumns)
    .from(gradeCourseHours)
    .innerJoin(terms, eq(terms.id, gradeCourseHours.termId))
    .innerJoin(grades, eq(grades.id, gradeCourseHours.gradeId))
    .innerJoin(courses, eq(courses.id, gradeCourseHours.courseId));
}

async function listHours(db: DbOrTx, request: ReturnType<typeof hoursList.parse>, withTotal: boolean): Promise<{ total: number; rows: GradeCourseHoursRow[] }> {
  const { termId, gradeId, courseId } = request.search;
  const parts = [termId ? eq(gradeCourseHours.termId, termId) : undefined, gradeId ? eq(gradeCourseHours.gradeId, gradeId) : undefined, courseId ? eq(gradeCourseHours.courseId, courseId) : undefined];
  const where = and(...parts.filter(Boolean));
  const rows = await hoursQuery(db)
    .where(where)
    .orderBy(...hoursList.orderBy(request), asc(courses.sort))
    .limit(request.limit)
    .offset(request.offset);
  const total = withTotal ? (await db.select({ total: count() }).from(gradeCourseHours).where(where))[0]!.total : rows.length;
  return { total, rows };
}

async function findHours(db: DbOrTx, id: number): Promise<GradeCourseHoursRow | undefined> {
  const [row] = await hoursQuery(db).where(eq(gradeCourseHours.id, id));
  return row;
}

async function checkHours(tx: Tx, form: GradeCourseHoursForm, exceptId?: number): Promise<void> {
  const [found] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT (SELECT count(*) FROM terms WHERE id = ${form.termId}) + (SELECT count(*) FROM grades WHERE id = ${form.gradeId}) + (SELECT count(*) FROM courses WHERE id = ${form.courseId}) AS n`,
  );
  if (Number(found?.n) !== 3) throw badRequest('gradeHours.unknownReference');
  const [same] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM grade_course_hours WHERE term_id = ${form.termId} AND grade_id = ${form.gradeId} AND course_id = ${form.courseId} ${exceptId ? sql`AND id <> ${exceptId}` : sql``} LIMIT 1`,
  );
  if (same) throw conflict('gradeHours.duplicate');
}

const hoursValues = (form: GradeCourseHoursForm) => ({ termId: form.termId, gradeId: form.gradeId, courseId: form.courseId, weeklyHours: form.weeklyHours });

async function createHours(db: Db, form: GradeCourseHoursForm): Promise<number> {
  return db.transaction(async (tx) => {
    await checkHours(tx, form);
    const [created] = await tx.insert(gradeCourseHours).values(hoursValues(form)).returning({ id: gradeCourseHours.id });
    return created!.id;
  });
}

async function updateHours(db: Db, form: GradeCourseHoursForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: gradeCourseHours.id }).from(gradeCourseHours).where(eq(gradeCourseHours.id, form.id)).for('update');
    if (!current) throw notFound();
    await checkHours(tx, form, form.id);
    await tx.update(gradeCourseHours).set(hoursValues(form)).where(eq(gradeCourseHours.id, form.id));
  });
}

async function deleteHours(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx.delete(gradeCourseHours).where(sql`${gradeCourseHours.id} IN ${idList(ids)}`).returning({ id: gradeCourseHours.id });
    if (removed.length !== ids.length) throw notFound();
  });
}

// ---- Option lists -------------------------------------------------------------------------------

interface Option {
  id: number;
  name: string;
  parentId?: number | null;
  campusId?: number;
  kind?: string;
}

/** Names in the caller's language where the record has an English one. */
const named = (en: boolean) => (row: { name: string; nameEn?: string | null }) => (en && row.nameEn ? row.nameEn : row.name);

async function campusOptions(db: DbOrTx, en: boolean): Promise<Record<string, Option[]>> {
  const name = named(en);
  const units = await db.select().from(orgUnits).orderBy(asc(orgUnits.sort), asc(orgUnits.id));
  const unit = (kind: string) => units.filter((u) => u.kind === kind).map((u) => ({ id: u.id, name: name(u), parentId: u.parentId }));
  return {
    units: units.map((u) => ({ id: u.id, name: name(u), parentId: u.parentId, kind: u.kind })),
    campuses: unit('campus'),
    researchGroups: unit('researchGroup'),
    buildings: (await db.select().from(buildings).orderBy(asc(buildings.sort), asc(buildings.id))).map((b) => ({ id: b.id, name: b.name, campusId: b.campusId })),
    courses: (await db.select().from(courses).orderBy(asc(courses.sort), asc(courses.id))).map((c) => ({ id: c.id, name: name(c) })),
    grades: (await db.select().from(grades).orderBy(asc(grades.sort), asc(grades.id))).map((g) => ({ id: g.id, name: name(g) })),
    schoolYears: (await db.select().from(schoolYears).orderBy(asc(schoolYears.startDate))).map((y) => ({ id: y.id, name: y.name })),
    terms: (await db.select().from(terms).orderBy(asc(terms.startDate))).map((x) => ({ id: x.id, name: name(x), kind: x.isCurrent ? 'current' : '' })),
  };
}

export async function courseRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  registerResource(fastify, {
    path: '/api/system/courses',
    permission: 'system:course',
    auditModule: 'system.course',
    summary: 'courses',
    list: courseList,
    fetch: listCourses,
    find: findCourse,
    form: courseFormSchema,
    create: createCourse,
    update: updateCourse,
    remove: deleteCourses,
    exportName: 'courses.exportName',
    columns: (request) => [
      { header: t(request, 'org.code'), value: (r) => r.code, width: 14 },
      { header: t(request, 'org.name'), value: (r) => r.name, width: 18 },
      { header: t(request, 'org.nameEn'), value: (r) => r.nameEn, width: 22 },
      { header: t(request, 'courses.researchGroup'), value: (r) => r.researchGroupName, width: 18 },
      { header: t(request, 'courses.isElective'), value: (r) => yesNo(request, r.isElective) },
      { header: t(request, 'org.sort'), value: (r) => r.sort },
    ],
  });

  registerResource(fastify, {
    path: '/api/system/gradeCourseHours',
    permission: 'system:gradeCourseHours',
    auditModule: 'system.gradeCourseHours',
    summary: 'grade-course hours',
    list: hoursList,
    fetch: listHours,
    find: findHours,
    form: gradeCourseHoursFormSchema,
    create: createHours,
    update: updateHours,
    remove: deleteHours,
    exportName: 'gradeHours.exportName',
    columns: (request) => [
      { header: t(request, 'gradeHours.term'), value: (r) => r.termName, width: 26 },
      { header: t(request, 'gradeHours.grade'), value: (r) => r.gradeName, width: 12 },
      { header: t(request, 'gradeHours.course'), value: (r) => r.courseName, width: 14 },
      { header: t(request, 'gradeHours.weeklyHours'), value: (r) => r.weeklyHours },
    ],
  });

  // Codes and names only (like the picker's organisation tree), so any logged-in user may read them.
  app.post(
    '/api/system/campusOptions',
    { config: { access: 'authenticated', readOnly: true }, schema: { tags: ['system'], summary: 'Option lists of the campus screens: units, campuses, buildings, groups, courses, grades, years, terms' } },
    async (request) => ok(await campusOptions(database.db, request.language === 'en')),
  );
}
