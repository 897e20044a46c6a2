import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestScope, type RequestScope } from '../db/client.ts';
import { AppError } from './errors.ts';
import { ResultCode } from '@campus/contract';

// The response's hooks may run outside the request's async context (socket callbacks): keep it by request.
const scopes = new WeakMap<FastifyRequest, RequestScope>();

/** From now on the request's statements run whatever its client did (its log rows must be written). */
export function markAnswered(request: FastifyRequest): void {
  const scope = scopes.get(request);
  if (!scope) return;
  scope.answered = true;
  scope.abandoned = false;
}

/**
 * Gives each request a scope its database statements can see, marked abandoned when the client goes away
 * before the answer, so the embedded database skips the statements it has not started (db/client.ts); and
 * while the statements already waiting would keep a new call waiting longer than EMBEDDED_MAX_WAIT_MS,
 * answers new calls at once with 503 and Retry-After instead of queueing work the client will have given
 * up on (issue 12, finding 8). The run(store, done) form keeps the scope for every later hook and the
 * handler.
 */
export const requestScopePlugin = fp(async (app: FastifyInstance) => {
  const { config, database } = app;
  const queue = database.queue;
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    // Only calls of the modules use the database; the web app's files never wait for it.
    if (queue && request.routeOptions.config?.access && queue.expectedWaitMs() > config.embeddedMaxWaitMs) {
      reply.header('retry-after', '2');
      done(new AppError('errors.busy', 503, ResultCode.serviceUnavailable));
      return;
    }
    const scope: RequestScope = { abandoned: false, answered: false };
    scopes.set(request, scope);
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished && !reply.raw.writableEnded && !scope.answered) scope.abandoned = true;
    });
    requestScope.run(scope, () => done());
  });
  // Registered before the audit and export-log hooks: their records are written whatever the client did.
  app.addHook('onResponse', async (request: FastifyRequest) => markAnswered(request));
});
