import { sql, type SQL } from 'drizzle-orm';
import { termStudentSearchSchema, translate, type Language, type PagedResult, type TermStudentCounts, type TermStudentRow, type TermStudentStatus } from '@campus/contract';
import { students, termStudents } from '../../../db/schema/index.ts';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { badRequest } from '../../../platform/errors.ts';
import { aliased, countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { localName } from '../../timetable/views/queries.ts';

export const termStudentList = defineList({
  search: termStudentSearchSchema,
  sortColumns: { studentNumber: sql`s.student_number`, className: sql`c.sort`, status: sql`ts.status`, updatedAt: sql`ts.updated_at` },
  defaultSort: { field: 'studentNumber', order: 'asc' },
  tieBreaker: termStudents.studentId,
});
type Search = ReturnType<typeof termStudentList.parse>['search'];

const currentTerm = sql`(SELECT id FROM terms WHERE is_current)`;

/** The list's keyword: the student's name, number or the name's pinyin initials. */
const TERM_STUDENT_KEYWORD = keywordColumns(students.name, students.studentNumber, students.nameInitials);

export async function pageTermStudents(db: DbOrTx, request: ListRequest<Search, keyof typeof termStudentList.spec.sortColumns>, withTotal: boolean, language: Language): Promise<PagedResult<TermStudentRow>> {
  const s = request.search;
  const parts: SQL[] = [sql`ts.term_id = ${s.termId ?? currentTerm}`];
  if (s.gradeId) parts.push(sql`c.grade_id = ${s.gradeId}`);
  if (s.classId) parts.push(sql`ts.class_id = ${s.classId}`);
  if (s.status) parts.push(sql`ts.status = ${s.status}`);
  const keyword = matchKeyword(s.keyword, TERM_STUDENT_KEYWORD, aliased('s'));
  if (keyword) parts.push(keyword);
  const where = sql.join(parts, sql` AND `);
  const from = sql`FROM term_students ts JOIN students s ON s.id = ts.student_id LEFT JOIN classes c ON c.id = ts.class_id LEFT JOIN grades g ON g.id = c.grade_id`;
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<Omit<TermStudentRow, 'updatedAt'> & { updatedRaw: Date | string }>(db, sql`
    SELECT ts.term_id AS "termId", ts.student_id AS "studentId", s.student_number AS "studentNumber", s.name, coalesce(${localName('g', language)}, '') AS "gradeName",
      coalesce(c.name, '') AS "className", ts.status, ts.remark, ts.updated_at AS "updatedRaw"
    ${from} WHERE ${where}
    ORDER BY ${termStudentList.spec.sortColumns[request.sortField]} ${direction}, s.student_number LIMIT ${request.limit} OFFSET ${request.offset}`);
  const counted = withTotal ? await countMatches(db, sql`SELECT 1 ${from} WHERE ${where}`, s.keyword) : { total: rows.length };
  return { ...counted, rows: rows.map(({ updatedRaw, ...row }) => ({ ...row, updatedAt: schoolMinute(updatedRaw) })) };
}

async function previousOf(db: DbOrTx, termId: number, language: Language): Promise<{ id: number; name: string } | null> {
  const [row] = await queryRows<{ id: number; name: string }>(db, sql`
    SELECT t.id, ${localName('t', language)} AS name FROM terms t WHERE t.start_date < (SELECT start_date FROM terms WHERE id = ${termId}) ORDER BY t.start_date DESC LIMIT 1`);
  return row ?? null;
}

export async function termCounts(db: DbOrTx, termId: number | undefined, language: Language): Promise<TermStudentCounts> {
  const terms = await queryRows<{ id: number; name: string; isCurrent: boolean }>(db, sql`
    SELECT t.id, ${localName('t', language)} AS name, t.is_current AS "isCurrent" FROM terms t ORDER BY t.start_date DESC`);
  const term = termId ?? terms.find((t) => t.isCurrent)?.id ?? terms[0]?.id ?? 0;
  const grades = await queryRows<TermStudentCounts['grades'][number]>(db, sql`
    SELECT g.id AS "gradeId", ${localName('g', language)} AS "gradeName",
      count(*) FILTER (WHERE ts.status = 'registered')::int AS registered, count(*) FILTER (WHERE ts.status = 'suspended')::int AS suspended,
      count(*) FILTER (WHERE ts.status = 'left')::int AS "left"
    FROM term_students ts JOIN classes c ON c.id = ts.class_id JOIN grades g ON g.id = c.grade_id
    WHERE ts.term_id = ${term} GROUP BY g.id, g.sort ORDER BY g.sort`);
  return { termId: term, terms, grades, previousTerm: term ? await previousOf(db, term, language) : null };
}

/**
 * Registers the term's students from the term before (those not left, in their class of now), or, when that
 * term has none, every student in school; students already in the term stay as they are.
 */
export async function copyFromPrevious(db: Db, termId: number, language: Language): Promise<string> {
  return db.transaction(async (tx) => {
    const [exists] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM terms WHERE id = ${termId}`);
    if (!exists) throw badRequest('termStudent.termRequired');
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('term-students'), ${termId})`);
    const previous = await previousOf(tx, termId, language);
    const [has] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM term_students WHERE term_id = ${previous?.id ?? 0}) AS any`);
    const added = has?.any
      ? await queryRows<{ id: number }>(tx, sql`
          INSERT INTO term_students (term_id, student_id, class_id, status)
          SELECT ${termId}, p.student_id, s.class_id, p.status FROM term_students p JOIN students s ON s.id = p.student_id
          WHERE p.term_id = ${previous!.id} AND p.status <> 'left'
          ON CONFLICT DO NOTHING RETURNING student_id AS id`)
      : await queryRows<{ id: number }>(tx, sql`
          INSERT INTO term_students (term_id, student_id, class_id, status)
          SELECT ${termId}, s.id, s.class_id, 'registered' FROM students s WHERE s.in_school_status = '1' AND s.class_id IS NOT NULL
          ON CONFLICT DO NOTHING RETURNING student_id AS id`);
    return has?.any ? translate(language, 'termStudent.copied', { count: added.length, term: previous!.name }) : translate(language, 'termStudent.copiedCurrent', { count: added.length });
  });
}

export async function setStatus(db: Db, input: { termId: number; studentIds: number[]; status: TermStudentStatus; remark: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(input.studentIds)];
    const changed = await queryRows<{ id: number }>(tx, sql`
      UPDATE term_students SET status = ${input.status}, remark = ${input.remark}, updated_at = now()
      WHERE term_id = ${input.termId} AND student_id = ANY(${sql.param(ids)}::int[]) RETURNING student_id AS id`);
    // All or nothing: a student who is not in the term refuses the whole change.
    if (changed.length !== ids.length) throw badRequest('termStudent.notInTerm');
    return changed.length;
  });
}
