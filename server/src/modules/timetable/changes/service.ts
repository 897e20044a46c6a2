import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  LESSON_CHANGE_URLS,
  translate,
  type ApplicationType,
  type Language,
  type LessonChangeCheck,
  type LessonChangeKind,
  type LessonChangeOptions,
  type LessonChangeRow,
  type LessonChangeStatus,
  type LessonMove,
  type MakeUpForm,
  type SwapForm,
} from '@campus/contract';
import { jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { idList } from '../../../platform/resource.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import {
  applicationFacts,
  registerApplicantPage,
  registerOnApproved,
  startApproval,
  withdrawApplication,
  type ApplicationFacts,
} from '../../applications/approvals/service.ts';
import { localName, periodList, teachingDays, weekLessonsSql, type TermRow } from '../views/queries.ts';
import { schoolToday, weekOfDate } from '../views/service.ts';

export const APPLICATION_TYPE: Record<LessonChangeKind, ApplicationType> = { swap: 'classSwap', makeUp: 'makeUp' };
const KIND_OF: Partial<Record<ApplicationType, LessonChangeKind>> = { classSwap: 'swap', makeUp: 'makeUp' };

type Form = (SwapForm & { kind: 'swap' }) | (MakeUpForm & { kind: 'makeUp' });

/** A lesson of a week as the rules read it. */
interface Lesson {
  classId: number;
  day: number;
  period: number;
  courseId: number;
  teacherId: number | null;
  classroomId: number | null;
}

/** A planned change of one week: a lesson not held at a time, or held. */
interface Move extends Lesson {
  kind: 'cancel' | 'add';
}

interface TermFacts {
  weekCount: number;
  currentWeek: number;
  weekStart: string;
  ended: boolean;
}

type TermDates = Pick<TermRow, 'startDate' | 'endDate' | 'weekCount'>;

/** Today's week of a term as the timetable counts it (weekOfDate), 0 before the term and weekCount + 1 after. */
function currentWeekOf(term: TermDates, today = schoolToday()): number {
  if (today < term.startDate) return 0;
  if (today > term.endDate) return term.weekCount + 1;
  return weekOfDate(term, today);
}

/** The Monday of a week of the term: of the week's first day (weeks start on the term's start date). */
function weekStartOf(term: TermDates, week: number): string {
  const day = new Date(`${term.startDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + (week - 1) * 7 - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** The term's weeks, today's week and the Monday of `week`. */
async function termFacts(db: DbOrTx, termId: number, week: number): Promise<TermFacts | undefined> {
  const [term] = await queryRows<TermDates>(db, sql`
    SELECT start_date::text AS "startDate", end_date::text AS "endDate", week_count AS "weekCount" FROM terms WHERE id = ${termId}`);
  if (!term) return undefined;
  return { weekCount: term.weekCount, currentWeek: currentWeekOf(term), weekStart: weekStartOf(term, week), ended: term.endDate < schoolToday() };
}

const names = async (db: DbOrTx, language: Language) => {
  const [days, periods] = await Promise.all([teachingDays(db, language), periodList(db, language)]);
  return {
    day: (day: number) => days.find((d) => d.day === day)?.name ?? String(day),
    period: (period: number) => periods.find((p) => p.sort === period)?.name ?? String(period),
    teaching: (day: number, period: number) => days.some((d) => d.day === day) && periods.some((p) => p.sort === period),
  };
};

/** The class's lessons of the week at a time (after the passed changes). */
async function classLessonAt(db: DbOrTx, termId: number, week: number, classId: number, day: number, period: number): Promise<Lesson | undefined> {
  const [row] = await queryRows<Lesson>(db, sql`
    SELECT te.class_id AS "classId", te.day, te.period, te.course_id AS "courseId", te.teacher_id AS "teacherId", te.classroom_id AS "classroomId"
    FROM (${weekLessonsSql(sql`${termId}`, sql`te.class_id = ${classId}`, week)}) te WHERE te.day = ${day} AND te.period = ${period}
    ORDER BY te.id LIMIT 1`);
  return row;
}

/**
 * What a teacher or a room has at a time of the week other than the given class's lessons: other classes'
 * lessons, teaching classes and electives (what, in the language).
 */
async function busyAt(db: DbOrTx, column: 'teacher_id' | 'classroom_id', id: number, termId: number, week: number, day: number, period: number, exceptClass: number, language: Language): Promise<string | undefined> {
  const col = sql.raw(column);
  const name = language === 'en' ? sql.raw('coalesce(co.name_en, co.name)') : sql.raw('co.name');
  const [row] = await queryRows<{ what: string }>(db, sql`
    SELECT ${name} || ' · ' || c.name AS what FROM (${weekLessonsSql(sql`${termId}`, sql`te.${col} = ${id}`, week)}) te
      JOIN courses co ON co.id = te.course_id JOIN classes c ON c.id = te.class_id
      WHERE te.day = ${day} AND te.period = ${period} AND te.class_id <> ${exceptClass}
    UNION ALL
    SELECT tc.name FROM teaching_classes tc JOIN teaching_class_lessons l ON l.teaching_class_id = tc.id
      WHERE tc.term_id = ${termId} AND tc.${col} = ${id} AND l.day = ${day} AND l.period = ${period} AND tc.week_from <= ${week} AND tc.week_to >= ${week}
    UNION ALL
    SELECT ${name} FROM elective_sessions es JOIN courses co ON co.id = es.course_id
      WHERE es.term_id = ${termId} AND es.${col} = ${id} AND es.day = ${day} AND es.period = ${period} AND es.week_from <= ${week} AND es.week_to >= ${week}
    LIMIT 1`);
  return row?.what;
}

interface Planned {
  moves: Move[];
  conflicts: string[];
  summaryParams: Record<string, string | number>;
}

/**
 * The moves a request makes and what stands in their way, in the caller's language. Refuses outright what is
 * not the caller's to ask (a lesson not theirs, a course they do not teach the class, a week gone).
 */
async function plan(db: DbOrTx, caller: Caller, staffId: number, form: Form, language: Language): Promise<Planned> {
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const [refs] = await queryRows<{ className: string | null; classroom: string | null }>(db, sql`
    SELECT (SELECT name FROM classes WHERE id = ${form.classId}) AS "className",
      ${form.kind === 'makeUp' && form.classroomId ? sql`(SELECT name FROM classrooms WHERE id = ${form.classroomId})` : sql`''`} AS classroom`);
  const term = await termFacts(db, form.termId, form.week);
  if (!term || refs?.className == null || refs.classroom == null) throw badRequest('lessonChange.unknownReference');
  if (form.week > term.weekCount) throw badRequest('lessonChange.weekBeyondTerm', { max: term.weekCount });
  if (form.week < term.currentWeek) throw conflict('lessonChange.weekPast', { week: form.week });
  const n = await names(db, language);
  const className = refs.className;
  const courseName = async (courseId: number) =>
    (await queryRows<{ name: string }>(db, sql`SELECT ${localName('co', language)} AS name FROM courses co WHERE co.id = ${courseId}`))[0]?.name ?? '';
  const staffName = async (id: number | null) => (id ? ((await queryRows<{ name: string }>(db, sql`SELECT name FROM staff WHERE id = ${id}`))[0]?.name ?? '') : '');
  const roomName = async (id: number) => (await queryRows<{ name: string }>(db, sql`SELECT name FROM classrooms WHERE id = ${id}`))[0]?.name ?? '';
  const conflicts: string[] = [];
  const checkTeacher = async (teacherId: number | null, day: number, period: number) => {
    if (!teacherId) return;
    const what = await busyAt(db, 'teacher_id', teacherId, form.termId, form.week, day, period, form.classId, language);
    if (what) conflicts.push(t('lessonChange.teacherBusy', { teacher: await staffName(teacherId), what, day: n.day(day), period: n.period(period) }));
  };
  const checkRoom = async (roomId: number | null, day: number, period: number) => {
    if (!roomId) return;
    const what = await busyAt(db, 'classroom_id', roomId, form.termId, form.week, day, period, form.classId, language);
    if (what) conflicts.push(t('lessonChange.roomBusy', { room: await roomName(roomId), what, day: n.day(day), period: n.period(period) }));
  };

  if (form.kind === 'swap') {
    if (!n.teaching(form.toDay, form.toPeriod)) throw badRequest('lessonChange.notTeachingDay');
    const from = await classLessonAt(db, form.termId, form.week, form.classId, form.fromDay, form.fromPeriod);
    if (!from || from.teacherId !== staffId) {
      throw conflict('lessonChange.notYourLesson', { class: className, week: form.week, day: n.day(form.fromDay), period: n.period(form.fromPeriod) });
    }
    const target = await classLessonAt(db, form.termId, form.week, form.classId, form.toDay, form.toPeriod);
    const moves: Move[] = [
      { ...from, kind: 'cancel' },
      { ...from, day: form.toDay, period: form.toPeriod, kind: 'add' },
    ];
    if (target) moves.push({ ...target, kind: 'cancel' }, { ...target, day: form.fromDay, period: form.fromPeriod, kind: 'add' });
    await checkTeacher(from.teacherId, form.toDay, form.toPeriod);
    await checkRoom(from.classroomId, form.toDay, form.toPeriod);
    if (target && target.teacherId !== from.teacherId) await checkTeacher(target.teacherId, form.fromDay, form.fromPeriod);
    if (target && target.classroomId !== from.classroomId) await checkRoom(target.classroomId, form.fromDay, form.fromPeriod);
    return {
      moves,
      conflicts,
      summaryParams: { class: className, week: form.week, course: await courseName(from.courseId), fromDay: form.fromDay, fromPeriod: form.fromPeriod, toDay: form.toDay, toPeriod: form.toPeriod },
    };
  }

  if (!n.teaching(form.day, form.period)) throw badRequest('lessonChange.notTeachingDay');
  const [teaches] = await queryRows<{ classroomId: number | null }>(db, sql`
    SELECT classroom_id AS "classroomId" FROM timetable_entries WHERE term_id = ${form.termId} AND class_id = ${form.classId} AND course_id = ${form.courseId} AND teacher_id = ${staffId}
    ORDER BY id LIMIT 1`);
  if (!teaches) throw conflict('lessonChange.notYourClass', { class: className, course: await courseName(form.courseId) });
  const room = form.classroomId ?? teaches.classroomId;
  const lesson: Lesson = { classId: form.classId, day: form.day, period: form.period, courseId: form.courseId, teacherId: staffId, classroomId: room };
  const taken = await classLessonAt(db, form.termId, form.week, form.classId, form.day, form.period);
  if (taken) conflicts.push(t('lessonChange.classBusy', { class: className, what: await courseName(taken.courseId), day: n.day(form.day), period: n.period(form.period) }));
  await checkTeacher(staffId, form.day, form.period);
  await checkRoom(room, form.day, form.period);
  return { moves: [{ ...lesson, kind: 'add' }], conflicts, summaryParams: { class: className, week: form.week, course: await courseName(form.courseId), day: form.day, period: form.period } };
}

/** A request's summary or message values with its days and periods named (n: names in the reader's language). */
function namedSlots(params: Record<string, string | number>, n: { day: (day: number) => string; period: (period: number) => string }): Record<string, string | number> {
  const named = { ...params };
  for (const key of ['fromDay', 'toDay', 'day'] as const) if (typeof named[key] === 'number') named[key] = n.day(named[key]);
  for (const key of ['fromPeriod', 'toPeriod', 'period'] as const) if (typeof named[key] === 'number') named[key] = n.period(named[key]);
  return named;
}

/** The moves as the screen shows them. */
async function describe(db: DbOrTx, moves: Move[], language: Language): Promise<LessonMove[]> {
  const n = await names(db, language);
  const out: LessonMove[] = [];
  for (const move of moves) {
    const [row] = await queryRows<{ course: string; teacher: string }>(db, sql`
      SELECT ${localName('co', language)} AS course, coalesce((SELECT name FROM staff WHERE id = ${move.teacherId ?? 0}), '') AS teacher FROM courses co WHERE co.id = ${move.courseId}`);
    out.push({ day: move.day, period: move.period, dayName: n.day(move.day), periodName: n.period(move.period), courseName: row?.course ?? '', teacherName: row?.teacher ?? '', kind: move.kind });
  }
  return out;
}

async function callerStaff(db: DbOrTx, caller: Caller): Promise<{ id: number; number: string }> {
  const [row] = await queryRows<{ id: number; number: string }>(db, sql`SELECT id, staff_number AS number FROM staff WHERE user_id = ${caller.auth.userId}`);
  if (!row) throw forbidden();
  return row;
}

export async function checkRequest(db: DbOrTx, caller: Caller, form: Form): Promise<LessonChangeCheck> {
  const staff = await callerStaff(db, caller);
  const planned = await plan(db, caller, staff.id, form, caller.language);
  return { ok: planned.conflicts.length === 0, conflicts: planned.conflicts, moves: await describe(db, planned.moves, caller.language) };
}

export async function lessonOptions(db: DbOrTx, caller: Caller, query: { termId?: number | undefined; classId?: number | undefined; week?: number | undefined }): Promise<LessonChangeOptions> {
  const staff = await callerStaff(db, caller);
  const today = schoolToday();
  const termRows = await queryRows<Omit<LessonChangeOptions['terms'][number], 'currentWeek'> & TermDates>(db, sql`
    SELECT t.id, ${localName('t', caller.language)} AS name, t.is_current AS "isCurrent", t.week_count AS "weekCount",
      t.start_date::text AS "startDate", t.end_date::text AS "endDate"
    FROM terms t WHERE t.end_date >= ${today}::date ORDER BY t.start_date`);
  // The form offers the current week first; a term not started yet starts at its first.
  const terms = termRows.map(({ startDate, endDate, ...term }) => ({ ...term, currentWeek: Math.max(1, currentWeekOf({ startDate, endDate, weekCount: term.weekCount }, today)) }));
  const termId = query.termId ?? terms.find((t) => t.isCurrent)?.id ?? terms[0]?.id ?? 0;
  const classes = await queryRows<LessonChangeOptions['classes'][number] & { courses: { id: number; name: string }[] | string }>(db, sql`
    SELECT c.id, c.name, json_agg(DISTINCT jsonb_build_object('id', co.id, 'name', ${localName('co', caller.language)})) AS courses
    FROM timetable_entries te JOIN classes c ON c.id = te.class_id JOIN courses co ON co.id = te.course_id
    WHERE te.term_id = ${termId} AND te.teacher_id = ${staff.id}
    GROUP BY c.id, c.name, c.sort ORDER BY c.sort, c.id`);
  const classrooms = await queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM classrooms ORDER BY code`);
  const [days, periods] = await Promise.all([teachingDays(db, caller.language), periodList(db, caller.language)]);
  let lessons: LessonChangeOptions['lessons'] = [];
  if (query.classId && query.week) {
    lessons = await queryRows<LessonChangeOptions['lessons'][number]>(db, sql`
      SELECT te.day, te.period, ${localName('co', caller.language)} AS "courseName", coalesce(st.name, '') AS "teacherName", coalesce(te.teacher_id = ${staff.id}, FALSE) AS mine
      FROM (${weekLessonsSql(sql`${termId}`, sql`te.class_id = ${query.classId}`, query.week)}) te JOIN courses co ON co.id = te.course_id LEFT JOIN staff st ON st.id = te.teacher_id
      ORDER BY te.day, te.period`);
  }
  return {
    terms,
    termId,
    classes: classes.map((row) => ({ ...row, courses: jsonValue(row.courses) })),
    classrooms,
    days,
    periods: periods.map((p) => ({ sort: p.sort, name: p.name })),
    lessons,
  };
}

interface RequestRow {
  id: number;
  kind: LessonChangeKind;
  termId: number;
  classId: number;
  week: number;
  staffId: number;
  staffUserId: number | null;
  fromDay: number | null;
  fromPeriod: number | null;
  toDay: number | null;
  toPeriod: number | null;
  day: number | null;
  period: number | null;
  courseId: number | null;
  classroomId: number | null;
  reason: string;
  applicationId: number | null;
  applicationStatus: string | null;
  currentStep: number | null;
  stepKind: string | null;
}

const REQUEST_COLUMNS = sql`
  lc.id, lc.kind, lc.term_id AS "termId", lc.class_id AS "classId", lc.week, lc.staff_id AS "staffId", st.user_id AS "staffUserId",
  lc.from_day AS "fromDay", lc.from_period AS "fromPeriod", lc.to_day AS "toDay", lc.to_period AS "toPeriod", lc.day, lc.period,
  lc.course_id AS "courseId", lc.classroom_id AS "classroomId", lc.reason, lc.application_id AS "applicationId",
  a.status AS "applicationStatus", a.current_step AS "currentStep", a.steps -> (a.current_step - 1) ->> 'kind' AS "stepKind"`;

const REQUEST_FROM = sql`FROM lesson_changes lc JOIN staff st ON st.id = lc.staff_id LEFT JOIN applications a ON a.id = lc.application_id`;

function statusOf(row: Pick<RequestRow, 'applicationStatus' | 'currentStep' | 'stepKind'>): LessonChangeStatus {
  switch (row.applicationStatus) {
    case 'pending':
      // The chain as the office set it: its first step is the class teacher's review by default.
      return row.stepKind === 'academicOffice' || (row.currentStep ?? 1) > 1 ? 'academicOffice' : 'classTeacher';
    case 'approved':
      return 'passed';
    case 'rejected':
      return 'notPassed';
    default:
      return 'draft';
  }
}

const formOf = (row: RequestRow): Form =>
  row.kind === 'swap'
    ? { kind: 'swap', termId: row.termId, classId: row.classId, week: row.week, fromDay: row.fromDay!, fromPeriod: row.fromPeriod!, toDay: row.toDay!, toPeriod: row.toPeriod!, reason: row.reason }
    : { kind: 'makeUp', termId: row.termId, classId: row.classId, week: row.week, day: row.day!, period: row.period!, courseId: row.courseId!, classroomId: row.classroomId ?? undefined, reason: row.reason };

async function toRow(db: DbOrTx, caller: Caller, row: RequestRow): Promise<LessonChangeRow> {
  const status = statusOf(row);
  const [facts] = await queryRows<{ termName: string; className: string; teacherName: string; createdRaw: Date | string }>(db, sql`
    SELECT ${localName('t', caller.language)} AS "termName", c.name AS "className", st.name AS "teacherName", lc.created_at AS "createdRaw"
    FROM lesson_changes lc JOIN terms t ON t.id = lc.term_id JOIN classes c ON c.id = lc.class_id JOIN staff st ON st.id = lc.staff_id WHERE lc.id = ${row.id}`);
  const term = await termFacts(db, row.termId, row.week);
  const n = await names(db, caller.language);
  let moves: LessonMove[] = [];
  let summaryParams: Record<string, string | number> = {};
  try {
    const planned = await plan(db, caller, row.staffId, formOf(row), caller.language);
    moves = await describe(db, planned.moves, caller.language);
    summaryParams = planned.summaryParams;
  } catch {
    // A week gone or a lesson moved since: the request still reads, with what it asked for.
    summaryParams = { class: facts?.className ?? '', week: row.week, course: '', fromDay: row.fromDay ?? 0, fromPeriod: row.fromPeriod ?? 0, toDay: row.toDay ?? 0, toPeriod: row.toPeriod ?? 0, day: row.day ?? 0, period: row.period ?? 0 };
  }
  const named = namedSlots(summaryParams, n);
  const trail = row.applicationId
    ? await queryRows<LessonChangeRow['trail'][number] & { decidedRaw: Date | string }>(db, sql`
        SELECT d.step, d.decision, coalesce(u.display_name, '') AS "deciderName", d.comment, d.decided_at AS "decidedRaw"
        FROM approval_decisions d LEFT JOIN users u ON u.id = d.decider_user_id WHERE d.application_id = ${row.applicationId} ORDER BY d.decided_at, d.id`)
    : [];
  const own = row.staffUserId === caller.auth.userId;
  return {
    id: row.id,
    kind: row.kind,
    termId: row.termId,
    termName: facts?.termName ?? '',
    classId: row.classId,
    className: facts?.className ?? '',
    week: row.week,
    weekStart: term?.weekStart ?? '',
    teacherName: facts?.teacherName ?? '',
    status,
    reason: row.reason,
    summary: translate(caller.language, `lessonChange.summary.${row.kind}`, named),
    moves,
    fromDay: row.fromDay,
    fromPeriod: row.fromPeriod,
    toDay: row.toDay,
    toPeriod: row.toPeriod,
    day: row.day,
    period: row.period,
    courseId: row.courseId,
    classroomId: row.classroomId,
    applicationId: row.applicationId,
    trail: trail.map(({ decidedRaw, ...entry }) => ({ ...entry, decidedAt: schoolMinute(decidedRaw) })),
    createdAt: facts ? schoolMinute(facts.createdRaw) : '',
    editable: own && status === 'draft',
    withdrawable: own && (status === 'classTeacher' || status === 'academicOffice'),
  };
}

export async function pageRequests(
  db: DbOrTx,
  caller: Caller,
  kind: LessonChangeKind,
  search: { status?: string | undefined; termId?: number | undefined },
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: LessonChangeRow[] }> {
  const parts: SQL[] = [sql`lc.kind = ${kind}`, sql`st.user_id = ${caller.auth.userId}`];
  if (search.termId) parts.push(sql`lc.term_id = ${search.termId}`);
  const where = sql.join(parts, sql` AND `);
  // The status is derived from the application: filtered after reading the caller's own requests (a teacher has tens).
  const all = await queryRows<RequestRow>(db, sql`SELECT ${REQUEST_COLUMNS} ${REQUEST_FROM} WHERE ${where} ORDER BY lc.created_at DESC, lc.id DESC`);
  const wanted = search.status ? all.filter((row) => statusOf(row) === search.status) : all;
  const rows = await Promise.all(wanted.slice(page.offset, page.offset + page.limit).map((row) => toRow(db, caller, row)));
  return { total: wanted.length, rows };
}

async function requestById(db: DbOrTx, id: number, lock = false): Promise<RequestRow | undefined> {
  const [row] = await queryRows<RequestRow>(db, sql`SELECT ${REQUEST_COLUMNS} ${REQUEST_FROM} WHERE lc.id = ${id} ${lock ? sql`FOR UPDATE OF lc` : sql``}`);
  return row;
}

/** The caller's own request of the kind; 404 for any other (not theirs to know of). */
async function ownRequest(db: DbOrTx, caller: Caller, kind: LessonChangeKind, id: number, lock = false): Promise<RequestRow> {
  const row = await requestById(db, id, lock);
  if (!row || row.kind !== kind || row.staffUserId !== caller.auth.userId) throw notFound();
  return row;
}

export async function getRequest(db: DbOrTx, caller: Caller, kind: LessonChangeKind, id: number): Promise<LessonChangeRow> {
  return toRow(db, caller, await ownRequest(db, caller, kind, id));
}

export async function saveRequest(db: Db, caller: Caller, form: Form & { id?: number | undefined }): Promise<number> {
  return db.transaction(async (tx) => {
    const staff = await callerStaff(tx, caller);
    // Refuses what is not the caller's to ask; conflicts are told by the check and refused at submission.
    await plan(tx, caller, staff.id, form, caller.language);
    const swap = form.kind === 'swap' ? form : null;
    const makeUp = form.kind === 'makeUp' ? form : null;
    const values = sql`${form.termId}, ${form.classId}, ${form.week}, ${swap?.fromDay ?? null}, ${swap?.fromPeriod ?? null}, ${swap?.toDay ?? null}, ${swap?.toPeriod ?? null},
      ${makeUp?.day ?? null}, ${makeUp?.period ?? null}, ${makeUp?.courseId ?? null}, ${makeUp?.classroomId ?? null}, ${form.reason}`;
    if (form.id) {
      const current = await ownRequest(tx, caller, form.kind, form.id, true);
      if (statusOf(current) !== 'draft') throw conflict('lessonChange.notEditable');
      await tx.execute(sql`
        UPDATE lesson_changes SET (term_id, class_id, week, from_day, from_period, to_day, to_period, day, period, course_id, classroom_id, reason) = (${values}), updated_at = now()
        WHERE id = ${form.id}`);
      return form.id;
    }
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO lesson_changes (kind, staff_id, term_id, class_id, week, from_day, from_period, to_day, to_period, day, period, course_id, classroom_id, reason)
      VALUES (${form.kind}, ${staff.id}, ${values}) RETURNING id`);
    return created!.id;
  });
}

/** One writer per term's timetable changes at a time: two requests for one slot are checked one after the other. */
async function lockTerm(tx: Tx, termId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('lesson-changes'), ${termId})`);
}

export async function submitRequest(db: Db, caller: Caller, kind: LessonChangeKind, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownRequest(tx, caller, kind, id, true);
    if (statusOf(row) !== 'draft') throw conflict('lessonChange.notEditable');
    await lockTerm(tx, row.termId);
    const planned = await plan(tx, caller, row.staffId, formOf(row), caller.language);
    if (planned.conflicts.length) throw conflict('lessonChange.conflict', { conflict: planned.conflicts[0]! });
    const n = await names(tx, DEFAULT_LANGUAGE);
    const summary = translate(DEFAULT_LANGUAGE, `lessonChange.summary.${kind}`, namedSlots(planned.summaryParams, n)).slice(0, 200);
    const [application] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO applications (type, applicant_user_id, staff_id, reason, details, steps)
      VALUES (${APPLICATION_TYPE[kind]}, ${caller.auth.userId}, ${row.staffId}, ${row.reason}, ${JSON.stringify({ classId: row.classId, summary, lessonChangeId: row.id })}::jsonb, '[]'::jsonb)
      RETURNING id`);
    await tx.execute(sql`UPDATE lesson_changes SET application_id = ${application!.id}, updated_at = now() WHERE id = ${id}`);
    await startApproval(tx, application!.id, caller.auth.userId);
  });
}

export async function withdrawRequest(db: Db, caller: Caller, kind: LessonChangeKind, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownRequest(tx, caller, kind, id, true);
    const status = statusOf(row);
    if (status !== 'classTeacher' && status !== 'academicOffice') throw conflict('lessonChange.notPending');
    const facts = await applicationFacts(tx, row.applicationId!, true);
    await withdrawApplication(tx, facts!, caller.auth.userId);
  });
}

export async function deleteRequests(db: Db, caller: Caller, kind: LessonChangeKind, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const id of [...ids].sort((a, b) => a - b)) {
      const row = await ownRequest(tx, caller, kind, id, true);
      if (statusOf(row) !== 'draft') throw conflict('lessonChange.notEditable');
    }
    await tx.execute(sql`DELETE FROM lesson_changes WHERE id IN ${idList(ids)}`);
  });
}

/**
 * Once the last step approves: the week's timetable changes, after one more check (the timetable may have
 * changed since the submission: then the approval is refused with why), and the students of the class, their
 * parents and the teachers involved are told.
 */
async function applyApproved(tx: Tx, application: ApplicationFacts): Promise<void> {
  const kind = KIND_OF[application.type];
  if (!kind) return;
  const [link] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM lesson_changes WHERE application_id = ${application.id}`);
  if (!link) return;
  const row = (await requestById(tx, link.id, true))!;
  await lockTerm(tx, row.termId);
  const caller: Caller = { auth: { userId: row.staffUserId ?? 0 } as Caller['auth'], permissions: new Set(), language: DEFAULT_LANGUAGE };
  const planned = await plan(tx, caller, row.staffId, formOf(row), DEFAULT_LANGUAGE).catch((error: unknown) => {
    throw conflict('lessonChange.conflicts', { conflict: error instanceof AppError ? translate(DEFAULT_LANGUAGE, error.key, error.params) : String(error) });
  });
  if (planned.conflicts.length) throw conflict('lessonChange.conflicts', { conflict: planned.conflicts[0]! });
  const label = translate(DEFAULT_LANGUAGE, `lessonChange.label.${kind}`);
  await tx.execute(sql`
    INSERT INTO timetable_changes (lesson_change_id, term_id, week, class_id, day, period, kind, course_id, teacher_id, classroom_id, label)
    SELECT ${row.id}, ${row.termId}, ${row.week}, m.class_id, m.day, m.period, m.kind, m.course_id, m.teacher_id, m.classroom_id, ${label}
    FROM jsonb_to_recordset(${JSON.stringify(planned.moves.map((m) => ({ class_id: m.classId, day: m.day, period: m.period, kind: m.kind, course_id: m.courseId, teacher_id: m.teacherId, classroom_id: m.classroomId })))}::jsonb)
      AS m(class_id int, day int, period int, kind text, course_id int, teacher_id int, classroom_id int)`);
  const n = await names(tx, DEFAULT_LANGUAGE);
  const title = translate(DEFAULT_LANGUAGE, `lessonChange.message.${kind}`, namedSlots(planned.summaryParams, n)).slice(0, 200);
  const teachers = [...new Set(planned.moves.map((m) => m.teacherId).filter((id): id is number => id !== null))];
  await tx.execute(sql`
    INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
    SELECT DISTINCT x.id, ${row.staffUserId}::int, ${title}::text, ${title.slice(0, 100)}::text, '4', '/kbgl/xskb' FROM (
      SELECT s.user_id AS id FROM students s WHERE s.class_id = ${row.classId} AND s.in_school_status = '1'
      UNION SELECT g.parent_user_id FROM guardians g JOIN students s ON s.id = g.student_id WHERE s.class_id = ${row.classId} AND s.in_school_status = '1'
      UNION SELECT st.user_id FROM staff st WHERE st.id = ANY(${sql.param(teachers)}::int[])
      UNION SELECT st.user_id FROM classes c JOIN staff st ON st.id = c.class_teacher_id WHERE c.id = ${row.classId}) x
    JOIN users u ON u.id = x.id AND u.enabled`);
}

registerOnApproved('classSwap', applyApproved);
registerOnApproved('makeUp', applyApproved);
registerApplicantPage('classSwap', () => LESSON_CHANGE_URLS.swap);
registerApplicantPage('makeUp', () => LESSON_CHANGE_URLS.makeUp);
