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
  const found = badTextTrail(value, depth, budget);
  if (!found) return null;
  // The path is only put together for a refusal: a score sheet's 2,000 cells would otherwise build 10,000 strings.
  const joined = found.reverse().reduce<string>((text, step) => (typeof step === 'number' ? `${text}[${step}]` : text ? `${text}.${step}` : step), path);
  return joined || 'body';
}

/** The keys and indexes leading to the first bad text, innermost first (empty for the value itself). */
function badTextTrail(value: unknown, depth: number, budget: { left: number }): (string | number)[] | null {
  if (--budget.left < 0 || depth > 32) return null;
  if (typeof value === 'string') return isBadText(value) ? [] : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = badTextTrail(value[index], depth + 1, budget);
      if (found) return [...found, index];
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const key in value as Record<string, unknown>) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
      if (isBadText(key)) return [key];
      const found = badTextTrail((value as Record<string, unknown>)[key], depth + 1, budget);
      if (found) return [...found, key];
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
