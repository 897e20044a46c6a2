import { PASSWORD_DIGEST_PREFIX } from '@campus/contract';
import argon2 from 'argon2';
import { createHash } from 'node:crypto';

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * The digest the client sends in updatePwd: sha256 hex of prefix + account + password. Storing
 * argon2id over this digest (rather than over the raw password) lets the server check updatePwd's
 * hashed old password as well as a plain login password.
 */
export function passwordDigest(account: string, password: string): string {
  return createHash('sha256').update(PASSWORD_DIGEST_PREFIX + account + password, 'utf8').digest('hex');
}

export function hashPasswordDigest(digest: string, cost: Argon2Cost): Promise<string> {
  return argon2.hash(digest, { type: argon2.argon2id, ...cost });
}

export function hashPassword(account: string, password: string, cost: Argon2Cost): Promise<string> {
  return hashPasswordDigest(passwordDigest(account, password), cost);
}

export async function verifyPasswordDigest(hash: string | null, digest: string): Promise<boolean> {
  // An account without a password cannot log in with one; it still costs the usual time.
  if (hash === null) {
    await burnPasswordCheck({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    return false;
  }
  try {
    return await argon2.verify(hash, digest);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so unknown accounts cannot be told apart by timing. */
export async function burnPasswordCheck(cost: Argon2Cost): Promise<void> {
  dummyHash ??= hashPasswordDigest('not-a-real-password', cost);
  await verifyPasswordDigest(await dummyHash, 'still-not-it');
}
