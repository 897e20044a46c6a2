import { MB, ResultCode, scoreEntryBatchesSchema, scoreSaveSchema, scoreSheetSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { callerOf } from '../../../platform/caller.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { acceptMultipartOnly } from '../../../platform/multipart.ts';
import { detectFileKind, extensionMatches } from '../../shared/files/detect.ts';
import { receiveUpload } from '../../shared/files/service.ts';
import { buildScoreWorkbook, readScoreWorkbook } from './excel.ts';
import { SCORE_ENTRY_PERMISSIONS, saveScores, scoreEntryOptions, scoreSheet } from './service.ts';

const tags = ['scores'];
const access = { permission: SCORE_ENTRY_PERMISSIONS.view };
const audit = (operation: string) => ({ module: 'scores.entry', operation });

/** The import in its own scope that reads nothing but multipart (platform/multipart.ts). */
async function importRoute(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bodyOf = acceptMultipartOnly(app);
  app.post(
    '/api/scores/entry/import',
    {
      bodyLimit: 4 * MB,
      config: { access, audit: audit('import') },
      schema: { tags, summary: "Saves a class's sheet filled in from its export (.xlsx): any bad cell saves nothing and every bad cell is reported", querystring: scoreSheetSchema },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const { batchId, classId } = request.query;
      const payload = bodyOf(request);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'campus-score-import-'));
      try {
        if (!payload) throw badRequest('files.noFile');
        const received = await receiveUpload(payload, request.headers['content-type'] ?? '', 'scoreImport', dir);
        const file = received.files[0]!;
        request.body = { batchId, classId, file: file.name };
        if (file.size === 0) throw badRequest('files.empty');
        const content = await readFile(file.path);
        const kind = detectFileKind(content, file.name);
        if (kind !== 'xlsx' || !extensionMatches(kind, file.name)) throw badRequest('scoreEntry.importFile');
        const sheet = await scoreSheet(app.database.db, caller, batchId, classId);
        const { cells, errors } = await readScoreWorkbook(content, sheet, caller.language);
        if (errors.length) {
          const msg = t(request, 'scoreEntry.importInvalid');
          request.failureMessage = msg;
          return reply.status(400).send({ code: ResultCode.badRequest, result: false, data: { imported: 0, saved: 0, cleared: 0, errors }, msg });
        }
        // The file is the sheet as its sender wants it: it replaces what others saved meanwhile (no versions).
        const result = cells.length ? await saveScores(app.database.db, caller, { batchId, classId, versions: null, cells }) : { saved: 0, cleared: 0, versions: {} };
        return ok({ imported: result.saved + result.cleared, ...result, errors: [] }, t(request, 'scoreEntry.imported', { saved: result.saved, cleared: result.cleared }));
      } finally {
        await rm(dir, { recursive: true, force: true }).catch((error: unknown) => request.log.warn({ err: error, dir }, 'import folder not removed'));
      }
    },
  );
}

/** 成绩登记 (/cjgl/cjdj): docs/calls-scores.md. */
export async function scoreEntryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  await app.register(importRoute);

  app.post(
    '/api/scores/entry/options',
    { config: { access, readOnly: true }, schema: { tags, summary: 'Terms, and the batches of a term with the class sheets the caller enters', body: scoreEntryBatchesSchema } },
    async (request) => ok(await scoreEntryOptions(database.db, await callerOf(request), request.body.termId)),
  );
  app.post(
    '/api/scores/entry/sheet',
    { config: { access, readOnly: true }, schema: { tags, summary: "A class's score sheet: its students and the subjects the caller enters", body: scoreSheetSchema } },
    async (request) => ok(await scoreSheet(database.db, await callerOf(request), request.body.batchId, request.body.classId)),
  );
  app.post(
    '/api/scores/entry/save',
    { config: { access, audit: audit('save') }, schema: { tags, summary: "Saves changed cells of a class's sheet inside the entry window", body: scoreSaveSchema } },
    async (request) => {
      const result = await saveScores(database.db, await callerOf(request), request.body);
      return ok(result, t(request, 'scoreEntry.saved', { saved: result.saved, cleared: result.cleared }));
    },
  );
  // A teacher's own working file, not a records export: it is not named /export, so it does not make the
  // page an export right that needs a second factor (session/auth/mfaRoutes.ts).
  app.get(
    '/api/scores/entry/workbook',
    { config: { access, readOnly: true }, schema: { tags, summary: "A class's score sheet as Excel (also the import template)", querystring: scoreSheetSchema } },
    async (request, reply) => {
      const caller = await callerOf(request);
      const sheet = await scoreSheet(database.db, caller, request.query.batchId, request.query.classId);
      const name = t(request, 'scoreEntry.exportName', { batch: sheet.batch.name, class: sheet.className });
      return sendWorkbook(reply, `${name}.xlsx`, await buildScoreWorkbook(sheet, caller.language));
    },
  );
}
