import { exportQuerySchema, homeCardFormSchema, type HomeCardRow, idBodySchema, idsSchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { roleSetAccess } from '../../../platform/access.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { languageOf, t } from '../../../platform/i18n.ts';
import { cardList, findCard, listCards } from './queries.ts';
import { createCard, dashboardCards, deleteCards, updateCard } from './service.ts';

const VIEW = { permission: 'system:homeCard' } as const;
const EDIT = { permission: 'system:homeCard:edit' } as const;
const DELETE = { permission: 'system:homeCard:delete' } as const;
const audit = (operation: string) => ({ module: 'system.homeCard', operation });

/** /xtgl/sykp: the cards that make up each role's dashboard (issue 4, item 12). */
export async function homeCardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  app.post(
    '/api/dashboard/cards',
    { config: { access: 'authenticated', readOnly: true }, schema: { tags: ['dashboard'], summary: "The caller's dashboard cards (their roles' and everyone's), statistics counted within their data scope" } },
    async (request) => {
      const auth = request.auth!;
      return ok(await dashboardCards(database.db, auth, await roleSetAccess.get(database.db, auth), languageOf(request)));
    },
  );

  app.post(
    '/api/system/homeCards/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'Home cards, paged', body: pagedQuerySchema } },
    async (request) => ok(await listCards(database.db, cardList.parse(request.body))),
  );

  app.post(
    '/api/system/homeCards/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'One home card', body: idBodySchema } },
    async (request) => {
      const card = await findCard(database.db, request.body.id);
      if (!card) throw notFound();
      return ok(card);
    },
  );

  app.post(
    '/api/system/homeCards/create',
    { config: { access: EDIT, audit: audit('create') }, schema: { tags: ['system'], summary: 'Create a home card', body: homeCardFormSchema } },
    async (request) => ok({ id: await createCard(database.db, request.body) }, t(request, 'common.created')),
  );

  app.post(
    '/api/system/homeCards/update',
    { config: { access: EDIT, audit: audit('update') }, schema: { tags: ['system'], summary: 'Modify a home card', body: homeCardFormSchema } },
    async (request) => {
      if (!request.body.id) throw badRequest();
      await updateCard(database.db, request.body.id, request.body);
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/system/homeCards/delete',
    { config: { access: DELETE, audit: audit('delete') }, schema: { tags: ['system'], summary: 'Delete home cards', body: idsSchema } },
    async (request) => {
      await deleteCards(database.db, request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.get(
    '/api/system/homeCards/export',
    { config: { access: VIEW }, schema: { tags: ['system'], summary: 'Home cards as an Excel file', querystring: exportQuerySchema } },
    async (request, reply) => {
      const { rows } = await listCards(database.db, cardList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT }), false);
      const content = await buildWorkbook<HomeCardRow>(t(request, 'homeCards.exportName'), [
        { header: t(request, 'homeCards.name'), value: (c) => c.name, width: 20 },
        { header: t(request, 'homeCards.nameEn'), value: (c) => c.nameEn, width: 20 },
        { header: t(request, 'homeCards.category'), value: (c) => t(request, `homeCards.category.${c.category}`) },
        { header: t(request, 'homeCards.route'), value: (c) => c.route, width: 24 },
        { header: t(request, 'homeCards.content'), value: (c) => c.content, width: 30 },
        { header: t(request, 'homeCards.role'), value: (c) => c.roleName ?? t(request, 'homeCards.allRoles'), width: 16 },
        { header: t(request, 'homeCards.sort'), value: (c) => c.sort },
        { header: t(request, 'users.enabled'), value: (c) => t(request, c.enabled ? 'common.yes' : 'common.no') },
      ], rows);
      return sendWorkbook(reply, exportFileName(t(request, 'homeCards.exportName')), content);
    },
  );
}
