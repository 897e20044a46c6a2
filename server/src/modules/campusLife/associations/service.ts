import { sql, type SQL } from 'drizzle-orm';
import {
  ASSOCIATION_PERMISSIONS,
  DEFAULT_LANGUAGE,
  translate,
  type AssociationActivityForm,
  type AssociationActivityRow,
  type AssociationFormParsed,
  type AssociationMemberRow,
  associationSearchSchema,
  type AssociationRow,
  type PagedResult,
} from '@campus/contract';
import { associations } from '../../../db/schema/index.ts';
import { intArray, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { schoolInstant, schoolMinute } from '../../../platform/schoolClock.ts';
import { CAMPUS_LIFE_MESSAGE_TYPE } from '../activities/service.ts';

const URL = '/xysh/stgl';
const isOffice = (caller: Caller) => caller.permissions.has(ASSOCIATION_PERMISSIONS.edit);

/** The caller's student id (a student account), if any. */
const callerStudent = (caller: Caller): SQL => sql`(SELECT s.id FROM students s WHERE s.user_id = ${caller.auth.userId})`;
/** The caller's staff id, if any. */
const callerStaff = (caller: Caller): SQL => sql`(SELECT st.id FROM staff st WHERE st.user_id = ${caller.auth.userId})`;

/** The association list's keyword: the association's name. */
const ASSOCIATION_KEYWORD = keywordColumns(associations.name);

export const associationList = defineList({
  search: associationSearchSchema,
  sortColumns: { name: sql`m.name` },
  defaultSort: { field: 'name', order: 'asc' },
  tieBreaker: associations.id,
});

/** Associations by name, paged, with the caller's part in each (member, leader, advisor, the office). */
export async function pageAssociations(
  db: DbOrTx,
  caller: Caller,
  request: ListRequest<ReturnType<typeof associationList.parse>['search'], keyof typeof associationList.spec.sortColumns>,
): Promise<PagedResult<AssociationRow>> {
  const parts: SQL[] = [sql`TRUE`];
  const keyword = matchKeyword(request.search.keyword, ASSOCIATION_KEYWORD, aliased('a'));
  if (keyword) parts.push(keyword);
  if (request.search.advisorStaffId) parts.push(sql`a.advisor_staff_id = ${request.search.advisorStaffId}`);
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  return pageOfList<AssociationRow>(
    db,
    request.search.keyword,
    {
      matching: sql`SELECT a.id, a.name FROM associations a WHERE ${sql.join(parts, sql` AND `)}`,
      order: { orderBy: sql`m.name ${direction}, m.id ${direction}` },
      details: {
        columns: sql`a.id, a.name, a.description, a.advisor_staff_id AS "advisorStaffId", st.name AS "advisorName",
          (SELECT count(*)::int FROM association_members m WHERE m.association_id = a.id AND m.status = 'member') AS members,
          (SELECT count(*)::int FROM association_members m WHERE m.association_id = a.id AND m.status = 'pending') AS pending,
          (${isOffice(caller) ? sql`TRUE` : sql`a.advisor_staff_id IS NOT DISTINCT FROM ${callerStaff(caller)}`}) AS manages,
          coalesce(me.status, 'none') AS "myStatus", coalesce(me.is_leader, FALSE) AS "myLeader", coalesce(me.reason, '') AS "myReason"`,
        joins: sql`JOIN associations a ON a.id = chosen.id JOIN staff st ON st.id = a.advisor_staff_id
          LEFT JOIN association_members me ON me.association_id = a.id AND me.student_id = ${callerStudent(caller)}`,
      },
    },
    request,
  );
}

export async function staffOptions(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  return queryRows(db, sql`SELECT id, name || ' · ' || staff_number AS name FROM staff ORDER BY staff_number LIMIT 2000`);
}

async function checkName(tx: Tx, name: string, id: number | undefined): Promise<void> {
  const [taken] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM associations WHERE name = ${name} AND id <> ${id ?? 0}`);
  if (taken) throw conflict('association.nameTaken', { name });
}

export async function saveAssociation(db: Db, form: AssociationFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('associations'))`);
    await checkName(tx, form.name, form.id);
    const [advisor] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM staff WHERE id = ${form.advisorStaffId}`);
    if (!advisor) throw badRequest('association.advisorRequired');
    if (form.id) {
      const updated = await queryRows<{ id: number }>(tx, sql`
        UPDATE associations SET name = ${form.name}, advisor_staff_id = ${form.advisorStaffId}, description = ${form.description} WHERE id = ${form.id} RETURNING id`);
      if (!updated.length) throw notFound();
      return form.id;
    }
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO associations (name, advisor_staff_id, description) VALUES (${form.name}, ${form.advisorStaffId}, ${form.description}) RETURNING id`);
    return row!.id;
  });
}

export async function deleteAssociations(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [busy] = await queryRows<{ name: string }>(tx, sql`
      SELECT a.name FROM associations a WHERE a.id = ANY(${intArray(ids)}) AND EXISTS (SELECT 1 FROM association_members m WHERE m.association_id = a.id AND m.status = 'member') LIMIT 1`);
    if (busy) throw conflict('association.hasMembers', { name: busy.name });
    const gone = await queryRows<{ id: number }>(tx, sql`DELETE FROM associations WHERE id = ANY(${intArray(ids)}) RETURNING id`);
    if (gone.length !== new Set(ids).size) throw notFound();
  });
}

interface Role {
  name: string;
  advisor: boolean;
  leader: boolean;
  member: boolean;
}

/** What the caller is to an association (the row held while a change is made). */
async function roleIn(db: DbOrTx, caller: Caller, id: number, lock = false): Promise<Role> {
  const [row] = await queryRows<Role>(db, sql`
    SELECT a.name, (a.advisor_staff_id IS NOT DISTINCT FROM ${callerStaff(caller)}) AS advisor,
      coalesce(me.status = 'member' AND me.is_leader, FALSE) AS leader, coalesce(me.status = 'member', FALSE) AS member
    FROM associations a LEFT JOIN association_members me ON me.association_id = a.id AND me.student_id = ${callerStudent(caller)}
    WHERE a.id = ${id} ${lock ? sql`FOR UPDATE OF a` : sql``}`);
  if (!row) throw notFound();
  return { ...row, advisor: row.advisor || isOffice(caller) };
}

/** The advisor, the office or a leader may run the association's members and activities. */
async function requireManager(db: DbOrTx, caller: Caller, id: number, lock = false): Promise<Role> {
  const role = await roleIn(db, caller, id, lock);
  if (!role.advisor && !role.leader) throw forbidden('association.notManager');
  return role;
}

export async function members(db: DbOrTx, caller: Caller, id: number): Promise<AssociationMemberRow[]> {
  await requireManager(db, caller, id);
  const rows = await queryRows<Omit<AssociationMemberRow, 'appliedAt' | 'decidedAt'> & { appliedRaw: Date | string; decidedRaw: Date | string | null }>(db, sql`
    SELECT s.id AS "studentId", s.student_number AS "studentNumber", s.name, coalesce(c.name, '') AS "className", m.status, m.is_leader AS "isLeader", m.reason,
      m.applied_at AS "appliedRaw", m.decided_at AS "decidedRaw"
    FROM association_members m JOIN students s ON s.id = m.student_id LEFT JOIN classes c ON c.id = s.class_id
    WHERE m.association_id = ${id}
    ORDER BY CASE m.status WHEN 'pending' THEN 0 WHEN 'member' THEN 1 ELSE 2 END, m.is_leader DESC, s.student_number`);
  return rows.map(({ appliedRaw, decidedRaw, ...row }) => ({ ...row, appliedAt: schoolMinute(appliedRaw), decidedAt: decidedRaw ? schoolMinute(decidedRaw) : '' }));
}

export async function apply(db: Db, caller: Caller, input: { id: number; reason: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const [student] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM students WHERE user_id = ${caller.auth.userId}`);
    if (!student) throw forbidden('association.notStudent');
    const role = await roleIn(tx, caller, input.id, true);
    const [current] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM association_members WHERE association_id = ${input.id} AND student_id = ${student.id}`);
    if (current?.status === 'member') throw conflict('association.alreadyMember');
    if (current?.status === 'pending') throw conflict('association.alreadyPending');
    // A rejected student may apply again: the same row starts over.
    await tx.execute(sql`
      INSERT INTO association_members (association_id, student_id, status, reason) VALUES (${input.id}, ${student.id}, 'pending', ${input.reason})
      ON CONFLICT (association_id, student_id) DO UPDATE SET status = 'pending', reason = EXCLUDED.reason, applied_at = now(), decided_at = NULL, decided_by_user_id = NULL, is_leader = FALSE`);
    return role.name;
  });
}

export async function withdraw(db: Db, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await roleIn(tx, caller, id, true);
    const gone = await queryRows<{ n: number }>(tx, sql`
      DELETE FROM association_members WHERE association_id = ${id} AND student_id = ${callerStudent(caller)} AND status = 'pending' RETURNING 1 AS n`);
    if (!gone.length) throw conflict('association.noApplication');
  });
}

/** The advisor or a leader approves or rejects an application; the student hears of it. */
export async function decide(db: Db, caller: Caller, input: { id: number; studentId: number; decision: 'approve' | 'reject' }): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await requireManager(tx, caller, input.id, true);
    const [row] = await queryRows<{ userId: number | null }>(tx, sql`
      UPDATE association_members m SET status = ${input.decision === 'approve' ? 'member' : 'rejected'}, decided_at = now(), decided_by_user_id = ${caller.auth.userId}
      FROM students s WHERE s.id = m.student_id AND m.association_id = ${input.id} AND m.student_id = ${input.studentId} AND m.status = 'pending'
      RETURNING s.user_id AS "userId"`);
    if (!row) throw conflict('association.noApplication');
    if (row.userId) {
      const title = translate(DEFAULT_LANGUAGE, 'association.message.decided', { name: role.name, decision: translate(DEFAULT_LANGUAGE, `association.decision.${input.decision}`) });
      await tx.execute(sql`
        INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link) VALUES (${row.userId}, ${caller.auth.userId}, ${title}, ${title}, ${CAMPUS_LIFE_MESSAGE_TYPE}, ${URL})`);
    }
  });
}

async function requireAdvisor(tx: Tx, caller: Caller, id: number): Promise<Role> {
  const role = await roleIn(tx, caller, id, true);
  if (!role.advisor) throw forbidden('association.notAdvisor');
  return role;
}

async function memberName(tx: Tx, id: number, studentId: number): Promise<string> {
  const [row] = await queryRows<{ name: string; status: string }>(tx, sql`
    SELECT s.name, m.status FROM students s LEFT JOIN association_members m ON m.student_id = s.id AND m.association_id = ${id} WHERE s.id = ${studentId}`);
  if (!row) throw notFound();
  if (row.status !== 'member') throw conflict('association.notMember', { name: row.name });
  return row.name;
}

/** The advisor marks or unmarks a member as a leader. */
export async function setLeader(db: Db, caller: Caller, input: { id: number; studentId: number; leader: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    await requireAdvisor(tx, caller, input.id);
    await memberName(tx, input.id, input.studentId);
    await tx.execute(sql`UPDATE association_members SET is_leader = ${input.leader} WHERE association_id = ${input.id} AND student_id = ${input.studentId}`);
  });
}

export async function removeMember(db: Db, caller: Caller, input: { id: number; studentId: number }): Promise<string> {
  return db.transaction(async (tx) => {
    await requireAdvisor(tx, caller, input.id);
    const name = await memberName(tx, input.id, input.studentId);
    await tx.execute(sql`DELETE FROM association_members WHERE association_id = ${input.id} AND student_id = ${input.studentId}`);
    return name;
  });
}

/** The association's activities: its members, advisor and the office read them. */
export async function activities(db: DbOrTx, caller: Caller, id: number): Promise<AssociationActivityRow[]> {
  const role = await roleIn(db, caller, id);
  if (!role.advisor && !role.member) throw forbidden('association.notManager');
  const rows = await queryRows<Omit<AssociationActivityRow, 'startsAt' | 'endsAt'> & { startsRaw: Date | string; endsRaw: Date | string }>(db, sql`
    SELECT x.id, x.association_id AS "associationId", x.title, x.place, x.starts_at AS "startsRaw", x.ends_at AS "endsRaw", x.description,
      (SELECT count(*)::int FROM association_attendance t WHERE t.activity_id = x.id AND t.present) AS present,
      (SELECT count(*)::int FROM association_attendance t WHERE t.activity_id = x.id) AS registered,
      (SELECT t.present FROM association_attendance t WHERE t.activity_id = x.id AND t.student_id = ${callerStudent(caller)}) AS mine
    FROM association_activities x WHERE x.association_id = ${id} ORDER BY x.starts_at DESC`);
  return rows.map(({ startsRaw, endsRaw, ...row }) => ({ ...row, startsAt: schoolMinute(startsRaw), endsAt: schoolMinute(endsRaw) }));
}

export async function saveActivity(db: Db, caller: Caller, form: AssociationActivityForm): Promise<number> {
  return db.transaction(async (tx) => {
    await requireManager(tx, caller, form.associationId, true);
    if (form.id) {
      const updated = await queryRows<{ id: number }>(tx, sql`
        UPDATE association_activities SET title = ${form.title}, place = ${form.place}, starts_at = ${schoolInstant(form.startsAt)}, ends_at = ${schoolInstant(form.endsAt)},
          description = ${form.description} WHERE id = ${form.id} AND association_id = ${form.associationId} RETURNING id`);
      if (!updated.length) throw notFound();
      return form.id;
    }
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO association_activities (association_id, title, place, starts_at, ends_at, description)
      VALUES (${form.associationId}, ${form.title}, ${form.place}, ${schoolInstant(form.startsAt)}, ${schoolInstant(form.endsAt)}, ${form.description}) RETURNING id`);
    return row!.id;
  });
}

async function activityOf(tx: DbOrTx, activityId: number): Promise<{ associationId: number; started: boolean; startsRaw: Date | string }> {
  const [row] = await queryRows<{ associationId: number; started: boolean; startsRaw: Date | string }>(tx, sql`
    SELECT association_id AS "associationId", starts_at <= now() AS started, starts_at AS "startsRaw" FROM association_activities WHERE id = ${activityId}`);
  if (!row) throw notFound();
  return row;
}

export async function deleteActivity(db: Db, caller: Caller, activityId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const activity = await activityOf(tx, activityId);
    await requireManager(tx, caller, activity.associationId, true);
    await tx.execute(sql`DELETE FROM association_activities WHERE id = ${activityId}`);
  });
}

/** The members (as of now) and who came to one activity. */
export async function activityAttendance(db: DbOrTx, caller: Caller, activityId: number): Promise<{ studentId: number; studentNumber: string; name: string; className: string; present: boolean | null }[]> {
  const activity = await activityOf(db, activityId);
  await requireManager(db, caller, activity.associationId);
  return queryRows(db, sql`
    SELECT s.id AS "studentId", s.student_number AS "studentNumber", s.name, coalesce(c.name, '') AS "className", t.present
    FROM association_members m JOIN students s ON s.id = m.student_id LEFT JOIN classes c ON c.id = s.class_id
    LEFT JOIN association_attendance t ON t.activity_id = ${activityId} AND t.student_id = s.id
    WHERE m.association_id = ${activity.associationId} AND (m.status = 'member' OR t.student_id IS NOT NULL)
    ORDER BY s.student_number`);
}

export async function saveAttendance(db: Db, caller: Caller, input: { activityId: number; entries: { studentId: number; present: boolean }[] }): Promise<void> {
  await db.transaction(async (tx) => {
    const activity = await activityOf(tx, input.activityId);
    await requireManager(tx, caller, activity.associationId, true);
    if (!activity.started) throw conflict('association.attendanceTooEarly', { start: schoolMinute(activity.startsRaw) });
    const ids = [...new Set(input.entries.map((entry) => entry.studentId))];
    if (ids.length !== input.entries.length) throw badRequest();
    const [known] = await queryRows<{ n: number }>(tx, sql`
      SELECT count(*)::int AS n FROM association_members WHERE association_id = ${activity.associationId} AND status = 'member' AND student_id = ANY(${intArray(ids)})`);
    if ((known?.n ?? 0) !== ids.length) {
      const [first] = await queryRows<{ name: string }>(tx, sql`
        SELECT s.name FROM students s WHERE s.id = ANY(${intArray(ids)}) AND s.id NOT IN (SELECT student_id FROM association_members WHERE association_id = ${activity.associationId} AND status = 'member') LIMIT 1`);
      throw conflict('association.notMember', { name: first?.name ?? '' });
    }
    await tx.execute(sql`
      INSERT INTO association_attendance (activity_id, student_id, present)
      SELECT ${input.activityId}, (e->>'studentId')::int, (e->>'present')::boolean FROM jsonb_array_elements(${JSON.stringify(input.entries)}::jsonb) e
      ON CONFLICT (activity_id, student_id) DO UPDATE SET present = EXCLUDED.present`);
  });
}
