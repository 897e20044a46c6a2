import { exportQuerySchema, idBodySchema, idsSchema, type Language, type MessageKey, pagedQuerySchema } from '@campus/contract';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { queryRows, type Db, type DbOrTx, type Tx } from '../db/client.ts';
import { ok } from './envelope.ts';
import { badRequest, conflict, notFound } from './errors.ts';
import { buildWorkbook, EXPORT_ROW_LIMIT, exportFileName, sendWorkbook, type ExportColumn } from './excel.ts';
import { t } from './i18n.ts';
import type { ListRequest } from './listing.ts';

/**
 * One record list of the campus screens with the calls of docs/api.md "New calls": page, get, create,
 * update, delete and export. The screens differ only in their queries, rules and columns, so each module
 * describes those and this registers the routes the same way for all of them.
 */
export interface Resource<Row, Form extends { id?: number }, Search, Sort extends string> {
  /** e.g. '/api/system/buildings' */
  path: string;
  /** The page permission, e.g. 'system:building'; writes need ':edit', deletes ':delete'. */
  permission: string;
  /** Operation-log module, e.g. 'system.building'. */
  auditModule: string;
  summary: string;
  list: { parse: (query: never) => ListRequest<Search, Sort> };
  /** `language` is the caller's, for lists that name records in it (most show the school's own names). */
  fetch: (db: DbOrTx, request: ListRequest<Search, Sort>, withTotal: boolean, language: Language) => Promise<{ total: number; rows: Row[] }>;
  find: (db: DbOrTx, id: number, language: Language) => Promise<Row | undefined>;
  form: z.ZodType<Form>;
  create: (db: Db, form: Form) => Promise<number>;
  update: (db: Db, form: Form & { id: number }, language: Language) => Promise<void>;
  remove: (db: Db, ids: number[]) => Promise<void>;
  exportName: MessageKey;
  /**
   * The right to export, when the page's readers should not take the list away: an export right makes its
   * holders sign in with a second factor (session/auth/mfa.ts). The page permission by default.
   */
  exportPermission?: string;
  columns: (request: FastifyRequest) => ExportColumn<Row>[];
}

export function registerResource<Row, Form extends { id?: number }, Search, Sort extends string>(
  fastify: FastifyInstance,
  resource: Resource<Row, Form, Search, Sort>,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const VIEW = { permission: resource.permission };
  const EDIT = { permission: `${resource.permission}:edit` };
  const DELETE = { permission: `${resource.permission}:delete` };
  const audit = (operation: string) => ({ module: resource.auditModule, operation });
  const tags = ['system'];
  const parse = resource.list.parse as (query: unknown) => ListRequest<Search, Sort>;

  app.post(
    `${resource.path}/page`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: `${resource.summary}, paged`, body: pagedQuerySchema } },
    async (request) => ok(await resource.fetch(database.db, parse(request.body), true, request.language)),
  );
  app.post(
    `${resource.path}/get`,
    { config: { access: VIEW, readOnly: true }, schema: { tags, summary: `One of ${resource.summary}`, body: idBodySchema } },
    async (request) => {
      const row = await resource.find(database.db, request.body.id, request.language);
      if (!row) throw notFound();
      return ok(row);
    },
  );
  app.post(
    `${resource.path}/create`,
    { config: { access: EDIT, audit: audit('create') }, schema: { tags, summary: `Add to ${resource.summary}`, body: resource.form } },
    async (request) => ok({ id: await resource.create(database.db, request.body as Form) }, t(request, 'common.created')),
  );
  app.post(
    `${resource.path}/update`,
    { config: { access: EDIT, audit: audit('update') }, schema: { tags, summary: `Modify one of ${resource.summary}`, body: resource.form } },
    async (request) => {
      const form = request.body as Form;
      if (!form.id) throw badRequest();
      await resource.update(database.db, form as Form & { id: number }, request.language);
      return ok(null, t(request, 'common.updated'));
    },
  );
  app.post(
    `${resource.path}/delete`,
    { config: { access: DELETE, audit: audit('delete') }, schema: { tags, summary: `Delete from ${resource.summary} (refused while in use)`, body: idsSchema } },
    async (request) => {
      await resource.remove(database.db, [...new Set(request.body.ids)]);
      return ok(null, t(request, 'common.deleted'));
    },
  );
  app.get(
    `${resource.path}/export`,
    { config: { access: resource.exportPermission ? { permission: resource.exportPermission } : VIEW }, schema: { tags, summary: `${resource.summary} as an Excel file (same search and sort as the list)`, querystring: exportQuerySchema } },
    async (request, reply) => {
      const list = parse({ ...request.query, currPage: 0, limit: EXPORT_ROW_LIMIT + 1 });
      const { rows } = await resource.fetch(database.db, list, false, request.language);
      const truncated = rows.length > EXPORT_ROW_LIMIT;
      const name = t(request, resource.exportName);
      const content = await buildWorkbook<Row>(
        name,
        resource.columns(request),
        rows.slice(0, EXPORT_ROW_LIMIT),
        truncated ? t(request, 'common.exportTruncated', { limit: EXPORT_ROW_LIMIT }) : undefined,
      );
      return sendWorkbook(reply, exportFileName(name), content);
    },
  );
}

/** `IN (...)` of ids for raw SQL; `(NULL)` when empty so the query stays valid. */
export function idList(ids: readonly number[]): SQL {
  return ids.length ? sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql`(NULL)`;
}

/** Locks the rows and refuses when one of the ids does not exist (nothing is deleted then). */
export async function lockAll(tx: Tx, table: string, ids: number[], idColumn = 'id'): Promise<{ id: number; name: string }[]> {
  const rows = await queryRows<{ id: number; name: string }>(
    tx,
    sql`SELECT ${sql.identifier(idColumn)} AS id, name FROM ${sql.identifier(table)} WHERE ${sql.identifier(idColumn)} IN ${idList(ids)} FOR UPDATE`,
  );
  if (rows.length !== ids.length) throw notFound();
  return rows;
}

/**
 * Refuses a delete when one of the records is still used: `probe` answers the id of the first record in
 * use (or none) and the message names it.
 */
export async function refuseIfUsed(tx: Tx, rows: { id: number; name: string }[], probe: SQL, key: MessageKey): Promise<void> {
  const [used] = await queryRows<{ id: number }>(tx, probe);
  if (used) throw conflict(key, { name: rows.find((row) => row.id === Number(used.id))?.name ?? '' });
}

/** Refuses a code another record of the same table already holds ('Code has already been occupied'). */
export async function refuseTakenCode(tx: Tx, column: AnyColumn, table: string, code: string, exceptId?: number): Promise<void> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM ${sql.identifier(table)} WHERE lower(${sql.identifier(column.name)}) = lower(${code}) ${exceptId ? sql`AND id <> ${exceptId}` : sql``} LIMIT 1`,
  );
  if (rows.length) throw conflict('common.codeTaken');
}

/** Numeric columns come back from the driver as strings; the wire carries numbers. */
export const toNumber = (value: string | number | null | undefined): number | null => (value === null || value === undefined || value === '' ? null : Number(value));

/** yyyy-mm-dd of a date column (drizzle answers strings for `date`, but be safe with Date objects). */
export const toDay = (value: string | Date): string => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

export const yesNo = (request: FastifyRequest, value: boolean): string => t(request, value ? 'common.yes' : 'common.no');
