import type { MenuDetail, MenuKind, MenuNode } from '@campus/contract';
import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { menus, roleMenus } from '../../../db/schema/index.ts';

/** Every menu (buttons included) as a tree ordered by sort, for the menu and role screens. */
export async function menuTree(db: DbOrTx): Promise<MenuNode[]> {
  const rows = await db
    .select({
      id: menus.id,
      parentId: menus.parentId,
      code: menus.code,
      name: menus.name,
      nameEn: menus.nameEn,
      url: menus.url,
      permission: menus.permission,
      icon: menus.icon,
      sort: menus.sort,
      enabled: menus.enabled,
      kind: menus.kind,
    })
    .from(menus)
    .orderBy(menus.sort, menus.id);
  const nodes = new Map<number, MenuNode>();
  for (const { parentId: _parent, ...row } of rows) nodes.set(row.id, { ...row, kind: row.kind as MenuNode['kind'], children: [] });
  const roots: MenuNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

const detailColumns = {
  id: menus.id,
  parentId: menus.parentId,
  code: menus.code,
  kind: menus.kind,
  name: menus.name,
  nameEn: menus.nameEn,
  url: menus.url,
  permission: menus.permission,
  icon: menus.icon,
  sort: menus.sort,
  enabled: menus.enabled,
  remark: menus.remark,
  hidden: menus.hidden,
  alwaysShow: menus.alwaysShow,
  noCache: menus.noCache,
  isCustomPage: menus.isCustomPage,
  customPageParam: menus.customPageParam,
  isHomePage: menus.isHomePage,
  position: menus.position,
  isExternalLink: menus.isExternalLink,
};

const selectDetails = (db: DbOrTx) => db.select(detailColumns).from(menus);
type DetailRow = Awaited<ReturnType<typeof selectDetails>>[number];

function toDetail(row: DetailRow, roleCount: number, childCount: number): MenuDetail {
  return {
    ...row,
    kind: row.kind as MenuKind,
    nameEn: row.nameEn ?? '',
    remark: row.remark ?? '',
    customPageParam: row.customPageParam ?? '',
    position: row.position === 'top' ? 'top' : '',
    roleCount,
    childCount,
  };
}

/** One menu with every column of the admin form, how many roles hold it and how many entries it has. */
export async function findMenu(db: DbOrTx, id: number): Promise<MenuDetail | undefined> {
  const [row] = await selectDetails(db).where(eq(menus.id, id));
  if (!row) return undefined;
  const [[roles], [children]] = await Promise.all([
    db.select({ n: count() }).from(roleMenus).where(eq(roleMenus.menuId, id)),
    db.select({ n: count() }).from(menus).where(eq(menus.parentId, id)),
  ]);
  return toDetail(row, roles!.n, children!.n);
}

/** Every menu with its details in tree order (depth-first, by sort), for the Excel export. */
export async function menusInTreeOrder(db: DbOrTx): Promise<(MenuDetail & { depth: number })[]> {
  const rows = await selectDetails(db).orderBy(menus.sort, menus.id);
  const roleCounts = new Map((await db.select({ menuId: roleMenus.menuId, n: count() }).from(roleMenus).groupBy(roleMenus.menuId)).map((r) => [r.menuId, r.n]));
  const children = new Map<number | null, DetailRow[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const result: (MenuDetail & { depth: number })[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const row of children.get(parentId) ?? []) {
      result.push({ ...toDetail(row, roleCounts.get(row.id) ?? 0, children.get(row.id)?.length ?? 0), depth });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return result;
}
