import { ResultCode, type MenuItem, type MenuRemark, type PermissionPayload } from '@campus/contract';
import type { DbOrTx } from '../../db/client.ts';
import { loadRoleSetAccess, RoleSetCache } from '../../platform/access.ts';
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

/** What a role set sees in the payload, with its JSON text, built once per access version (see RoleSetCache). */
interface RoleSetPayload {
  menus: MenuItem[];
  permission: string[];
  roles: string[];
  /**
   * `"menus":…,"permission":…,"roles":…` as JSON text: most of the answer (a teacher's menu tree is several
   * kilobytes) is copied into each call's answer instead of being serialised again.
   */
  json: string;
}

const roleSetPayloads = new RoleSetCache(async (db: DbOrTx, roleIds: readonly number[]): Promise<RoleSetPayload> => {
  const [menus, access] = await Promise.all([menusForRoles(db, roleIds).then(buildMenuTree), loadRoleSetAccess(db, roleIds)]);
  const permission = access.sortedPermissions;
  const roles = access.roleCodes;
  return { menus, permission, roles, json: `"menus":${JSON.stringify(menus)},"permission":${JSON.stringify(permission)},"roles":${JSON.stringify(roles)}` };
});

function userInfoOf(auth: AuthContext): PermissionPayload['userInfo'] {
  return { username: auth.displayName, userId: auth.account, userType: auth.userType, displayName: auth.displayName };
}

/**
 * The permission payload of the signed-in user. Everything but the user's own name comes from their role
 * set, which the session lookup already read with the access version, so a repeated call costs no query.
 */
export async function permissionPayload(db: DbOrTx, auth: AuthContext, requestId: string): Promise<PermissionPayload> {
  const { menus, permission, roles } = await roleSetPayloads.get(db, auth);
  return { menus, permission, roles, userInfo: userInfoOf(auth), requestId };
}

/** The whole answer of /ms/getPermission as JSON text: the same object as ok(permissionPayload(...)), serialised. */
export async function permissionAnswerJson(db: DbOrTx, auth: AuthContext, requestId: string): Promise<string> {
  const { json } = await roleSetPayloads.get(db, auth);
  return `{"code":${ResultCode.ok},"result":true,"data":{${json},"userInfo":${JSON.stringify(userInfoOf(auth))},"requestId":${JSON.stringify(requestId)}},"msg":""}`;
}
