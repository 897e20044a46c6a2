import type { Language } from '@campus/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { badRequest } from '../../../platform/errors.ts';
import { publishedItems, type DictionaryItemRow } from './queries.ts';

/** Spec section 5: STD_ plus a capital letter, capitals, digits and underscores, at most 40 characters. */
export const TABLE_NAME_PATTERN = /^STD_[A-Z][A-Z0-9_]{0,35}$/;
export const MAX_TABLES_PER_CALL = 50;

/** A dictionary item in domain names; the routes map it to each call's wire shape. */
export interface DictionaryItem {
  code: string;
  name: string;
  nameEn: string | null;
  sort: number;
  parentCode: string | null;
  level: number;
  alias: string | null;
  shortName: string | null;
  tags: [string | null, string | null, string | null, string | null, string | null];
  enabled: boolean;
  published: boolean;
  source: string | null;
  startDate: string | null;
  endDate: string | null;
  remark: string | null;
}

/**
 * Reads the typeArr parameter: a JSON array string or a comma-separated list (or an array when the
 * body was JSON). Names are trimmed and de-duplicated, keeping their order.
 */
export function parseTableNames(raw: string | readonly string[] | undefined): string[] {
  let list: unknown[];
  if (raw === undefined) list = [];
  else if (Array.isArray(raw)) list = raw;
  else {
    const text = (raw as string).trim();
    if (text.startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw badRequest('dicts.badTableName');
      }
      if (!Array.isArray(parsed)) throw badRequest('dicts.badTableName');
      list = parsed;
    } else list = text.split(',');
  }
  const names: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') throw badRequest('dicts.badTableName');
    const name = item.trim();
    if (name === '') continue;
    if (!TABLE_NAME_PATTERN.test(name)) throw badRequest('dicts.badTableName');
    if (!names.includes(name)) names.push(name);
  }
  if (names.length === 0) throw badRequest('dicts.typeArrRequired');
  if (names.length > MAX_TABLES_PER_CALL) throw badRequest('dicts.tooManyTables', { n: MAX_TABLES_PER_CALL });
  return names;
}

function toItem(row: DictionaryItemRow): DictionaryItem {
  return {
    code: row.code,
    name: row.name,
    nameEn: row.name_en,
    sort: row.sort,
    parentCode: row.parent_code,
    level: row.level,
    alias: row.alias,
    shortName: row.short_name,
    tags: [row.tag1, row.tag2, row.tag3, row.tag4, row.tag5],
    enabled: row.enabled,
    published: row.published,
    source: row.source,
    startDate: row.start_date,
    endDate: row.end_date,
    remark: row.remark,
  };
}

/**
 * Published items of the named published tables, sorted. Every requested table is a key of the answer;
 * one that is unknown or unpublished has no items. `enabledOnly` leaves out switched-off items.
 */
export async function dictionaryItems(db: DbOrTx, tableNames: readonly string[], options: { enabledOnly: boolean }): Promise<Record<string, DictionaryItem[]>> {
  const rows = await publishedItems(db, tableNames, options.enabledOnly);
  const result: Record<string, DictionaryItem[]> = Object.fromEntries(tableNames.map((name) => [name, [] as DictionaryItem[]]));
  for (const row of rows) result[row.table_name]?.push(toItem(row));
  return result;
}

/** The enabled items of one table (role types, staff types, ...), for other areas' calls. */
export async function enabledItemsOf(db: DbOrTx, tableName: string): Promise<DictionaryItem[]> {
  return (await dictionaryItems(db, [tableName], { enabledOnly: true }))[tableName];
}

/** The name in the caller's language: the English name when asked for and present. */
export function localName(item: { name: string; nameEn: string | null }, language: Language): string {
  return language === 'en' && item.nameEn ? item.nameEn : item.name;
}
