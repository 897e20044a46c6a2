import { and, eq, inArray, ne } from 'drizzle-orm';
import { BUILT_IN_ROLE_TYPES, ROLE_TYPE_DICTIONARY, type DictionaryItemForm, type DictionaryTableForm } from '@campus/contract';
import type { Db, Tx } from '../../../db/client.ts';
import { dictionaryItems, dictionaryTables } from '../../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { codeInUse, isAppTable } from './queries.ts';

/**
 * Dictionaries whose items are a closed set the code gives meaning to (role types are roles.role_type):
 * items can be renamed, sorted and switched, never added, recoded or deleted.
 */
const FIXED_TABLES: Record<string, readonly string[]> = { [ROLE_TYPE_DICTIONARY]: BUILT_IN_ROLE_TYPES };

/** The ordinary role type stays enabled: the administrator role is ordinary. */
export function checkRoleTypeSwitch(tableName: string, code: string, enabled: boolean): void {
  if (tableName === ROLE_TYPE_DICTIONARY && code === 'ordinary' && !enabled) throw badRequest('roleTypes.ordinaryEnabled');
}

// ------------------------------------------------------------------ tables

export async function createTable(db: Db, table: DictionaryTableForm): Promise<void> {
  await db.transaction(async (tx) => {
    const [taken] = await tx.select({ tableName: dictionaryTables.tableName }).from(dictionaryTables).where(eq(dictionaryTables.tableName, table.tableName));
    if (taken) throw conflict('dictTables.nameTaken', { name: table.tableName });
    await tx.insert(dictionaryTables).values({ tableName: table.tableName, name: table.name, nameEn: table.nameEn || null, remark: table.remark || null, published: table.published });
  });
}

/** The table name is the key every caller asks by: it is fixed once created. */
export async function updateTable(db: Db, table: DictionaryTableForm): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(dictionaryTables)
      .set({ name: table.name, nameEn: table.nameEn || null, remark: table.remark || null, published: table.published })
      .where(eq(dictionaryTables.tableName, table.tableName))
      .returning({ tableName: dictionaryTables.tableName });
    if (!updated.length) throw notFound();
  });
}

export async function deleteTables(db: Db, tableNames: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx.select({ tableName: dictionaryTables.tableName, name: dictionaryTables.name }).from(dictionaryTables).where(inArray(dictionaryTables.tableName, tableNames)).for('update');
    if (found.length !== new Set(tableNames).size) throw notFound();
    const builtIn = found.find((table) => isAppTable(table.tableName));
    if (builtIn) throw conflict('dictTables.builtIn', { name: `${builtIn.name} (${builtIn.tableName})` });
    await tx.delete(dictionaryItems).where(inArray(dictionaryItems.tableName, tableNames));
    await tx.delete(dictionaryTables).where(inArray(dictionaryTables.tableName, tableNames));
  });
}

export async function publishTables(db: Db, tableNames: string[], published: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx.update(dictionaryTables).set({ published }).where(inArray(dictionaryTables.tableName, tableNames)).returning({ tableName: dictionaryTables.tableName });
    if (updated.length !== new Set(tableNames).size) throw notFound();
  });
}

// ------------------------------------------------------------------ items

function itemValues(item: DictionaryItemForm) {
  const orNull = (value: string) => value || null;
  return {
    code: item.code,
    name: item.name,
    sort: item.sort,
    parentCode: orNull(item.parentCode),
    level: item.level,
    alias: orNull(item.alias),
    shortName: orNull(item.shortName),
    nameEn: orNull(item.nameEn),
    tag1: orNull(item.tag1),
    tag2: orNull(item.tag2),
    tag3: orNull(item.tag3),
    tag4: orNull(item.tag4),
    tag5: orNull(item.tag5),
    enabled: item.enabled,
    published: item.published,
    source: orNull(item.source),
    startDate: orNull(item.startDate),
    endDate: orNull(item.endDate),
    remark: orNull(item.remark),
  };
}

async function codeTaken(tx: Tx, tableName: string, code: string, exceptId?: number): Promise<boolean> {
  const where = and(eq(dictionaryItems.tableName, tableName), eq(dictionaryItems.code, code), exceptId ? ne(dictionaryItems.id, exceptId) : undefined);
  return (await tx.select({ id: dictionaryItems.id }).from(dictionaryItems).where(where)).length > 0;
}

/** The parent is an item of the same table, and following parents never comes back to this code. */
async function checkParent(tx: Tx, tableName: string, code: string, parentCode: string): Promise<void> {
  if (!parentCode) return;
  const rows = await tx.select({ code: dictionaryItems.code, parentCode: dictionaryItems.parentCode }).from(dictionaryItems).where(eq(dictionaryItems.tableName, tableName));
  const parents = new Map(rows.map((row) => [row.code, row.parentCode]));
  if (!parents.has(parentCode)) throw badRequest('dictItems.parentMissing', { code: parentCode });
  let current: string | null | undefined = parentCode;
  const seen = new Set<string>();
  while (current) {
    if (current === code) throw badRequest('dictItems.parentCycle');
    if (seen.has(current)) break;
    seen.add(current);
    current = parents.get(current);
  }
}

export async function createItem(db: Db, item: DictionaryItemForm): Promise<number> {
  return db.transaction(async (tx) => {
    const [table] = await tx.select({ name: dictionaryTables.name }).from(dictionaryTables).where(eq(dictionaryTables.tableName, item.tableName)).for('update');
    if (!table) throw notFound();
    if (FIXED_TABLES[item.tableName]) throw badRequest('dictItems.fixedTable', { name: table.name });
    if (await codeTaken(tx, item.tableName, item.code)) throw conflict('dictItems.codeTaken');
    await checkParent(tx, item.tableName, item.code, item.parentCode);
    const [created] = await tx.insert(dictionaryItems).values({ ...itemValues(item), tableName: item.tableName }).returning({ id: dictionaryItems.id });
    return created!.id;
  });
}

export async function updateItem(db: Db, item: DictionaryItemForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ tableName: dictionaryItems.tableName, code: dictionaryItems.code }).from(dictionaryItems).where(eq(dictionaryItems.id, item.id)).for('update');
    if (!current) throw notFound();
    // An item stays in its table; the form's table name only says where it was opened.
    const tableName = current.tableName;
    const recoded = current.code !== item.code;
    if (recoded) {
      if (FIXED_TABLES[tableName]) {
        const [table] = await tx.select({ name: dictionaryTables.name }).from(dictionaryTables).where(eq(dictionaryTables.tableName, tableName));
        throw badRequest('dictItems.fixedTable', { name: table?.name ?? tableName });
      }
      if (await codeInUse(tx, tableName, current.code)) throw conflict('dictItems.codeInUse');
      if (await codeTaken(tx, tableName, item.code, item.id)) throw conflict('dictItems.codeTaken');
    }
    checkRoleTypeSwitch(tableName, current.code, item.enabled);
    await checkParent(tx, tableName, item.code, item.parentCode);
    await tx.update(dictionaryItems).set(itemValues(item)).where(eq(dictionaryItems.id, item.id));
    // The children follow their parent's new code.
    if (recoded) {
      await tx
        .update(dictionaryItems)
        .set({ parentCode: item.code })
        .where(and(eq(dictionaryItems.tableName, tableName), eq(dictionaryItems.parentCode, current.code)));
    }
  });
}

export async function deleteItems(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx
      .select({ id: dictionaryItems.id, tableName: dictionaryItems.tableName, code: dictionaryItems.code })
      .from(dictionaryItems)
      .where(inArray(dictionaryItems.id, ids))
      .for('update');
    if (found.length !== new Set(ids).size) throw notFound();
    for (const item of found) {
      if (FIXED_TABLES[item.tableName]?.includes(item.code) || (await codeInUse(tx, item.tableName, item.code))) throw conflict('dictItems.inUse');
      const children = await tx
        .select({ id: dictionaryItems.id })
        .from(dictionaryItems)
        .where(and(eq(dictionaryItems.tableName, item.tableName), eq(dictionaryItems.parentCode, item.code)));
      if (children.some((child) => !ids.includes(child.id))) throw conflict('dictItems.hasChildren', { code: item.code });
    }
    await tx.delete(dictionaryItems).where(inArray(dictionaryItems.id, ids));
  });
}

export async function publishItems(db: Db, ids: number[], published: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx.update(dictionaryItems).set({ published }).where(inArray(dictionaryItems.id, ids)).returning({ id: dictionaryItems.id });
    if (updated.length !== new Set(ids).size) throw notFound();
  });
}
