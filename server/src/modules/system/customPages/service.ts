import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { CustomBlock, CustomPageForm, CustomPageRow, CustomPageView, Language, PagedResult } from '@campus/contract';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { customPages, files, menus, roleMenus, roles } from '../../../db/schema/index.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { registerFileReadRule, registerFileReference } from '../../shared/files/service.ts';

/** The permission value of a published custom page's menu entry. */
export const customPagePermission = (param: string) => `customPage:${param}`;
const ADMIN_ROLE = 'admin';

// Pictures of a published page are readable by whoever may open the page (holds its menu's permission);
// a picture a page still shows is never deleted.
registerFileReadRule(
  'customPageImage',
  (_auth, permissions, fileId) => sql`EXISTS (
    SELECT 1 FROM custom_pages cp
    WHERE cp.published AND cp.layout @> jsonb_build_array(jsonb_build_object('fileId', ${fileId}::text))
      AND ('customPage:' || cp.param) = ANY(${sql.param([...permissions])}::text[]))`,
);
registerFileReference((fileId) => sql`EXISTS (SELECT 1 FROM custom_pages cp WHERE cp.layout @> jsonb_build_array(jsonb_build_object('fileId', ${fileId}::text)))`);

export const customPageList = defineList({
  search: z.object({ keyword: z.string().trim().max(100, 'validation.tooLong').optional(), published: z.boolean().optional() }).strip(),
  sortColumns: { param: customPages.param, title: customPages.title, updatedAt: customPages.updatedAt },
  defaultSort: { field: 'updatedAt', order: 'desc' },
  tieBreaker: customPages.id,
});
type PageSort = keyof typeof customPageList.spec.sortColumns;
type PageSearch = { keyword?: string; published?: boolean };

/** The page list's keyword: the page's parameter or title. */
const PAGE_KEYWORD = keywordColumns(customPages.param, customPages.title);

const rowColumns = {
  id: customPages.id,
  param: customPages.param,
  title: customPages.title,
  titleEn: customPages.titleEn,
  published: customPages.published,
  menuId: customPages.menuId,
  blockCount: sql<number>`jsonb_array_length(${customPages.layout})`,
  updatedAt: customPages.updatedAt,
  updatedBy: customPages.updatedBy,
  remark: customPages.remark,
};
const toRow = (row: Omit<CustomPageRow, 'updatedAt'> & { updatedAt: Date }): CustomPageRow => ({ ...row, updatedAt: row.updatedAt.toISOString() });

export async function listCustomPages(db: DbOrTx, request: ListRequest<PageSearch, PageSort>): Promise<PagedResult<CustomPageRow>> {
  const parts: SQL[] = [];
  const keyword = matchKeyword(request.search.keyword, PAGE_KEYWORD);
  if (keyword) parts.push(keyword);
  if (request.search.published !== undefined) parts.push(eq(customPages.published, request.search.published));
  const where = parts.length ? and(...parts) : undefined;
  const rows = await db.select(rowColumns).from(customPages).where(where).orderBy(...customPageList.orderBy(request)).limit(request.limit).offset(request.offset);
  const counted = await countMatches(db, db.select({ one: sql`1` }).from(customPages).where(where), request.search.keyword);
  return { ...counted, rows: rows.map(toRow) };
}

export async function findCustomPage(db: DbOrTx, id: number) {
  const [row] = await db.select({ ...rowColumns, layout: customPages.layout }).from(customPages).where(eq(customPages.id, id));
  return row && { ...toRow(row), layout: row.layout as CustomBlock[] };
}

/** Every picture a layout shows must be an uploaded custom-page picture. */
async function checkLayoutFiles(db: DbOrTx, layout: CustomBlock[]): Promise<void> {
  const ids = [...new Set(layout.flatMap((block) => (block.type === 'image' && block.fileId ? [block.fileId] : [])))];
  if (!ids.length) return;
  const found = await db.select({ id: files.id }).from(files).where(and(inArray(files.id, ids), eq(files.purpose, 'customPageImage')));
  if (found.length !== ids.length) throw badRequest('customPages.unknownFile');
}

export async function saveCustomPage(db: Db, auth: AuthContext, page: CustomPageForm): Promise<number> {
  return db.transaction(async (tx) => {
    await checkLayoutFiles(tx, page.layout);
    const [taken] = await tx.select({ id: customPages.id }).from(customPages).where(eq(customPages.param, page.param));
    if (taken && taken.id !== page.id) throw conflict('customPages.paramTaken');
    const values = { param: page.param, title: page.title, titleEn: page.titleEn || null, layout: page.layout, remark: page.remark || null, updatedAt: new Date(), updatedBy: auth.account };
    if (!page.id) {
      const [created] = await tx.insert(customPages).values(values).returning({ id: customPages.id });
      return created!.id;
    }
    const [current] = await tx.select({ menuId: customPages.menuId, param: customPages.param }).from(customPages).where(eq(customPages.id, page.id)).for('update');
    if (!current) throw notFound();
    await tx.update(customPages).set(values).where(eq(customPages.id, page.id));
    // A published page's menu entry follows its title and parameter.
    if (current.menuId) {
      await tx
        .update(menus)
        .set({ name: page.title, nameEn: page.titleEn || null, url: `/customPreview/${page.param}`, permission: customPagePermission(page.param), customPageParam: page.param, code: `custom.${page.param}` })
        .where(eq(menus.id, current.menuId));
    }
    return page.id;
  });
}

export async function deleteCustomPages(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: customPages.id, published: customPages.published }).from(customPages).where(inArray(customPages.id, ids)).for('update');
    if (found.length !== new Set(ids).size) throw notFound();
    if (found.some((page) => page.published)) throw conflict('customPages.publishedNoDelete');
    await tx.delete(customPages).where(inArray(customPages.id, ids));
  });
}

/** Publishes a page as a menu entry under a directory, held by the administrator role and the given roles. */
export async function publishCustomPage(db: Db, id: number, parentMenuId: number, roleCodes: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [page] = await tx.select().from(customPages).where(eq(customPages.id, id)).for('update');
    if (!page) throw notFound();
    const [parent] = await tx.select({ kind: menus.kind }).from(menus).where(eq(menus.id, parentMenuId));
    if (!parent) throw notFound();
    if (parent.kind !== 'directory') throw badRequest('customPages.parentNotDirectory');
    const wanted = [...new Set([ADMIN_ROLE, ...roleCodes])];
    const roleRows = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.code, wanted));
    if (roleRows.length !== wanted.length) throw badRequest('homeCards.unknownRole');
    const entry = {
      parentId: parentMenuId,
      name: page.title,
      nameEn: page.titleEn,
      url: `/customPreview/${page.param}`,
      permission: customPagePermission(page.param),
      icon: 'FileTextOutlined',
      kind: 'page',
      isCustomPage: true,
      customPageParam: page.param,
    };
    let menuId = page.menuId;
    if (menuId) {
      await tx.update(menus).set(entry).where(eq(menus.id, menuId));
      await tx.delete(roleMenus).where(eq(roleMenus.menuId, menuId));
    } else {
      const [{ next }] = await queryRows<{ next: number }>(tx, sql`SELECT coalesce(max(sort), 0) + 1 AS next FROM menus WHERE parent_id = ${parentMenuId}`);
      const [created] = await tx.insert(menus).values({ ...entry, code: `custom.${page.param}`, sort: next }).returning({ id: menus.id });
      menuId = created!.id;
    }
    await tx.insert(roleMenus).values(roleRows.map((role) => ({ roleId: role.id, menuId: menuId! })));
    await tx.update(customPages).set({ published: true, menuId }).where(eq(customPages.id, id));
  });
}

export async function unpublishCustomPage(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [page] = await tx.select({ menuId: customPages.menuId }).from(customPages).where(eq(customPages.id, id)).for('update');
    if (!page) throw notFound();
    if (page.menuId) await tx.delete(menus).where(eq(menus.id, page.menuId));
    await tx.update(customPages).set({ published: false, menuId: null }).where(eq(customPages.id, id));
  });
}

/** A published page for someone who holds its menu entry. */
export async function viewCustomPage(db: DbOrTx, permissions: Set<string>, param: string, language: Language): Promise<CustomPageView> {
  const [page] = await db.select().from(customPages).where(eq(customPages.param, param)).orderBy(desc(customPages.id));
  if (!page) throw notFound();
  if (!page.published) throw notFound('customPages.notPublished');
  if (!permissions.has(customPagePermission(param))) throw forbidden();
  return { param, title: (language === 'en' && page.titleEn) || page.title, layout: page.layout as CustomBlock[] };
}
