import { idBodySchema, mfaChallengeCodeSchema, mfaChallengeSchema, mfaCodeSchema } from '@campus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { DeclaredRoute } from '../../index.ts';
import { ok } from '../../../platform/envelope.ts';
import { notFound } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import {
  confirmEnrolment,
  confirmSelfEnrolment,
  disableOwnMfa,
  mfaStatus,
  regenerateRecoveryCodes,
  removeMfa,
  setExportPermissions,
  startEnrolment,
  startSelfEnrolment,
  verifyChallenge,
} from './mfa.ts';

const client = (request: FastifyRequest) => ({ address: request.ip, userAgent: request.headers['user-agent'] });

// Codes and challenges are credentials: never written to the operation log.
const SECRET_FIELDS = ['code', 'challenge'] as const;
const loginAudit = (operation: string) => ({ module: 'auth', operation, secretFields: SECRET_FIELDS });
const selfAudit = (operation: string) => ({ module: 'auth', operation, secretFields: SECRET_FIELDS });

/** Permission values guarding an export route (`GET …/export`): holding one is an export right. */
export function exportPermissionsOf(routes: readonly DeclaredRoute[]): Set<string> {
  const found = new Set<string>();
  for (const route of routes) {
    if (!route.methods.includes('GET') || !route.url.endsWith('/export') || typeof route.access !== 'object') continue;
    for (const permission of 'anyOf' in route.access ? route.access.anyOf : [route.access.permission]) found.add(permission);
  }
  return found;
}

/**
 * The second factor's calls (issue 12): the code and enrolment steps of a login (public: the challenge
 * the login answered is the credential), the signed-in user's own settings, and the administrator's reset.
 */
export async function mfaRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app;

  // Every route is declared by now: which permissions are export rights is known once, per application.
  app.addHook('onReady', async () => setExportPermissions(config, exportPermissionsOf(app.declaredRoutes)));

  app.post(
    '/api/login/mfa/verify',
    {
      config: { access: 'public', audit: loginAudit('mfaVerify') },
      schema: { tags: ['auth'], summary: 'Second step of a login: an authenticator or recovery code for the challenge; answers the token', body: mfaChallengeCodeSchema },
    },
    async (request) => {
      const session = await verifyChallenge(database.db, config, request.body.challenge, request.body.code, client(request));
      request.auditUser = { userId: session.userId, account: session.account };
      return ok({ token: session.token, headerName: config.tokenHeader }, t(request, 'auth.loginSuccess'));
    },
  );

  app.post(
    '/api/login/mfa/enrol/start',
    {
      config: { access: 'public', audit: loginAudit('mfaEnrolStart') },
      schema: { tags: ['auth'], summary: 'Enrolment during login: a new authenticator secret and its otpauth address (for the QR code)', body: mfaChallengeSchema },
    },
    async (request) => ok(await startEnrolment(database.db, config, request.body.challenge)),
  );

  app.post(
    '/api/login/mfa/enrol/confirm',
    {
      config: { access: 'public', audit: loginAudit('mfaEnrolConfirm') },
      schema: { tags: ['auth'], summary: 'Enrolment during login: the first code confirms the secret; answers the token and the recovery codes (shown once)', body: mfaChallengeCodeSchema },
    },
    async (request) => {
      const result = await confirmEnrolment(database.db, config, request.body.challenge, request.body.code, client(request));
      request.auditUser = { userId: result.userId, account: result.account };
      return ok({ token: result.token, headerName: config.tokenHeader, recoveryCodes: result.recoveryCodes }, t(request, 'auth.loginSuccess'));
    },
  );

  app.get(
    '/api/auth/mfa/status',
    { config: { access: 'authenticated' }, schema: { tags: ['auth'], summary: "The caller's second factor: on, required, recovery codes left" } },
    async (request) => ok(await mfaStatus(database.db, config, request.auth!.userId)),
  );

  app.post(
    '/api/auth/mfa/enable/start',
    {
      config: { access: 'authenticated', audit: selfAudit('mfaEnableStart') },
      schema: { tags: ['auth'], summary: 'Turn the second factor on: a new authenticator secret and its otpauth address' },
    },
    async (request) => ok(await startSelfEnrolment(database.db, config, request.auth!.userId)),
  );

  app.post(
    '/api/auth/mfa/enable/confirm',
    {
      config: { access: 'authenticated', audit: selfAudit('mfaEnableConfirm') },
      schema: { tags: ['auth'], summary: 'Turn the second factor on: the first code confirms it; answers the recovery codes (shown once)', body: mfaCodeSchema },
    },
    async (request) => ok({ recoveryCodes: await confirmSelfEnrolment(database.db, request.auth!.userId, request.body.code) }, t(request, 'auth.mfaEnabled')),
  );

  app.post(
    '/api/auth/mfa/disable',
    {
      config: { access: 'authenticated', audit: selfAudit('mfaDisable') },
      schema: { tags: ['auth'], summary: 'Turn the second factor off with a current code (refused where it is required)', body: mfaCodeSchema },
    },
    async (request) => {
      await disableOwnMfa(database.db, config, request.auth!.userId, request.body.code);
      return ok(null, t(request, 'auth.mfaDisabled'));
    },
  );

  app.post(
    '/api/auth/mfa/recoveryCodes',
    {
      config: { access: 'authenticated', audit: selfAudit('mfaRecoveryCodes') },
      schema: { tags: ['auth'], summary: 'New recovery codes (the old ones stop working), with a current code', body: mfaCodeSchema },
    },
    async (request) => ok({ recoveryCodes: await regenerateRecoveryCodes(database.db, config, request.auth!.userId, request.body.code) }, t(request, 'auth.mfaRecoveryRenewed')),
  );

  app.post(
    '/api/system/users/resetMfa',
    {
      config: { access: { permission: 'system:user:edit' }, audit: { module: 'system.user', operation: 'resetMfa' } },
      schema: { tags: ['system'], summary: "Reset a user's second factor (lost phone): they enrol again at their next login where it is required", body: idBodySchema },
    },
    async (request) => {
      const [exists] = await database.db.select({ id: users.id }).from(users).where(eq(users.id, request.body.id));
      if (!exists) throw notFound();
      await removeMfa(database.db, request.body.id);
      return ok(null, t(request, 'auth.mfaReset'));
    },
  );
}
