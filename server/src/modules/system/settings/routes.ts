import { passwordRuleSchema, systemConfigSchema } from '@campus/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import { notFound } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import { fileContentStream, registerFileReference } from '../../shared/files/service.ts';
import { clientConfig, configuredLogo, LOGO_ROUTE, passwordPolicy, readPasswordRule, readSystemConfig, savePasswordRule, saveSystemConfig, SettingKey } from './service.ts';

/** Permission of /xtgl/xtpz; reading and saving both need it (the page has no edit button in the seed). */
export const CONFIG_PERMISSION = 'system:config';
/** Permission of /xtgl/mmgz. */
export const PASSWORD_RULE_PERMISSION = 'system:passwordRule';

// The logo in use must not be deleted by its uploader (files/service.ts deleteOwnFile).
registerFileReference((fileId) => sql`EXISTS (SELECT 1 FROM system_config c WHERE c.key IN (${SettingKey.logo}, ${SettingKey.seal}) AND c.value = ${fileId})`);

export async function settingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/config/client', { config: { access: 'public' }, schema: { tags: ['platform'], summary: 'Client start-up configuration' } }, async () =>
    ok(await clientConfig(app.database.db, app.config)),
  );

  app.get(
    `${LOGO_ROUTE}/:resid`,
    {
      config: { access: 'public', encryption: 'optional' },
      schema: { tags: ['platform'], summary: 'The configured logo picture (only the file the system configuration names)', params: z.object({ resid: z.string().max(64) }) },
    },
    async (request, reply) => {
      const logo = await configuredLogo(app.database.db, request.params.resid);
      if (!logo) throw notFound();
      const etag = `"${logo.sha256}"`;
      reply
        .header('content-type', logo.mimeType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, no-cache')
        .header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      reply.header('content-length', String(logo.size));
      return reply.send(fileContentStream(app.database.db, logo.id, 0, logo.size - 1));
    },
  );

  app.post(
    '/api/login/getPwdStrategy',
    { config: { access: 'authenticated', readOnly: true }, schema: { tags: ['account'], summary: 'Password rule and its description' } },
    async (request) => ok(await passwordPolicy(app.database.db, request.language)),
  );

  app.post(
    '/api/system/config/get',
    { config: { access: { permission: CONFIG_PERMISSION }, readOnly: true }, schema: { tags: ['system'], summary: 'The system configuration (stored values, else the deployment settings)' } },
    async () => ok(await readSystemConfig(app.database.db, app.config)),
  );

  app.post(
    '/api/system/config/save',
    {
      config: { access: { permission: CONFIG_PERMISSION }, audit: { module: 'system.config', operation: 'save' } },
      schema: { tags: ['system'], summary: 'Save the whole system configuration in one transaction; /api/config/client answers it at once', body: systemConfigSchema },
    },
    async (request) => {
      await saveSystemConfig(app.database.db, request.auth!, request.body);
      return ok(null, t(request, 'common.saved'));
    },
  );

  app.post(
    '/api/system/passwordRule/get',
    { config: { access: { permission: PASSWORD_RULE_PERMISSION }, readOnly: true }, schema: { tags: ['system'], summary: 'The password pattern and its descriptions (zh, en)' } },
    async () => ok(await readPasswordRule(app.database.db)),
  );

  app.post(
    '/api/system/passwordRule/save',
    {
      config: { access: { permission: PASSWORD_RULE_PERMISSION }, audit: { module: 'system.passwordRule', operation: 'save' } },
      schema: {
        tags: ['system'],
        summary: 'Save the password pattern (a JavaScript regular expression of at most 200 characters without nested repetition) and its descriptions; updatePwd applies it at once',
        body: passwordRuleSchema,
      },
    },
    async (request) => {
      await savePasswordRule(app.database.db, request.body);
      return ok(null, t(request, 'common.saved'));
    },
  );
}
