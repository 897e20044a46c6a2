import { ResultCode, type MfaStatus, type MfaStep } from '@campus/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Config } from '../../../config.ts';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { mfaChallenges, mfaRecoveryCodes, userMfa, users } from '../../../db/schema/index.ts';
import { loadPermissions } from '../../../platform/access.ts';
import { AppError } from '../../../platform/errors.ts';
import { createSession } from '../../../platform/sessions.ts';
import { hashToken, newToken } from '../../../platform/tokens.ts';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

/**
 * The second factor (issue 12, after the PowerSchool breach): TOTP with one-time recovery codes.
 *
 * Who must have it: with `mfa.requiredForAdmins` on, administrators (user type 1) and every user whose
 * enabled roles hold any permission of the system-management menu tree (`system`, `system:…`) or any
 * permission guarding an export route (`GET …/export`, e.g. `records:staff`): those can change who may do
 * what or take whole tables away. Everyone else may switch it on for themself.
 *
 * A right password of such a user opens no session: it answers a challenge (an opaque token, stored
 * hashed, valid `mfa.challengeMinutes`, used once, at most MAX_CHALLENGE_ATTEMPTS codes) that a code, a
 * recovery code or a completed enrolment exchanges for the session. Wrong codes count toward the
 * account's failed-login lock, and the right password does not wash earlier failures away until the
 * second factor is passed, so logging in again does not buy fresh guesses.
 */

export interface SecondFactorDue {
  step: MfaStep;
  challenge: string;
}

export interface MfaSession {
  token: string;
  userId: number;
  account: string;
}

export const MAX_CHALLENGE_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;

const codeWrong = () => new AppError('auth.mfaCodeWrong', 401, ResultCode.badRequest);
const challengeInvalid = () => new AppError('auth.mfaChallengeInvalid', 401, ResultCode.badRequest);
const accountLocked = (minutes: number) => new AppError('auth.accountLocked', 423, ResultCode.locked, { minutes });

/** Permissions that guard an export route, per application (its routes are known once it is ready). */
const exportGuards = new WeakMap<Config, ReadonlySet<string>>();

export function setExportPermissions(config: Config, permissions: Iterable<string>): void {
  exportGuards.set(config, new Set(permissions));
}

/** The rule of the module comment, on a set of permission values. */
export function permissionsNeedMfa(config: Config, permissions: Iterable<string>): boolean {
  const exports = exportGuards.get(config);
  for (const permission of permissions) {
    if (permission === 'system' || permission.startsWith('system:')) return true;
    if (exports?.has(permission)) return true;
  }
  return false;
}

export async function mfaRequired(db: DbOrTx, config: Config, userId: number): Promise<boolean> {
  if (!config.mfa.requiredForAdmins) return false;
  const [user] = await db.select({ userType: users.userType }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  if (user.userType === 1) return true;
  return permissionsNeedMfa(config, await loadPermissions(db, userId));
}

async function confirmedMfa(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, userId));
  return row?.confirmedAt ? row : null;
}

/**
 * Called by login() once the password is right and the account enabled: the step due, with a new
 * challenge, or null when a session may be opened right away. The attempt login() counted on the account
 * is given back, but not the failures before it (see the module comment).
 */
export async function secondFactorDue(db: Db, config: Config, userId: number, client: { address: string }): Promise<SecondFactorDue | null> {
  const step: MfaStep | null = (await confirmedMfa(db, userId)) ? 'verify' : (await mfaRequired(db, config, userId)) ? 'enrol' : null;
  if (!step) return null;
  const challenge = newToken();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ failedLoginCount: sql`GREATEST(0, ${users.failedLoginCount} - 1)` }).where(eq(users.id, userId));
    // Old challenges of the user are of no more use: one open login at a time.
    await tx.delete(mfaChallenges).where(sql`${mfaChallenges.userId} = ${userId} AND (${mfaChallenges.usedAt} IS NOT NULL OR ${mfaChallenges.expiresAt} <= now())`);
    await tx.insert(mfaChallenges).values({
      tokenHash: hashToken(challenge),
      userId,
      purpose: step,
      clientAddress: client.address.slice(0, 64),
      expiresAt: sql`now() + make_interval(mins => ${config.mfa.challengeMinutes})`,
    });
  });
  return { step, challenge };
}

/**
 * A wrong code counts as a failed login of the account; the one that reaches the limit locks it.
 * Answers the refusal to throw.
 */
async function countWrongCode(db: Db, config: Config, userId: number): Promise<AppError> {
  const [row] = await queryRows<{ count: number }>(db, sql`
    UPDATE users SET failed_login_count = failed_login_count + 1 WHERE id = ${userId} RETURNING failed_login_count AS count`);
  if (row && Number(row.count) >= config.login.maxFailures) {
    await db
      .update(users)
      .set({ lockedUntil: sql`now() + make_interval(mins => ${config.login.lockMinutes})` })
      .where(sql`${users.id} = ${userId} AND (${users.lockedUntil} IS NULL OR ${users.lockedUntil} <= now())`);
    await db.update(mfaChallenges).set({ usedAt: sql`now()` }).where(and(eq(mfaChallenges.userId, userId), isNull(mfaChallenges.usedAt)));
    return accountLocked(config.login.lockMinutes);
  }
  return codeWrong();
}

/** Refuses a locked account (a lock set by wrong codes, or by passwords meanwhile). */
async function refuseIfLocked(db: DbOrTx, userId: number): Promise<void> {
  const [row] = await queryRows<{ minutes: number | null; enabled: boolean }>(db, sql`
    SELECT enabled, CASE WHEN locked_until > now() THEN GREATEST(1, CEIL(EXTRACT(EPOCH FROM (locked_until - now())) / 60))::int END AS minutes
    FROM users WHERE id = ${userId}`);
  if (!row || !row.enabled) throw challengeInvalid();
  if (row.minutes !== null) throw accountLocked(Number(row.minutes));
}

/**
 * Takes one attempt on a live challenge of this purpose, counted before the code is checked so that
 * concurrent guesses cannot pass the limit; the attempt past the limit ends the challenge.
 */
async function takeChallengeAttempt(db: Db, challenge: string, purpose: MfaStep): Promise<{ userId: number }> {
  const [row] = await queryRows<{ userId: number; attempts: number }>(db, sql`
    UPDATE mfa_challenges SET attempts = attempts + 1
    WHERE token_hash = ${hashToken(challenge)} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > now()
    RETURNING user_id AS "userId", attempts`);
  if (!row) throw challengeInvalid();
  if (Number(row.attempts) > MAX_CHALLENGE_ATTEMPTS) {
    await db.update(mfaChallenges).set({ usedAt: sql`now()` }).where(eq(mfaChallenges.tokenHash, hashToken(challenge)));
    throw challengeInvalid();
  }
  return { userId: Number(row.userId) };
}

/** Reads a live challenge without spending an attempt (enrolment start). */
async function liveChallenge(db: DbOrTx, challenge: string, purpose: MfaStep): Promise<{ userId: number }> {
  const [row] = await db
    .select({ userId: mfaChallenges.userId })
    .from(mfaChallenges)
    .where(sql`${mfaChallenges.tokenHash} = ${hashToken(challenge)} AND ${mfaChallenges.purpose} = ${purpose} AND ${mfaChallenges.usedAt} IS NULL AND ${mfaChallenges.expiresAt} > now()`);
  if (!row) throw challengeInvalid();
  return row;
}

/** Accepts an authenticator code once: the step is recorded in the same statement that checks it is new. */
async function useTotpCode(db: DbOrTx, userId: number, secret: string, lastUsedStep: number | null, code: string, confirm: boolean): Promise<boolean> {
  const step = matchTotp(secret, code, Date.now(), lastUsedStep);
  if (step === null) return false;
  const updated = await db
    .update(userMfa)
    .set({ lastUsedStep: step, ...(confirm ? { confirmedAt: sql`now()` } : {}) })
    .where(sql`${userMfa.userId} = ${userId} AND ${userMfa.secret} = ${secret} AND (${userMfa.lastUsedStep} IS NULL OR ${userMfa.lastUsedStep} < ${step})`)
    .returning({ userId: userMfa.userId });
  return updated.length > 0;
}

export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

async function useRecoveryCode(db: DbOrTx, userId: number, code: string): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (normalised.length < 8) return false;
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(sql`${mfaRecoveryCodes.userId} = ${userId} AND ${mfaRecoveryCodes.codeHash} = ${hashToken(normalised)} AND ${mfaRecoveryCodes.usedAt} IS NULL`)
    .returning({ id: mfaRecoveryCodes.id });
  return used.length > 0;
}

/** A code of the user's confirmed authenticator, or one of their recovery codes. */
async function checkSecondFactor(db: DbOrTx, userId: number, code: string): Promise<boolean> {
  const mfa = await confirmedMfa(db, userId);
  if (!mfa) return false;
  const trimmed = code.trim().replace(/\s/g, '');
  if (/^\d{6}$/.test(trimmed)) return useTotpCode(db, userId, mfa.secret, mfa.lastUsedStep, trimmed, false);
  return useRecoveryCode(db, userId, code);
}

/** New recovery codes replace all earlier ones; only their hashes are kept. Shown to the user once. */
async function replaceRecoveryCodes(db: DbOrTx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashToken(normaliseRecoveryCode(code)) })));
  return codes;
}

/** Ends a challenge and opens the session; a challenge already ended (a concurrent success) opens none. */
async function completeChallenge(db: Db, config: Config, challenge: string, userId: number, client: { address: string; userAgent?: string }): Promise<MfaSession> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(mfaChallenges)
      .set({ usedAt: sql`now()` })
      .where(sql`${mfaChallenges.tokenHash} = ${hashToken(challenge)} AND ${mfaChallenges.usedAt} IS NULL`)
      .returning({ userId: mfaChallenges.userId });
    if (!ended.length) throw challengeInvalid();
    const [user] = await tx.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId)).returning({ account: users.account });
    const token = await createSession(tx, config, userId, client);
    return { token, userId, account: user.account };
  });
}

/** The code step of a login: an authenticator or recovery code for the challenge's user. */
export async function verifyChallenge(db: Db, config: Config, challenge: string, code: string, client: { address: string; userAgent?: string }): Promise<MfaSession> {
  const { userId } = await takeChallengeAttempt(db, challenge, 'verify');
  await refuseIfLocked(db, userId);
  if (!(await checkSecondFactor(db, userId, code))) throw await countWrongCode(db, config, userId);
  return completeChallenge(db, config, challenge, userId, client);
}

async function accountOf(db: DbOrTx, userId: number): Promise<string> {
  const [row] = await db.select({ account: users.account }).from(users).where(eq(users.id, userId));
  return row?.account ?? '';
}

/** A pending secret for the user (replacing an earlier pending one); a confirmed one is never replaced. */
async function pendingSecret(db: DbOrTx, config: Config, userId: number): Promise<{ secret: string; otpauthUri: string }> {
  const secret = newTotpSecret();
  const stored = await db
    .insert(userMfa)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: userMfa.userId, set: { secret, lastUsedStep: null, createdAt: sql`now()` }, setWhere: sql`${userMfa.confirmedAt} IS NULL` })
    .returning({ userId: userMfa.userId });
  if (!stored.length) throw new AppError('auth.mfaAlreadyOn', 409, ResultCode.conflict);
  return { secret, otpauthUri: otpauthUri(config.titleEn || 'Campus', await accountOf(db, userId), secret) };
}

/** Confirms the pending secret with its first code and hands out the recovery codes. */
async function confirmPending(db: DbOrTx, userId: number, code: string): Promise<string[] | null> {
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, userId));
  if (!row || row.confirmedAt) return null;
  if (!(await useTotpCode(db, userId, row.secret, row.lastUsedStep, code.trim(), true))) return null;
  return replaceRecoveryCodes(db, userId);
}

/** Enrolment during login: the secret to show as a QR code (asking again gives a new one). */
export async function startEnrolment(db: Db, config: Config, challenge: string): Promise<{ secret: string; otpauthUri: string }> {
  const { userId } = await liveChallenge(db, challenge, 'enrol');
  await refuseIfLocked(db, userId);
  return pendingSecret(db, config, userId);
}

export async function confirmEnrolment(
  db: Db,
  config: Config,
  challenge: string,
  code: string,
  client: { address: string; userAgent?: string },
): Promise<MfaSession & { recoveryCodes: string[] }> {
  const { userId } = await takeChallengeAttempt(db, challenge, 'enrol');
  await refuseIfLocked(db, userId);
  const recoveryCodes = await confirmPending(db, userId, code);
  if (!recoveryCodes) throw await countWrongCode(db, config, userId);
  const session = await completeChallenge(db, config, challenge, userId, client);
  return { ...session, recoveryCodes };
}

export async function mfaStatus(db: Db, config: Config, userId: number): Promise<MfaStatus> {
  const mfa = await confirmedMfa(db, userId);
  const [left] = await queryRows<{ count: number }>(db, sql`
    SELECT count(*)::int AS count FROM mfa_recovery_codes WHERE user_id = ${userId} AND used_at IS NULL`);
  return {
    enabled: Boolean(mfa),
    required: await mfaRequired(db, config, userId),
    confirmedAt: mfa?.confirmedAt ? new Date(mfa.confirmedAt).toISOString() : null,
    recoveryCodesLeft: mfa ? Number(left?.count ?? 0) : 0,
  };
}

/** Self-service: a new secret for the signed-in user, refused when one is confirmed already. */
export async function startSelfEnrolment(db: Db, config: Config, userId: number): Promise<{ secret: string; otpauthUri: string }> {
  return pendingSecret(db, config, userId);
}

/**
 * A wrong first code of the user's own pending secret guesses nothing of the account (the session proves
 * who it is, and the secret was just shown to it), so it is not counted toward the lock.
 */
export async function confirmSelfEnrolment(db: Db, userId: number, code: string): Promise<string[]> {
  const codes = await confirmPending(db, userId, code);
  if (!codes) throw codeWrong();
  return codes;
}

/** Checks a current code of a signed-in user (disable, new recovery codes); wrong ones count toward the lock. */
async function requireCurrentCode(db: Db, config: Config, userId: number, code: string): Promise<void> {
  if (!(await confirmedMfa(db, userId))) throw new AppError('auth.mfaNotOn', 400, ResultCode.badRequest);
  await refuseIfLocked(db, userId);
  if (!(await checkSecondFactor(db, userId, code))) throw await countWrongCode(db, config, userId);
}

export async function disableOwnMfa(db: Db, config: Config, userId: number, code: string): Promise<void> {
  if (await mfaRequired(db, config, userId)) throw new AppError('auth.mfaRequiredKeep', 400, ResultCode.badRequest);
  await requireCurrentCode(db, config, userId, code);
  await removeMfa(db, userId);
}

export async function regenerateRecoveryCodes(db: Db, config: Config, userId: number, code: string): Promise<string[]> {
  await requireCurrentCode(db, config, userId, code);
  return replaceRecoveryCodes(db, userId);
}

/** Everything of a user's second factor, open challenges included (administrator reset, disable). */
export async function removeMfa(db: Db, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(userMfa).where(eq(userMfa.userId, userId)).returning({ userId: userMfa.userId });
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
    return removed.length > 0;
  });
}
