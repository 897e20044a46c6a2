import { customPageFormSchema, customPagePublishSchema, idBodySchema, idsSchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import { notFound } from '../../../platform/errors.ts';
import { languageOf, t } from '../../../platform/i18n.ts';
import {
  customPageList,
  deleteCustomPages,
  findCustomPage,
  listCustomPages,
  publishCustomPage,
  saveCustomPage,
  unpublishCustomPage,
  viewCustomPage,
} from './service.ts';

const VIEW = { permission: 'system:customPage' } as const;
const EDIT = { permission: 'system:customPage:edit' } as const;
const DELETE = { permission: 'system:customPage:delete' } as const;
const audit = (operation: string) => ({ module: 'system.customPage', operation });

/** /custom-page, its designer /custom-page/drag, and the published pages at /customPreview/{zdycs}. */
export async function customPageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  app.post(
    '/api/customPages/view',
    { config: { access: 'authenticated', readOnly: true }, schema: { tags: ['customPages'], summary: 'A published custom page, for a user who holds its menu entry', body: z.object({ param: z.string().max(100) }) } },
    async (request) => ok(await viewCustomPage(database.db, await request.permissions(), request.body.param, languageOf(request))),
  );

  app.post(
    '/api/system/customPages/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'Custom pages, paged', body: pagedQuerySchema } },
    async (request) => ok(await listCustomPages(database.db, customPageList.parse(request.body))),
  );

  app.post(
    '/api/system/customPages/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'One custom page with its layout', body: idBodySchema } },
    async (request) => {
      const page = await findCustomPage(database.db, request.body.id);
      if (!page) throw notFound();
      return ok(page);
    },
  );

  app.post(
    '/api/system/customPages/save',
    { config: { access: EDIT, audit: audit('save') }, schema: { tags: ['system'], summary: 'Create (no id) or modify a custom page and its layout', body: customPageFormSchema } },
    async (request) => {
      const id = await saveCustomPage(database.db, request.auth!, request.body);
      return ok({ id }, t(request, request.body.id ? 'common.updated' : 'common.created'));
    },
  );

  app.post(
    '/api/system/customPages/delete',
    { config: { access: DELETE, audit: audit('delete') }, schema: { tags: ['system'], summary: 'Delete unpublished custom pages', body: idsSchema } },
    async (request) => {
      await deleteCustomPages(database.db, request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.post(
    '/api/system/customPages/publish',
    { config: { access: EDIT, audit: audit('publish') }, schema: { tags: ['system'], summary: 'Publish a page as a menu entry (sfzdy = 1, zdycs = param) under a directory', body: customPagePublishSchema } },
    async (request) => {
      await publishCustomPage(database.db, request.body.id, request.body.parentMenuId, request.body.roleCodes);
      return ok(null, t(request, 'customPages.published'));
    },
  );

  app.post(
    '/api/system/customPages/unpublish',
    { config: { access: EDIT, audit: audit('unpublish') }, schema: { tags: ['system'], summary: 'Take a page out of the menu', body: idBodySchema } },
    async (request) => {
      await unpublishCustomPage(database.db, request.body.id);
      return ok(null, t(request, 'customPages.unpublished'));
    },
  );
}
