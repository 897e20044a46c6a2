import { sql, type SQL } from 'drizzle-orm';
import {
  EXTERNAL_SCORE_PERMISSIONS,
  externalExamSearchSchema,
  SCORE_MARKS,
  type ExternalCell,
  type ExternalExamFormParsed,
  type ExternalExamRow,
  type ExternalOptions,
  type ExternalScoreRow,
  type ExternalScoresPage,
  type ExternalSubject,
  type Language,
  type MyExternalExam,
  type PagedResult,
  type ScoreMark,
} from '@campus/contract';
import { intArray, jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { externalExams, students } from '../../../db/schema/index.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { aliased, countMatches, inClasses, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { idList } from '../../../platform/resource.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { localName } from '../../timetable/views/queries.ts';
import { transcriptStudent } from '../mine/service.ts';
import { buildExternalWorkbook, readExternalWorkbook, type ImportError, type WorkbookSubject } from './excel.ts';

/**
 * 校外成绩 (/cjglNew/xwcj/kscjwh): exams held outside the school, their subjects and full marks, the grade's
 * students' scores (one row per student: course id → { score, mark }, and the place the organiser gave) and
 * the family's view of the released ones.
 */

export const EXTERNAL_PERMISSIONS = EXTERNAL_SCORE_PERMISSIONS;
/** The family's transcript page: students and parents read their released external exams through it. */
export const EXTERNAL_MINE_PERMISSION = 'score:transcript';

/** The students an external exam expects: those at school in a class of its grade. */
const AT_SCHOOL = sql`s.in_school_status = '1'`;

export const externalExamList = defineList({
  search: externalExamSearchSchema,
  sortColumns: { examDate: sql`e.exam_date`, name: sql`e.name`, gradeName: sql`g.sort` },
  defaultSort: { field: 'examDate', order: 'desc' },
  tieBreaker: externalExams.id,
});
type Search = ReturnType<typeof externalExamList.parse>['search'];
type Sort = ReturnType<typeof externalExamList.parse>['sortField'];
/** The exam list's keyword: the exam's name or organiser. */
const EXAM_KEYWORD = keywordColumns(externalExams.name, externalExams.organiser);
/** The score grid's keyword: a student's name, its pinyin initials or number. */
const STUDENT_KEYWORD = keywordColumns(students.name, students.nameInitials, students.studentNumber);

const subjectsOf = (exam: SQL, language: Language) => sql`
  (SELECT coalesce(json_agg(json_build_object('courseId', es.course_id, 'courseName', ${localName('co', language)}, 'fullMark', es.full_mark)
      ORDER BY es.sort, co.sort, co.id), '[]'::json)
   FROM external_exam_subjects es JOIN courses co ON co.id = es.course_id WHERE es.exam_id = ${exam})`;

const columns = (language: Language) => sql`
  e.id, e.term_id AS "termId", ${localName('t', language)} AS "termName", e.grade_id AS "gradeId", ${localName('g', language)} AS "gradeName",
  e.name, e.organiser, e.exam_date::text AS "examDate", e.remarks, e.released, e.released_at AS "releasedAtRaw", e.updated_at AS "updatedAtRaw",
  ${subjectsOf(sql`e.id`, language)} AS subjects,
  (SELECT count(*)::int FROM external_exam_results r WHERE r.exam_id = e.id) AS entered,
  (SELECT count(*)::int FROM students s JOIN classes c ON c.id = s.class_id WHERE c.grade_id = e.grade_id AND ${AT_SCHOOL}) AS students`;

const FROM = sql`FROM external_exams e JOIN terms t ON t.id = e.term_id JOIN grades g ON g.id = e.grade_id`;

type Raw = Omit<ExternalExamRow, 'subjects' | 'releasedAt' | 'updatedAt'> & {
  subjects: ExternalSubject[] | string;
  releasedAtRaw: Date | string | null;
  updatedAtRaw: Date | string;
};
const toRow = ({ releasedAtRaw, updatedAtRaw, ...row }: Raw): ExternalExamRow => ({
  ...row,
  examDate: row.examDate.slice(0, 10),
  releasedAt: releasedAtRaw ? schoolMinute(releasedAtRaw) : null,
  updatedAt: schoolMinute(updatedAtRaw),
  subjects: jsonValue(row.subjects),
});

function conditions(search: Search): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (search.termId) parts.push(sql`e.term_id = ${search.termId}`);
  if (search.gradeId) parts.push(sql`e.grade_id = ${search.gradeId}`);
  const keyword = matchKeyword(search.keyword, EXAM_KEYWORD, aliased('e'));
  if (keyword) parts.push(keyword);
  return sql.join(parts, sql` AND `);
}

export async function listExternalExams(db: DbOrTx, request: ListRequest<Search, Sort>, language: Language): Promise<PagedResult<ExternalExamRow>> {
  const where = conditions(request.search);
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<Raw>(db, sql`
    SELECT ${columns(language)} ${FROM} WHERE ${where}
    ORDER BY ${externalExamList.spec.sortColumns[request.sortField]} ${direction}, e.id ${direction} LIMIT ${request.limit} OFFSET ${request.offset}`);
  const counted = await countMatches(db, sql`SELECT 1 ${FROM} WHERE ${where}`, request.search.keyword);
  return { ...counted, rows: rows.map(toRow) };
}

export async function findExternalExam(db: DbOrTx, id: number, language: Language): Promise<ExternalExamRow> {
  const [row] = await queryRows<Raw>(db, sql`SELECT ${columns(language)} ${FROM} WHERE e.id = ${id}`);
  if (!row) throw notFound();
  return toRow(row);
}

export async function externalOptions(db: DbOrTx, language: Language): Promise<ExternalOptions> {
  const [row] = await queryRows<{ [K in keyof ExternalOptions]: ExternalOptions[K] | string }>(db, sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', ${localName('t', language)}, 'isCurrent', t.is_current) ORDER BY t.start_date DESC), '[]'::json) FROM terms t) AS terms,
      (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', ${localName('g', language)}) ORDER BY g.sort), '[]'::json) FROM grades g) AS grades,
      (SELECT coalesce(json_agg(json_build_object('id', co.id, 'name', ${localName('co', language)}) ORDER BY co.sort, co.id), '[]'::json) FROM courses co WHERE NOT co.is_elective) AS courses,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'gradeId', c.grade_id) ORDER BY g.sort, c.sort, c.id), '[]'::json)
         FROM classes c JOIN grades g ON g.id = c.grade_id) AS classes`);
  return {
    terms: jsonValue(row!.terms) as ExternalOptions['terms'],
    grades: jsonValue(row!.grades) as ExternalOptions['grades'],
    courses: jsonValue(row!.courses) as ExternalOptions['courses'],
    classes: jsonValue(row!.classes) as ExternalOptions['classes'],
  };
}

// ---------------------------------------------------------------------------------------------------
// The exam: create, change, delete, release

async function lockTerms(tx: Tx, termIds: number[]): Promise<void> {
  for (const termId of [...new Set(termIds)].sort((a, b) => a - b)) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('external-exams'), ${termId})`);
}

interface Locked {
  id: number;
  name: string;
  termId: number;
  gradeId: number;
  gradeName: string;
  released: boolean;
}

/** Locks the exams (their saves and releases wait for each other); refuses when one does not exist. */
async function lockExams(tx: Tx, ids: number[], language: Language = 'zh'): Promise<Locked[]> {
  const rows = await queryRows<Locked>(tx, sql`
    SELECT e.id, e.name, e.term_id AS "termId", e.grade_id AS "gradeId", ${localName('g', language)} AS "gradeName", e.released
    FROM external_exams e JOIN grades g ON g.id = e.grade_id WHERE e.id IN ${idList(ids)} ORDER BY e.id FOR UPDATE OF e`);
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

async function checkForm(tx: Tx, form: ExternalExamFormParsed, selfId: number): Promise<void> {
  const courseIds = form.subjects.map((subject) => subject.courseId);
  const [refs] = await queryRows<{ term: number; grade: number; courses: number }>(tx, sql`
    SELECT (SELECT count(*)::int FROM terms WHERE id = ${form.termId}) AS term,
      (SELECT count(*)::int FROM grades WHERE id = ${form.gradeId}) AS grade,
      (SELECT count(*)::int FROM courses WHERE id = ANY(${intArray(courseIds)})) AS courses`);
  if (refs?.term !== 1 || refs.grade !== 1 || refs.courses !== courseIds.length) throw badRequest('scoreBatch.unknownReference');
  const [named] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM external_exams WHERE term_id = ${form.termId} AND name = ${form.name} AND id <> ${selfId} LIMIT 1`);
  if (named) throw conflict('externalExam.nameTaken', { name: form.name });
}

async function writeSubjects(tx: Tx, id: number, form: ExternalExamFormParsed): Promise<void> {
  await tx.execute(sql`DELETE FROM external_exam_subjects WHERE exam_id = ${id}`);
  await tx.execute(sql`
    INSERT INTO external_exam_subjects (exam_id, course_id, full_mark, sort)
    SELECT ${id}, s."courseId", s."fullMark", s.sort
    FROM jsonb_to_recordset(${JSON.stringify(form.subjects.map((subject, sort) => ({ ...subject, sort })))}::jsonb) AS s("courseId" int, "fullMark" int, sort int)`);
}

export async function createExternalExam(db: Db, form: ExternalExamFormParsed, by: number): Promise<number> {
  return db.transaction(async (tx) => {
    await lockTerms(tx, [form.termId]);
    await checkForm(tx, form, 0);
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO external_exams (term_id, grade_id, name, organiser, exam_date, remarks, updated_by)
      VALUES (${form.termId}, ${form.gradeId}, ${form.name}, ${form.organiser}, ${form.examDate}::date, ${form.remarks}, ${by})
      RETURNING id`);
    await writeSubjects(tx, created!.id, form);
    return created!.id;
  });
}

/**
 * Changes an exam that is not released. Its scores stay true: a subject with scores stays, its full mark does
 * not fall below a score entered, and a new grade must hold every student with scores.
 */
export async function updateExternalExam(db: Db, form: ExternalExamFormParsed & { id: number }, by: number, language: Language): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await lockExams(tx, [form.id], language);
    await lockTerms(tx, [current!.termId, form.termId]);
    if (current!.released) throw conflict('externalExam.released', { name: current!.name });
    await checkForm(tx, form, form.id);
    const scored = await queryRows<{ courseId: number; courseName: string; highest: number | null; studentName: string | null }>(tx, sql`
      SELECT es.course_id AS "courseId", ${localName('co', language)} AS "courseName", top.score AS highest, top.name AS "studentName"
      FROM external_exam_subjects es JOIN courses co ON co.id = es.course_id
      CROSS JOIN LATERAL (
        SELECT (r.scores -> es.course_id::text ->> 'score')::float8 AS score, s.name
        FROM external_exam_results r JOIN students s ON s.id = r.student_id
        WHERE r.exam_id = es.exam_id AND r.scores -> es.course_id::text IS NOT NULL
        ORDER BY (r.scores -> es.course_id::text ->> 'score')::numeric DESC NULLS LAST LIMIT 1) top
      WHERE es.exam_id = ${form.id}
      ORDER BY es.sort`);
    for (const subject of scored) {
      const kept = form.subjects.find((s) => s.courseId === subject.courseId);
      if (!kept) throw conflict('externalExam.subjectScored', { course: subject.courseName });
      if (subject.highest !== null && subject.highest > kept.fullMark) {
        throw badRequest('externalExam.overFull', { name: subject.studentName ?? '', course: subject.courseName, score: subject.highest, full: kept.fullMark });
      }
    }
    if (form.gradeId !== current!.gradeId) {
      const [stranger] = await queryRows<{ name: string; grade: string }>(tx, sql`
        SELECT s.name, (SELECT ${localName('g', language)} FROM grades g WHERE g.id = ${form.gradeId}) AS grade
        FROM external_exam_results r JOIN students s ON s.id = r.student_id LEFT JOIN classes c ON c.id = s.class_id
        WHERE r.exam_id = ${form.id} AND (c.grade_id IS DISTINCT FROM ${form.gradeId} OR NOT ${AT_SCHOOL})
        ORDER BY s.student_number LIMIT 1`);
      if (stranger) throw badRequest('externalExam.notOfGrade', { name: stranger.name, grade: stranger.grade });
    }
    await tx.execute(sql`
      UPDATE external_exams SET term_id = ${form.termId}, grade_id = ${form.gradeId}, name = ${form.name}, organiser = ${form.organiser},
        exam_date = ${form.examDate}::date, remarks = ${form.remarks}, updated_by = ${by}, updated_at = now()
      WHERE id = ${form.id}`);
    await writeSubjects(tx, form.id, form);
  });
}

/** Deletes exams with their scores; a released one only after its release is cancelled. */
export async function deleteExternalExams(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await lockExams(tx, ids);
    const released = rows.find((row) => row.released);
    if (released) throw conflict('externalExam.released', { name: released.name });
    await tx.execute(sql`DELETE FROM external_exams WHERE id IN ${idList(ids)}`);
  });
}

/** Releases exams to students and parents, or hides them again; answers how many changed. */
export async function releaseExternalExams(db: Db, ids: number[], released: boolean, by: number): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await lockExams(tx, ids);
    const changing = rows.filter((row) => row.released !== released).map((row) => row.id);
    if (!changing.length) return 0;
    await tx.execute(sql`
      UPDATE external_exams SET released = ${released}, released_at = ${released ? sql`now()` : sql`NULL`}, updated_by = ${by}, updated_at = now()
      WHERE id = ANY(${intArray(changing)})`);
    return changing.length;
  });
}

// ---------------------------------------------------------------------------------------------------
// The scores

/** A cell as stored (course id → { score, mark }); anything else reads as empty. */
export function readCell(value: unknown): ExternalCell {
  const cell = (value ?? {}) as { score?: unknown; mark?: unknown };
  const score = typeof cell.score === 'number' ? cell.score : typeof cell.score === 'string' && cell.score !== '' ? Number(cell.score) : null;
  const mark = SCORE_MARKS.includes(cell.mark as ScoreMark) ? (cell.mark as ScoreMark) : null;
  return { score: mark ? null : score, mark };
}

export function readCells(value: unknown): Record<string, ExternalCell> {
  const stored = jsonValue((value ?? {}) as Record<string, unknown> | string) ?? {};
  const cells: Record<string, ExternalCell> = {};
  for (const [courseId, raw] of Object.entries(stored)) {
    const cell = readCell(raw);
    if (cell.score !== null || cell.mark !== null) cells[courseId] = cell;
  }
  return cells;
}

const hundredths = (value: number) => Math.round(value * 100);

/** The sum of the scores (marks count nothing); null when there is none. */
export function totalOf(cells: Record<string, ExternalCell>): number | null {
  const scores = Object.values(cells).flatMap((cell) => (cell.score === null ? [] : [cell.score]));
  return scores.length ? scores.reduce((sum, score) => sum + hundredths(score), 0) / 100 : null;
}

/** The grid's sorts over its matches `m` (externalScoresPage), the results' columns carried only for their sorts. */
const SCORE_SORTS: Record<string, { column: SQL; carried?: SQL }> = {
  studentNumber: { column: sql`m.student_number` },
  name: { column: sql`m.name` },
  total: { column: sql`m.total`, carried: sql`(SELECT sum((v.value ->> 'score')::numeric) FROM jsonb_each(r.scores) v WHERE jsonb_typeof(v.value -> 'score') = 'number') AS total` },
  districtRank: { column: sql`m.district_rank`, carried: sql`r.district_rank` },
};

interface ScoreRowRaw extends Omit<ExternalScoreRow, 'cells' | 'total' | 'updatedAt'> {
  cells: unknown;
  updatedAtRaw: Date | string | null;
}

/**
 * The grade's students at school (a class, a keyword on name or number) with their scores, a page of them.
 * The exam is read beside the page, which finds its grade itself.
 */
export async function externalScoresPage(
  db: DbOrTx,
  input: { examId: number; classId?: number; keyword?: string; currPage: number; limit: number; sortField: string; order: string },
  language: Language,
): Promise<ExternalScoresPage> {
  if (input.sortField && !Object.hasOwn(SCORE_SORTS, input.sortField)) throw badRequest('paging.badSortField');
  const sort = input.sortField ? SCORE_SORTS[input.sortField]! : undefined;
  const parts: SQL[] = [inClasses(sql`SELECT c.id FROM classes c WHERE c.grade_id = (SELECT e.grade_id FROM external_exams e WHERE e.id = ${input.examId})`, input.keyword), AT_SCHOOL];
  if (input.classId) parts.push(sql`s.class_id = ${input.classId}`);
  const keyword = matchKeyword(input.keyword, STUDENT_KEYWORD, aliased('s'));
  if (keyword) parts.push(keyword);
  const direction = input.order === 'desc' ? sql`DESC` : sql`ASC`;
  const result = sql`LEFT JOIN external_exam_results r ON r.exam_id = ${input.examId} AND r.student_id = s.id`;
  const [exam, found] = await Promise.all([
    findExternalExam(db, input.examId, language),
    // totalCapped goes out too: the contract's ExternalScoresPage lacks it yet.
    pageOfList<ScoreRowRaw>(
      db,
      input.keyword,
      {
        matching: sql`SELECT s.id, s.class_id, s.student_number, s.name${sort?.carried ? sql`, ${sort.carried}` : sql``}
          FROM students s ${sort?.carried ? result : sql``} WHERE ${sql.join(parts, sql` AND `)}`,
        order: sort
          ? { orderBy: sql`${sort.column} ${direction} NULLS LAST, m.student_number, m.id` }
          : { joins: sql`JOIN classes c ON c.id = m.class_id`, orderBy: sql`c.sort, c.id, m.student_number, m.id` },
        details: {
          columns: sql`s.id AS "studentId", s.student_number AS "studentNumber", s.name, c.name AS "className",
            r.scores AS cells, r.district_rank AS "districtRank", r.updated_at AS "updatedAtRaw"`,
          joins: sql`JOIN students s ON s.id = chosen.id JOIN classes c ON c.id = s.class_id ${result}`,
        },
      },
      { offset: input.currPage * input.limit, limit: input.limit },
    ),
  ]);
  const courseIds = new Set(exam.subjects.map((subject) => String(subject.courseId)));
  const { rows, ...counted } = found;
  return {
    exam,
    ...counted,
    rows: rows.map(({ updatedAtRaw, cells, ...row }) => {
      const own = Object.fromEntries(Object.entries(readCells(cells)).filter(([courseId]) => courseIds.has(courseId)));
      return { ...row, cells: own, total: totalOf(own), updatedAt: updatedAtRaw ? schoolMinute(updatedAtRaw) : null };
    }),
  };
}

/** One student's result as it is written: the cells with a score or a mark, and the place. */
export interface ResultRow {
  studentId: number;
  cells: Record<string, ExternalCell>;
  districtRank: number | null;
}

/** The exam as a save reads it, locked: its grade and subjects with their names in the caller's language. */
export interface LockedExam extends Locked {
  subjects: ExternalSubject[];
}

export async function lockExamForScores(tx: Tx, examId: number, language: Language): Promise<LockedExam> {
  const [exam] = await lockExams(tx, [examId], language);
  if (exam!.released) throw conflict('externalExam.released', { name: exam!.name });
  const [raw] = await queryRows<{ subjects: ExternalSubject[] | string }>(tx, sql`SELECT ${subjectsOf(sql`${examId}::int`, language)} AS subjects`);
  return { ...exam!, subjects: jsonValue(raw!.subjects) };
}

/** The grade's students at school with what is stored of them: number → { id, name, cells, rank }. */
export async function gradeStudents(db: DbOrTx, examId: number, gradeId: number): Promise<{ id: number; studentNumber: string; name: string; cells: Record<string, ExternalCell>; districtRank: number | null }[]> {
  const rows = await queryRows<{ id: number; studentNumber: string; name: string; cells: unknown; districtRank: number | null }>(db, sql`
    SELECT s.id, s.student_number AS "studentNumber", s.name, r.scores AS cells, r.district_rank AS "districtRank"
    FROM students s JOIN classes c ON c.id = s.class_id
    LEFT JOIN external_exam_results r ON r.exam_id = ${examId} AND r.student_id = s.id
    WHERE c.grade_id = ${gradeId} AND ${AT_SCHOOL}
    ORDER BY c.sort, c.id, s.student_number`);
  return rows.map((row) => ({ ...row, cells: readCells(row.cells) }));
}

/**
 * Checks the rows of a save against the exam: each student at school in its grade, each course one of its
 * subjects, each score within the subject's full mark. The first bad one refuses the whole save.
 */
async function checkRows(tx: Tx, exam: LockedExam, rows: ResultRow[]): Promise<void> {
  const ids = rows.map((row) => row.studentId);
  if (new Set(ids).size !== ids.length) throw badRequest('errors.badRequest');
  const students = await queryRows<{ id: number; name: string; ofGrade: boolean }>(tx, sql`
    SELECT s.id, s.name, (c.grade_id IS NOT DISTINCT FROM ${exam.gradeId} AND ${AT_SCHOOL}) AS "ofGrade"
    FROM students s LEFT JOIN classes c ON c.id = s.class_id WHERE s.id = ANY(${intArray(ids)})`);
  const byId = new Map(students.map((student) => [student.id, student]));
  for (const row of rows) {
    const student = byId.get(row.studentId);
    if (!student) throw notFound();
    if (!student.ofGrade) throw badRequest('externalExam.notOfGrade', { name: student.name, grade: exam.gradeName });
  }
  const subjects = new Map(exam.subjects.map((subject) => [String(subject.courseId), subject]));
  for (const row of rows) {
    for (const [courseId, cell] of Object.entries(row.cells)) {
      const subject = subjects.get(courseId);
      if (!subject) throw badRequest('errors.badRequest');
      if (cell.score !== null && hundredths(cell.score) > hundredths(subject.fullMark)) {
        throw badRequest('externalExam.overFull', { name: byId.get(row.studentId)!.name, course: subject.courseName, score: cell.score, full: subject.fullMark });
      }
    }
  }
}

/** Only the cells with a score or a mark, a mark without a score. */
function storedCells(cells: Record<string, ExternalCell>): Record<string, ExternalCell> {
  const kept: Record<string, ExternalCell> = {};
  for (const [courseId, cell] of Object.entries(cells)) {
    if (cell.mark) kept[courseId] = { score: null, mark: cell.mark };
    else if (cell.score !== null) kept[courseId] = { score: cell.score, mark: null };
  }
  return kept;
}

/**
 * Writes results in one statement: a row with no cell and no place removes the student's result, the others
 * are inserted or replaced (the time only moves for a row that changed).
 */
async function writeRows(tx: Tx, examId: number, rows: ResultRow[], by: number): Promise<void> {
  const written = rows.map((row) => ({ ...row, cells: storedCells(row.cells) }));
  const removed = written.filter((row) => !Object.keys(row.cells).length && row.districtRank === null).map((row) => row.studentId);
  const kept = written.filter((row) => Object.keys(row.cells).length || row.districtRank !== null).map((row) => ({ studentId: row.studentId, scores: row.cells, rank: row.districtRank }));
  await tx.execute(sql`
    WITH removed AS (
      DELETE FROM external_exam_results WHERE exam_id = ${examId} AND student_id = ANY(${intArray(removed)}) RETURNING 1),
    written AS (
      INSERT INTO external_exam_results (exam_id, student_id, scores, district_rank, updated_by, updated_at)
      SELECT ${examId}, r."studentId", r.scores, r.rank, ${by}, now()
      FROM jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) AS r("studentId" int, scores jsonb, rank int)
      ON CONFLICT (exam_id, student_id) DO UPDATE
        SET scores = excluded.scores, district_rank = excluded.district_rank, updated_by = excluded.updated_by, updated_at = excluded.updated_at
        WHERE (external_exam_results.scores, external_exam_results.district_rank) IS DISTINCT FROM (excluded.scores, excluded.district_rank)
      RETURNING 1)
    SELECT (SELECT count(*) FROM removed) + (SELECT count(*) FROM written) AS n`);
}

/**
 * Saves rows of the grid in one transaction (each row replaces the student's cells and place). Refused whole,
 * nothing written, for a released exam or any bad row. Answers the number of rows saved.
 */
export async function saveExternalScores(db: Db, input: { examId: number; rows: ResultRow[] }, by: number, language: Language): Promise<number> {
  return db.transaction(async (tx) => {
    const exam = await lockExamForScores(tx, input.examId, language);
    await checkRows(tx, exam, input.rows);
    await writeRows(tx, exam.id, input.rows, by);
    return input.rows.length;
  });
}

/** Writes the rows of an import that differ from what is stored (checked like a save); answers how many. */
export async function writeImported(tx: Tx, exam: LockedExam, rows: ResultRow[], by: number): Promise<number> {
  if (!rows.length) return 0;
  await checkRows(tx, exam, rows);
  await writeRows(tx, exam.id, rows, by);
  return rows.length;
}

// ---------------------------------------------------------------------------------------------------
// The family's side

/** The released external exams in which a student (the caller's own or child) has a result, the newest first. */
export async function myExternalExams(db: DbOrTx, auth: AuthContext, studentId: number | undefined, language: Language): Promise<MyExternalExam[]> {
  const student = (await transcriptStudent(db, auth, studentId))?.id ?? null;
  if (student === null) return [];
  const rows = await queryRows<{ id: number; name: string; organiser: string; examDate: string; termName: string; subjects: ExternalSubject[] | string; cells: unknown; districtRank: number | null }>(db, sql`
    SELECT e.id, e.name, e.organiser, e.exam_date::text AS "examDate", ${localName('t', language)} AS "termName",
      ${subjectsOf(sql`e.id`, language)} AS subjects, r.scores AS cells, r.district_rank AS "districtRank"
    FROM external_exams e JOIN terms t ON t.id = e.term_id
    JOIN external_exam_results r ON r.exam_id = e.id AND r.student_id = ${student}
    WHERE e.released
    ORDER BY e.exam_date DESC, e.id DESC`);
  return rows.map(({ subjects, cells, ...row }) => {
    const list = jsonValue(subjects);
    const own = readCells(cells);
    const mine = Object.fromEntries(list.map((subject) => [String(subject.courseId), own[String(subject.courseId)] ?? { score: null, mark: null }]));
    return {
      ...row,
      examDate: row.examDate.slice(0, 10),
      subjects: list.map((subject) => ({ ...subject, ...mine[String(subject.courseId)]! })),
      total: totalOf(mine),
      totalFull: list.reduce((sum, subject) => sum + subject.fullMark, 0),
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Excel: the template and the import

/** The exam's subjects with every name they are known by (headings of the organiser's file). */
async function workbookSubjects(db: DbOrTx, subjects: ExternalSubject[]): Promise<WorkbookSubject[]> {
  const names = await queryRows<{ id: number; name: string; nameEn: string | null }>(db, sql`
    SELECT id, name, name_en AS "nameEn" FROM courses WHERE id = ANY(${intArray(subjects.map((subject) => subject.courseId))})`);
  return subjects.map((subject) => {
    const course = names.find((row) => row.id === subject.courseId);
    return { ...subject, names: [subject.courseName, course?.name ?? '', course?.nameEn ?? ''].filter(Boolean) };
  });
}

/** The template: the grade's students with what is entered, in the caller's language. */
export async function externalTemplate(db: DbOrTx, examId: number, language: Language): Promise<{ name: string; content: Buffer }> {
  const exam = await findExternalExam(db, examId, language);
  const students = await gradeStudents(db, exam.id, exam.gradeId);
  return { name: exam.name, content: await buildExternalWorkbook(exam.name, await workbookSubjects(db, exam.subjects), students, language) };
}

/**
 * Imports a filled-in workbook in one transaction: any bad cell saves nothing and every one is answered;
 * otherwise the students listed whose scores or place changed are written. `whole`: the file itself is wrong.
 */
export async function importExternalScores(
  db: Db,
  examId: number,
  file: Buffer,
  by: number,
  language: Language,
): Promise<{ saved: number; errors: ImportError[]; whole: boolean }> {
  return db.transaction(async (tx) => {
    const exam = await lockExamForScores(tx, examId, language);
    const students = await gradeStudents(tx, exam.id, exam.gradeId);
    const { rows, errors, whole } = await readExternalWorkbook(file, await workbookSubjects(tx, exam.subjects), students, language);
    if (errors.length) return { saved: 0, errors, whole };
    return { saved: await writeImported(tx, exam, rows, by), errors: [], whole: false };
  });
}
