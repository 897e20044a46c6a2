import { sql, type SQL } from 'drizzle-orm';
import {
  scoreBatchSearchSchema,
  type Language,
  type PagedResult,
  type ScoreBatchFormParsed,
  type ScoreBatchOptions,
  type ScoreBatchRow,
  type ScoreBatchSubjectRow,
} from '@campus/contract';
import { intArray, jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { scoreBatches } from '../../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { aliased, countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { idList } from '../../../platform/resource.ts';
import { schoolInstant, schoolMinute } from '../../../platform/schoolClock.ts';
import { localName } from '../../timetable/views/queries.ts';
import { schoolToday } from '../../timetable/views/service.ts';
import { dropAnalysis, queueAnalysis } from '../analysis/compute.ts';

export const SCORE_BATCH_PERMISSION = 'score:batch';


export const scoreBatchList = defineList({
  search: scoreBatchSearchSchema,
  sortColumns: { name: sql`b.name`, entryStart: sql`b.entry_start`, gradeName: sql`g.sort` },
  defaultSort: { field: 'entryStart', order: 'desc' },
  tieBreaker: scoreBatches.id,
});
type Search = ReturnType<typeof scoreBatchList.parse>['search'];
/** The batch list's keyword: the batch's name or its exam node. */
const BATCH_KEYWORD = keywordColumns(scoreBatches.name, scoreBatches.examNode);

/** The students a batch expects scores of: those of its classes at school. */
const STUDENTS = (batch: SQL) => sql`
  SELECT s.id FROM students s WHERE s.in_school_status = '1' AND s.class_id IN (SELECT bc.class_id FROM score_batch_classes bc WHERE bc.batch_id = ${batch})`;

const columns = (language: Language) => sql`
  b.id, b.term_id AS "termId", ${localName('t', language)} AS "termName", b.grade_id AS "gradeId", ${localName('g', language)} AS "gradeName",
  b.campus_id AS "campusId", coalesce(cp.name, '') AS "campusName", b.exam_batch_id AS "examBatchId", coalesce(eb.name, '') AS "examBatchName",
  b.name, b.exam_node AS "examNode", b.entry_start AS "entryStartAt", b.entry_end AS "entryEndAt",
  (now() BETWEEN b.entry_start AND b.entry_end) AS "entryOpen", b.enabled, b.released, b.released_at AS "releasedAtRaw",
  b.conversion_rule_id AS "conversionRuleId", coalesce(r.name, '') AS "conversionRuleName",
  (SELECT coalesce(json_agg(json_build_object('courseId', bs.course_id, 'courseName', ${localName('co', language)}, 'scoreSystemId', bs.score_system_id,
      'scoreSystemName', ss.name, 'fullMark', ss.full_mark, 'weight', bs.weight) ORDER BY co.sort, co.id), '[]'::json)
     FROM score_batch_subjects bs JOIN courses co ON co.id = bs.course_id JOIN score_systems ss ON ss.id = bs.score_system_id WHERE bs.batch_id = b.id) AS subjects,
  (SELECT coalesce(json_agg(c.id ORDER BY c.sort, c.id), '[]'::json) FROM score_batch_classes bc JOIN classes c ON c.id = bc.class_id WHERE bc.batch_id = b.id) AS "classIds",
  (SELECT coalesce(json_agg(c.name ORDER BY c.sort, c.id), '[]'::json) FROM score_batch_classes bc JOIN classes c ON c.id = bc.class_id WHERE bc.batch_id = b.id) AS "classNames",
  (SELECT count(*)::int FROM scores sc WHERE sc.batch_id = b.id) AS entered,
  ((SELECT count(*) FROM (${STUDENTS(sql`b.id`)}) x) * (SELECT count(*) FROM score_batch_subjects bs WHERE bs.batch_id = b.id))::int AS expected`;

const FROM = sql`
  FROM score_batches b JOIN terms t ON t.id = b.term_id JOIN grades g ON g.id = b.grade_id
  LEFT JOIN org_units cp ON cp.id = b.campus_id LEFT JOIN exam_batches eb ON eb.id = b.exam_batch_id
  LEFT JOIN score_conversion_rules r ON r.id = b.conversion_rule_id`;

type Raw = Omit<ScoreBatchRow, 'subjects' | 'classIds' | 'classNames' | 'entryStart' | 'entryEnd' | 'releasedAt'> & {
  subjects: ScoreBatchSubjectRow[] | string;
  classIds: number[] | string;
  classNames: string[] | string;
  entryStartAt: Date | string;
  entryEndAt: Date | string;
  releasedAtRaw: Date | string | null;
};
const toRow = ({ entryStartAt, entryEndAt, releasedAtRaw, ...row }: Raw): ScoreBatchRow => ({
  ...row,
  entryStart: schoolMinute(entryStartAt),
  entryEnd: schoolMinute(entryEndAt),
  releasedAt: releasedAtRaw ? schoolMinute(releasedAtRaw) : '',
  subjects: jsonValue(row.subjects),
  classIds: jsonValue(row.classIds),
  classNames: jsonValue(row.classNames),
});

function conditions(search: Search): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (search.termId) parts.push(sql`b.term_id = ${search.termId}`);
  if (search.gradeId) parts.push(sql`b.grade_id = ${search.gradeId}`);
  if (search.released !== undefined) parts.push(sql`b.released = ${search.released}`);
  const keyword = matchKeyword(search.keyword, BATCH_KEYWORD, aliased('b'));
  if (keyword) parts.push(keyword);
  return sql.join(parts, sql` AND `);
}

export async function listScoreBatches(
  db: DbOrTx,
  request: ListRequest<Search, 'name' | 'entryStart' | 'gradeName'>,
  withTotal: boolean,
  language: Language,
): Promise<PagedResult<ScoreBatchRow>> {
  const where = conditions(request.search);
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<Raw>(db, sql`
    SELECT ${columns(language)} ${FROM} WHERE ${where}
    ORDER BY ${scoreBatchList.spec.sortColumns[request.sortField]} ${direction}, b.id ${direction} LIMIT ${request.limit} OFFSET ${request.offset}`);
  const counted = withTotal ? await countMatches(db, sql`SELECT 1 ${FROM} WHERE ${where}`, request.search.keyword) : { total: rows.length };
  return { ...counted, rows: rows.map(toRow) };
}

export async function findScoreBatch(db: DbOrTx, id: number, language: Language): Promise<ScoreBatchRow | undefined> {
  const [row] = await queryRows<Raw>(db, sql`SELECT ${columns(language)} ${FROM} WHERE b.id = ${id}`);
  return row ? toRow(row) : undefined;
}

export async function scoreBatchOptions(db: DbOrTx, language: Language): Promise<ScoreBatchOptions> {
  const [row] = await queryRows<{ [K in keyof ScoreBatchOptions]: ScoreBatchOptions[K] | string }>(db, sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', ${localName('t', language)}, 'isCurrent', t.is_current) ORDER BY t.start_date DESC), '[]'::json) FROM terms t) AS terms,
      (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', ${localName('g', language)}) ORDER BY g.sort), '[]'::json) FROM grades g) AS grades,
      (SELECT coalesce(json_agg(json_build_object('id', o.id, 'name', o.name) ORDER BY o.sort, o.id), '[]'::json) FROM org_units o WHERE o.kind = 'campus') AS campuses,
      (SELECT coalesce(json_agg(json_build_object('id', co.id, 'name', ${localName('co', language)}) ORDER BY co.sort, co.id), '[]'::json) FROM courses co WHERE NOT co.is_elective) AS courses,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'gradeId', c.grade_id) ORDER BY g.sort, c.sort, c.id), '[]'::json)
         FROM classes c JOIN grades g ON g.id = c.grade_id) AS classes,
      (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'fullMark', s.full_mark) ORDER BY s.full_mark, s.id), '[]'::json) FROM score_systems s WHERE s.enabled) AS systems,
      (SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name), '[]'::json) FROM score_conversion_rules r WHERE r.enabled) AS rules,
      (SELECT coalesce(json_agg(json_build_object('id', e.id, 'name', e.name, 'termId', e.term_id, 'gradeId', e.grade_id,
          'courseIds', (SELECT coalesce(json_agg(es.course_id ORDER BY es.exam_date, es.start_time), '[]'::json) FROM exam_subjects es WHERE es.batch_id = e.id),
          'classIds', (SELECT coalesce(json_agg(ec.class_id), '[]'::json) FROM exam_batch_classes ec WHERE ec.batch_id = e.id)) ORDER BY e.id DESC), '[]'::json)
         FROM exam_batches e WHERE e.grade_id IS NOT NULL) AS exams`);
  const options = Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, jsonValue(value as unknown[])])) as unknown as ScoreBatchOptions;
  return options;
}

async function lockTerm(tx: Tx, termId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('score-batches'), ${termId})`);
}

async function checkForm(tx: Tx, form: ScoreBatchFormParsed, selfId: number): Promise<void> {
  const [term] = await queryRows<{ ended: boolean }>(tx, sql`SELECT end_date < ${schoolToday()}::date AS ended FROM terms WHERE id = ${form.termId}`);
  const courseIds = form.subjects.map((s) => s.courseId);
  const systemIds = [...new Set(form.subjects.map((s) => s.scoreSystemId))];
  const classIds = [...new Set(form.classIds)];
  const [refs] = await queryRows<{ grade: number; courses: number; systems: number; campus: number; rule: number }>(tx, sql`
    SELECT (SELECT count(*)::int FROM grades WHERE id = ${form.gradeId}) AS grade,
      (SELECT count(*)::int FROM courses WHERE id = ANY(${intArray(courseIds)})) AS courses,
      (SELECT count(*)::int FROM score_systems WHERE id = ANY(${intArray(systemIds)})) AS systems,
      (SELECT count(*)::int FROM org_units WHERE id = ${form.campusId ?? 0} AND kind = 'campus') AS campus,
      (SELECT count(*)::int FROM score_conversion_rules WHERE id = ${form.conversionRuleId ?? 0}) AS rule`);
  if (!term || refs?.grade !== 1 || refs.courses !== courseIds.length || refs.systems !== systemIds.length) throw badRequest('scoreBatch.unknownReference');
  if ((form.campusId && refs.campus !== 1) || (form.conversionRuleId && refs.rule !== 1)) throw badRequest('scoreBatch.unknownReference');
  if (term.ended) throw conflict('exam.termEnded');
  const disabled = (await queryRows<{ name: string }>(tx, sql`SELECT name FROM score_systems WHERE id = ANY(${intArray(systemIds)}) AND NOT enabled LIMIT 1`))[0];
  if (disabled) throw badRequest('scoreBatch.systemDisabled', { name: disabled.name });
  const classes = await queryRows<{ name: string; gradeId: number }>(tx, sql`SELECT name, grade_id AS "gradeId" FROM classes WHERE id = ANY(${intArray(classIds)})`);
  if (classes.length !== classIds.length) throw badRequest('scoreBatch.unknownReference');
  const stranger = classes.find((c) => c.gradeId !== form.gradeId);
  if (stranger) throw badRequest('scoreBatch.classWrongGrade', { name: stranger.name });
  if (form.examBatchId) {
    const [exam] = await queryRows<{ termId: number; gradeId: number | null }>(tx, sql`SELECT term_id AS "termId", grade_id AS "gradeId" FROM exam_batches WHERE id = ${form.examBatchId}`);
    if (!exam) throw badRequest('scoreBatch.unknownReference');
    if (exam.termId !== form.termId || exam.gradeId !== form.gradeId) throw badRequest('scoreBatch.examMismatch');
  }
  const [named] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM score_batches WHERE term_id = ${form.termId} AND name = ${form.name} AND id <> ${selfId} LIMIT 1`);
  if (named) throw conflict('scoreBatch.nameTaken');
}

async function writeParts(tx: Tx, id: number, form: ScoreBatchFormParsed): Promise<void> {
  await tx.execute(sql`DELETE FROM score_batch_subjects WHERE batch_id = ${id}`);
  await tx.execute(sql`
    INSERT INTO score_batch_subjects (batch_id, course_id, score_system_id, weight)
    SELECT ${id}, s."courseId", s."scoreSystemId", s.weight FROM jsonb_to_recordset(${JSON.stringify(form.subjects)}::jsonb) AS s("courseId" int, "scoreSystemId" int, weight int)`);
  await tx.execute(sql`DELETE FROM score_batch_classes WHERE batch_id = ${id}`);
  await tx.execute(sql`INSERT INTO score_batch_classes (batch_id, class_id) SELECT ${id}, unnest(${intArray([...new Set(form.classIds)])})`);
  // Sub-score items of subjects no longer in the batch go with them.
  await tx.execute(sql`DELETE FROM score_sub_items i WHERE i.batch_id = ${id} AND NOT EXISTS (SELECT 1 FROM score_batch_subjects bs WHERE bs.batch_id = i.batch_id AND bs.course_id = i.course_id)`);
}

export async function createScoreBatch(db: Db, form: ScoreBatchFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    await lockTerm(tx, form.termId);
    await checkForm(tx, form, 0);
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO score_batches (term_id, name, exam_node, grade_id, campus_id, exam_batch_id, entry_start, entry_end, enabled, conversion_rule_id)
      VALUES (${form.termId}, ${form.name}, ${form.examNode}, ${form.gradeId}, ${form.campusId ?? null}, ${form.examBatchId ?? null},
        ${schoolInstant(form.entryStart)}, ${schoolInstant(form.entryEnd)}, ${form.enabled}, ${form.conversionRuleId ?? null})
      RETURNING id`);
    await writeParts(tx, created!.id, form);
    return created!.id;
  });
}

interface Locked {
  id: number;
  name: string;
  termId: number;
  released: boolean;
  ended: boolean;
}

async function lockBatches(tx: Tx, ids: number[]): Promise<Locked[]> {
  // Waits for the batches' score saves in progress, which hold this lock shared (scores/entry).
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('score-batch'), ${id})`);
  const rows = await queryRows<Locked>(tx, sql`
    SELECT b.id, b.name, b.term_id AS "termId", b.released, t.end_date < ${schoolToday()}::date AS ended
    FROM score_batches b JOIN terms t ON t.id = b.term_id WHERE b.id IN ${idList(ids)} ORDER BY b.id FOR UPDATE OF b`);
  if (rows.length !== ids.length) throw notFound();
  return rows;
}

export async function updateScoreBatch(db: Db, form: ScoreBatchFormParsed & { id: number }, language: Language = 'zh'): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await lockBatches(tx, [form.id]);
    for (const termId of [...new Set([current!.termId, form.termId])].sort((a, b) => a - b)) await lockTerm(tx, termId);
    if (current!.ended) throw conflict('exam.termEnded');
    if (current!.released) throw conflict('scoreBatch.releasedLocked', { name: current!.name });
    await checkForm(tx, form, form.id);
    // A subject with scores keeps its place and its score system: the scores were checked against its full mark.
    const scored = await queryRows<{ courseId: number; scoreSystemId: number; courseName: string }>(tx, sql`
      SELECT bs.course_id AS "courseId", bs.score_system_id AS "scoreSystemId", ${localName('co', language)} AS "courseName"
      FROM score_batch_subjects bs JOIN courses co ON co.id = bs.course_id
      WHERE bs.batch_id = ${form.id} AND EXISTS (SELECT 1 FROM scores sc WHERE sc.batch_id = bs.batch_id AND sc.course_id = bs.course_id)`);
    for (const subject of scored) {
      const kept = form.subjects.find((s) => s.courseId === subject.courseId);
      if (!kept || kept.scoreSystemId !== subject.scoreSystemId) throw conflict('scoreBatch.subjectScored', { course: subject.courseName });
    }
    await tx.execute(sql`
      UPDATE score_batches SET term_id = ${form.termId}, name = ${form.name}, exam_node = ${form.examNode}, grade_id = ${form.gradeId}, campus_id = ${form.campusId ?? null},
        exam_batch_id = ${form.examBatchId ?? null}, entry_start = ${schoolInstant(form.entryStart)}, entry_end = ${schoolInstant(form.entryEnd)}, enabled = ${form.enabled},
        conversion_rule_id = ${form.conversionRuleId ?? null}, updated_at = now()
      WHERE id = ${form.id}`);
    await writeParts(tx, form.id, form);
  });
}

/** Deletes batches without scores; a released one only after its release is cancelled. */
export async function deleteScoreBatches(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await lockBatches(tx, ids);
    const released = rows.find((row) => row.released);
    if (released) throw conflict('scoreBatch.releasedLocked', { name: released.name });
    const [scored] = await queryRows<{ name: string }>(tx, sql`
      SELECT b.name FROM score_batches b WHERE b.id IN ${idList(ids)} AND EXISTS (SELECT 1 FROM scores sc WHERE sc.batch_id = b.id) ORDER BY b.id LIMIT 1`);
    if (scored) throw conflict('scoreBatch.hasScores', { name: scored.name });
    const [counted] = await queryRows<{ name: string; scheme: string }>(tx, sql`
      SELECT b.name, os.name AS scheme FROM overall_scheme_parts p JOIN score_batches b ON b.id = p.batch_id JOIN overall_schemes os ON os.id = p.scheme_id
      WHERE p.batch_id IN ${idList(ids)} ORDER BY b.id LIMIT 1`);
    if (counted) throw conflict('overall.batchInUse', { name: counted.name, scheme: counted.scheme });
    await tx.execute(sql`DELETE FROM score_batches WHERE id IN ${idList(ids)}`);
  });
}

/** Releases batches to students and parents, or cancels the release (their scores are hidden again). */
export async function releaseScoreBatches(db: Db, ids: number[], released: boolean, by: number | null): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await lockBatches(tx, ids);
    if (rows.some((row) => row.ended)) throw conflict('exam.termEnded');
    const changing = rows.filter((row) => row.released !== released).map((row) => row.id);
    if (!changing.length) return 0;
    await tx.execute(sql`
      UPDATE score_batches SET released = ${released}, released_at = ${released ? sql`now()` : sql`NULL`}, updated_at = now() WHERE id = ANY(${intArray(changing)})`);
    // The analysis follows the release: computed in the background, dropped with a cancellation.
    if (released) await queueAnalysis(tx, changing, by);
    else await dropAnalysis(tx, changing);
    return changing.length;
  });
}
