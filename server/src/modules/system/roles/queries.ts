import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { roleSearchSchema, type Language, type RoleRow } from '@campus/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { roleMenus, roles, userRoles, users } from '../../../db/schema/index.ts';
import { defineList, likePattern, type ListRequest } from '../../../platform/listing.ts';
import { ROLE_TYPE_TABLE, roleKindSql } from './types.ts';

export const roleList = defineList({
  search: roleSearchSchema,
  sortColumns: { code: roles.code, name: roles.name, sort: roles.sort, createdAt: roles.createdAt },
  defaultSort: { field: 'sort', order: 'asc' },
  tieBreaker: roles.id,
});
type RoleSort = keyof typeof roleList.spec.sortColumns;
type RoleSearch = z.infer<typeof roleSearchSchema>;

function conditions(search: RoleSearch): SQL | undefined {
  const parts: SQL[] = [];
  if (search.keyword) parts.push(or(ilike(roles.code, likePattern(search.keyword)), ilike(roles.name, likePattern(search.keyword)))!);
  if (search.roleType) parts.push(eq(roles.roleType, search.roleType));
  if (search.enabled !== undefined) parts.push(eq(roles.enabled, search.enabled));
  return parts.length ? and(...parts) : undefined;
}

const rowColumns = {
  id: roles.id,
  code: roles.code,
  name: roles.name,
  roleType: roles.roleType,
  enabled: roles.enabled,
  sort: roles.sort,
  remark: roles.remark,
  dynamicSql: roles.dynamicSql,
  dynamicProcedure: roles.dynamicProcedure,
  createdAt: roles.createdAt,
  kind: roleKindSql(roles.roleType),
  roleTypeName: sql<string>`coalesce((SELECT di.name FROM dictionary_items di WHERE di.table_name = ${ROLE_TYPE_TABLE} AND di.code = ${roles.roleType}), ${roles.roleType})`,
  roleTypeNameEn: sql<string | null>`(SELECT di.name_en FROM dictionary_items di WHERE di.table_name = ${ROLE_TYPE_TABLE} AND di.code = ${roles.roleType})`,
  userCount: sql<number>`(SELECT count(*)::int FROM ${userRoles} WHERE ${userRoles.roleId} = ${roles.id})`,
};

type RawRole = Omit<RoleRow, 'createdAt' | 'roleTypeName'> & { createdAt: Date; roleTypeName: string; roleTypeNameEn: string | null };

function toRow({ roleTypeNameEn, ...row }: RawRole, language: Language): RoleRow {
  return { ...row, roleTypeName: (language === 'en' && roleTypeNameEn) || row.roleTypeName, createdAt: row.createdAt.toISOString() };
}

export async function listRoles(db: DbOrTx, request: ListRequest<RoleSearch, RoleSort>, language: Language, withTotal = true) {
  const where = conditions(request.search);
  const rows = await db.select(rowColumns).from(roles).where(where).orderBy(...roleList.orderBy(request)).limit(request.limit).offset(request.offset);
  const total = withTotal ? (await db.select({ total: count() }).from(roles).where(where))[0]!.total : rows.length;
  return { total, rows: rows.map((row) => toRow(row, language)) };
}

export async function findRole(db: DbOrTx, id: number, language: Language = 'zh'): Promise<(RoleRow & { menuIds: number[] }) | undefined> {
  const [row] = await db.select(rowColumns).from(roles).where(eq(roles.id, id));
  if (!row) return undefined;
  const menuRows = await db.select({ menuId: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, id)).orderBy(roleMenus.menuId);
  return { ...toRow(row, language), menuIds: menuRows.map((m) => m.menuId) };
}

/** The users an ordinary role is given to, by account. */
export async function ordinaryMembers(db: DbOrTx, roleId: number, offset: number, limit: number) {
  const rows = await db
    .select({ account: users.account, displayName: users.displayName, userType: users.userType })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.roleId, roleId))
    .orderBy(users.account)
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return { total, rows };
}
