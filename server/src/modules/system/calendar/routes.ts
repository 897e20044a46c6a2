import {
  campusKeywordSearchSchema,
  idBodySchema,
  schoolYearFormSchema,
  termFormSchema,
  termSearchSchema,
  termWeeks,
  type SchoolYearForm,
  type SchoolYearRow,
  type TermForm,
  type PagedResult,
  type TermRow,
} from '@campus/contract';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { schoolYears, terms } from '../../../db/schema/index.ts';
import { ok } from '../../../platform/envelope.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import { countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList } from '../../../platform/listing.ts';
import { idList, refuseTakenCode, registerResource, toDay, yesNo } from '../../../platform/resource.ts';

/**
 * /xtgl/xl, the school calendar (issue 4 item 8): school years, their terms, the weeks of a term and the
 * one current term. A term that is current, or that already has teaching classes (timetable cells,
 * elective sessions or 教学班), cannot be deleted, nor can the year that holds it.
 */

const PERMISSION = 'system:calendar';

// ---- School years -------------------------------------------------------------------------------

const yearList = defineList({
  search: campusKeywordSearchSchema,
  sortColumns: { code: schoolYears.code, name: schoolYears.name, startDate: schoolYears.startDate, endDate: schoolYears.endDate },
  defaultSort: { field: 'startDate', order: 'desc' },
  tieBreaker: schoolYears.id,
});

/** The year list's keyword: code or name. */
const YEAR_KEYWORD = keywordColumns(schoolYears.code, schoolYears.name);

const yearColumns = {
  id: schoolYears.id,
  code: schoolYears.code,
  name: schoolYears.name,
  startDate: schoolYears.startDate,
  endDate: schoolYears.endDate,
  termCount: sql<number>`(SELECT count(*)::int FROM terms x WHERE x.school_year_id = "school_years"."id")`,
  hasCurrent: sql<boolean>`EXISTS (SELECT 1 FROM terms x WHERE x.school_year_id = "school_years"."id" AND x.is_current)`,
};

async function listYears(db: DbOrTx, request: ReturnType<typeof yearList.parse>, withTotal: boolean): Promise<PagedResult<SchoolYearRow>> {
  const where = matchKeyword(request.search.keyword, YEAR_KEYWORD);
  const rows = await db.select(yearColumns).from(schoolYears).where(where).orderBy(...yearList.orderBy(request)).limit(request.limit).offset(request.offset);
  const counted = withTotal ? await countMatches(db, db.select({ one: sql`1` }).from(schoolYears).where(where), request.search.keyword) : { total: rows.length };
  return { ...counted, rows: rows.map((row) => ({ ...row, startDate: toDay(row.startDate), endDate: toDay(row.endDate) })) };
}

async function findYear(db: DbOrTx, id: number): Promise<SchoolYearRow | undefined> {
  const [row] = await db.select(yearColumns).from(schoolYears).where(eq(schoolYears.id, id));
  return row && { ...row, startDate: toDay(row.startDate), endDate: toDay(row.endDate) };
}

async function createYear(db: Db, form: SchoolYearForm): Promise<number> {
  return db.transaction(async (tx) => {
    await refuseTakenCode(tx, schoolYears.code, 'school_years', form.code);
    const [created] = await tx.insert(schoolYears).values({ code: form.code, name: form.name, startDate: form.startDate, endDate: form.endDate }).returning({ id: schoolYears.id });
    return created!.id;
  });
}

async function updateYear(db: Db, form: SchoolYearForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(schoolYears).where(eq(schoolYears.id, form.id)).for('update');
    if (!current) throw notFound();
    await refuseTakenCode(tx, schoolYears.code, 'school_years', form.code, form.id);
    // The year's terms must still lie inside it.
    const [outside] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM terms WHERE school_year_id = ${form.id} AND (start_date < ${form.startDate} OR end_date > ${form.endDate}) LIMIT 1`,
    );
    if (outside) throw badRequest('calendar.yearHasTerms', { name: current.name });
    await tx.update(schoolYears).set({ code: form.code, name: form.name, startDate: form.startDate, endDate: form.endDate }).where(eq(schoolYears.id, form.id));
  });
}

/** Refuses when one of the terms is current or already taught; the messages are the spec's (section 8). */
async function refuseTermsInUse(tx: Tx, termIds: number[]): Promise<void> {
  if (!termIds.length) return;
  const ids = idList(termIds);
  const [current] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM terms WHERE id IN ${ids} AND is_current LIMIT 1`);
  if (current) throw conflict('calendar.termCurrent');
  const [taught] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT term_id AS id FROM timetable_entries WHERE term_id IN ${ids} UNION ALL SELECT term_id FROM elective_sessions WHERE term_id IN ${ids}
        UNION ALL SELECT term_id FROM teaching_classes WHERE term_id IN ${ids} LIMIT 1`,
  );
  if (taught) throw conflict('calendar.termHasClasses');
  const [examined] = await queryRows<{ name: string }>(tx, sql`SELECT t.name FROM exam_batches e JOIN terms t ON t.id = e.term_id WHERE e.term_id IN ${ids} LIMIT 1`);
  if (examined) throw conflict('calendar.termInUse', { name: examined.name });
}

async function deleteYears(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM school_years WHERE id IN ${idList(ids)} FOR UPDATE`);
    if (rows.length !== ids.length) throw notFound();
    const termRows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM terms WHERE school_year_id IN ${idList(ids)} FOR UPDATE`);
    await refuseTermsInUse(
      tx,
      termRows.map((row) => Number(row.id)),
    );
    await tx.delete(terms).where(sql`${terms.schoolYearId} IN ${idList(ids)}`);
    await tx.delete(schoolYears).where(sql`${schoolYears.id} IN ${idList(ids)}`);
  });
}

// ---- Terms --------------------------------------------------------------------------------------

const termList = defineList({
  search: termSearchSchema,
  sortColumns: { code: terms.code, name: terms.name, startDate: terms.startDate, weekCount: terms.weekCount, isCurrent: terms.isCurrent },
  defaultSort: { field: 'startDate', order: 'desc' },
  tieBreaker: terms.id,
});

const termColumns = {
  id: terms.id,
  schoolYearId: terms.schoolYearId,
  schoolYearName: schoolYears.name,
  code: terms.code,
  name: terms.name,
  nameEn: terms.nameEn,
  startDate: terms.startDate,
  endDate: terms.endDate,
  weekCount: terms.weekCount,
  isCurrent: terms.isCurrent,
};

/** The term list's keyword: code or name. */
const TERM_KEYWORD = keywordColumns(terms.code, terms.name);

function termConditions(search: ReturnType<typeof termList.parse>['search']): SQL | undefined {
  const parts: SQL[] = [];
  const keyword = matchKeyword(search.keyword, TERM_KEYWORD);
  if (keyword) parts.push(keyword);
  if (search.schoolYearId) parts.push(eq(terms.schoolYearId, search.schoolYearId));
  return parts.length ? and(...parts) : undefined;
}

async function listTerms(db: DbOrTx, request: ReturnType<typeof termList.parse>, withTotal: boolean): Promise<PagedResult<TermRow>> {
  const where = termConditions(request.search);
  const rows = await db
    .select(termColumns)
    .from(terms)
    .innerJoin(schoolYears, eq(schoolYears.id, terms.schoolYearId))
    .where(where)
    .orderBy(...termList.orderBy(request))
    .limit(request.limit)
    .offset(request.offset);
  const counted = withTotal ? await countMatches(db, db.select({ one: sql`1` }).from(terms).where(where), request.search.keyword) : { total: rows.length };
  return { ...counted, rows: rows.map((row) => ({ ...row, startDate: toDay(row.startDate), endDate: toDay(row.endDate) })) };
}

async function findTerm(db: DbOrTx, id: number): Promise<TermRow | undefined> {
  const [row] = await db.select(termColumns).from(terms).innerJoin(schoolYears, eq(schoolYears.id, terms.schoolYearId)).where(eq(terms.id, id));
  return row && { ...row, startDate: toDay(row.startDate), endDate: toDay(row.endDate) };
}

/** A term lies inside its year and its code starts with the year's code (2026-2027-1 in 2026-2027). */
async function checkTermPlace(tx: Tx, form: TermForm): Promise<void> {
  const [year] = await tx.select().from(schoolYears).where(eq(schoolYears.id, form.schoolYearId));
  if (!year) throw badRequest('calendar.yearMissing');
  if (!form.code.startsWith(`${year.code}-`)) throw badRequest('calendar.termCodeYear', { code: year.code });
  const start = toDay(year.startDate);
  const end = toDay(year.endDate);
  if (form.startDate < start || form.endDate > end) throw badRequest('calendar.termOutsideYear', { start, end });
}

/** Makes one term the current one; the others stop being current in the same transaction. */
async function makeCurrent(tx: Tx, id: number): Promise<void> {
  await tx.update(terms).set({ isCurrent: false }).where(and(eq(terms.isCurrent, true), ne(terms.id, id)));
  await tx.update(terms).set({ isCurrent: true }).where(eq(terms.id, id));
}

async function createTerm(db: Db, form: TermForm): Promise<number> {
  return db.transaction(async (tx) => {
    await checkTermPlace(tx, form);
    await refuseTakenCode(tx, terms.code, 'terms', form.code);
    const [anyCurrent] = await tx.select({ id: terms.id }).from(terms).where(eq(terms.isCurrent, true)).for('update');
    const [created] = await tx
      .insert(terms)
      .values({ code: form.code, schoolYearId: form.schoolYearId, name: form.name, nameEn: form.nameEn || null, startDate: form.startDate, endDate: form.endDate, weekCount: form.weekCount, isCurrent: false })
      .returning({ id: terms.id });
    // Exactly one term is current: the first term of a school becomes it.
    if (form.isCurrent || !anyCurrent) await makeCurrent(tx, created!.id);
    return created!.id;
  });
}

async function updateTerm(db: Db, form: TermForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(terms).where(eq(terms.id, form.id)).for('update');
    if (!current) throw notFound();
    if (current.isCurrent && !form.isCurrent) throw badRequest('calendar.oneCurrent');
    await checkTermPlace(tx, form);
    await refuseTakenCode(tx, terms.code, 'terms', form.code, form.id);
    await tx
      .update(terms)
      .set({ code: form.code, schoolYearId: form.schoolYearId, name: form.name, nameEn: form.nameEn || null, startDate: form.startDate, endDate: form.endDate, weekCount: form.weekCount })
      .where(eq(terms.id, form.id));
    if (form.isCurrent && !current.isCurrent) await makeCurrent(tx, form.id);
  });
}

async function deleteTerms(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM terms WHERE id IN ${idList(ids)} FOR UPDATE`);
    if (rows.length !== ids.length) throw notFound();
    await refuseTermsInUse(tx, ids);
    await tx.delete(terms).where(sql`${terms.id} IN ${idList(ids)}`);
  });
}

export async function calendarRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  registerResource(fastify, {
    path: '/api/system/schoolYears',
    permission: PERMISSION,
    auditModule: 'system.calendar',
    summary: 'school years',
    list: yearList,
    fetch: listYears,
    find: findYear,
    form: schoolYearFormSchema,
    create: createYear,
    update: updateYear,
    remove: deleteYears,
    exportName: 'calendar.yearExportName',
    columns: (request) => [
      { header: t(request, 'calendar.code'), value: (r) => r.code, width: 14 },
      { header: t(request, 'calendar.name'), value: (r) => r.name, width: 20 },
      { header: t(request, 'calendar.startDate'), value: (r) => r.startDate, width: 14 },
      { header: t(request, 'calendar.endDate'), value: (r) => r.endDate, width: 14 },
      { header: t(request, 'calendar.termCount'), value: (r) => r.termCount },
    ],
  });

  registerResource(fastify, {
    path: '/api/system/terms',
    permission: PERMISSION,
    auditModule: 'system.calendar',
    summary: 'terms',
    list: termList,
    fetch: listTerms,
    find: findTerm,
    form: termFormSchema,
    create: createTerm,
    update: updateTerm,
    remove: deleteTerms,
    exportName: 'calendar.termExportName',
    columns: (request) => [
      { header: t(request, 'calendar.code'), value: (r) => r.code, width: 14 },
      { header: t(request, 'calendar.name'), value: (r) => r.name, width: 26 },
      { header: t(request, 'calendar.nameEn'), value: (r) => r.nameEn, width: 26 },
      { header: t(request, 'calendar.schoolYear'), value: (r) => r.schoolYearName, width: 18 },
      { header: t(request, 'calendar.startDate'), value: (r) => r.startDate, width: 14 },
      { header: t(request, 'calendar.endDate'), value: (r) => r.endDate, width: 14 },
      { header: t(request, 'calendar.weekCount'), value: (r) => r.weekCount },
      { header: t(request, 'calendar.isCurrent'), value: (r) => yesNo(request, r.isCurrent) },
    ],
  });

  app.post(
    '/api/system/terms/setCurrent',
    { config: { access: { permission: `${PERMISSION}:edit` }, audit: { module: 'system.calendar', operation: 'setCurrent' } }, schema: { tags: ['system'], summary: 'Make a term the current one (the others stop being current)', body: idBodySchema } },
    async (request) => {
      await database.db.transaction(async (tx) => {
        const [term] = await tx.select({ id: terms.id }).from(terms).where(eq(terms.id, request.body.id)).for('update');
        if (!term) throw notFound();
        await makeCurrent(tx, term.id);
      });
      return ok(null, t(request, 'calendar.currentSet'));
    },
  );

  app.post(
    '/api/system/terms/weeks',
    { config: { access: { permission: PERMISSION }, readOnly: true }, schema: { tags: ['system'], summary: 'The weeks of a term, from its start date and week count', body: idBodySchema } },
    async (request) => {
      const term = await findTerm(database.db, request.body.id);
      if (!term) throw notFound();
      return ok(termWeeks(term.startDate, term.weekCount));
    },
  );
}
