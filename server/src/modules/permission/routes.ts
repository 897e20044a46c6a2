import type { FastifyInstance } from 'fastify';
import { permissionAnswerJson } from './service.ts';

export async function permissionRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/ms/getPermission',
    {
      config: { access: 'authenticated', readOnly: true, signerMayBeAnonymous: true },
      schema: { tags: ['auth'], summary: "The caller's menus, permission values, roles and user info" },
    },
    // Sent as ready JSON text (see permissionAnswerJson); the request-encryption hook seals it like any answer.
    async (request, reply) => reply.type('application/json; charset=utf-8').send(await permissionAnswerJson(app.database.db, request.auth!, request.id)),
  );
}
