import { sql, type SQL } from 'drizzle-orm';
import {
  ROLL_ATTACHMENTS,
  ROLL_CHANGE_INTO_CLASS,
  ROLL_CHANGE_URL,
  ROLL_STATUS_AFTER,
  type ApplicationDetails,
  type ApplicationStatus,
  type RollChangeCreate,
  type RollChangeEffect,
  type RollChangeKind,
  type PagedResult,
  type RollChangeRow,
  type RollClassOption,
  type RollStudentOption,
} from '@campus/contract';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { students } from '../../../db/schema/index.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { formatLocalTime } from '../../../platform/schoolClock.ts';
import { attachedFileGroups, registerFileReadRule } from '../../shared/files/service.ts';
import { schoolToday } from '../../timetable/views/service.ts';
import { APPROVAL_MESSAGE_TYPE, registerApplicantPage, registerOnApproved, schoolText, startApproval, type ApplicationFacts } from '../../applications/approvals/service.ts';
import { registerJobHandler } from '../../system/jobs/registry.ts';

export const ROLL_PERMISSIONS = {
  change: 'roll:change',
  /** Changes of every student (the academic office); a class teacher files for their own classes. */
  all: 'roll:change:all',
} as const;

registerApplicantPage('rollChange', (a) => `${ROLL_CHANGE_URL}?id=${a.id}`);

/** The classes the caller leads. */
const ledClasses = (userId: number) => sql`SELECT c.id FROM classes c JOIN staff t ON t.id = c.class_teacher_id WHERE t.user_id = ${userId}`;

/**
 * The students the caller files changes for: every student with the office's right; otherwise those of
 * the classes they lead, and those who left one of them by a change (to resume a suspended student).
 */
function studentsInScope(caller: Caller, student: SQL): SQL {
  if (caller.permissions.has(ROLL_PERMISSIONS.all)) return sql`TRUE`;
  const mine = ledClasses(caller.auth.userId);
  return sql`(${student}.class_id IN (${mine}) OR (${student}.class_id IS NULL AND EXISTS (
    SELECT 1 FROM roll_changes r WHERE r.student_id = ${student}.id AND r.effect = 'effective' AND r.from_class_id IN (${mine}))))`;
}

// The supporting photo: whoever may read the change (the applicant, its approvers, the office).
registerFileReadRule(ROLL_ATTACHMENTS.images, (auth, permissions, fileId) =>
  permissions.has(ROLL_PERMISSIONS.all)
    ? sql`TRUE`
    : sql`EXISTS (SELECT 1 FROM applications a WHERE a.type = 'rollChange' AND jsonb_exists(a.attachments->'images', ${fileId}) AND (
        a.applicant_user_id = ${auth.userId}
        OR EXISTS (SELECT 1 FROM application_approvers p WHERE p.application_id = a.id AND p.user_id = ${auth.userId})
        OR EXISTS (SELECT 1 FROM approval_decisions d WHERE d.application_id = a.id AND d.decider_user_id = ${auth.userId})))`,
);

/** The keyword of the change list and of the student choice: the student's name, its pinyin initials or number. */
const STUDENT_KEYWORD = keywordColumns(students.name, students.nameInitials, students.studentNumber);

export async function rollStudents(db: DbOrTx, caller: Caller, keyword: string): Promise<RollStudentOption[]> {
  const matching = matchKeyword(keyword, STUDENT_KEYWORD, aliased('s'));
  return queryRows<RollStudentOption>(db, sql`
    SELECT s.id, s.name, s.student_number AS "studentNumber", s.class_id AS "classId", coalesce(c.name, '') AS "className",
      s.enrolment_status AS "enrolmentStatus", s.in_school_status AS "inSchoolStatus"
    FROM students s LEFT JOIN classes c ON c.id = s.class_id
    WHERE ${studentsInScope(caller, sql`s`)} ${matching ? sql`AND ${matching}` : sql``}
    ORDER BY s.class_id NULLS LAST, s.student_number LIMIT 20`);
}

export async function rollClasses(db: DbOrTx): Promise<RollClassOption[]> {
  return queryRows<RollClassOption>(db, sql`
    SELECT c.id, c.name, g.name AS "gradeName", (SELECT count(*)::int FROM students s WHERE s.class_id = c.id) AS size, c.capacity
    FROM classes c JOIN grades g ON g.id = c.grade_id ORDER BY g.sort, c.sort, c.id`);
}

/** Refuses a class that has no room left ('Class size is full or over'); the class row is locked until the write ends. */
async function requireRoom(tx: Tx, classId: number): Promise<{ name: string }> {
  const [row] = await queryRows<{ name: string; capacity: number }>(tx, sql`SELECT name, capacity FROM classes WHERE id = ${classId} FOR UPDATE`);
  if (!row) throw notFound();
  const [size] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM students WHERE class_id = ${classId}`);
  if ((size?.n ?? 0) >= row.capacity) throw conflict('roll.classFull');
  return { name: row.name };
}

interface StudentRoll {
  id: number;
  name: string;
  classId: number | null;
  className: string;
  enrolmentStatus: string;
  inSchoolStatus: string;
  inScope: boolean;
}

async function lockStudent(tx: Tx, caller: Caller, studentId: number): Promise<StudentRoll> {
  const [student] = await queryRows<StudentRoll>(tx, sql`
    SELECT s.id, s.name, s.class_id AS "classId", coalesce(c.name, '') AS "className", s.enrolment_status AS "enrolmentStatus",
      s.in_school_status AS "inSchoolStatus", ${studentsInScope(caller, sql`s`)} AS "inScope"
    FROM students s LEFT JOIN classes c ON c.id = s.class_id WHERE s.id = ${studentId} FOR UPDATE OF s`);
  if (!student) throw notFound();
  if (!student.inScope) throw forbidden('roll.notYourStudent');
  return student;
}

/** Files a change: checked against the student's roll as it is, then sent through the chain. */
export async function createRollChange(db: Db, caller: Caller, input: RollChangeCreate): Promise<{ id: number }> {
  if (input.effectiveDate < schoolToday()) throw badRequest('roll.datePast');
  return db.transaction(async (tx) => {
    const student = await lockStudent(tx, caller, input.studentId);
    const [open] = await queryRows(tx, sql`
      SELECT 1 FROM roll_changes r JOIN applications a ON a.id = r.application_id
      WHERE r.student_id = ${student.id} AND r.effect = 'waiting' AND a.status IN ('pending', 'approved')`);
    if (open) throw conflict('roll.alreadyOpen', { name: student.name });
    const intoClass = ROLL_CHANGE_INTO_CLASS.includes(input.kind);
    if ((input.kind === 'transferOut' || input.kind === 'suspend') && (student.enrolmentStatus !== '1' || student.inSchoolStatus !== '1')) {
      throw conflict('roll.notEnrolled', { name: student.name });
    }
    if (input.kind === 'resume' && student.enrolmentStatus !== '2') throw conflict('roll.notSuspended', { name: student.name });
    let toClassName = '';
    if (intoClass) {
      if (input.toClassId === student.classId) throw conflict('roll.sameClass', { name: student.name });
      toClassName = (await requireRoom(tx, input.toClassId!)).name;
    }
    const images = JSON.stringify(await attachedFileGroups(tx, caller.auth, ROLL_ATTACHMENTS, input, 'roll.photoInvalid'));
    const details: ApplicationDetails = {
      changeKind: input.kind,
      fromClassId: student.classId,
      fromClassName: student.className,
      toClassId: intoClass ? input.toClassId! : null,
      toClassName,
      effectiveDate: input.effectiveDate,
      school: input.school,
    };
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO applications (type, applicant_user_id, student_id, steps, start_at, reason, details, attachments)
      VALUES ('rollChange', ${caller.auth.userId}, ${student.id}, '[]'::jsonb, ${new Date(`${input.effectiveDate}T00:00:00`)}, ${input.reason}, ${JSON.stringify(details)}::jsonb, ${images}::jsonb)
      RETURNING id`);
    await tx.execute(sql`
      INSERT INTO roll_changes (application_id, student_id, kind, from_class_id, to_class_id, effective_date, school)
      VALUES (${row!.id}, ${student.id}, ${input.kind}, ${student.classId}, ${intoClass ? input.toClassId! : null}, ${input.effectiveDate}::date, ${input.school})`);
    await startApproval(tx, row!.id, caller.auth.userId);
    return { id: row!.id };
  });
}

/**
 * Makes an approved change take effect: the class, the enrolment status and the in-school status in one
 * write, the statuses before kept on the change. The parents and the applicant are told.
 */
export async function applyRollChange(tx: Tx, applicationId: number, senderUserId: number | null): Promise<void> {
  const [change] = await queryRows<{ studentId: number; kind: RollChangeKind; toClassId: number | null; effect: RollChangeEffect; applicantUserId: number; studentName: string }>(tx, sql`
    SELECT r.student_id AS "studentId", r.kind, r.to_class_id AS "toClassId", r.effect, a.applicant_user_id AS "applicantUserId", s.name AS "studentName"
    FROM roll_changes r JOIN applications a ON a.id = r.application_id JOIN students s ON s.id = r.student_id
    WHERE r.application_id = ${applicationId} FOR UPDATE OF r`);
  if (!change || change.effect !== 'waiting') return;
  const [student] = await queryRows<{ enrolmentStatus: string; inSchoolStatus: string }>(tx, sql`
    SELECT enrolment_status AS "enrolmentStatus", in_school_status AS "inSchoolStatus" FROM students WHERE id = ${change.studentId} FOR UPDATE`);
  if (ROLL_CHANGE_INTO_CLASS.includes(change.kind) && change.toClassId !== null) await requireRoom(tx, change.toClassId);
  const after = ROLL_STATUS_AFTER[change.kind];
  // Transferred and suspended students leave the class list (and so its timetable); the others join theirs.
  const classId = ROLL_CHANGE_INTO_CLASS.includes(change.kind) ? change.toClassId : null;
  await tx.execute(sql`
    UPDATE students SET class_id = ${classId}, enrolment_status = ${after.enrolment}, in_school_status = ${after.inSchool} WHERE id = ${change.studentId}`);
  // Leaving the school's classes leaves this term's electives and teaching classes too (their seats go back to others).
  if (!ROLL_CHANGE_INTO_CLASS.includes(change.kind)) {
    await tx.execute(sql`
      DELETE FROM elective_enrolments WHERE student_id = ${change.studentId}
        AND session_id IN (SELECT es.id FROM elective_sessions es JOIN terms t ON t.id = es.term_id WHERE t.end_date >= ${schoolToday()}::date)`);
    // Teaching classes keep the student listed as removed (spec 4), by whoever filed the change.
    await tx.execute(sql`
      UPDATE teaching_class_students SET removed_at = now(), removed_by_user_id = ${change.applicantUserId}
      WHERE student_id = ${change.studentId} AND removed_at IS NULL
        AND teaching_class_id IN (SELECT tc.id FROM teaching_classes tc JOIN terms t ON t.id = tc.term_id WHERE t.end_date >= ${schoolToday()}::date)`);
  }
  await tx.execute(sql`
    UPDATE roll_changes SET effect = 'effective', effected_at = now(), enrolment_status_before = ${student!.enrolmentStatus}, in_school_status_before = ${student!.inSchoolStatus}
    WHERE application_id = ${applicationId}`);
  const title = schoolText('roll.message.effective', { name: change.studentName, kind: schoolText(`roll.kind.${change.kind}`) });
  await tx.execute(sql`
    INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
    SELECT DISTINCT recipient, ${senderUserId}::int, ${title}, ${title}, ${APPROVAL_MESSAGE_TYPE}, ${`${ROLL_CHANGE_URL}?id=${applicationId}`}
    FROM (SELECT ${change.applicantUserId}::int AS recipient UNION SELECT parent_user_id FROM guardians WHERE student_id = ${change.studentId}) r`);
}

// The last approval makes a change due today (or earlier) take effect at once; later ones wait for the job.
registerOnApproved('rollChange', async (tx: Tx, application: ApplicationFacts) => {
  const [due] = await queryRows(tx, sql`SELECT 1 FROM roll_changes WHERE application_id = ${application.id} AND effective_date <= ${schoolToday()}::date`);
  if (due) await applyRollChange(tx, application.id, null);
});

/** The daily job: every approved change whose date has come, each in its own transaction. */
export async function applyDueRollChanges(db: Db, today = schoolToday()): Promise<{ applied: number; blocked: number }> {
  const due = await queryRows<{ id: number }>(db, sql`
    SELECT r.application_id AS id FROM roll_changes r JOIN applications a ON a.id = r.application_id
    WHERE r.effect = 'waiting' AND r.effective_date <= ${today}::date AND a.status = 'approved' ORDER BY r.effective_date, r.application_id`);
  let applied = 0;
  let blocked = 0;
  for (const { id } of due) {
    try {
      await db.transaction((tx) => applyRollChange(tx, id, null));
      applied++;
    } catch {
      // A class that filled up since the approval: the change waits until there is room.
      blocked++;
    }
  }
  return { applied, blocked };
}

registerJobHandler({
  name: 'applyRollChanges',
  descriptionKey: 'jobs.handler.applyRollChanges',
  async run({ db }) {
    const { applied, blocked } = await applyDueRollChanges(db);
    return `applied=${applied} blocked=${blocked}`;
  },
});

const rowColumns = sql`
  a.id, s.id AS "studentId", s.name AS "studentName", s.student_number AS "studentNumber", r.kind,
  coalesce(a.details->>'fromClassName', '') AS "fromClassName", coalesce(a.details->>'toClassName', '') AS "toClassName",
  to_char(r.effective_date, 'YYYY-MM-DD') AS "effectiveDate", r.school, a.reason, a.status,
  CASE WHEN a.status IN ('rejected', 'withdrawn') THEN 'void' ELSE r.effect END AS effect, r.effected_at AS "effectedAt",
  ap.display_name AS "applicantName", a.created_at AS "createdAt", a.current_step AS step, jsonb_array_length(a.steps) AS "stepCount", a.applicant_user_id AS "applicantUserId"`;
const rowJoins = sql`FROM roll_changes r JOIN applications a ON a.id = r.application_id JOIN students s ON s.id = r.student_id JOIN users ap ON ap.id = a.applicant_user_id`;

type RawRow = Omit<RollChangeRow, 'effectedAt' | 'createdAt' | 'canWithdraw'> & { effectedAt: Date | null; createdAt: Date; applicantUserId: number; status: ApplicationStatus };
const toRow = (caller: Caller) => (row: RawRow): RollChangeRow => {
  const { applicantUserId, ...rest } = row;
  return {
    ...rest,
    effectedAt: row.effectedAt ? formatLocalTime(new Date(row.effectedAt)) : '',
    createdAt: formatLocalTime(new Date(row.createdAt)),
    canWithdraw: applicantUserId === caller.auth.userId && row.status === 'pending',
  };
};

/** The changes a caller reads: the office every one; a class teacher those of their students, those they filed, and those into or out of their classes. */
function visibleChanges(caller: Caller): SQL {
  if (caller.permissions.has(ROLL_PERMISSIONS.all)) return sql`TRUE`;
  const mine = ledClasses(caller.auth.userId);
  return sql`(${studentsInScope(caller, sql`s`)} OR a.applicant_user_id = ${caller.auth.userId} OR r.from_class_id IN (${mine}) OR r.to_class_id IN (${mine}))`;
}

/** Whether the caller reads this change (the list's rule, so that every listed change opens). */
export async function canReadChange(db: DbOrTx, caller: Caller, applicationId: number): Promise<boolean> {
  const [row] = await queryRows(db, sql`SELECT 1 ${rowJoins} WHERE a.id = ${applicationId} AND ${visibleChanges(caller)}`);
  return Boolean(row);
}

export async function pageRollChanges(
  db: DbOrTx,
  caller: Caller,
  filter: { keyword?: string; kind?: RollChangeKind; status?: ApplicationStatus; effect?: RollChangeEffect; classId?: number },
  page: { offset: number; limit: number },
): Promise<PagedResult<RollChangeRow>> {
  // A class teacher sees the changes of their students and those they filed; the office every change.
  const conditions: SQL[] = [visibleChanges(caller)];
  const keyword = matchKeyword(filter.keyword, STUDENT_KEYWORD, aliased('s'));
  if (keyword) conditions.push(keyword);
  if (filter.kind) conditions.push(sql`r.kind = ${filter.kind}`);
  if (filter.status) conditions.push(sql`a.status = ${filter.status}`);
  if (filter.effect === 'void') conditions.push(sql`a.status IN ('rejected', 'withdrawn')`);
  else if (filter.effect) conditions.push(sql`r.effect = ${filter.effect} AND a.status IN ('pending', 'approved')`);
  if (filter.classId !== undefined) conditions.push(sql`(r.from_class_id = ${filter.classId} OR r.to_class_id = ${filter.classId})`);
  const where = sql.join(conditions, sql` AND `);
  const [counted, rows] = await Promise.all([
    countMatches(db, sql`SELECT 1 ${rowJoins} WHERE ${where}`, filter.keyword),
    queryRows<RawRow>(db, sql`SELECT ${rowColumns} ${rowJoins} WHERE ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
  ]);
  return { ...counted, rows: rows.map(toRow(caller)) };
}

/** A student's changes, oldest first: the history of their roll. */
export async function rollHistory(db: DbOrTx, caller: Caller, studentId: number): Promise<RollChangeRow[]> {
  const [student] = await queryRows<{ inScope: boolean }>(db, sql`SELECT ${studentsInScope(caller, sql`s`)} AS "inScope" FROM students s WHERE s.id = ${studentId}`);
  if (!student) throw notFound();
  const rows = await queryRows<RawRow & { visible: boolean }>(db, sql`
    SELECT ${rowColumns}, ${visibleChanges(caller)} AS visible ${rowJoins} WHERE r.student_id = ${studentId} ORDER BY r.effective_date, a.id`);
  // A student in the caller's scope shows their whole history; another one only if one of their changes is the caller's to read.
  if (!student.inScope && !rows.some((row) => row.visible)) throw notFound();
  return rows.map(({ visible: _visible, ...row }) => toRow(caller)(row));
}
