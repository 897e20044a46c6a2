import { type ClassAdminRow, classAssignSchema, classFormSchema, exportQuerySchema, idBodySchema, idsSchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { languageOf, t } from '../../../platform/i18n.ts';
import { classFormOptions, classList, findClass, listClasses } from './queries.ts';
import { assignClassTeachers, createClass, deleteClasses, updateClass } from './service.ts';

const VIEW = { permission: 'system:class' } as const;
const EDIT = { permission: 'system:class:edit' } as const;
const DELETE = { permission: 'system:class:delete' } as const;
const audit = (operation: string) => ({ module: 'system.class', operation });

/** /xtgl/bjgl: classes and their class teachers (issue 4, item 10). Calls follow docs/api.md "New calls". */
export async function classAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  app.post(
    '/api/system/classes/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'Classes, paged (generic paged-table call)', body: pagedQuerySchema } },
    async (request) => ok(await listClasses(database.db, classList.parse(request.body), languageOf(request))),
  );

  app.post(
    '/api/system/classes/options',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'Grades, campuses and classrooms for the class form' } },
    async (request) => ok(await classFormOptions(database.db, languageOf(request))),
  );

  app.post(
    '/api/system/classes/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'One class', body: idBodySchema } },
    async (request) => {
      const row = await findClass(database.db, request.body.id, languageOf(request));
      if (!row) throw notFound();
      return ok(row);
    },
  );

  app.post(
    '/api/system/classes/create',
    { config: { access: EDIT, audit: audit('create') }, schema: { tags: ['system'], summary: 'Create a class (number up to 30 digits, unique)', body: classFormSchema } },
    async (request) => ok({ id: await createClass(database.db, request.body) }, t(request, 'common.created')),
  );

  app.post(
    '/api/system/classes/update',
    { config: { access: EDIT, audit: audit('update') }, schema: { tags: ['system'], summary: 'Modify a class; a new class teacher takes over its data scope at once', body: classFormSchema } },
    async (request) => {
      if (request.body.id === undefined) throw badRequest();
      await updateClass(database.db, request.body.id, request.body);
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/system/classes/assign',
    { config: { access: EDIT, audit: audit('assign') }, schema: { tags: ['system'], summary: 'Set the class teacher of one or more classes in one call', body: classAssignSchema } },
    async (request) => {
      await assignClassTeachers(database.db, request.body);
      return ok(null, t(request, 'classes.assigned'));
    },
  );

  app.post(
    '/api/system/classes/delete',
    { config: { access: DELETE, audit: audit('delete') }, schema: { tags: ['system'], summary: 'Delete classes without students or timetable entries', body: idsSchema } },
    async (request) => {
      await deleteClasses(database.db, request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.get(
    '/api/system/classes/export',
    { config: { access: VIEW }, schema: { tags: ['system'], summary: 'The class list as an Excel file (same search and sort as the list)', querystring: exportQuerySchema } },
    async (request, reply) => {
      const list = classList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT + 1 });
      const { rows } = await listClasses(database.db, list, languageOf(request), false);
      const truncated = rows.length > EXPORT_ROW_LIMIT;
      const content = await buildWorkbook<ClassAdminRow>(
        t(request, 'classes.exportName'),
        [
          { header: t(request, 'classes.code'), value: (c) => c.code, width: 16 },
          { header: t(request, 'classes.name'), value: (c) => c.name, width: 16 },
          { header: t(request, 'classes.shortName'), value: (c) => c.shortName },
          { header: t(request, 'classes.grade'), value: (c) => c.gradeName },
          { header: t(request, 'classes.campus'), value: (c) => c.campusName },
          { header: t(request, 'classes.classTeacher'), value: (c) => c.classTeacherName },
          { header: t(request, 'classes.classTeacherNumber'), value: (c) => c.classTeacherNumber },
          { header: t(request, 'classes.classroom'), value: (c) => c.classroomName, width: 20 },
          { header: t(request, 'classes.studentCount'), value: (c) => c.studentCount },
          { header: t(request, 'classes.sort'), value: (c) => c.sort },
        ],
        rows.slice(0, EXPORT_ROW_LIMIT),
        truncated ? t(request, 'common.exportTruncated', { limit: EXPORT_ROW_LIMIT }) : undefined,
      );
      return sendWorkbook(reply, exportFileName(t(request, 'classes.exportName')), content);
    },
  );
}
