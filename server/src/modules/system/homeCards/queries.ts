import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { homeCardSearchSchema, type HomeCardRow, type PagedResult } from '@campus/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { homeCards, roles } from '../../../db/schema/index.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';

export const cardList = defineList({
  search: homeCardSearchSchema,
  sortColumns: { name: homeCards.name, category: homeCards.category, sort: homeCards.sort },
  defaultSort: { field: 'sort', order: 'asc' },
  tieBreaker: homeCards.id,
});
type CardSort = keyof typeof cardList.spec.sortColumns;
type CardSearch = z.infer<typeof homeCardSearchSchema>;

/** The card list's keyword: the card's name in either language. */
const CARD_KEYWORD = keywordColumns(homeCards.name, homeCards.nameEn);

function conditions(search: CardSearch): SQL | undefined {
  const parts: SQL[] = [];
  const keyword = matchKeyword(search.keyword, CARD_KEYWORD);
  if (keyword) parts.push(keyword);
  if (search.category) parts.push(eq(homeCards.category, search.category));
  if (search.roleCode) parts.push(eq(roles.code, search.roleCode));
  return parts.length ? and(...parts) : undefined;
}

const columns = {
  id: homeCards.id,
  name: homeCards.name,
  nameEn: homeCards.nameEn,
  route: homeCards.route,
  content: homeCards.content,
  contentEn: homeCards.contentEn,
  roleCode: roles.code,
  roleName: roles.name,
  category: homeCards.category,
  sort: homeCards.sort,
  enabled: homeCards.enabled,
};

const toRow = (row: Omit<HomeCardRow, 'category'> & { category: string }): HomeCardRow => ({ ...row, category: row.category as HomeCardRow['category'] });

export async function listCards(db: DbOrTx, request: ListRequest<CardSearch, CardSort>, withTotal = true): Promise<PagedResult<HomeCardRow>> {
  const where = conditions(request.search);
  const rows = await db
    .select(columns)
    .from(homeCards)
    .leftJoin(roles, eq(roles.id, homeCards.roleId))
    .where(where)
    .orderBy(...cardList.orderBy(request))
    .limit(request.limit)
    .offset(request.offset);
  const matching = db.select({ one: sql`1` }).from(homeCards).leftJoin(roles, eq(roles.id, homeCards.roleId)).where(where);
  const counted = withTotal ? await countMatches(db, matching, request.search.keyword) : { total: rows.length };
  return { ...counted, rows: rows.map(toRow) };
}

export async function findCard(db: DbOrTx, id: number): Promise<HomeCardRow | undefined> {
  const [row] = await db.select(columns).from(homeCards).leftJoin(roles, eq(roles.id, homeCards.roleId)).where(eq(homeCards.id, id));
  return row && toRow(row);
}

/** The enabled cards for every role, or for one of the given role codes. */
export async function cardsForRoles(db: DbOrTx, roleCodes: string[]) {
  return db
    .select({ id: homeCards.id, name: homeCards.name, nameEn: homeCards.nameEn, route: homeCards.route, content: homeCards.content, contentEn: homeCards.contentEn, category: homeCards.category })
    .from(homeCards)
    .leftJoin(roles, eq(roles.id, homeCards.roleId))
    .where(and(eq(homeCards.enabled, true), roleCodes.length ? or(isNull(homeCards.roleId), and(inArray(roles.code, roleCodes), eq(roles.enabled, true))) : isNull(homeCards.roleId)))
    .orderBy(homeCards.sort, homeCards.id);
}

