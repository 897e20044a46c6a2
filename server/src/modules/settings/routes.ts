import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/envelope.ts';
import { clientConfig, passwordPolicy } from './service.ts';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/config/client', { config: { access: 'public' }, schema: { tags: ['platform'], summary: 'Client start-up configuration' } }, async () =>
    ok(await clientConfig(app.database.db, app.config)),
  );

  app.post(
    '/api/login/getPwdStrategy',
    { config: { access: 'authenticated', readOnly: true }, schema: { tags: ['account'], summary: 'Password rule and its description' } },
    async (request) => ok(await passwordPolicy(app.database.db, request.language)),
  );
}
