import type { Language } from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from './context.ts';
import { badRequest } from './errors.ts';

/** Who calls a business route: their session, their rights (the `:all` ones widen what they see) and language. */
export interface Caller {
  auth: AuthContext;
  permissions: Set<string>;
  language: Language;
}

export async function callerOf(request: FastifyRequest): Promise<Caller> {
  return { auth: request.auth!, permissions: await request.permissions(), language: request.language };
}

/** The search of a generic paged call, checked by the list's own schema. */
export function searchOf<S extends z.ZodType>(schema: S, search: unknown): z.infer<S> {
  const parsed = schema.safeParse(search ?? {});
  if (!parsed.success) throw badRequest('paging.badSearch');
  return parsed.data;
}

/** Offset and limit of a generic paged call. */
export const pageOf = (body: { currPage: number; limit: number }) => ({ offset: body.currPage * body.limit, limit: body.limit });
