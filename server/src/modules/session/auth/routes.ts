import { authCodeSchema, loginSchema } from '@campus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { t } from '../../../platform/i18n.ts';
import { revokeSession, sessionExpiry } from '../../../platform/sessions.ts';
import { bumpCounter } from '../../../platform/rate.ts';
import { issueLoginCode, login, redeemLoginCode } from './service.ts';

const client = (request: FastifyRequest) => ({ address: request.ip, userAgent: request.headers['user-agent'] });

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app;

  app.post(
    '/api/login/v4',
    {
      config: {
        access: 'public',
        audit: { module: 'auth', operation: 'login' },
        // Refused for bad text before the handler, but an attempt from its address all the same (issue 12).
        onBadText: (request) => bumpCounter(database.db, `login-fail:${request.ip}`, config.login.addressWindowMinutes),
      },
      schema: { tags: ['auth'], summary: 'Log in with a user name and password (form-encoded)', body: loginSchema },
    },
    async (request) => {
      const result = await login(database.db, config, request.body.username, request.body.password, client(request));
      request.auditUser = { userId: result.userId, account: result.account };
      // A second factor due: result true without a token; the web app goes on to /api/login/mfa/* (mfaRoutes.ts).
      if (result.mfa) return ok({ mfa: result.mfa.step, challenge: result.mfa.challenge }, t(request, result.mfa.step === 'enrol' ? 'auth.mfaEnrolDue' : 'auth.mfaDue'));
      return ok({ token: result.token, headerName: config.tokenHeader }, t(request, 'auth.loginSuccess'));
    },
  );

  app.get(
    '/logout',
    { config: { access: 'public', audit: { module: 'auth', operation: 'logout' } }, schema: { tags: ['auth'], summary: 'Revoke the current session' } },
    async (request) => {
      if (request.auth) await revokeSession(database.db, request.auth.sessionId);
      return ok(null, t(request, 'auth.logoutSuccess'));
    },
  );

  app.get(
    '/api/getExpires',
    { config: { access: 'authenticated', keepAlive: true }, schema: { tags: ['auth'], summary: 'Keep the session alive' } },
    async (request) => {
      const expiresAt = await sessionExpiry(database.db, request.auth!.sessionId);
      return ok({ expiresAt: expiresAt?.toISOString() ?? null });
    },
  );

  app.post(
    '/api/auth/code',
    {
      config: { access: 'authenticated', audit: { module: 'auth', operation: 'issueLoginCode' } },
      schema: { tags: ['auth'], summary: 'Issue a one-time sign-in code for the QR code page' },
    },
    async (request) => ok(await issueLoginCode(database.db, config, request.auth!.userId)),
  );

  app.post(
    '/anon/api/auth/check',
    {
      config: { access: 'public', audit: { module: 'auth', operation: 'redeemLoginCode', secretFields: ['code'] } },
      schema: { tags: ['auth'], summary: 'Exchange a one-time code for a token', body: authCodeSchema },
    },
    async (request) => {
      const result = await redeemLoginCode(database.db, config, request.body.code, client(request));
      request.auditUser = { userId: result.userId, account: result.account };
      return ok({ token: result.token });
    },
  );
}
