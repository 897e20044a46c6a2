import { CHANGE_PASSWORD_MAX, matchesPasswordPolicy, type Language } from '@campus/contract';
import { eq, sql } from 'drizzle-orm';
import { checkOldPassword } from '../auth/service.ts';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { badRequest, forbidden, notFound } from '../../../platform/errors.ts';
import { hashPasswordDigest, passwordDigest } from '../../../platform/passwords.ts';
import { revokeUserSessions } from '../../../platform/sessions.ts';
import { passwordPolicy } from '../../system/settings/service.ts';

/** Permission value of the user-management page; it lets an administrator read other users. */
export const USER_MANAGEMENT_PERMISSION = 'system:user';

export interface UserInfoRow {
  ID: string;
  USERNAME: string;
  /** Never the hash: the legacy field is kept for shape only. */
  PASSWORD: string;
  ENABLED: number;
}

export async function userInfo(db: Db, caller: AuthContext, permissions: Set<string>, account: string): Promise<UserInfoRow[]> {
  if (account !== caller.account && !permissions.has(USER_MANAGEMENT_PERMISSION)) throw forbidden();
  const [user] = await db
    .select({ account: users.account, displayName: users.displayName, enabled: users.enabled })
    .from(users)
    .where(eq(users.account, account));
  if (!user) throw notFound();
  return [{ ID: user.account, USERNAME: user.displayName, PASSWORD: '', ENABLED: user.enabled ? 1 : 0 }];
}

/** Strict Base64 (standard alphabet, padded) of UTF-8 text; anything else is refused, not guessed at. */
export function decodeBase64Text(value: string): string | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) return null;
  const bytes = Buffer.from(value, 'base64');
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  return Buffer.from(text, 'utf8').equals(bytes) ? text : null;
}

export interface UpdatePasswordInput {
  username: string;
  newPassword: string;
  oldPassword: string;
  sign: string;
}

/**
 * updatePwd as the legacy client sends it: the new password in Base64 plus two digests. The server
 * checks that the caller changes their own password, the old digest against the stored hash, the sign
 * against the new password, and the password rule; then every session of the user is revoked.
 */
export async function updatePassword(db: Db, config: Config, caller: AuthContext, language: Language, input: UpdatePasswordInput): Promise<void> {
  if (input.username !== caller.account) throw forbidden('auth.notYourAccount');
  const newPassword = decodeBase64Text(input.newPassword);
  if (newPassword === null) throw badRequest('validation.newPasswordBase64');
  if (newPassword.trim().length === 0) throw badRequest('validation.newPasswordRequired');
  if (newPassword.length > CHANGE_PASSWORD_MAX) throw badRequest('validation.passwordMax');
  const newDigest = passwordDigest(caller.account, newPassword);
  if (newDigest !== input.sign) throw badRequest('auth.signMismatch');
  const policy = await passwordPolicy(db, language);
  if (!matchesPasswordPolicy(newPassword, policy.rule)) throw badRequest('auth.passwordPolicy', { description: policy.description });
  if (newDigest === input.oldPassword) throw badRequest('auth.passwordSame');

  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, caller.userId));
  if (!user) throw notFound();
  await checkOldPassword(db, config, user.id, input.oldPassword);
  const hash = await hashPasswordDigest(newDigest, config.argon2);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id);
  });
}
