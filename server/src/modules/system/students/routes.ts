import { exportQuerySchema, idBodySchema, idsSchema, pagedQuerySchema, type StudentAdminRow, studentCreateSchema, studentUpdateSchema } from '@campus/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { students } from '../../../db/schema/index.ts';
import { ok } from '../../../platform/envelope.ts';
import { notFound } from '../../../platform/errors.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { languageOf, t } from '../../../platform/i18n.ts';
import { visibleStudents } from '../../../platform/scope.ts';
import { findStudentAdmin, listStudentsAdmin, studentAdminList, studentFormOptions } from './queries.ts';
import { createStudent, deleteStudents, updateStudent } from './service.ts';

const VIEW = { permission: 'system:student' } as const;
const EDIT = { permission: 'system:student:edit' } as const;
const DELETE = { permission: 'system:student:delete' } as const;
const audit = (operation: string) => ({ module: 'system.student', operation });

/** The caller's data scope over students (administrators: all), as a condition on a students.id expression. */
function scopeOf(request: FastifyRequest): (id: SQL) => SQL {
  return (id) => visibleStudents(request.auth!, id);
}

/**
 * /xtgl/xsgl: students with their accounts and parent accounts (issue 4, item 10). Another list of
 * students (/api/students/page) serves the student-information page; this one carries the fields the
 * administrator edits. Calls follow docs/api.md "New calls".
 */
export async function studentAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app;

  app.post(
    '/api/system/students/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'Students, paged (generic paged-table call), within the data scope', body: pagedQuerySchema } },
    async (request) => {
      const scope = scopeOf(request);
      return ok(await listStudentsAdmin(database.db, studentAdminList.parse(request.body), scope(sql`${students.id}`), languageOf(request)));
    },
  );

  app.post(
    '/api/system/students/options',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'Classes, grades and dictionaries for the student form' } },
    async (request) => ok(await studentFormOptions(database.db, languageOf(request))),
  );

  app.post(
    '/api/system/students/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'One student with their parent accounts', body: idBodySchema } },
    async (request) => {
      const scope = scopeOf(request);
      const row = await findStudentAdmin(database.db, request.body.id, scope(sql`${students.id}`), languageOf(request));
      if (!row) throw notFound();
      return ok(row);
    },
  );

  app.post(
    '/api/system/students/create',
    {
      config: { access: EDIT, audit: audit('create') },
      schema: { tags: ['system'], summary: 'Create a student: number from the template, student account and parent account jz+number in one transaction', body: studentCreateSchema },
    },
    async (request) => {
      const created = await createStudent(database.db, config, request.body);
      return ok(created, t(request, 'studentAdmin.created', { number: created.studentNumber, parent: created.parentAccount }));
    },
  );

  app.post(
    '/api/system/students/update',
    { config: { access: EDIT, audit: audit('update') }, schema: { tags: ['system'], summary: "Modify a student's basic information", body: studentUpdateSchema } },
    async (request) => {
      await updateStudent(database.db, request.body, scopeOf(request));
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/system/students/delete',
    {
      config: { access: DELETE, audit: audit('delete') },
      schema: { tags: ['system'], summary: 'Delete students, their accounts and parent accounts left without a child; refused for students with records to keep', body: idsSchema },
    },
    async (request) => {
      await deleteStudents(database.db, request.body.ids, scopeOf(request));
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.get(
    '/api/system/students/export',
    { config: { access: VIEW }, schema: { tags: ['system'], summary: 'The student list as an Excel file (same search and sort as the list)', querystring: exportQuerySchema } },
    async (request, reply) => {
      const scope = scopeOf(request);
      const list = studentAdminList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT + 1 });
      const { rows } = await listStudentsAdmin(database.db, list, scope(sql`${students.id}`), languageOf(request), false);
      const truncated = rows.length > EXPORT_ROW_LIMIT;
      const content = await buildWorkbook<StudentAdminRow>(
        t(request, 'studentAdmin.exportName'),
        [
          { header: t(request, 'studentAdmin.studentNumber'), value: (s) => s.studentNumber, width: 14 },
          { header: t(request, 'studentAdmin.name'), value: (s) => s.name },
          { header: t(request, 'studentAdmin.gender'), value: (s) => s.genderName },
          { header: t(request, 'studentAdmin.birthDate'), value: (s) => s.birthDate },
          { header: t(request, 'studentAdmin.className'), value: (s) => s.className, width: 16 },
          { header: t(request, 'studentAdmin.entryYear'), value: (s) => s.entryYear },
          { header: t(request, 'studentAdmin.inSchoolStatus'), value: (s) => s.inSchoolStatusName },
          { header: t(request, 'studentAdmin.enrolmentStatus'), value: (s) => s.enrolmentStatusName },
          { header: t(request, 'studentAdmin.account'), value: (s) => s.account, width: 14 },
          { header: t(request, 'studentAdmin.parentAccounts'), value: (s) => s.parentAccounts.join(', '), width: 20 },
        ],
        rows.slice(0, EXPORT_ROW_LIMIT),
        truncated ? t(request, 'common.exportTruncated', { limit: EXPORT_ROW_LIMIT }) : undefined,
      );
      return sendWorkbook(reply, exportFileName(t(request, 'studentAdmin.exportName')), content);
    },
  );
}
