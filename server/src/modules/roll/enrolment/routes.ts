import {
  enrolmentCreateSchema,
  enrolmentEnrolSchema,
  enrolmentPlaceSchema,
  enrolmentSearchSchema,
  enrolmentUpdateSchema,
  idBodySchema,
  idsSchema,
  MB,
  pagedQuerySchema,
  ResultCode,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { callerOf, pageOf, searchOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { languageOf, t } from '../../../platform/i18n.ts';
import { acceptMultipartOnly } from '../../../platform/multipart.ts';
import { detectFileKind, extensionMatches } from '../../shared/files/detect.ts';
import { receiveUpload } from '../../shared/files/service.ts';
import {
  buildEnrolmentTemplate,
  createEnrolment,
  deleteEnrolment,
  enrolCandidates,
  getEnrolment,
  importEnrolment,
  pageEnrolment,
  placeEnrolment,
  updateEnrolment,
} from './service.ts';

const ACCESS = { permission: 'roll:enrolment' } as const;
const audit = (operation: string) => ({ module: 'roll.enrolment', operation });
const tags = ['roll'];

/** The import in its own scope that reads nothing but multipart (platform/multipart.ts). */
async function importRoute(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bodyOf = acceptMultipartOnly(app);
  app.post(
    '/api/roll/enrolment/import',
    {
      bodyLimit: 4 * MB,
      config: { access: ACCESS, audit: audit('import') },
      schema: { tags, summary: 'Imports registrations from an .xlsx of the template: any bad row imports nothing and every bad cell is reported' },
    },
    async (request, reply) => {
      const payload = bodyOf(request);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'campus-enrolment-import-'));
      try {
        if (!payload) throw badRequest('files.noFile');
        const received = await receiveUpload(payload, request.headers['content-type'] ?? '', 'enrolmentImport', dir);
        const file = received.files[0]!;
        request.body = { file: file.name };
        if (file.size === 0) throw badRequest('files.empty');
        const content = await readFile(file.path);
        const kind = detectFileKind(content, file.name);
        if (kind !== 'xlsx' || !extensionMatches(kind, file.name)) throw badRequest('enrolment.importFile');
        const result = await importEnrolment(app.database.db, request.auth!.userId, languageOf(request), content);
        if (result.errors.length) {
          const msg = t(request, 'enrolment.importInvalid');
          request.failureMessage = msg;
          return reply.status(400).send({ code: ResultCode.badRequest, result: false, data: result, msg });
        }
        return ok(result, t(request, 'enrolment.imported', { count: result.imported }));
      } finally {
        await rm(dir, { recursive: true, force: true }).catch((error: unknown) => request.log.warn({ err: error, dir }, 'import folder not removed'));
      }
    },
  );
}

/** 招生管理 (/xjgl/zsgl): docs/calls-roll.md. */
export async function enrolmentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app;
  await app.register(importRoute);

  app.post('/api/roll/enrolment/page', { config: { access: ACCESS, readOnly: true }, schema: { tags, summary: 'Registrations of new students, paged', body: pagedQuerySchema } }, async (request) => {
    const search = searchOf(enrolmentSearchSchema, request.body.search);
    return ok(
      await pageEnrolment(
        database.db,
        (await callerOf(request)).language,
        { keyword: search.keyword || undefined, gradeId: search.gradeId === '' ? undefined : search.gradeId, status: search.status || undefined, entryYear: search.entryYear === '' ? undefined : search.entryYear },
        pageOf(request.body),
      ),
    );
  });
  app.post('/api/roll/enrolment/get', { config: { access: ACCESS, readOnly: true }, schema: { tags, summary: 'One registration', body: idBodySchema } }, async (request) =>
    ok(await getEnrolment(database.db, languageOf(request), request.body.id)),
  );
  app.post('/api/roll/enrolment/create', { config: { access: ACCESS, audit: audit('create') }, schema: { tags, summary: 'Registers a new student', body: enrolmentCreateSchema } }, async (request) =>
    ok(await createEnrolment(database.db, request.auth!.userId, request.body), t(request, 'enrolment.saved')),
  );
  app.post('/api/roll/enrolment/update', { config: { access: ACCESS, audit: audit('update') }, schema: { tags, summary: 'Changes a registration not yet enrolled', body: enrolmentUpdateSchema } }, async (request) => {
    await updateEnrolment(database.db, request.body);
    return ok(null, t(request, 'enrolment.saved'));
  });
  app.post('/api/roll/enrolment/delete', { config: { access: ACCESS, audit: audit('delete') }, schema: { tags, summary: 'Deletes registrations not yet enrolled', body: idsSchema } }, async (request) => {
    const count = await deleteEnrolment(database.db, request.body.ids);
    return ok(null, t(request, 'enrolment.deleted', { count }));
  });
  app.post('/api/roll/enrolment/place', { config: { access: ACCESS, audit: audit('place') }, schema: { tags, summary: 'Places registrations in a class of their grade', body: enrolmentPlaceSchema } }, async (request) => {
    const placed = await placeEnrolment(database.db, request.body.ids, request.body.classId);
    return ok(placed, t(request, 'enrolment.placed', placed));
  });
  app.post('/api/roll/enrolment/enrol', { config: { access: ACCESS, audit: audit('enrol') }, schema: { tags, summary: 'Enrols placed registrations: creates their student and parent accounts', body: enrolmentEnrolSchema } }, async (request) => {
    const enrolled = await enrolCandidates(database.db, config, request.body.ids);
    return ok(enrolled, t(request, 'enrolment.enrolled', enrolled));
  });
  app.get('/api/roll/enrolment/template', { config: { access: ACCESS }, schema: { tags, summary: 'The import template (.xlsx) in the caller’s language' } }, async (request, reply) =>
    sendWorkbook(reply, `${t(request, 'enrolment.templateName')}.xlsx`, await buildEnrolmentTemplate(database.db, languageOf(request))),
  );
}
