import type { MessageKey } from '@campus/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { roleSetAccess } from './access.ts';
import type { Access } from './context.ts';
import { forbidden, sessionExpired } from './errors.ts';
import { languageOf } from './i18n.ts';
import { installEmbeddedSessionCache } from './sessionCache.ts';
import { resolveSession } from './sessions.ts';

/**
 * Resolves the caller from the token header on every request, adopts token rotation, and refuses
 * routes whose declared access the caller lacks. The permission check runs on the server for every
 * call, so hiding a button in the browser is never the only guard.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const { config, database } = app;
  const headerName = config.tokenHeader.toLowerCase();
  const embedded = await installEmbeddedSessionCache(database);
  if (embedded) app.addHook('onClose', async () => embedded.stop());

  app.decorateRequest('auth', null);
  app.decorateRequest('auditUser', null);
  app.decorateRequest('language', 'zh');
  app.decorateRequest('permissions', function (this: FastifyRequest) {
    const self = this as FastifyRequest & { _permissions?: Promise<Set<string>> };
    if (!self.auth) return Promise.resolve(new Set<string>());
    self._permissions ??= roleSetAccess.get(database.db, self.auth).then((access) => access.permissions);
    return self._permissions;
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    request.language = languageOf(request);
    const raw = request.headers[headerName];
    const token = Array.isArray(raw) ? raw[0] : raw;
    const access: Access = request.routeOptions.config?.access ?? 'public';
    if (!token) {
      if (access !== 'public') throw sessionExpired();
      return;
    }
    const resolved = await resolveSession(database.db, config, token, {
      forceTouch: request.routeOptions.config?.keepAlive === true,
      cache: embedded?.cache,
    });
    if ('code' in resolved) {
      // A stale token on a public call (e.g. the login page) is simply ignored.
      if (access !== 'public') throw sessionExpired(resolved.code);
      return;
    }
    request.auth = resolved.auth;
    if (resolved.refreshedToken) reply.header(config.tokenHeader, resolved.refreshedToken);
    // Before the body is read: a caller without the permission is refused without learning the route's
    // fields or formats, and without sending it a body first (issue 12).
    if (typeof access === 'object') {
      const granted = await request.permissions();
      const allowed = 'anyOf' in access ? access.anyOf.some((name) => granted.has(name)) : granted.has(access.permission);
      if (!allowed) {
        // Writes name what was refused; reads get the general "no permission to access".
        const config = request.routeOptions.config;
        throw forbidden(config?.refusal ?? (config?.audit ? 'errors.noRightEditDelete' : 'errors.forbidden'));
      }
    }
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Refresh the session's idle expiry on this call even if it was touched a moment ago. */
    keepAlive?: boolean;
    /** The refusal's message when the caller lacks the route's permission, where the spec names one. */
    refusal?: MessageKey;
  }
}
