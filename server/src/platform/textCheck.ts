import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './errors.ts';

/** U+0000, or a surrogate half without its partner: PostgreSQL's text and json cannot store either. */
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isBadText(value: string): boolean {
  return BAD_TEXT.test(value);
}

/** The path of the first string (key or value) with bad text, or null; walks at most `budget` nodes. */
export function findBadText(value: unknown, path = '', depth = 0, budget = { left: 20_000 }): string | null {
  if (--budget.left < 0 || depth > 32) return null;
  if (typeof value === 'string') return isBadText(value) ? path || 'body' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findBadText(item, `${path}[${index}]`, depth + 1, budget);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const name = path ? `${path}.${key}` : key;
      if (isBadText(key)) return name;
      const found = findBadText(item, name, depth + 1, budget);
      if (found) return found;
    }
  }
  return null;
}

/** Replaces bad text by U+FFFD, for values kept anyway (log rows, headers stored with a session). */
export function cleanText(value: string): string {
  return value.replace(new RegExp(BAD_TEXT.source, 'g'), '\ufffd');
}

/**
 * Refuses a request whose parameters carry text the database cannot store, before validation and before
 * any handler: without it a null byte reached a statement and answered 500 (issue 12, finding 4), and
 * the operation log of the call failed too.
 */
export const textCheckPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const field = findBadText(request.params, '') ?? findBadText(request.query, '') ?? findBadText(request.body, '');
    if (!field) return;
    // A route may count such a call against a limit first (a login attempt still counts toward its address).
    await request.routeOptions.config?.onBadText?.(request);
    throw badRequest('errors.invalidText', { field: cleanText(field.slice(0, 100)) });
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Runs before a call with bad text is refused (e.g. the login counts it as an attempt). */
    onBadText?: (request: FastifyRequest) => Promise<unknown>;
  }
}
