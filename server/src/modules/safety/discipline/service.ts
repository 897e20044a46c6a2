import { sql, type SQL } from 'drizzle-orm';
import {
  DISCIPLINE_PERMISSIONS,
  DISCIPLINE_URL,
  disciplineSearchSchema,
  translate,
  type DisciplineOptions,
  type DisciplineRow,
  type DisciplineType,
  type InsuranceStudentOption,
  type PagedResult,
} from '@campus/contract';
import type { z } from 'zod';
import { disciplineFormSchema, disciplineRevokeSchema, disciplineTypeFormSchema } from '@campus/contract';
import { disciplineRecords } from '../../../db/schema/index.ts';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, keywordColumns, matchKeyword, matchKeywordAcross } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { idList } from '../../../platform/resource.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { isStaff, ledClassIds, ownStudentIds, visibleClasses } from '../../../platform/scope.ts';
import { STUDENT_KEYWORD } from '../../records/students/queries.ts';
import { schoolToday } from '../../timetable/views/service.ts';
import { familyOf, notifyUsers } from '../insurance/service.ts';

/** Its sorts read the matches `m` (pageDiscipline) and what SORT_JOINS brings for the student's name and the type. */
export const disciplineList = defineList({
  search: disciplineSearchSchema,
  sortColumns: { occurredOn: sql`m.occurred_on`, studentName: sql`s.name`, typeName: sql`ty.sort`, createdAt: sql`m.created_at` },
  defaultSort: { field: 'occurredOn', order: 'desc' },
  tieBreaker: disciplineRecords.id,
});
type Search = z.infer<typeof disciplineSearchSchema>;

const seesAll = (caller: Caller) => caller.permissions.has(DISCIPLINE_PERMISSIONS.all);
const records = (caller: Caller) => seesAll(caller) || caller.permissions.has(DISCIPLINE_PERMISSIONS.edit);

/**
 * Which students' records the caller reads: the office every student's; staff those of the classes they
 * lead; a student their own and a parent their children's.
 */
function visible(caller: Caller, studentId: SQL, classId: SQL): SQL {
  if (seesAll(caller)) return sql`TRUE`;
  if (isStaff(caller.auth)) return sql`${classId} IN (${ledClassIds(caller.auth)})`;
  return sql`${studentId} IN (${ownStudentIds(caller.auth)})`;
}

/** visible() as a condition on the records `r` alone, for the list's matches. */
function visibleRecords(caller: Caller): SQL {
  return seesAll(caller) ? sql`TRUE` : sql`r.student_id IN (SELECT vs.id FROM students vs WHERE ${visible(caller, sql`vs.id`, sql`vs.class_id`)})`;
}

/** Which students the caller may record for: the office any, a class teacher their class's. */
function writable(caller: Caller, classId: SQL): SQL {
  if (!records(caller)) return sql`FALSE`;
  return seesAll(caller) ? sql`TRUE` : sql`${classId} IN (${ledClassIds(caller.auth)})`;
}

const typeName = (caller: Caller) => (caller.language === 'en' ? sql`coalesce(nullif(ty.name_en, ''), ty.name)` : sql`ty.name`);

function columns(caller: Caller): SQL {
  return sql`
    r.id, s.id AS "studentId", s.student_number AS "studentNumber", s.name AS "studentName", coalesce(s.class_id, 0) AS "classId", coalesce(c.name, '') AS "className",
    r.type_id AS "typeId", ${typeName(caller)} AS "typeName", r.occurred_on::text AS "occurredOn", r.description, r.sanction,
    coalesce(r.sanctioned_on::text, '') AS "sanctionedOn", r.revoked, coalesce(r.revoked_on::text, '') AS "revokedOn", r.revoke_reason AS "revokeReason",
    coalesce(u.display_name, '') AS "recordedByName", r.created_at AS "createdAtRaw", (${writable(caller, sql`s.class_id`)}) AS editable`;
}

const TABLES = sql`
  discipline_records r
  JOIN students s ON s.id = r.student_id
  LEFT JOIN classes c ON c.id = s.class_id
  JOIN discipline_types ty ON ty.id = r.type_id
  LEFT JOIN users u ON u.id = r.recorded_by_user_id`;

type Raw = Omit<DisciplineRow, 'createdAt'> & { createdAtRaw: Date | string };
const toRow = ({ createdAtRaw, ...raw }: Raw): DisciplineRow => ({ ...raw, createdAt: schoolMinute(createdAtRaw) });

/** The record list's keyword: the student's number, name or its pinyin initials, or the description. */
const DISCIPLINE_KEYWORD = keywordColumns(disciplineRecords.description);

function disciplineKeyword(keyword: string | undefined): SQL | undefined {
  return matchKeywordAcross(keyword, [
    { key: sql`r.id`, columns: DISCIPLINE_KEYWORD },
    { key: sql`r.student_id`, columns: STUDENT_KEYWORD },
  ]);
}

function filters(caller: Caller, search: Search): SQL {
  const parts: SQL[] = [visibleRecords(caller)];
  if (search.typeId) parts.push(sql`r.type_id = ${search.typeId}`);
  if (search.classId) parts.push(sql`r.student_id IN (SELECT cs.id FROM students cs WHERE cs.class_id = ${search.classId})`);
  if (search.studentId) parts.push(sql`r.student_id = ${search.studentId}`);
  if (search.state === 'none') parts.push(sql`r.sanction IS NULL`);
  if (search.state === 'active') parts.push(sql`r.sanction IS NOT NULL AND NOT r.revoked`);
  if (search.state === 'revoked') parts.push(sql`r.revoked`);
  const keyword = disciplineKeyword(search.keyword);
  if (keyword) parts.push(keyword);
  return sql.join(parts, sql` AND `);
}

const SORT_JOINS: Record<keyof typeof disciplineList.spec.sortColumns, SQL> = {
  occurredOn: sql``,
  studentName: sql`JOIN students s ON s.id = m.student_id`,
  typeName: sql`JOIN discipline_types ty ON ty.id = m.type_id`,
  createdAt: sql``,
};

export async function pageDiscipline(db: DbOrTx, caller: Caller, request: ListRequest<Search, keyof typeof disciplineList.spec.sortColumns>): Promise<PagedResult<DisciplineRow>> {
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const found = await pageOfList<Raw>(
    db,
    request.search.keyword,
    {
      matching: sql`SELECT r.id, r.student_id, r.type_id, r.occurred_on, r.created_at FROM discipline_records r WHERE ${filters(caller, request.search)}`,
      order: { joins: SORT_JOINS[request.sortField], orderBy: sql`${disciplineList.spec.sortColumns[request.sortField]} ${direction}, m.id ${direction}` },
      details: { columns: columns(caller), joins: sql`JOIN (${TABLES}) ON r.id = chosen.id` },
    },
    request,
  );
  return { ...found, rows: found.rows.map(toRow) };
}

export async function getDiscipline(db: DbOrTx, caller: Caller, id: number): Promise<DisciplineRow> {
  const [row] = await queryRows<Raw>(db, sql`SELECT ${columns(caller)} FROM ${TABLES} WHERE r.id = ${id} AND ${visible(caller, sql`s.id`, sql`s.class_id`)}`);
  if (!row) throw notFound();
  return toRow(row);
}

export async function disciplineOptions(db: DbOrTx, caller: Caller): Promise<DisciplineOptions> {
  const name = caller.language === 'en' ? sql`coalesce(nullif(name_en, ''), name)` : sql`name`;
  const [types, classes] = await Promise.all([
    queryRows<DisciplineOptions['types'][number]>(db, sql`SELECT id, ${name} AS name, enabled FROM discipline_types ORDER BY sort, id`),
    queryRows<DisciplineOptions['classes'][number]>(db, sql`
      SELECT c.id, c.name FROM classes c JOIN grades g ON g.id = c.grade_id WHERE ${visibleClassFilter(caller)} ORDER BY g.sort, c.sort, c.code`),
  ]);
  return { types, classes };
}

function visibleClassFilter(caller: Caller): SQL {
  if (seesAll(caller)) return sql`TRUE`;
  if (isStaff(caller.auth)) return sql`c.id IN (${ledClassIds(caller.auth)})`;
  return visibleClasses(caller.auth, sql`c.id`);
}

/** Students the caller may record for, by number, name or its pinyin initials. */
export async function disciplineStudents(db: DbOrTx, caller: Caller, keyword: string): Promise<InsuranceStudentOption[]> {
  return queryRows(db, sql`
    SELECT s.id, s.student_number AS "studentNumber", s.name, coalesce(c.name, '') AS "className"
    FROM students s LEFT JOIN classes c ON c.id = s.class_id
    WHERE ${writable(caller, sql`s.class_id`)} AND ${matchKeyword(keyword, STUDENT_KEYWORD, aliased('s')) ?? sql`TRUE`} ORDER BY s.student_number LIMIT 20`);
}

async function checkForm(tx: Tx, caller: Caller, form: z.infer<typeof disciplineFormSchema>, currentTypeId?: number): Promise<{ name: string; typeName: string }> {
  const [student] = await queryRows<{ name: string; mine: boolean }>(tx, sql`
    SELECT s.name, (${writable(caller, sql`s.class_id`)}) AS mine FROM students s WHERE s.id = ${form.studentId}`);
  if (!student) throw badRequest('discipline.studentRequired');
  if (!student.mine) throw forbidden('discipline.notYourClass');
  const [type] = await queryRows<{ enabled: boolean; name: string }>(tx, sql`SELECT enabled, name FROM discipline_types WHERE id = ${form.typeId}`);
  if (!type) throw badRequest('discipline.typeRequired');
  if (!type.enabled && form.typeId !== currentTypeId) throw badRequest('discipline.typeDisabled');
  if (form.occurredOn > schoolToday()) throw badRequest('discipline.inFuture');
  return { name: student.name, typeName: type.name };
}

/** Records misconduct; the student and their parents are told in the message centre. */
export async function createDiscipline(db: Db, caller: Caller, form: z.infer<typeof disciplineFormSchema>): Promise<number> {
  return db.transaction(async (tx) => {
    const checked = await checkForm(tx, caller, form);
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO discipline_records (student_id, type_id, occurred_on, description, sanction, sanctioned_on, recorded_by_user_id)
      VALUES (${form.studentId}, ${form.typeId}, ${form.occurredOn}::date, ${form.description}, ${form.sanction ?? null},
        ${form.sanction ? schoolToday() : null}::date, ${caller.auth.userId})
      RETURNING id`);
    await notifyUsers(tx, caller, familyOf(form.studentId), 'discipline.message.recorded', { student: checked.name, type: checked.typeName, date: form.occurredOn }, `${DISCIPLINE_URL}?id=${row!.id}`);
    return row!.id;
  });
}

interface Locked {
  id: number;
  studentId: number;
  typeId: number;
  sanction: string | null;
  sanctionedOn: string | null;
  occurredOn: string;
  revoked: boolean;
  mine: boolean;
  seen: boolean;
}

async function lockRecord(tx: Tx, caller: Caller, id: number): Promise<Locked> {
  const [row] = await queryRows<Locked>(tx, sql`
    SELECT r.id, r.student_id AS "studentId", r.type_id AS "typeId", r.sanction, r.sanctioned_on::text AS "sanctionedOn", r.occurred_on::text AS "occurredOn", r.revoked,
      (${writable(caller, sql`s.class_id`)}) AS mine, (${visible(caller, sql`s.id`, sql`s.class_id`)}) AS seen
    FROM discipline_records r JOIN students s ON s.id = r.student_id WHERE r.id = ${id} FOR UPDATE OF r`);
  if (!row || !row.seen) throw notFound();
  if (!row.mine) throw forbidden('discipline.notYourClass');
  return row;
}

export async function updateDiscipline(db: Db, caller: Caller, form: z.infer<typeof disciplineFormSchema> & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockRecord(tx, caller, form.id);
    if (current.revoked) throw conflict('discipline.alreadyRevoked');
    await checkForm(tx, caller, form, current.typeId);
    const sanction = form.sanction ?? null;
    // The sanction's date is when it was decided: kept while the sanction stays the same.
    const sanctionedOn = sanction === null ? null : sanction === current.sanction ? current.sanctionedOn : schoolToday();
    await tx.execute(sql`
      UPDATE discipline_records SET student_id = ${form.studentId}, type_id = ${form.typeId}, occurred_on = ${form.occurredOn}::date, description = ${form.description},
        sanction = ${sanction}, sanctioned_on = ${sanctionedOn}::date, updated_at = now()
      WHERE id = ${form.id}`);
  });
}

/** Revokes a recorded sanction with its date and reason; the record stays, marked revoked. */
export async function revokeDiscipline(db: Db, caller: Caller, input: z.infer<typeof disciplineRevokeSchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockRecord(tx, caller, input.id);
    if (current.revoked) throw conflict('discipline.alreadyRevoked');
    if (!current.sanction) throw conflict('discipline.noSanction');
    if (input.revokedOn < (current.sanctionedOn ?? current.occurredOn) || input.revokedOn > schoolToday()) throw badRequest('discipline.revokeBeforeSanction');
    await tx.execute(sql`
      UPDATE discipline_records SET revoked = TRUE, revoked_on = ${input.revokedOn}::date, revoke_reason = ${input.reason}, updated_at = now() WHERE id = ${input.id}`);
  });
}

/** Deletes records entered by mistake: those without a sanction (a sanction is revoked, never erased). */
export async function deleteDiscipline(db: Db, caller: Caller, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const id of [...ids].sort((a, b) => a - b)) {
      const row = await lockRecord(tx, caller, id);
      if (row.sanction) throw conflict('discipline.sanctionedNoDelete');
    }
    await tx.execute(sql`DELETE FROM discipline_records WHERE id IN ${idList(ids)}`);
  });
}

/* ------------------------------------------------------------------ types (the office) */

export async function listTypes(db: DbOrTx): Promise<DisciplineType[]> {
  return queryRows(db, sql`
    SELECT ty.id, ty.name, ty.name_en AS "nameEn", ty.sort, ty.enabled, (SELECT count(*)::int FROM discipline_records r WHERE r.type_id = ty.id) AS used
    FROM discipline_types ty ORDER BY ty.sort, ty.id`);
}

export async function saveType(db: Db, form: z.infer<typeof disciplineTypeFormSchema>): Promise<number> {
  return db.transaction(async (tx) => {
    const [taken] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM discipline_types WHERE lower(name) = lower(${form.name}) AND id <> ${form.id ?? 0}`);
    if (taken) throw conflict('discipline.typeTaken', { name: form.name });
    if (form.id) {
      const [row] = await queryRows<{ id: number }>(tx, sql`
        UPDATE discipline_types SET name = ${form.name}, name_en = ${form.nameEn}, sort = ${form.sort}, enabled = ${form.enabled} WHERE id = ${form.id} RETURNING id`);
      if (!row) throw notFound();
      return row.id;
    }
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO discipline_types (name, name_en, sort, enabled) VALUES (${form.name}, ${form.nameEn}, ${form.sort}, ${form.enabled}) RETURNING id`);
    return row!.id;
  });
}

export async function deleteTypes(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM discipline_types WHERE id IN ${idList(ids)} FOR UPDATE`);
    if (rows.length !== ids.length) throw notFound();
    const [used] = await queryRows<{ id: number }>(tx, sql`SELECT type_id AS id FROM discipline_records WHERE type_id IN ${idList(ids)} LIMIT 1`);
    if (used) throw conflict('discipline.typeInUse');
    await tx.execute(sql`DELETE FROM discipline_types WHERE id IN ${idList(ids)}`);
  });
}

export const sanctionText = (caller: Caller, row: DisciplineRow) => (row.sanction ? translate(caller.language, `discipline.sanction.${row.sanction}`) : '');
