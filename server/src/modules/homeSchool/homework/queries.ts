import { sql, type SQL } from 'drizzle-orm';
import type { AssignmentProgress, HomeworkGrade, HomeworkStatus, MyHomeworkTab, PagedResult } from '@campus/contract';
import { batchedVariants, intArray, perRequestStatement, queryRows, requestValue, type DbOrTx } from '../../../db/client.ts';
import { assignments, students } from '../../../db/schema/index.ts';
import { aliased, keywordColumns, matchKeyword, matchKeywordAcross } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { ownStudentIdsOf } from '../../../platform/scope.ts';

/** The title box of the teacher's assignments and of a family's homework. */
const TITLE_KEYWORD = keywordColumns(assignments.title);
/** An assignment's students: number, name or the name's initials. */
const WORK_KEYWORD = keywordColumns(students.studentNumber, students.name, students.nameInitials);

/** An assignment's own columns and its publisher's name: what its writes and a student's view need. */
export interface AssignmentFacts {
  id: number;
  title: string;
  content: string;
  attachments: Record<string, string[]>;
  publisherUserId: number | null;
  publisherName: string | null;
  endAt: Date;
  ended: boolean;
  needsRevision: boolean;
  onlineSubmission: boolean;
  graded: boolean;
  lastRemindedAt: Date | null;
  createdAt: Date;
}

/** An assignment with its targets and their names and its progress: the teacher's list and view. */
export interface AssignmentRecord extends AssignmentFacts {
  classIds: number[];
  teachingClassIds: number[];
  studentIds: number[];
  targetNames: string[];
  progress: AssignmentProgress;
}

/** A teaching class is an elective session: its course, and when it meets (day-period). */
export const teachingClassName = (session: string, course: string) => sql.raw(`${course}.name || ' (' || ${session}.day || '-' || ${session}.period || ')'`);

// An array rather than `IN (SELECT …)`: the planner cannot see how few ids a row holds and hashed the
// whole classes table for each row (3 ms a row), where `= ANY` is a lookup by primary key.
const ids = (column: SQL) => sql`ANY(ARRAY(SELECT jsonb_array_elements_text(${column})::int))`;

const PROGRESS = sql`
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE w.status NOT IN ('to_submit', 'viewed', 'no_submission'))::int AS submitted,
      count(*) FILTER (WHERE w.corrected_at IS NOT NULL)::int AS corrected,
      count(*) FILTER (WHERE w.late)::int AS late,
      count(*) FILTER (WHERE w.status IN ('to_submit', 'viewed'))::int AS missing,
      count(*) FILTER (WHERE w.status IN ('submitted', 'to_check', 'revised_pending'))::int AS waiting,
      count(*) FILTER (WHERE w.status = 'to_revise')::int AS "toRevise"
    FROM homework_works w WHERE w.assignment_id = a.id) p ON TRUE`;

const FACT_COLUMNS = sql`
  a.id, a.title, a.content, a.attachments, a.publisher_user_id AS "publisherUserId", pu.display_name AS "publisherName",
  a.end_at AS "endAt", a.end_at <= now() AS ended, a.needs_revision AS "needsRevision", a.online_submission AS "onlineSubmission", a.graded,
  a.last_reminded_at AS "lastRemindedAt", a.created_at AS "createdAt"`;

const COLUMNS = sql`
  ${FACT_COLUMNS},
  a.class_ids AS "classIds", a.teaching_class_ids AS "teachingClassIds", a.student_ids AS "studentIds",
  ARRAY(SELECT c.name FROM classes c WHERE c.id = ${ids(sql`a.class_ids`)} ORDER BY c.code)
    || ARRAY(SELECT ${teachingClassName('es', 'co')} FROM elective_sessions es JOIN courses co ON co.id = es.course_id WHERE es.id = ${ids(sql`a.teaching_class_ids`)} ORDER BY co.name, es.id)
    || ARRAY(SELECT s.name FROM students s WHERE s.id = ${ids(sql`a.student_ids`)} ORDER BY s.student_number) AS "targetNames",
  jsonb_build_object('total', p.total, 'submitted', p.submitted, 'corrected', p.corrected, 'late', p.late, 'missing', p.missing, 'waiting', p.waiting, 'toRevise', p."toRevise") AS progress`;

const FROM = sql`FROM assignments a LEFT JOIN users pu ON pu.id = a.publisher_user_id ${PROGRESS}`;

export interface AssignmentFilter {
  /** The publisher's own only; null: everyone's. */
  publisherUserId: number | null;
  title?: string;
  state?: 'open' | 'ended';
}

function assignmentWhere(filter: AssignmentFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter.publisherUserId) parts.push(sql`a.publisher_user_id = ${filter.publisherUserId}`);
  const title = matchKeyword(filter.title, TITLE_KEYWORD, aliased('a'));
  if (title) parts.push(title);
  if (filter.state === 'open') parts.push(sql`a.end_at > now()`);
  if (filter.state === 'ended') parts.push(sql`a.end_at <= now()`);
  return sql.join(parts, sql` AND `);
}

/** The teacher's assignments newest first, in the shape of every large list (platform/listPage.ts). */
export function pageAssignments(db: DbOrTx, filter: AssignmentFilter, page: { offset: number; limit: number }): Promise<PagedResult<AssignmentRecord>> {
  return pageOfList<AssignmentRecord>(
    db,
    filter.title,
    {
      matching: sql`SELECT a.id, a.created_at FROM assignments a WHERE ${assignmentWhere(filter)}`,
      // The time indexes (all, and by publisher) hold this order: a common word's page walks them.
      order: { orderBy: sql`m.created_at DESC, m.id DESC`, walk: true },
      // Names and progress for the page's assignments only: the lateral counts read each one's works.
      details: { columns: COLUMNS, joins: sql`JOIN assignments a ON a.id = chosen.id LEFT JOIN users pu ON pu.id = a.publisher_user_id ${PROGRESS}` },
    },
    page,
  );
}

export async function assignmentById(db: DbOrTx, id: number): Promise<AssignmentRecord | null> {
  const [row] = await queryRows<AssignmentRecord>(db, sql`SELECT ${COLUMNS} ${FROM} WHERE a.id = ${id}`);
  return row ?? null;
}

/**
 * The assignment without its progress and targets' names, which a write or a hand-in does not need (the
 * progress counts every student's work); `lock` holds the row for the teacher's writes.
 */
export async function assignmentFacts(db: DbOrTx, id: number, lock = false): Promise<AssignmentFacts | null> {
  const [row] = await queryRows<AssignmentFacts>(db, sql`
    SELECT ${FACT_COLUMNS} FROM assignments a LEFT JOIN users pu ON pu.id = a.publisher_user_id WHERE a.id = ${id} ${lock ? sql`FOR UPDATE OF a` : sql``}`);
  return row ?? null;
}

/** A student's work as stored, with names. */
export interface WorkRecord {
  assignmentId: number;
  studentId: number;
  studentUserId: number;
  studentName: string;
  studentNumber: string;
  studentAccount: string;
  className: string | null;
  status: HomeworkStatus;
  late: boolean;
  viewedAt: Date | null;
  submissionText: string | null;
  submissionFiles: Record<string, string[]> | null;
  submittedAt: Date | null;
  submittedByName: string | null;
  parentMessage: string | null;
  revisionNote: string | null;
  revisionRequestedAt: Date | null;
  revisionText: string | null;
  revisionFiles: Record<string, string[]> | null;
  revisedAt: Date | null;
  revisedByName: string | null;
  comment: string | null;
  score: number | null;
  grade: HomeworkGrade | null;
  correctedAt: Date | null;
  correctedByName: string | null;
}

const WORK_COLUMNS = sql`
  w.assignment_id AS "assignmentId", w.student_id AS "studentId", s.user_id AS "studentUserId", s.name AS "studentName", s.student_number AS "studentNumber",
  (SELECT su2.account FROM users su2 WHERE su2.id = s.user_id) AS "studentAccount", c.name AS "className", w.status, w.late, w.viewed_at AS "viewedAt",
  w.submission_text AS "submissionText", w.submission_files AS "submissionFiles", w.submitted_at AS "submittedAt", su.display_name AS "submittedByName",
  w.parent_message AS "parentMessage", w.revision_note AS "revisionNote", w.revision_requested_at AS "revisionRequestedAt",
  w.revision_text AS "revisionText", w.revision_files AS "revisionFiles", w.revised_at AS "revisedAt", ru.display_name AS "revisedByName",
  w.comment, w.score::float8 AS score, w.grade, w.corrected_at AS "correctedAt", cu.display_name AS "correctedByName"`;

/** A work's names, joined to `w`. */
const WORK_NAMES = sql`
  JOIN students s ON s.id = w.student_id LEFT JOIN classes c ON c.id = s.class_id
  LEFT JOIN users su ON su.id = w.submitted_by_user_id LEFT JOIN users ru ON ru.id = w.revised_by_user_id LEFT JOIN users cu ON cu.id = w.corrected_by_user_id`;

const WORK_FROM = sql`FROM homework_works w ${WORK_NAMES}`;

/** The teacher's filter of one assignment's students. */
export type WorkFilter = { status?: 'missing' | 'waiting' | 'late' | HomeworkStatus; keyword?: string };

function workWhere(assignmentId: number, filter: WorkFilter): SQL {
  const parts: SQL[] = [sql`w.assignment_id = ${assignmentId}`];
  if (filter.status === 'missing') parts.push(sql`w.status IN ('to_submit', 'viewed')`);
  else if (filter.status === 'waiting') parts.push(sql`w.status IN ('submitted', 'to_check', 'revised_pending')`);
  else if (filter.status === 'late') parts.push(sql`w.late`);
  else if (filter.status) parts.push(sql`w.status = ${filter.status}`);
  // The students matching, by their keyword indexes, among the assignment's works by its key.
  const keyword = matchKeywordAcross(filter.keyword, [{ key: sql`w.student_id`, columns: WORK_KEYWORD }]);
  if (keyword) parts.push(keyword);
  return sql.join(parts, sql` AND `);
}

/** One assignment's works by class and student number (platform/listPage.ts); a work's key within it is its student. */
export function pageWorks(db: DbOrTx, assignmentId: number, filter: WorkFilter, page: { offset: number; limit: number }): Promise<PagedResult<WorkRecord>> {
  return pageOfList<WorkRecord>(
    db,
    filter.keyword,
    {
      matching: sql`SELECT w.student_id AS id FROM homework_works w WHERE ${workWhere(assignmentId, filter)}`,
      // The student number is unique: no further tie-breaker.
      order: { joins: sql`JOIN students s ON s.id = m.id LEFT JOIN classes c ON c.id = s.class_id`, orderBy: sql`c.code NULLS LAST, s.student_number` },
      details: { columns: WORK_COLUMNS, joins: sql`JOIN homework_works w ON w.assignment_id = ${assignmentId} AND w.student_id = chosen.id ${WORK_NAMES}` },
    },
    page,
  );
}

export async function worksOf(db: DbOrTx, assignmentId: number, studentIds: readonly number[], lock = false): Promise<WorkRecord[]> {
  if (lock) await db.execute(sql`SELECT 1 FROM homework_works WHERE assignment_id = ${assignmentId} AND student_id = ANY(${intArray(studentIds)}) ORDER BY student_id FOR UPDATE`);
  return queryRows<WorkRecord>(db, sql`SELECT ${WORK_COLUMNS} ${WORK_FROM} WHERE w.assignment_id = ${assignmentId} AND w.student_id = ANY(${intArray(studentIds)}) ORDER BY s.student_number`);
}

/** 我的作业's rows: the assignment with the student's work. */
export interface MyWorkRecord {
  assignmentId: number;
  studentId: number;
  studentName: string;
  title: string;
  publisherName: string | null;
  createdAt: Date;
  endAt: Date;
  ended: boolean;
  status: HomeworkStatus;
  late: boolean;
  needsRevision: boolean;
  onlineSubmission: boolean;
  graded: boolean;
  score: number | null;
  grade: HomeworkGrade | null;
}

const TAB_CONDITION: Record<MyHomeworkTab, SQL> = {
  due: sql`w.status IN ('to_submit', 'viewed') AND a.end_at > now()`,
  overdue: sql`w.status IN ('to_submit', 'viewed') AND a.end_at <= now()`,
  toRevise: sql`w.status = 'to_revise'`,
  done: sql`w.status NOT IN ('to_submit', 'viewed', 'to_revise')`,
};

/** A student's own id, or a parent's first child's (in student-number order), as a subquery of a user id expression. */
export function firstOwnStudentOf(user: SQL): SQL {
  return sql`(SELECT own.id FROM (${ownStudentIdsOf(user)}) own(id) JOIN students s ON s.id = own.id ORDER BY s.student_number LIMIT 1)`;
}

/** Whose homework 我的作业 shows: the caller's own (a student's, a parent's first child's) or a chosen child's. */
export interface MyWorksOwner {
  userId: number;
  /** A parent's chosen child: only one of their children is found. */
  childId: number | null;
}

type MyWorksAnswer = {
  studentId: number | null;
  counts: Record<MyHomeworkTab, number>;
  rows: (Omit<MyWorkRecord, 'createdAt' | 'endAt'> & { createdAt: string; endAt: string })[] | null;
};

/**
 * The statement of one student's page and every tab's counts, for the owner's `user` and `child` (SQL of
 * values, so that one text serves a single request and a batch of them alike). The student is found once
 * (`who`) and read by the (student, assignment) index; a chosen child who is not the caller's finds nobody.
 */
function myWorksStatement(owner: { user: SQL; child: SQL; limit: SQL; offset: SQL }, filter: { tab?: MyHomeworkTab; title?: string }): { columns: SQL; joins: SQL } {
  const matched = matchKeyword(filter.title, TITLE_KEYWORD, aliased('a'));
  const title = matched ? sql`AND ${matched}` : sql``;
  const tab = filter.tab ? sql`AND ${TAB_CONDITION[filter.tab]}` : sql``;
  // Due soonest first; the other tabs newest first.
  const order = filter.tab === 'due' ? sql`a.end_at, a.id` : sql`a.created_at DESC, a.id DESC`;
  const mine = sql`FROM homework_works w JOIN assignments a ON a.id = w.assignment_id WHERE w.student_id = who.id ${title}`;
  return {
    joins: sql`CROSS JOIN LATERAL (SELECT CASE WHEN ${owner.child} IS NULL
        THEN ${firstOwnStudentOf(owner.user)}
        ELSE (SELECT g.student_id FROM guardians g WHERE g.parent_user_id = ${owner.user} AND g.student_id = ${owner.child}) END AS id) AS who`,
    columns: sql`who.id AS "studentId",
      (SELECT json_build_object('due', count(*) FILTER (WHERE ${TAB_CONDITION.due}), 'overdue', count(*) FILTER (WHERE ${TAB_CONDITION.overdue}),
        'toRevise', count(*) FILTER (WHERE ${TAB_CONDITION.toRevise}), 'done', count(*) FILTER (WHERE ${TAB_CONDITION.done})) ${mine}) AS counts,
      (SELECT json_agg(page ORDER BY page.position) FROM (
        SELECT w.assignment_id AS "assignmentId", w.student_id AS "studentId", s.name AS "studentName", a.title, pu.display_name AS "publisherName",
          a.created_at AS "createdAt", a.end_at AS "endAt", a.end_at <= now() AS ended, w.status, w.late,
          a.needs_revision AS "needsRevision", a.online_submission AS "onlineSubmission", a.graded, w.score::float8 AS score, w.grade,
          row_number() OVER (ORDER BY ${order}) AS position
        FROM homework_works w JOIN assignments a ON a.id = w.assignment_id JOIN students s ON s.id = w.student_id LEFT JOIN users pu ON pu.id = a.publisher_user_id
        WHERE w.student_id = who.id ${title} ${tab} ORDER BY ${order} LIMIT ${owner.limit} OFFSET ${owner.offset}) page) AS rows`,
  };
}

/**
 * Pages without a title, what every family opens first, by tab: concurrent families' pages share statements
 * (BatchedStatement), since on this kind of machine a statement's round trip (a socket write and a wake-up
 * on each side) costs more than the few reads of one student's homework. A request's values: user id,
 * chosen child or null, page size, offset.
 */
const myWorksBatch = batchedVariants<MyHomeworkTab | undefined, MyWorksAnswer>((tab) => {
  return perRequestStatement(myWorksStatement({ user: requestValue(0, 'int'), child: requestValue(1, 'int'), limit: requestValue(2, 'bigint'), offset: requestValue(3, 'bigint') }, { tab }), true);
});

/**
 * One student's homework for a tab, with the counts of every tab (whose figure for the tab is the total),
 * and the student it was read for (null: the caller has no such student). With a title, a named statement
 * (twenty variants: tab, and no title or a short, long or cased one): planning it costs more than running it.
 */
export async function pageMyWorks(
  db: DbOrTx,
  owner: MyWorksOwner,
  filter: { tab?: MyHomeworkTab; title?: string },
  page: { offset: number; limit: number },
): Promise<{ studentId: number | null; total: number; counts: Record<MyHomeworkTab, number>; rows: MyWorkRecord[] }> {
  let answer: MyWorksAnswer | undefined;
  if (!filter.title) {
    [answer] = await myWorksBatch(filter.tab).run(db, [owner.userId, owner.childId, page.limit, page.offset]);
  } else {
    [answer] = await queryRows<MyWorksAnswer>(db, perRequestStatement(myWorksStatement({ user: sql`${owner.userId}::int`, child: sql`${owner.childId}::int`, limit: sql`${page.limit}`, offset: sql`${page.offset}` }, filter), false), { prepared: true });
  }
  const counts = answer!.counts;
  const total = filter.tab ? counts[filter.tab] : counts.due + counts.overdue + counts.toRevise + counts.done;
  const rows = (answer!.rows ?? []).map((record) => ({ ...record, createdAt: new Date(record.createdAt), endAt: new Date(record.endAt) }));
  return { studentId: answer!.studentId, total, counts, rows };
}
