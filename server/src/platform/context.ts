import type { Language } from '@campus/contract';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';

/** Who is calling, resolved from the token by the auth plugin. */
export interface AuthContext {
  sessionId: number;
  userId: number;
  account: string;
  displayName: string;
  userType: number;
  /** The user's enabled roles, read with the session (sorted ids). */
  roleIds: number[];
  /** The access version read with the session: permission data cached for an older one is stale. */
  accessVersion: string;
  /** The people version read with the session (data_versions 'people'): people-picker answers cached for an older one are stale. */
  peopleVersion: string;
}

/** Route-level declarations every module route makes (checked at start-up). */
/** `anyOf`: one of several permission values is enough (a call shared by two screens). */
export type Access = 'public' | 'authenticated' | { permission: string } | { anyOf: readonly string[] };

export interface AuditSpec {
  module: string;
  operation: string;
  /** Parameters to hide in the log beyond the usual password, token and sign fields. */
  secretFields?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Present on every route that writes: the call is recorded in the operation log. */
    audit?: AuditSpec;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    language: Language;
    /** Set by a handler that identifies the user itself (login), for the operation log. */
    auditUser: { userId: number; account: string } | null;
    /** Permissions of the caller, loaded once per request when first asked. */
    permissions(): Promise<Set<string>>;
  }
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}
