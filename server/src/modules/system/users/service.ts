import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { UserCreate, UserUpdate } from '@campus/contract';
import type { Config } from '../../../config.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { roles, userRoles, users } from '../../../db/schema/index.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { revokeUserSessions } from '../../../platform/sessions.ts';
import { linkedAccounts } from './queries.ts';

/** The ids of the named roles; an unknown code refuses the whole change. */
async function roleIdsOf(tx: Tx, roleCodes: string[]): Promise<number[]> {
  const unique = [...new Set(roleCodes)];
  if (!unique.length) return [];
  const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.code, unique));
  if (found.length !== unique.length) throw badRequest('users.unknownRole');
  return found.map((role) => role.id);
}

async function replaceRoles(tx: Tx, userId: number, roleIds: number[]): Promise<void> {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export async function createUser(db: Db, config: Config, input: UserCreate): Promise<number> {
  // Hash outside the transaction: argon2 is slow by design and must not hold row locks.
  const passwordHash = await hashPassword(input.account, input.password, config.argon2);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.account}) = lower(${input.account})`);
    if (taken) throw conflict('users.accountTaken');
    const roleIds = await roleIdsOf(tx, input.roleCodes);
    const [created] = await tx
      .insert(users)
      .values({ account: input.account, displayName: input.displayName, userType: input.userType, passwordHash, enabled: input.enabled, passwordChangedAt: new Date() })
      .returning({ id: users.id });
    await replaceRoles(tx, created!.id, roleIds);
    return created!.id;
  });
}

export async function updateUser(db: Db, caller: AuthContext, input: UserUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: users.id, enabled: users.enabled }).from(users).where(eq(users.id, input.id)).for('update');
    if (!current) throw notFound();
    if (!input.enabled && input.id === caller.userId) throw badRequest('users.cannotDisableSelf');
    const roleIds = await roleIdsOf(tx, input.roleCodes);
    await tx.update(users).set({ displayName: input.displayName, userType: input.userType, enabled: input.enabled, updatedAt: new Date() }).where(eq(users.id, input.id));
    await replaceRoles(tx, input.id, roleIds);
    if (current.enabled && !input.enabled) await revokeUserSessions(tx, input.id);
  });
}

export async function setUsersEnabled(db: Db, caller: AuthContext, ids: number[], enabled: boolean): Promise<void> {
  if (!enabled && ids.includes(caller.userId)) throw badRequest('users.cannotDisableSelf');
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    if (found.length !== new Set(ids).size) throw notFound();
    // Enabling also clears a login lock: the administrator vouches for the account.
    await tx
      .update(users)
      .set(enabled ? { enabled, failedLoginCount: 0, lockedUntil: null, updatedAt: new Date() } : { enabled, updatedAt: new Date() })
      .where(inArray(users.id, ids));
    if (!enabled) for (const id of ids) await revokeUserSessions(tx, id);
  });
}

export async function resetUserPassword(db: Db, config: Config, id: number, password: string): Promise<void> {
  const [user] = await db.select({ account: users.account }).from(users).where(eq(users.id, id));
  if (!user) throw notFound();
  const passwordHash = await hashPassword(user.account, password, config.argon2);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), failedLoginCount: 0, lockedUntil: null, updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.account, user.account)))
      .returning({ id: users.id });
    if (!updated.length) throw notFound();
    await revokeUserSessions(tx, id);
  });
}

export async function deleteUsers(db: Db, caller: AuthContext, ids: number[]): Promise<void> {
  if (ids.includes(caller.userId)) throw badRequest('users.cannotDeleteSelf');
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)).for('update');
    if (found.length !== new Set(ids).size) throw notFound();
    const linked = await linkedAccounts(tx, ids);
    if (linked.length) throw conflict('users.linkedRecord', { account: linked.join(', ') });
    await tx.delete(users).where(and(inArray(users.id, ids), ne(users.id, caller.userId)));
  });
}
