import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  ELECTIVE_PERMISSIONS,
  ELECTIVE_URLS,
  translate,
  type ChoiceKind,
  type CourseStudentRow,
  type ElectiveChoice,
  type ElectiveCourse,
  type Language,
  type SelectionSettings,
  type SelectionSettingsForm,
  type SelectionView,
} from '@campus/contract';
import { BatchedWork, batchedVariants, intArray, jsonValue, queryRows, requestValue, type BatchOutcome, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { schoolInstant, schoolMinute } from '../../../platform/schoolClock.ts';
import { ownStudentIdsOf } from '../../../platform/scope.ts';
import { localName, slotNames } from '../../timetable/views/queries.ts';
import { dayName, periodName, sendMessages } from '../common.ts';

interface SettingsRaw {
  termId: number;
  termName: string;
  startRaw: Date | string;
  endRaw: Date | string;
  mode: SelectionSettings['mode'];
  drawnRaw: Date | string | null;
  phase: SelectionSettings['phase'];
  waiting: number;
  enrolled: number;
}

/** `counts`: the term's waiting preferences and enrolled students, which the office reads and a choice does not need. */
const settingsColumns = (language: Language, counts: boolean) => sql`
  ss.term_id AS "termId", ${localName('t', language)} AS "termName", ss.selection_start AS "startRaw", ss.selection_end AS "endRaw", ss.mode,
  ss.drawn_at AS "drawnRaw",
  CASE WHEN now() < ss.selection_start THEN 'before' WHEN now() <= ss.selection_end THEN 'open' ELSE 'closed' END AS phase,
  ${counts ? sql`(SELECT count(*)::int FROM elective_choices c WHERE c.term_id = ss.term_id AND c.status = 'waiting')` : sql`0`} AS waiting,
  ${counts ? sql`(SELECT count(DISTINCT ee.student_id)::int FROM elective_enrolments ee JOIN elective_sessions es ON es.id = ee.session_id WHERE es.term_id = ss.term_id)` : sql`0`} AS enrolled`;

const toSettings = ({ startRaw, endRaw, drawnRaw, ...raw }: SettingsRaw): SelectionSettings => ({
  ...raw,
  selectionStart: schoolMinute(startRaw),
  selectionEnd: schoolMinute(endRaw),
  drawnAt: drawnRaw ? schoolMinute(drawnRaw) : '',
});

export async function selectionSettings(db: DbOrTx, termId: number, language: Language, counts = true): Promise<SelectionSettings | null> {
  const [row] = await queryRows<SettingsRaw>(db, sql`
    SELECT ${settingsColumns(language, counts)} FROM elective_selection_settings ss JOIN terms t ON t.id = ss.term_id WHERE ss.term_id = ${termId}`);
  return row ? toSettings(row) : null;
}

/** One writer per term for its settings, choices' seats and the draw. */
async function lockTerm(tx: Tx, termId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('elective-term'), ${termId})`);
}

export async function saveSettings(db: Db, caller: Caller, form: SelectionSettingsForm): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTerm(tx, form.termId);
    const [term] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM terms WHERE id = ${form.termId}`);
    if (!term) throw badRequest('elective.unknownReference');
    const [current] = await queryRows<{ mode: string; drawn: boolean; chosen: boolean }>(tx, sql`
      SELECT mode, drawn_at IS NOT NULL AS drawn, EXISTS (SELECT 1 FROM elective_choices c WHERE c.term_id = ${form.termId}) AS chosen
      FROM elective_selection_settings WHERE term_id = ${form.termId}`);
    if (current?.drawn) throw conflict('elective.drawnLocked');
    if (current && current.mode !== form.mode && current.chosen) throw conflict('elective.settingsLocked');
    await tx.execute(sql`
      INSERT INTO elective_selection_settings (term_id, selection_start, selection_end, mode, updated_by_user_id, updated_at)
      VALUES (${form.termId}, ${schoolInstant(form.selectionStart)}, ${schoolInstant(form.selectionEnd)}, ${form.mode}, ${caller.auth.userId}, now())
      ON CONFLICT (term_id) DO UPDATE SET selection_start = EXCLUDED.selection_start, selection_end = EXCLUDED.selection_end, mode = EXCLUDED.mode,
        updated_by_user_id = EXCLUDED.updated_by_user_id, updated_at = now()`);
  });
}

/**
 * The lottery of a term whose window has closed: each course's seats go to its majors in a random order
 * (md5 of a fresh seed and the student, the seed kept with the draw), then what is left to its minors.
 * Whoever is not drawn is told so; so is whoever is.
 */
export async function drawLottery(db: Db, caller: Caller, termId: number): Promise<{ placed: number; unplaced: number }> {
  return db.transaction(async (tx) => {
    await lockTerm(tx, termId);
    const [settings] = await queryRows<{ mode: string; open: boolean; endRaw: Date | string; drawnRaw: Date | string | null }>(tx, sql`
      SELECT mode, now() <= selection_end AS open, selection_end AS "endRaw", drawn_at AS "drawnRaw" FROM elective_selection_settings WHERE term_id = ${termId}`);
    if (!settings) throw conflict('elective.noSettings');
    if (settings.mode !== 'lottery') throw conflict('elective.notLottery');
    if (settings.drawnRaw) throw conflict('elective.alreadyDrawn', { at: schoolMinute(settings.drawnRaw) });
    if (settings.open) throw conflict('elective.drawTooEarly', { end: schoolMinute(settings.endRaw) });
    const seed = randomBytes(16).toString('hex');
    for (const kind of ['major', 'minor'] as const) {
      await tx.execute(sql`
        UPDATE elective_choices c SET status = 'enrolled'
        FROM (
          SELECT w.student_id, w.session_id, row_number() OVER (PARTITION BY w.session_id ORDER BY md5(${seed} || ':' || w.student_id)) AS place,
            es.capacity - es.enrolled AS seats
          FROM elective_choices w JOIN elective_sessions es ON es.id = w.session_id
          WHERE w.term_id = ${termId} AND w.kind = ${kind} AND w.status = 'waiting') drawn
        WHERE c.term_id = ${termId} AND c.kind = ${kind} AND c.student_id = drawn.student_id AND drawn.place <= drawn.seats`);
      await tx.execute(sql`
        INSERT INTO elective_enrolments (session_id, student_id)
        SELECT session_id, student_id FROM elective_choices WHERE term_id = ${termId} AND kind = ${kind} AND status = 'enrolled'
        ON CONFLICT DO NOTHING`);
      await tx.execute(sql`
        UPDATE elective_sessions es SET enrolled = (SELECT count(*) FROM elective_enrolments ee WHERE ee.session_id = es.id) WHERE es.term_id = ${termId}`);
    }
    const [counts] = await queryRows<{ placed: number; unplaced: number }>(tx, sql`
      SELECT count(*) FILTER (WHERE status = 'enrolled')::int AS placed, count(*) FILTER (WHERE status = 'waiting')::int AS unplaced
      FROM elective_choices WHERE term_id = ${termId}`);
    await tx.execute(sql`UPDATE elective_choices SET status = 'unplaced' WHERE term_id = ${termId} AND status = 'waiting'`);
    await tx.execute(sql`UPDATE elective_selection_settings SET drawn_at = now(), draw_seed = ${seed} WHERE term_id = ${termId}`);
    // Each student and their parents hear of each preference.
    const outcomes = await queryRows<{ studentName: string; courseName: string; placed: boolean; users: number[] | string }>(tx, sql`
      SELECT s.name AS "studentName", co.name AS "courseName", c.status = 'enrolled' AS placed,
        (SELECT coalesce(json_agg(x.id), '[]'::json) FROM (SELECT s.user_id AS id UNION SELECT g.parent_user_id FROM guardians g WHERE g.student_id = s.id) x WHERE x.id IS NOT NULL) AS users
      FROM elective_choices c JOIN students s ON s.id = c.student_id JOIN elective_sessions es ON es.id = c.session_id JOIN courses co ON co.id = es.course_id
      WHERE c.term_id = ${termId}`);
    for (const outcome of outcomes) {
      const users = jsonValue(outcome.users).map(Number);
      if (!users.length) continue;
      await sendMessages(tx, caller, sql`SELECT unnest(${sql.param(users)}::int[])`, outcome.placed ? 'elective.message.placed' : 'elective.message.unplaced', { student: outcome.studentName, name: outcome.courseName }, ELECTIVE_URLS.select);
    }
    return { placed: counts?.placed ?? 0, unplaced: counts?.unplaced ?? 0 };
  });
}

interface StudentFacts {
  id: number;
  name: string;
  userId: number | null;
  classId: number | null;
  className: string;
  gradeId: number | null;
  gradeName: string;
}

/**
 * Each caller's own students (request: their user id), themselves first: one statement for the callers of a
 * moment (BatchedStatement), since every choice of a thousand students choosing at once starts here.
 */
const ownStudentsStatement = batchedVariants<Language, StudentFacts & { self: boolean | null }>((language) => {
  const user = requestValue(0, 'int');
  return sql`
    SELECT request.position, s.id, s.name, s.user_id AS "userId", s.class_id AS "classId", coalesce(c.name, '') AS "className", c.grade_id AS "gradeId",
      coalesce(${localName('g', language)}, '') AS "gradeName", s.user_id = ${user} AS self
    FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS request(input, position)
    CROSS JOIN LATERAL (${ownStudentIdsOf(user)}) own(id) JOIN students s ON s.id = own.id
    LEFT JOIN classes c ON c.id = s.class_id LEFT JOIN grades g ON g.id = c.grade_id
    ORDER BY request.position, s.user_id = ${user} DESC, s.student_number`;
});

/** The student a choice is for: the caller themselves, or a parent's child (`studentId`, or the first child). */
async function studentFor(db: DbOrTx, caller: Caller, studentId: number | undefined): Promise<{ student: StudentFacts | null; children: SelectionView['children'] }> {
  const own = await ownStudentsStatement(caller.language).run(db, [caller.auth.userId]);
  const self = own.find((row) => row.self);
  const children = self ? [] : own.map((row) => ({ id: row.id, name: row.name, className: row.className }));
  if (studentId !== undefined && !own.some((row) => row.id === studentId)) throw forbidden('elective.notYourChild');
  const chosen = studentId !== undefined ? own.find((row) => row.id === studentId) : (self ?? own[0]);
  if (!chosen) return { student: null, children };
  const { self: _self, ...student } = chosen;
  return { student, children };
}

function courseColumns(language: Language) {
  return sql`
    es.id AS "sessionId", ${localName('co', language)} AS name, coalesce(d.intro, '') AS intro, coalesce(d.lectures, '[]'::jsonb) AS lectures,
    coalesce(st.name, '') AS "teacherName", coalesce(cr.name, '') AS "classroomName", es.day, coalesce(${dayName(language)}, es.day::text) AS "dayName",
    es.period, coalesce(${periodName(language)}, es.period::text) AS "periodName", es.week_from AS "weekFrom", es.week_to AS "weekTo",
    es.capacity, es.enrolled`;
}

const COURSE_FROM = sql`
  FROM elective_sessions es
  JOIN elective_declarations d ON d.session_id = es.id AND d.status = 'approved'
  JOIN courses co ON co.id = es.course_id
  LEFT JOIN staff st ON st.id = es.teacher_id
  LEFT JOIN classrooms cr ON cr.id = es.classroom_id
  LEFT JOIN week_days wd ON wd.day = es.day
  LEFT JOIN periods pe ON pe.sort = es.period`;

export async function selectionView(db: DbOrTx, caller: Caller, query: { termId?: number | undefined; studentId?: number | undefined }): Promise<SelectionView> {
  const { student, children } = await studentFor(db, caller, query.studentId);
  const terms = await queryRows<{ id: number; name: string; isCurrent: boolean; window: boolean }>(db, sql`
    SELECT t.id, ${localName('t', caller.language)} AS name, t.is_current AS "isCurrent",
      EXISTS (SELECT 1 FROM elective_selection_settings ss WHERE ss.term_id = t.id AND now() <= ss.selection_end) AS window
    FROM terms t WHERE t.end_date >= current_date - 400 ORDER BY t.start_date`);
  // The term whose selection is open or coming first, else the current one.
  const termId = query.termId ?? terms.find((term) => term.window)?.id ?? terms.find((term) => term.isCurrent)?.id ?? terms.at(-1)?.id ?? 0;
  const settings = termId ? await selectionSettings(db, termId, caller.language, false) : null;
  const base = { terms: terms.map(({ window: _window, ...term }) => term), termId, settings, student: null, children, courses: [], choices: [] };
  if (!student) return base;
  const courses = await queryRows<ElectiveCourse & { lectures: string[] | string }>(db, sql`
    SELECT ${courseColumns(caller.language)},
      (SELECT count(*)::int FROM elective_choices w WHERE w.session_id = es.id AND w.status = 'waiting') AS waiting
    ${COURSE_FROM}
    WHERE es.term_id = ${termId} AND ${student.gradeId ?? 0} = ANY(d.grade_ids)
    ORDER BY es.day, es.period, co.sort, es.id`);
  const choices = await queryRows<ElectiveChoice & { chosenRaw: Date | string }>(db, sql`
    SELECT c.session_id AS "sessionId", c.kind, c.status, ${localName('co', caller.language)} AS name,
      coalesce(${dayName(caller.language)}, es.day::text) AS "dayName", coalesce(${periodName(caller.language)}, es.period::text) AS "periodName",
      c.chosen_at AS "chosenRaw", coalesce(u.display_name, '') AS "chosenByName"
    FROM elective_choices c JOIN elective_sessions es ON es.id = c.session_id JOIN courses co ON co.id = es.course_id
    LEFT JOIN week_days wd ON wd.day = es.day LEFT JOIN periods pe ON pe.sort = es.period LEFT JOIN users u ON u.id = c.chosen_by_user_id
    WHERE c.term_id = ${termId} AND c.student_id = ${student.id}
    ORDER BY c.kind`);
  return {
    ...base,
    student: { id: student.id, name: student.name, className: student.className, gradeName: student.gradeName },
    courses: courses.map((row) => ({ ...row, lectures: jsonValue(row.lectures) })),
    choices: choices.map(({ chosenRaw, ...row }) => ({ ...row, chosenAt: schoolMinute(chosenRaw) })),
  };
}

async function requireStudent(db: DbOrTx, caller: Caller, studentId: number | undefined): Promise<StudentFacts> {
  const { student } = await studentFor(db, caller, studentId);
  if (!student) throw forbidden('elective.noStudent');
  return student;
}

/** The selection of a term must be open now. */
async function requireOpen(tx: Tx, termId: number, language: Language): Promise<SelectionSettings> {
  const settings = await selectionSettings(tx, termId, language, false);
  if (!settings) throw conflict('elective.noSettings');
  if (settings.phase !== 'open') throw conflict('elective.selectionClosed', { start: settings.selectionStart, end: settings.selectionEnd });
  return settings;
}

/** One request per student at a time: a student's and a parent's choices at once check against each other. */
async function lockStudent(tx: Tx, studentId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('elective-student'), ${studentId})`);
}

interface ChoiceRequest {
  caller: Caller;
  student: StudentFacts;
  input: { sessionId: number; kind: ChoiceKind };
}

type ChoiceResult = { status: string; name: string };

/** What the rules of a choice read: the course, its term's settings, the student's choices in the term and what else they have at its time. */
interface ChoiceFacts {
  position: number | string;
  termId: number;
  name: string;
  day: number;
  period: number;
  grades: number[];
  courseId: number;
  settings: { phase: string; mode: string; start: string; end: string } | string | null;
  existing: { kind: ChoiceKind; sessionId: number; courseId: number }[] | string;
  clash: string | null;
}

/**
 * A major or minor course for a student. First come: a seat is taken at once by a conditional update of the
 * course's count (none past the capacity); lottery: the preference waits for the draw. Choices asked at the
 * same time are made together (chooseTogether).
 */
export async function choose(db: Db, caller: Caller, input: { sessionId: number; kind: ChoiceKind; studentId?: number | undefined }): Promise<ChoiceResult> {
  const student = await requireStudent(db, caller, input.studentId);
  return choices.run(db, { caller, student, input: { sessionId: input.sessionId, kind: input.kind } });
}

/**
 * Choices that arrive together are made in one transaction of a few statements, whatever their number: a
 * thousand students choose in the same second, and on a busy machine each round trip costs more than the
 * reads and writes themselves. A student has at most one choice in a batch (the next waits for the next
 * batch), so each choice's rules read only what was committed before; the seats of a course go in the
 * order the choices arrived.
 */
const choices = new BatchedWork<ChoiceRequest, ChoiceResult>((db, requests) => chooseTogether(db, requests), { key: (request) => request.student.id });

async function chooseTogether(db: Db, requests: ChoiceRequest[]): Promise<BatchOutcome<ChoiceResult>[]> {
  return db.transaction(async (tx) => {
    // The students first, then the first-come courses' rows, each in id order (a withdrawal too takes its
    // student, then its course): batches of several processes never wait on each other in a circle. A
    // lottery course's row is not taken, so a draw never waits here. With the rows held, the reads below
    // see every seat taken before.
    const studentIds = [...new Set(requests.map((request) => request.student.id))].sort((a, b) => a - b);
    await queryRows(tx, sql`SELECT pg_advisory_xact_lock(hashtext('elective-student'), id) FROM unnest(${intArray(studentIds)}) AS id`, { prepared: true });
    const sessionIds = [...new Set(requests.map((request) => request.input.sessionId))];
    await queryRows(tx, sql`
      SELECT es.id FROM elective_sessions es JOIN elective_selection_settings ss ON ss.term_id = es.term_id AND ss.mode = 'first_come'
      WHERE es.id = ANY(${intArray(sessionIds)}) ORDER BY es.id FOR NO KEY UPDATE OF es`, { prepared: true });

    const facts = new Map<number, ChoiceFacts>();
    for (const language of new Set(requests.map((request) => request.caller.language))) {
      const asked = requests.flatMap((request, i) => (request.caller.language === language ? [[i, request.student.id, request.input.sessionId, request.student.classId ?? 0]] : []));
      for (const row of await choiceFacts(tx, language, asked)) facts.set(Number(row.position), row);
    }
    const outcomes: (BatchOutcome<ChoiceResult> | null)[] = [];
    const wanted: { position: number; termId: number; firstCome: boolean }[] = [];
    for (const [i, request] of requests.entries()) {
      try {
        const found = facts.get(i);
        const settings = await checkChoice(tx, request, found);
        if (settings.mode !== 'first_come') outcomes.push({ value: { status: 'waiting', name: found!.name } });
        else outcomes.push(null);
        wanted.push({ position: i, termId: found!.termId, firstCome: settings.mode === 'first_come' });
      } catch (error) {
        outcomes.push({ error });
      }
    }
    if (!wanted.length) return outcomes as BatchOutcome<ChoiceResult>[];
    // The seats, the enrolments and the choices in one statement. A course's free seats go to its choosers
    // in the order they came; its count rises only if the seats are still free (never past the capacity).
    const rows = wanted.map(({ position, termId, firstCome }) => {
      const { student, input, caller } = requests[position]!;
      return [position, termId, student.id, input.kind, input.sessionId, caller.auth.userId, firstCome];
    });
    const placed = await queryRows<{ position: number | string }>(tx, sql`
      WITH wanted AS (
        SELECT (w->>0)::int AS position, (w->>1)::int AS term_id, (w->>2)::int AS student_id, w->>3 AS kind, (w->>4)::int AS session_id,
          (w->>5)::int AS chosen_by, (w->>6)::boolean AS first_come
        FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS w),
      granted AS (
        SELECT w.* FROM (SELECT wanted.*, row_number() OVER (PARTITION BY session_id ORDER BY position) AS place FROM wanted WHERE first_come) w
        JOIN elective_sessions es ON es.id = w.session_id WHERE w.place <= es.capacity - es.enrolled),
      seat AS (
        UPDATE elective_sessions es SET enrolled = es.enrolled + g.n FROM (SELECT session_id, count(*)::int AS n FROM granted GROUP BY session_id) g
        WHERE es.id = g.session_id AND es.enrolled + g.n <= es.capacity RETURNING es.id),
      placed AS (SELECT granted.* FROM granted WHERE granted.session_id IN (SELECT id FROM seat)),
      enrolment AS (INSERT INTO elective_enrolments (session_id, student_id) SELECT session_id, student_id FROM placed ON CONFLICT DO NOTHING RETURNING 1),
      chosen AS (
        INSERT INTO elective_choices (term_id, student_id, kind, session_id, status, chosen_by_user_id)
        SELECT term_id, student_id, kind, session_id, 'enrolled', chosen_by FROM placed
        UNION ALL
        SELECT term_id, student_id, kind, session_id, 'waiting', chosen_by FROM wanted WHERE NOT first_come
        RETURNING 1)
      SELECT position FROM placed`, { prepared: true });
    const seated = new Set(placed.map((row) => Number(row.position)));
    return outcomes.map((outcome, i) => {
      if (outcome) return outcome;
      const { name } = facts.get(i)!;
      return seated.has(i) ? { value: { status: 'enrolled', name } } : { error: conflict('elective.classFull') };
    });
  });
}

/** The facts of several choices of callers of one language: [position, student id, session id, class id] each; no row for an unknown course. */
async function choiceFacts(tx: Tx, language: Language, asked: number[][]): Promise<ChoiceFacts[]> {
  const slot = { termId: sql`x.term_id`, day: sql`x.day`, period: sql`x.period`, weekFrom: sql`x.week_from`, weekTo: sql`x.week_to` };
  return queryRows<ChoiceFacts>(tx, sql`
    WITH asked AS (
      SELECT (a->>0)::int AS position, (a->>1)::int AS student_id, (a->>2)::int AS session_id, (a->>3)::int AS class_id
      FROM jsonb_array_elements(${JSON.stringify(asked)}::jsonb) AS a)
    SELECT asked.position, x.term_id AS "termId", x.name, x.day, x.period, x.grade_ids AS grades, x.course_id AS "courseId",
      (SELECT json_build_object('phase', CASE WHEN now() < ss.selection_start THEN 'before' WHEN now() <= ss.selection_end THEN 'open' ELSE 'closed' END,
         'mode', ss.mode, 'start', ss.selection_start, 'end', ss.selection_end) FROM elective_selection_settings ss WHERE ss.term_id = x.term_id) AS settings,
      (SELECT coalesce(json_agg(json_build_object('kind', c.kind, 'sessionId', c.session_id, 'courseId', ces.course_id)), '[]'::json)
         FROM elective_choices c JOIN elective_sessions ces ON ces.id = c.session_id WHERE c.term_id = x.term_id AND c.student_id = asked.student_id) AS existing,
      (SELECT busy.what FROM (${studentBusy(sql`asked.student_id`, sql`asked.class_id`, slot, language)}) busy LIMIT 1) AS clash
    FROM asked CROSS JOIN LATERAL (
      SELECT es.term_id, ${localName('co', language)} AS name, es.day, es.period, es.week_from, es.week_to, d.grade_ids, es.course_id
      ${COURSE_FROM} WHERE es.id = asked.session_id) x`, { prepared: true });
}

/** A choice's rules, in the order their refusals are told; the term's settings when it may be made. */
async function checkChoice(tx: Tx, { caller, student, input }: ChoiceRequest, facts: ChoiceFacts | undefined): Promise<{ mode: string }> {
  if (!facts) throw notFound();
  if (!student.gradeId || !facts.grades.map(Number).includes(student.gradeId)) throw conflict('elective.notForGrade', { name: facts.name, grade: student.gradeName });
  const settings = facts.settings ? jsonValue(facts.settings) : null;
  if (!settings) throw conflict('elective.noSettings');
  if (settings.phase !== 'open') throw conflict('elective.selectionClosed', { start: schoolMinute(settings.start), end: schoolMinute(settings.end) });
  const existing = jsonValue(facts.existing);
  if (existing.some((row) => row.kind === input.kind)) throw conflict('elective.kindTaken', { kind: translate(caller.language, `elective.kind.${input.kind}`) });
  if (existing.some((row) => row.sessionId === input.sessionId || row.courseId === facts.courseId)) throw conflict('elective.sameCourse');
  if (facts.clash) throw conflict('elective.timeConflict', { what: facts.clash, ...(await slotNames(tx, caller.language))(facts.day, facts.period) });
  return settings;
}

/**
 * What a student has at a course's time in its weeks (what): their other electives and preferences, their
 * teaching classes, their class's lessons. The student, their class and the slot's parts are SQL (values,
 * or columns of the statement).
 */
function studentBusy(studentId: SQL, classId: SQL, slot: { termId: SQL; day: SQL; period: SQL; weekFrom: SQL; weekTo: SQL }, language: Language) {
  const name = language === 'en' ? sql.raw(`coalesce(co.name_en, co.name)`) : sql.raw(`co.name`);
  const overlaps = (alias: string) => sql`${sql.raw(alias)}.week_from <= ${slot.weekTo} AND ${sql.raw(alias)}.week_to >= ${slot.weekFrom}`;
  return sql`
    SELECT ${name} AS what FROM elective_sessions es JOIN courses co ON co.id = es.course_id
      WHERE es.term_id = ${slot.termId} AND es.day = ${slot.day} AND es.period = ${slot.period} AND ${overlaps('es')}
        -- One list, so the plan starts from the student's few courses rather than from every course of the term.
        AND es.id IN (SELECT ee.session_id FROM elective_enrolments ee WHERE ee.student_id = ${studentId}
          UNION ALL SELECT c.session_id FROM elective_choices c WHERE c.term_id = ${slot.termId} AND c.student_id = ${studentId} AND c.status = 'waiting')
    UNION ALL
    SELECT tc.name FROM teaching_class_students m JOIN teaching_classes tc ON tc.id = m.teaching_class_id
      JOIN teaching_class_lessons l ON l.teaching_class_id = tc.id
      WHERE m.student_id = ${studentId} AND m.removed_at IS NULL AND tc.term_id = ${slot.termId} AND l.day = ${slot.day} AND l.period = ${slot.period} AND ${overlaps('tc')}
    UNION ALL
    SELECT ${name} FROM timetable_entries te JOIN courses co ON co.id = te.course_id
      WHERE te.class_id = ${classId} AND te.term_id = ${slot.termId} AND te.day = ${slot.day} AND te.period = ${slot.period} AND ${overlaps('te')}`;
}

export async function withdrawChoice(db: Db, caller: Caller, input: { termId: number; kind: ChoiceKind; studentId?: number | undefined }): Promise<void> {
  const student = await requireStudent(db, caller, input.studentId);
  await db.transaction(async (tx) => {
    await lockStudent(tx, student.id);
    await requireOpen(tx, input.termId, caller.language);
    const [choice] = await queryRows<{ sessionId: number; status: string }>(tx, sql`
      DELETE FROM elective_choices WHERE term_id = ${input.termId} AND student_id = ${student.id} AND kind = ${input.kind}
      RETURNING session_id AS "sessionId", status`);
    if (!choice) throw conflict('elective.noChoice', { kind: translate(caller.language, `elective.kind.${input.kind}`) });
    if (choice.status === 'enrolled') {
      const removed = await queryRows<{ id: number }>(tx, sql`
        DELETE FROM elective_enrolments WHERE session_id = ${choice.sessionId} AND student_id = ${student.id} RETURNING session_id AS id`);
      if (removed.length) await tx.execute(sql`UPDATE elective_sessions SET enrolled = greatest(enrolled - 1, 0) WHERE id = ${choice.sessionId}`);
    }
  });
}

/** A course's students: its enrolments and waiting preferences. The office, or the course's teacher. */
export async function courseStudents(db: DbOrTx, caller: Caller, sessionId: number): Promise<CourseStudentRow[]> {
  const [session] = await queryRows<{ teacherUserId: number | null }>(db, sql`
    SELECT st.user_id AS "teacherUserId" FROM elective_sessions es LEFT JOIN staff st ON st.id = es.teacher_id WHERE es.id = ${sessionId}`);
  if (!session) throw notFound();
  if (!caller.permissions.has(ELECTIVE_PERMISSIONS.approve) && session.teacherUserId !== caller.auth.userId) throw forbidden('elective.notYourCourse');
  return queryRows<CourseStudentRow>(db, sql`
    SELECT s.id AS "studentId", s.student_number AS "studentNumber", s.name, coalesce(c.name, '') AS "className", x.kind, x.status
    FROM (
      SELECT ee.student_id, ch.kind, 'enrolled' AS status FROM elective_enrolments ee
        LEFT JOIN elective_choices ch ON ch.session_id = ee.session_id AND ch.student_id = ee.student_id
        WHERE ee.session_id = ${sessionId}
      UNION ALL
      SELECT ch.student_id, ch.kind, ch.status FROM elective_choices ch WHERE ch.session_id = ${sessionId} AND ch.status <> 'enrolled') x
    JOIN students s ON s.id = x.student_id LEFT JOIN classes c ON c.id = s.class_id
    ORDER BY x.status = 'enrolled' DESC, c.sort, s.student_number`);
}
