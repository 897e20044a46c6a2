import { and, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { userSearchSchema, type PagedResult, type UserRow, type UserSearch } from '@campus/contract';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { guardians, roles, staff, students, userRoles, users } from '../../../db/schema/index.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';

export const userList = defineList({
  search: userSearchSchema,
  sortColumns: { account: users.account, displayName: users.displayName, userType: users.userType, createdAt: users.createdAt, enabled: users.enabled },
  defaultSort: { field: 'createdAt', order: 'desc' },
  tieBreaker: users.id,
});
type UserSort = keyof typeof userList.spec.sortColumns;

/** The users list's keyword: account, name or the name's pinyin initials. */
const USER_KEYWORD = keywordColumns(users.account, users.displayName, users.nameInitials);

function conditions(search: UserSearch): SQL | undefined {
  const parts: SQL[] = [];
  const keyword = matchKeyword(search.keyword, USER_KEYWORD);
  if (keyword) parts.push(keyword);
  if (search.userType !== undefined) parts.push(eq(users.userType, search.userType));
  if (search.enabled !== undefined) parts.push(eq(users.enabled, search.enabled));
  if (search.roleCode) {
    parts.push(
      exists(sql`(SELECT 1 FROM ${userRoles} JOIN ${roles} ON ${roles.id} = ${userRoles.roleId} WHERE ${userRoles.userId} = ${users.id} AND ${roles.code} = ${search.roleCode})`),
    );
  }
  return parts.length ? and(...parts) : undefined;
}

async function rolesOf(db: DbOrTx, userIds: number[]): Promise<Map<number, UserRow['roles']>> {
  const byUser = new Map<number, UserRow['roles']>();
  if (!userIds.length) return byUser;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, code: roles.code, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(roles.sort, roles.id);
  for (const { userId, ...role } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push(role);
    byUser.set(userId, list);
  }
  return byUser;
}

const rowColumns = {
  id: users.id,
  account: users.account,
  displayName: users.displayName,
  userType: users.userType,
  enabled: users.enabled,
  locked: sql<boolean>`coalesce(${users.lockedUntil} > now(), false)`,
  createdAt: users.createdAt,
};

export async function listUsers(db: DbOrTx, request: ListRequest<UserSearch, UserSort>, withTotal = true): Promise<PagedResult<UserRow>> {
  const where = conditions(request.search);
  const found = await db
    .select(rowColumns)
    .from(users)
    .where(where)
    .orderBy(...userList.orderBy(request))
    .limit(request.limit)
    .offset(request.offset);
  const counted = withTotal ? await countMatches(db, db.select({ one: sql`1` }).from(users).where(where), request.search.keyword) : { total: found.length };
  const roleMap = await rolesOf(
    db,
    found.map((u) => u.id),
  );
  return { ...counted, rows: found.map((u) => ({ ...u, createdAt: u.createdAt.toISOString(), roles: roleMap.get(u.id) ?? [] })) };
}

export async function findUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [found] = await db.select(rowColumns).from(users).where(eq(users.id, id));
  if (!found) return undefined;
  const roleMap = await rolesOf(db, [id]);
  return { ...found, createdAt: found.createdAt.toISOString(), roles: roleMap.get(id) ?? [] };
}

/** Accounts among `ids` that a student, parent or staff record owns (they are managed from there). */
export async function linkedAccounts(db: DbOrTx, ids: number[]): Promise<string[]> {
  const rows = await queryRows<{ account: string }>(db, sql`
    SELECT u.account FROM users u
    WHERE u.id IN ${ids.length ? sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql`(NULL)`}
      AND (EXISTS (SELECT 1 FROM ${students} s WHERE s.user_id = u.id)
        OR EXISTS (SELECT 1 FROM ${staff} st WHERE st.user_id = u.id)
        OR EXISTS (SELECT 1 FROM ${guardians} g WHERE g.parent_user_id = u.id))
    ORDER BY u.account`);
  return rows.map((row) => row.account);
}
