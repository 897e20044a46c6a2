import { sql, type SQL } from 'drizzle-orm';
import {
  ResultCode,
  type Language,
  type ScoreCell,
  type ScoreEntryBatch,
  type ScoreEntryOptions,
  type ScoreMark,
  type ScoreSaveResult,
  type ScoreSheet,
  type ScoreSheetRow,
  type ScoreSheetSubject,
} from '@campus/contract';
import { intArray, jsonValue, queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { localName } from '../../timetable/views/queries.ts';
import { schoolToday } from '../../timetable/views/service.ts';

export const SCORE_ENTRY_PERMISSIONS = {
  view: 'score:register',
  /** Every class and subject (the academic office). */
  all: 'score:register:all',
} as const;

const entersAll = (caller: Caller) => caller.permissions.has(SCORE_ENTRY_PERMISSIONS.all);

/**
 * Whether the caller enters subject `course` of class `cls` in a batch of term `term` (SQL on those
 * expressions): the office every one; a teacher the subjects they teach the class that term (its timetable);
 * the class teacher every subject of their class.
 */
function mayEnter(caller: Caller, term: SQL, cls: SQL, course: SQL): SQL {
  if (entersAll(caller)) return sql`TRUE`;
  const me = caller.auth.userId;
  return sql`(
    EXISTS (SELECT 1 FROM classes c0 JOIN staff st0 ON st0.id = c0.class_teacher_id WHERE c0.id = ${cls} AND st0.user_id = ${me})
    OR EXISTS (SELECT 1 FROM timetable_entries te0 JOIN staff st1 ON st1.id = te0.teacher_id
               WHERE te0.term_id = ${term} AND te0.class_id = ${cls} AND te0.course_id = ${course} AND st1.user_id = ${me}))`;
}

/** Students a class's sheet lists: those at school in it. */
const AT_SCHOOL = sql`s.in_school_status = '1'`;

type ClosedReason = ScoreEntryBatch['closedReason'];

/** The columns of a batch for the entry screens; `today` is the school's date. */
function batchColumns(language: Language, today: string): SQL {
  return sql`
    b.id, b.name, b.term_id AS "termId", ${localName('t', language)} AS "termName", ${localName('g', language)} AS "gradeName", b.exam_node AS "examNode",
    b.entry_start AS "entryStartAt", b.entry_end AS "entryEndAt", b.released,
    CASE WHEN t.end_date < ${today}::date THEN 'ended' WHEN b.released THEN 'released' WHEN NOT b.enabled THEN 'disabled'
         WHEN now() NOT BETWEEN b.entry_start AND b.entry_end THEN 'window' ELSE '' END AS "closedReason"`;
}

interface BatchRaw {
  id: number;
  name: string;
  termId: number;
  termName: string;
  gradeName: string;
  examNode: string;
  entryStartAt: Date | string;
  entryEndAt: Date | string;
  released: boolean;
  closedReason: ClosedReason;
}

const toBatch = ({ entryStartAt, entryEndAt, ...raw }: BatchRaw, sheets: ScoreEntryBatch['sheets']): ScoreEntryBatch => ({
  ...raw,
  entryStart: schoolMinute(entryStartAt),
  entryEnd: schoolMinute(entryEndAt),
  open: raw.closedReason === '',
  sheets,
});

/**
 * The batches of a term (the current one by default) with the class sheets the caller enters. Teachers see
 * enabled batches with at least one of their classes; the office sees every batch.
 */
export async function scoreEntryOptions(db: DbOrTx, caller: Caller, termId: number | undefined): Promise<ScoreEntryOptions> {
  const { language } = caller;
  const terms = await queryRows<{ id: number; name: string; isCurrent: boolean }>(db, sql`
    SELECT t.id, ${localName('t', language)} AS name, t.is_current AS "isCurrent" FROM terms t ORDER BY t.start_date DESC`);
  const term = termId ?? terms.find((item) => item.isCurrent)?.id ?? terms[0]?.id;
  if (!term) return { terms, batches: [] };
  const batches = await queryRows<BatchRaw>(db, sql`
    SELECT ${batchColumns(language, schoolToday())}
    FROM score_batches b JOIN terms t ON t.id = b.term_id JOIN grades g ON g.id = b.grade_id
    WHERE b.term_id = ${term} ${entersAll(caller) ? sql`` : sql`AND b.enabled`}
    ORDER BY b.entry_start DESC, b.id DESC`);
  if (!batches.length) return { terms, batches: [] };
  const sheets = await queryRows<{ batchId: number; classId: number; className: string; courseIds: number[] | string; entered: number; expected: number }>(db, sql`
    WITH allowed AS (
      SELECT bc.batch_id, bc.class_id, bs.course_id
      FROM score_batch_classes bc JOIN score_batches b ON b.id = bc.batch_id JOIN score_batch_subjects bs ON bs.batch_id = bc.batch_id
      WHERE bc.batch_id = ANY(${intArray(batches.map((b) => b.id))}) AND ${mayEnter(caller, sql`b.term_id`, sql`bc.class_id`, sql`bs.course_id`)})
    SELECT a.batch_id AS "batchId", a.class_id AS "classId", c.name AS "className",
      json_agg(a.course_id ORDER BY co.sort, co.id) AS "courseIds",
      (SELECT count(*)::int FROM scores sc JOIN students s ON s.id = sc.student_id
        WHERE sc.batch_id = a.batch_id AND s.class_id = a.class_id AND ${AT_SCHOOL} AND sc.course_id = ANY(array_agg(a.course_id))) AS entered,
      ((SELECT count(*) FROM students s WHERE s.class_id = a.class_id AND ${AT_SCHOOL}) * count(*))::int AS expected
    FROM allowed a JOIN classes c ON c.id = a.class_id JOIN courses co ON co.id = a.course_id
    GROUP BY a.batch_id, a.class_id, c.name, c.sort
    ORDER BY c.sort, a.class_id`);
  const byBatch = new Map<number, ScoreEntryBatch['sheets']>();
  for (const { batchId, courseIds, ...sheet } of sheets) {
    const list = byBatch.get(batchId) ?? [];
    list.push({ ...sheet, courseIds: jsonValue(courseIds) });
    byBatch.set(batchId, list);
  }
  return {
    terms,
    batches: batches.filter((b) => entersAll(caller) || byBatch.has(b.id)).map((b) => toBatch(b, byBatch.get(b.id) ?? [])),
  };
}

interface SubjectRaw extends Omit<ScoreSheetSubject, 'items' | 'version'> {
  items: ScoreSheetSubject['items'] | string;
  version: number;
}

/** A batch with what a class's sheet needs of it, read in one query (each round trip to the database costs). */
interface SheetContextRaw extends BatchRaw {
  /** null when the class is not in the batch. */
  className: string | null;
  subjects: SubjectRaw[] | string | null;
  /** [id, name] of the students at school in the class; only read for a save. */
  students: [number, string][] | string | null;
}

/**
 * The batch, the class's name and the subjects of the batch the caller enters in the class, with their parts
 * and column versions; for a save also the class's students.
 */
async function sheetContext(
  db: DbOrTx,
  caller: Caller,
  batchId: number,
  classId: number,
  withStudents: boolean,
  checkBatch: (batch: BatchRaw) => void = () => undefined,
): Promise<{ batch: BatchRaw; className: string; subjects: ScoreSheetSubject[]; students: Map<number, string> }> {
  const [raw] = await queryRows<SheetContextRaw>(db, sql`
    SELECT ${batchColumns(caller.language, schoolToday())},
      (SELECT c.name FROM score_batch_classes bc JOIN classes c ON c.id = bc.class_id WHERE bc.batch_id = b.id AND bc.class_id = ${classId}) AS "className",
      (SELECT json_agg(x ORDER BY x.sort, x."courseId") FROM (
        SELECT bs.course_id AS "courseId", ${localName('co', caller.language)} AS "courseName", ss.full_mark AS "fullMark", co.sort,
          (SELECT coalesce(json_agg(json_build_object('id', i.id, 'name', i.name, 'maxScore', i.max_score::float8) ORDER BY i.sort, i.id), '[]'::json)
             FROM score_sub_items i WHERE i.batch_id = bs.batch_id AND i.course_id = bs.course_id) AS items,
          coalesce((SELECT v.version FROM score_sheet_versions v WHERE v.batch_id = bs.batch_id AND v.class_id = ${classId} AND v.course_id = bs.course_id), 0) AS version
        FROM score_batch_subjects bs JOIN courses co ON co.id = bs.course_id JOIN score_systems ss ON ss.id = bs.score_system_id
        WHERE bs.batch_id = b.id AND ${mayEnter(caller, sql`b.term_id`, sql`${classId}`, sql`bs.course_id`)}) x) AS subjects,
      ${withStudents ? sql`(SELECT json_agg(json_build_array(s.id, s.name)) FROM students s WHERE s.class_id = ${classId} AND ${AT_SCHOOL})` : sql`NULL`} AS students
    FROM score_batches b JOIN terms t ON t.id = b.term_id JOIN grades g ON g.id = b.grade_id WHERE b.id = ${batchId}`);
  if (!raw) throw notFound();
  const { className, subjects, students, ...batch } = raw;
  checkBatch(batch);
  if (className === null) throw badRequest('scoreEntry.classNotInBatch');
  const list = jsonValue(subjects) ?? [];
  if (!list.length) throw new AppError('scoreEntry.noSubjects', 403, ResultCode.forbidden);
  return {
    batch,
    className,
    subjects: list.map(({ sort: _sort, ...subject }: SubjectRaw & { sort?: number }) => ({ ...subject, items: jsonValue(subject.items), version: String(subject.version) })),
    students: new Map(jsonValue(students) ?? []),
  };
}

export async function scoreSheet(db: DbOrTx, caller: Caller, batchId: number, classId: number): Promise<ScoreSheet> {
  const { batch, className, subjects } = await sheetContext(db, caller, batchId, classId, false);
  const rows = await queryRows<Omit<ScoreSheetRow, 'cells'> & { cells: ScoreSheetRow['cells'] | string }>(db, sql`
    SELECT s.id AS "studentId", s.student_number AS "studentNumber", s.name,
      (SELECT coalesce(json_object_agg(sc.course_id::text, json_build_object('score', sc.score::float8, 'mark', sc.mark, 'parts', sc.sub_scores)), '{}'::json)
         FROM scores sc WHERE sc.batch_id = ${batchId} AND sc.student_id = s.id AND sc.course_id = ANY(${intArray(subjects.map((subject) => subject.courseId))})) AS cells
    FROM students s WHERE s.class_id = ${classId} AND ${AT_SCHOOL} ORDER BY s.student_number`);
  const sheetRows = rows.map((row) => ({ ...row, cells: jsonValue(row.cells) }));
  // The rows hold every score of these students and subjects: what is entered is counted from them.
  const entered = sheetRows.reduce((sum, row) => sum + Object.keys(row.cells).length, 0);
  const sheetRef = { classId, className, courseIds: subjects.map((subject) => subject.courseId), entered, expected: rows.length * subjects.length };
  return { batch: toBatch(batch, [sheetRef]), classId, className, subjects, rows: sheetRows };
}

function refuseClosed(batch: BatchRaw): void {
  switch (batch.closedReason) {
    case 'ended':
      throw conflict('scoreEntry.termEnded', { name: batch.name });
    case 'released':
      throw conflict('scoreEntry.released', { name: batch.name });
    case 'disabled':
      throw conflict('scoreEntry.disabled', { name: batch.name });
    case 'window':
      throw conflict('scoreEntry.outsideWindow');
    default:
  }
}

/** A cell as it is written: its score (the sum of its parts for a subject with parts) and mark. */
interface Written {
  studentId: number;
  courseId: number;
  score: number | null;
  mark: ScoreMark | null;
  parts: Record<string, number> | null;
}

const hundredths = (value: number) => Math.round(value * 100);

/**
 * Checks each cell against its subject (full mark, parts) and the class's students; the first bad cell is
 * refused with the student's and subject's names.
 */
export function checkCells(subjects: Pick<ScoreSheetSubject, 'courseId' | 'courseName' | 'fullMark' | 'items'>[], students: Map<number, string>, cells: ScoreCell[]): Written[] {
  const seen = new Set<string>();
  for (const cell of cells) {
    const key = `${cell.studentId}:${cell.courseId}`;
    if (seen.has(key)) throw badRequest('scoreEntry.cellTwice');
    seen.add(key);
  }
  if (cells.some((cell) => !students.has(cell.studentId))) throw badRequest('scoreEntry.studentGone');
  const bySubject = new Map(subjects.map((subject) => [subject.courseId, subject]));

  return cells.map((cell) => {
    const subject = bySubject.get(cell.courseId)!;
    const who = { name: students.get(cell.studentId)!, course: subject.courseName };
    const parts = cell.parts && Object.keys(cell.parts).length ? cell.parts : null;
    if (cell.mark) return { studentId: cell.studentId, courseId: cell.courseId, score: null, mark: cell.mark, parts: null };
    if (!subject.items.length) {
      if (parts) throw badRequest('scoreEntry.noParts', { course: subject.courseName });
      if (cell.score !== null && cell.score > subject.fullMark) throw badRequest('scoreEntry.overFull', { ...who, score: cell.score, full: subject.fullMark });
      return { studentId: cell.studentId, courseId: cell.courseId, score: cell.score, mark: null, parts: null };
    }
    if (!parts) {
      if (cell.score !== null) throw badRequest('scoreEntry.byParts', who);
      return { studentId: cell.studentId, courseId: cell.courseId, score: null, mark: null, parts: null };
    }
    const itemIds = new Set(subject.items.map((item) => String(item.id)));
    if (Object.keys(parts).length !== itemIds.size || Object.keys(parts).some((id) => !itemIds.has(id))) throw badRequest('scoreEntry.partsIncomplete', who);
    for (const item of subject.items) {
      if (hundredths(parts[String(item.id)]!) > hundredths(item.maxScore)) throw badRequest('scoreEntry.partOver', { ...who, part: item.name, max: item.maxScore });
    }
    const sum = Object.values(parts).reduce((total, value) => total + hundredths(value), 0) / 100;
    if (cell.score !== null && hundredths(cell.score) !== hundredths(sum)) throw badRequest('scoreEntry.byParts', who);
    return { studentId: cell.studentId, courseId: cell.courseId, score: sum, mark: null, parts };
  });
}

/**
 * Saves cells of a class's sheet in one transaction. Refused whole, with nothing written, when the batch is
 * closed, a cell is bad, a column was saved by someone else since it was read (its version moved on), or
 * another save of the same sheet is running right now.
 */
export async function saveScores(
  db: Db,
  caller: Caller,
  input: { batchId: number; classId: number; versions: Record<string, string> | null; cells: ScoreCell[] },
): Promise<ScoreSaveResult> {
  // Four statements in all: at district scale the round trips, not the writes, are a save's main cost.
  return db.transaction(async (tx) => {
    // A second save of the same sheet while one runs is told to retry rather than queued behind it. The
    // batch is locked shared with the other saves, exclusive with its release or change (scores/batches):
    // an advisory lock, since 50 teachers share-locking the batch's row would each create a multixact.
    const [locked] = await queryRows<{ ok: boolean }>(tx, sql`
      SELECT pg_try_advisory_xact_lock(hashtext('score-sheet'), hashtext(${`${input.batchId}:${input.classId}`})) AS ok,
        pg_advisory_xact_lock_shared(hashtext('score-batch'), ${input.batchId})::text AS shared`);
    if (!locked?.ok) throw conflict('scoreEntry.busy');
    // Read after the locks are held, so that a release committed meanwhile is seen.
    const { className, subjects, students } = await sheetContext(tx, caller, input.batchId, input.classId, true, refuseClosed);
    const foreign = input.cells.find((cell) => !subjects.some((subject) => subject.courseId === cell.courseId));
    if (foreign) {
      // Only a refused save looks further: another teacher's subject, or none of the batch.
      const [other] = await queryRows<{ course: string }>(tx, sql`
        SELECT co.name AS course FROM score_batch_subjects bs JOIN courses co ON co.id = bs.course_id WHERE bs.batch_id = ${input.batchId} AND bs.course_id = ${foreign.courseId}`);
      if (!other) throw badRequest('scoreEntry.subjectNotInBatch');
      throw new AppError('scoreEntry.notYours', 403, ResultCode.forbidden, { course: other.course, class: className });
    }
    const written = checkCells(subjects, students, input.cells);
    const courses = [...new Set(written.map((cell) => cell.courseId))];
    if (input.versions) {
      for (const courseId of courses) {
        const current = subjects.find((subject) => subject.courseId === courseId)!.version;
        if ((input.versions[String(courseId)] ?? '0') !== current) throw conflict('scoreEntry.busy');
      }
    }
    const kept = written.filter((cell) => cell.score !== null || cell.mark !== null);
    const removed = written.filter((cell) => cell.score === null && cell.mark === null);
    // Removals, writes and the columns' new versions in one statement: they touch different rows.
    const [result] = await queryRows<{ cleared: number; versions: { courseId: number; version: number }[] | string | null }>(tx, sql`
      WITH removed AS (
        DELETE FROM scores sc USING jsonb_to_recordset(${JSON.stringify(removed)}::jsonb) AS r("studentId" int, "courseId" int)
        WHERE sc.batch_id = ${input.batchId} AND sc.student_id = r."studentId" AND sc.course_id = r."courseId" RETURNING 1),
      written AS (
        INSERT INTO scores (batch_id, student_id, course_id, score, mark, sub_scores, updated_by, updated_at)
        SELECT ${input.batchId}, r."studentId", r."courseId", r.score, r.mark, r.parts, ${caller.auth.userId}, now()
        FROM jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) AS r("studentId" int, "courseId" int, score numeric, mark text, parts jsonb)
        ON CONFLICT (batch_id, student_id, course_id) DO UPDATE
          SET score = excluded.score, mark = excluded.mark, sub_scores = excluded.sub_scores, updated_by = excluded.updated_by, updated_at = excluded.updated_at
          WHERE (scores.score, scores.mark, scores.sub_scores) IS DISTINCT FROM (excluded.score, excluded.mark, excluded.sub_scores)
        RETURNING 1),
      versions AS (
        INSERT INTO score_sheet_versions (batch_id, class_id, course_id, version)
        SELECT ${input.batchId}, ${input.classId}, unnest(${intArray(courses)}), 1
        ON CONFLICT (batch_id, class_id, course_id) DO UPDATE SET version = score_sheet_versions.version + 1
        RETURNING course_id, version)
      SELECT (SELECT count(*)::int FROM removed) AS cleared,
        (SELECT json_agg(json_build_object('courseId', v.course_id, 'version', v.version)) FROM versions v) AS versions`);
    const versions = jsonValue(result?.versions ?? null) ?? [];
    return { saved: kept.length, cleared: result?.cleared ?? 0, versions: Object.fromEntries(versions.map((row) => [String(row.courseId), String(row.version)])) };
  });
}
