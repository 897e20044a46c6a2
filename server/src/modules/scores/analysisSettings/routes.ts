import { ANALYSIS_SETTINGS_PERMISSION, analysisBatchesSchema, analysisSettingsSaveSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backgroundOf } from '../../../platform/background.ts';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { analysisSettingsList, saveAnalysisSettings } from './service.ts';

/** 考试分析设置 (/cjfxNew/cjgl/ksfxsz): docs/calls-scores.md. */
export async function analysisSettingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['scores'];
  const access = { permission: ANALYSIS_SETTINGS_PERMISSION };

  app.post(
    '/api/scores/analysisSettings/list',
    { config: { access, readOnly: true }, schema: { tags, summary: "The term's exams with the lines their analysis counts against", body: analysisBatchesSchema } },
    async (request) => ok(await analysisSettingsList(database.db, request.language, request.body.termId)),
  );
  app.post(
    '/api/scores/analysisSettings/save',
    {
      config: { access, audit: { module: 'scores.analysisSettings', operation: 'save' } },
      schema: { tags, summary: "Sets an exam's pass, good and excellent lines (percents of the full mark) or returns it to the score systems' lines", body: analysisSettingsSaveSchema },
    },
    async (request) => {
      const saved = await saveAnalysisSettings(database.db, request.body, request.auth!.userId);
      if (saved.recomputed) backgroundOf(app).nudge();
      return ok({ recomputed: saved.recomputed }, t(request, saved.recomputed ? 'analysisSettings.savedRecompute' : 'analysisSettings.saved', { name: saved.name }));
    },
  );
}
