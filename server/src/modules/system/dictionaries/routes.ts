import { dictionaryItemFormSchema, dictionaryItemPublishSchema, type DictionaryItemRow, dictionaryTableFormSchema, dictionaryTableGetSchema, dictionaryTableNamesSchema, dictionaryTablePublishSchema, exportQuerySchema, idBodySchema, idsSchema, pagedQuerySchema } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/envelope.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { findItem, findTable, itemList, listItems, listTables, tableList } from './queries.ts';
import { createItem, createTable, deleteItems, deleteTables, publishItems, publishTables, updateItem, updateTable } from './service.ts';

const VIEW = { permission: 'system:dictionary' } as const;
const EDIT = { permission: 'system:dictionary:edit' } as const;
const DELETE = { permission: 'system:dictionary:delete' } as const;
const audit = (operation: string) => ({ module: 'system.dictionary', operation });

/**
 * /xtgl/zdgl (issue 4, item 4): dictionary tables and their items. /dicts and /dict/2.0/dicts answer
 * only published items of published tables, so publishing is what makes a change visible.
 */
export async function dictionaryAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const base = '/api/system/dictionaries';

  app.post(
    `${base}/tables/page`,
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'Dictionary tables, paged, with their item counts', body: pagedQuerySchema } },
    async (request) => ok(await listTables(database.db, tableList.parse(request.body))),
  );

  app.post(
    `${base}/tables/get`,
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'One dictionary table', body: dictionaryTableGetSchema } },
    async (request) => {
      const table = await findTable(database.db, request.body.tableName);
      if (!table) throw notFound();
      return ok(table);
    },
  );

  app.post(
    `${base}/tables/create`,
    { config: { access: EDIT, audit: audit('createTable') }, schema: { tags: ['system'], summary: 'Add a dictionary table (STD_ plus a capital letter, at most 40 characters, unique)', body: dictionaryTableFormSchema } },
    async (request) => {
      await createTable(database.db, request.body);
      return ok({ tableName: request.body.tableName }, t(request, 'common.created'));
    },
  );

  app.post(
    `${base}/tables/update`,
    { config: { access: EDIT, audit: audit('updateTable') }, schema: { tags: ['system'], summary: 'Modify a dictionary table (its name is fixed)', body: dictionaryTableFormSchema } },
    async (request) => {
      await updateTable(database.db, request.body);
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    `${base}/tables/delete`,
    { config: { access: DELETE, audit: audit('deleteTable') }, schema: { tags: ['system'], summary: 'Delete dictionary tables with their items (not those the application reads)', body: dictionaryTableNamesSchema } },
    async (request) => {
      await deleteTables(database.db, request.body.tableNames);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.post(
    `${base}/tables/publish`,
    { config: { access: EDIT, audit: audit('publishTable') }, schema: { tags: ['system'], summary: 'Publish or withdraw dictionary tables', body: dictionaryTablePublishSchema } },
    async (request) => {
      await publishTables(database.db, request.body.tableNames, request.body.published);
      return ok(null, t(request, request.body.published ? 'dictTables.published' : 'dictTables.unpublished'));
    },
  );

  app.post(
    `${base}/items/page`,
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'Dictionary items, paged (search: tableName, keyword, enabled, published)', body: pagedQuerySchema } },
    async (request) => ok(await listItems(database.db, itemList.parse(request.body))),
  );

  app.post(
    `${base}/items/get`,
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'One dictionary item with every field', body: idBodySchema } },
    async (request) => {
      const item = await findItem(database.db, request.body.id);
      if (!item) throw notFound();
      return ok(item);
    },
  );

  app.post(
    `${base}/items/create`,
    { config: { access: EDIT, audit: audit('createItem') }, schema: { tags: ['system'], summary: 'Add a dictionary item (code unique in its table)', body: dictionaryItemFormSchema } },
    async (request) => ok({ id: await createItem(database.db, request.body) }, t(request, 'common.created')),
  );

  app.post(
    `${base}/items/update`,
    { config: { access: EDIT, audit: audit('updateItem') }, schema: { tags: ['system'], summary: 'Modify a dictionary item (an item in use keeps its code)', body: dictionaryItemFormSchema } },
    async (request) => {
      if (!request.body.id) throw badRequest();
      await updateItem(database.db, { ...request.body, id: request.body.id });
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    `${base}/items/delete`,
    { config: { access: DELETE, audit: audit('deleteItem') }, schema: { tags: ['system'], summary: 'Delete dictionary items no record uses', body: idsSchema } },
    async (request) => {
      await deleteItems(database.db, request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.post(
    `${base}/items/publish`,
    { config: { access: EDIT, audit: audit('publishItem') }, schema: { tags: ['system'], summary: 'Publish or withdraw dictionary items', body: dictionaryItemPublishSchema } },
    async (request) => {
      await publishItems(database.db, request.body.ids, request.body.published);
      return ok(null, t(request, request.body.published ? 'dictItems.published' : 'dictItems.unpublished'));
    },
  );

  app.get(
    `${base}/items/export`,
    { config: { access: VIEW }, schema: { tags: ['system'], summary: 'Dictionary items as an Excel file (same search and sort as the list)', querystring: exportQuerySchema } },
    async (request, reply) => {
      const list = itemList.parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT + 1 });
      const { rows } = await listItems(database.db, list, false);
      const truncated = rows.length > EXPORT_ROW_LIMIT;
      const yes = t(request, 'common.yes');
      const no = t(request, 'common.no');
      const tag = (n: 1 | 2 | 3 | 4 | 5) => ({ header: t(request, 'dictItems.tag', { n }), value: (item: DictionaryItemRow) => item[`tag${n}`] });
      const content = await buildWorkbook<DictionaryItemRow>(
        t(request, 'dictItems.exportName'),
        [
          { header: t(request, 'dictTables.tableName'), value: (i) => i.tableName, width: 24 },
          { header: t(request, 'dictItems.code'), value: (i) => i.code, width: 14 },
          { header: t(request, 'dictItems.name'), value: (i) => i.name, width: 20 },
          { header: t(request, 'dictItems.nameEn'), value: (i) => i.nameEn, width: 20 },
          { header: t(request, 'dictItems.sort'), value: (i) => i.sort },
          { header: t(request, 'dictItems.parentCode'), value: (i) => i.parentCode },
          { header: t(request, 'dictItems.level'), value: (i) => i.level },
          { header: t(request, 'dictItems.alias'), value: (i) => i.alias },
          { header: t(request, 'dictItems.shortName'), value: (i) => i.shortName },
          tag(1),
          tag(2),
          tag(3),
          tag(4),
          tag(5),
          { header: t(request, 'dictItems.enabled'), value: (i) => (i.enabled ? yes : no) },
          { header: t(request, 'dictItems.publishStatus'), value: (i) => t(request, i.published ? 'dictItems.isPublished' : 'dictItems.isUnpublished') },
          { header: t(request, 'dictItems.source'), value: (i) => i.source },
          { header: t(request, 'dictItems.startDate'), value: (i) => i.startDate },
          { header: t(request, 'dictItems.endDate'), value: (i) => i.endDate },
          { header: t(request, 'dictItems.remark'), value: (i) => i.remark, width: 30 },
        ],
        rows.slice(0, EXPORT_ROW_LIMIT),
        truncated ? t(request, 'common.exportTruncated', { limit: EXPORT_ROW_LIMIT }) : undefined,
      );
      return sendWorkbook(reply, exportFileName(t(request, 'dictItems.exportName')), content);
    },
  );
}
