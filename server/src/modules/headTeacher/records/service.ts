import { sql, type SQL } from 'drizzle-orm';
import {
  checkRecordFields,
  classRecordSearchSchema,
  isFieldProblem,
  recordFieldLabelKey,
  recordKind,
  translate,
  type AnalysisFigures,
  type ClassRecordFormParsed,
  type ClassRecordKind,
  type ClassRecordRow,
  type Language,
  type MessageKey,
  type PagedResult,
  type RecordPicture,
  type RecordStudent,
} from '@campus/contract';
import { classRecords } from '../../../db/schema/index.ts';
import { intArray, jsonValue, queryRows, textArray, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { aliased, keywordColumns, likeContains, matchKeyword } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { attachedFileGroups, registerFileReadRule, registerFileReference } from '../../shared/files/service.ts';
import { STUDENT_KEYWORD } from '../../records/students/queries.ts';
import { localName } from '../../timetable/views/queries.ts';
import { schoolToday } from '../../timetable/views/service.ts';
import { checkClassStudents, classFor, ledClassIds } from '../common.ts';

/** Pictures of class records: the same upload purpose as the school's other pictures. */
export const CLASS_RECORD_PICTURE_PURPOSE = 'image' as const;

// A class's pictures are the class teacher's to see (administrators see every file anyway).
registerFileReadRule(CLASS_RECORD_PICTURE_PURPOSE, (auth, _permissions, fileId) => sql`EXISTS (
  SELECT 1 FROM class_records r JOIN classes c ON c.id = r.class_id JOIN staff st ON st.id = c.class_teacher_id
  WHERE ${fileId} = ANY(r.pictures) AND st.user_id = ${auth.userId})`);
registerFileReference((fileId) => sql`EXISTS (SELECT 1 FROM class_records r WHERE ${fileId} = ANY(r.pictures))`);

export const recordList = defineList({
  search: classRecordSearchSchema,
  sortColumns: { recordDate: sql`r.record_date`, title: sql`r.title`, updatedAt: sql`r.updated_at` },
  defaultSort: { field: 'recordDate', order: 'desc' },
  tieBreaker: classRecords.id,
});
type Search = ReturnType<typeof recordList.parse>['search'];

interface Raw {
  id: number;
  classId: number;
  kind: ClassRecordKind;
  recordDate: string;
  termName: string | null;
  title: string;
  fields: Record<string, unknown> | string;
  studentIds: number[];
  pictures: string[];
  authorName: string | null;
  updatedAt: Date | string;
}

const columns = (language: Language) => sql`
  r.id, r.class_id AS "classId", r.kind, to_char(r.record_date, 'YYYY-MM-DD') AS "recordDate", ${localName('t', language)} AS "termName",
  r.title, r.fields, r.student_ids AS "studentIds", r.pictures, u.display_name AS "authorName", r.updated_at AS "updatedAt"`;
/** The tables a record's columns read besides its own (`r`). */
const TABLES = sql`LEFT JOIN terms t ON t.id = r.term_id LEFT JOIN users u ON u.id = r.created_by_user_id`;

async function toRows(db: DbOrTx, raws: Raw[]): Promise<ClassRecordRow[]> {
  const studentIds = [...new Set(raws.flatMap((raw) => raw.studentIds.map(Number)))];
  const pictureIds = [...new Set(raws.flatMap((raw) => raw.pictures))];
  const [people, pictures] = await Promise.all([
    studentIds.length
      ? queryRows<RecordStudent>(db, sql`SELECT s.id, s.name, s.student_number AS "studentNumber" FROM students s WHERE s.id = ANY(${intArray(studentIds)})`)
      : Promise.resolve([]),
    pictureIds.length
      ? queryRows<RecordPicture>(db, sql`SELECT f.id, f.original_name AS name, f.size::int AS size, f.mime_type AS "mimeType" FROM files f WHERE f.id = ANY(${textArray(pictureIds)})`)
      : Promise.resolve([]),
  ]);
  const personById = new Map(people.map((person) => [person.id, person]));
  const pictureById = new Map(pictures.map((picture) => [picture.id, picture]));
  return raws.map((raw) => ({
    id: raw.id,
    classId: raw.classId,
    kind: raw.kind,
    recordDate: raw.recordDate,
    termName: raw.termName ?? '',
    title: raw.title,
    fields: jsonValue(raw.fields),
    students: raw.studentIds.map(Number).flatMap((id) => (personById.has(id) ? [personById.get(id)!] : [])),
    pictures: raw.pictures.flatMap((id) => (pictureById.has(id) ? [pictureById.get(id)!] : [])),
    authorName: raw.authorName ?? '',
    updatedAt: schoolMinute(raw.updatedAt),
  }));
}

/** The record list's keyword: the title (and the other fields, below), or a student's number, name or its pinyin initials. */
const RECORD_KEYWORD = keywordColumns(classRecords.title);

function filters(search: Search): SQL {
  const parts: SQL[] = [sql`r.class_id = ${search.classId}`, sql`r.kind = ${search.kind}`];
  if (search.termId) parts.push(sql`r.term_id = ${search.termId}`);
  if (search.studentId) parts.push(sql`r.student_ids @> ARRAY[${search.studentId}]::int[]`);
  if (search.dateFrom) parts.push(sql`r.record_date >= ${search.dateFrom}::date`);
  if (search.dateTo) parts.push(sql`r.record_date <= ${search.dateTo}::date`);
  const title = matchKeyword(search.keyword, RECORD_KEYWORD, aliased('k'));
  if (title) {
    // The rows are one class's records of one kind (class_records_class_kind_idx), few enough to read them:
    // the kind's other fields are JSON, which has no pieces or trigrams to index. The title is matched among
    // those records apart, where PostgreSQL tests the cheap LIKE before building a title's pieces (inside
    // the OR it built the pieces of every record first).
    parts.push(sql`(r.id = ANY(ARRAY(SELECT k.id FROM class_records k WHERE k.class_id = ${search.classId} AND k.kind = ${search.kind} AND ${title}))
      OR r.fields::text ILIKE ${likeContains(search.keyword ?? '')}
      OR EXISTS (SELECT 1 FROM students s WHERE s.id = ANY(r.student_ids) AND ${matchKeyword(search.keyword, STUDENT_KEYWORD, aliased('s'))}))`);
  }
  return sql.join(parts, sql` AND `);
}

export async function pageRecords(db: DbOrTx, caller: Caller, request: ListRequest<Search, keyof typeof recordList.spec.sortColumns>): Promise<PagedResult<ClassRecordRow>> {
  await classFor(db, caller, request.search.classId);
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const found = await pageOfList<Raw>(
    db,
    request.search.keyword,
    {
      matching: sql`SELECT r.id, ${recordList.spec.sortColumns[request.sortField]} AS sorted FROM class_records r WHERE ${filters(request.search)}`,
      order: { orderBy: sql`m.sorted ${direction}, m.id ${direction}` },
      details: { columns: columns(caller.language), joins: sql`JOIN class_records r ON r.id = chosen.id ${TABLES}` },
    },
    request,
  );
  return { ...found, rows: await toRows(db, found.rows) };
}

/** One record, if it is of a class the caller may open. */
export async function getRecord(db: DbOrTx, caller: Caller, id: number): Promise<ClassRecordRow> {
  const [raw] = await queryRows<Raw>(db, sql`SELECT ${columns(caller.language)} FROM class_records r ${TABLES} WHERE r.id = ${id}`);
  if (!raw) throw notFound();
  await classFor(db, caller, raw.classId);
  return (await toRows(db, [raw]))[0]!;
}

/** The kind's fields checked (contract), then what only the database knows: the students, the head count, the pictures. */
async function checked(tx: Tx, caller: Caller, form: ClassRecordFormParsed, keptPictures: readonly string[]) {
  const result = checkRecordFields(form.kind, form);
  if (isFieldProblem(result)) {
    const field = translate(caller.language, recordFieldLabelKey(form.kind, result.field));
    throw badRequest(result.key as MessageKey, { field, ...result.params });
  }
  if (form.recordDate > schoolToday()) throw badRequest('headTeacher.futureDate');
  await checkClassStudents(tx, form.classId, result.studentIds);
  if (form.kind === 'meeting') {
    const [size] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM students WHERE class_id = ${form.classId}`);
    if (Number(result.fields.present) > (size?.n ?? 0)) throw badRequest('headTeacher.presentTooMany', { count: size?.n ?? 0 });
  }
  const keep = new Set(keptPictures);
  const fresh = [...new Set(form.pictures)].filter((id) => !keep.has(id));
  await attachedFileGroups(tx, caller.auth, { pictures: CLASS_RECORD_PICTURE_PURPOSE }, { pictures: fresh }, 'headTeacher.pictureInvalid');
  return { ...result, pictures: recordKind(form.kind).pictures ? [...new Set(form.pictures)] : [] };
}

const termOf = (date: string) => sql`(SELECT id FROM terms WHERE ${date}::date BETWEEN start_date AND end_date ORDER BY start_date LIMIT 1)`;

export async function createRecord(db: Db, caller: Caller, form: ClassRecordFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    await classFor(tx, caller, form.classId, true);
    const clean = await checked(tx, caller, form, []);
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO class_records (class_id, kind, record_date, term_id, title, fields, student_ids, pictures, created_by_user_id)
      VALUES (${form.classId}, ${form.kind}, ${form.recordDate}::date, ${termOf(form.recordDate)}, ${form.title}, ${JSON.stringify(clean.fields)}::jsonb,
        ${intArray(clean.studentIds)}, ${textArray(clean.pictures)}, ${caller.auth.userId})
      RETURNING id`);
    return row!.id;
  });
}

/** The record locked, if it is of the kind and of a class the caller leads. */
async function ownRecord(tx: Tx, caller: Caller, id: number, kind?: ClassRecordKind): Promise<{ classId: number; pictures: string[] }> {
  const [row] = await queryRows<{ classId: number; kind: ClassRecordKind; pictures: string[] }>(tx, sql`
    SELECT class_id AS "classId", kind, pictures FROM class_records WHERE id = ${id} FOR UPDATE`);
  if (!row || (kind && row.kind !== kind)) throw notFound();
  await classFor(tx, caller, row.classId, true);
  return row;
}

export async function updateRecord(db: Db, caller: Caller, form: ClassRecordFormParsed & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await ownRecord(tx, caller, form.id, form.kind);
    // A record stays in its class: moving it would hand it to another class's teacher.
    if (current.classId !== form.classId) throw badRequest();
    const clean = await checked(tx, caller, form, current.pictures);
    await tx.execute(sql`
      UPDATE class_records SET record_date = ${form.recordDate}::date, term_id = ${termOf(form.recordDate)}, title = ${form.title},
        fields = ${JSON.stringify(clean.fields)}::jsonb, student_ids = ${intArray(clean.studentIds)}, pictures = ${textArray(clean.pictures)}, updated_at = now()
      WHERE id = ${form.id}`);
  });
}

export async function deleteRecords(db: Db, caller: Caller, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const id of [...ids].sort((a, b) => a - b)) await ownRecord(tx, caller, id);
    await tx.execute(sql`DELETE FROM class_records WHERE id = ANY(${intArray(ids)})`);
  });
}

/** Every record of a list's search (the export), at most `limit`. */
export async function allRecords(db: DbOrTx, caller: Caller, request: ListRequest<Search, keyof typeof recordList.spec.sortColumns>, limit: number): Promise<ClassRecordRow[]> {
  return (await pageRecords(db, caller, { ...request, offset: 0, limit })).rows;
}

/**
 * 班级情况分析's figures for an analysis record's term, from the class's data: students, approved leave,
 * conduct, awards, the class's own records and the term's score averages where scores exist.
 */
export async function analysisFigures(db: DbOrTx, caller: Caller, classId: number, id: number): Promise<AnalysisFigures> {
  const [record] = await queryRows<{ termId: number | null; classId: number; kind: string }>(db, sql`
    SELECT term_id AS "termId", class_id AS "classId", kind FROM class_records WHERE id = ${id}`);
  if (!record || record.classId !== classId || record.kind !== 'analysis') throw notFound();
  await classFor(db, caller, classId);
  const term = sql`(SELECT t.* FROM terms t WHERE t.id = ${record.termId ?? 0})`;
  const [row] = await queryRows<Omit<AnalysisFigures, 'scoreAverages'> & { scoreAverages: string | AnalysisFigures['scoreAverages'] }>(db, sql`
    WITH term AS ${term}, pupils AS (SELECT id, gender FROM students WHERE class_id = ${classId})
    SELECT coalesce((SELECT ${localName('term', caller.language)} FROM term), '') AS "termName",
      (SELECT count(*)::int FROM pupils) AS students,
      (SELECT count(*)::int FROM pupils WHERE gender = '1') AS male,
      (SELECT count(*)::int FROM pupils WHERE gender = '2') AS female,
      (SELECT count(*)::int FROM applications a, term WHERE a.student_id IN (SELECT id FROM pupils) AND a.type = 'studentLeave' AND a.status = 'approved'
         AND a.start_at::date <= term.end_date AND a.end_at::date >= term.start_date) AS "leaveApplications",
      (SELECT coalesce(round(sum(extract(epoch FROM coalesce(a.returned_at, a.end_at) - a.start_at)) / 86400.0, 1), 0)::float FROM applications a, term
         WHERE a.student_id IN (SELECT id FROM pupils) AND a.type = 'studentLeave' AND a.status = 'approved'
         AND a.start_at::date <= term.end_date AND a.end_at::date >= term.start_date) AS "leaveDays",
      (SELECT count(*)::int FROM conduct_records cr, term WHERE cr.student_id IN (SELECT id FROM pupils) AND cr.result = 'praise'
         AND cr.created_at::date BETWEEN term.start_date AND term.end_date) AS "conductPraise",
      (SELECT count(*)::int FROM conduct_records cr, term WHERE cr.student_id IN (SELECT id FROM pupils) AND cr.result = 'improve'
         AND cr.created_at::date BETWEEN term.start_date AND term.end_date) AS "conductCriticism",
      ((SELECT count(*)::int FROM disciplinary_awards d JOIN competition_prizes cp ON cp.id = d.prize_id, term
          WHERE d.student_id IN (SELECT id FROM pupils) AND cp.awarded_on BETWEEN term.start_date AND term.end_date)
        + (SELECT count(*)::int FROM above_school_awards a JOIN above_school_award_winners w ON w.award_id = a.id, term
          WHERE w.student_id IN (SELECT id FROM pupils) AND a.awarded_on BETWEEN term.start_date AND term.end_date)) AS awards,
      (SELECT count(*)::int FROM class_records r WHERE r.class_id = ${classId} AND r.kind = 'meeting' AND r.term_id = ${record.termId ?? 0}) AS meetings,
      (SELECT count(*)::int FROM class_records r WHERE r.class_id = ${classId} AND r.kind = 'contact' AND r.term_id = ${record.termId ?? 0}) AS contacts,
      (SELECT coalesce(sum((r.fields->>'hours')::numeric), 0)::float FROM class_records r WHERE r.class_id = ${classId} AND r.kind = 'practice' AND r.term_id = ${record.termId ?? 0}) AS "practiceHours",
      (SELECT coalesce(json_agg(x ORDER BY x.sort), '[]'::json) FROM (
         SELECT ${localName('co', caller.language)} AS course, co.sort, round(avg(sc.score) FILTER (WHERE sc.student_id IN (SELECT id FROM pupils)), 1)::float AS average,
           round(avg(sc.score), 1)::float AS "gradeAverage"
         FROM scores sc JOIN score_batches b ON b.id = sc.batch_id JOIN courses co ON co.id = sc.course_id
         WHERE b.term_id = ${record.termId ?? 0} AND sc.score IS NOT NULL
           AND b.grade_id = (SELECT grade_id FROM classes WHERE id = ${classId})
         GROUP BY co.id, co.sort, co.name, co.name_en HAVING count(*) FILTER (WHERE sc.student_id IN (SELECT id FROM pupils)) > 0) x) AS "scoreAverages"`);
  const averages = jsonValue(row!.scoreAverages);
  return { ...row!, scoreAverages: averages.map(({ course, average, gradeAverage }) => ({ course, average, gradeAverage })) };
}

/** The caller's record counts this term per kind (班主任详情, 班级工作's cards). */
export async function recordCounts(db: DbOrTx, caller: Caller, classId: number | null): Promise<Record<string, number>> {
  const rows = await queryRows<{ kind: string; n: number }>(db, sql`
    SELECT r.kind, count(*)::int AS n FROM class_records r
    WHERE ${classId ? sql`r.class_id = ${classId}` : sql`r.class_id IN (${ledClassIds(caller)})`}
      AND r.term_id = (SELECT id FROM terms WHERE is_current)
    GROUP BY r.kind`);
  return Object.fromEntries(rows.map((row) => [row.kind, row.n]));
}
