import { ResultCode } from '@campus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { BatchedStatement, type DbOrTx } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import type { AuthContext } from './context.ts';
import type { SessionCache } from './sessionCache.ts';
import { hashToken, looksLikeToken, newToken } from './tokens.ts';

export interface ResolvedSession {
  auth: AuthContext;
  /** A replacement token the client should adopt, when the presented one was rotated. */
  refreshedToken?: string;
}

export type SessionFailure = { code: number };

// Touching a session writes a row; doing it at most once a minute keeps reads cheap.
const TOUCH_AFTER_SECONDS = 60;

export async function createSession(
  db: DbOrTx,
  config: Config,
  userId: number,
  client: { address?: string; userAgent?: string },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    idleExpiresAt: sql`now() + make_interval(mins => ${config.session.idleMinutes})`,
    absoluteExpiresAt: sql`now() + make_interval(hours => ${config.session.absoluteHours})`,
    clientAddress: client.address?.slice(0, 64),
    userAgent: client.userAgent?.slice(0, 300),
  });
  return token;
}

interface SessionLookupRow {
  id: number;
  user_id: number;
  account: string;
  display_name: string;
  user_type: number;
  enabled: boolean;
  is_current: boolean;
  revoked: boolean;
  expired: boolean;
  needs_touch: boolean;
  needs_rotation: boolean;
  role_ids: number[] | string | null;
  access_version: string;
  people_version: string | null;
  /** Seconds until the session must be read again: touched, rotated or expired (an embedded cache keeps it that long). */
  fresh_seconds: number;
}

/** int[] arrives as an array from node-postgres and PGlite; a text form is read too, to be safe. */
function readIds(value: SessionLookupRow['role_ids']): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string') return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  return [];
}

/**
 * The session behind each request's token hash (its current token, or its previous one within the grace
 * period), with the user, the role set and the versions a request needs; no row for a hash that names no
 * session. Read on every authenticated request, so concurrent requests share statements (BatchedStatement).
 * A request's values: token hash, seconds after which the session is touched, minutes after which it rotates.
 */
const lookupSessions = new BatchedStatement<SessionLookupRow>(`
    SELECT request.position, s.id::text AS id, s.user_id, u.account, u.display_name, u.user_type, u.enabled,
      (s.token_hash = request.input->>0) AS is_current,
      (s.revoked_at IS NOT NULL) AS revoked,
      (s.idle_expires_at <= now() OR s.absolute_expires_at <= now()) AS expired,
      (s.last_seen_at <= now() - make_interval(secs => (request.input->>1)::int)) AS needs_touch,
      (s.rotated_at <= now() - make_interval(mins => (request.input->>2)::int)) AS needs_rotation,
      -- Read with the session so that permission checks need no further query while nothing changed.
      ARRAY(SELECT ur.role_id FROM user_roles ur JOIN roles r ON r.id = ur.role_id AND r.enabled WHERE ur.user_id = u.id ORDER BY ur.role_id) AS role_ids,
      (SELECT av.version::text FROM access_version av WHERE av.id = 1) AS access_version,
      (SELECT dv.version::text FROM data_versions dv WHERE dv.name = 'people') AS people_version,
      EXTRACT(EPOCH FROM LEAST(s.last_seen_at + make_interval(secs => (request.input->>1)::int), s.rotated_at + make_interval(mins => (request.input->>2)::int),
        s.idle_expires_at, s.absolute_expires_at) - now())::float8 AS fresh_seconds
    FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS request(input, position)
    CROSS JOIN LATERAL (
      SELECT * FROM sessions s
      WHERE s.token_hash = request.input->>0 OR (s.previous_token_hash = request.input->>0 AND s.previous_valid_until > now())
      LIMIT 1) s
    JOIN users u ON u.id = s.user_id`);

/**
 * Finds the live session behind a token, refreshes its idle expiry, and rotates the token when it is
 * old. Every step is a single statement, so several server processes can serve the same session.
 */
export async function resolveSession(
  db: DbOrTx,
  config: Config,
  token: string,
  options: { forceTouch?: boolean; cache?: SessionCache | null } = {},
): Promise<ResolvedSession | SessionFailure> {
  if (!looksLikeToken(token)) return { code: ResultCode.sessionExpired };
  const tokenHash = hashToken(token);
  const cached = options.forceTouch ? undefined : options.cache?.get(tokenHash);
  if (cached) return { auth: cached };
  const readAt = options.cache?.generation ?? 0;
  const [row] = await lookupSessions.run(db, [tokenHash, TOUCH_AFTER_SECONDS, config.session.rotateMinutes]);
  if (!row) return { code: ResultCode.sessionExpired };
  // Disabling an account also revokes its sessions; its open sessions still answer as documented (50012).
  if (!row.enabled) return { code: ResultCode.sessionReplaced };
  if (row.revoked || row.expired) return { code: ResultCode.sessionExpired };

  const auth: AuthContext = {
    sessionId: Number(row.id),
    userId: row.user_id,
    account: row.account,
    displayName: row.display_name,
    userType: row.user_type,
    roleIds: readIds(row.role_ids),
    accessVersion: String(row.access_version ?? '0'),
    peopleVersion: String(row.people_version ?? '0'),
  };

  if (row.is_current && row.needs_rotation) {
    const replacement = newToken();
    const rotated = await db
      .update(sessions)
      .set({
        tokenHash: hashToken(replacement),
        previousTokenHash: tokenHash,
        previousValidUntil: sql`now() + make_interval(secs => ${config.session.rotateGraceSeconds})`,
        rotatedAt: sql`now()`,
        lastSeenAt: sql`now()`,
        idleExpiresAt: sql`LEAST(now() + make_interval(mins => ${config.session.idleMinutes}), ${sessions.absoluteExpiresAt})`,
      })
      // Only the first of several concurrent requests rotates; the others keep the grace period.
      .where(and(eq(sessions.id, auth.sessionId), eq(sessions.tokenHash, tokenHash)))
      .returning({ id: sessions.id });
    if (rotated.length > 0) return { auth, refreshedToken: replacement };
  }
  // Only the current token of a session that needs no write now is kept; the write's own notification
  // would drop it again anyway.
  if (row.is_current && !row.needs_rotation && !row.needs_touch && !options.forceTouch) options.cache?.put(tokenHash, auth, row.fresh_seconds, readAt);
  if (row.needs_touch || options.forceTouch) {
    await db
      .update(sessions)
      .set({
        lastSeenAt: sql`now()`,
        idleExpiresAt: sql`LEAST(now() + make_interval(mins => ${config.session.idleMinutes}), ${sessions.absoluteExpiresAt})`,
      })
      .where(eq(sessions.id, auth.sessionId));
  }
  return { auth };
}

export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), sql`${sessions.revokedAt} IS NULL`));
}

export async function revokeUserSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} IS NULL`));
}

export async function sessionExpiry(db: DbOrTx, sessionId: number): Promise<Date | null> {
  const [row] = await db.select({ idle: sessions.idleExpiresAt }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.idle ?? null;
}
