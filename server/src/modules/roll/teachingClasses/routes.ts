import {
  exportQuerySchema,
  idBodySchema,
  idsSchema,
  pagedQuerySchema,
  TEACHING_CLASS_SORTS,
  teachingCandidateSearchSchema,
  teachingClassFormSchema,
  teachingClassSearchSchema,
  teachingMembersChangeSchema,
  teachingMemberSearchSchema,
  type TeachingClassRow,
} from '@campus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, pageOf, searchOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook, type ExportColumn } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { teachingDays, periodList } from '../../timetable/views/queries.ts';
import {
  addMembers,
  createTeachingClass,
  deleteTeachingClasses,
  getTeachingClass,
  memberCandidates,
  pageMembers,
  pageTeachingClasses,
  removeMembers,
  teachingClassOptions,
  TEACHING_CLASS_PERMISSIONS,
  updateTeachingClass,
  type TeachingClassSort,
} from './service.ts';

const VIEW = { permission: TEACHING_CLASS_PERMISSIONS.view } as const;
const EDIT = { permission: TEACHING_CLASS_PERMISSIONS.edit } as const;
const DELETE = { permission: TEACHING_CLASS_PERMISSIONS.delete } as const;
const audit = (operation: string) => ({ module: 'roll.teachingClasses', operation });

function sortOf(body: { sortField?: string; order?: string }): { field: TeachingClassSort | ''; order: 'asc' | 'desc' | '' } {
  const field = body.sortField ?? '';
  if (field !== '' && !(TEACHING_CLASS_SORTS as readonly string[]).includes(field)) throw badRequest('paging.badSortField');
  return { field: field as TeachingClassSort | '', order: body.order === 'asc' || body.order === 'desc' ? body.order : '' };
}

async function exportColumns(request: FastifyRequest, database: FastifyInstance['database']): Promise<ExportColumn<TeachingClassRow>[]> {
  const [days, periods] = await Promise.all([teachingDays(database.db, request.language), periodList(database.db, request.language)]);
  const col = (key: string) => t(request, `teachingClass.col.${key}`);
  const lessonText = (row: TeachingClassRow) =>
    row.lessons
      .map((l) => t(request, 'teachingClass.lessonAt', { day: days.find((d) => d.day === l.day)?.name ?? String(l.day), period: periods.find((p) => p.sort === l.period)?.name ?? String(l.period) }))
      .join(', ');
  return [
    { header: col('term'), value: (row) => row.termName, width: 24 },
    { header: col('name'), value: (row) => row.name, width: 20 },
    { header: col('course'), value: (row) => row.courseName, width: 14 },
    { header: col('grade'), value: (row) => row.gradeName, width: 10 },
    { header: col('teacher'), value: (row) => row.teacherName, width: 12 },
    { header: col('classroom'), value: (row) => row.classroomName, width: 14 },
    { header: col('lessons'), value: lessonText, width: 30 },
    { header: col('weeks'), value: (row) => `${row.weekFrom}-${row.weekTo}`, width: 8 },
    { header: col('size'), value: (row) => row.size, width: 8 },
    { header: col('capacity'), value: (row) => row.capacity, width: 8 },
    { header: col('sources'), value: (row) => row.sourceClasses.join(', '), width: 30 },
  ];
}

/** 教学班分配 (/xjgl/jxbfp): docs/calls-roll.md. */
export async function teachingClassRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['roll'];
  const base = '/api/roll/teachingClasses';

  app.post(
    `${base}/page`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Teaching classes (a teacher: those they teach), paged', body: pagedQuerySchema } },
    async (request) => ok(await pageTeachingClasses(database.db, await callerOf(request), searchOf(teachingClassSearchSchema, request.body.search), sortOf(request.body), pageOf(request.body))),
  );

  app.post(
    `${base}/get`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'One teaching class', body: idBodySchema } },
    async (request) => ok(await getTeachingClass(database.db, await callerOf(request), request.body.id)),
  );

  app.post(
    `${base}/options`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Terms, grades, courses, teachers, rooms, classes, days and periods to choose from' } },
    async (request) => ok(await teachingClassOptions(database.db, request.language)),
  );

  app.post(
    `${base}/create`,
    { config: { access: EDIT, audit: audit('create') }, schema: { tags, summary: 'Adds a teaching class (its students are added afterwards)', body: teachingClassFormSchema } },
    async (request) => ok({ id: await createTeachingClass(database.db, await callerOf(request), request.body) }, t(request, 'common.created')),
  );

  app.post(
    `${base}/update`,
    { config: { access: EDIT, audit: audit('update') }, schema: { tags, summary: 'Changes a teaching class (clashes of its teacher, room and students refused)', body: teachingClassFormSchema } },
    async (request) => {
      const form = request.body;
      if (!form.id) throw badRequest();
      await updateTeachingClass(database.db, await callerOf(request), { ...form, id: form.id });
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    `${base}/delete`,
    { config: { access: DELETE, audit: audit('delete') }, schema: { tags, summary: 'Deletes teaching classes that have no students', body: idsSchema } },
    async (request) => {
      await deleteTeachingClasses(database.db, [...new Set(request.body.ids)]);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.get(
    `${base}/export`,
    // The office's: an export right makes its holders sign in with a second factor (session/auth/mfa.ts).
    { config: { access: EDIT }, schema: { tags, summary: 'Teaching classes as an Excel file (same search and sort as the list)', querystring: exportQuerySchema } },
    async (request, reply) => {
      let search: unknown = {};
      try {
        search = request.query.search ? JSON.parse(request.query.search) : {};
      } catch {
        throw badRequest('paging.badSearch');
      }
      const caller = await callerOf(request);
      const { rows } = await pageTeachingClasses(database.db, caller, searchOf(teachingClassSearchSchema, search), sortOf(request.query), { offset: 0, limit: EXPORT_ROW_LIMIT + 1 });
      const name = t(request, 'teachingClass.exportName');
      const truncated = rows.length > EXPORT_ROW_LIMIT;
      const content = await buildWorkbook(name, await exportColumns(request, database), rows.slice(0, EXPORT_ROW_LIMIT), truncated ? t(request, 'common.exportTruncated', { limit: EXPORT_ROW_LIMIT }) : undefined);
      return sendWorkbook(reply, exportFileName(name), content);
    },
  );

  app.post(
    `${base}/students/page`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "A teaching class's students, added and removed", body: pagedQuerySchema } },
    async (request) => {
      const search = searchOf(teachingMemberSearchSchema, request.body.search);
      return ok(await pageMembers(database.db, await callerOf(request), search, pageOf(request.body)));
    },
  );

  app.post(
    `${base}/students/candidates`,
    { config: { access: EDIT, readOnly: true }, schema: { tags, summary: "Students of the class's grade who could be added, from the classes chosen", body: teachingCandidateSearchSchema } },
    async (request) => ok(await memberCandidates(database.db, await callerOf(request), request.body)),
  );

  app.post(
    `${base}/students/add`,
    { config: { access: EDIT, audit: audit('addStudents') }, schema: { tags, summary: 'Adds students (all or none)', body: teachingMembersChangeSchema } },
    async (request) => {
      const count = await addMembers(database.db, await callerOf(request), request.body.teachingClassId, request.body.studentIds);
      return ok({ count }, t(request, 'teachingClass.added', { count }));
    },
  );

  app.post(
    `${base}/students/remove`,
    { config: { access: EDIT, audit: audit('removeStudents') }, schema: { tags, summary: 'Marks students removed (they stay listed as removed)', body: teachingMembersChangeSchema } },
    async (request) => {
      const count = await removeMembers(database.db, await callerOf(request), request.body.teachingClassId, request.body.studentIds);
      return ok({ count }, t(request, 'teachingClass.removed', { count }));
    },
  );
}
