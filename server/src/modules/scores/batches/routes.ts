import { scoreBatchFormSchema, scoreReleaseSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backgroundOf } from '../../../platform/background.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { registerResource, yesNo } from '../../../platform/resource.ts';
import {
  createScoreBatch,
  deleteScoreBatches,
  findScoreBatch,
  listScoreBatches,
  releaseScoreBatches,
  SCORE_BATCH_PERMISSION,
  scoreBatchList,
  scoreBatchOptions,
  updateScoreBatch,
} from './service.ts';

/** 成绩批次管理 (/cjgl/cjpc): docs/calls-scores.md. */
export async function scoreBatchRoutes(fastify: FastifyInstance): Promise<void> {
  registerResource(fastify, {
    path: '/api/scores/batches',
    permission: SCORE_BATCH_PERMISSION,
    auditModule: 'scores.batches',
    summary: 'score batches',
    list: scoreBatchList,
    fetch: listScoreBatches,
    find: findScoreBatch,
    form: scoreBatchFormSchema,
    create: createScoreBatch,
    update: updateScoreBatch,
    remove: deleteScoreBatches,
    exportName: 'scoreBatch.exportName',
    columns: (request) => [
      { header: t(request, 'scoreBatch.col.term'), value: (r) => r.termName, width: 24 },
      { header: t(request, 'scoreBatch.col.name'), value: (r) => r.name, width: 30 },
      { header: t(request, 'scoreBatch.col.examNode'), value: (r) => r.examNode, width: 12 },
      { header: t(request, 'scoreBatch.col.grade'), value: (r) => r.gradeName, width: 10 },
      { header: t(request, 'scoreBatch.col.window'), value: (r) => `${r.entryStart} ~ ${r.entryEnd}`, width: 36 },
      { header: t(request, 'scoreBatch.col.subjects'), value: (r) => r.subjects.map((s) => `${s.courseName} (${s.scoreSystemName}, ${s.weight}%)`).join('; '), width: 50 },
      { header: t(request, 'scoreBatch.col.classes'), value: (r) => r.classNames.join(', '), width: 40 },
      { header: t(request, 'scoreBatch.col.entered'), value: (r) => `${r.entered} / ${r.expected}`, width: 14 },
      { header: t(request, 'scoreBatch.col.enabled'), value: (r) => yesNo(request, r.enabled) },
      { header: t(request, 'scoreBatch.col.released'), value: (r) => yesNo(request, r.released) },
    ],
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['scores'];

  app.post(
    '/api/scores/batches/options',
    { config: { access: { permission: SCORE_BATCH_PERMISSION }, readOnly: true }, schema: { tags, summary: 'Terms, grades, campuses, subjects, classes, score systems, rules and exams for the batch form' } },
    async (request) => ok(await scoreBatchOptions(database.db, request.language)),
  );

  app.post(
    '/api/scores/batches/release',
    {
      config: { access: { permission: `${SCORE_BATCH_PERMISSION}:edit` }, audit: { module: 'scores.batches', operation: 'release' } },
      schema: { tags, summary: 'Releases score batches to students and parents, or cancels the release', body: scoreReleaseSchema },
    },
    async (request) => {
      const count = await releaseScoreBatches(database.db, [...new Set(request.body.ids)], request.body.released, request.auth!.userId);
      if (count && request.body.released) backgroundOf(app).nudge();
      return ok({ count }, t(request, request.body.released ? 'scoreBatch.released' : 'scoreBatch.unreleased', { count }));
    },
  );
}
