import { ResultCode } from '@campus/contract';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { loginCodes, users } from '../../db/schema/index.ts';
import { AppError, tooManyRequests } from '../../platform/errors.ts';
import { burnPasswordCheck, passwordDigest, verifyPasswordDigest } from '../../platform/passwords.ts';
import { bumpCounter, clearCounter, readCounter } from '../../platform/rate.ts';
import { createSession } from '../../platform/sessions.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';

export interface ClientInfo {
  address: string;
  userAgent?: string;
}

export interface LoginResult {
  token: string;
  userId: number;
  account: string;
}

const loginFailed = () => new AppError('auth.loginFailed', 401, ResultCode.badRequest);

/**
 * Checks a password login. Failures count per account (lock after `maxFailures` for `lockMinutes`)
 * and per client address (refused for the rest of the window); both counters live in the database
 * so every server process sees the same numbers.
 */
export async function login(db: Db, config: Config, account: string, password: string, client: ClientInfo): Promise<LoginResult> {
  const addressKey = `login-fail:${client.address}`;
  const addressFailures = await readCounter(db, addressKey, config.login.addressWindowMinutes);
  if (addressFailures >= config.login.addressMaxFailures) {
    throw tooManyRequests('auth.tooManyAttempts', { minutes: config.login.addressWindowMinutes });
  }

  const [user] = await db
    .select({
      id: users.id,
      account: users.account,
      passwordHash: users.passwordHash,
      enabled: users.enabled,
      locked: sql<boolean>`${users.lockedUntil} IS NOT NULL AND ${users.lockedUntil} > now()`,
      lockMinutesLeft: sql<number>`GREATEST(1, CEIL(EXTRACT(EPOCH FROM (${users.lockedUntil} - now())) / 60))::int`,
    })
    .from(users)
    .where(eq(users.account, account));

  if (!user) {
    await burnPasswordCheck(config.argon2);
    await bumpCounter(db, addressKey, config.login.addressWindowMinutes);
    throw loginFailed();
  }
  if (user.locked) {
    // Refused even with the right password, and without checking it, until the lock ends.
    throw new AppError('auth.accountLocked', 423, ResultCode.locked, { minutes: user.lockMinutesLeft });
  }

  const valid = await verifyPasswordDigest(user.passwordHash, passwordDigest(user.account, password));
  if (!valid) {
    await bumpCounter(db, addressKey, config.login.addressWindowMinutes);
    const [after] = await db
      .update(users)
      .set({
        failedLoginCount: sql`CASE WHEN ${users.lockedUntil} IS NOT NULL AND ${users.lockedUntil} <= now() THEN 1 ELSE ${users.failedLoginCount} + 1 END`,
        lockedUntil: sql`CASE
          WHEN (CASE WHEN ${users.lockedUntil} IS NOT NULL AND ${users.lockedUntil} <= now() THEN 1 ELSE ${users.failedLoginCount} + 1 END) >= ${config.login.maxFailures}
          THEN now() + make_interval(mins => ${config.login.lockMinutes})
          ELSE NULL END`,
      })
      .where(eq(users.id, user.id))
      .returning({ lockedUntil: users.lockedUntil });
    if (after?.lockedUntil) throw new AppError('auth.accountLocked', 423, ResultCode.locked, { minutes: config.login.lockMinutes });
    throw loginFailed();
  }
  if (!user.enabled) throw new AppError('auth.accountDisabled', 403, ResultCode.forbidden);

  const token = await db.transaction(async (tx) => {
    await tx.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, user.id));
    return createSession(tx, config, user.id, { address: client.address, userAgent: client.userAgent });
  });
  await clearCounter(db, addressKey).catch(() => undefined);
  return { token, userId: user.id, account: user.account };
}

/** Issues a one-time sign-in code for the calling user (shown as a QR code, or handed out by single sign-on). */
export async function issueLoginCode(db: Db, config: Config, userId: number): Promise<{ code: string; expiresInSeconds: number }> {
  const code = newToken();
  await db.insert(loginCodes).values({
    codeHash: hashToken(code),
    userId,
    expiresAt: sql`now() + make_interval(secs => ${config.codeTtlSeconds})`,
  });
  return { code, expiresInSeconds: config.codeTtlSeconds };
}

/** Exchanges a code for a session; a code works once and only before it expires. */
export async function redeemLoginCode(db: Db, config: Config, code: string, client: ClientInfo): Promise<LoginResult> {
  const addressKey = `code-fail:${client.address}`;
  if ((await readCounter(db, addressKey, config.login.addressWindowMinutes)) >= config.login.addressMaxFailures) {
    throw tooManyRequests('auth.tooManyAttempts', { minutes: config.login.addressWindowMinutes });
  }
  const redeemed = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(loginCodes)
      .set({ usedAt: sql`now()` })
      .where(sql`${loginCodes.codeHash} = ${hashToken(code)} AND ${loginCodes.usedAt} IS NULL AND ${loginCodes.expiresAt} > now()`)
      .returning({ userId: loginCodes.userId });
    if (!used) return null;
    const [user] = await tx.select({ id: users.id, account: users.account, enabled: users.enabled }).from(users).where(eq(users.id, used.userId));
    if (!user?.enabled) return null;
    const token = await createSession(tx, config, user.id, client);
    return { token, userId: user.id, account: user.account };
  });
  if (!redeemed) {
    await bumpCounter(db, addressKey, config.login.addressWindowMinutes);
    throw new AppError('auth.codeInvalid', 401, ResultCode.badRequest);
  }
  return redeemed;
}
