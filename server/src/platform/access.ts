import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.ts';
import type { AuthContext } from './context.ts';
import { VersionedCache } from './versionedCache.ts';

/** Permission values of the enabled menus that the user's enabled roles hold. */
export async function loadPermissions(db: DbOrTx, userId: number): Promise<Set<string>> {
  const result = await queryRows<{ permission: string }>(db, sql`
    SELECT DISTINCT m.permission
    FROM user_roles ur
    JOIN roles r ON r.id = ur.role_id AND r.enabled
    JOIN role_menus rm ON rm.role_id = r.id
    JOIN menus m ON m.id = rm.menu_id AND m.enabled
    WHERE ur.user_id = ${userId}`);
  return new Set(result.map((row) => row.permission));
}

export async function loadRoleCodes(db: DbOrTx, userId: number): Promise<string[]> {
  const result = await queryRows<{ code: string }>(db, sql`
    SELECT r.code FROM user_roles ur JOIN roles r ON r.id = ur.role_id AND r.enabled
    WHERE ur.user_id = ${userId} ORDER BY r.sort, r.id`);
  return result.map((row) => row.code);
}

/** What a set of roles grants: the same for every user who holds exactly these roles. */
export interface RoleSetAccess {
  permissions: Set<string>;
  /** The same values, sorted (the permission payload's list). */
  sortedPermissions: string[];
  /** Role codes by sort. */
  roleCodes: string[];
}

const idList = (ids: readonly number[]) => (ids.length ? sql.join(ids.map((id) => sql`${id}`), sql`, `) : sql`NULL`);

export async function loadRoleSetAccess(db: DbOrTx, roleIds: readonly number[]): Promise<RoleSetAccess> {
  if (!roleIds.length) return { permissions: new Set(), sortedPermissions: [], roleCodes: [] };
  const [permissions, codes] = await Promise.all([
    queryRows<{ permission: string }>(db, sql`
      SELECT DISTINCT m.permission FROM role_menus rm JOIN menus m ON m.id = rm.menu_id AND m.enabled
      WHERE rm.role_id IN (${idList(roleIds)})`),
    queryRows<{ code: string }>(db, sql`SELECT r.code FROM roles r WHERE r.id IN (${idList(roleIds)}) ORDER BY r.sort, r.id`),
  ]);
  const values = permissions.map((row) => row.permission).sort();
  return { permissions: new Set(values), sortedPermissions: values, roleCodes: codes.map((row) => row.code) };
}

/**
 * What a role set is granted, per process, keyed by the access version and the role set: any change to
 * roles, menus or their links bumps the version (triggers of migration 0009; see VersionedCache).
 */
export class RoleSetCache<Value> {
  private readonly cache: VersionedCache<Value>;
  constructor(
    private readonly load: (db: DbOrTx, roleIds: readonly number[]) => Promise<Value>,
    capacity = 1000,
  ) {
    this.cache = new VersionedCache(capacity);
  }

  get(db: DbOrTx, auth: Pick<AuthContext, 'roleIds' | 'accessVersion'>): Promise<Value> {
    return this.cache.get(Number(auth.accessVersion), auth.roleIds.join(','), () => this.load(db, auth.roleIds));
  }
}

export const roleSetAccess = new RoleSetCache(loadRoleSetAccess);
