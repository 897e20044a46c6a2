import { sql, type SQL } from 'drizzle-orm';
import type { ConductCategory, ConductResult, PagedResult } from '@campus/contract';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { conductRecords, students } from '../../../db/schema/index.ts';
import { keywordColumns, matchKeywordAcross } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';

/** The conduct lists' keyword: the student's name, its initials or number, or the record's text. */
const STUDENT_KEYWORD = keywordColumns(students.name, students.nameInitials, students.studentNumber);
const CONTENT_KEYWORD = keywordColumns(conductRecords.content);

export interface ConductRecord {
  id: number;
  studentId: number;
  studentName: string;
  studentNumber: string;
  className: string | null;
  category: ConductCategory;
  content: string;
  result: ConductResult;
  askReply: boolean;
  publisherUserId: number | null;
  publisherName: string | null;
  createdAt: Date;
  replies: { parentName: string; content: string; repliedAt: string }[];
  myReply: { content: string; repliedAt: string } | null;
}

/** `me`: the reading parent, whose own reply is picked out. */
const columns = (me: number | null) => sql`
  r.id, r.student_id AS "studentId", s.name AS "studentName", s.student_number AS "studentNumber", c.name AS "className",
  r.category, r.content, r.result, r.ask_reply AS "askReply", r.publisher_user_id AS "publisherUserId", p.display_name AS "publisherName",
  r.created_at AS "createdAt",
  coalesce((SELECT jsonb_agg(jsonb_build_object('parentName', u.display_name, 'content', cr.content, 'repliedAt', to_char(cr.replied_at, 'YYYY-MM-DD HH24:MI:SS')) ORDER BY cr.replied_at)
            FROM conduct_replies cr JOIN users u ON u.id = cr.parent_user_id WHERE cr.record_id = r.id), '[]'::jsonb) AS replies,
  ${me === null ? sql`NULL::jsonb` : sql`(SELECT jsonb_build_object('content', cr.content, 'repliedAt', to_char(cr.replied_at, 'YYYY-MM-DD HH24:MI:SS')) FROM conduct_replies cr WHERE cr.record_id = r.id AND cr.parent_user_id = ${me})`} AS "myReply"`;

const TABLES = sql`conduct_records r JOIN students s ON s.id = r.student_id LEFT JOIN classes c ON c.id = s.class_id LEFT JOIN users p ON p.id = r.publisher_user_id`;

export interface ConductFilter {
  /** Records of this publisher only; null: everyone's. */
  publisherUserId?: number | null;
  /** Records of the children of this parent only. */
  parentUserId?: number;
  /** Records of these students only (a class teacher's class overview). */
  studentIds?: readonly number[];
  keyword?: string;
  category?: ConductCategory;
  replied?: '0' | '1';
}

function where(filter: ConductFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter.publisherUserId) parts.push(sql`r.publisher_user_id = ${filter.publisherUserId}`);
  if (filter.parentUserId) parts.push(sql`r.student_id IN (SELECT g.student_id FROM guardians g WHERE g.parent_user_id = ${filter.parentUserId})`);
  if (filter.studentIds) parts.push(sql`r.student_id = ANY(${sql.param([...filter.studentIds])}::int[])`);
  // By the record's own indexed keys (its student, itself), never one OR over the joined student's columns.
  const keyword = matchKeywordAcross(filter.keyword, [
    { key: sql`r.student_id`, columns: STUDENT_KEYWORD },
    { key: sql`r.id`, columns: CONTENT_KEYWORD },
  ]);
  if (keyword) parts.push(keyword);
  if (filter.category) parts.push(sql`r.category = ${filter.category}`);
  if (filter.replied === '1') parts.push(sql`EXISTS (SELECT 1 FROM conduct_replies cr WHERE cr.record_id = r.id)`);
  if (filter.replied === '0') parts.push(sql`NOT EXISTS (SELECT 1 FROM conduct_replies cr WHERE cr.record_id = r.id)`);
  return sql.join(parts, sql` AND `);
}

/** Conduct records newest first (platform/listPage.ts): names and replies for the page's records only. */
export function pageConduct(db: DbOrTx, filter: ConductFilter, page: { offset: number; limit: number }): Promise<PagedResult<ConductRecord>> {
  return pageOfList<ConductRecord>(
    db,
    filter.keyword,
    {
      matching: sql`SELECT r.id, r.created_at FROM conduct_records r WHERE ${where(filter)}`,
      order: { orderBy: sql`m.created_at DESC, m.id DESC` },
      details: { columns: columns(filter.parentUserId ?? null), joins: sql`JOIN (${TABLES}) ON r.id = chosen.id` },
    },
    page,
  );
}

export async function conductById(db: DbOrTx, id: number, me: number | null = null, lock = false): Promise<ConductRecord | null> {
  const [row] = await queryRows<ConductRecord>(db, sql`SELECT ${columns(me)} FROM ${TABLES} WHERE r.id = ${id} ${lock ? sql`FOR UPDATE OF r` : sql``}`);
  return row ?? null;
}

/** Whether the parent is a guardian of the student. */
export async function isGuardianOf(db: DbOrTx, parentUserId: number, studentId: number): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM guardians WHERE parent_user_id = ${parentUserId} AND student_id = ${studentId}) AS ok`);
  return row?.ok === true;
}

/** How many conduct records each of these students has (a class teacher's student overview). */
export async function conductCountsOf(db: DbOrTx, studentIds: readonly number[]): Promise<Map<number, number>> {
  if (studentIds.length === 0) return new Map();
  const rows = await queryRows<{ studentId: number; n: number }>(db, sql`
    SELECT student_id AS "studentId", count(*)::int AS n FROM conduct_records WHERE student_id = ANY(${sql.param([...studentIds])}::int[]) GROUP BY student_id`);
  return new Map(rows.map((row) => [row.studentId, row.n]));
}
