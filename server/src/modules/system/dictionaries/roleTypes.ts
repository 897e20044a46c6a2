import { BUILT_IN_ROLE_TYPES, exportQuerySchema, idBodySchema, idsSchema, type PagedResult, pagedQuerySchema, ROLE_TYPE_DICTIONARY, type RoleTypeCreate, roleTypeCreateSchema, type RoleTypeForm, roleTypeFormSchema, type RoleTypeRow, roleTypeSearchSchema } from '@campus/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { dictionaryItems } from '../../../db/schema/index.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { kindOfItem } from '../roles/types.ts';
import { buildWorkbook, exportFileName, sendWorkbook } from '../../../platform/excel.ts';
import { t } from '../../../platform/i18n.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { checkRoleTypeSwitch } from './service.ts';

const VIEW = { permission: 'system:roleType' } as const;
const EDIT = { permission: 'system:roleType:edit' } as const;
const DELETE = { permission: 'system:roleType:delete' } as const;
const isBuiltIn = (code: string) => (BUILT_IN_ROLE_TYPES as readonly string[]).includes(code);

/**
 * Role types are the items of STD_ROLE_TYPE: they group roles (the picker shows a group per type) and say
 * how their roles work, ordinary or dynamic (tag1). The built-in 'ordinary' and 'dynamic' keep their code
 * and kind; other types can be added, changed and, while no role uses them, deleted.
 */
const roleTypeList = defineList({
  search: roleTypeSearchSchema,
  sortColumns: { code: dictionaryItems.code, name: dictionaryItems.name, sort: dictionaryItems.sort, enabled: dictionaryItems.enabled },
  defaultSort: { field: 'sort', order: 'asc' },
  tieBreaker: dictionaryItems.id,
});

/** The role-type list's keyword: code or name in either language. */
const ROLE_TYPE_KEYWORD = keywordColumns(dictionaryItems.code, dictionaryItems.name, dictionaryItems.nameEn);

const columns = {
  id: dictionaryItems.id,
  code: dictionaryItems.code,
  name: dictionaryItems.name,
  nameEn: dictionaryItems.nameEn,
  sort: dictionaryItems.sort,
  enabled: dictionaryItems.enabled,
  published: dictionaryItems.published,
  remark: dictionaryItems.remark,
  tag1: dictionaryItems.tag1,
  // Spelled out: drizzle leaves columns unqualified inside the subquery, where "code" would be the role's.
  roleCount: sql<number>`(SELECT count(*)::int FROM roles counted WHERE counted.role_type = "dictionary_items"."code")`,
};

function toRow({ tag1, ...row }: Omit<RoleTypeRow, 'kind' | 'builtIn'> & { tag1: string | null }): RoleTypeRow {
  return { ...row, kind: kindOfItem(row.code, tag1), builtIn: isBuiltIn(row.code), roleCount: Number(row.roleCount) };
}

async function listRoleTypes(
  db: DbOrTx,
  request: ListRequest<z.infer<typeof roleTypeSearchSchema>, keyof typeof roleTypeList.spec.sortColumns>,
): Promise<PagedResult<RoleTypeRow>> {
  const parts: SQL[] = [eq(dictionaryItems.tableName, ROLE_TYPE_DICTIONARY)];
  const keyword = matchKeyword(request.search.keyword, ROLE_TYPE_KEYWORD);
  if (keyword) parts.push(keyword);
  const where = and(...parts);
  const rows = await db.select(columns).from(dictionaryItems).where(where).orderBy(...roleTypeList.orderBy(request)).limit(request.limit).offset(request.offset);
  const counted = await countMatches(db, db.select({ one: sql`1` }).from(dictionaryItems).where(where), request.search.keyword);
  return { ...counted, rows: rows.map(toRow) };
}

async function findRoleType(db: DbOrTx, id: number): Promise<RoleTypeRow | undefined> {
  const [row] = await db.select(columns).from(dictionaryItems).where(and(eq(dictionaryItems.id, id), eq(dictionaryItems.tableName, ROLE_TYPE_DICTIONARY)));
  return row ? toRow(row) : undefined;
}

async function createRoleType(db: Db, input: RoleTypeCreate): Promise<number> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: dictionaryItems.id })
      .from(dictionaryItems)
      .where(and(eq(dictionaryItems.tableName, ROLE_TYPE_DICTIONARY), sql`lower(${dictionaryItems.code}) = lower(${input.code})`));
    if (taken) throw conflict('common.codeTaken');
    const [created] = await tx
      .insert(dictionaryItems)
      .values({
        tableName: ROLE_TYPE_DICTIONARY,
        code: input.code,
        name: input.name,
        nameEn: input.nameEn || null,
        tag1: input.kind,
        sort: input.sort,
        enabled: input.enabled,
        published: true,
        remark: input.remark || null,
      })
      .returning({ id: dictionaryItems.id });
    return created!.id;
  });
}

async function deleteRoleTypes(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx
      .select(columns)
      .from(dictionaryItems)
      .where(and(eq(dictionaryItems.tableName, ROLE_TYPE_DICTIONARY), sql`${dictionaryItems.id} IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`))
      .for('update');
    if (found.length !== new Set(ids).size) throw notFound();
    if (found.some((row) => isBuiltIn(row.code))) throw badRequest('roleTypes.builtInFixed');
    if (found.some((row) => Number(row.roleCount) > 0)) throw conflict('roleTypes.inUse');
    await tx.delete(dictionaryItems).where(and(eq(dictionaryItems.tableName, ROLE_TYPE_DICTIONARY), sql`${dictionaryItems.id} IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`));
  });
}

async function updateRoleType(db: Db, input: RoleTypeForm): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ code: dictionaryItems.code, tag1: dictionaryItems.tag1, roleCount: columns.roleCount })
      .from(dictionaryItems)
      .where(and(eq(dictionaryItems.id, input.id), eq(dictionaryItems.tableName, ROLE_TYPE_DICTIONARY)))
      .for('update');
    if (!current) throw notFound();
    checkRoleTypeSwitch(ROLE_TYPE_DICTIONARY, current.code, input.enabled);
    const kind = input.kind ?? kindOfItem(current.code, current.tag1);
    if (kind !== kindOfItem(current.code, current.tag1)) {
      if (isBuiltIn(current.code)) throw badRequest('roleTypes.builtInFixed');
      // Ordinary roles hold menus and users, dynamic ones a query: existing roles cannot switch silently.
      if (Number(current.roleCount) > 0) throw conflict('roleTypes.kindInUse');
    }
    await tx
      .update(dictionaryItems)
      .set({ name: input.name, nameEn: input.nameEn || null, sort: input.sort, enabled: input.enabled, remark: input.remark || null, tag1: isBuiltIn(current.code) ? current.tag1 : kind })
      .where(eq(dictionaryItems.id, input.id));
  });
}

/** /xtgl/jslx: the role types (/components/getRoleType answers the enabled, published ones). */
export async function roleTypeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  app.post(
    '/api/system/roleTypes/page',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'Role types (items of STD_ROLE_TYPE), paged', body: pagedQuerySchema } },
    async (request) => ok(await listRoleTypes(database.db, roleTypeList.parse(request.body))),
  );

  app.post(
    '/api/system/roleTypes/get',
    { config: { access: VIEW, readOnly: true }, schema: { tags: ['system'], summary: 'One role type', body: idBodySchema } },
    async (request) => {
      const found = await findRoleType(database.db, request.body.id);
      if (!found) throw notFound();
      return ok(found);
    },
  );

  app.post(
    '/api/system/roleTypes/update',
    {
      config: { access: EDIT, audit: { module: 'system.roleType', operation: 'update' } },
      schema: { tags: ['system'], summary: 'Rename, sort or switch a role type (codes are fixed; ordinary stays enabled)', body: roleTypeFormSchema },
    },
    async (request) => {
      await updateRoleType(database.db, request.body);
      return ok(null, t(request, 'common.updated'));
    },
  );

  app.post(
    '/api/system/roleTypes/create',
    {
      config: { access: EDIT, audit: { module: 'system.roleType', operation: 'create' } },
      schema: { tags: ['system'], summary: 'Add a role type (code, names, ordinary or dynamic)', body: roleTypeCreateSchema },
    },
    async (request) => ok({ id: await createRoleType(database.db, request.body) }, t(request, 'common.created')),
  );

  app.post(
    '/api/system/roleTypes/delete',
    {
      config: { access: DELETE, audit: { module: 'system.roleType', operation: 'delete' } },
      schema: { tags: ['system'], summary: 'Delete role types no role uses (never the built-in ones)', body: idsSchema },
    },
    async (request) => {
      await deleteRoleTypes(database.db, request.body.ids);
      return ok(null, t(request, 'common.deleted'));
    },
  );

  app.get(
    '/api/system/roleTypes/export',
    { config: { access: VIEW }, schema: { tags: ['system'], summary: 'The role types as an Excel file', querystring: exportQuerySchema } },
    async (request, reply) => {
      const { rows } = await listRoleTypes(database.db, roleTypeList.parse({ ...request.query, currPage: 0, limit: 500 }));
      const content = await buildWorkbook<RoleTypeRow>(
        t(request, 'roleTypes.exportName'),
        [
          { header: t(request, 'roleTypes.code'), value: (r) => r.code, width: 14 },
          { header: t(request, 'roleTypes.kind'), value: (r) => t(request, `roleTypes.kind.${r.kind}`), width: 24 },
          { header: t(request, 'dictItems.name'), value: (r) => r.name, width: 18 },
          { header: t(request, 'dictItems.nameEn'), value: (r) => r.nameEn, width: 18 },
          { header: t(request, 'dictItems.sort'), value: (r) => r.sort },
          { header: t(request, 'dictItems.enabled'), value: (r) => t(request, r.enabled ? 'common.yes' : 'common.no') },
          { header: t(request, 'roleTypes.roleCount'), value: (r) => r.roleCount },
          { header: t(request, 'dictItems.remark'), value: (r) => r.remark, width: 30 },
        ],
        rows,
      );
      return sendWorkbook(reply, exportFileName(t(request, 'roleTypes.exportName')), content);
    },
  );
}
