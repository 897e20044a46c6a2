import { sql } from 'drizzle-orm';
import { evaluationSetSearchSchema, type OpenClassItem, type EvaluationSetFormParsed, type EvaluationSetRow, type PagedResult } from '@campus/contract';
import { evaluationSets } from '../../../db/schema/index.ts';
import { jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import { aliased, countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { idList } from '../../../platform/resource.ts';

/** 评价内容 (/sjpj/pjnr): evaluation sets and their items. */
export const setList = defineList({
  search: evaluationSetSearchSchema,
  sortColumns: { sort: sql`s.sort`, name: sql`s.name`, updatedAt: sql`s.updated_at` },
  defaultSort: { field: 'sort', order: 'asc' },
  tieBreaker: evaluationSets.id,
});
type Search = ReturnType<typeof setList.parse>['search'];

/** The set list's keyword: the set's name. */
const SET_KEYWORD = keywordColumns(evaluationSets.name);

const COLUMNS = sql`
  s.id, s.name, s.description, s.anonymous, s.enabled, s.sort,
  (SELECT coalesce(json_agg(json_build_object('id', i.id, 'name', i.name, 'description', i.description, 'maxScore', i.max_score, 'weight', i.weight) ORDER BY i.sort, i.id), '[]'::json)
     FROM evaluation_set_items i WHERE i.set_id = s.id) AS items,
  (SELECT count(*)::int FROM open_classes o WHERE o.set_id = s.id) AS used`;

type Raw = Omit<EvaluationSetRow, 'items'> & { items: OpenClassItem[] | string };
const toRow = (raw: Raw): EvaluationSetRow => ({ ...raw, items: jsonValue(raw.items) });

export async function listSets(db: DbOrTx, request: ListRequest<Search, keyof typeof setList.spec.sortColumns>, withTotal: boolean): Promise<PagedResult<EvaluationSetRow>> {
  const parts = [sql`TRUE`];
  const keyword = matchKeyword(request.search.keyword, SET_KEYWORD, aliased('s'));
  if (keyword) parts.push(keyword);
  if (request.search.enabled !== undefined) parts.push(sql`s.enabled = ${request.search.enabled}`);
  const where = sql.join(parts, sql` AND `);
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<Raw>(db, sql`
    SELECT ${COLUMNS} FROM evaluation_sets s WHERE ${where}
    ORDER BY ${setList.spec.sortColumns[request.sortField]} ${direction}, s.id ${direction} LIMIT ${request.limit} OFFSET ${request.offset}`);
  const counted = withTotal ? await countMatches(db, sql`SELECT 1 FROM evaluation_sets s WHERE ${where}`, request.search.keyword) : { total: rows.length };
  return { ...counted, rows: rows.map(toRow) };
}

export async function findSet(db: DbOrTx, id: number): Promise<EvaluationSetRow | undefined> {
  const [row] = await queryRows<Raw>(db, sql`SELECT ${COLUMNS} FROM evaluation_sets s WHERE s.id = ${id}`);
  return row ? toRow(row) : undefined;
}

async function refuseTakenName(tx: Tx, name: string, exceptId: number): Promise<void> {
  const [named] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM evaluation_sets WHERE name = ${name} AND id <> ${exceptId}`);
  if (named) throw conflict('openClass.setNameTaken', { name });
}

async function insertItems(tx: Tx, setId: number, items: EvaluationSetFormParsed['items']): Promise<void> {
  await tx.execute(sql`
    INSERT INTO evaluation_set_items (set_id, name, description, max_score, weight, sort)
    SELECT ${setId}, x.name, x.description, x.max_score, x.weight, x.sort
    FROM jsonb_to_recordset(${JSON.stringify(items.map((item, index) => ({ name: item.name, description: item.description, max_score: item.maxScore, weight: item.weight, sort: index + 1 })))}::jsonb)
      AS x(name text, description text, max_score int, weight int, sort int)`);
}

export async function createSet(db: Db, form: EvaluationSetFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    await refuseTakenName(tx, form.name, 0);
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO evaluation_sets (name, description, anonymous, enabled, sort) VALUES (${form.name}, ${form.description}, ${form.anonymous}, ${form.enabled}, ${form.sort})
      RETURNING id`);
    await insertItems(tx, created!.id, form.items);
    return created!.id;
  });
}

const sameItems = (current: OpenClassItem[], items: EvaluationSetFormParsed['items']) =>
  current.length === items.length &&
  current.every((item, index) => {
    const next = items[index]!;
    return item.name === next.name && item.description === next.description && item.maxScore === next.maxScore && item.weight === next.weight;
  });

/**
 * A set an open class uses keeps its items (evaluations and their totals are read against them); its name,
 * description, anonymity and status may still change.
 */
export async function updateSet(db: Db, form: EvaluationSetFormParsed & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM evaluation_sets WHERE id = ${form.id} FOR UPDATE`);
    if (!current) throw notFound();
    await refuseTakenName(tx, form.name, form.id);
    const set = (await findSet(tx, form.id))!;
    if (!sameItems(set.items, form.items)) {
      if (set.used > 0) throw conflict('openClass.setItemsLocked');
      await tx.execute(sql`DELETE FROM evaluation_set_items WHERE set_id = ${form.id}`);
      await insertItems(tx, form.id, form.items);
    }
    await tx.execute(sql`
      UPDATE evaluation_sets SET name = ${form.name}, description = ${form.description}, anonymous = ${form.anonymous}, enabled = ${form.enabled}, sort = ${form.sort},
        updated_at = now()
      WHERE id = ${form.id}`);
  });
}

/** 'The selected option has been in use' for a set an open class uses; nothing is deleted then. */
export async function deleteSets(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM evaluation_sets WHERE id IN ${idList(ids)} ORDER BY id FOR UPDATE`);
    if (rows.length !== ids.length) throw notFound();
    const [used] = await queryRows<{ id: number }>(tx, sql`SELECT set_id AS id FROM open_classes WHERE set_id IN ${idList(ids)} LIMIT 1`);
    if (used) throw conflict('openClass.setInUse');
    await tx.execute(sql`DELETE FROM evaluation_sets WHERE id IN ${idList(ids)}`);
  });
}
