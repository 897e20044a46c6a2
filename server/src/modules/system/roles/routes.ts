import { exportQuerySchema, idBodySchema, idsSchema, pagedQuerySchema, roleFormSchema, roleMembersSchema, roleMenusSchema, type RoleRow } from '@campus/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../../db/schema/index.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { languageOf, t } from '../../../platform/i18n.ts';
import { closeDynamicReaders, resolveDynamicRole, resolveProcedureRole } from './dynamicSql.ts';
import { findRole, listRoles, ordinaryMembers, roleList } from './queries.ts';
import { enabledRoleTypes } from './types.ts';
import { createRole, deleteRoles, setRoleMenus, updateRole } from './service.ts';

const VIEW = { permission: 'system:role' } as const;
const EDIT = { permission: 'system:role:edit' } as const;
const DELETE = { permission: 'system:role:delete' } as const;
const audit = (operation: string) => ({ module: 'system.role', operation });

/** How many members the role manager lists from a dynamic role's rule at most. */
const DYNAMIC_MEMBER_LIMIT = 1000;

/** /xtgl/jsgl: roles, the menus and buttons they hold, and who they resolve to (issue 4, item 2). */
export async function roleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  // The dynamic-role reader login has its own connections; they go when the server stops.
  app.addHook('onClose', async () => closeDynamicReaders());

  app.post(
    '/api/system/roles/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'Roles, paged (generic paged-table call)', body: pagedQuerySchema } },
    async (request) => ok(await listRoles(database.db, roleList.parse(request.body), languageOf(request))),
  );

  app.post(
    '/api/system/roles/types',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'The enabled role types with how their roles work (ordinary or dynamic)' } },
    async (request) => ok(await enabledRoleTypes(database.db, languageOf(request))),
  );

  app.post(
    '/api/system/roles/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'One role with the ids of the menus it holds', body: idBodySchema } },
    async (request) => {
      const role = await findRole(database.db, request.body.id, languageOf(request));
      if (!role) throw notFound();
      return ok(role);
    },
  );

  app.post(
    '/api/system/roles/create',
    { config: { access: EDIT, audit: audit('create') }, schema: { tags: ['system'], summary: 'Create a role (dynamic rules are checked before saving)', body: roleFormSchema } },
    async (request) => ok({ id: await createRole(database.db, request.body) }, t(request, 'common.created')),
  );

  app.post(
    '/api/system/roles/update',
    { config: { access: EDIT, audit: audit('update') }, schema: { tags: ['system'], summary: 'Modify a role', body: roleFormSchema } },
    async (request) => {
      if (!request.body.id) throw badRequest();
      await updateRole(database.db, { ...request.body, id: request.body.id });
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/system/roles/delete',
    { config: { access: DELETE, audit: audit('delete') }, schema: { tags: ['system'], summary: 'Delete roles no user holds', body: idsSchema } },
    async (request) => {
      await deleteRoles(database.db, request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.post(
    '/api/system/roles/menus',
    { config: { access: EDIT, audit: audit('assignMenus') }, schema: { tags: ['system'], summary: 'Set the menus and buttons an ordinary role holds', body: roleMenusSchema } },
    async (request) => {
      await setRoleMenus(database.db, request.body.id, request.body.menuIds);
      return ok(null, t(request, 'roles.menusSaved'));
    },
  );

  app.post(
    '/api/system/roles/members',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'Who a role resolves to: its users, or the result of its dynamic rule', body: roleMembersSchema } },
    async (request) => {
      const role = await findRole(database.db, request.body.id);
      if (!role) throw notFound();
      const { currPage, limit } = request.body;
      if (role.kind !== 'dynamic') return ok(await ordinaryMembers(database.db, role.id, currPage * limit, limit));
      const accounts = role.dynamicSql
        ? await resolveDynamicRole(database, role.dynamicSql, { limit: DYNAMIC_MEMBER_LIMIT })
        : role.dynamicProcedure
          ? await resolveProcedureRole(database, role.dynamicProcedure, { limit: DYNAMIC_MEMBER_LIMIT })
          : [];
      const page = accounts.slice(currPage * limit, (currPage + 1) * limit);
      const found = page.length
        ? await database.db.select({ account: users.account, displayName: users.displayName, userType: users.userType }).from(users).where(inArray(users.account, page))
        : [];
      const byAccount = new Map(found.map((user) => [user.account, user]));
      return ok({ total: accounts.length, rows: page.map((account) => byAccount.get(account) ?? { account, displayName: '', userType: 0 }) });
    },
  );

  app.get(
    '/api/system/roles/export',
    { config: { access: VIEW }, schema: { tags: ['system'], summary: 'The roles list as an Excel file', querystring: exportQuerySchema } },
    async (request, reply) => {
      const { rows } = await listRoles(database.db, roleList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT }), languageOf(request), false);
      const content = await buildWorkbook<RoleRow>(t(request, 'roles.exportName'), [
        { header: t(request, 'roles.code'), value: (r) => r.code, width: 18 },
        { header: t(request, 'roles.name'), value: (r) => r.name, width: 18 },
        { header: t(request, 'roles.type'), value: (r) => r.roleTypeName },
        { header: t(request, 'users.enabled'), value: (r) => t(request, r.enabled ? 'common.yes' : 'common.no') },
        { header: t(request, 'roles.sort'), value: (r) => r.sort },
        { header: t(request, 'roles.userCount'), value: (r) => r.userCount },
        { header: t(request, 'roles.remark'), value: (r) => r.remark, width: 30 },
      ], rows);
      return sendWorkbook(reply, exportFileName(t(request, 'roles.exportName')), content);
    },
  );
}
