import { SCORE_MAINTENANCE_PERMISSION, correctionHistorySchema, maintenanceBatchesSchema, maintenancePageSchema, scoreCorrectionSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backgroundOf } from '../../../platform/background.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { correctScores, correctionHistory, maintenanceBatches, maintenancePage } from './service.ts';

/** 考试成绩维护 (/cjfxNew/cjgl/kscjwh): docs/calls-scores.md. */
export async function scoreMaintenanceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['scores'];
  const access = { permission: SCORE_MAINTENANCE_PERMISSION };

  app.post(
    '/api/scores/maintenance/batches',
    { config: { access, readOnly: true }, schema: { tags, summary: "Terms, and a term's batches with their classes", body: maintenanceBatchesSchema } },
    async (request) => ok(await maintenanceBatches(database.db, request.language, request.body.termId)),
  );
  app.post(
    '/api/scores/maintenance/page',
    { config: { access, readOnly: true }, schema: { tags, summary: "A page of a batch's students with every subject's score and their corrections", body: maintenancePageSchema } },
    async (request) => ok(await maintenancePage(database.db, request.language, request.body)),
  );
  app.post(
    '/api/scores/maintenance/correct',
    { config: { access, audit: { module: 'scores.maintenance', operation: 'correct' } }, schema: { tags, summary: "Corrects a student's scores of a batch with a reason (kept); a released batch is analysed again", body: scoreCorrectionSchema } },
    async (request) => {
      const done = await correctScores(database.db, request.language, request.body, request.auth!.userId);
      if (done.recomputed) backgroundOf(app).nudge();
      return ok({ corrected: done.corrected, recomputed: done.recomputed }, t(request, done.recomputed ? 'scoreCorrection.savedRecompute' : 'scoreCorrection.saved', { name: done.name }));
    },
  );
  app.post(
    '/api/scores/maintenance/history',
    { config: { access, readOnly: true }, schema: { tags, summary: "A batch's corrections (of one student when given), the latest first", body: correctionHistorySchema } },
    async (request) => ok(await correctionHistory(database.db, request.language, request.body.batchId, request.body.studentId)),
  );
}
