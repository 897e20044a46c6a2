import { updatePasswordWireSchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { updatePassword, userInfo } from './service.ts';

const userInfoBody = z.object({
  userId: z.string({ error: 'validation.userIdRequired' }).trim().min(1, 'validation.userIdRequired').max(64, 'validation.tooLong'),
});

export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app;

  app.post(
    '/userManage/getUserInfo',
    {
      config: { access: 'authenticated', readOnly: true },
      schema: { tags: ['account'], summary: 'A user account (own, or any with user management)', body: userInfoBody },
    },
    async (request) => ok(await userInfo(database.db, request.auth!, await request.permissions(), request.body.userId)),
  );

  app.post(
    '/api/login/updatePwd',
    {
      config: { access: 'authenticated', audit: { module: 'account', operation: 'changePassword' } },
      schema: { tags: ['account'], summary: 'Change the own password', body: updatePasswordWireSchema },
    },
    async (request) => {
      await updatePassword(database.db, config, request.auth!, request.language, request.body);
      return ok(null, t(request, 'auth.passwordChanged'));
    },
  );
}
