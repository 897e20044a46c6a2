import { sql, type SQL } from 'drizzle-orm';
import {
  CAMPUS_EVENT_PERMISSIONS,
  CAMPUS_EVENT_TRANSITIONS,
  CAMPUS_EVENT_URLS,
  DEFAULT_LANGUAGE,
  campusEventSearchSchema,
  eventPhase,
  translate,
  type BrowseEventRow,
  type CampusEventFormParsed,
  type CampusEventKind,
  type CampusEventOptions,
  type CampusEventRow,
  type CampusEventStatus,
  type EventBrowse,
  type EventBrowseTab,
  type EventSignupRow,
  type Language,
  type PagedResult,
} from '@campus/contract';
import { BatchedStatement, BatchedWork, intArray, jsonValue, queryRows, statementText, type BatchOutcome, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { cleanRichText } from '../../../platform/richText.ts';
import { schoolInstant, schoolMinute } from '../../../platform/schoolClock.ts';
import { ownStudentIdsOf } from '../../../platform/scope.ts';
import { localName } from '../../timetable/views/queries.ts';
import { campusEvents } from '../../../db/schema/index.ts';

/** Dictionary STD_MESSAGE_TYPE: 通知公告. */
export const CAMPUS_LIFE_MESSAGE_TYPE = '3';

/** Its sorts read the matches `m` (pageEvents), which carry the three columns. */
export const eventList = defineList({
  search: campusEventSearchSchema,
  sortColumns: { startsAt: sql`m.starts_at`, title: sql`m.title`, updatedAt: sql`m.updated_at` },
  defaultSort: { field: 'startsAt', order: 'desc' },
  tieBreaker: campusEvents.id,
});
type Search = ReturnType<typeof eventList.parse>['search'];

/** The organiser's list's keyword: title, host (speaker or organiser) or place. */
const EVENT_KEYWORD = keywordColumns(campusEvents.title, campusEvents.host, campusEvents.place);

const rights = (kind: CampusEventKind) => CAMPUS_EVENT_PERMISSIONS[kind];
/** The :all right manages every event of the kind; otherwise an organiser manages their own. */
const managesAll = (caller: Caller, kind: CampusEventKind) => caller.permissions.has(rights(kind).all);
const manageable = (caller: Caller, kind: CampusEventKind): SQL => (managesAll(caller, kind) ? sql`TRUE` : sql`e.owner_user_id = ${caller.auth.userId}`);

/** The audience condition on a student (alias s) and their class (alias c): grades or classes, or everyone. */
const inAudience = sql`((cardinality(e.grade_ids) = 0 AND cardinality(e.class_ids) = 0) OR c.grade_id = ANY(e.grade_ids) OR s.class_id = ANY(e.class_ids))`;

const now = () => schoolMinute(new Date());

interface Raw {
  id: number;
  kind: CampusEventKind;
  termId: number;
  termName: string;
  title: string;
  host: string;
  place: string;
  startsRaw: Date | string;
  endsRaw: Date | string;
  signupStartRaw: Date | string;
  signupEndRaw: Date | string;
  capacity: number;
  signedUp: number;
  gradeIds: number[];
  classIds: number[];
  audience: string | null;
  description: string;
  familySignup: boolean;
  weekFrom: number | null;
  weekTo: number | null;
  status: CampusEventStatus;
  ownerName: string;
  mine: boolean;
  attendanceCount: number;
  updatedRaw: Date | string;
}

function columns(caller: Caller, kind: CampusEventKind): SQL {
  const { language } = caller;
  const separator = language === 'en' ? ', ' : '、';
  return sql`
    e.id, e.kind, e.term_id AS "termId", ${localName('t', language)} AS "termName", e.title, e.host, e.place,
    e.starts_at AS "startsRaw", e.ends_at AS "endsRaw", e.signup_start AS "signupStartRaw", e.signup_end AS "signupEndRaw",
    e.capacity, e.signed_up AS "signedUp", e.grade_ids AS "gradeIds", e.class_ids AS "classIds",
    (SELECT string_agg(x.name, ${separator} ORDER BY x.sort) FROM (
       SELECT ${localName('g', language)} AS name, g.sort * 1000 AS sort FROM grades g WHERE g.id = ANY(e.grade_ids)
       UNION ALL SELECT cl.name, cl.sort FROM classes cl WHERE cl.id = ANY(e.class_ids)) x) AS audience,
    e.description, e.family_signup AS "familySignup", e.week_from AS "weekFrom", e.week_to AS "weekTo", e.status,
    coalesce(u.display_name, '') AS "ownerName", (${manageable(caller, kind)}) AS mine,
    (SELECT count(*)::int FROM campus_event_signups su WHERE su.event_id = e.id AND su.attended) AS "attendanceCount",
    e.updated_at AS "updatedRaw"`;
}

const TABLES = sql`campus_events e JOIN terms t ON t.id = e.term_id LEFT JOIN users u ON u.id = e.owner_user_id`;
const FROM = sql`FROM ${TABLES}`;

function toRow(raw: Raw, language: Language): CampusEventRow {
  const { startsRaw, endsRaw, signupStartRaw, signupEndRaw, updatedRaw, ...rest } = raw;
  const times = { startsAt: schoolMinute(startsRaw), endsAt: schoolMinute(endsRaw), signupStart: schoolMinute(signupStartRaw), signupEnd: schoolMinute(signupEndRaw) };
  return {
    ...rest,
    ...times,
    gradeIds: rest.gradeIds.map(Number),
    classIds: rest.classIds.map(Number),
    audience: raw.audience ?? translate(language, 'campusLife.everyone'),
    phase: eventPhase({ ...times, status: raw.status, capacity: raw.capacity, signedUp: raw.signedUp }, now()),
    updatedAt: schoolMinute(updatedRaw),
  };
}

function filters(caller: Caller, kind: CampusEventKind, search: Search): SQL {
  const parts: SQL[] = [sql`e.kind = ${kind}`, manageable(caller, kind)];
  if (search.termId) parts.push(sql`e.term_id = ${search.termId}`);
  if (search.status) parts.push(sql`e.status = ${search.status}`);
  const keyword = matchKeyword(search.keyword, EVENT_KEYWORD, aliased('e'));
  if (keyword) parts.push(keyword);
  return sql.join(parts, sql` AND `);
}

/** The organiser's events of a kind (every one with the :all right), paged. */
export async function pageEvents(
  db: DbOrTx,
  caller: Caller,
  kind: CampusEventKind,
  request: ListRequest<Search, keyof typeof eventList.spec.sortColumns>,
): Promise<PagedResult<CampusEventRow>> {
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const found = await pageOfList<Raw>(
    db,
    request.search.keyword,
    {
      matching: sql`SELECT e.id, e.starts_at, e.title, e.updated_at FROM campus_events e WHERE ${filters(caller, kind, request.search)}`,
      order: { orderBy: sql`${eventList.spec.sortColumns[request.sortField]} ${direction}, m.id ${direction}` },
      details: { columns: columns(caller, kind), joins: sql`JOIN (${TABLES}) ON e.id = chosen.id` },
    },
    request,
  );
  return { ...found, rows: found.rows.map((row) => toRow(row, caller.language)) };
}

export async function getEvent(db: DbOrTx, caller: Caller, kind: CampusEventKind, id: number): Promise<CampusEventRow> {
  const [row] = await queryRows<Raw>(db, sql`SELECT ${columns(caller, kind)} ${FROM} WHERE e.id = ${id} AND e.kind = ${kind} AND ${manageable(caller, kind)}`);
  if (!row) throw notFound();
  return toRow(row, caller.language);
}

export async function eventOptions(db: DbOrTx, language: Language): Promise<CampusEventOptions> {
  const [lists] = await queryRows<Record<keyof CampusEventOptions, unknown>>(db, sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', ${localName('t', language)}, 'isCurrent', t.is_current,
         'startDate', to_char(t.start_date, 'YYYY-MM-DD'), 'endDate', to_char(t.end_date, 'YYYY-MM-DD'), 'weekCount', t.week_count) ORDER BY t.start_date), '[]'::json)
         FROM terms t WHERE t.end_date >= current_date) AS terms,
      (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', ${localName('g', language)}) ORDER BY g.sort), '[]'::json) FROM grades g) AS grades,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'gradeId', c.grade_id) ORDER BY c.sort, c.id), '[]'::json) FROM classes c) AS classes`);
  return {
    terms: jsonValue(lists!.terms as CampusEventOptions['terms']),
    grades: jsonValue(lists!.grades as CampusEventOptions['grades']),
    classes: jsonValue(lists!.classes as CampusEventOptions['classes']),
  };
}

/** Spec 5 against the database: the term's range and weeks, the audience's grades and classes. */
async function checkForm(tx: Tx, kind: CampusEventKind, form: CampusEventFormParsed): Promise<void> {
  if (form.familySignup && kind !== 'activity') throw badRequest('campusLife.familyOnlyActivities');
  const [facts] = await queryRows<{ start: string | null; end: string | null; weekCount: number | null; grades: number; classes: number }>(tx, sql`
    SELECT (SELECT to_char(start_date, 'YYYY-MM-DD') FROM terms WHERE id = ${form.termId}) AS start,
      (SELECT to_char(end_date, 'YYYY-MM-DD') FROM terms WHERE id = ${form.termId}) AS "end",
      (SELECT week_count FROM terms WHERE id = ${form.termId}) AS "weekCount",
      (SELECT count(*)::int FROM grades WHERE id = ANY(${intArray(form.gradeIds)})) AS grades,
      (SELECT count(*)::int FROM classes WHERE id = ANY(${intArray(form.classIds)})) AS classes`);
  if (!facts?.start || !facts.end || facts.grades !== form.gradeIds.length || facts.classes !== form.classIds.length) throw badRequest('campusLife.unknownReference');
  // Spec 5: activity times lie within the term's range.
  const last = `${facts.end} 23:59`;
  if (form.startsAt < `${facts.start} 00:00` || form.endsAt > last) throw badRequest('campusLife.outsideTerm', { start: facts.start, end: facts.end });
  if (form.recurring && form.weekTo !== undefined && facts.weekCount !== null && form.weekTo > facts.weekCount) throw badRequest('campusLife.weekBeyondTerm', { max: facts.weekCount });
}

const formValues = (form: CampusEventFormParsed) => ({
  description: cleanRichText(form.description),
  weekFrom: form.recurring ? (form.weekFrom ?? null) : null,
  weekTo: form.recurring ? (form.weekTo ?? null) : null,
});

export async function createEvent(db: Db, caller: Caller, kind: CampusEventKind, form: CampusEventFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    await checkForm(tx, kind, form);
    const v = formValues(form);
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO campus_events (kind, term_id, title, host, place, starts_at, ends_at, signup_start, signup_end, capacity, grade_ids, class_ids,
        description, family_signup, week_from, week_to, owner_user_id)
      VALUES (${kind}, ${form.termId}, ${form.title}, ${form.host}, ${form.place}, ${schoolInstant(form.startsAt)}, ${schoolInstant(form.endsAt)},
        ${schoolInstant(form.signupStart)}, ${schoolInstant(form.signupEnd)}, ${form.capacity}, ${intArray(form.gradeIds)}, ${intArray(form.classIds)},
        ${v.description}, ${form.familySignup}, ${v.weekFrom}, ${v.weekTo}, ${caller.auth.userId})
      RETURNING id`);
    return created!.id;
  });
}

interface Locked {
  id: number;
  title: string;
  status: CampusEventStatus;
  ownerUserId: number;
  started: boolean;
  ended: boolean;
  signedUp: number;
  startsRaw: Date | string;
  place: string;
}

async function lockEvent(tx: Tx, caller: Caller, kind: CampusEventKind, id: number): Promise<Locked> {
  const [row] = await queryRows<Locked>(tx, sql`
    SELECT id, title, status, owner_user_id AS "ownerUserId", starts_at <= now() AS started, ends_at <= now() AS ended, signed_up AS "signedUp",
      starts_at AS "startsRaw", place
    FROM campus_events WHERE id = ${id} AND kind = ${kind} FOR NO KEY UPDATE`);
  if (!row) throw notFound();
  // Spec 5: users lacking rights cannot publish, change or delete another's event.
  if (row.ownerUserId !== caller.auth.userId && !managesAll(caller, kind)) throw forbidden('campusLife.notYours');
  return row;
}

/** The users an event's signed-up students are: each student and their parents. */
const participantUsers = (eventId: number) => sql`
  SELECT s.user_id FROM campus_event_signups su JOIN students s ON s.id = su.student_id WHERE su.event_id = ${eventId} AND su.status = 'signed' AND s.user_id IS NOT NULL
  UNION SELECT g.parent_user_id FROM campus_event_signups su JOIN guardians g ON g.student_id = su.student_id WHERE su.event_id = ${eventId} AND su.status = 'signed'`;

/** One message to each participant (student and parents), in the school's language; the sign-ups are marked notified. */
async function notifyParticipants(tx: Tx, senderUserId: number | null, kind: CampusEventKind, eventId: number, key: string, params: Record<string, string | number>): Promise<number> {
  const title = translate(DEFAULT_LANGUAGE, key, { ...params, kind: translate(DEFAULT_LANGUAGE, `campusLife.kind.${kind}`) }).slice(0, 200);
  const [row] = await queryRows<{ n: number }>(tx, sql`
    WITH sent AS (
      INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
      SELECT u.id, ${senderUserId}::int, ${title}, ${Array.from(title).slice(0, 100).join('')}, ${CAMPUS_LIFE_MESSAGE_TYPE}, ${`${CAMPUS_EVENT_URLS[kind]}?id=${eventId}`}
      FROM users u WHERE u.enabled AND u.id IN (${participantUsers(eventId)}) RETURNING 1),
    marked AS (UPDATE campus_event_signups SET notified = TRUE WHERE event_id = ${eventId} AND status = 'signed' RETURNING 1)
    SELECT count(*)::int AS n FROM sent`);
  return row?.n ?? 0;
}

export async function updateEvent(db: Db, caller: Caller, kind: CampusEventKind, form: CampusEventFormParsed & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockEvent(tx, caller, kind, form.id);
    if (current.status === 'cancelled' || current.started) throw conflict('campusLife.notEditable');
    await checkForm(tx, kind, form);
    if (form.capacity < current.signedUp) throw conflict('campusLife.capacityBelowSignups', { count: current.signedUp });
    const v = formValues(form);
    await tx.execute(sql`
      UPDATE campus_events SET term_id = ${form.termId}, title = ${form.title}, host = ${form.host}, place = ${form.place},
        starts_at = ${schoolInstant(form.startsAt)}, ends_at = ${schoolInstant(form.endsAt)}, signup_start = ${schoolInstant(form.signupStart)},
        signup_end = ${schoolInstant(form.signupEnd)}, capacity = ${form.capacity}, grade_ids = ${intArray(form.gradeIds)}, class_ids = ${intArray(form.classIds)},
        description = ${v.description}, family_signup = ${form.familySignup}, week_from = ${v.weekFrom}, week_to = ${v.weekTo},
        reminded_at = CASE WHEN starts_at = ${schoolInstant(form.startsAt)} THEN reminded_at END, updated_at = now()
      WHERE id = ${form.id}`);
    // Whoever signed up hears of a change of time or place.
    const moved = schoolMinute(current.startsRaw) !== form.startsAt || current.place !== form.place;
    if (current.status === 'published' && moved && current.signedUp > 0) {
      await notifyParticipants(tx, caller.auth.userId, kind, form.id, 'campusLife.message.changed', { title: form.title, start: form.startsAt, place: form.place });
    }
  });
}

export async function deleteEvents(db: Db, caller: Caller, kind: CampusEventKind, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const id of [...ids].sort((a, b) => a - b)) {
      const row = await lockEvent(tx, caller, kind, id);
      if (row.status === 'published') throw conflict('campusLife.notDeletable');
    }
    await tx.execute(sql`DELETE FROM campus_events WHERE id = ANY(${intArray(ids)})`);
  });
}

function refuseTransition(caller: Caller, status: CampusEventStatus, action: 'publish' | 'cancel'): never {
  throw conflict('campusLife.transition', {
    status: translate(caller.language, `campusLife.status.${status}`),
    action: translate(caller.language, `campusLife.action.${action}`),
  });
}

export async function publishEvent(db: Db, caller: Caller, kind: CampusEventKind, id: number): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await lockEvent(tx, caller, kind, id);
    const next = CAMPUS_EVENT_TRANSITIONS[row.status].publish;
    if (!next) refuseTransition(caller, row.status, 'publish');
    if (row.started) throw conflict('campusLife.notEditable');
    await tx.execute(sql`UPDATE campus_events SET status = ${next}, updated_at = now() WHERE id = ${id}`);
    return row.title;
  });
}

/** Cancels a published event before it ends: every participant is told why. */
export async function cancelEvent(db: Db, caller: Caller, kind: CampusEventKind, input: { id: number; reason: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await lockEvent(tx, caller, kind, input.id);
    const next = CAMPUS_EVENT_TRANSITIONS[row.status].cancel;
    if (!next) refuseTransition(caller, row.status, 'cancel');
    if (row.ended) throw conflict('campusLife.notEditable');
    await tx.execute(sql`UPDATE campus_events SET status = ${next}, updated_at = now() WHERE id = ${input.id}`);
    await notifyParticipants(tx, caller.auth.userId, kind, input.id, 'campusLife.message.cancelled', { title: row.title, start: schoolMinute(row.startsRaw), reason: input.reason });
    return row.title;
  });
}

/** The organiser reminds the participants now (the daily job does it for events starting within a day). */
export async function remindEvent(db: Db, caller: Caller, kind: CampusEventKind, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await lockEvent(tx, caller, kind, id);
    if (row.status !== 'published' || row.started) throw conflict('campusLife.notEditable');
    await tx.execute(sql`UPDATE campus_events SET reminded_at = now() WHERE id = ${id}`);
    return notifyParticipants(tx, caller.auth.userId, kind, id, 'campusLife.message.reminder', { title: row.title, start: schoolMinute(row.startsRaw), place: row.place });
  });
}

/** Published events starting within the next day and not yet reminded: their participants are reminded once. */
export async function remindDueEvents(db: Db): Promise<number> {
  const due = await queryRows<{ id: number; kind: CampusEventKind; title: string; startsRaw: Date | string; place: string }>(db, sql`
    SELECT id, kind, title, starts_at AS "startsRaw", place FROM campus_events
    WHERE status = 'published' AND reminded_at IS NULL AND starts_at > now() AND starts_at <= now() + interval '1 day'`);
  let sent = 0;
  for (const event of due) {
    sent += await db.transaction(async (tx) => {
      const [claimed] = await queryRows<{ id: number }>(tx, sql`UPDATE campus_events SET reminded_at = now() WHERE id = ${event.id} AND reminded_at IS NULL RETURNING id`);
      if (!claimed) return 0;
      return notifyParticipants(tx, null, event.kind, event.id, 'campusLife.message.reminder', { title: event.title, start: schoolMinute(event.startsRaw), place: event.place });
    });
  }
  return sent;
}

// ---------------------------------------------------------------------------------------------
// Students and parents.

interface StudentFacts {
  id: number;
  name: string;
  className: string;
  self: boolean;
}

/** Each caller's own students, themselves first: one statement for the callers of a moment, since every sign-up of a rush starts here. */
const ownStudents = new BatchedStatement<StudentFacts>(
  statementText(sql`
    SELECT request.position, s.id, s.name, coalesce(c.name, '') AS "className", s.user_id = (request.input->>0)::int AS self
    FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS request(input, position)
    CROSS JOIN LATERAL (${ownStudentIdsOf(sql.raw('(request.input->>0)::int'))}) own(id) JOIN students s ON s.id = own.id
    LEFT JOIN classes c ON c.id = s.class_id
    ORDER BY request.position, s.user_id = (request.input->>0)::int DESC, s.student_number`),
);

async function studentFor(db: DbOrTx, caller: Caller, studentId: number | undefined): Promise<{ student: StudentFacts | null; children: EventBrowse['children'] }> {
  const own = await ownStudents.run(db, [caller.auth.userId]);
  const self = own.find((row) => row.self);
  const children = self ? [] : own.map((row) => ({ id: row.id, name: row.name, className: row.className }));
  if (studentId !== undefined && !own.some((row) => row.id === studentId)) throw forbidden('campusLife.notYourChild');
  const chosen = studentId !== undefined ? own.find((row) => row.id === studentId) : (self ?? own[0]);
  return { student: chosen ?? null, children };
}

/** Open: published events of the student's audience whose sign-up is not over; mine: their sign-ups to come; history: the rest they took part in. */
export async function browseEvents(db: DbOrTx, caller: Caller, kind: CampusEventKind, query: { tab: EventBrowseTab; studentId?: number | undefined }): Promise<EventBrowse> {
  const { student, children } = await studentFor(db, caller, query.studentId);
  if (!student) return { student: null, children, rows: [] };
  const tab =
    query.tab === 'open'
      ? sql`e.status = 'published' AND e.ends_at > now() AND ${inAudience}`
      : query.tab === 'mine'
        ? sql`su.status IS NOT NULL AND e.ends_at > now()`
        : sql`su.status IS NOT NULL AND (e.ends_at <= now() OR e.status = 'cancelled')`;
  const rows = await queryRows<Raw & { signup: BrowseEventRow['signup'] | null; attended: boolean | null }>(db, sql`
    SELECT ${columns(caller, kind)}, su.status AS signup, su.attended
    ${FROM}
    JOIN students s ON s.id = ${student.id} LEFT JOIN classes c ON c.id = s.class_id
    LEFT JOIN campus_event_signups su ON su.event_id = e.id AND su.student_id = s.id
    WHERE e.kind = ${kind} AND e.status <> 'draft' AND ${tab}
    ORDER BY e.starts_at ${query.tab === 'history' ? sql`DESC` : sql`ASC`}, e.id LIMIT 200`);
  const parent = !student.self;
  return {
    student: { id: student.id, name: student.name, className: student.className },
    children,
    rows: rows.map((raw) => {
      const { mine: _mine, attendanceCount: _count, gradeIds: _g, classIds: _c, ownerName: _o, termId: _t, termName: _tn, updatedAt: _u, ...row } = toRow(raw, caller.language);
      const signup = raw.signup ?? 'none';
      const allowed = !parent || row.familySignup;
      return {
        ...row,
        signup,
        attended: raw.attended,
        canSignUp: allowed && signup !== 'signed' && row.phase === 'open',
        canCancel: allowed && signup === 'signed' && row.status === 'published' && now() < row.startsAt,
      };
    }),
  };
}

interface SignupRequest {
  caller: Caller;
  kind: CampusEventKind;
  student: StudentFacts;
  eventId: number;
}

interface SignupFacts {
  position: number | string;
  title: string;
  status: CampusEventStatus;
  started: boolean;
  windowOpen: boolean;
  signupStartRaw: Date | string;
  signupEndRaw: Date | string;
  familySignup: boolean;
  inAudience: boolean;
  existing: string | null;
}

/**
 * A sign-up for a student: the caller themselves, or a parent's child where the activity allows it. Sign-ups
 * that arrive together are made together (signUpTogether): a thousand students sign up in the same second.
 */
export async function signUp(db: Db, caller: Caller, kind: CampusEventKind, input: { id: number; studentId?: number | undefined }): Promise<string> {
  const { student } = await studentFor(db, caller, input.studentId);
  if (!student) throw forbidden('campusLife.noStudent');
  return signups.run(db, { caller, kind, student, eventId: input.id });
}

/**
 * One transaction of a few statements per batch, whatever its size (the electives' rush, issue 16): each
 * student has at most one request in a batch, so each one's rules read only what was committed before; the
 * events' rows are held, so their seats go in the order the requests came and never past the capacity.
 */
const signups = new BatchedWork<SignupRequest, string>((db, requests) => signUpTogether(db, requests), { key: (request) => request.student.id });

async function signUpTogether(db: Db, requests: SignupRequest[]): Promise<BatchOutcome<string>[]> {
  return db.transaction(async (tx) => {
    const eventIds = [...new Set(requests.map((request) => request.eventId))];
    await queryRows(tx, sql`SELECT id FROM campus_events WHERE id = ANY(${intArray(eventIds)}) ORDER BY id FOR NO KEY UPDATE`, { prepared: true });
    const asked = requests.map((request, i) => [i, request.student.id, request.eventId, request.kind]);
    const facts = new Map<number, SignupFacts>();
    const found = await queryRows<SignupFacts>(tx, sql`
      WITH asked AS (
        SELECT (a->>0)::int AS position, (a->>1)::int AS student_id, (a->>2)::int AS event_id, a->>3 AS kind FROM jsonb_array_elements(${JSON.stringify(asked)}::jsonb) AS a)
      SELECT asked.position, e.title, e.status, e.starts_at <= now() AS started, now() BETWEEN e.signup_start AND e.signup_end AS "windowOpen",
        e.signup_start AS "signupStartRaw", e.signup_end AS "signupEndRaw", e.family_signup AS "familySignup",
        EXISTS (SELECT 1 FROM students s LEFT JOIN classes c ON c.id = s.class_id WHERE s.id = asked.student_id AND ${inAudience}) AS "inAudience",
        (SELECT su.status FROM campus_event_signups su WHERE su.event_id = e.id AND su.student_id = asked.student_id) AS existing
      FROM asked JOIN campus_events e ON e.id = asked.event_id AND e.kind = asked.kind`, { prepared: true });
    for (const row of found) facts.set(Number(row.position), row);
    const outcomes: (BatchOutcome<string> | null)[] = [];
    const wanted: number[][] = [];
    for (const [i, request] of requests.entries()) {
      try {
        checkSignup(request, facts.get(i));
        outcomes.push(null);
        wanted.push([i, request.eventId, request.student.id, request.caller.auth.userId]);
      } catch (error) {
        outcomes.push({ error });
      }
    }
    if (!wanted.length) return outcomes as BatchOutcome<string>[];
    // The seats and the sign-ups in one statement: an event's free seats go to its requests in the order they
    // came; its count rises only while seats are free.
    const placed = await queryRows<{ position: number | string }>(tx, sql`
      WITH wanted AS (
        SELECT (w->>0)::int AS position, (w->>1)::int AS event_id, (w->>2)::int AS student_id, (w->>3)::int AS signed_by
        FROM jsonb_array_elements(${JSON.stringify(wanted)}::jsonb) AS w),
      granted AS (
        SELECT w.* FROM (SELECT wanted.*, row_number() OVER (PARTITION BY event_id ORDER BY position) AS place FROM wanted) w
        JOIN campus_events e ON e.id = w.event_id WHERE w.place <= e.capacity - e.signed_up),
      seat AS (
        UPDATE campus_events e SET signed_up = e.signed_up + g.n FROM (SELECT event_id, count(*)::int AS n FROM granted GROUP BY event_id) g
        WHERE e.id = g.event_id AND e.signed_up + g.n <= e.capacity RETURNING e.id),
      placed AS (SELECT granted.* FROM granted WHERE granted.event_id IN (SELECT id FROM seat)),
      signed AS (
        INSERT INTO campus_event_signups (event_id, student_id, status, signed_by_user_id, signed_at)
        SELECT event_id, student_id, 'signed', signed_by, now() FROM placed
        ON CONFLICT (event_id, student_id) DO UPDATE SET status = 'signed', signed_by_user_id = EXCLUDED.signed_by_user_id, signed_at = now(),
          cancelled_at = NULL, attended = NULL, attendance_at = NULL, notified = FALSE
        RETURNING 1)
      SELECT position FROM placed`, { prepared: true });
    const seated = new Set(placed.map((row) => Number(row.position)));
    return outcomes.map((outcome, i) => {
      if (outcome) return outcome;
      return seated.has(i) ? { value: facts.get(i)!.title } : { error: conflict('campusLife.classFull') };
    });
  });
}

/** A sign-up's rules, in the order their refusals are told. */
function checkSignup({ caller, student }: SignupRequest, facts: SignupFacts | undefined): void {
  if (!facts || facts.status === 'draft') throw notFound();
  if (facts.status !== 'published') throw conflict('campusLife.notPublished');
  if (!student.self && !facts.familySignup) throw forbidden('campusLife.familyNotAllowed');
  if (!facts.inAudience) throw conflict('campusLife.notForStudent', { name: student.name });
  // Spec 5: sign-up must be before the start, inside the window.
  if (!facts.windowOpen || facts.started) throw conflict('campusLife.signupClosed', { start: schoolMinute(facts.signupStartRaw), end: schoolMinute(facts.signupEndRaw) });
  if (facts.existing === 'signed') throw conflict('campusLife.alreadySignedUp', { name: student.name });
  void caller;
}

/** Cancels a sign-up before the start (the caller's own, or a parent's child's where the activity allows family sign-up). */
export async function cancelSignup(db: Db, caller: Caller, kind: CampusEventKind, input: { id: number; studentId?: number | undefined }): Promise<void> {
  const { student } = await studentFor(db, caller, input.studentId);
  if (!student) throw forbidden('campusLife.noStudent');
  await db.transaction(async (tx) => {
    const [event] = await queryRows<{ status: CampusEventStatus; started: boolean; familySignup: boolean }>(tx, sql`
      SELECT status, starts_at <= now() AS started, family_signup AS "familySignup" FROM campus_events WHERE id = ${input.id} AND kind = ${kind} FOR NO KEY UPDATE`);
    if (!event || event.status === 'draft') throw notFound();
    if (!student.self && !event.familySignup) throw forbidden('campusLife.familyNotAllowed');
    if (event.started || event.status !== 'published') throw conflict('campusLife.cancelTooLate');
    const cancelled = await queryRows<{ n: number }>(tx, sql`
      UPDATE campus_event_signups SET status = 'cancelled', cancelled_at = now() WHERE event_id = ${input.id} AND student_id = ${student.id} AND status = 'signed' RETURNING 1 AS n`);
    if (!cancelled.length) throw conflict('campusLife.notSignedUp', { name: student.name });
    await tx.execute(sql`UPDATE campus_events SET signed_up = greatest(signed_up - 1, 0) WHERE id = ${input.id}`);
  });
}

// ---------------------------------------------------------------------------------------------
// The organiser's sign-up list and attendance.

async function readableEvent(db: DbOrTx, caller: Caller, kind: CampusEventKind, id: number): Promise<{ title: string; started: boolean; startsRaw: Date | string }> {
  const [row] = await queryRows<{ title: string; started: boolean; startsRaw: Date | string; ownerUserId: number }>(db, sql`
    SELECT title, starts_at <= now() AS started, starts_at AS "startsRaw", owner_user_id AS "ownerUserId" FROM campus_events WHERE id = ${id} AND kind = ${kind}`);
  if (!row) throw notFound();
  if (row.ownerUserId !== caller.auth.userId && !managesAll(caller, kind)) throw forbidden('campusLife.notYours');
  return row;
}

export async function eventSignups(db: DbOrTx, caller: Caller, kind: CampusEventKind, id: number): Promise<{ title: string; rows: EventSignupRow[] }> {
  const event = await readableEvent(db, caller, kind, id);
  const rows = await queryRows<Omit<EventSignupRow, 'signedAt'> & { signedRaw: Date | string }>(db, sql`
    SELECT s.id AS "studentId", s.student_number AS "studentNumber", s.name, coalesce(c.name, '') AS "className", su.status,
      su.signed_at AS "signedRaw", coalesce(u.display_name, '') AS "signedByName", su.attended, su.notified
    FROM campus_event_signups su JOIN students s ON s.id = su.student_id LEFT JOIN classes c ON c.id = s.class_id LEFT JOIN users u ON u.id = su.signed_by_user_id
    WHERE su.event_id = ${id}
    ORDER BY su.status = 'signed' DESC, c.sort NULLS LAST, s.student_number`);
  return { title: event.title, rows: rows.map(({ signedRaw, ...row }) => ({ ...row, signedAt: schoolMinute(signedRaw) })) };
}

/** The organiser registers who came, from the start on; only signed-up students. */
export async function saveAttendance(db: Db, caller: Caller, kind: CampusEventKind, input: { id: number; entries: { studentId: number; attended: boolean }[] }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockEvent(tx, caller, kind, input.id);
    if (row.status !== 'published') throw conflict('campusLife.notPublished');
    if (!row.started) throw conflict('campusLife.attendanceTooEarly', { start: schoolMinute(row.startsRaw) });
    const ids = [...new Set(input.entries.map((entry) => entry.studentId))];
    if (ids.length !== input.entries.length) throw badRequest();
    const [signed] = await queryRows<{ n: number }>(tx, sql`
      SELECT count(*)::int AS n FROM campus_event_signups WHERE event_id = ${input.id} AND status = 'signed' AND student_id = ANY(${intArray(ids)})`);
    if ((signed?.n ?? 0) !== ids.length) throw conflict('campusLife.attendanceNotSigned');
    await tx.execute(sql`
      UPDATE campus_event_signups su SET attended = x.attended, attendance_at = now()
      FROM (SELECT (v->>'studentId')::int AS student_id, (v->>'attended')::boolean AS attended FROM jsonb_array_elements(${JSON.stringify(input.entries)}::jsonb) v) x
      WHERE su.event_id = ${input.id} AND su.student_id = x.student_id`);
  });
}

// ---------------------------------------------------------------------------------------------
// The dashboard's cards (system/homeCards).

/**
 * The sign-ups waiting for the caller (a student) or their children: events of the kind the browse page
 * offers a sign-up for now (its `canSignUp`: published, of the student's audience, inside the window before
 * the start, a seat free, not signed up; for a parent only where the activity lets the family sign up),
 * counted once per student.
 */
export async function eventsToSignUp(db: DbOrTx, userId: number, kind: CampusEventKind): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`
    SELECT count(*)::int AS n
    FROM (SELECT DISTINCT id FROM (${ownStudentIdsOf(sql`${userId}`)}) x) own(id) JOIN students s ON s.id = own.id LEFT JOIN classes c ON c.id = s.class_id
    JOIN campus_events e ON e.kind = ${kind} AND e.status = 'published' AND ${inAudience}
    WHERE now() BETWEEN e.signup_start AND e.signup_end AND e.starts_at > now() AND e.signed_up < e.capacity
      AND (s.user_id = ${userId} OR e.family_signup)
      AND NOT EXISTS (SELECT 1 FROM campus_event_signups su WHERE su.event_id = e.id AND su.student_id = s.id AND su.status = 'signed')`);
  return row?.n ?? 0;
}

/** How far ahead (and, for attendance, back after the end) the organiser's card looks. */
const ORGANISER_WINDOW = sql`interval '7 days'`;

/**
 * What waits for an organiser (every event with the :all right): their published events of the kind that
 * start within the next seven days, and those begun (ended at most seven days ago) whose participants'
 * attendance nobody has registered yet.
 */
export async function eventsToRun(db: DbOrTx, caller: Caller, kind: CampusEventKind): Promise<number> {
  if (!caller.permissions.has(rights(kind).edit)) return 0;
  const [row] = await queryRows<{ n: number }>(db, sql`
    SELECT count(*)::int AS n FROM campus_events e
    WHERE e.kind = ${kind} AND e.status = 'published' AND ${manageable(caller, kind)}
      AND ((e.starts_at > now() AND e.starts_at <= now() + ${ORGANISER_WINDOW})
        OR (e.starts_at <= now() AND e.ends_at > now() - ${ORGANISER_WINDOW}
          AND EXISTS (SELECT 1 FROM campus_event_signups su WHERE su.event_id = e.id AND su.status = 'signed')
          AND NOT EXISTS (SELECT 1 FROM campus_event_signups su WHERE su.event_id = e.id AND su.status = 'signed' AND su.attended IS NOT NULL)))`);
  return row?.n ?? 0;
}
