import { sql, type SQL } from 'drizzle-orm';
import {
  FAMILY_COMMITTEE_PERMISSIONS,
  committeeSearchSchema,
  translate,
  type CommitteeOptions,
  type CommitteePost,
  type CommitteeRow,
  type PagedResult,
} from '@campus/contract';
import { familyCommitteeMembers, students, users } from '../../../db/schema/index.ts';
import { jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { keywordColumns, matchKeywordAcross } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { idList } from '../../../platform/resource.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { ledClassIds, visibleStudentsOf } from '../../../platform/scope.ts';

export const committeeList = defineList({
  search: committeeSearchSchema,
  sortColumns: { createdAt: sql`m.created_at`, post: sql`m.post`, status: sql`m.status`, className: sql`c.sort` },
  defaultSort: { field: 'createdAt', order: 'desc' },
  tieBreaker: familyCommitteeMembers.id,
});
type Search = ReturnType<typeof committeeList.parse>['search'];

/** The keyword: the parent's name or initials, the child's name, initials or number. */
const PARENT_KEYWORD = keywordColumns(users.displayName, users.nameInitials);
const CHILD_KEYWORD = keywordColumns(students.name, students.nameInitials, students.studentNumber);

const isOffice = (caller: Caller) => caller.permissions.has(FAMILY_COMMITTEE_PERMISSIONS.all);
const isReviewer = (caller: Caller) => caller.permissions.has(FAMILY_COMMITTEE_PERMISSIONS.review);

/** A parent's children (the guardian link): only a parent applies, never a student for themselves. */
const childOf = (caller: Caller, studentId: SQL) => visibleStudentsOf('children', sql`${caller.auth.userId}`, studentId);

/** What the caller sees: the office every application, a class teacher the classes they lead, a parent their own. */
function visible(caller: Caller): SQL {
  if (isOffice(caller)) return sql`TRUE`;
  const own = sql`m.parent_user_id = ${caller.auth.userId}`;
  return isReviewer(caller) ? sql`(${own} OR m.class_id IN (${ledClassIds(caller.auth)}))` : own;
}

const reviewable = (caller: Caller): SQL =>
  isOffice(caller) ? sql`m.parent_user_id <> ${caller.auth.userId}` : isReviewer(caller) ? sql`(m.class_id IN (${ledClassIds(caller.auth)}) AND m.parent_user_id <> ${caller.auth.userId})` : sql`FALSE`;

function columns(caller: Caller): SQL {
  const name = caller.language === 'en' ? sql.raw(`y.code`) : sql.raw(`y.name`);
  return sql`
    m.id, m.school_year_id AS "schoolYearId", ${name} AS "schoolYearName", m.class_id AS "classId", coalesce(c.name, '') AS "className",
    CASE WHEN m.class_id IS NULL THEN 'school' ELSE 'class' END AS scope,
    u.display_name AS "parentName", coalesce(g.phone, '') AS "parentPhone", s.name AS "studentName", s.student_number AS "studentNumber",
    m.post, m.reason, m.status, m.review_comment AS "reviewComment", coalesce(ru.display_name, '') AS "reviewerName",
    m.reviewed_at AS "reviewedRaw", m.created_at AS "createdRaw", m.parent_user_id = ${caller.auth.userId} AS mine, ${reviewable(caller)} AS reviewable`;
}

const TABLES = sql`
  family_committee_members m
  JOIN school_years y ON y.id = m.school_year_id
  JOIN users u ON u.id = m.parent_user_id
  JOIN students s ON s.id = m.student_id
  LEFT JOIN guardians g ON g.parent_user_id = m.parent_user_id AND g.student_id = m.student_id
  LEFT JOIN classes c ON c.id = m.class_id
  LEFT JOIN users ru ON ru.id = m.reviewed_by_user_id`;

type Raw = Omit<CommitteeRow, 'reviewedAt' | 'createdAt'> & { reviewedRaw: Date | string | null; createdRaw: Date | string };
const toRow = ({ reviewedRaw, createdRaw, ...row }: Raw): CommitteeRow => ({ ...row, reviewedAt: reviewedRaw ? schoolMinute(reviewedRaw) : '', createdAt: schoolMinute(createdRaw) });

function filters(caller: Caller, search: Search): SQL {
  const parts: SQL[] = [visible(caller)];
  if (search.schoolYearId) parts.push(sql`m.school_year_id = ${search.schoolYearId}`);
  if (search.classId) parts.push(sql`m.class_id = ${search.classId}`);
  if (search.scope === 'school') parts.push(sql`m.class_id IS NULL`);
  if (search.scope === 'class') parts.push(sql`m.class_id IS NOT NULL`);
  if (search.status) parts.push(sql`m.status = ${search.status}`);
  if (search.post) parts.push(sql`m.post = ${search.post}`);
  // By the application's own indexed keys, never one OR over the joined parent's and child's columns.
  const keyword = matchKeywordAcross(search.keyword, [
    { key: sql`m.parent_user_id`, columns: PARENT_KEYWORD },
    { key: sql`m.student_id`, columns: CHILD_KEYWORD },
  ]);
  if (keyword) parts.push(keyword);
  return sql.join(parts, sql` AND `);
}

/**
 * The applications (platform/listPage.ts): the matches carry what the sorts read, under the names the sort
 * columns use (`m.created_at`, `m.post`, `m.status`; the class's `c.sort` through the order's join).
 */
export async function pageCommittee(db: DbOrTx, caller: Caller, request: ListRequest<Search, keyof typeof committeeList.spec.sortColumns>, withTotal = true): Promise<PagedResult<CommitteeRow>> {
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const found = await pageOfList<Raw>(
    db,
    request.search.keyword,
    {
      matching: sql`SELECT m.id, m.created_at, m.post, m.status, m.class_id FROM family_committee_members m WHERE ${filters(caller, request.search)}`,
      order: {
        joins: request.sortField === 'className' ? sql`LEFT JOIN classes c ON c.id = m.class_id` : sql``,
        orderBy: sql`${committeeList.spec.sortColumns[request.sortField]} ${direction} NULLS FIRST, m.id ${direction}`,
      },
      details: { columns: columns(caller), joins: sql`JOIN (${TABLES}) ON m.id = chosen.id` },
    },
    request,
  );
  const rows = found.rows.map(toRow);
  return withTotal ? { ...found, rows } : { total: rows.length, rows };
}

export async function committeeOptions(db: DbOrTx, caller: Caller): Promise<CommitteeOptions> {
  const yearName = caller.language === 'en' ? sql.raw(`y.code`) : sql.raw(`y.name`);
  const classes = isOffice(caller) ? sql`SELECT id FROM classes` : isReviewer(caller) ? ledClassIds(caller.auth) : sql`SELECT NULL::int`;
  const [lists] = await queryRows<Record<keyof CommitteeOptions, unknown>>(db, sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', y.id, 'name', ${yearName}, 'isCurrent', EXISTS (SELECT 1 FROM terms t WHERE t.school_year_id = y.id AND t.is_current)) ORDER BY y.start_date DESC), '[]'::json)
         FROM school_years y) AS "schoolYears",
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY gr.sort, c.sort, c.id), '[]'::json) FROM classes c JOIN grades gr ON gr.id = c.grade_id WHERE c.id IN (${classes})) AS classes,
      (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'className', coalesce(c.name, ''), 'classId', s.class_id) ORDER BY s.student_number), '[]'::json)
         FROM students s LEFT JOIN classes c ON c.id = s.class_id WHERE ${childOf(caller, sql`s.id`)}) AS children`);
  return { schoolYears: jsonValue((lists?.schoolYears ?? []) as never), classes: jsonValue((lists?.classes ?? []) as never), children: jsonValue((lists?.children ?? []) as never) };
}

/** One writer per committee and year: two applications or approvals at once see each other. */
async function lockCommittee(tx: Tx, yearId: number, classId: number | null): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('family-committee'), ${yearId * 100_000 + (classId ?? 0)})`);
}

/** A parent applies for their child's class committee or the school's, in the current school year, once. */
export async function apply(db: Db, caller: Caller, input: { studentId: number; scope: 'class' | 'school'; post: CommitteePost; reason: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const [child] = await queryRows<{ classId: number | null }>(tx, sql`
      SELECT s.class_id AS "classId" FROM students s WHERE s.id = ${input.studentId} AND ${childOf(caller, sql`s.id`)}`);
    if (!child) throw forbidden('committee.notYourChild');
    const classId = input.scope === 'class' ? child.classId : null;
    if (input.scope === 'class' && !classId) throw conflict('committee.noClass');
    const [year] = await queryRows<{ id: number }>(tx, sql`SELECT school_year_id AS id FROM terms WHERE is_current`);
    if (!year) throw conflict('committee.noYear');
    await lockCommittee(tx, year.id, classId);
    const [applied] = await queryRows<{ id: number }>(tx, sql`
      SELECT id FROM family_committee_members WHERE school_year_id = ${year.id} AND class_id IS NOT DISTINCT FROM ${classId}::int
        AND parent_user_id = ${caller.auth.userId} AND status <> 'rejected'`);
    if (applied) throw conflict('committee.applied');
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO family_committee_members (school_year_id, class_id, parent_user_id, student_id, post, reason)
      VALUES (${year.id}, ${classId}, ${caller.auth.userId}, ${input.studentId}, ${input.post}, ${input.reason}) RETURNING id`);
    return created!.id;
  });
}

interface Locked {
  id: number;
  schoolYearId: number;
  classId: number | null;
  parentUserId: number;
  post: CommitteePost;
  status: string;
}

async function lockRows(tx: Tx, ids: number[]): Promise<Locked[]> {
  const rows = await queryRows<Locked>(tx, sql`
    SELECT id, school_year_id AS "schoolYearId", class_id AS "classId", parent_user_id AS "parentUserId", post, status
    FROM family_committee_members WHERE id IN ${idList(ids)} ORDER BY id FOR UPDATE`);
  if (rows.length !== ids.length) throw notFound();
  return rows;
}

/** The applicant withdraws a pending application. */
export async function withdraw(db: Db, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await lockRows(tx, [id]);
    if (row!.parentUserId !== caller.auth.userId) throw notFound();
    if (row!.status !== 'pending') throw conflict('committee.notPending', { action: translate(caller.language, 'committee.action.withdrawn') });
    await tx.execute(sql`DELETE FROM family_committee_members WHERE id = ${id}`);
  });
}

async function mayReview(tx: Tx, caller: Caller, row: Locked): Promise<void> {
  if (row.parentUserId === caller.auth.userId) throw forbidden('committee.self');
  if (isOffice(caller)) return;
  if (!isReviewer(caller) || row.classId === null) throw forbidden('committee.notYours');
  const [led] = await queryRows<{ ok: boolean }>(tx, sql`SELECT ${row.classId} IN (${ledClassIds(caller.auth)}) AS ok`);
  if (!led?.ok) throw forbidden('committee.notYours');
}

/**
 * The class teacher (their classes) or the office approves or rejects pending applications; an approval may
 * give another post (one application at a time then). A committee has one chair a year.
 */
export async function review(db: Db, caller: Caller, input: { ids: number[]; decision: 'approve' | 'reject'; post?: CommitteePost | undefined; comment: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(input.ids)];
    if (input.post && ids.length !== 1) throw badRequest();
    const rows = await lockRows(tx, ids);
    for (const row of rows) {
      await mayReview(tx, caller, row);
      if (row.status !== 'pending') throw conflict('committee.notPending', { action: translate(caller.language, 'committee.action.reviewed') });
    }
    if (input.decision === 'approve') {
      const posts = rows.map((row) => ({ ...row, post: input.post ?? row.post }));
      for (const row of posts.filter((r) => r.post === 'chair')) {
        await lockCommittee(tx, row.schoolYearId, row.classId);
        const chairs = posts.filter((r) => r.post === 'chair' && r.schoolYearId === row.schoolYearId && r.classId === row.classId).length;
        const [taken] = await queryRows<{ id: number }>(tx, sql`
          SELECT id FROM family_committee_members WHERE school_year_id = ${row.schoolYearId} AND class_id IS NOT DISTINCT FROM ${row.classId}::int
            AND status = 'approved' AND post = 'chair' LIMIT 1`);
        if (taken || chairs > 1) throw conflict('committee.chairTaken');
      }
      for (const row of posts) {
        await tx.execute(sql`
          UPDATE family_committee_members SET status = 'approved', post = ${row.post}, review_comment = ${input.comment}, reviewed_by_user_id = ${caller.auth.userId}, reviewed_at = now()
          WHERE id = ${row.id}`);
      }
    } else {
      await tx.execute(sql`
        UPDATE family_committee_members SET status = 'rejected', review_comment = ${input.comment}, reviewed_by_user_id = ${caller.auth.userId}, reviewed_at = now()
        WHERE id IN ${idList(ids)}`);
    }
    return ids.length;
  });
}

/** A reviewer removes members or applications of their committees (the record goes). */
export async function removeMembers(db: Db, caller: Caller, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await lockRows(tx, [...new Set(ids)]);
    for (const row of rows) await mayReview(tx, caller, row);
    await tx.execute(sql`DELETE FROM family_committee_members WHERE id IN ${idList(ids)}`);
  });
}
