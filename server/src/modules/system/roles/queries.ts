import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { roleSearchSchema, type Language, type PagedResult, type RoleRow } from '@campus/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { roleMenus, roles, userRoles, users } from '../../../db/schema/index.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { ROLE_TYPE_TABLE, roleKindSql } from './types.ts';

export const roleList = defineList({
  search: roleSearchSchema,
  sortColumns: { code: roles.code, name: roles.name, sort: roles.sort, createdAt: roles.createdAt },
  defaultSort: { field: 'sort', order: 'asc' },
  tieBreaker: roles.id,
});
type RoleSort = keyof typeof roleList.spec.sortColumns;
type RoleSearch = z.infer<typeof roleSearchSchema>;

/** The role list's keyword: code or name. */
const ROLE_KEYWORD = keywordColumns(roles.code, roles.name);

function conditions(search: RoleSearch): SQL | undefined {
  const parts: SQL[] = [];
  const keyword = matchKeyword(search.keyword, ROLE_KEYWORD);
  if (keyword) parts.push(keyword);
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

export async function listRoles(db: DbOrTx, request: ListRequest<RoleSearch, RoleSort>, language: Language, withTotal = true): Promise<PagedResult<RoleRow>> {
  const where = conditions(request.search);
  const rows = await db.select(rowColumns).from(roles).where(where).orderBy(...roleList.orderBy(request)).limit(request.limit).offset(request.offset);
  const counted = withTotal ? await countMatches(db, db.select({ one: sql`1` }).from(roles).where(where), request.search.keyword) : { total: rows.length };
  return { ...counted, rows: rows.map((row) => toRow(row, language)) };
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
