import {
  externalExamFormSchema,
  externalMineSchema,
  externalReleaseSchema,
  externalScoresPageSchema,
  externalScoresSaveSchema,
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
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { acceptMultipartOnly } from '../../../platform/multipart.ts';
import { detectFileKind, extensionMatches } from '../../shared/files/detect.ts';
import { receiveUpload } from '../../shared/files/service.ts';
import {
  createExternalExam,
  deleteExternalExams,
  EXTERNAL_MINE_PERMISSION,
  EXTERNAL_PERMISSIONS,
  externalExamList,
  externalOptions,
  externalScoresPage,
  externalTemplate,
  findExternalExam,
  importExternalScores,
  listExternalExams,
  myExternalExams,
  releaseExternalExams,
  saveExternalScores,
  updateExternalExam,
} from './service.ts';

const tags = ['scores'];
const VIEW = { permission: EXTERNAL_PERMISSIONS.view };
const EDIT = { permission: EXTERNAL_PERMISSIONS.edit };
const DELETE = { permission: EXTERNAL_PERMISSIONS.delete };
const audit = (operation: string) => ({ module: 'scores.external', operation });
const examQuery = externalScoresPageSchema.pick({ examId: true });

/** The import in its own scope that reads nothing but multipart (platform/multipart.ts). */
async function importRoute(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bodyOf = acceptMultipartOnly(app);
  app.post(
    '/api/scores/external/import',
    {
      bodyLimit: 4 * MB,
      config: { access: EDIT, audit: audit('import') },
      schema: { tags, summary: "Saves an exam's scores from its template or the organiser's Excel (.xlsx): any bad cell saves nothing and every bad cell is reported", querystring: examQuery },
    },
    async (request, reply) => {
      const { examId } = request.query;
      const payload = bodyOf(request);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'campus-external-import-'));
      try {
        if (!payload) throw badRequest('files.noFile');
        const received = await receiveUpload(payload, request.headers['content-type'] ?? '', 'scoreImport', dir);
        const file = received.files[0]!;
        request.body = { examId, file: file.name };
        if (file.size === 0) throw badRequest('files.empty');
        const content = await readFile(file.path);
        const kind = detectFileKind(content, file.name);
        if (kind !== 'xlsx' || !extensionMatches(kind, file.name)) throw badRequest('scoreEntry.importFile');
        const result = await importExternalScores(app.database.db, examId, content, request.auth!.userId, request.language);
        if (result.errors.length) {
          const msg = result.whole ? result.errors[0]!.message : t(request, 'scoreEntry.importInvalid');
          request.failureMessage = msg;
          return reply.status(400).send({ code: ResultCode.badRequest, result: false, data: { saved: 0, imported: 0, errors: result.errors }, msg });
        }
        return ok({ saved: result.saved, imported: result.saved, errors: [] }, t(request, 'externalExam.scoresSaved', { count: result.saved }));
      } finally {
        await rm(dir, { recursive: true, force: true }).catch((error: unknown) => request.log.warn({ err: error, dir }, 'import folder not removed'));
      }
    },
  );
}

/** 校外成绩 (/cjglNew/xwcj/kscjwh): docs/calls-scores.md. */
export async function externalScoreRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  await app.register(importRoute);

  app.post(
    '/api/scores/external/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'External exams, paged (search: keyword, termId, gradeId)', body: pagedQuerySchema } },
    async (request) => ok(await listExternalExams(database.db, externalExamList.parse(request.body), request.language)),
  );
  app.post(
    '/api/scores/external/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'One external exam', body: idBodySchema } },
    async (request) => ok(await findExternalExam(database.db, request.body.id, request.language)),
  );
  app.post(
    '/api/scores/external/options',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Terms, grades, subjects and classes of the external exam page' } },
    async (request) => ok(await externalOptions(database.db, request.language)),
  );
  app.post(
    '/api/scores/external/create',
    { config: { access: EDIT, audit: audit('create') }, schema: { tags, summary: 'Adds an external exam with its subjects and full marks', body: externalExamFormSchema } },
    async (request) => ok({ id: await createExternalExam(database.db, request.body, request.auth!.userId) }, t(request, 'externalExam.saved', { name: request.body.name })),
  );
  app.post(
    '/api/scores/external/update',
    { config: { access: EDIT, audit: audit('update') }, schema: { tags, summary: 'Changes an external exam that is not released', body: externalExamFormSchema } },
    async (request) => {
      const { id } = request.body;
      if (!id) throw badRequest();
      await updateExternalExam(database.db, { ...request.body, id }, request.auth!.userId, request.language);
      return ok(null, t(request, 'externalExam.saved', { name: request.body.name }));
    },
  );
  app.post(
    '/api/scores/external/delete',
    { config: { access: DELETE, audit: audit('delete') }, schema: { tags, summary: 'Deletes external exams with their scores (not a released one)', body: idsSchema } },
    async (request) => {
      await deleteExternalExams(database.db, [...new Set(request.body.ids)]);
      return ok(null, t(request, 'common.deleted'));
    },
  );
  app.post(
    '/api/scores/external/release',
    { config: { access: EDIT, audit: audit('release') }, schema: { tags, summary: 'Releases external exams to students and parents, or hides them again', body: externalReleaseSchema } },
    async (request) => {
      const { released } = request.body;
      const count = await releaseExternalExams(database.db, [...new Set(request.body.ids)], released, request.auth!.userId);
      return ok({ count }, t(request, released ? 'externalExam.releasedCount' : 'externalExam.withdrawnCount', { count }));
    },
  );
  app.post(
    '/api/scores/external/scores',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: "An exam's grid: the grade's students (a class, a keyword) with their scores, total and place", body: externalScoresPageSchema } },
    async (request) => ok(await externalScoresPage(database.db, request.body, request.language)),
  );
  app.post(
    '/api/scores/external/saveScores',
    { config: { access: EDIT, audit: audit('saveScores') }, schema: { tags, summary: "Saves changed rows of an exam's grid (each row replaces the student's scores and place)", body: externalScoresSaveSchema } },
    async (request) => {
      const saved = await saveExternalScores(database.db, request.body, request.auth!.userId, request.language);
      return ok({ saved }, t(request, 'externalExam.scoresSaved', { count: saved }));
    },
  );
  // The office's working file, not a records export: it is not named /export, so it does not make the page an
  // export right that needs a second factor (session/auth/mfaRoutes.ts).
  app.get(
    '/api/scores/external/template',
    { config: { access: EDIT, readOnly: true }, schema: { tags, summary: "An exam's import template (.xlsx): the grade's students with what is entered", querystring: examQuery } },
    async (request, reply) => {
      const { name, content } = await externalTemplate(database.db, request.query.examId, request.language);
      return sendWorkbook(reply, `${name}.xlsx`, content);
    },
  );
  app.post(
    '/api/scores/external/mine',
    { config: { access: { permission: EXTERNAL_MINE_PERMISSION }, readOnly: true }, schema: { tags, summary: "A student's (a parent's child's) released external exams with their scores, newest first", body: externalMineSchema } },
    async (request) => ok(await myExternalExams(database.db, request.auth!, request.body.studentId, request.language)),
  );
}
