import { sql, type SQL } from 'drizzle-orm';
import type { AdmissionOptions, AdmissionRow, AdmissionStatus, AdmissionSummary, DivisionForm, DivisionPreview, Language, PagedResult } from '@campus/contract';
import { intArray, queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { enrolmentCandidates } from '../../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { aliased, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { idList } from '../../../platform/resource.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { localName } from '../../timetable/views/queries.ts';

/**
 * 录取管理 and 分班管理 (docs/calls-roll.md, "Admission and class division"): admission decides which of an
 * intake's registrations are taken in; the division places the admitted, not yet enrolled, in the grade's
 * classes. An enrolled registration is a student already: neither changes it.
 */

/** The admission list's keyword: the registration's name or previous school. */
const ADMISSION_KEYWORD = keywordColumns(enrolmentCandidates.name, enrolmentCandidates.nameInitials, enrolmentCandidates.previousSchool);

function searchWhere(search: { gradeId?: number; entryYear?: number; admission?: string; keyword?: string }): SQL {
  const conditions: SQL[] = [sql`TRUE`];
  if (search.gradeId) conditions.push(sql`e.grade_id = ${search.gradeId}`);
  if (search.entryYear) conditions.push(sql`e.entry_year = ${search.entryYear}`);
  if (search.admission) conditions.push(sql`e.admission = ${search.admission}`);
  const keyword = matchKeyword(search.keyword, ADMISSION_KEYWORD, aliased('e'));
  if (keyword) conditions.push(keyword);
  return sql.join(conditions, sql` AND `);
}

type Raw = Omit<AdmissionRow, 'entranceScore' | 'admissionDecidedAt'> & { entranceScore: string | number | null; decidedRaw: Date | string | null };

export async function pageAdmissions(db: DbOrTx, language: Language, search: Parameters<typeof searchWhere>[0], page: { offset: number; limit: number }): Promise<PagedResult<AdmissionRow> & { summary: AdmissionSummary }> {
  const where = searchWhere({ ...search, admission: undefined });
  const [[summary], { rows, ...counted }] = await Promise.all([
    queryRows<AdmissionSummary & { highest: string | null; lowest: string | null; average: string | null }>(db, sql`
      SELECT count(*) FILTER (WHERE e.admission = 'pending')::int AS pending, count(*) FILTER (WHERE e.admission = 'admitted')::int AS admitted,
        count(*) FILTER (WHERE e.admission = 'rejected')::int AS rejected,
        max(e.entrance_score) AS highest, min(e.entrance_score) AS lowest, round(avg(e.entrance_score), 1) AS average
      FROM enrolment_candidates e WHERE ${where}`),
    pageOfList<Raw>(
      db,
      search.keyword,
      {
        matching: sql`SELECT e.id, e.entrance_score FROM enrolment_candidates e WHERE ${searchWhere(search)}`,
        order: { orderBy: sql`m.entrance_score DESC NULLS LAST, m.id` },
        details: {
          columns: sql`e.id, e.name, e.gender, e.grade_id AS "gradeId", ${localName('g', language)} AS "gradeName", e.entry_year AS "entryYear", e.previous_school AS "previousSchool",
            e.entrance_score AS "entranceScore", e.admission, e.admission_decided_at AS "decidedRaw", coalesce(c.name, '') AS "className", e.student_id IS NOT NULL AS enrolled`,
          joins: sql`JOIN enrolment_candidates e ON e.id = chosen.id JOIN grades g ON g.id = e.grade_id LEFT JOIN classes c ON c.id = e.class_id`,
        },
      },
      page,
    ),
  ]);
  const number = (value: string | number | null) => (value == null ? null : Number(value));
  return {
    rows: rows.map(({ decidedRaw, entranceScore, ...row }) => ({ ...row, entranceScore: number(entranceScore), admissionDecidedAt: decidedRaw ? schoolMinute(decidedRaw) : null })),
    ...counted,
    summary: { pending: summary?.pending ?? 0, admitted: summary?.admitted ?? 0, rejected: summary?.rejected ?? 0, highest: number(summary?.highest ?? null), lowest: number(summary?.lowest ?? null), average: number(summary?.average ?? null) },
  };
}

export async function admissionOptions(db: DbOrTx, language: Language): Promise<AdmissionOptions> {
  const [grades, years, classes] = await Promise.all([
    queryRows<{ id: number; name: string }>(db, sql`SELECT g.id, ${localName('g', language)} AS name FROM grades g ORDER BY g.sort, g.id`),
    queryRows<{ year: number }>(db, sql`SELECT DISTINCT entry_year AS year FROM enrolment_candidates ORDER BY 1 DESC`),
    queryRows<{ id: number; name: string; gradeId: number; students: number }>(db, sql`
      SELECT c.id, c.name, c.grade_id AS "gradeId", (SELECT count(*)::int FROM students s WHERE s.class_id = c.id AND s.in_school_status = '1') AS students
      FROM classes c ORDER BY c.sort, c.name, c.id`),
  ]);
  return { grades, years: years.map((y) => y.year), classes };
}

/** Refuses a change to enrolled registrations (naming the first). */
async function refuseEnrolled(db: DbOrTx, ids: number[]): Promise<void> {
  const [enrolled] = await queryRows<{ name: string }>(db, sql`SELECT name FROM enrolment_candidates WHERE id IN ${idList(ids)} AND student_id IS NOT NULL ORDER BY id LIMIT 1`);
  if (enrolled) throw conflict('admission.enrolled', { name: enrolled.name });
}

export async function saveScore(db: Db, body: { id: number; entranceScore: number | null }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows(tx, sql`SELECT 1 FROM enrolment_candidates WHERE id = ${body.id} FOR UPDATE`);
    if (!row) throw notFound();
    await refuseEnrolled(tx, [body.id]);
    await tx.execute(sql`UPDATE enrolment_candidates SET entrance_score = ${body.entranceScore} WHERE id = ${body.id}`);
  });
}

export async function decideAdmission(db: Db, body: { ids: number[]; admission: AdmissionStatus }): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM enrolment_candidates WHERE id IN ${idList(body.ids)} FOR UPDATE`);
    if (rows.length !== new Set(body.ids).size) throw notFound();
    await refuseEnrolled(tx, body.ids);
    // Not admitted any more: no class is kept for them.
    await tx.execute(sql`
      UPDATE enrolment_candidates SET admission = ${body.admission}, admission_decided_at = ${body.admission === 'pending' ? null : sql`now()`},
        class_id = CASE WHEN ${body.admission} = 'admitted' THEN class_id END
      WHERE id IN ${idList(body.ids)}`);
    return rows.length;
  });
}

/** The line: waiting registrations of the intake at or above it are admitted, below it (or without a score) not. */
export async function applyLine(db: Db, body: { gradeId: number; entryYear: number; line: number }): Promise<{ admitted: number; rejected: number }> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ admission: string }>(tx, sql`
      UPDATE enrolment_candidates SET admission = CASE WHEN entrance_score >= ${body.line} THEN 'admitted' ELSE 'rejected' END, admission_decided_at = now(),
        class_id = CASE WHEN entrance_score >= ${body.line} THEN class_id END
      WHERE grade_id = ${body.gradeId} AND entry_year = ${body.entryYear} AND admission = 'pending' AND student_id IS NULL
      RETURNING admission`);
    return { admitted: rows.filter((r) => r.admission === 'admitted').length, rejected: rows.filter((r) => r.admission === 'rejected').length };
  });
}

interface Candidate {
  id: number;
  name: string;
  gender: string;
  score: number | null;
  classId: number | null;
}

/**
 * The division: each gender in score order dealt back and forth over the classes (an S), so every class
 * gets the same number within one, the same mix of boys and girls, and the same spread of scores; a class
 * with fewer students already gets the first of each round.
 */
export async function previewDivision(db: DbOrTx, form: DivisionForm): Promise<DivisionPreview> {
  const classes = await queryRows<{ id: number; name: string; gradeId: number; current: number }>(db, sql`
    SELECT c.id, c.name, c.grade_id AS "gradeId",
      (SELECT count(*)::int FROM students s WHERE s.class_id = c.id AND s.in_school_status = '1')
        + (SELECT count(*)::int FROM enrolment_candidates e WHERE e.class_id = c.id AND e.student_id IS NULL
           AND NOT (e.grade_id = ${form.gradeId} AND e.entry_year = ${form.entryYear} AND e.admission = 'admitted' AND ${!form.keepPlaced})) AS current
    FROM classes c WHERE c.id = ANY(${intArray(form.classIds)}) ORDER BY c.sort, c.id`);
  if (classes.length !== new Set(form.classIds).size) throw badRequest('errors.notFound');
  if (classes.some((c) => c.gradeId !== form.gradeId)) throw badRequest('division.notInGrade');
  const candidates = (
    await queryRows<Candidate & { score: string | number | null }>(db, sql`
      SELECT e.id, e.name, e.gender, e.entrance_score AS score, e.class_id AS "classId" FROM enrolment_candidates e
      WHERE e.grade_id = ${form.gradeId} AND e.entry_year = ${form.entryYear} AND e.admission = 'admitted' AND e.student_id IS NULL
        ${form.keepPlaced ? sql`AND e.class_id IS NULL` : sql``}
      ORDER BY e.gender, e.entrance_score DESC NULLS LAST, e.id`)
  ).map((c) => ({ ...c, score: c.score == null ? null : Number(c.score) }));
  if (!candidates.length) throw conflict('division.nobody');
  // Fewer students first: the smallest class gets the first of each round.
  const order = [...classes].sort((a, b) => a.current - b.current || form.classIds.indexOf(a.id) - form.classIds.indexOf(b.id));
  const n = order.length;
  const placements: DivisionPreview['placements'] = [];
  candidates.forEach((candidate, i) => {
    const round = Math.floor(i / n);
    const at = i % n;
    const target = order[round % 2 === 0 ? at : n - 1 - at]!;
    placements.push({ id: candidate.id, name: candidate.name, gender: candidate.gender, entranceScore: candidate.score, classId: target.id, className: target.name });
  });
  const round1 = (value: number) => Math.round(value * 10) / 10;
  const stats = classes.map((c) => {
    const mine = placements.filter((p) => p.classId === c.id);
    const scores = mine.map((p) => p.entranceScore).filter((s): s is number => s !== null);
    return {
      classId: c.id,
      className: c.name,
      current: c.current,
      added: mine.length,
      boys: mine.filter((p) => p.gender === '1').length,
      girls: mine.filter((p) => p.gender === '2').length,
      average: scores.length ? round1(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
      highest: scores.length ? Math.max(...scores) : null,
      lowest: scores.length ? Math.min(...scores) : null,
    };
  });
  const averages = stats.map((s) => s.average).filter((a): a is number => a !== null);
  return { classes: stats, placements, averageSpread: averages.length ? round1(Math.max(...averages) - Math.min(...averages)) : null };
}

/** Applies the division as previewed now (computed again inside the transaction). */
export async function applyDivision(db: Db, form: DivisionForm): Promise<{ count: number; classes: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM enrolment_candidates WHERE grade_id = ${form.gradeId} AND entry_year = ${form.entryYear} AND admission = 'admitted' AND student_id IS NULL FOR UPDATE`);
    const preview = await previewDivision(tx, form);
    await tx.execute(sql`
      UPDATE enrolment_candidates e SET class_id = p.class_id
      FROM jsonb_to_recordset(${JSON.stringify(preview.placements.map((p) => ({ id: p.id, class_id: p.classId })))}::jsonb) AS p(id int, class_id int)
      WHERE e.id = p.id`);
    return { count: preview.placements.length, classes: preview.classes.filter((c) => c.added > 0).length };
  });
}
