import type { MenuItem, MenuRemark, PermissionPayload } from '@campus/contract';
import type { DbOrTx } from '../../db/client.ts';
import { RoleSetCache, roleSetAccess } from '../../platform/access.ts';
import type { AuthContext } from '../../platform/context.ts';
import { menusForRoles, type MenuRow } from './queries.ts';

/** The wire edge: the English menu columns become the legacy remark JSON string. */
export function toRemark(row: MenuRow): string {
  const remark: MenuRemark = {};
  if (row.name_en) remark.menuNameEng = row.name_en;
  if (row.is_custom_page) {
    remark.sfzdy = '1';
    if (row.custom_page_param) remark.zdycs = row.custom_page_param;
  }
  if (row.is_home_page) remark.sfswsy = '1';
  if (row.position) remark.cdwz = row.position;
  if (row.is_external_link) remark.sfwblj = '1';
  if (row.hidden) remark.hidden = '1';
  if (row.always_show) remark.alwaysShow = '1';
  if (row.no_cache) remark.noCache = '1';
  return JSON.stringify(remark);
}

export function buildMenuTree(rows: MenuRow[]): MenuItem[] {
  const items = new Map<number, MenuItem>();
  for (const row of rows) {
    items.set(row.id, { menuname: row.name, menuurl: row.url, icon: row.icon, sort: row.sort, remark: toRemark(row) });
  }
  const roots: MenuItem[] = [];
  for (const row of rows) {
    const item = items.get(row.id)!;
    const parent = row.parent_id === null ? undefined : items.get(row.parent_id);
    if (parent) (parent.menus ??= []).push(item);
    else if (row.parent_id === null) roots.push(item);
  }
  return roots;
}

/** The menu tree of a role set, built once per access version (see RoleSetCache). */
const menuTrees = new RoleSetCache(async (db: DbOrTx, roleIds: readonly number[]) => buildMenuTree(await menusForRoles(db, roleIds)));

/**
 * The permission payload of the signed-in user. Everything but the user's own name comes from their role
 * set, which the session lookup already read with the access version, so a repeated call costs no query.
 */
export async function permissionPayload(db: DbOrTx, auth: AuthContext, requestId: string): Promise<PermissionPayload> {
  const [menus, access] = await Promise.all([menuTrees.get(db, auth), roleSetAccess.get(db, auth)]);
  return {
    menus,
    permission: access.sortedPermissions,
    roles: access.roleCodes,
    userInfo: { username: auth.displayName, userId: auth.account, userType: auth.userType, displayName: auth.displayName },
    requestId,
  };
}
