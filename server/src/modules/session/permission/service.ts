import { ResultCode, type MenuItem, type MenuRemark, type PermissionPayload } from '@campus/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { loadRoleSetAccess, RoleSetCache } from '../../../platform/access.ts';
import type { AuthContext } from '../../../platform/context.ts';
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

/** What a role set sees in the payload, with its answer's bytes, built once per access version (see RoleSetCache). */
interface RoleSetPayload {
  menus: MenuItem[];
  permission: string[];
  roles: string[];
  /**
   * The answer up to the user's own part, `{"code":…,"data":{"menus":…,"permission":…,"roles":…,` as UTF-8:
   * most of the answer (a teacher's menu tree is several kilobytes of mostly Chinese text) is copied into
   * each call's answer instead of being serialised and encoded again (the encoding of the answer text was
   * a fifth of the call's time in a CPU profile).
   */
  head: Buffer;
}

const roleSetPayloads = new RoleSetCache(async (db: DbOrTx, roleIds: readonly number[]): Promise<RoleSetPayload> => {
  const [menus, access] = await Promise.all([menusForRoles(db, roleIds).then(buildMenuTree), loadRoleSetAccess(db, roleIds)]);
  const permission = access.sortedPermissions;
  const roles = access.roleCodes;
  const head = `{"code":${ResultCode.ok},"result":true,"data":{"menus":${JSON.stringify(menus)},"permission":${JSON.stringify(permission)},"roles":${JSON.stringify(roles)},`;
  return { menus, permission, roles, head: Buffer.from(head, 'utf8') };
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

/** The whole answer of /ms/getPermission as UTF-8 JSON: the same object as ok(permissionPayload(...)), serialised. */
export async function permissionAnswer(db: DbOrTx, auth: AuthContext, requestId: string): Promise<Buffer> {
  const { head } = await roleSetPayloads.get(db, auth);
  const tail = Buffer.from(`"userInfo":${JSON.stringify(userInfoOf(auth))},"requestId":${JSON.stringify(requestId)}},"msg":""}`, 'utf8');
  return Buffer.concat([head, tail], head.length + tail.length);
}
