import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { MenuForm, MenuKind } from '@campus/contract';
import type { Db, Tx } from '../../../db/client.ts';
import { menus, roleMenus, roles } from '../../../db/schema/index.ts';
import { MENU_TREE, type MenuSeed } from '../../../db/seed/menus.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';

/** Codes of the product's own menus: the server's access checks name their permission values. */
const BUILT_IN_CODES = new Set<string>();
const collect = (nodes: MenuSeed[]): void => {
  for (const node of nodes) {
    BUILT_IN_CODES.add(node.code);
    collect(node.children ?? []);
  }
};
collect(MENU_TREE);

/** The built-in administrator role holds every menu (its menus cannot be edited on the role screen). */
const ADMIN_ROLE = 'admin';

/**
 * Where an entry may sit: a button inside a page (its permission value is an action of that page);
 * directories and pages at the top or inside a directory, so the sidebar stays a tree of groups and routes.
 */
export function fitsUnder(kind: MenuKind, parentKind: MenuKind | null): boolean {
  if (kind === 'button') return parentKind === 'page';
  return parentKind === null || parentKind === 'directory';
}

function columns(menu: MenuForm) {
  return {
    parentId: menu.parentId ?? null,
    kind: menu.kind,
    name: menu.name,
    nameEn: menu.nameEn || null,
    url: menu.url,
    permission: menu.permission,
    icon: menu.kind === 'button' ? '' : menu.icon,
    sort: menu.sort,
    enabled: menu.enabled,
    remark: menu.remark || null,
    hidden: menu.hidden,
    alwaysShow: menu.alwaysShow,
    noCache: menu.noCache,
    isCustomPage: menu.isCustomPage,
    customPageParam: menu.isCustomPage ? menu.customPageParam : null,
    isHomePage: menu.isHomePage,
    position: menu.position || null,
    isExternalLink: menu.isExternalLink,
  };
}

async function kindOf(tx: Tx, id: number): Promise<MenuKind> {
  const [row] = await tx.select({ kind: menus.kind }).from(menus).where(eq(menus.id, id));
  if (!row) throw notFound();
  return row.kind as MenuKind;
}

/** Refuses a parent that is the menu itself or one of its descendants (the tree would lose a branch). */
async function checkNoCycle(tx: Tx, id: number, parentId: number | null): Promise<void> {
  let current = parentId;
  const seen = new Set<number>();
  while (current !== null) {
    if (current === id) throw badRequest('menus.parentCycle');
    if (seen.has(current)) break;
    seen.add(current);
    const [row] = await tx.select({ parentId: menus.parentId }).from(menus).where(eq(menus.id, current));
    current = row?.parentId ?? null;
  }
}

async function checkPlace(tx: Tx, kind: MenuKind, parentId: number | null): Promise<void> {
  const parentKind = parentId === null ? null : await kindOf(tx, parentId);
  if (!fitsUnder(kind, parentKind)) throw badRequest('menus.parentKind');
}

export async function createMenu(db: Db, menu: MenuForm): Promise<number> {
  return db.transaction(async (tx) => {
    await checkPlace(tx, menu.kind, menu.parentId ?? null);
    // The code is the seed's stable key; an administrator's entry gets its own, never one the seed uses.
    const [created] = await tx.insert(menus).values({ ...columns(menu), code: `custom.${randomUUID()}` }).returning({ id: menus.id });
    const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, ADMIN_ROLE));
    if (admin) await tx.insert(roleMenus).values({ roleId: admin.id, menuId: created!.id }).onConflictDoNothing();
    return created!.id;
  });
}

export async function updateMenu(db: Db, menu: MenuForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ code: menus.code, permission: menus.permission }).from(menus).where(eq(menus.id, menu.id)).for('update');
    if (!current) throw notFound();
    // Renaming a built-in permission value would lock every role (the administrator's too) out of its calls.
    if (BUILT_IN_CODES.has(current.code) && current.permission !== menu.permission) throw badRequest('menus.builtInPermission');
    const parentId = menu.parentId ?? null;
    await checkNoCycle(tx, menu.id, parentId);
    await checkPlace(tx, menu.kind, parentId);
    // The entries under it must still fit under its (possibly new) kind.
    const children = await tx.select({ kind: menus.kind }).from(menus).where(eq(menus.parentId, menu.id));
    if (children.some((child) => !fitsUnder(child.kind as MenuKind, menu.kind))) throw badRequest('menus.parentKind');
    await tx.update(menus).set(columns(menu)).where(eq(menus.id, menu.id));
  });
}

export async function deleteMenus(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: menus.id, name: menus.name }).from(menus).where(inArray(menus.id, ids)).for('update');
    if (found.length !== new Set(ids).size) throw notFound();
    const [child] = await tx.select({ parentId: menus.parentId }).from(menus).where(inArray(menus.parentId, ids)).limit(1);
    if (child) throw conflict('menus.hasChildren', { name: found.find((menu) => menu.id === child.parentId)!.name });
    // Roles lose the menu with it (the foreign key would cascade too; said here so it is not a surprise).
    await tx.delete(roleMenus).where(inArray(roleMenus.menuId, ids));
    await tx.delete(menus).where(inArray(menus.id, ids));
  });
}

async function siblingsOf(tx: Tx, parentId: number | null): Promise<number[]> {
  const rows = await tx
    .select({ id: menus.id })
    .from(menus)
    .where(parentId === null ? isNull(menus.parentId) : eq(menus.parentId, parentId))
    .orderBy(asc(menus.sort), asc(menus.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Numbers the siblings 1, 2, 3 ... in the given order, so equal sorts never leave the order undecided. */
async function renumber(tx: Tx, parentId: number | null, ordered: number[]): Promise<void> {
  for (const [index, id] of ordered.entries()) await tx.update(menus).set({ sort: index + 1, parentId }).where(eq(menus.id, id));
}

/** Moves a menu one place up or down among its siblings. */
export async function moveMenu(db: Db, id: number, direction: 'up' | 'down'): Promise<void> {
  await db.transaction(async (tx) => {
    const [menu] = await tx.select({ parentId: menus.parentId }).from(menus).where(eq(menus.id, id));
    if (!menu) throw notFound();
    const ordered = await siblingsOf(tx, menu.parentId);
    const index = ordered.indexOf(id);
    const other = direction === 'up' ? index - 1 : index + 1;
    if (other < 0 || other >= ordered.length) return;
    [ordered[index], ordered[other]] = [ordered[other]!, ordered[index]!];
    await renumber(tx, menu.parentId, ordered);
  });
}

/**
 * Drag and drop: the entries of one parent in their new order. Every current entry of that parent is
 * listed once; an entry from elsewhere in the list is moved under the parent (where it must fit).
 */
export async function reorderMenus(db: Db, parentId: number | null, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (new Set(ids).size !== ids.length) throw badRequest('menus.reorderSiblings');
    const current = await siblingsOf(tx, parentId);
    if (current.some((id) => !ids.includes(id))) throw badRequest('menus.reorderSiblings');
    const incoming = ids.filter((id) => !current.includes(id));
    if (incoming.length) {
      const found = await tx.select({ id: menus.id, kind: menus.kind }).from(menus).where(inArray(menus.id, incoming)).for('update');
      if (found.length !== incoming.length) throw notFound();
      const parentKind = parentId === null ? null : await kindOf(tx, parentId);
      for (const menu of found) {
        await checkNoCycle(tx, menu.id, parentId);
        if (!fitsUnder(menu.kind as MenuKind, parentKind)) throw badRequest('menus.parentKind');
      }
    }
    await renumber(tx, parentId, ids);
  });
}
