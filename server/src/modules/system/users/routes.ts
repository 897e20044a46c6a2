import { exportQuerySchema, idBodySchema, idsSchema, pagedQuerySchema, userCreateSchema, userEnableSchema, userResetPasswordSchema, type UserRow, userUpdateSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { notFound } from '../../../platform/errors.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { findUser, listUsers, userList } from './queries.ts';
import { createUser, deleteUsers, resetUserPassword, setUsersEnabled, updateUser } from './service.ts';

const VIEW = { permission: 'system:user' } as const;
const EDIT = { permission: 'system:user:edit' } as const;
const DELETE = { permission: 'system:user:delete' } as const;
const audit = (operation: string) => ({ module: 'system.user', operation });

const USER_TYPE_KEYS: Record<number, string> = { 1: 'userType.administrator', 2: 'userType.student', 3: 'userType.teacher', 4: 'userType.parent' };

/** /xtgl/yhgl: user accounts (issue 4, item 1). Calls follow the new-call convention of docs/api.md. */
export async function userRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app;

  app.post(
    '/api/system/users/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'Users, paged (generic paged-table call)', body: pagedQuerySchema } },
    async (request) => ok(await listUsers(database.db, userList.parse(request.body))),
  );

  app.post(
    '/api/system/users/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'One user with roles', body: idBodySchema } },
    async (request) => {
      const user = await findUser(database.db, request.body.id);
      if (!user) throw notFound();
      return ok(user);
    },
  );

  app.post(
    '/api/system/users/create',
    { config: { access: EDIT, audit: audit('create') }, schema: { tags: ['system'], summary: 'Create a user (password 6-12 characters of two kinds)', body: userCreateSchema } },
    async (request) => ok({ id: await createUser(database.db, config, request.body) }, t(request, 'common.created')),
  );

  app.post(
    '/api/system/users/update',
    { config: { access: EDIT, audit: audit('update') }, schema: { tags: ['system'], summary: 'Modify a user (name, type, enabled, roles)', body: userUpdateSchema } },
    async (request) => {
      await updateUser(database.db, request.auth!, request.body);
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/system/users/enable',
    { config: { access: EDIT, audit: audit('enable') }, schema: { tags: ['system'], summary: 'Enable or disable users (disabling ends their sessions)', body: userEnableSchema } },
    async (request) => {
      await setUsersEnabled(database.db, request.auth!, request.body.ids, request.body.enabled);
      return ok(null, t(request, 'users.enabledChanged'));
    },
  );

  app.post(
    '/api/system/users/resetPassword',
    { config: { access: EDIT, audit: audit('resetPassword') }, schema: { tags: ['system'], summary: "Set a user's password (ends their sessions)", body: userResetPasswordSchema } },
    async (request) => {
      await resetUserPassword(database.db, config, request.body.id, request.body.password);
      return ok(null, t(request, 'users.passwordReset'));
    },
  );

  app.post(
    '/api/system/users/delete',
    { config: { access: DELETE, audit: audit('delete') }, schema: { tags: ['system'], summary: 'Delete users not owned by a student, parent or staff record', body: idsSchema } },
    async (request) => {
      await deleteUsers(database.db, request.auth!, request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.get(
    '/api/system/users/export',
    { config: { access: VIEW }, schema: { tags: ['system'], summary: 'The users list as an Excel file (same search and sort as the list)', querystring: exportQuerySchema } },
    async (request, reply) => {
      const list = userList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT + 1 });
      const { rows } = await listUsers(database.db, list, false);
      const truncated = rows.length > EXPORT_ROW_LIMIT;
      const yes = t(request, 'common.yes');
      const no = t(request, 'common.no');
      const content = await buildWorkbook<UserRow>(
        t(request, 'users.exportName'),
        [
          { header: t(request, 'users.account'), value: (u) => u.account, width: 18 },
          { header: t(request, 'users.displayName'), value: (u) => u.displayName, width: 16 },
          { header: t(request, 'users.userType'), value: (u) => t(request, USER_TYPE_KEYS[u.userType] ?? 'userType.other') },
          { header: t(request, 'users.roles'), value: (u) => u.roles.map((r) => r.name).join(', '), width: 30 },
          { header: t(request, 'users.enabled'), value: (u) => (u.enabled ? yes : no) },
          { header: t(request, 'users.createdAt'), value: (u) => u.createdAt.slice(0, 19).replace('T', ' '), width: 20 },
        ],
        rows.slice(0, EXPORT_ROW_LIMIT),
        truncated ? t(request, 'common.exportTruncated', { limit: EXPORT_ROW_LIMIT }) : undefined,
      );
      return sendWorkbook(reply, exportFileName(t(request, 'users.exportName')), content);
    },
  );
}
