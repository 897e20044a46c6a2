import type { FastifyInstance } from 'fastify';
import { permissionAnswer } from './service.ts';

export async function permissionRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/ms/getPermission',
    {
      config: { access: 'authenticated', readOnly: true, signerMayBeAnonymous: true },
      schema: { tags: ['auth'], summary: "The caller's menus, permission values, roles and user info" },
    },
    // Sent as ready JSON bytes (see permissionAnswer); the request-encryption hook seals it like any answer.
    async (request, reply) => reply.type('application/json; charset=utf-8').send(await permissionAnswer(app.database.db, request.auth!, request.id)),
  );
}
