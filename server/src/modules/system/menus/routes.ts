import { idBodySchema, idsSchema, menuFormSchema, menuMoveSchema, menuReorderSchema, type MenuDetail } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { buildWorkbook, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { findMenu, menusInTreeOrder, menuTree } from './queries.ts';
import { createMenu, deleteMenus, moveMenu, reorderMenus, updateMenu } from './service.ts';

const VIEW = { permission: 'system:menu' } as const;
const EDIT = { permission: 'system:menu:edit' } as const;
const DELETE = { permission: 'system:menu:delete' } as const;
const audit = (operation: string) => ({ module: 'system.menu', operation });

/**
 * /xtgl/cdgl (issue 4, item 3) and the role screen's menu assignment. Changes reach a user's sidebar at
 * their next /ms/getPermission, which reads the menus table on every call.
 */
export async function menuRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  app.post(
    '/api/system/menus/tree',
    {
      config: { access: { anyOf: ['system:menu', 'system:role'] }, readOnly: true },
      schema: { tags: ['system'], summary: 'Every menu with its buttons, as a tree by sort' },
    },
    async () => ok(await menuTree(database.db)),
  );

  app.post(
    '/api/system/menus/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'One menu with every field of the admin form and its remark flags', body: idBodySchema } },
    async (request) => {
      const menu = await findMenu(database.db, request.body.id);
      if (!menu) throw notFound();
      return ok(menu);
    },
  );

  app.post(
    '/api/system/menus/create',
    { config: { access: EDIT, audit: audit('create') }, schema: { tags: ['system'], summary: 'Add a directory, page or button (the administrator role holds it at once)', body: menuFormSchema } },
    async (request) => ok({ id: await createMenu(database.db, request.body) }, t(request, 'common.created')),
  );

  app.post(
    '/api/system/menus/update',
    { config: { access: EDIT, audit: audit('update') }, schema: { tags: ['system'], summary: 'Modify a menu (users see it at their next login)', body: menuFormSchema } },
    async (request) => {
      if (!request.body.id) throw badRequest();
      await updateMenu(database.db, { ...request.body, id: request.body.id });
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/system/menus/delete',
    { config: { access: DELETE, audit: audit('delete') }, schema: { tags: ['system'], summary: 'Delete menus without entries under them; roles lose them', body: idsSchema } },
    async (request) => {
      await deleteMenus(database.db, request.body.ids);
      return ok(null, t(request, 'menus.deleted'));
    },
  );

  app.post(
    '/api/system/menus/move',
    { config: { access: EDIT, audit: audit('move') }, schema: { tags: ['system'], summary: 'Move a menu one place up or down among its siblings', body: menuMoveSchema } },
    async (request) => {
      await moveMenu(database.db, request.body.id, request.body.direction);
      return ok(null, t(request, 'menus.moved'));
    },
  );

  app.post(
    '/api/system/menus/reorder',
    { config: { access: EDIT, audit: audit('reorder') }, schema: { tags: ['system'], summary: "Set the order of a parent's entries (drag and drop, possibly from another parent)", body: menuReorderSchema } },
    async (request) => {
      await reorderMenus(database.db, request.body.parentId, request.body.ids);
      return ok(null, t(request, 'menus.moved'));
    },
  );

  app.get(
    '/api/system/menus/export',
    { config: { access: VIEW }, schema: { tags: ['system'], summary: 'The menu tree as an Excel file (names indented by level)' } },
    async (request, reply) => {
      const rows = await menusInTreeOrder(database.db);
      const yes = t(request, 'common.yes');
      const no = t(request, 'common.no');
      const flags = (menu: MenuDetail) =>
        [
          menu.hidden && 'menus.flag.hidden',
          menu.alwaysShow && 'menus.flag.alwaysShow',
          menu.noCache && 'menus.flag.noCache',
          menu.isCustomPage && 'menus.flag.customPage',
          menu.isHomePage && 'menus.flag.homePage',
          menu.position === 'top' && 'menus.flag.top',
          menu.isExternalLink && 'menus.flag.externalLink',
        ]
          .filter((key): key is string => !!key)
          .map((key) => t(request, key))
          .join(', ');
      const content = await buildWorkbook<MenuDetail & { depth: number }>(
        t(request, 'menus.exportName'),
        [
          { header: t(request, 'menus.name'), value: (m) => `${'    '.repeat(m.depth)}${m.name}`, width: 30 },
          { header: t(request, 'menus.nameEn'), value: (m) => m.nameEn, width: 28 },
          { header: t(request, 'menus.kind'), value: (m) => t(request, `menus.kind.${m.kind}`) },
          { header: t(request, 'menus.url'), value: (m) => m.url, width: 24 },
          { header: t(request, 'menus.permission'), value: (m) => m.permission, width: 28 },
          { header: t(request, 'menus.icon'), value: (m) => m.icon, width: 20 },
          { header: t(request, 'menus.sort'), value: (m) => m.sort },
          { header: t(request, 'menus.enabled'), value: (m) => (m.enabled ? yes : no) },
          { header: t(request, 'menus.flags'), value: flags, width: 24 },
          { header: t(request, 'menus.roleCount'), value: (m) => m.roleCount },
          { header: t(request, 'menus.remark'), value: (m) => m.remark, width: 30 },
        ],
        rows,
      );
      return sendWorkbook(reply, exportFileName(t(request, 'menus.exportName')), content);
    },
  );
}
