import { sql, type SQL } from 'drizzle-orm';
import {
  translate,
  type GroupAnalysis,
  type GroupAnalysisSubject,
  type GroupFigures,
  type PagedResult,
  type StudentGroupDetail,
  type StudentGroupMember,
  type StudentGroupRow,
} from '@campus/contract';
import { intArray, jsonValue, queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { studentGroups } from '../../../db/schema/index.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { isAdministrator, visibleStudents } from '../../../platform/scope.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { localName } from '../../timetable/views/queries.ts';
import { effectiveLines } from '../analysis/compute.ts';
import { readyBatch } from '../analysis/service.ts';

/**
 * 自定义群体 (/cjfxNew/zdyqtgl): a teacher's named sets of students, theirs or shared with colleagues, and
 * the analysis of an exam for one of them beside the grade (the figures computed on reading from the
 * members' scores; the grade's are the stored analysis).
 */

/** Groups a caller sees: shared ones and their own (an administrator: all). */
function visibleGroups(caller: Caller): SQL {
  return isAdministrator(caller.auth) ? sql`TRUE` : sql`(sg.shared OR sg.owner_user_id = ${caller.auth.userId})`;
}

const mineOf = (caller: Caller) => (isAdministrator(caller.auth) ? sql`TRUE` : sql`sg.owner_user_id = ${caller.auth.userId}`);

type RowRaw = Omit<StudentGroupRow, 'classNames' | 'updatedAt'> & { classNames: unknown; updatedAtRaw: Date | string };

function rowSelect(caller: Caller): SQL {
  return sql`
    SELECT sg.id, sg.name, sg.remarks, sg.shared, u.display_name AS "ownerName", ${mineOf(caller)} AS mine, sg.updated_at AS "updatedAtRaw",
      (SELECT count(*)::int FROM student_group_members m WHERE m.group_id = sg.id) AS "memberCount",
      (SELECT coalesce(json_agg(x.name ORDER BY x.sort, x.name), '[]'::json) FROM (
         SELECT DISTINCT c.name, c.sort FROM student_group_members m JOIN students s ON s.id = m.student_id JOIN classes c ON c.id = s.class_id
         WHERE m.group_id = sg.id ORDER BY c.sort, c.name LIMIT 6) x) AS "classNames"
    FROM student_groups sg LEFT JOIN users u ON u.id = sg.owner_user_id`;
}

const rowOf = ({ classNames, updatedAtRaw, ...row }: RowRaw): StudentGroupRow => ({
  ...row,
  classNames: jsonValue<string[]>(classNames as string) ?? [],
  updatedAt: schoolMinute(updatedAtRaw),
});

/** The group list's keyword: the group's name or remarks. */
const GROUP_KEYWORD = keywordColumns(studentGroups.name, studentGroups.remarks);

export async function groupPage(
  db: DbOrTx,
  caller: Caller,
  search: { keyword?: string; mine?: boolean },
  page: { offset: number; limit: number },
): Promise<PagedResult<StudentGroupRow>> {
  const keyword = matchKeyword(search.keyword, GROUP_KEYWORD, aliased('sg'));
  const where = sql`${visibleGroups(caller)} ${search.mine ? sql`AND sg.owner_user_id = ${caller.auth.userId}` : sql``}
    ${keyword ? sql`AND ${keyword}` : sql``}`;
  const counted = await countMatches(db, sql`SELECT 1 FROM student_groups sg WHERE ${where}`, search.keyword);
  const rows = await queryRows<RowRaw>(db, sql`${rowSelect(caller)} WHERE ${where} ORDER BY sg.updated_at DESC, sg.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`);
  return { ...counted, rows: rows.map(rowOf) };
}

export async function groupDetail(db: DbOrTx, caller: Caller, id: number): Promise<StudentGroupDetail> {
  const [row] = await queryRows<RowRaw>(db, sql`${rowSelect(caller)} WHERE sg.id = ${id} AND ${visibleGroups(caller)}`);
  if (!row) throw notFound();
  const members = await queryRows<StudentGroupMember>(db, sql`
    SELECT s.id, s.name, s.student_number AS "studentNumber", coalesce(c.name, '') AS "className"
    FROM student_group_members m JOIN students s ON s.id = m.student_id LEFT JOIN classes c ON c.id = s.class_id
    WHERE m.group_id = ${id} ORDER BY c.sort, c.name, s.student_number`);
  return { ...rowOf(row), members };
}

export async function groupOptions(db: DbOrTx, caller: Caller): Promise<{ id: number; name: string; memberCount: number }[]> {
  return queryRows(db, sql`
    SELECT sg.id, sg.name, (SELECT count(*)::int FROM student_group_members m WHERE m.group_id = sg.id) AS "memberCount"
    FROM student_groups sg WHERE ${visibleGroups(caller)} ORDER BY (sg.owner_user_id = ${caller.auth.userId}) DESC, sg.name`);
}

/** Locks groups for a change and refuses one the caller does not own (administrators own all). */
async function ownedGroups(tx: DbOrTx, caller: Caller, ids: number[]): Promise<{ id: number; name: string }[]> {
  const rows = await queryRows<{ id: number; name: string; mine: boolean }>(tx, sql`
    SELECT sg.id, sg.name, ${mineOf(caller)} AS mine FROM student_groups sg WHERE sg.id = ANY(${intArray(ids)}) AND ${visibleGroups(caller)} ORDER BY sg.id FOR UPDATE`);
  if (rows.length !== new Set(ids).size) throw notFound();
  const foreign = rows.find((row) => !row.mine);
  if (foreign) throw forbidden('studentGroup.notYours');
  return rows;
}

export async function saveGroup(
  db: Db,
  caller: Caller,
  input: { id?: number; name: string; remarks: string; shared: boolean; studentIds: number[] },
): Promise<{ id: number; name: string; count: number }> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(input.studentIds)];
    const [seen] = await queryRows<{ count: number }>(tx, sql`
      SELECT count(*)::int AS count FROM students s WHERE s.id = ANY(${intArray(ids)}) AND ${visibleStudents(caller.auth, sql`s.id`)}`);
    if ((seen?.count ?? 0) !== ids.length) throw forbidden('studentGroup.notYourStudents');
    let id = input.id;
    if (id) {
      const [group] = await ownedGroups(tx, caller, [id]);
      if (!group) throw notFound();
    }
    // The name is unique per owner (the owner stays who made it when an administrator changes it).
    const [taken] = await queryRows(tx, sql`
      SELECT 1 FROM student_groups WHERE name = ${input.name}
        AND owner_user_id = ${id ? sql`(SELECT owner_user_id FROM student_groups WHERE id = ${id})` : sql`${caller.auth.userId}`}
        ${id ? sql`AND id <> ${id}` : sql``}`);
    if (taken) throw conflict('studentGroup.nameTaken', { name: input.name });
    if (id) {
      await tx.execute(sql`UPDATE student_groups SET name = ${input.name}, remarks = ${input.remarks}, shared = ${input.shared}, updated_at = now() WHERE id = ${id}`);
      await tx.execute(sql`DELETE FROM student_group_members WHERE group_id = ${id}`);
    } else {
      const [created] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO student_groups (name, remarks, shared, owner_user_id) VALUES (${input.name}, ${input.remarks}, ${input.shared}, ${caller.auth.userId}) RETURNING id`);
      id = created!.id;
    }
    await tx.execute(sql`INSERT INTO student_group_members (group_id, student_id) SELECT ${id}, unnest(${intArray(ids)})`);
    return { id, name: input.name, count: ids.length };
  });
}

export async function deleteGroups(db: Db, caller: Caller, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    await ownedGroups(tx, caller, ids);
    await tx.execute(sql`DELETE FROM student_groups WHERE id = ANY(${intArray(ids)})`);
    return ids.length;
  });
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 100 : null);

type FiguresRaw = { courseId: number; courseName: string | null; fullMark: number; counted: number; average: number | null; highest: number | null; lowest: number | null; pass: number; excellent: number };

const figures = (raw: FiguresRaw | undefined): GroupFigures => ({
  counted: raw?.counted ?? 0,
  average: raw?.average ?? null,
  highest: raw?.highest ?? null,
  lowest: raw?.lowest ?? null,
  passRate: raw ? percent(raw.pass, raw.counted) : null,
  excellentRate: raw ? percent(raw.excellent, raw.counted) : null,
});

/**
 * An exam's figures for a group beside the grade's, subject by subject and for the total (course 0), and the
 * members' totals and places, from the batch's analysis. Members the caller may not see are left out.
 */
export async function groupAnalysis(db: DbOrTx, caller: Caller, batchId: number, groupId: number): Promise<GroupAnalysis> {
  const { batch } = await readyBatch(db, caller, batchId);
  const [group] = await queryRows<{ id: number; name: string; memberCount: number }>(db, sql`
    SELECT sg.id, sg.name, (SELECT count(*)::int FROM student_group_members m WHERE m.group_id = sg.id) AS "memberCount"
    FROM student_groups sg WHERE sg.id = ${groupId} AND ${visibleGroups(caller)}`);
  if (!group) throw notFound();
  const members = sql`(SELECT m.student_id FROM student_group_members m WHERE m.group_id = ${groupId} AND ${visibleStudents(caller.auth, sql`m.student_id`)})`;
  const subjectsOf = await queryRows<FiguresRaw>(db, sql`
    SELECT el.course_id AS "courseId", ${localName('co', caller.language)} AS "courseName", el.full_mark AS "fullMark",
      count(sc.score)::int AS counted, round(avg(sc.score), 2)::float8 AS average, max(sc.score)::float8 AS highest, min(sc.score)::float8 AS lowest,
      count(*) FILTER (WHERE sc.score >= el.pass_line)::int AS pass, count(*) FILTER (WHERE sc.score >= el.excellent_line)::int AS excellent
    FROM ${effectiveLines(sql`bs.batch_id = ${batchId}`)} el JOIN courses co ON co.id = el.course_id
    LEFT JOIN scores sc ON sc.batch_id = el.batch_id AND sc.course_id = el.course_id AND sc.score IS NOT NULL AND sc.student_id IN ${members}
    GROUP BY el.course_id, co.name, co.name_en, co.sort, el.full_mark ORDER BY co.sort, el.course_id`);
  const totalLines = await queryRows<{ fullMark: number; passLine: number; excellentLine: number }>(db, sql`
    SELECT sum(el.full_mark)::int AS "fullMark", sum(el.pass_line)::float8 AS "passLine", sum(el.excellent_line)::float8 AS "excellentLine"
    FROM ${effectiveLines(sql`bs.batch_id = ${batchId}`)} el`);
  const lines = totalLines[0]!;
  const [totalRaw] = await queryRows<FiguresRaw>(db, sql`
    SELECT 0 AS "courseId", NULL AS "courseName", ${lines.fullMark} AS "fullMark", count(*)::int AS counted, round(avg(st.total), 2)::float8 AS average,
      max(st.total)::float8 AS highest, min(st.total)::float8 AS lowest,
      count(*) FILTER (WHERE st.total >= ${lines.passLine})::int AS pass, count(*) FILTER (WHERE st.total >= ${lines.excellentLine})::int AS excellent
    FROM score_totals st WHERE st.batch_id = ${batchId} AND st.student_id IN ${members}`);
  const grade = await queryRows<FiguresRaw>(db, sql`
    SELECT gs.course_id AS "courseId", NULL AS "courseName", 0 AS "fullMark", gs.counted, gs.average::float8 AS average, gs.highest::float8 AS highest,
      gs.lowest::float8 AS lowest, gs.pass, gs.excellent
    FROM score_stats gs WHERE gs.batch_id = ${batchId} AND gs.class_id = 0`);
  const gradeOf = new Map(grade.map((row) => [row.courseId, row]));
  const subjects: GroupAnalysisSubject[] = [
    ...subjectsOf.map((raw) => ({ courseId: raw.courseId, courseName: raw.courseName ?? '', fullMark: raw.fullMark, group: figures(raw), grade: figures(gradeOf.get(raw.courseId)) })),
    { courseId: 0, courseName: translate(caller.language, 'studentGroup.total'), fullMark: lines.fullMark, group: figures(totalRaw), grade: figures(gradeOf.get(0)) },
  ];
  const rows = await queryRows<GroupAnalysis['rows'][number]>(db, sql`
    SELECT s.id AS "studentId", s.name, s.student_number AS "studentNumber", coalesce(c.name, '') AS "className",
      st.total::float8 AS total, st.grade_rank AS "gradeRank", st.class_rank AS "classRank"
    FROM students s JOIN score_totals st ON st.batch_id = ${batchId} AND st.student_id = s.id LEFT JOIN classes c ON c.id = st.class_id
    WHERE s.id IN ${members}
    ORDER BY st.grade_rank, s.student_number`);
  if (!subjects.length) throw badRequest('scoreAnalysis.courseNotInBatch');
  return { group, batch: { id: batch.id, name: batch.name }, subjects, rows };
}
