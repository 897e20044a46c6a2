import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.ts';

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
