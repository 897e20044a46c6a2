import { sql, type SQL } from 'drizzle-orm';
import {
  DECLARATION_EDITABLE,
  ELECTIVE_PERMISSIONS,
  ELECTIVE_URLS,
  declarationNext,
  declarationSearchSchema,
  translate,
  type DeclarationAction,
  type DeclarationFormParsed,
  type DeclarationOptions,
  type DeclarationRow,
  type DeclarationStatus,
  type Language,
  type PagedResult,
} from '@campus/contract';
import { electiveDeclarations, staff } from '../../../db/schema/index.ts';
import { jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, keywordColumns, matchKeyword, matchKeywordAcross } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { idList } from '../../../platform/resource.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { localName, periodList, slotNames, teachingDays } from '../../timetable/views/queries.ts';
import { schoolToday } from '../../timetable/views/service.ts';
import { dayName, ownerBusy, periodName, sendMessages, staffIdOf } from '../common.ts';

export const declarationList = defineList({
  search: declarationSearchSchema,
  // Over the matches `m` that pageDeclarations pages through, the teacher joined as `st` for their name.
  sortColumns: { name: sql`m.name`, updatedAt: sql`m.updated_at`, teacherName: sql`st.name`, status: sql`m.status` },
  defaultSort: { field: 'updatedAt', order: 'desc' },
  tieBreaker: electiveDeclarations.id,
});
type Search = ReturnType<typeof declarationList.parse>['search'];

/** The list's keyword: the course's name, or its teacher's name or initials. */
const NAME_KEYWORD = keywordColumns(electiveDeclarations.name);
const TEACHER_KEYWORD = keywordColumns(staff.name, staff.nameInitials);

/** The office reads every declaration; a teacher their own. */
const seesAll = (caller: Caller) => caller.permissions.has(ELECTIVE_PERMISSIONS.approve);

/** Declarations `d` the caller sees, by the declaration's own columns. */
function visible(caller: Caller): SQL {
  return seesAll(caller) ? sql`TRUE` : sql`d.teacher_id IN (SELECT own.id FROM staff own WHERE own.user_id = ${caller.auth.userId})`;
}

function columns(caller: Caller): SQL {
  const { language } = caller;
  return sql`
    d.id, d.term_id AS "termId", ${localName('t', language)} AS "termName", d.name, d.intro, d.lectures, d.capacity,
    d.grade_ids AS "gradeIds",
    (SELECT coalesce(json_agg(${localName('g', language)} ORDER BY g.sort), '[]'::json) FROM grades g WHERE g.id = ANY(d.grade_ids)) AS "gradeNames",
    d.day, coalesce(${dayName(language)}, d.day::text) AS "dayName", d.period, coalesce(${periodName(language)}, d.period::text) AS "periodName",
    d.week_from AS "weekFrom", d.week_to AS "weekTo", d.classroom_id AS "classroomId", cr.name AS "classroomName",
    d.teacher_id AS "teacherId", st.name AS "teacherName", d.status, d.review_comment AS "reviewComment",
    coalesce(ru.display_name, '') AS "reviewerName", d.reviewed_at AS "reviewedAtRaw", d.session_id AS "sessionId",
    coalesce(es.enrolled, 0) AS enrolled, d.updated_at AS "updatedAtRaw",
    st.user_id = ${caller.auth.userId} AS mine,
    (st.user_id = ${caller.auth.userId} AND d.status IN ('declarable', 'rejected') AND t.end_date >= ${schoolToday()}::date) AS editable`;
}

const TABLES = sql`
  elective_declarations d
  JOIN terms t ON t.id = d.term_id
  JOIN staff st ON st.id = d.teacher_id
  JOIN classrooms cr ON cr.id = d.classroom_id
  LEFT JOIN week_days wd ON wd.day = d.day
  LEFT JOIN periods pe ON pe.sort = d.period
  LEFT JOIN users ru ON ru.id = d.reviewed_by_user_id
  LEFT JOIN elective_sessions es ON es.id = d.session_id`;
const FROM = sql`FROM ${TABLES}`;

type Raw = Omit<DeclarationRow, 'lectures' | 'gradeNames' | 'reviewedAt' | 'updatedAt'> & {
  lectures: string[] | string;
  gradeNames: string[] | string;
  reviewedAtRaw: Date | string | null;
  updatedAtRaw: Date | string;
};

const toRow = ({ reviewedAtRaw, updatedAtRaw, ...raw }: Raw): DeclarationRow => ({
  ...raw,
  lectures: jsonValue(raw.lectures),
  gradeNames: jsonValue(raw.gradeNames),
  gradeIds: raw.gradeIds.map(Number),
  reviewedAt: reviewedAtRaw ? schoolMinute(reviewedAtRaw) : '',
  updatedAt: schoolMinute(updatedAtRaw),
});

/** Conditions on declarations `d`; the keyword by the declaration's name and its indexed teacher. */
function filters(caller: Caller, search: Search): SQL {
  const parts: SQL[] = [visible(caller)];
  if (search.termId) parts.push(sql`d.term_id = ${search.termId}`);
  if (search.status) parts.push(sql`d.status = ${search.status}`);
  const name = matchKeyword(search.keyword, NAME_KEYWORD, aliased('d'));
  const teacher = matchKeywordAcross(search.keyword, [{ key: sql`d.teacher_id`, columns: TEACHER_KEYWORD }]);
  if (name && teacher) parts.push(sql`(${name} OR ${teacher})`);
  return sql.join(parts, sql` AND `);
}

export async function pageDeclarations(db: DbOrTx, caller: Caller, request: ListRequest<Search, keyof typeof declarationList.spec.sortColumns>): Promise<PagedResult<DeclarationRow>> {
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const found = await pageOfList<Raw>(
    db,
    request.search.keyword,
    {
      matching: sql`SELECT d.id, d.name, d.updated_at, d.status, d.teacher_id FROM elective_declarations d WHERE ${filters(caller, request.search)}`,
      order: {
        joins: request.sortField === 'teacherName' ? sql`JOIN staff st ON st.id = m.teacher_id` : undefined,
        orderBy: sql`${declarationList.spec.sortColumns[request.sortField]} ${direction}, m.id ${direction}`,
      },
      details: { columns: columns(caller), joins: sql`JOIN (${TABLES}) ON d.id = chosen.id` },
    },
    request,
  );
  return { ...found, rows: found.rows.map(toRow) };
}

export async function getDeclaration(db: DbOrTx, caller: Caller, id: number): Promise<DeclarationRow> {
  const [row] = await queryRows<Raw>(db, sql`SELECT ${columns(caller)} ${FROM} WHERE d.id = ${id} AND ${visible(caller)}`);
  if (!row) throw notFound();
  return toRow(row);
}

export async function declarationOptions(db: DbOrTx, language: Language): Promise<DeclarationOptions> {
  const [lists] = await queryRows<Pick<DeclarationOptions, 'terms' | 'grades' | 'classrooms'>>(db, sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', ${localName('t', language)}, 'isCurrent', t.is_current, 'weekCount', t.week_count) ORDER BY t.start_date), '[]'::json)
         FROM terms t WHERE t.end_date >= ${schoolToday()}::date) AS terms,
      (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', ${localName('g', language)}) ORDER BY g.sort), '[]'::json) FROM grades g) AS grades,
      (SELECT coalesce(json_agg(json_build_object('id', cr.id, 'name', cr.name, 'capacity', cr.capacity) ORDER BY cr.code), '[]'::json) FROM classrooms cr) AS classrooms`);
  const [days, periods] = await Promise.all([teachingDays(db, language), periodList(db, language)]);
  return {
    terms: jsonValue(lists?.terms ?? []),
    grades: jsonValue(lists?.grades ?? []),
    classrooms: jsonValue(lists?.classrooms ?? []),
    days,
    periods: periods.map((p) => ({ sort: p.sort, name: p.name })),
  };
}

/** The term's facts and the form's references, checked against the database (spec 5 and the timetable). */
async function checkForm(tx: Tx, form: DeclarationFormParsed, selfId: number | undefined, teacherId: number, language: Language): Promise<void> {
  const [facts] = await queryRows<{ weekCount: number | null; ended: boolean | null; grades: number; room: { name: string; capacity: number | null } | string | null; slot: boolean }>(tx, sql`
    SELECT (SELECT week_count FROM terms WHERE id = ${form.termId}) AS "weekCount",
      (SELECT end_date < ${schoolToday()}::date FROM terms WHERE id = ${form.termId}) AS ended,
      (SELECT count(*)::int FROM grades WHERE id = ANY(${sql.param(form.gradeIds)}::int[])) AS grades,
      (SELECT json_build_object('name', name, 'capacity', capacity) FROM classrooms WHERE id = ${form.classroomId}) AS room,
      (EXISTS (SELECT 1 FROM week_days WHERE day = ${form.day} AND teaching) AND EXISTS (SELECT 1 FROM periods WHERE sort = ${form.period})) AS slot`);
  const room = facts?.room ? jsonValue(facts.room) : null;
  if (!facts || facts.weekCount === null || facts.grades !== form.gradeIds.length || !room) throw badRequest('elective.unknownReference');
  if (facts.ended) throw conflict('elective.termEnded');
  if (!facts.slot) throw badRequest('elective.slotInvalid');
  if (form.weekTo > facts.weekCount) throw badRequest('elective.weekBeyondTerm', { max: facts.weekCount });
  if (room.capacity !== null && room.capacity < form.capacity) throw badRequest('elective.roomTooSmall', { room: room.name, seats: room.capacity });
  const [named] = await queryRows<{ id: number }>(tx, sql`
    SELECT id FROM elective_declarations WHERE term_id = ${form.termId} AND name = ${form.name} AND id <> ${selfId ?? 0} AND status <> 'rejected' LIMIT 1`);
  if (named) throw conflict('elective.nameTaken', { name: form.name });
  await checkSlot(tx, { ...form, teacherId, sessionId: null }, language);
}

/** The teacher and the room must be free at the course's time in its weeks. */
async function checkSlot(
  tx: Tx,
  slot: { termId: number; day: number; period: number; weekFrom: number; weekTo: number; teacherId: number; classroomId: number; sessionId: number | null },
  language: Language,
): Promise<void> {
  const names = await slotNames(tx, language);
  const [teacherBusy] = await queryRows<{ what: string }>(tx, sql`${ownerBusy('teacher_id', slot.teacherId, slot, slot.sessionId ?? 0, language)} LIMIT 1`);
  if (teacherBusy) {
    const [teacher] = await queryRows<{ name: string }>(tx, sql`SELECT name FROM staff WHERE id = ${slot.teacherId}`);
    throw conflict('elective.teacherBusy', { teacher: teacher?.name ?? '', what: teacherBusy.what, ...names(slot.day, slot.period) });
  }
  const [roomBusy] = await queryRows<{ what: string }>(tx, sql`${ownerBusy('classroom_id', slot.classroomId, slot, slot.sessionId ?? 0, language)} LIMIT 1`);
  if (roomBusy) {
    const [room] = await queryRows<{ name: string }>(tx, sql`SELECT name FROM classrooms WHERE id = ${slot.classroomId}`);
    throw conflict('elective.roomBusy', { room: room?.name ?? '', what: roomBusy.what, ...names(slot.day, slot.period) });
  }
}

async function callerStaff(tx: Tx, caller: Caller): Promise<number> {
  const id = await staffIdOf(tx, caller.auth.userId);
  if (!id) throw forbidden();
  return id;
}

/** One writer per teacher and term: a teacher's two tabs saving at once check against each other's writes. */
async function lockTeacher(tx: Tx, teacherId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('elective-teacher'), ${teacherId})`);
}

const values = (form: DeclarationFormParsed) => ({
  lectures: JSON.stringify(form.lectures),
  grades: sql`${sql.param(form.gradeIds)}::int[]`,
});

export async function createDeclaration(db: Db, caller: Caller, form: DeclarationFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    const teacherId = await callerStaff(tx, caller);
    await lockTeacher(tx, teacherId);
    await checkForm(tx, form, undefined, teacherId, caller.language);
    const v = values(form);
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO elective_declarations (term_id, teacher_id, name, intro, lectures, capacity, grade_ids, day, period, week_from, week_to, classroom_id)
      VALUES (${form.termId}, ${teacherId}, ${form.name}, ${form.intro}, ${v.lectures}::jsonb, ${form.capacity}, ${v.grades}, ${form.day}, ${form.period},
        ${form.weekFrom}, ${form.weekTo}, ${form.classroomId})
      RETURNING id`);
    return created!.id;
  });
}

interface Locked {
  id: number;
  name: string;
  status: DeclarationStatus;
  teacherId: number;
  teacherUserId: number | null;
  termId: number;
  ended: boolean;
}

async function lockDeclaration(tx: Tx, id: number): Promise<Locked> {
  const [row] = await queryRows<Locked>(tx, sql`
    SELECT d.id, d.name, d.status, d.teacher_id AS "teacherId", st.user_id AS "teacherUserId", d.term_id AS "termId", t.end_date < ${schoolToday()}::date AS ended
    FROM elective_declarations d JOIN staff st ON st.id = d.teacher_id JOIN terms t ON t.id = d.term_id
    WHERE d.id = ${id} FOR UPDATE OF d`);
  if (!row) throw notFound();
  return row;
}

/** The teacher's own declaration, still theirs to change: 404 for another's (not theirs to know of). */
async function ownEditable(tx: Tx, caller: Caller, id: number): Promise<Locked> {
  const row = await lockDeclaration(tx, id);
  if (row.teacherUserId !== caller.auth.userId) {
    if (seesAll(caller)) throw forbidden('elective.notYours');
    throw notFound();
  }
  if (row.ended) throw conflict('elective.termEnded');
  if (!DECLARATION_EDITABLE.includes(row.status)) throw conflict('elective.notEditable', { status: translate(caller.language, `elective.status.${row.status}`) });
  return row;
}

export async function updateDeclaration(db: Db, caller: Caller, form: DeclarationFormParsed & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await ownEditable(tx, caller, form.id);
    await lockTeacher(tx, current.teacherId);
    await checkForm(tx, form, form.id, current.teacherId, caller.language);
    const v = values(form);
    await tx.execute(sql`
      UPDATE elective_declarations SET term_id = ${form.termId}, name = ${form.name}, intro = ${form.intro}, lectures = ${v.lectures}::jsonb,
        capacity = ${form.capacity}, grade_ids = ${v.grades}, day = ${form.day}, period = ${form.period}, week_from = ${form.weekFrom},
        week_to = ${form.weekTo}, classroom_id = ${form.classroomId}, updated_at = now()
      WHERE id = ${form.id}`);
  });
}

export async function deleteDeclarations(db: Db, caller: Caller, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const id of [...ids].sort((a, b) => a - b)) await ownEditable(tx, caller, id);
    await tx.execute(sql`DELETE FROM elective_declarations WHERE id IN ${idList(ids)}`);
  });
}

function refuseTransition(caller: Caller, status: DeclarationStatus, action: DeclarationAction): never {
  throw conflict('elective.transition', {
    status: translate(caller.language, `elective.status.${status}`),
    action: translate(caller.language, `elective.action.${action}`),
  });
}

/** The teacher declares a draft or a rejected declaration (checked again), or withdraws a declared one. */
export async function teacherAction(db: Db, caller: Caller, id: number, action: 'declare' | 'withdraw'): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockDeclaration(tx, id);
    if (row.teacherUserId !== caller.auth.userId) {
      if (seesAll(caller)) throw forbidden('elective.notYours');
      throw notFound();
    }
    if (row.ended) throw conflict('elective.termEnded');
    const next = declarationNext(row.status, action);
    if (!next) refuseTransition(caller, row.status, action);
    if (action === 'declare') {
      await lockTeacher(tx, row.teacherId);
      const [form] = await queryRows<DeclarationFormParsed>(tx, sql`
        SELECT term_id AS "termId", name, intro, lectures, capacity, grade_ids AS "gradeIds", day, period, week_from AS "weekFrom", week_to AS "weekTo", classroom_id AS "classroomId"
        FROM elective_declarations WHERE id = ${id}`);
      await checkForm(tx, { ...form!, gradeIds: form!.gradeIds.map(Number) }, id, row.teacherId, caller.language);
    }
    await tx.execute(sql`UPDATE elective_declarations SET status = ${next}, updated_at = now() WHERE id = ${id}`);
  });
}

/**
 * The office approves (the course opens: an elective course and its session) or rejects with a reason;
 * the teacher gets a message either way. Nobody reviews their own declaration.
 */
export async function reviewDeclaration(db: Db, caller: Caller, input: { id: number; decision: 'approve' | 'reject'; comment: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await lockDeclaration(tx, input.id);
    if (row.teacherUserId === caller.auth.userId) throw forbidden('approval.self');
    if (row.ended) throw conflict('elective.termEnded');
    const next = declarationNext(row.status, input.decision);
    if (!next) refuseTransition(caller, row.status, input.decision);
    let sessionId: number | null = null;
    if (input.decision === 'approve') {
      const [d] = await queryRows<{ termId: number; day: number; period: number; weekFrom: number; weekTo: number; classroomId: number; capacity: number; name: string; code: string }>(tx, sql`
        SELECT term_id AS "termId", day, period, week_from AS "weekFrom", week_to AS "weekTo", classroom_id AS "classroomId", capacity, name,
          'elective-' || id AS code
        FROM elective_declarations WHERE id = ${input.id}`);
      await lockTeacher(tx, row.teacherId);
      await checkSlot(tx, { ...d!, teacherId: row.teacherId, sessionId: null }, caller.language);
      // Its own course: the timetables, homework and scores name an elective by its course.
      const [course] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO courses (code, name, is_elective, sort, research_group_id)
        VALUES (${d!.code}, ${d!.name}, TRUE, 200, (SELECT research_group_id FROM staff WHERE id = ${row.teacherId}))
        ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name RETURNING id`);
      const [session] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO elective_sessions (term_id, course_id, teacher_id, classroom_id, day, period, week_from, week_to, capacity)
        VALUES (${d!.termId}, ${course!.id}, ${row.teacherId}, ${d!.classroomId}, ${d!.day}, ${d!.period}, ${d!.weekFrom}, ${d!.weekTo}, ${d!.capacity})
        RETURNING id`);
      sessionId = session!.id;
    }
    await tx.execute(sql`
      UPDATE elective_declarations SET status = ${next}, review_comment = ${input.comment}, reviewed_by_user_id = ${caller.auth.userId},
        reviewed_at = now(), session_id = ${sessionId}, updated_at = now()
      WHERE id = ${input.id}`);
    if (row.teacherUserId) {
      const key = input.decision === 'approve' ? 'elective.message.approved' : 'elective.message.rejected';
      await sendMessages(tx, caller, sql`${row.teacherUserId}`, key, { name: row.name, comment: input.comment }, ELECTIVE_URLS.declare);
    }
    return row.name;
  });
}
