import { sql, type SQL } from 'drizzle-orm';
import {
  OPEN_CLASS_PERMISSIONS,
  openClassSearchSchema,
  openClassSignUpOpen,
  translate,
  type OpenClassItem,
  type OpenClassPhase,
  type Language,
  type OpenClassContent,
  type OpenClassFormParsed,
  type OpenClassOptions,
  type OpenClassResults,
  type OpenClassRow,
  type OpenClassStatistics,
  type PagedResult,
} from '@campus/contract';
import { classes, openClasses, staff } from '../../../db/schema/index.ts';
import { jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { keywordColumns, matchKeywordAcross } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { idList } from '../../../platform/resource.ts';
import { schoolInstant, schoolMinute } from '../../../platform/schoolClock.ts';
import { localName } from '../../timetable/views/queries.ts';
import { schoolToday } from '../../timetable/views/service.ts';

/** Its sorts read the matches `m` (pageOpenClasses) and what SORT_JOINS brings for each. */
export const openClassList = defineList({
  search: openClassSearchSchema,
  sortColumns: { day: sql`m.day`, teacherName: sql`st.name`, average: sql`x.avg_total`, evaluations: sql`x.evaluations` },
  defaultSort: { field: 'day', order: 'desc' },
  tieBreaker: openClasses.id,
});
type Search = ReturnType<typeof openClassList.parse>['search'];

const isOffice = (caller: Caller) => caller.permissions.has(OPEN_CLASS_PERMISSIONS.all);

export async function staffIdOfCaller(db: DbOrTx, caller: Caller): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`SELECT id FROM staff WHERE user_id = ${caller.auth.userId}`);
  return row?.id ?? null;
}

/** The weighted total (out of 100) of one evaluation `ev`. */
const evaluationTotal = (ev: string) => sql.raw(`
  (SELECT round(sum(sc.score / i.max_score * i.weight), 1) FROM open_class_scores sc JOIN evaluation_set_items i ON i.id = sc.item_id WHERE sc.evaluation_id = ${ev}.id)`);

/** How many colleagues evaluated an open class, and their totals' average (null before the first). */
const evaluationsOf = (id: SQL) => sql`(SELECT count(*)::int FROM open_class_evaluations e WHERE e.open_class_id = ${id})`;
const averageOf = (id: SQL) => sql`(SELECT round(avg(${evaluationTotal('e')}), 1)::float8 FROM open_class_evaluations e WHERE e.open_class_id = ${id})`;

/** A function, not a constant: the school's today moves on while the server runs. */
const phase = () => sql`CASE WHEN o.day > ${schoolToday()}::date THEN 'upcoming' WHEN now() <= o.deadline THEN 'evaluating' ELSE 'closed' END`;

function columns(caller: Caller, selfId: number | null): SQL {
  const language = caller.language;
  const self = selfId ?? 0;
  return sql`
    o.id, o.term_id AS "termId", ${localName('t', language)} AS "termName", o.teacher_id AS "teacherId", st.name AS "teacherName",
    o.course_id AS "courseId", ${localName('co', language)} AS "courseName", o.class_id AS "classId", c.name AS "className",
    o.day::text AS day, o.period_from AS "periodFrom", o.period_to AS "periodTo", o.classroom_id AS "classroomId", o.place, o.topic,
    o.set_id AS "setId", s.name AS "setName", o.deadline AS "deadlineRaw", ${phase()} AS phase,
    (SELECT count(*)::int FROM open_class_attendees a WHERE a.open_class_id = o.id) AS attendees,
    ${evaluationsOf(sql`o.id`)} AS evaluations, ${averageOf(sql`o.id`)} AS avg_total,
    o.teacher_id = ${self} AS mine,
    EXISTS (SELECT 1 FROM open_class_attendees a WHERE a.open_class_id = o.id AND a.staff_id = ${self}) AS "signedUp",
    EXISTS (SELECT 1 FROM open_class_evaluations e WHERE e.open_class_id = o.id AND e.evaluator_id = ${self}) AS evaluated`;
}

const TABLES = sql`
  open_classes o
  JOIN terms t ON t.id = o.term_id
  JOIN staff st ON st.id = o.teacher_id
  JOIN courses co ON co.id = o.course_id
  JOIN classes c ON c.id = o.class_id
  JOIN evaluation_sets s ON s.id = o.set_id`;

type Raw = Omit<OpenClassRow, 'deadline' | 'periodText' | 'average' | 'editable'> & { deadlineRaw: Date | string; avg_total: number | string | null };

function toRow(caller: Caller, raw: Raw): OpenClassRow {
  const { deadlineRaw, avg_total, ...rest } = raw;
  const periodText = translate(caller.language, raw.periodFrom === raw.periodTo ? 'openClass.period' : 'openClass.periods', { from: raw.periodFrom, to: raw.periodTo });
  return {
    ...rest,
    deadline: schoolMinute(deadlineRaw),
    periodText,
    average: avg_total === null ? null : Number(avg_total),
    editable: (raw.mine || isOffice(caller)) && raw.evaluations === 0 && raw.phase !== 'closed',
  };
}

/** The open-class list's keyword: the topic, the class, or the teacher's name or its pinyin initials. */
const TOPIC_KEYWORD = keywordColumns(openClasses.topic);
const CLASS_KEYWORD = keywordColumns(classes.name);
const TEACHER_KEYWORD = keywordColumns(staff.name, staff.nameInitials);

function openClassKeyword(keyword: string | undefined): SQL | undefined {
  return matchKeywordAcross(keyword, [
    { key: sql`o.id`, columns: TOPIC_KEYWORD },
    { key: sql`o.teacher_id`, columns: TEACHER_KEYWORD },
    { key: sql`o.class_id`, columns: CLASS_KEYWORD },
  ]);
}

function filters(search: Search, selfId: number | null): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (search.termId) parts.push(sql`o.term_id = ${search.termId}`);
  const keyword = openClassKeyword(search.keyword);
  if (keyword) parts.push(keyword);
  if (search.phase) parts.push(sql`${phase()} = ${search.phase}`);
  if (search.mine === 'taught') parts.push(sql`o.teacher_id = ${selfId ?? 0}`);
  if (search.mine === 'attending') parts.push(sql`EXISTS (SELECT 1 FROM open_class_attendees a WHERE a.open_class_id = o.id AND a.staff_id = ${selfId ?? 0})`);
  return sql.join(parts, sql` AND `);
}

const SORT_JOINS: Record<keyof typeof openClassList.spec.sortColumns, SQL> = {
  day: sql``,
  teacherName: sql`JOIN staff st ON st.id = m.teacher_id`,
  average: sql`CROSS JOIN LATERAL (SELECT ${averageOf(sql`m.id`)} AS avg_total) x`,
  evaluations: sql`CROSS JOIN LATERAL (SELECT ${evaluationsOf(sql`m.id`)} AS evaluations) x`,
};

/** Every teacher sees the school's open classes (to sign up); the results stay with the teacher and the office. */
export async function pageOpenClasses(db: DbOrTx, caller: Caller, request: ListRequest<Search, keyof typeof openClassList.spec.sortColumns>): Promise<PagedResult<OpenClassRow>> {
  const selfId = await staffIdOfCaller(db, caller);
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const found = await pageOfList<Raw>(
    db,
    request.search.keyword,
    {
      matching: sql`SELECT o.id, o.teacher_id, o.day FROM open_classes o WHERE ${filters(request.search, selfId)}`,
      order: { joins: SORT_JOINS[request.sortField], orderBy: sql`${openClassList.spec.sortColumns[request.sortField]} ${direction} NULLS LAST, m.id ${direction}` },
      details: { columns: columns(caller, selfId), joins: sql`JOIN (${TABLES}) ON o.id = chosen.id` },
    },
    request,
  );
  return { ...found, rows: found.rows.map((row) => toRow(caller, row)) };
}

async function findRow(db: DbOrTx, caller: Caller, id: number): Promise<OpenClassRow> {
  const selfId = await staffIdOfCaller(db, caller);
  const [row] = await queryRows<Raw>(db, sql`SELECT ${columns(caller, selfId)} FROM ${TABLES} WHERE o.id = ${id}`);
  if (!row) throw notFound();
  return toRow(caller, row);
}

export const getOpenClass = findRow;

export async function openClassOptions(db: DbOrTx, caller: Caller): Promise<OpenClassOptions> {
  const language = caller.language;
  const selfId = await staffIdOfCaller(db, caller);
  const [lists] = await queryRows<Record<Exclude<keyof OpenClassOptions, 'selfId'>, unknown>>(db, sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', ${localName('t', language)}, 'isCurrent', t.is_current, 'startDate', t.start_date::text, 'endDate', t.end_date::text) ORDER BY t.start_date DESC), '[]'::json)
         FROM terms t) AS terms,
      (SELECT coalesce(json_agg(json_build_object('id', st.id, 'name', st.name, 'staffNumber', st.staff_number) ORDER BY st.staff_number), '[]'::json)
         FROM staff st ${isOffice(caller) ? sql`` : sql`WHERE st.id = ${selfId ?? 0}`}) AS teachers,
      (SELECT coalesce(json_agg(json_build_object('id', co.id, 'name', ${localName('co', language)}) ORDER BY co.sort, co.id), '[]'::json) FROM courses co WHERE NOT co.is_elective) AS courses,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'gradeId', c.grade_id) ORDER BY g.sort, c.sort, c.id), '[]'::json) FROM classes c JOIN grades g ON g.id = c.grade_id) AS classes,
      (SELECT coalesce(json_agg(json_build_object('id', cr.id, 'name', cr.name) ORDER BY cr.code), '[]'::json) FROM classrooms cr) AS classrooms,
      (SELECT coalesce(json_agg(json_build_object('sort', pe.sort, 'name', ${localName('pe', language)}) ORDER BY pe.sort), '[]'::json) FROM periods pe) AS periods,
      (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.sort, s.id), '[]'::json) FROM evaluation_sets s WHERE s.enabled) AS sets`);
  const value = <T>(key: Exclude<keyof OpenClassOptions, 'selfId'>) => jsonValue((lists?.[key] ?? []) as T | string);
  return {
    terms: value('terms'),
    teachers: value('teachers'),
    courses: value('courses'),
    classes: value('classes'),
    classrooms: value('classrooms'),
    periods: value('periods'),
    sets: value('sets'),
    selfId,
  };
}

/** One writer per teacher: two schedules saved at once check against each other. */
async function lockTeacher(tx: Tx, teacherId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('open-class-teacher'), ${teacherId})`);
}

/**
 * The references, the day inside the term, and a teacher in one place at a time: their lessons with other
 * classes (the open class is usually one of this class's own lessons), electives, teaching classes and other
 * open classes; the class has one open class at a time.
 */
async function checkForm(tx: Tx, caller: Caller, form: OpenClassFormParsed, teacherId: number): Promise<void> {
  const language = caller.language;
  const [facts] = await queryRows<{ term: { start: string; end: string } | string | null; ok: boolean; teaching: boolean | null; setEnabled: boolean | null }>(tx, sql`
    SELECT (SELECT json_build_object('start', start_date::text, 'end', end_date::text) FROM terms WHERE id = ${form.termId}) AS term,
      (EXISTS (SELECT 1 FROM staff WHERE id = ${teacherId}) AND EXISTS (SELECT 1 FROM courses WHERE id = ${form.courseId})
        AND EXISTS (SELECT 1 FROM classes WHERE id = ${form.classId})
        AND (${form.classroomId ?? null}::int IS NULL OR EXISTS (SELECT 1 FROM classrooms WHERE id = ${form.classroomId ?? null}::int))
        AND (SELECT count(*) FROM periods WHERE sort IN (${form.periodFrom}, ${form.periodTo})) = ${form.periodFrom === form.periodTo ? 1 : 2}) AS ok,
      (SELECT teaching FROM week_days WHERE day = extract(isodow FROM ${form.day}::date)) AS teaching,
      (SELECT enabled FROM evaluation_sets WHERE id = ${form.setId}) AS "setEnabled"`);
  const term = facts?.term ? jsonValue(facts.term) : null;
  if (!facts || !term || !facts.ok || facts.setEnabled === null) throw badRequest('openClass.unknownReference');
  if (!facts.setEnabled) throw badRequest('openClass.setDisabled');
  if (form.day < term.start || form.day > term.end) throw badRequest('openClass.dayOutsideTerm', { start: term.start, end: term.end });
  if (form.day < schoolToday()) throw badRequest('openClass.pastDay');
  if (!facts.teaching) throw badRequest('openClass.notTeachingDay');
  await lockTeacher(tx, teacherId);
  const name = language === 'en' ? sql.raw(`coalesce(co.name_en, co.name)`) : sql.raw(`co.name`);
  const week = sql`(((${form.day}::date - t.start_date) / 7) + 1)`;
  const dow = sql`extract(isodow FROM ${form.day}::date)`;
  const periods = sql`BETWEEN ${form.periodFrom} AND ${form.periodTo}`;
  const [busy] = await queryRows<{ what: string }>(tx, sql`
    SELECT ${name} || ' · ' || c.name AS what FROM timetable_entries te JOIN terms t ON t.id = te.term_id JOIN courses co ON co.id = te.course_id JOIN classes c ON c.id = te.class_id
      WHERE te.term_id = ${form.termId} AND te.teacher_id = ${teacherId} AND te.class_id <> ${form.classId} AND te.day = ${dow} AND te.period ${periods}
        AND ${week} BETWEEN te.week_from AND te.week_to AND (te.week_parity = 'all' OR (te.week_parity = 'odd') = (${week} % 2 = 1))
    UNION ALL
    SELECT ${name} FROM elective_sessions es JOIN terms t ON t.id = es.term_id JOIN courses co ON co.id = es.course_id
      WHERE es.term_id = ${form.termId} AND es.teacher_id = ${teacherId} AND es.day = ${dow} AND es.period ${periods} AND ${week} BETWEEN es.week_from AND es.week_to
    UNION ALL
    SELECT tc.name FROM teaching_classes tc JOIN terms t ON t.id = tc.term_id JOIN teaching_class_lessons l ON l.teaching_class_id = tc.id
      WHERE tc.term_id = ${form.termId} AND tc.teacher_id = ${teacherId} AND l.day = ${dow} AND l.period ${periods} AND ${week} BETWEEN tc.week_from AND tc.week_to
    UNION ALL
    SELECT o.topic FROM open_classes o
      WHERE o.teacher_id = ${teacherId} AND o.day = ${form.day}::date AND o.id <> ${form.id ?? 0} AND o.period_from <= ${form.periodTo} AND o.period_to >= ${form.periodFrom}
    LIMIT 1`);
  if (busy) {
    const [teacher] = await queryRows<{ name: string }>(tx, sql`SELECT name FROM staff WHERE id = ${teacherId}`);
    throw conflict('openClass.teacherBusy', { teacher: teacher?.name ?? '', what: busy.what });
  }
  const [classBusy] = await queryRows<{ name: string }>(tx, sql`
    SELECT c.name FROM open_classes o JOIN classes c ON c.id = o.class_id
    WHERE o.class_id = ${form.classId} AND o.day = ${form.day}::date AND o.id <> ${form.id ?? 0} AND o.period_from <= ${form.periodTo} AND o.period_to >= ${form.periodFrom} LIMIT 1`);
  if (classBusy) throw conflict('openClass.classBusy', { className: classBusy.name });
}

/** The teacher of the form: the office names anyone, a teacher schedules their own. */
async function teacherOf(tx: Tx, caller: Caller, form: OpenClassFormParsed): Promise<number> {
  const selfId = await staffIdOfCaller(tx, caller);
  if (isOffice(caller)) {
    const teacherId = form.teacherId ?? selfId;
    if (!teacherId) throw badRequest('openClass.unknownReference');
    return teacherId;
  }
  if (!selfId) throw forbidden('openClass.notStaff');
  if (form.teacherId && form.teacherId !== selfId) throw forbidden('openClass.notYours');
  return selfId;
}

export async function createOpenClass(db: Db, caller: Caller, form: OpenClassFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    const teacherId = await teacherOf(tx, caller, form);
    await checkForm(tx, caller, form, teacherId);
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO open_classes (term_id, teacher_id, course_id, class_id, day, period_from, period_to, classroom_id, place, topic, set_id, deadline, created_by_user_id)
      VALUES (${form.termId}, ${teacherId}, ${form.courseId}, ${form.classId}, ${form.day}, ${form.periodFrom}, ${form.periodTo}, ${form.classroomId ?? null},
        ${form.place}, ${form.topic}, ${form.setId}, ${schoolInstant(form.deadline)}, ${caller.auth.userId})
      RETURNING id`);
    return created!.id;
  });
}

interface Locked {
  id: number;
  teacherId: number;
  setId: number;
  day: string;
  deadline: Date | string;
  phase: OpenClassPhase;
  evaluations: number;
}

async function lockOpenClass(tx: Tx, id: number): Promise<Locked> {
  const [row] = await queryRows<Locked>(tx, sql`
    SELECT o.id, o.teacher_id AS "teacherId", o.set_id AS "setId", o.day::text AS day, o.deadline, ${phase()} AS phase,
      (SELECT count(*)::int FROM open_class_evaluations e WHERE e.open_class_id = o.id) AS evaluations
    FROM open_classes o WHERE o.id = ${id} FOR UPDATE OF o`);
  if (!row) throw notFound();
  return row;
}

/** Its teacher or the office may change it until a colleague has evaluated it. */
async function changeable(tx: Tx, caller: Caller, id: number): Promise<Locked> {
  const row = await lockOpenClass(tx, id);
  const selfId = await staffIdOfCaller(tx, caller);
  if (!isOffice(caller) && row.teacherId !== selfId) throw forbidden('openClass.notYours');
  if (row.evaluations > 0) throw conflict('openClass.evaluated');
  if (row.phase === 'closed') throw conflict('openClass.deadlinePassed');
  return row;
}

export async function updateOpenClass(db: Db, caller: Caller, form: OpenClassFormParsed & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await changeable(tx, caller, form.id);
    const teacherId = await teacherOf(tx, caller, form);
    await checkForm(tx, caller, form, teacherId);
    await tx.execute(sql`
      UPDATE open_classes SET term_id = ${form.termId}, teacher_id = ${teacherId}, course_id = ${form.courseId}, class_id = ${form.classId}, day = ${form.day},
        period_from = ${form.periodFrom}, period_to = ${form.periodTo}, classroom_id = ${form.classroomId ?? null}, place = ${form.place}, topic = ${form.topic},
        set_id = ${form.setId}, deadline = ${schoolInstant(form.deadline)}, updated_at = now()
      WHERE id = ${form.id}`);
  });
}

export async function deleteOpenClasses(db: Db, caller: Caller, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const id of [...ids].sort((a, b) => a - b)) await changeable(tx, caller, id);
    await tx.execute(sql`DELETE FROM open_classes WHERE id IN ${idList(ids)}`);
  });
}

async function attendeeOf(tx: Tx, caller: Caller, row: Locked): Promise<number> {
  const selfId = await staffIdOfCaller(tx, caller);
  if (!selfId) throw forbidden('openClass.notStaff');
  if (row.teacherId === selfId) throw forbidden('openClass.self');
  return selfId;
}

/** A colleague signs up up to and including the class's day (openClassSignUpOpen, which the list's buttons follow too). */
export async function signUp(db: Db, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOpenClass(tx, id);
    const selfId = await attendeeOf(tx, caller, row);
    if (!openClassSignUpOpen(row, schoolToday())) throw conflict('openClass.signUpClosed');
    const inserted = await queryRows<{ ok: number }>(tx, sql`
      INSERT INTO open_class_attendees (open_class_id, staff_id) VALUES (${id}, ${selfId}) ON CONFLICT DO NOTHING RETURNING 1 AS ok`);
    if (!inserted.length) throw conflict('openClass.alreadySignedUp');
  });
}

export async function cancelSignUp(db: Db, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOpenClass(tx, id);
    const selfId = await attendeeOf(tx, caller, row);
    const [evaluated] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM open_class_evaluations WHERE open_class_id = ${id} AND evaluator_id = ${selfId}`);
    if (evaluated) throw conflict('openClass.cancelEvaluated');
    if (!openClassSignUpOpen(row, schoolToday())) throw conflict('openClass.signUpClosed');
    const removed = await queryRows<{ ok: number }>(tx, sql`DELETE FROM open_class_attendees WHERE open_class_id = ${id} AND staff_id = ${selfId} RETURNING 1 AS ok`);
    if (!removed.length) throw conflict('openClass.notSignedUp');
  });
}

async function itemsOf(db: DbOrTx, setId: number): Promise<OpenClassItem[]> {
  return queryRows<OpenClassItem>(db, sql`
    SELECT id, name, description, max_score AS "maxScore", weight FROM evaluation_set_items WHERE set_id = ${setId} ORDER BY sort, id`);
}

/** Why a colleague cannot evaluate the class now ('' when they can): the rules of `evaluate`, in order. */
async function evaluationRefusal(tx: DbOrTx, row: Locked, selfId: number | null): Promise<{ key: Parameters<typeof conflict>[0]; params?: Record<string, string> } | null> {
  if (!selfId) return { key: 'openClass.notStaff' };
  if (row.teacherId === selfId) return { key: 'openClass.self' };
  const [state] = await queryRows<{ signed: boolean; evaluated: boolean }>(tx, sql`
    SELECT EXISTS (SELECT 1 FROM open_class_attendees WHERE open_class_id = ${row.id} AND staff_id = ${selfId}) AS signed,
      EXISTS (SELECT 1 FROM open_class_evaluations WHERE open_class_id = ${row.id} AND evaluator_id = ${selfId}) AS evaluated`);
  if (state?.evaluated) return { key: 'openClass.alreadyEvaluated' };
  if (!state?.signed) return { key: 'openClass.notSignedUp' };
  if (row.phase === 'upcoming') return { key: 'openClass.notYet', params: { day: row.day } };
  if (row.phase === 'closed') return { key: 'openClass.deadlinePassed' };
  return null;
}

/** A colleague who attended scores every item once, after the class and before the deadline; once. */
export async function evaluate(db: Db, caller: Caller, input: { id: number; scores: { itemId: number; score: number; comment: string }[]; comment: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOpenClass(tx, input.id);
    const selfId = await staffIdOfCaller(tx, caller);
    const refusal = await evaluationRefusal(tx, row, selfId);
    if (refusal) {
      if (refusal.key === 'openClass.self' || refusal.key === 'openClass.notStaff') throw forbidden(refusal.key);
      throw conflict(refusal.key, refusal.params);
    }
    const items = await itemsOf(tx, row.setId);
    const given = new Map(input.scores.map((s) => [s.itemId, s]));
    if (given.size !== input.scores.length || given.size !== items.length || items.some((i) => !given.has(i.id))) throw badRequest('openClass.itemUnknown');
    const above = items.find((i) => given.get(i.id)!.score > i.maxScore);
    if (above) throw badRequest('openClass.scoreAbove', { name: above.name, max: above.maxScore });
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO open_class_evaluations (open_class_id, evaluator_id, comment) VALUES (${input.id}, ${selfId}, ${input.comment}) RETURNING id`);
    await tx.execute(sql`
      INSERT INTO open_class_scores (evaluation_id, item_id, score, comment)
      SELECT ${created!.id}, x.item_id, x.score, x.comment
      FROM jsonb_to_recordset(${JSON.stringify(input.scores.map((s) => ({ item_id: s.itemId, score: s.score, comment: s.comment })))}::jsonb) AS x(item_id int, score numeric, comment text)`);
  });
}

/** The figures of one open class; names of evaluators only where the reader may know them. */
async function results(db: DbOrTx, openClassId: number, setId: number, showNames: boolean): Promise<OpenClassResults> {
  const items = await itemsOf(db, setId);
  const averages = await queryRows<{ itemId: number; average: number | string | null }>(db, sql`
    SELECT sc.item_id AS "itemId", round(avg(sc.score), 2)::float8 AS average
    FROM open_class_scores sc JOIN open_class_evaluations e ON e.id = sc.evaluation_id WHERE e.open_class_id = ${openClassId} GROUP BY sc.item_id`);
  const byItem = new Map(averages.map((a) => [a.itemId, a.average === null ? null : Number(a.average)]));
  const comments = await queryRows<{ evaluator: string; total: number | string; comment: string; itemComments: { itemId: number; comment: string }[] | string; submittedRaw: Date | string }>(db, sql`
    SELECT ${showNames ? sql`st.name` : sql`''`} AS evaluator, coalesce(${evaluationTotal('e')}, 0)::float8 AS total, e.comment,
      (SELECT coalesce(json_agg(json_build_object('itemId', sc.item_id, 'comment', sc.comment) ORDER BY sc.item_id), '[]'::json) FROM open_class_scores sc
         WHERE sc.evaluation_id = e.id AND sc.comment <> '') AS "itemComments",
      e.submitted_at AS "submittedRaw"
    FROM open_class_evaluations e JOIN staff st ON st.id = e.evaluator_id
    WHERE e.open_class_id = ${openClassId} ORDER BY ${showNames ? sql`e.submitted_at, e.id` : sql`md5(e.id::text)`}`);
  const [counts] = await queryRows<{ attendees: number }>(db, sql`SELECT count(*)::int AS attendees FROM open_class_attendees WHERE open_class_id = ${openClassId}`);
  const totals = comments.map((c) => Number(c.total));
  return {
    evaluations: comments.length,
    attendees: counts?.attendees ?? 0,
    average: totals.length ? Math.round((totals.reduce((a, b) => a + b, 0) / totals.length) * 10) / 10 : null,
    items: items.map((item) => ({ ...item, average: byItem.get(item.id) ?? null })),
    comments: comments.map(({ submittedRaw, itemComments, total, ...c }) => ({
      ...c,
      total: Number(total),
      itemComments: jsonValue(itemComments),
      // Anonymous comments carry no time either: the order and the minute would tell who wrote them.
      submittedAt: showNames ? schoolMinute(submittedRaw) : '',
    })),
  };
}

/** /gkkMgr/pjrn: the open class, its items, the caller's evaluation, and the results for its teacher and the office. */
export async function openClassContent(db: DbOrTx, caller: Caller, id: number): Promise<OpenClassContent> {
  const openClass = await findRow(db, caller, id);
  const selfId = await staffIdOfCaller(db, caller);
  const [set] = await queryRows<{ anonymous: boolean }>(db, sql`SELECT anonymous FROM evaluation_sets WHERE id = ${openClass.setId}`);
  const items = await itemsOf(db, openClass.setId);
  const [own] = await queryRows<{ id: number; comment: string; submittedRaw: Date | string; total: number | string | null }>(db, sql`
    SELECT e.id, e.comment, e.submitted_at AS "submittedRaw", ${evaluationTotal('e')}::float8 AS total FROM open_class_evaluations e
    WHERE e.open_class_id = ${id} AND e.evaluator_id = ${selfId ?? 0}`);
  const mine = own
    ? {
        scores: (await queryRows<{ itemId: number; score: number | string; comment: string }>(db, sql`
          SELECT item_id AS "itemId", score, comment FROM open_class_scores WHERE evaluation_id = ${own.id} ORDER BY item_id`)).map((s) => ({ ...s, score: Number(s.score) })),
        comment: own.comment,
        total: Number(own.total ?? 0),
        submittedAt: schoolMinute(own.submittedRaw),
      }
    : null;
  const refusal = await evaluationRefusal(
    db,
    { id, teacherId: openClass.teacherId, setId: openClass.setId, day: openClass.day, deadline: openClass.deadline, phase: openClass.phase, evaluations: openClass.evaluations },
    selfId,
  );
  const office = isOffice(caller);
  const readsResults = office || openClass.mine;
  return {
    openClass,
    items,
    anonymous: Boolean(set?.anonymous),
    mine,
    cannotEvaluate: refusal ? translate(caller.language, refusal.key, refusal.params) : '',
    results: readsResults ? await results(db, id, openClass.setId, office || !set?.anonymous) : null,
  };
}

/** Per open class and per teacher of a term: the office every one, a teacher their own. */
export async function openClassStatistics(db: DbOrTx, caller: Caller, termId: number | undefined, language: Language): Promise<OpenClassStatistics> {
  const terms = await queryRows<{ id: number; name: string; isCurrent: boolean }>(db, sql`
    SELECT t.id, ${localName('t', language)} AS name, t.is_current AS "isCurrent" FROM terms t
    WHERE EXISTS (SELECT 1 FROM open_classes o WHERE o.term_id = t.id) OR t.is_current ORDER BY t.start_date DESC`);
  const term = termId ?? terms.find((t) => t.isCurrent)?.id ?? terms[0]?.id ?? 0;
  const selfId = await staffIdOfCaller(db, caller);
  const own = isOffice(caller) ? sql`TRUE` : sql`o.teacher_id = ${selfId ?? 0}`;
  const byClass = await queryRows<OpenClassStatistics['byClass'][number] & { items: OpenClassStatistics['byClass'][number]['items'] | string; average: number | string | null }>(db, sql`
    SELECT o.id, o.day::text AS day, st.name AS "teacherName", ${localName('co', language)} AS "courseName", c.name AS "className", o.topic,
      (SELECT count(*)::int FROM open_class_evaluations e WHERE e.open_class_id = o.id) AS evaluations,
      (SELECT count(*)::int FROM open_class_attendees a WHERE a.open_class_id = o.id) AS attendees,
      (SELECT round(avg(${evaluationTotal('e')}), 1)::float8 FROM open_class_evaluations e WHERE e.open_class_id = o.id) AS average,
      (SELECT coalesce(json_agg(json_build_object('name', i.name, 'maxScore', i.max_score,
          'average', (SELECT round(avg(sc.score), 2)::float8 FROM open_class_scores sc JOIN open_class_evaluations e ON e.id = sc.evaluation_id
                      WHERE e.open_class_id = o.id AND sc.item_id = i.id)) ORDER BY i.sort, i.id), '[]'::json)
        FROM evaluation_set_items i WHERE i.set_id = o.set_id) AS items
    FROM open_classes o JOIN staff st ON st.id = o.teacher_id JOIN courses co ON co.id = o.course_id JOIN classes c ON c.id = o.class_id
    WHERE o.term_id = ${term} AND ${own}
    ORDER BY o.day DESC, o.period_from, o.id`);
  const byTeacher = await queryRows<OpenClassStatistics['byTeacher'][number] & { average: number | string | null; best: number | string | null }>(db, sql`
    SELECT st.id AS "teacherId", st.name AS "teacherName", count(DISTINCT o.id)::int AS "openClasses", count(e.id)::int AS evaluations,
      round(avg(${evaluationTotal('e')}), 1)::float8 AS average, max(${evaluationTotal('e')})::float8 AS best
    FROM open_classes o JOIN staff st ON st.id = o.teacher_id LEFT JOIN open_class_evaluations e ON e.open_class_id = o.id
    WHERE o.term_id = ${term} AND ${own}
    GROUP BY st.id, st.name ORDER BY average DESC NULLS LAST, st.name`);
  const num = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    terms,
    termId: term,
    byClass: byClass.map((row) => ({ ...row, average: num(row.average), items: jsonValue(row.items) })),
    byTeacher: byTeacher.map((row) => ({ ...row, average: num(row.average), best: num(row.best) })),
  };
}
