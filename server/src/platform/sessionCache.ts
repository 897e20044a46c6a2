import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { AuthContext } from './context.ts';

/** The notification channel of the embedded database's session cache (see installEmbeddedSessionCache). */
const CHANNEL = 'campus_session_cache';
const FLUSH = '*';

/**
 * Live sessions of the embedded database, by token hash, so that a repeated call needs no statement at
 * all (on the embedded database every statement runs on the server's own thread, and the session lookup
 * cost more than the rest of a /ms/getPermission call together).
 *
 * Only the embedded database gets one: it is one process by construction (its files cannot be shared),
 * and its notifications arrive before the committing statement returns, so no request can see a session
 * that a commit revoked. A PostgreSQL server may be shared by several processes, whose caches could not be
 * told in time, so there every call reads its session (docs/decisions.md "Sessions on the embedded database").
 */
export class SessionCache {
  private readonly entries = new Map<string, { auth: AuthContext; freshUntil: number }>();
  /**
   * Grows with every notification. A lookup that started before a change may have read the session as it
   * was, so it is kept only if no notification came in while it ran.
   */
  generation = 0;
  constructor(private readonly capacity = 10_000) {}

  get(tokenHash: string): AuthContext | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (Date.now() >= entry.freshUntil) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return { ...entry.auth, roleIds: [...entry.auth.roleIds] };
  }

  /**
   * Keeps a session for `freshSeconds`: until it must be touched, rotated or expires, whichever is first.
   * `readAt` is the generation when its lookup started.
   */
  put(tokenHash: string, auth: AuthContext, freshSeconds: number, readAt: number): void {
    if (readAt !== this.generation || !(freshSeconds > 0)) return;
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { auth: { ...auth, roleIds: [...auth.roleIds] }, freshUntil: Date.now() + Math.min(freshSeconds, 300) * 1000 });
  }

  /** A notification: one token hash, or FLUSH for everything. */
  drop(payload: string): void {
    this.generation++;
    if (payload === FLUSH) this.entries.clear();
    else this.entries.delete(payload);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Sets up the session cache of an embedded database: triggers that announce every change a cached session
 * depends on, and the listener that drops what they name. Returns null on a PostgreSQL server.
 * - a session row updated or deleted (touch, rotation, revocation): its old token hash;
 * - the access version (users' names, types, status and roles, roles, menus) or a data version (the people
 *   version a session carries), or sessions truncated: everything.
 * The triggers exist only in embedded databases and are (re)created at every start, after the migrations.
 */
export async function installEmbeddedSessionCache(database: Database): Promise<{ cache: SessionCache; stop: () => Promise<void> } | null> {
  if (database.kind !== 'pglite' || !database.listen) return null;
  const statements = [
    `CREATE OR REPLACE FUNCTION campus_session_cache_row() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM pg_notify('${CHANNEL}', OLD.token_hash);
       RETURN NULL;
     END
     $$`,
    `CREATE OR REPLACE FUNCTION campus_session_cache_all() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM pg_notify('${CHANNEL}', '${FLUSH}');
       RETURN NULL;
     END
     $$`,
    'CREATE OR REPLACE TRIGGER sessions_session_cache AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION campus_session_cache_row()',
    'CREATE OR REPLACE TRIGGER sessions_truncate_session_cache AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION campus_session_cache_all()',
    'CREATE OR REPLACE TRIGGER access_version_session_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON access_version FOR EACH STATEMENT EXECUTE FUNCTION campus_session_cache_all()',
    'CREATE OR REPLACE TRIGGER data_versions_session_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON data_versions FOR EACH STATEMENT EXECUTE FUNCTION campus_session_cache_all()',
  ];
  for (const statement of statements) await database.db.execute(sql.raw(statement));
  const cache = new SessionCache();
  const stop = await database.listen(CHANNEL, (payload) => cache.drop(payload));
  return { cache, stop };
}
