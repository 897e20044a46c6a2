import {
  competitionCreateSchema,
  competitionSearchSchema,
  competitionUpdateSchema,
  idBodySchema,
  idsSchema,
  pagedQuerySchema,
  prizeCreateSchema,
  prizeSearchSchema,
  prizeUpdateSchema,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { AWARD_PERMISSIONS, callerOf, pageOf, searchOf } from '../common.ts';
import {
  competitionDetail,
  createCompetition,
  createPrize,
  deleteCompetitions,
  deletePrizes,
  listCompetitions,
  listPrizes,
  prizeDetail,
  updateCompetition,
  updatePrize,
} from './service.ts';

const P = AWARD_PERMISSIONS.settings;
const VIEW = { permission: P.view } as const;
/** The awards of the events are chosen on 学科获奖 too. */
const PRIZES_VIEW = { anyOf: [P.view, AWARD_PERMISSIONS.disciplinary.view] };
const EDIT = { permission: P.edit } as const;
const DELETE = { permission: P.remove } as const;
// Spec section 6: a user without the right to edit or delete is told to ask the administrator.
const refusal = 'awards.noRight' as const;
const audit = (module: string, operation: string) => ({ module, operation });

/** 学科竞赛及奖项设置 (/jsgl/jssz): docs/calls-awards.md. */
export async function competitionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['awards'];

  app.post(
    '/api/awards/competitions/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: 'Competition events, latest date first', body: pagedQuerySchema } },
    async (request) => ok(await listCompetitions(database.db, await callerOf(request), searchOf(competitionSearchSchema, request.body.search), pageOf(request.body))),
  );

  app.post(
    '/api/awards/competitions/get',
    { config: { access: PRIZES_VIEW, readOnly: true }, schema: { tags, summary: 'One competition event with its pictures and awards', body: idBodySchema } },
    async (request) => ok(await competitionDetail(database.db, await callerOf(request), request.body.id)),
  );

  app.post(
    '/api/awards/competitions/create',
    { config: { access: EDIT, refusal, audit: audit('award.competition', 'create') }, schema: { tags, summary: 'Add a competition event', body: competitionCreateSchema } },
    async (request) => ok(await createCompetition(database.db, await callerOf(request), request.body), t(request, 'common.saved')),
  );

  app.post(
    '/api/awards/competitions/update',
    { config: { access: EDIT, refusal, audit: audit('award.competition', 'update') }, schema: { tags, summary: 'Modify a competition event', body: competitionUpdateSchema } },
    async (request) => {
      await updateCompetition(database.db, await callerOf(request), request.body);
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/awards/competitions/delete',
    { config: { access: DELETE, refusal, audit: audit('award.competition', 'delete') }, schema: { tags, summary: 'Delete competition events with their unused awards', body: idsSchema } },
    async (request) => {
      await deleteCompetitions(database.db, await callerOf(request), request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.post(
    '/api/awards/prizes/page',
    { config: { access: PRIZES_VIEW, readOnly: true }, schema: { tags, summary: 'Awards of the events (search.competitionId narrows to one event)', body: pagedQuerySchema } },
    async (request) => ok(await listPrizes(database.db, await callerOf(request), searchOf(prizeSearchSchema, request.body.search), pageOf(request.body))),
  );

  app.post(
    '/api/awards/prizes/get',
    { config: { access: PRIZES_VIEW, readOnly: true }, schema: { tags, summary: 'One award of an event', body: idBodySchema } },
    async (request) => ok(await prizeDetail(database.db, await callerOf(request), request.body.id)),
  );

  app.post(
    '/api/awards/prizes/create',
    { config: { access: EDIT, refusal, audit: audit('award.prize', 'create') }, schema: { tags, summary: 'Add an award to an event', body: prizeCreateSchema } },
    async (request) => ok(await createPrize(database.db, await callerOf(request), request.body), t(request, 'common.saved')),
  );

  app.post(
    '/api/awards/prizes/update',
    { config: { access: EDIT, refusal, audit: audit('award.prize', 'update') }, schema: { tags, summary: 'Modify an award (its winner number not below the students given it)', body: prizeUpdateSchema } },
    async (request) => {
      await updatePrize(database.db, await callerOf(request), request.body);
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/awards/prizes/delete',
    { config: { access: DELETE, refusal, audit: audit('award.prize', 'delete') }, schema: { tags, summary: 'Delete awards; any given one refuses the whole call', body: idsSchema } },
    async (request) => {
      await deletePrizes(database.db, await callerOf(request), request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );
}
