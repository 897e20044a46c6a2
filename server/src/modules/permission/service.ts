import type { MenuItem, MenuRemark, PermissionPayload } from '@campus/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { loadPermissions, loadRoleCodes } from '../../platform/access.ts';
import { sessionExpired } from '../../platform/errors.ts';
import { menusForUser, type MenuRow } from './queries.ts';

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

export async function permissionPayload(db: Db, userId: number, requestId: string): Promise<PermissionPayload> {
  const [user] = await db
    .select({ account: users.account, displayName: users.displayName, userType: users.userType })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw sessionExpired();
  const [rows, permissions, roles] = await Promise.all([menusForUser(db, userId), loadPermissions(db, userId), loadRoleCodes(db, userId)]);
  return {
    menus: buildMenuTree(rows),
    permission: [...permissions].sort(),
    roles,
    userInfo: { username: user.displayName, userId: user.account, userType: user.userType, displayName: user.displayName },
    requestId,
  };
}
