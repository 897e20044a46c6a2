import { sql, type SQL } from 'drizzle-orm';
import { fundSearchSchema, type FundEntryFormParsed, type FundEntryRow, type FundSummary, type PagedResult } from '@campus/contract';
import { classFundEntries } from '../../../db/schema/index.ts';
import { intArray, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { aliased, countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { schoolToday } from '../../timetable/views/service.ts';
import { classFor, lockClass } from '../common.ts';

export const fundList = defineList({
  search: fundSearchSchema,
  sortColumns: { entryDate: sql`f.entry_date` },
  defaultSort: { field: 'entryDate', order: 'desc' },
  tieBreaker: classFundEntries.id,
});
type Search = ReturnType<typeof fundList.parse>['search'];

/**
 * Every entry of a class with the balance right after it: the running sum in date order, then entry
 * order. Computed over the whole fund before any filter, so a filtered list still shows true balances.
 */
const ledger = (classId: number) => sql`(
  SELECT e.*, sum(CASE WHEN e.direction = 'income' THEN e.amount ELSE -e.amount END)
    OVER (ORDER BY e.entry_date, e.id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS balance
  FROM class_fund_entries e WHERE e.class_id = ${classId}) f`;

const COLUMNS = sql`f.id, to_char(f.entry_date, 'YYYY-MM-DD') AS "entryDate", f.direction, f.amount::text AS amount, f.purpose, f.handler, f.notes,
  to_char(f.balance, 'FM9999999990.00') AS balance`;

/** The fund list's keyword: purpose, handler or notes. */
const FUND_KEYWORD = keywordColumns(classFundEntries.purpose, classFundEntries.handler, classFundEntries.notes);

function filters(search: Search): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (search.direction) parts.push(sql`f.direction = ${search.direction}`);
  if (search.dateFrom) parts.push(sql`f.entry_date >= ${search.dateFrom}::date`);
  if (search.dateTo) parts.push(sql`f.entry_date <= ${search.dateTo}::date`);
  const keyword = matchKeyword(search.keyword, FUND_KEYWORD, aliased('f'));
  if (keyword) parts.push(keyword);
  return sql.join(parts, sql` AND `);
}

export async function fundSummary(db: DbOrTx, classId: number): Promise<FundSummary> {
  const [row] = await queryRows<FundSummary>(db, sql`
    SELECT to_char(coalesce(sum(amount) FILTER (WHERE direction = 'income'), 0), 'FM9999999990.00') AS income,
      to_char(coalesce(sum(amount) FILTER (WHERE direction = 'expense'), 0), 'FM9999999990.00') AS expense,
      to_char(coalesce(sum(CASE WHEN direction = 'income' THEN amount ELSE -amount END), 0), 'FM9999999990.00') AS balance
    FROM class_fund_entries WHERE class_id = ${classId}`);
  return row!;
}

export async function pageFund(
  db: DbOrTx,
  caller: Caller,
  request: ListRequest<Search, keyof typeof fundList.spec.sortColumns>,
): Promise<PagedResult<FundEntryRow> & { summary: FundSummary }> {
  await classFor(db, caller, request.search.classId);
  const where = filters(request.search);
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const from = ledger(request.search.classId);
  const [rows, counted, summary] = await Promise.all([
    queryRows<FundEntryRow>(db, sql`SELECT ${COLUMNS} FROM ${from} WHERE ${where} ORDER BY f.entry_date ${direction}, f.id ${direction} LIMIT ${request.limit} OFFSET ${request.offset}`),
    countMatches(db, sql`SELECT 1 FROM ${from} WHERE ${where}`, request.search.keyword),
    fundSummary(db, request.search.classId),
  ]);
  return { ...counted, rows, summary };
}

/** The fund may never be below zero at any date: an expense needs the money first, in date order. */
async function checkNeverNegative(tx: Tx, classId: number): Promise<void> {
  const [low] = await queryRows<{ date: string; balance: string }>(tx, sql`
    SELECT to_char(f.entry_date, 'YYYY-MM-DD') AS date, to_char(f.balance, 'FM9999999990.00') AS balance FROM ${ledger(classId)}
    WHERE f.balance < 0 ORDER BY f.entry_date, f.id LIMIT 1`);
  if (low) throw conflict('headTeacher.fundNegative', { date: low.date, balance: low.balance });
}

function checkDate(form: FundEntryFormParsed): void {
  if (form.entryDate > schoolToday()) throw badRequest('headTeacher.futureDate');
}

export async function createFundEntry(db: Db, caller: Caller, form: FundEntryFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    await classFor(tx, caller, form.classId, true);
    checkDate(form);
    await lockClass(tx, form.classId);
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO class_fund_entries (class_id, entry_date, direction, amount, purpose, handler, notes, created_by_user_id)
      VALUES (${form.classId}, ${form.entryDate}::date, ${form.direction}, ${form.amount.toFixed(2)}::numeric, ${form.purpose}, ${form.handler}, ${form.notes}, ${caller.auth.userId})
      RETURNING id`);
    await checkNeverNegative(tx, form.classId);
    return row!.id;
  });
}

async function ownEntry(tx: Tx, caller: Caller, id: number): Promise<number> {
  const [row] = await queryRows<{ classId: number }>(tx, sql`SELECT class_id AS "classId" FROM class_fund_entries WHERE id = ${id}`);
  if (!row) throw notFound();
  await classFor(tx, caller, row.classId, true);
  await lockClass(tx, row.classId);
  return row.classId;
}

export async function updateFundEntry(db: Db, caller: Caller, form: FundEntryFormParsed & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const classId = await ownEntry(tx, caller, form.id);
    if (classId !== form.classId) throw badRequest();
    checkDate(form);
    await tx.execute(sql`
      UPDATE class_fund_entries SET entry_date = ${form.entryDate}::date, direction = ${form.direction}, amount = ${form.amount.toFixed(2)}::numeric,
        purpose = ${form.purpose}, handler = ${form.handler}, notes = ${form.notes}
      WHERE id = ${form.id}`);
    await checkNeverNegative(tx, classId);
  });
}

export async function deleteFundEntries(db: Db, caller: Caller, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const classes = new Set<number>();
    for (const id of [...ids].sort((a, b) => a - b)) classes.add(await ownEntry(tx, caller, id));
    await tx.execute(sql`DELETE FROM class_fund_entries WHERE id = ANY(${intArray(ids)})`);
    // Deleting an income can leave later expenses unpaid for.
    for (const classId of classes) await checkNeverNegative(tx, classId);
  });
}

export async function allFundEntries(db: DbOrTx, caller: Caller, request: ListRequest<Search, 'entryDate'>, limit: number): Promise<FundEntryRow[]> {
  return (await pageFund(db, caller, { ...request, offset: 0, limit })).rows;
}
