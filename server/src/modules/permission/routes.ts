import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/envelope.ts';
import { permissionPayload } from './service.ts';

export async function permissionRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/ms/getPermission',
    {
      config: { access: 'authenticated', readOnly: true, signerMayBeAnonymous: true },
      schema: { tags: ['auth'], summary: "The caller's menus, permission values, roles and user info" },
    },
    async (request) => ok(await permissionPayload(app.database.db, request.auth!, request.id)),
  );
}
