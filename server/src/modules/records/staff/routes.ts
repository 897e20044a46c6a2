import { classAssignSchema, exportQuerySchema, idBodySchema, idsSchema, MB, pagedQuerySchema, ResultCode, staffCreateSchema, type StaffImportResult, type StaffRow, staffUpdateSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ok } from '../../../platform/envelope.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { languageOf, t } from '../../../platform/i18n.ts';
import { acceptMultipartOnly } from '../../../platform/multipart.ts';
import { classList, listClasses } from '../../system/classes/queries.ts';
import { assignClassTeachers } from '../../system/classes/service.ts';
import { detectFileKind, extensionMatches } from '../../shared/files/detect.ts';
import { receiveUpload } from '../../shared/files/service.ts';
import { buildTemplate, checkImport, columnHeader, importStaff } from './importer.ts';
import { findStaff, listStaff, staffFormOptions, staffList } from './queries.ts';
import { createStaff, deleteStaff, updateStaff } from './service.ts';

const VIEW = { permission: 'records:staff' } as const;
const EDIT = { permission: 'records:staff:edit' } as const;
const DELETE = { permission: 'records:staff:delete' } as const;
const audit = (operation: string) => ({ module: 'records.staff', operation });

/**
 * The import call in its own scope that reads nothing but multipart (platform/multipart.ts); the file is
 * received by the upload service's reader with the staffImport purpose (xlsx, 500 KB, one file).
 */
async function importRoute(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bodyOf = acceptMultipartOnly(app);
  app.post(
    '/api/records/staff/import',
    {
      // The file's own limit (500 KB) is enforced while it streams; this leaves room for a sealed body.
      bodyLimit: 2 * MB,
      config: { access: EDIT, audit: audit('import') },
      schema: {
        tags: ['records'],
        summary: 'Import staff from an .xlsx of the template (multipart, one file, 500 KB): every row is checked; any bad row imports nothing and all bad cells are reported',
      },
    },
    async (request, reply) => {
      const payload = bodyOf(request);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'campus-staff-import-'));
      try {
        if (!payload) throw badRequest('files.noFile');
        const received = await receiveUpload(payload, request.headers['content-type'] ?? '', 'staffImport', dir);
        const file = received.files[0]!;
        request.body = { file: file.name };
        if (file.size === 0) throw badRequest('files.empty');
        const content = await readFile(file.path);
        const kind = detectFileKind(content, file.name);
        if (kind !== 'xlsx' || !extensionMatches(kind, file.name)) throw badRequest('staff.importWrongType');
        const language = languageOf(request);
        const { rows, errors } = await checkImport(app.database.db, content, language);
        if (errors.length) {
          const msg = t(request, 'staff.importInvalid', { count: errors.length });
          request.failureMessage = msg;
          const result: StaffImportResult = { imported: 0, errors };
          return reply.status(400).send({ code: ResultCode.badRequest, result: false, data: result, msg });
        }
        const imported = await importStaff(app.database.db, app.config, rows);
        const result: StaffImportResult = { imported, errors: [] };
        return ok(result, t(request, 'staff.imported', { count: imported }));
      } finally {
        await rm(dir, { recursive: true, force: true }).catch((error: unknown) => request.log.warn({ err: error, dir }, 'import folder not removed'));
      }
    },
  );
}

/** /rygl/jzggl: staff records, their accounts, Excel import and one-click class assignment (issue 4, item 11). */
export async function staffAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app;
  await app.register(importRoute);

  app.post(
    '/api/records/staff/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['records'], summary: 'Staff, paged (generic paged-table call)', body: pagedQuerySchema } },
    async (request) => ok(await listStaff(database.db, staffList.parse(request.body), languageOf(request))),
  );

  app.post(
    '/api/records/staff/options',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['records'], summary: 'Campuses, departments, groups and dictionaries for the staff form' } },
    async (request) => ok(await staffFormOptions(database.db, languageOf(request))),
  );

  app.post(
    '/api/records/staff/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['records'], summary: 'One staff record with appointments and the classes they lead', body: idBodySchema } },
    async (request) => {
      const row = await findStaff(database.db, request.body.id, languageOf(request));
      if (!row) throw notFound();
      return ok(row);
    },
  );

  app.post(
    '/api/records/staff/create',
    {
      config: { access: EDIT, audit: { ...audit('create'), secretFields: ['idNumber'] } },
      schema: { tags: ['records'], summary: 'Create a staff member and their login (account = staff number, initial password = last 6 characters of the ID number)', body: staffCreateSchema },
    },
    async (request) => ok({ id: await createStaff(database.db, config, request.body) }, t(request, 'common.created')),
  );

  app.post(
    '/api/records/staff/update',
    { config: { access: EDIT, audit: { ...audit('update'), secretFields: ['idNumber'] } }, schema: { tags: ['records'], summary: 'Modify a staff record (the staff number stays)', body: staffUpdateSchema } },
    async (request) => {
      await updateStaff(database.db, request.body);
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/records/staff/classes',
    { config: { access: EDIT, readOnly: true }, schema: { tags: ['records'], summary: 'Every class with its class teacher, for the one-click class assignment' } },
    async (request) => {
      const { rows } = await listClasses(database.db, classList.parse({ currPage: 0, limit: 2000, sortField: 'sort', order: 'asc' }), languageOf(request), false);
      return ok(rows);
    },
  );

  app.post(
    '/api/records/staff/assignClasses',
    {
      config: { access: EDIT, audit: audit('assignClasses') },
      schema: { tags: ['records'], summary: 'One-click class assignment: make teachers the class teachers of classes, in one call', body: classAssignSchema },
    },
    async (request) => {
      await assignClassTeachers(database.db, request.body);
      return ok(null, t(request, 'classes.assigned'));
    },
  );

  app.post(
    '/api/records/staff/delete',
    { config: { access: DELETE, audit: audit('delete') }, schema: { tags: ['records'], summary: 'Delete staff and their accounts; refused while they lead a class, teach or invigilate', body: idsSchema } },
    async (request) => {
      await deleteStaff(database.db, request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.get(
    '/api/records/staff/template',
    { config: { access: EDIT }, schema: { tags: ['records'], summary: 'The import template (.xlsx): headers in the caller’s language and a sheet of accepted names' } },
    async (request, reply) => sendWorkbook(reply, `${t(request, 'staff.templateName')}.xlsx`, await buildTemplate(database.db, languageOf(request))),
  );

  app.get(
    '/api/records/staff/export',
    { config: { access: VIEW }, schema: { tags: ['records'], summary: 'The staff list as an Excel file (same search and sort as the list; no ID numbers)', querystring: exportQuerySchema } },
    async (request, reply) => {
      const language = languageOf(request);
      const list = staffList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT + 1 });
      const { rows } = await listStaff(database.db, list, language, false);
      const truncated = rows.length > EXPORT_ROW_LIMIT;
      const h = (column: Parameters<typeof columnHeader>[1]) => columnHeader(language, column);
      const content = await buildWorkbook<StaffRow>(
        t(request, 'staff.exportName'),
        [
          { header: h('staffNumber'), value: (s) => s.staffNumber, width: 14 },
          { header: h('name'), value: (s) => s.name },
          { header: h('gender'), value: (s) => s.genderName },
          { header: h('birthDate'), value: (s) => s.birthDate },
          { header: h('phone'), value: (s) => s.phone, width: 16 },
          { header: h('email'), value: (s) => s.email, width: 24 },
          { header: h('campus'), value: (s) => s.campusName },
          { header: h('establishmentDept'), value: (s) => s.establishmentDeptName },
          { header: h('workingDept'), value: (s) => s.workingDeptName },
          { header: h('researchGroup'), value: (s) => s.researchGroupName },
          { header: h('staffType'), value: (s) => s.staffTypeName },
          { header: h('title'), value: (s) => s.title },
          { header: h('education'), value: (s) => s.educationName },
          { header: h('workStartDate'), value: (s) => s.workStartDate },
          { header: h('arrivalDate'), value: (s) => s.arrivalDate },
          { header: h('headTeacherOf'), value: (s) => s.headTeacherOf.join(', '), width: 20 },
        ],
        rows.slice(0, EXPORT_ROW_LIMIT),
        truncated ? t(request, 'common.exportTruncated', { limit: EXPORT_ROW_LIMIT }) : undefined,
      );
      return sendWorkbook(reply, exportFileName(t(request, 'staff.exportName')), content);
    },
  );
}
