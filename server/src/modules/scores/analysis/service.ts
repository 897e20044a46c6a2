import { sql, type SQL } from 'drizzle-orm';
import {
  ResultCode,
  SCORE_ANALYSIS_PERMISSIONS,
  SCORE_BAND_COUNT,
  TOTAL_COURSE_ID,
  translate,
  type AnalysisBatch,
  type AnalysisBatches,
  type ClassComparison,
  type ClassScores,
  type ClassStats,
  type GradeAnalysis,
  type Language,
  type Ranking,
  type ScoreFigures,
  type StudentAnalysis,
  type SubjectStats,
  type SubjectStrength,
  type TeacherAnalysis,
} from '@campus/contract';
import { intArray, jsonValue, queryRows, type DbOrTx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { VersionedCache } from '../../../platform/versionedCache.ts';
import { localName } from '../../timetable/views/queries.ts';

/** The whole grade's students and every class (the academic office); others their own classes. */
const seesAll = (caller: Caller) => caller.permissions.has(SCORE_ANALYSIS_PERMISSIONS.ranking);

/**
 * Whether the caller teaches or leads class `cls` in term `term` (SQL); for a subject `course`, whether
 * they teach that subject to it or lead it. The term's timetable says who teaches what. Written as IN over
 * the caller's few classes, which PostgreSQL reads once for a whole list instead of once per class.
 */
function ownClass(caller: Caller, term: SQL, cls: SQL, course?: SQL): SQL {
  const me = caller.auth.userId;
  return sql`(
    ${cls} IN (SELECT c0.id FROM classes c0 JOIN staff st0 ON st0.id = c0.class_teacher_id WHERE st0.user_id = ${me})
    OR ${course ? sql`(${cls}, ${course})` : cls} IN (
      SELECT te0.class_id${course ? sql`, te0.course_id` : sql``} FROM timetable_entries te0 JOIN staff st1 ON st1.id = te0.teacher_id
      WHERE te0.term_id = ${term} AND st1.user_id = ${me}))`;
}

/** A batch's term as a subquery that does not depend on the row it is used in. */
const termOf = (batchId: number) => sql`(SELECT term_id FROM score_batches WHERE id = ${batchId})`;

interface BatchRaw extends Omit<AnalysisBatch, 'releasedAt' | 'analysedAt'> {
  releasedAtRaw: Date | string | null;
  analysedAtRaw: Date | string | null;
}

/**
 * `term` is the batches' term as an expression that does not depend on the row (a value, or a subquery by
 * the batch's id): the caller's classes are then read once, not once for each of the batch's classes.
 */
function batchColumns(caller: Caller, term: SQL): SQL {
  const { language } = caller;
  return sql`b.id, b.name, b.term_id AS "termId", ${localName('t', language)} AS "termName", ${localName('g', language)} AS "gradeName",
    b.exam_node AS "examNode", b.released_at AS "releasedAtRaw", b.analysis_state AS state, b.analysed_at AS "analysedAtRaw",
    coalesce((SELECT st.counted FROM score_stats st WHERE st.batch_id = b.id AND st.class_id = 0 AND st.course_id = 0), 0) AS "studentCount",
    EXISTS (SELECT 1 FROM score_batch_classes bc WHERE bc.batch_id = b.id AND ${ownClass(caller, term, sql`bc.class_id`)}) AS mine`;
}

const toBatch = ({ releasedAtRaw, analysedAtRaw, ...raw }: BatchRaw): AnalysisBatch => ({
  ...raw,
  releasedAt: releasedAtRaw ? schoolMinute(releasedAtRaw) : '',
  analysedAt: analysedAtRaw ? schoolMinute(analysedAtRaw) : '',
});

/** Released batches of a term (the current one by default), the newest first. */
export async function analysisBatches(db: DbOrTx, caller: Caller, termId: number | undefined): Promise<AnalysisBatches> {
  const terms = await queryRows<{ id: number; name: string; isCurrent: boolean }>(db, sql`
    SELECT t.id, ${localName('t', caller.language)} AS name, t.is_current AS "isCurrent" FROM terms t ORDER BY t.start_date DESC`);
  const term = termId ?? terms.find((item) => item.isCurrent)?.id ?? terms[0]?.id;
  if (!term) return { terms, batches: [] };
  const rows = await queryRows<BatchRaw>(db, sql`
    SELECT ${batchColumns(caller, sql`${term}`)}
    FROM score_batches b JOIN terms t ON t.id = b.term_id JOIN grades g ON g.id = b.grade_id
    WHERE b.term_id = ${term} AND b.released ORDER BY b.released_at DESC, b.id DESC`);
  return { terms, batches: rows.map(toBatch) };
}

/**
 * A released batch whose figures are ready; otherwise the reason, in the caller's language. `extra` is a
 * JSON expression read in the same statement (a view's rows), `course` a subject the batch must have: a view
 * of the analysis is then one round trip.
 */
export async function readyBatch<Extra = never>(
  db: DbOrTx,
  caller: Caller,
  batchId: number,
  options: { extra?: SQL; course?: number } = {},
): Promise<{ batch: AnalysisBatch; extra: Extra; version: FiguresVersion }> {
  const { extra, course } = options;
  const [raw] = await queryRows<BatchRaw & { released: boolean; extra: Extra | string | null; courseOk: boolean } & FiguresVersion>(db, sql`
    SELECT ${batchColumns(caller, termOf(batchId))}, b.released, ${extra ?? sql`NULL`} AS extra,
      (extract(epoch FROM b.analysed_at) * 1000000)::bigint::text AS analysed,
      (SELECT dv.version::text FROM data_versions dv WHERE dv.name = 'timetable') AS names,
      ${course ? sql`EXISTS (SELECT 1 FROM score_batch_subjects x WHERE x.batch_id = b.id AND x.course_id = ${course})` : sql`TRUE`} AS "courseOk"
    FROM score_batches b JOIN terms t ON t.id = b.term_id JOIN grades g ON g.id = b.grade_id WHERE b.id = ${batchId}`, { prepared: true });
  if (!raw) throw notFound();
  const { released, extra: rows, courseOk, analysed, names, ...rest } = raw;
  if (!released) throw conflict('scoreAnalysis.notReleased', { name: raw.name });
  if (raw.state === 'pending' || raw.state === 'none') throw conflict('scoreAnalysis.pending', { name: raw.name });
  if (raw.state === 'failed') throw conflict('scoreAnalysis.failed', { name: raw.name });
  if (!courseOk) throw badRequest('scoreAnalysis.courseNotInBatch');
  return { batch: toBatch(rest), extra: (rows === null ? null : jsonValue(rows)) as Extra, version: { analysed, names } };
}

/**
 * What a view of the figures depends on besides the batch: when they were computed (each computation
 * rewrites them) and the names of courses and classes and the classes' order (data_versions 'timetable').
 */
interface FiguresVersion {
  analysed: string;
  names: string;
}

interface StatsRaw {
  courseId: number;
  courseName: string | null;
  fullMark: number;
  passLine: number;
  goodLine: number;
  excellentLine: number;
  counted: number | null;
  absent: number | null;
  exempt: number | null;
  average: number | null;
  highest: number | null;
  lowest: number | null;
  stdDev: number | null;
  pass: number | null;
  good: number | null;
  excellent: number | null;
  bands: number[] | string | null;
}

/**
 * A subject's (or the total's) full mark and lines as its figures were counted, from the grade's row `l` of
 * score_stats, its name from courses `co`, and the figures of `figures` (the grade's row itself, or a
 * class's, which may be missing when nobody in the class has a score).
 */
function statsColumns(language: Language, figures = 'st'): SQL {
  const st = (column: string) => sql.raw(`${figures}.${column}`);
  return sql`
  l.course_id AS "courseId", ${localName('co', language)} AS "courseName", l.full_mark::int AS "fullMark", l.pass_line::float8 AS "passLine",
  l.good_line::float8 AS "goodLine", l.excellent_line::float8 AS "excellentLine",
  ${st('counted')} AS counted, ${st('absent')} AS absent, ${st('exempt')} AS exempt, ${st('average')}::float8 AS average,
  ${st('highest')}::float8 AS highest, ${st('lowest')}::float8 AS lowest, ${st('std_dev')}::float8 AS "stdDev",
  ${st('pass')} AS pass, ${st('good')} AS good, ${st('excellent')} AS excellent, ${st('bands')} AS bands`;
}

/** Grade rows `l` of score_stats with their courses `co` (the total, course 0, has none). */
const LINES = sql`score_stats l LEFT JOIN courses co ON co.id = l.course_id`;

/** The grade's rows of a batch: each subject and the total. */
const gradeRowsOf = (batch: SQL | number) => sql`l.batch_id = ${batch} AND l.class_id = 0`;

/** The order of the subjects in every view: the courses' order, the total last. */
const SUBJECT_ORDER = sql`l.course_id = 0, co.sort, l.course_id`;

const rate = (count: number | null, counted: number) => (counted > 0 && count !== null ? Math.round((count / counted) * 10_000) / 10_000 : null);

function toStats(raw: StatsRaw, language: Language): SubjectStats {
  const counted = raw.counted ?? 0;
  const bands = jsonValue(raw.bands ?? '[]');
  return {
    courseId: raw.courseId,
    courseName: raw.courseId === TOTAL_COURSE_ID ? translate(language, 'scoreAnalysis.total') : (raw.courseName ?? ''),
    fullMark: raw.fullMark,
    passLine: raw.passLine,
    goodLine: raw.goodLine,
    excellentLine: raw.excellentLine,
    counted,
    absent: raw.absent ?? 0,
    exempt: raw.exempt ?? 0,
    average: raw.average,
    highest: raw.highest,
    lowest: raw.lowest,
    stdDev: raw.stdDev,
    passRate: rate(raw.pass, counted),
    goodRate: rate(raw.good, counted),
    excellentRate: rate(raw.excellent, counted),
    bands: Array.isArray(bands) && bands.length === SCORE_BAND_COUNT ? bands.map(Number) : Array<number>(SCORE_BAND_COUNT).fill(0),
  };
}

/** The grade's figures of every subject and of the total. */
export async function gradeAnalysis(db: DbOrTx, caller: Caller, batchId: number): Promise<GradeAnalysis> {
  const { batch, extra } = await readyBatch<StatsRaw[]>(db, caller, batchId, {
    extra: sql`(SELECT json_agg(x) FROM (SELECT ${statsColumns(caller.language, 'l')} FROM ${LINES} WHERE ${gradeRowsOf(sql`b.id`)} ORDER BY ${SUBJECT_ORDER}) x)`,
  });
  return { batch, subjects: (extra ?? []).map((row) => toStats(row, caller.language)) };
}

/**
 * Each class's figures of one subject (or the total) beside the grade's. The classes' bands only for the
 * workbook: the page charts their averages, and a grade's 250 classes' bands were a third of the answer.
 */
export async function classComparison(
  db: DbOrTx,
  caller: Caller,
  batchId: number,
  courseId: number,
  options: { bands?: boolean } = {},
): Promise<ClassComparison> {
  const own = ownClass(caller, termOf(batchId), sql`bc.class_id`, courseId === TOTAL_COURSE_ID ? undefined : sql`${courseId}`);
  const { extra: mine, version } = await readyBatch<number[]>(db, caller, batchId, {
    course: courseId,
    extra: sql`(SELECT json_agg(bc.class_id) FROM score_batch_classes bc WHERE bc.batch_id = b.id AND ${own})`,
  });
  const figures = await comparisons.get(
    Number(version.names),
    [batchId, version.analysed, courseId, caller.language, options.bands ? 'bands' : ''].join(':'),
    () => comparisonFigures(db, caller.language, batchId, courseId, options.bands ?? false),
  );
  const mineSet = new Set(mine ?? []);
  return { courseId, grade: figures.grade, classes: figures.classes.map((row) => ({ ...row, mine: mineSet.has(row.classId) })) };
}

/**
 * Class comparisons as computed, per batch, computation, subject and language, without the caller's own
 * classes: a grade of 250 classes is the heaviest view of the analysis, and everyone opening it reads the
 * same figures (VersionedCache: the version and the computation's time come from the database with each
 * request, so a process never answers older figures or names than the database has).
 */
const comparisons = new VersionedCache<{ grade: SubjectStats; classes: Omit<ClassStats, 'mine'>[] }>(200);

async function comparisonFigures(db: DbOrTx, language: Language, batchId: number, courseId: number, bands: boolean) {
  type Raw = StatsRaw & { classId: number; className: string };
  const rows = await queryRows<Raw>(db, sql`
    SELECT ${statsColumns(language)}, bc.class_id AS "classId", coalesce(c.name, '') AS "className"
    FROM ${LINES}
    CROSS JOIN (SELECT 0 AS class_id UNION ALL SELECT class_id FROM score_batch_classes WHERE batch_id = ${batchId}) bc
    LEFT JOIN classes c ON c.id = bc.class_id
    LEFT JOIN score_stats st ON st.batch_id = l.batch_id AND st.class_id = bc.class_id AND st.course_id = l.course_id
    WHERE ${gradeRowsOf(batchId)} AND l.course_id = ${courseId}
    ORDER BY bc.class_id = 0 DESC, c.sort, bc.class_id`, { prepared: true });
  const [grade, ...classes] = rows;
  return {
    grade: toStats(grade!, language),
    classes: classes.map((row) => {
      const stats = toStats(row, language);
      const figures: ScoreFigures = {
        counted: stats.counted,
        absent: stats.absent,
        exempt: stats.exempt,
        average: stats.average,
        highest: stats.highest,
        lowest: stats.lowest,
        stdDev: stats.stdDev,
        passRate: stats.passRate,
        goodRate: stats.goodRate,
        excellentRate: stats.excellentRate,
      };
      return { ...figures, ...(bands ? { bands: stats.bands } : {}), classId: row.classId, className: row.className };
    }),
  };
}

/** Refuses a class the caller may not open: not in the batch, or (without the ranking right) not theirs. */
async function checkClass(db: DbOrTx, caller: Caller, batch: AnalysisBatch, classId: number): Promise<string> {
  const [row] = await queryRows<{ name: string; mine: boolean }>(db, sql`
    SELECT c.name, ${seesAll(caller) ? sql`TRUE` : ownClass(caller, sql`${batch.termId}`, sql`c.id`)} AS mine
    FROM score_batch_classes bc JOIN classes c ON c.id = bc.class_id WHERE bc.batch_id = ${batch.id} AND bc.class_id = ${classId}`, { prepared: true });
  if (!row) throw badRequest('scoreAnalysis.classNotInBatch');
  if (!row.mine) throw new AppError('scoreAnalysis.notYourClass', 403, ResultCode.forbidden, { class: row.name });
  return row.name;
}

/**
 * A ranking page's student and class, looked up by key for each of its twenty rows. As joins, the generic
 * plan of the prepared page (which cannot see that a range of places holds twenty rows, and expects two
 * thousand) merge-joined them with every student and every class of the district: 15–50 ms of a call that
 * otherwise takes a fraction of one. `OFFSET 0` keeps the lookup a subquery run per row.
 */
const PAGE_PEOPLE = sql`
  JOIN LATERAL (SELECT s.student_number, s.name FROM students s WHERE s.id = p.student_id OFFSET 0) s ON TRUE`;
const CLASS_NAME = sql`coalesce((SELECT c.name FROM classes c WHERE c.id = p.class_id), '')`;

/**
 * A page of the grade's (or a class's) ranking in one subject or the total. The total's places were
 * computed at release; a subject's are counted here over the batch's scores of that subject (one grade's,
 * some thousands of rows).
 */
export async function ranking(
  db: DbOrTx,
  caller: Caller,
  query: { batchId: number; courseId: number; classId?: number | undefined; currPage: number; limit: number },
): Promise<Ranking> {
  if (!query.classId && !seesAll(caller)) throw forbidden();
  const offset = query.currPage * query.limit;
  if (!query.classId && query.courseId === TOTAL_COURSE_ID) {
    // The grade's ranking of the total, the most read: its page and count in the batch's own statement.
    const { extra } = await readyBatch<{ total: number | null; rows: (Ranking['rows'][number] & { grade_order?: number })[] | null }>(db, caller, query.batchId, {
      extra: sql`json_build_object(
        'total', (SELECT st.counted FROM score_stats st WHERE st.batch_id = b.id AND st.class_id = 0 AND st.course_id = 0),
        'rows', (SELECT json_agg(x ORDER BY x.grade_order) FROM (
          SELECT p.grade_order, p.student_id AS "studentId", s.student_number AS "studentNumber", s.name, p.class_id AS "classId", ${CLASS_NAME} AS "className",
            p.total::float8 AS score, NULL AS mark, p.grade_rank AS "gradeRank", p.class_rank AS "classRank"
          FROM (SELECT r.student_id, r.class_id, r.total, r.grade_rank, r.class_rank, r.grade_order FROM score_totals r
                WHERE r.batch_id = b.id AND r.grade_order > ${offset} AND r.grade_order <= ${offset + query.limit}) p
          ${PAGE_PEOPLE}) x))`,
    });
    return { total: extra?.total ?? 0, rows: (extra?.rows ?? []).map(({ grade_order: _order, ...row }) => row) };
  }
  const { batch } = await readyBatch(db, caller, query.batchId, { course: query.courseId });
  if (query.classId) await checkClass(db, caller, batch, query.classId);
  const inClass = query.classId ? sql`AND r.class_id = ${query.classId}` : sql``;
  const order = query.classId ? sql`r.class_order` : sql`r.grade_order`;
  type Raw = Ranking['rows'][number] & { total: number };
  const rows =
    query.courseId === TOTAL_COURSE_ID
      ? await queryRows<Raw>(db, sql`
          WITH page AS (
            SELECT r.student_id, r.class_id, r.total, r.grade_rank, r.class_rank, ${order} AS place_order FROM score_totals r
            WHERE r.batch_id = ${batch.id} ${inClass} AND ${order} > ${offset} AND ${order} <= ${offset + query.limit})
          SELECT p.student_id AS "studentId", s.student_number AS "studentNumber", s.name, p.class_id AS "classId", ${CLASS_NAME} AS "className",
            p.total::float8 AS score, NULL AS mark, p.grade_rank AS "gradeRank", p.class_rank AS "classRank",
            (SELECT st.counted FROM score_stats st WHERE st.batch_id = ${batch.id} AND st.class_id = ${query.classId ?? 0} AND st.course_id = 0) AS total
          FROM page p ${PAGE_PEOPLE}
          ORDER BY p.place_order`, { prepared: true })
      : await queryRows<Raw>(db, sql`
          WITH r AS (
            SELECT sc.student_id, s.class_id, sc.score, sc.mark,
              CASE WHEN sc.score IS NOT NULL THEN rank() OVER (PARTITION BY sc.score IS NULL ORDER BY sc.score DESC) END AS grade_rank,
              CASE WHEN sc.score IS NOT NULL THEN rank() OVER (PARTITION BY s.class_id, sc.score IS NULL ORDER BY sc.score DESC) END AS class_rank
            FROM scores sc JOIN students s ON s.id = sc.student_id
            JOIN score_batch_classes bc ON bc.batch_id = sc.batch_id AND bc.class_id = s.class_id
            WHERE sc.batch_id = ${batch.id} AND sc.course_id = ${query.courseId})
          SELECT r.student_id AS "studentId", s.student_number AS "studentNumber", s.name, r.class_id AS "classId", coalesce(c.name, '') AS "className",
            r.score::float8 AS score, r.mark, r.grade_rank::int AS "gradeRank", r.class_rank::int AS "classRank", count(*) OVER ()::int AS total
          FROM r JOIN students s ON s.id = r.student_id LEFT JOIN classes c ON c.id = r.class_id
          WHERE TRUE ${inClass}
          ORDER BY r.score DESC NULLS LAST, s.student_number LIMIT ${query.limit} OFFSET ${offset}`, { prepared: true });
  const total = rows[0]?.total ?? (offset ? (await ranking(db, caller, { ...query, currPage: 0, limit: 1 })).total : 0);
  return { total, rows: rows.map(({ total: _total, ...row }) => row) };
}

/** A class's students with every subject, their total and places, and the class's figures beside the grade's. */
export async function classScores(db: DbOrTx, caller: Caller, batchId: number, classId: number): Promise<ClassScores> {
  const { batch } = await readyBatch(db, caller, batchId);
  const className = await checkClass(db, caller, batch, classId);
  const stats = await queryRows<StatsRaw & { classId: number }>(db, sql`
    SELECT ${statsColumns(caller.language)}, lv.class_id AS "classId"
    FROM ${LINES} CROSS JOIN (VALUES (0), (${classId}::int)) AS lv(class_id)
    LEFT JOIN score_stats st ON st.batch_id = l.batch_id AND st.class_id = lv.class_id AND st.course_id = l.course_id
    WHERE ${gradeRowsOf(batchId)}
    ORDER BY ${SUBJECT_ORDER}`, { prepared: true });
  const rows = await queryRows<ClassScores['rows'][number] & { cells: ClassScores['rows'][number]['cells'] | string }>(db, sql`
    SELECT s.id AS "studentId", s.student_number AS "studentNumber", s.name,
      (SELECT coalesce(json_object_agg(sc.course_id::text, json_build_object('score', sc.score::float8, 'mark', sc.mark)), '{}'::json)
         FROM scores sc WHERE sc.batch_id = ${batchId} AND sc.student_id = s.id) AS cells,
      t.total::float8 AS total, t.class_rank AS "classRank", t.grade_rank AS "gradeRank"
    FROM students s LEFT JOIN score_totals t ON t.batch_id = ${batchId} AND t.student_id = s.id
    WHERE s.class_id = ${classId} AND (s.in_school_status = '1' OR t.student_id IS NOT NULL)
    ORDER BY t.class_rank NULLS LAST, s.student_number`, { prepared: true });
  const subjects = stats.filter((row) => row.classId === 0 && row.courseId !== TOTAL_COURSE_ID).map((row) => ({ courseId: row.courseId, courseName: row.courseName ?? '', fullMark: row.fullMark }));
  const gradeStats = stats.filter((row) => row.classId === 0).map((row) => toStats(row, caller.language));
  return {
    batch,
    classId,
    className,
    subjects,
    stats: stats.filter((row) => row.classId === classId).map((row) => toStats(row, caller.language)),
    grade: gradeStats,
    rows: rows.map((row) => ({ ...row, cells: jsonValue(row.cells) })),
    gradeSize: gradeStats.find((row) => row.courseId === TOTAL_COURSE_ID)?.counted ?? 0,
  };
}

/** A student's totals and places across the analysed batches, and their latest batch's subjects against the grade. */
export async function studentAnalysis(db: DbOrTx, caller: Caller, studentId: number): Promise<StudentAnalysis> {
  type Point = StudentAnalysis['trend'][number] & { releasedAtRaw: Date | string | null };
  type Strength = Omit<SubjectStrength, 'zScore' | 'share'> & { stdDev: number | null };
  // One statement: a trend is read by every teacher opening a student, and each round trip costs.
  const [answer] = await queryRows<{
    student: (StudentAnalysis['student'] & { mine: boolean }) | string | null;
    trend: Point[] | string | null;
    latest: Strength[] | string | null;
  }>(db, sql`
    WITH trend AS (
      SELECT b.id AS "batchId", b.name, b.exam_node AS "examNode", ${localName('t', caller.language)} AS "termName", b.released_at AS "releasedAtRaw",
        tt.total::float8 AS total,
        g.full_mark::int AS "totalFull",
        g.average::float8 AS "gradeAverage", tt.class_rank AS "classRank", coalesce(cl.counted, 0) AS "classSize",
        tt.grade_rank AS "gradeRank", coalesce(g.counted, 0) AS "gradeSize"
      FROM score_totals tt JOIN score_batches b ON b.id = tt.batch_id JOIN terms t ON t.id = b.term_id
      LEFT JOIN score_stats g ON g.batch_id = b.id AND g.class_id = 0 AND g.course_id = 0
      LEFT JOIN score_stats cl ON cl.batch_id = b.id AND cl.class_id = tt.class_id AND cl.course_id = 0
      WHERE tt.student_id = ${studentId} AND b.released AND b.analysis_state = 'ready'),
    latest AS (SELECT "batchId" FROM trend ORDER BY "releasedAtRaw" DESC, "batchId" DESC LIMIT 1)
    SELECT
      (SELECT json_build_object('id', s.id, 'name', s.name, 'studentNumber', s.student_number, 'className', coalesce(c.name, ''),
         'mine', ${seesAll(caller) ? sql`TRUE` : sql`s.class_id IS NOT NULL AND ${ownClass(caller, sql`(SELECT id FROM terms WHERE is_current LIMIT 1)`, sql`s.class_id`)}`})
       FROM students s LEFT JOIN classes c ON c.id = s.class_id WHERE s.id = ${studentId}) AS student,
      (SELECT json_agg(trend ORDER BY "releasedAtRaw", "batchId") FROM trend) AS trend,
      (SELECT json_agg(json_build_object('courseId', l.course_id, 'courseName', ${localName('co', caller.language)}, 'fullMark', l.full_mark::int,
         'score', sc.score::float8, 'mark', sc.mark, 'gradeAverage', l.average::float8, 'stdDev', l.std_dev::float8) ORDER BY co.sort, co.id)
       FROM score_stats l JOIN courses co ON co.id = l.course_id
       LEFT JOIN scores sc ON sc.batch_id = l.batch_id AND sc.course_id = l.course_id AND sc.student_id = ${studentId}
       WHERE ${gradeRowsOf(sql`(SELECT "batchId" FROM latest)`)}) AS latest`, { prepared: true });
  const student = answer?.student ? jsonValue(answer.student) : null;
  if (!student) throw notFound();
  if (!student.mine) throw new AppError('scoreAnalysis.notYourStudent', 403, ResultCode.forbidden);
  const { mine: _mine, ...who } = student;
  const trend = jsonValue(answer!.trend ?? '[]') ?? [];
  const last = trend.at(-1);
  const subjects = jsonValue(answer!.latest ?? '[]') ?? [];
  const latest: StudentAnalysis['latest'] = last
    ? {
        batchId: last.batchId,
        name: last.name,
        subjects: subjects.map(({ stdDev, ...subject }) => ({
          ...subject,
          zScore: subject.score !== null && subject.gradeAverage !== null && stdDev ? Math.round(((subject.score - subject.gradeAverage) / stdDev) * 100) / 100 : null,
          share: subject.score !== null && subject.fullMark > 0 ? Math.round((subject.score / subject.fullMark) * 10_000) / 10_000 : null,
        })),
      }
    : null;
  return { student: who, trend: trend.map(({ releasedAtRaw, ...point }) => ({ ...point, releasedAt: releasedAtRaw ? schoolMinute(releasedAtRaw) : '' })), latest };
}

/** The caller's classes and subjects in the batch (the term's timetable; a class teacher's class with its total) against the grade. */
export async function teacherAnalysis(db: DbOrTx, caller: Caller, batchId: number): Promise<TeacherAnalysis> {
  const { batch } = await readyBatch(db, caller, batchId);
  const me = caller.auth.userId;
  const rows = await queryRows<{ classId: number; className: string; courseId: number; place: number | null; classCount: number }>(db, sql`
    WITH own AS (
      SELECT DISTINCT te.class_id, te.course_id FROM timetable_entries te JOIN staff st ON st.id = te.teacher_id
      JOIN score_batch_classes bc ON bc.batch_id = ${batchId} AND bc.class_id = te.class_id
      JOIN score_batch_subjects bs ON bs.batch_id = ${batchId} AND bs.course_id = te.course_id
      WHERE te.term_id = ${batch.termId} AND st.user_id = ${me}
      UNION
      SELECT c.id, 0 FROM classes c JOIN staff st ON st.id = c.class_teacher_id JOIN score_batch_classes bc ON bc.batch_id = ${batchId} AND bc.class_id = c.id
      WHERE st.user_id = ${me}),
    places AS (
      SELECT class_id, course_id, rank() OVER (PARTITION BY course_id ORDER BY average DESC NULLS LAST) AS place, count(*) OVER (PARTITION BY course_id) AS n
      FROM score_stats WHERE batch_id = ${batchId} AND class_id <> 0 AND course_id IN (SELECT course_id FROM own))
    SELECT o.class_id AS "classId", c.name AS "className", o.course_id AS "courseId", p.place::int AS place, coalesce(p.n, 0)::int AS "classCount"
    FROM own o JOIN classes c ON c.id = o.class_id LEFT JOIN places p ON p.class_id = o.class_id AND p.course_id = o.course_id
    LEFT JOIN courses co ON co.id = o.course_id
    ORDER BY c.sort, c.id, o.course_id = 0, co.sort, co.id`);
  if (!rows.length) return { batch, rows: [] };
  const stats = await queryRows<StatsRaw & { classId: number }>(db, sql`
    SELECT ${statsColumns(caller.language)}, cls.class_id AS "classId"
    FROM ${LINES}
    CROSS JOIN (SELECT 0 AS class_id UNION SELECT unnest(${intArray([...new Set(rows.map((row) => row.classId))])})) cls
    LEFT JOIN score_stats st ON st.batch_id = l.batch_id AND st.class_id = cls.class_id AND st.course_id = l.course_id
    WHERE ${gradeRowsOf(batchId)}`);
  const find = (classId: number, courseId: number) => toStats(stats.find((row) => row.classId === classId && row.courseId === courseId)!, caller.language);
  return {
    batch,
    rows: rows.map((row) => {
      const own = find(row.classId, row.courseId);
      const grade = find(0, row.courseId);
      return {
        classId: row.classId,
        className: row.className,
        courseId: row.courseId,
        courseName: own.courseName,
        own,
        grade,
        averageGap: own.average !== null && grade.average !== null ? Math.round((own.average - grade.average) * 100) / 100 : null,
        classPlace: row.place,
        classCount: row.classCount,
      };
    }),
  };
}
