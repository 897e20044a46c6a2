import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.ts';
import type { AuthContext } from './context.ts';

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
 * A small per-process cache keyed by the access version and the role set. It is never the truth: the
 * version comes from the database with every session lookup and any change to roles, menus or their
 * links bumps it (triggers of migration 0009), so every process drops stale entries on its next request.
 */
export class RoleSetCache<Value> {
  private readonly entries = new Map<string, Promise<Value>>();
  private version = 0;
  constructor(
    private readonly load: (db: DbOrTx, roleIds: readonly number[]) => Promise<Value>,
    private readonly capacity = 1000,
  ) {}

  get(db: DbOrTx, auth: Pick<AuthContext, 'roleIds' | 'accessVersion'>): Promise<Value> {
    const version = Number(auth.accessVersion);
    if (version !== this.version) {
      // A newer version makes every entry stale; an older one (a request that started before the change)
      // is served fresh without touching the cache.
      if (version < this.version) return this.load(db, auth.roleIds);
      this.entries.clear();
      this.version = version;
    }
    const key = auth.roleIds.join(',');
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= this.capacity) this.entries.clear();
      entry = this.load(db, auth.roleIds);
      // A failed load is not kept: the next request tries again.
      entry.catch(() => this.entries.delete(key));
      this.entries.set(key, entry);
    }
    return entry;
  }
}

export const roleSetAccess = new RoleSetCache(loadRoleSetAccess);
