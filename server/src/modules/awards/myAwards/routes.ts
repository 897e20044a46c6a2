import { myAwardSearchSchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { AWARD_PERMISSIONS, pageOf, searchOf } from '../common.ts';
import { listMyAwards } from './service.ts';

/** 我的获奖 (/jsgl/wdhj): docs/calls-awards.md. */
export async function myAwardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['awards'];

  app.post(
    '/api/awards/myAwards/page',
    {
      config: { access: { permission: AWARD_PERMISSIONS.myAwards }, readOnly: true },
      schema: { tags, summary: "The caller's (a parent: their children's) disciplinary and above-school awards, newest first", body: pagedQuerySchema },
    },
    async (request) => ok(await listMyAwards(database.db, request.auth!, searchOf(myAwardSearchSchema, request.body.search), pageOf(request.body))),
  );
}
