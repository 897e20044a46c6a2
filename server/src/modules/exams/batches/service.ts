import { sql, type SQL } from 'drizzle-orm';
import { examBatchSearchSchema, type Language, type ExamBatchFormParsed, type ExamBatchOptions, type ExamBatchRow, type ExamSubjectRow, type PagedResult } from '@campus/contract';
import { intArray, jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { examBatches } from '../../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { aliased, countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { idList } from '../../../platform/resource.ts';
import { localName } from '../../timetable/views/queries.ts';
import { schoolToday } from '../../timetable/views/service.ts';
import { refuseStaffClashes } from '../invigilation/service.ts';
import { followBatchChange } from '../rooms/service.ts';

export const EXAM_BATCH_PERMISSION = 'exam:batch';

const FIRST_DATE = sql`(SELECT min(s.exam_date) FROM exam_subjects s WHERE s.batch_id = b.id)`;

export const examBatchList = defineList({
  search: examBatchSearchSchema,
  sortColumns: { name: sql`b.name`, firstDate: FIRST_DATE, gradeName: sql`g.sort`, category: sql`b.category` },
  defaultSort: { field: 'firstDate', order: 'desc' },
  tieBreaker: examBatches.id,
});

type Search = ReturnType<typeof examBatchList.parse>['search'];
/** The exam list's keyword: the exam's name. */
const EXAM_BATCH_KEYWORD = keywordColumns(examBatches.name);

/** A row's columns; term, grade and subject names in the caller's language. */
const columns = (language: Language) => sql`
  b.id, b.term_id AS "termId", ${localName('t', language)} AS "termName", b.grade_id AS "gradeId", coalesce(${localName('g', language)}, '') AS "gradeName", b.name,
  b.category, b.level, b.weight_percent AS "weightPercent", b.score_system AS "scoreSystem", b.pass_line::float8 AS "passLine",
  (SELECT coalesce(json_agg(json_build_object('courseId', s.course_id, 'courseName', ${localName('co', language)}, 'examDate', to_char(s.exam_date, 'YYYY-MM-DD'),
            'startTime', s.start_time, 'endTime', s.end_time) ORDER BY s.exam_date, s.start_time, co.sort), '[]'::json)
     FROM exam_subjects s JOIN courses co ON co.id = s.course_id WHERE s.batch_id = b.id) AS subjects,
  (SELECT coalesce(json_agg(c.id ORDER BY c.sort, c.id), '[]'::json) FROM exam_batch_classes bc JOIN classes c ON c.id = bc.class_id WHERE bc.batch_id = b.id) AS "classIds",
  (SELECT coalesce(json_agg(c.name ORDER BY c.sort, c.id), '[]'::json) FROM exam_batch_classes bc JOIN classes c ON c.id = bc.class_id WHERE bc.batch_id = b.id) AS "classNames",
  coalesce(to_char(${FIRST_DATE}, 'YYYY-MM-DD'), '') AS "firstDate",
  coalesce((SELECT to_char(max(s.exam_date), 'YYYY-MM-DD') FROM exam_subjects s WHERE s.batch_id = b.id), '') AS "lastDate",
  b.published, coalesce(to_char(b.published_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI'), '') AS "publishedAt", b.remarks`;

const FROM = sql`FROM exam_batches b JOIN terms t ON t.id = b.term_id LEFT JOIN grades g ON g.id = b.grade_id`;

type Raw = Omit<ExamBatchRow, 'subjects' | 'classIds' | 'classNames'> & { subjects: ExamSubjectRow[] | string; classIds: number[] | string; classNames: string[] | string };
const toRow = (row: Raw): ExamBatchRow => ({ ...row, passLine: Number(row.passLine), subjects: jsonValue(row.subjects), classIds: jsonValue(row.classIds), classNames: jsonValue(row.classNames) });

function conditions(search: Search): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (search.termId) parts.push(sql`b.term_id = ${search.termId}`);
  if (search.gradeId) parts.push(sql`b.grade_id = ${search.gradeId}`);
  if (search.category) parts.push(sql`b.category = ${search.category}`);
  if (search.published !== undefined) parts.push(sql`b.published = ${search.published}`);
  const keyword = matchKeyword(search.keyword, EXAM_BATCH_KEYWORD, aliased('b'));
  if (keyword) parts.push(keyword);
  return sql.join(parts, sql` AND `);
}

export async function listExamBatches(
  db: DbOrTx,
  request: ListRequest<Search, 'name' | 'firstDate' | 'gradeName' | 'category'>,
  withTotal: boolean,
  language: Language,
): Promise<PagedResult<ExamBatchRow>> {
  const where = conditions(request.search);
  // The list's own ORDER BY: the tie-breaker column of defineList names the table, not this query's alias.
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<Raw>(db, sql`
    SELECT ${columns(language)} ${FROM} WHERE ${where}
    ORDER BY ${examBatchList.spec.sortColumns[request.sortField]} ${direction} NULLS LAST, b.id ${direction} LIMIT ${request.limit} OFFSET ${request.offset}`);
  const counted = withTotal ? await countMatches(db, sql`SELECT 1 ${FROM} WHERE ${where}`, request.search.keyword) : { total: rows.length };
  return { ...counted, rows: rows.map(toRow) };
}

export async function findExamBatch(db: DbOrTx, id: number, language: Language): Promise<ExamBatchRow | undefined> {
  const [row] = await queryRows<Raw>(db, sql`SELECT ${columns(language)} ${FROM} WHERE b.id = ${id}`);
  return row ? toRow(row) : undefined;
}

export async function examBatchOptions(db: DbOrTx, language: Language): Promise<ExamBatchOptions> {
  const [row] = await queryRows<{ [K in keyof ExamBatchOptions]: ExamBatchOptions[K] | string }>(db, sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', ${localName('t', language)}, 'isCurrent', t.is_current, 'startDate', to_char(t.start_date, 'YYYY-MM-DD'),
         'endDate', to_char(t.end_date, 'YYYY-MM-DD')) ORDER BY t.start_date DESC), '[]'::json) FROM terms t) AS terms,
      (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', ${localName('g', language)}) ORDER BY g.sort), '[]'::json) FROM grades g) AS grades,
      (SELECT coalesce(json_agg(json_build_object('id', co.id, 'name', ${localName('co', language)}) ORDER BY co.sort, co.id), '[]'::json) FROM courses co WHERE NOT co.is_elective) AS courses,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'gradeId', c.grade_id) ORDER BY g.sort, c.sort, c.id), '[]'::json)
         FROM classes c JOIN grades g ON g.id = c.grade_id) AS classes`);
  return { terms: jsonValue(row!.terms), grades: jsonValue(row!.grades), courses: jsonValue(row!.courses), classes: jsonValue(row!.classes) } as ExamBatchOptions;
}

/** One writer of a term's exams at a time: the weight total reads what the other writers write. */
async function lockTerm(tx: Tx, termId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('exam-batches'), ${termId})`);
}

async function checkForm(tx: Tx, form: ExamBatchFormParsed, selfId: number | undefined): Promise<void> {
  const [term] = await queryRows<{ startDate: string; endDate: string; ended: boolean }>(tx, sql`
    SELECT to_char(start_date, 'YYYY-MM-DD') AS "startDate", to_char(end_date, 'YYYY-MM-DD') AS "endDate", end_date < ${schoolToday()}::date AS ended
    FROM terms WHERE id = ${form.termId}`);
  const courseIds = form.subjects.map((s) => s.courseId);
  const [refs] = await queryRows<{ grade: number; courses: number }>(tx, sql`
    SELECT (SELECT count(*)::int FROM grades WHERE id = ${form.gradeId}) AS grade,
      (SELECT count(*)::int FROM courses WHERE id = ANY(${intArray(courseIds)})) AS courses`);
  if (!term || refs?.grade !== 1 || refs.courses !== new Set(courseIds).size) throw badRequest('exam.unknownReference');
  if (term.ended) throw conflict('exam.termEnded');
  const classIds = [...new Set(form.classIds)];
  const classes = await queryRows<{ id: number; name: string; gradeId: number }>(tx, sql`SELECT id, name, grade_id AS "gradeId" FROM classes WHERE id = ANY(${intArray(classIds)})`);
  if (classes.length !== classIds.length) throw badRequest('exam.unknownReference');
  const stranger = classes.find((c) => c.gradeId !== form.gradeId);
  if (stranger) throw badRequest('exam.classWrongGrade', { name: stranger.name });
  const names = new Map((await queryRows<{ id: number; name: string }>(tx, sql`SELECT id, name FROM courses WHERE id = ANY(${intArray(courseIds)})`)).map((c) => [c.id, c.name]));
  for (const subject of form.subjects) {
    if (subject.examDate < term.startDate || subject.examDate > term.endDate) {
      throw badRequest('exam.dateOutsideTerm', { course: names.get(subject.courseId) ?? '', date: subject.examDate, start: term.startDate, end: term.endDate });
    }
  }
  // Every class sits every subject: two subjects may not overlap.
  const sorted = [...form.subjects].sort((a, b) => a.examDate.localeCompare(b.examDate) || a.startTime.localeCompare(b.startTime));
  for (let i = 1; i < sorted.length; i++) {
    const [before, after] = [sorted[i - 1]!, sorted[i]!];
    if (before.examDate === after.examDate && after.startTime < before.endTime) {
      throw conflict('exam.subjectsOverlap', { first: names.get(before.courseId) ?? '', second: names.get(after.courseId) ?? '', date: after.examDate });
    }
  }
  const [named] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM exam_batches WHERE term_id = ${form.termId} AND name = ${form.name} AND id <> ${selfId ?? 0} LIMIT 1`);
  if (named) throw conflict('exam.nameTaken');
  // Spec 5: the weights of the exam types (a grade's exams of a term) sum to at most 100.
  const [weights] = await queryRows<{ used: number }>(tx, sql`
    SELECT coalesce(sum(weight_percent), 0)::int AS used FROM exam_batches WHERE term_id = ${form.termId} AND grade_id = ${form.gradeId} AND id <> ${selfId ?? 0}`);
  if ((weights?.used ?? 0) + form.weightPercent > 100) throw conflict('exam.weightsOver', { used: weights?.used ?? 0 });
}

async function writeParts(tx: Tx, id: number, form: ExamBatchFormParsed): Promise<void> {
  await tx.execute(sql`DELETE FROM exam_subjects WHERE batch_id = ${id}`);
  await tx.execute(sql`
    INSERT INTO exam_subjects (batch_id, course_id, exam_date, start_time, end_time)
    SELECT ${id}, s."courseId", s."examDate"::date, s."startTime", s."endTime"
    FROM jsonb_to_recordset(${JSON.stringify(form.subjects)}::jsonb) AS s("courseId" int, "examDate" text, "startTime" text, "endTime" text)`);
  await tx.execute(sql`DELETE FROM exam_batch_classes WHERE batch_id = ${id}`);
  await tx.execute(sql`INSERT INTO exam_batch_classes (batch_id, class_id) SELECT ${id}, unnest(${intArray([...new Set(form.classIds)])})`);
}

export async function createExamBatch(db: Db, form: ExamBatchFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    await lockTerm(tx, form.termId);
    await checkForm(tx, form, undefined);
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO exam_batches (term_id, grade_id, name, category, level, weight_percent, score_system, pass_line, remarks)
      VALUES (${form.termId}, ${form.gradeId}, ${form.name}, ${form.category}, ${form.level}, ${form.weightPercent}, ${form.scoreSystem}, ${form.passLine}, ${form.remarks})
      RETURNING id`);
    await writeParts(tx, created!.id, form);
    return created!.id;
  });
}

async function lockBatches(tx: Tx, ids: number[]): Promise<{ id: number; name: string; termId: number; published: boolean; ended: boolean }[]> {
  const rows = await queryRows<{ id: number; name: string; termId: number; published: boolean; ended: boolean }>(tx, sql`
    SELECT b.id, b.name, b.term_id AS "termId", b.published, t.end_date < ${schoolToday()}::date AS ended
    FROM exam_batches b JOIN terms t ON t.id = b.term_id WHERE b.id IN ${idList(ids)} ORDER BY b.id FOR UPDATE OF b`);
  if (rows.length !== ids.length) throw notFound();
  return rows;
}

export async function updateExamBatch(db: Db, form: ExamBatchFormParsed & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await lockBatches(tx, [form.id]);
    for (const termId of [...new Set([current!.termId, form.termId])].sort((a, b) => a - b)) await lockTerm(tx, termId);
    if (current!.ended) throw conflict('exam.termEnded');
    if (current!.published) throw conflict('exam.publishedLocked', { name: current!.name });
    await checkForm(tx, form, form.id);
    await tx.execute(sql`
      UPDATE exam_batches SET term_id = ${form.termId}, grade_id = ${form.gradeId}, name = ${form.name}, category = ${form.category}, level = ${form.level},
        weight_percent = ${form.weightPercent}, score_system = ${form.scoreSystem}, pass_line = ${form.passLine}, remarks = ${form.remarks}, updated_at = now()
      WHERE id = ${form.id}`);
    await writeParts(tx, form.id, form);
    await followBatchChange(tx, form.id, refuseStaffClashes);
  });
}

/** Deletes unpublished exams with their subjects, classes, rooms and duties. */
export async function deleteExamBatches(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await lockBatches(tx, ids);
    const published = rows.find((row) => row.published);
    if (published) throw conflict('exam.publishedLocked', { name: published.name });
    if (rows.some((row) => row.ended)) throw conflict('exam.termEnded');
    await tx.execute(sql`DELETE FROM exam_batches WHERE id IN ${idList(ids)}`);
  });
}

/** Publishes exams (their rooms and duties become visible) or cancels the publication. */
export async function publishExamBatches(db: Db, ids: number[], published: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await lockBatches(tx, ids);
    if (rows.some((row) => row.ended)) throw conflict('exam.termEnded');
    const changing = rows.filter((row) => row.published !== published).map((row) => row.id);
    if (!changing.length) return 0;
    await tx.execute(sql`
      UPDATE exam_batches SET published = ${published}, published_at = ${published ? sql`now()` : sql`NULL`}, updated_at = now() WHERE id = ANY(${intArray(changing)})`);
    return changing.length;
  });
}

