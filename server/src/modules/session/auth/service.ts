import { ResultCode } from '@campus/contract';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { loginCodes, users } from '../../../db/schema/index.ts';
import { AppError, tooManyRequests } from '../../../platform/errors.ts';
import { burnPasswordCheck, passwordDigest, verifyPasswordDigest } from '../../../platform/passwords.ts';
import { bumpCounter, giveBackCounter, readCounter } from '../../../platform/rate.ts';
import { createSession } from '../../../platform/sessions.ts';
import { hashToken, newToken } from '../../../platform/tokens.ts';
import { secondFactorDue, type SecondFactorDue } from './mfa.ts';

export interface ClientInfo {
  address: string;
  userAgent?: string;
}

export interface LoginResult {
  token: string;
  userId: number;
  account: string;
  /** Instead of a session (token ''): the second-factor step due and its challenge (mfa.ts). */
  mfa?: SecondFactorDue;
}

const loginFailed = () => new AppError('auth.loginFailed', 401, ResultCode.badRequest);
const accountLocked = (minutes: number) => new AppError('auth.accountLocked', 423, ResultCode.locked, { minutes });

/** An attempt on an account, counted before its password is checked. */
interface Reservation {
  /** The account's row; null for an account that does not exist (counted all the same). */
  user: { id: number; account: string; passwordHash: string | null; enabled: boolean } | null;
  /** This attempt's number since the last success or the end of the last lock. */
  attempt: number;
  /** Locked before this attempt: refused without a check. */
  locked: boolean;
  minutesLeft: number;
}

/**
 * Takes an attempt on the account in one statement, so concurrent guesses each get their own number and
 * at most `maxFailures` of them are ever checked (issue 12, finding 2). An expired lock starts a new count.
 */
async function reserveAccountAttempt(db: DbOrTx, account: string): Promise<Reservation | null> {
  const [row] = await queryRows<{ id: number; account: string; passwordHash: string | null; enabled: boolean; attempt: number; locked: boolean; minutesLeft: number }>(db, sql`
    UPDATE users SET
      failed_login_count = CASE WHEN locked_until IS NOT NULL AND locked_until <= now() THEN 1 ELSE failed_login_count + 1 END,
      locked_until = CASE WHEN locked_until IS NOT NULL AND locked_until <= now() THEN NULL ELSE locked_until END
    WHERE account = ${account}
    RETURNING id, account, password_hash AS "passwordHash", enabled, failed_login_count AS attempt,
      (locked_until IS NOT NULL AND locked_until > now()) AS locked,
      GREATEST(1, CEIL(EXTRACT(EPOCH FROM (COALESCE(locked_until, now()) - now())) / 60))::int AS "minutesLeft"`);
  if (!row) return null;
  const { attempt, locked, minutesLeft, ...user } = row;
  return { user, attempt: Number(attempt), locked, minutesLeft: Number(minutesLeft) };
}

/**
 * The same count for a name that is no account, kept in rate_counters with the accounts' rules (no expiry
 * before a lock; a lock of `lockMinutes` from the failure that reached the limit), so an unknown name
 * answers exactly like an existing one: 401 until the limit, then 423 with the same minutes (finding 3).
 */
async function reserveUnknownAttempt(db: DbOrTx, config: Config, account: string): Promise<Reservation> {
  const max = config.login.maxFailures;
  const lock = config.login.lockMinutes;
  const [row] = await queryRows<{ attempt: number; lockStart: Date | string }>(db, sql`
    INSERT INTO rate_counters AS rc (key, window_start, count) VALUES (${`login-account:${account}`}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rc.count >= ${max} AND rc.window_start <= now() - make_interval(mins => ${lock}) THEN 1 ELSE rc.count + 1 END,
      window_start = CASE
        WHEN rc.count >= ${max} AND rc.window_start <= now() - make_interval(mins => ${lock}) THEN now()
        WHEN rc.count + 1 = ${max} THEN now()
        ELSE rc.window_start END
    RETURNING count AS attempt, window_start AS "lockStart"`);
  const attempt = Number(row.attempt);
  const lockEnds = new Date(row.lockStart).getTime() + lock * 60_000;
  return { user: null, attempt, locked: attempt > max, minutesLeft: Math.max(1, Math.ceil((lockEnds - Date.now()) / 60_000)) };
}

/**
 * Checks a password login. Every attempt is counted before anything is checked, per client address
 * (refused past `addressMaxFailures` in the window) and per account name (lock after `maxFailures` for
 * `lockMinutes`), in the database so every server process sees the same numbers, and atomically so
 * concurrent guesses cannot pass the limits. Unknown, locked and disabled accounts answer like a wrong
 * password (or like a lock) and spend the same hashing time, so none can be told from another.
 */
export async function login(db: Db, config: Config, account: string, password: string, client: ClientInfo): Promise<LoginResult> {
  const addressKey = `login-fail:${client.address}`;
  const addressAttempts = await bumpCounter(db, addressKey, config.login.addressWindowMinutes);
  if (addressAttempts > config.login.addressMaxFailures) {
    throw tooManyRequests('auth.tooManyAttempts', { minutes: config.login.addressWindowMinutes });
  }

  const reservation = (await reserveAccountAttempt(db, account)) ?? (await reserveUnknownAttempt(db, config, account));
  const { user } = reservation;
  if (reservation.locked || reservation.attempt > config.login.maxFailures) {
    // Refused even with the right password and without checking it; the time spent is a check's.
    await burnPasswordCheck(config.argon2);
    throw accountLocked(reservation.locked ? reservation.minutesLeft : config.login.lockMinutes);
  }

  const valid = user ? await verifyPasswordDigest(user.passwordHash, passwordDigest(user.account, password)) : (await burnPasswordCheck(config.argon2), false);
  if (!user || !valid || !user.enabled) {
    if (reservation.attempt >= config.login.maxFailures) {
      if (user) {
        await db
          .update(users)
          .set({ lockedUntil: sql`now() + make_interval(mins => ${config.login.lockMinutes})` })
          .where(sql`${users.id} = ${user.id} AND ${users.lockedUntil} IS NULL`);
      }
      throw accountLocked(config.login.lockMinutes);
    }
    throw loginFailed();
  }

  // A second factor due (issue 12): no session yet, the answer carries the challenge of the next step.
  const secondFactor = await secondFactorDue(db, config, user.id, client);
  if (secondFactor) {
    await giveBackCounter(db, addressKey).catch(() => undefined);
    return { token: '', userId: user.id, account: user.account, mfa: secondFactor };
  }

  const token = await db.transaction(async (tx) => {
    await tx.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, user.id));
    return createSession(tx, config, user.id, { address: client.address, userAgent: client.userAgent });
  });
  // A success gives back its own attempt and nothing more: the address's failures stay counted.
  await giveBackCounter(db, addressKey).catch(() => undefined);
  return { token, userId: user.id, account: user.account };
}

/**
 * A wrong old password on a password change counts toward the same lock as a failed login, and a locked
 * account cannot change its password until the lock ends (issue 12, finding 3).
 */
export async function checkOldPassword(db: Db, config: Config, userId: number, oldDigest: string): Promise<void> {
  const [row] = await db.select({ account: users.account }).from(users).where(eq(users.id, userId));
  const reservation = row ? await reserveAccountAttempt(db, row.account) : null;
  if (!reservation?.user) throw new AppError('auth.oldPasswordWrong', 400, ResultCode.badRequest);
  if (reservation.locked || reservation.attempt > config.login.maxFailures) {
    await burnPasswordCheck(config.argon2);
    throw accountLocked(reservation.locked ? reservation.minutesLeft : config.login.lockMinutes);
  }
  if (!(await verifyPasswordDigest(reservation.user.passwordHash, oldDigest))) {
    if (reservation.attempt >= config.login.maxFailures) {
      await db
        .update(users)
        .set({ lockedUntil: sql`now() + make_interval(mins => ${config.login.lockMinutes})` })
        .where(sql`${users.id} = ${userId} AND ${users.lockedUntil} IS NULL`);
      throw accountLocked(config.login.lockMinutes);
    }
    throw new AppError('auth.oldPasswordWrong', 400, ResultCode.badRequest);
  }
  await db.update(users).set({ failedLoginCount: 0 }).where(eq(users.id, userId));
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
