import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  dictionaryItemSearchSchema,
  dictionaryTableSearchSchema,
  type DictionaryItemRow,
  type DictionaryTableRow,
  type PagedResult,
} from '@campus/contract';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { dictionaryItems, dictionaryTables, invigilations, messages, roles, staff, students } from '../../../db/schema/index.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';

/**
 * Where the application stores dictionary codes in its own records. An item whose code one of these
 * columns holds is in use: it cannot be deleted and its code cannot change; such tables cannot be deleted.
 */
export const DICTIONARY_USAGES = {
  STD_GENDER: [students.gender, staff.gender],
  STD_STAFF_TYPE: [staff.staffType],
  STD_IN_SCHOOL_STATUS: [students.inSchoolStatus],
  STD_ENROLMENT_STATUS: [students.enrolmentStatus],
  STD_EDUCATION: [staff.education],
  STD_INVIGILATION_ROLE: [invigilations.role],
  STD_MESSAGE_TYPE: [messages.type],
  STD_ROLE_TYPE: [roles.roleType],
} as const;

export function isAppTable(tableName: string): tableName is keyof typeof DICTIONARY_USAGES {
  return Object.hasOwn(DICTIONARY_USAGES, tableName);
}

/** Whether a record of the application holds this code of this table. */
export async function codeInUse(db: DbOrTx, tableName: string, code: string): Promise<boolean> {
  if (!isAppTable(tableName)) return false;
  for (const column of DICTIONARY_USAGES[tableName]) {
    const [hit] = await queryRows<{ one: number }>(db, sql`SELECT 1 AS one FROM ${column.table} WHERE ${column} = ${code} LIMIT 1`);
    if (hit) return true;
  }
  return false;
}

// ------------------------------------------------------------------ tables

export const tableList = defineList({
  search: dictionaryTableSearchSchema,
  sortColumns: { tableName: dictionaryTables.tableName, name: dictionaryTables.name, published: dictionaryTables.published },
  defaultSort: { field: 'tableName', order: 'asc' },
  tieBreaker: dictionaryTables.tableName,
});
type TableSort = keyof typeof tableList.spec.sortColumns;

/** The table list's keyword: the table's name (STD_...) or its title in either language. */
const TABLE_KEYWORD = keywordColumns(dictionaryTables.tableName, dictionaryTables.name, dictionaryTables.nameEn);

const tableColumns = {
  tableName: dictionaryTables.tableName,
  name: dictionaryTables.name,
  nameEn: dictionaryTables.nameEn,
  remark: dictionaryTables.remark,
  published: dictionaryTables.published,
  // Spelled out: inside a subquery drizzle leaves both sides unqualified, and they share a column name.
  itemCount: sql<number>`(SELECT count(*)::int FROM dictionary_items counted WHERE counted.table_name = "dictionary_tables"."table_name")`,
};

export async function listTables(
  db: DbOrTx,
  request: ListRequest<z.infer<typeof dictionaryTableSearchSchema>, TableSort>,
): Promise<PagedResult<DictionaryTableRow>> {
  const parts: SQL[] = [];
  const keyword = matchKeyword(request.search.keyword, TABLE_KEYWORD);
  if (keyword) parts.push(keyword);
  if (request.search.published !== undefined) parts.push(eq(dictionaryTables.published, request.search.published));
  const where = parts.length ? and(...parts) : undefined;
  const rows = await db.select(tableColumns).from(dictionaryTables).where(where).orderBy(...tableList.orderBy(request)).limit(request.limit).offset(request.offset);
  const counted = await countMatches(db, db.select({ one: sql`1` }).from(dictionaryTables).where(where), request.search.keyword);
  return { ...counted, rows: rows.map((row) => ({ ...row, itemCount: Number(row.itemCount) })) };
}

export async function findTable(db: DbOrTx, tableName: string): Promise<DictionaryTableRow | undefined> {
  const [row] = await db.select(tableColumns).from(dictionaryTables).where(eq(dictionaryTables.tableName, tableName));
  return row ? { ...row, itemCount: Number(row.itemCount) } : undefined;
}

// ------------------------------------------------------------------ items

export const itemList = defineList({
  search: dictionaryItemSearchSchema,
  sortColumns: {
    code: dictionaryItems.code,
    name: dictionaryItems.name,
    sort: dictionaryItems.sort,
    level: dictionaryItems.level,
    enabled: dictionaryItems.enabled,
    published: dictionaryItems.published,
    startDate: dictionaryItems.startDate,
    endDate: dictionaryItems.endDate,
  },
  defaultSort: { field: 'sort', order: 'asc' },
  tieBreaker: dictionaryItems.id,
});
type ItemSort = keyof typeof itemList.spec.sortColumns;
export type ItemSearch = z.infer<typeof dictionaryItemSearchSchema>;

/** The item list's keyword: code or name in either language. */
const ITEM_KEYWORD = keywordColumns(dictionaryItems.code, dictionaryItems.name, dictionaryItems.nameEn);

export const itemColumns = {
  id: dictionaryItems.id,
  tableName: dictionaryItems.tableName,
  code: dictionaryItems.code,
  name: dictionaryItems.name,
  sort: dictionaryItems.sort,
  parentCode: dictionaryItems.parentCode,
  level: dictionaryItems.level,
  alias: dictionaryItems.alias,
  shortName: dictionaryItems.shortName,
  nameEn: dictionaryItems.nameEn,
  tag1: dictionaryItems.tag1,
  tag2: dictionaryItems.tag2,
  tag3: dictionaryItems.tag3,
  tag4: dictionaryItems.tag4,
  tag5: dictionaryItems.tag5,
  enabled: dictionaryItems.enabled,
  published: dictionaryItems.published,
  source: dictionaryItems.source,
  startDate: dictionaryItems.startDate,
  endDate: dictionaryItems.endDate,
  remark: dictionaryItems.remark,
};

export function itemConditions(search: ItemSearch): SQL | undefined {
  const parts: SQL[] = [];
  if (search.tableName) parts.push(eq(dictionaryItems.tableName, search.tableName));
  const keyword = matchKeyword(search.keyword, ITEM_KEYWORD);
  if (keyword) parts.push(keyword);
  if (search.enabled !== undefined) parts.push(eq(dictionaryItems.enabled, search.enabled));
  if (search.published !== undefined) parts.push(eq(dictionaryItems.published, search.published));
  return parts.length ? and(...parts) : undefined;
}

export async function listItems(db: DbOrTx, request: ListRequest<ItemSearch, ItemSort>, withTotal = true): Promise<PagedResult<DictionaryItemRow>> {
  const where = itemConditions(request.search);
  const rows = await db.select(itemColumns).from(dictionaryItems).where(where).orderBy(...itemList.orderBy(request)).limit(request.limit).offset(request.offset);
  const counted = withTotal ? await countMatches(db, db.select({ one: sql`1` }).from(dictionaryItems).where(where), request.search.keyword) : { total: rows.length };
  return { ...counted, rows };
}

export async function findItem(db: DbOrTx, id: number): Promise<DictionaryItemRow | undefined> {
  const [row] = await db.select(itemColumns).from(dictionaryItems).where(eq(dictionaryItems.id, id));
  return row;
}
