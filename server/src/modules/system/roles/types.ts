import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@campus/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { dictionaryItems } from '../../../db/schema/index.ts';

export const ROLE_TYPE_TABLE = 'STD_ROLE_TYPE';
export type RoleKind = 'ordinary' | 'dynamic';

/**
 * How the roles of a type work, as SQL over a role-type code: the built-in 'dynamic' type, and any type
 * whose item says 'dynamic' in tag1, resolve members with a query; every other type is ordinary.
 */
export function roleKindSql(roleType: SQL | AnyColumnLike): SQL<RoleKind> {
  return sql<RoleKind>`CASE WHEN ${roleType} = 'dynamic' OR EXISTS (
      SELECT 1 FROM dictionary_items di WHERE di.table_name = ${ROLE_TYPE_TABLE} AND di.code = ${roleType} AND di.tag1 = 'dynamic')
    THEN 'dynamic' ELSE 'ordinary' END`;
}
type AnyColumnLike = Parameters<typeof eq>[0];

export function kindOfItem(code: string, tag1: string | null): RoleKind {
  return code === 'dynamic' || tag1 === 'dynamic' ? 'dynamic' : 'ordinary';
}

/** The enabled role types with their kind, by sort (the role form's choices). */
export async function enabledRoleTypes(db: DbOrTx, language: Language): Promise<{ code: string; name: string; kind: RoleKind }[]> {
  const rows = await db
    .select({ code: dictionaryItems.code, name: dictionaryItems.name, nameEn: dictionaryItems.nameEn, tag1: dictionaryItems.tag1 })
    .from(dictionaryItems)
    .where(and(eq(dictionaryItems.tableName, ROLE_TYPE_TABLE), eq(dictionaryItems.enabled, true)))
    .orderBy(dictionaryItems.sort, dictionaryItems.code);
  return rows.map((row) => ({ code: row.code, name: (language === 'en' && row.nameEn) || row.name, kind: kindOfItem(row.code, row.tag1) }));
}

/** The kind of an enabled role type; null when the type does not exist or is switched off. */
export async function kindOfRoleType(db: DbOrTx, code: string): Promise<RoleKind | null> {
  const [row] = await db
    .select({ tag1: dictionaryItems.tag1 })
    .from(dictionaryItems)
    .where(and(eq(dictionaryItems.tableName, ROLE_TYPE_TABLE), eq(dictionaryItems.code, code), eq(dictionaryItems.enabled, true)));
  return row ? kindOfItem(code, row.tag1) : null;
}
