import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';

export interface DictionaryItemRow {
  table_name: string;
  code: string;
  name: string;
  name_en: string | null;
  sort: number;
  parent_code: string | null;
  level: number;
  alias: string | null;
  short_name: string | null;
  tag1: string | null;
  tag2: string | null;
  tag3: string | null;
  tag4: string | null;
  tag5: string | null;
  enabled: boolean;
  published: boolean;
  source: string | null;
  start_date: string | null;
  end_date: string | null;
  remark: string | null;
}

/**
 * Published items of the named tables, when the table itself is published. `enabledOnly` leaves out
 * switched-off items (the option lists); the full call keeps them so old records can still be labelled.
 */
export async function publishedItems(db: DbOrTx, tableNames: readonly string[], enabledOnly: boolean): Promise<DictionaryItemRow[]> {
  if (tableNames.length === 0) return [];
  const names = sql.join(tableNames.map((name) => sql`${name}`), sql`, `);
  return queryRows<DictionaryItemRow>(db, sql`
    SELECT i.table_name, i.code, i.name, i.name_en, i.sort, i.parent_code, i.level, i.alias, i.short_name,
           i.tag1, i.tag2, i.tag3, i.tag4, i.tag5, i.enabled, i.published, i.source,
           to_char(i.start_date, 'YYYY-MM-DD') AS start_date, to_char(i.end_date, 'YYYY-MM-DD') AS end_date, i.remark
    FROM dictionary_items i
    JOIN dictionary_tables t ON t.table_name = i.table_name AND t.published
    WHERE i.table_name IN (${names}) AND i.published ${enabledOnly ? sql`AND i.enabled` : sql``}
    ORDER BY i.table_name, i.sort, i.code`);
}
