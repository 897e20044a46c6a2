import { scoreBatchIdSchema, subItemsSaveSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { saveSubItems, SUB_ITEM_PERMISSION, subItemBatch, subItemBatches } from './service.ts';

/** 分项成绩设置 (/cjgl/fxcj): docs/calls-scores.md. */
export async function subItemRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['scores'];
  const access = { permission: SUB_ITEM_PERMISSION };

  app.post(
    '/api/scores/subItems/batches',
    { config: { access, readOnly: true }, schema: { tags, summary: 'The score batches whose subjects may have parts', body: z.object({}).strip().optional() } },
    async (request) => ok(await subItemBatches(database.db, request.language)),
  );
  app.post(
    '/api/scores/subItems/get',
    { config: { access, readOnly: true }, schema: { tags, summary: "A batch's subjects with their parts", body: scoreBatchIdSchema } },
    async (request) => ok(await subItemBatch(database.db, request.body.batchId, request.language)),
  );
  app.post(
    '/api/scores/subItems/save',
    {
      config: { access: { permission: SUB_ITEM_PERMISSION }, audit: { module: 'scores.subItems', operation: 'save' } },
      schema: { tags, summary: "Replaces a subject's parts (none: scored as a whole); they add up to its full mark", body: subItemsSaveSchema },
    },
    async (request) => {
      const course = await saveSubItems(database.db, request.body.batchId, request.body.courseId, request.body.items, request.language);
      return ok(null, t(request, 'scoreSub.saved', { course }));
    },
  );
}
