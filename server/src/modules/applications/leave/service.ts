import { sql, type SQL } from 'drizzle-orm';
import {
  LEAVE_ATTACHMENTS,
  LEAVE_DAYS_MAX,
  LEAVE_TYPE_DICTIONARY,
  LEAVE_URL,
  TRAVEL_ATTACHMENTS,
  TRAVEL_URL,
  USER_TYPES,
  CERTIFICATE_VERIFY_PATH,
  type ApplicationDetails,
  type ApplicationStatus,
  type ApplicationType,
  type ApplicationView,
  type ApprovalStep,
  type LeaveCancel,
  type LeaveCreate,
  type LeaveDuration,
  type OnLeaveRow,
  type TravelCreate,
} from '@campus/contract';
import { BatchedStatement, intArray, jsonValue, queryRows, statementText, type Db, type DbOrTx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { ownStudentIds, visibleStudents } from '../../../platform/scope.ts';
import { formatLocalTime, schoolInstant, schoolMinute } from '../../../platform/schoolClock.ts';
import { termByCode } from '../../timetable/views/queries.ts';
import { attachedFileGroups, fileGroupsOf, registerFileReadRule, registerFileReference } from '../../shared/files/service.ts';
import {
  applicationFacts,
  canDecide,
  registerApplicantPage,
  schoolText,
  startApproval,
  trailOf,
  withdrawApplication,
  APPROVAL_MESSAGE_TYPE,
} from '../approvals/service.ts';

export const LEAVE_PERMISSIONS = {
  leave: 'apply:leave',
  travel: 'apply:travel',
  /** The class teacher's "on leave today" of every class (administrators). */
  all: 'apply:leave:all',
} as const;

registerApplicantPage('studentLeave', (a) => `${LEAVE_URL}?id=${a.id}`);
registerApplicantPage('staffLeave', (a) => `${LEAVE_URL}?id=${a.id}`);
registerApplicantPage('travel', (a) => `${TRAVEL_URL}?id=${a.id}`);

// Pictures of an application: its applicant, the student's parents, the approvers (past and present) and administrators.
for (const purpose of new Set<string>([...Object.values(LEAVE_ATTACHMENTS), ...Object.values(TRAVEL_ATTACHMENTS)])) {
  registerFileReadRule(purpose, (auth, _permissions, fileId) => sql`EXISTS (
    SELECT 1 FROM applications a WHERE jsonb_exists(a.attachments->'images', ${fileId}) AND (
      a.applicant_user_id = ${auth.userId}
      OR a.student_id IN (${ownStudentIds(auth)})
      OR EXISTS (SELECT 1 FROM application_approvers p WHERE p.application_id = a.id AND p.user_id = ${auth.userId})
      OR EXISTS (SELECT 1 FROM approval_decisions d WHERE d.application_id = a.id AND d.decider_user_id = ${auth.userId})))`);
}
registerFileReference((fileId) => sql`EXISTS (SELECT 1 FROM applications a WHERE jsonb_exists(a.attachments->'images', ${fileId}))`);

const shown = (value: Date | string | null) => (value ? schoolMinute(value) : '');
const dateOf = (value: Date) => `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;

/**
 * The school days and lesson periods a leave covers, from the school calendar: days of a term that are
 * teaching days of the week, and the periods of each such day that overlap the leave.
 */
export async function leaveDuration(db: DbOrTx, start: Date, end: Date): Promise<LeaveDuration> {
  const [terms, days, periods] = await Promise.all([
    queryRows<{ startDate: string; endDate: string }>(db, sql`
      SELECT start_date::text AS "startDate", end_date::text AS "endDate" FROM terms WHERE start_date <= ${dateOf(end)}::date AND end_date >= ${dateOf(start)}::date`),
    queryRows<{ day: number }>(db, sql`SELECT day FROM week_days WHERE teaching`),
    queryRows<{ startTime: string; endTime: string }>(db, sql`SELECT start_time AS "startTime", end_time AS "endTime" FROM periods ORDER BY sort`),
  ]);
  const teaching = new Set(days.map((d) => d.day));
  let dayCount = 0;
  let periodCount = 0;
  for (let day = new Date(start.getFullYear(), start.getMonth(), start.getDate()); day <= end; day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)) {
    const text = dateOf(day);
    const weekDay = day.getDay() === 0 ? 7 : day.getDay();
    if (!teaching.has(weekDay) || !terms.some((term) => term.startDate <= text && text <= term.endDate)) continue;
    const covered = periods.filter((p) => schoolInstant(`${text} ${p.startTime}`) < end && schoolInstant(`${text} ${p.endTime}`) > start).length;
    if (covered > 0) {
      dayCount++;
      periodCount += covered;
    }
  }
  return { days: dayCount, periods: periodCount };
}

/**
 * The student a family's application is for: a student's own record, a parent's chosen child (another
 * family's child is not found); staff are refused.
 */
export async function familyStudentId(db: DbOrTx, auth: AuthContext, studentId: number | undefined): Promise<number> {
  if (auth.userType === USER_TYPES.student) {
    const [own] = await queryRows<{ id: number }>(db, sql`SELECT id FROM students WHERE user_id = ${auth.userId}`);
    if (!own) throw forbidden();
    return own.id;
  }
  if (auth.userType === USER_TYPES.parent) {
    if (studentId === undefined) throw badRequest('leave.childRequired');
    const [child] = await queryRows<{ id: number }>(db, sql`SELECT student_id AS id FROM guardians WHERE parent_user_id = ${auth.userId} AND student_id = ${studentId}`);
    if (!child) throw notFound();
    return child.id;
  }
  throw forbidden();
}

/** Whose leave the caller files: a student's own, a parent's chosen child, a staff member's own. */
async function leaveSubject(db: DbOrTx, auth: AuthContext, studentId: number | undefined): Promise<{ type: ApplicationType; studentId: number | null; staffId: number | null }> {
  if (auth.userType === USER_TYPES.student || auth.userType === USER_TYPES.parent) {
    return { type: 'studentLeave', studentId: await familyStudentId(db, auth, studentId), staffId: null };
  }
  return { type: 'staffLeave', studentId: null, staffId: await ownStaffId(db, auth) };
}

async function ownStaffId(db: DbOrTx, auth: AuthContext): Promise<number> {
  const [own] = await queryRows<{ id: number }>(db, sql`SELECT id FROM staff WHERE user_id = ${auth.userId}`);
  if (!own) throw forbidden('leave.notStaff');
  return own.id;
}

export async function createLeave(db: Db, caller: Caller, input: LeaveCreate): Promise<{ id: number; duration: LeaveDuration }> {
  const start = schoolInstant(input.startAt);
  const end = schoolInstant(input.endAt);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) throw badRequest('leave.timeFormat');
  if (end.getTime() - start.getTime() > LEAVE_DAYS_MAX * 86_400_000) throw badRequest('leave.tooLong', { days: LEAVE_DAYS_MAX });
  return db.transaction(async (tx) => {
    const subject = await leaveSubject(tx, caller.auth, input.studentId);
    const [type] = await queryRows(tx, sql`SELECT 1 FROM dictionary_items WHERE table_name = ${LEAVE_TYPE_DICTIONARY} AND code = ${input.leaveType}`);
    if (!type) throw badRequest('leave.typeRequired');
    // The same person cannot be on two leaves at once (a pending or approved one that overlaps).
    const [overlap] = await queryRows(tx, sql`
      SELECT 1 FROM applications WHERE type = ${subject.type} AND status IN ('pending', 'approved')
        AND ${subject.studentId !== null ? sql`student_id = ${subject.studentId}` : sql`staff_id = ${subject.staffId}`}
        AND start_at < ${end} AND coalesce(returned_at, end_at) > ${start}`);
    if (overlap) throw conflict('leave.overlap');
    const duration = await leaveDuration(tx, start, end);
    const images = JSON.stringify(await attachedFileGroups(tx, caller.auth, LEAVE_ATTACHMENTS, input, 'leave.attachmentInvalid'));
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO applications (type, applicant_user_id, student_id, staff_id, steps, leave_type, start_at, end_at, duration_days, duration_periods, reason, attachments)
      VALUES (${subject.type}, ${caller.auth.userId}, ${subject.studentId}, ${subject.staffId}, '[]'::jsonb, ${input.leaveType}, ${start}, ${end},
        ${duration.days}, ${duration.periods}, ${input.reason}, ${images}::jsonb)
      RETURNING id`);
    await startApproval(tx, row!.id, caller.auth.userId);
    return { id: row!.id, duration };
  });
}

export async function createTravel(db: Db, caller: Caller, input: TravelCreate): Promise<{ id: number }> {
  const start = schoolInstant(input.startAt);
  const end = schoolInstant(input.endAt);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) throw badRequest('leave.timeFormat');
  return db.transaction(async (tx) => {
    const staffId = await ownStaffId(tx, caller.auth);
    const images = JSON.stringify(await attachedFileGroups(tx, caller.auth, TRAVEL_ATTACHMENTS, input, 'leave.attachmentInvalid'));
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO applications (type, applicant_user_id, staff_id, steps, start_at, end_at, reason, destination, follower, attachments)
      VALUES ('travel', ${caller.auth.userId}, ${staffId}, '[]'::jsonb, ${start}, ${end}, ${input.reason}, ${input.destination}, ${input.follower}, ${images}::jsonb)
      RETURNING id`);
    await startApproval(tx, row!.id, caller.auth.userId);
    return { id: row!.id };
  });
}

/** Applications the caller filed, or that are for their children (either parent's), or for themselves. */
function mineCondition(auth: AuthContext): SQL {
  return sql`(a.applicant_user_id = ${auth.userId} OR a.student_id IN (${ownStudentIds(auth)}))`;
}

/** The applicant pages and the application types each one lists. */
export const APPLICANT_KINDS = {
  leave: ['studentLeave', 'staffLeave'],
  travel: ['travel'],
  daySchool: ['daySchool'],
  enrolment: ['enrolmentCertificate'],
  grade: ['gradeCertificate'],
} as const satisfies Record<string, readonly ApplicationType[]>;
export type ApplicantKind = keyof typeof APPLICANT_KINDS;

const typesOf = (kind: ApplicantKind) => sql`a.type IN (${sql.join(APPLICANT_KINDS[kind].map((type) => sql`${type}`), sql`, `)})`;

interface ApplicationRecord {
  id: number;
  type: ApplicationType;
  status: ApplicationStatus;
  applicantUserId: number;
  applicantName: string;
  studentId: number | null;
  staffId: number | null;
  subjectName: string;
  className: string;
  leaveType: string | null;
  leaveTypeName: string | null;
  startAt: Date | null;
  endAt: Date | null;
  durationDays: number | null;
  durationPeriods: number | null;
  reason: string;
  destination: string | null;
  follower: string | null;
  attachments: { images?: string[] };
  returnedAt: Date | null;
  cancelNote: string | null;
  details: ApplicationDetails;
  certSerial: string | null;
  certIssuedAt: Date | null;
  certCode: string | null;
  certRevokedAt: Date | null;
  certRevokeReason: string | null;
  currentStep: number;
  steps: ApprovalStep[];
  createdAt: Date;
  /** Filed by the caller, or for themselves or their child: theirs to withdraw and cancel. */
  mine: boolean;
}

const recordColumns = (language: string, auth: AuthContext) => sql`
  ${mineCondition(auth)} AS mine, a.id, a.type, a.status, a.applicant_user_id AS "applicantUserId", ap.display_name AS "applicantName", a.student_id AS "studentId", a.staff_id AS "staffId",
  coalesce(s.name, st.name, '') AS "subjectName", coalesce(c.name, '') AS "className", a.leave_type AS "leaveType",
  ${language === 'en' ? sql`coalesce(lt.name_en, lt.name)` : sql`lt.name`} AS "leaveTypeName",
  a.start_at AS "startAt", a.end_at AS "endAt", a.duration_days AS "durationDays", a.duration_periods AS "durationPeriods", a.reason, a.destination, a.follower,
  a.attachments, a.returned_at AS "returnedAt", a.cancel_note AS "cancelNote", a.current_step AS "currentStep", a.steps, a.created_at AS "createdAt",
  a.details, cert.serial_number AS "certSerial", cert.issued_at AS "certIssuedAt", cert.verify_code AS "certCode",
  cert.revoked_at AS "certRevokedAt", cert.revoke_reason AS "certRevokeReason"`;
const recordJoins = sql`
  JOIN users ap ON ap.id = a.applicant_user_id LEFT JOIN students s ON s.id = a.student_id LEFT JOIN classes c ON c.id = s.class_id
  LEFT JOIN staff st ON st.id = a.staff_id LEFT JOIN dictionary_items lt ON lt.table_name = ${LEAVE_TYPE_DICTIONARY} AND lt.code = a.leave_type
  LEFT JOIN certificates cert ON cert.application_id = a.id`;

export type ApplicationListRow = Omit<ApplicationView, 'trail' | 'images' | 'canDecide'>;

function toRow(record: ApplicationRecord): ApplicationListRow {
  const { mine } = record;
  return {
    id: record.id,
    type: record.type,
    status: record.status,
    applicantName: record.applicantName,
    studentId: record.studentId,
    subjectName: record.subjectName,
    className: record.className,
    leaveType: record.leaveType ?? '',
    leaveTypeName: record.leaveTypeName ?? '',
    startAt: shown(record.startAt),
    endAt: shown(record.endAt),
    duration: record.durationDays === null ? null : { days: record.durationDays, periods: record.durationPeriods ?? 0 },
    reason: record.reason,
    destination: record.destination ?? '',
    follower: record.follower ?? '',
    cancelled: record.returnedAt !== null,
    returnedAt: shown(record.returnedAt),
    cancelNote: record.cancelNote ?? '',
    step: record.currentStep,
    stepCount: record.steps.length,
    createdAt: formatLocalTime(new Date(record.createdAt)),
    details: record.details ?? {},
    termNames: [],
    certificate:
      record.certSerial && record.certCode
        ? {
            serialNumber: record.certSerial,
            issuedAt: formatLocalTime(new Date(record.certIssuedAt!)),
            verifyPath: `${CERTIFICATE_VERIFY_PATH}/${record.certCode}`,
            revokedAt: record.certRevokedAt ? formatLocalTime(new Date(record.certRevokedAt)) : '',
            revokeReason: record.certRevokeReason ?? '',
          }
        : null,
    canWithdraw: mine && record.status === 'pending',
    // 销假 once approved, while the leave has begun and not ended, and not yet recorded.
    canCancel:
      mine && record.type !== 'travel' && record.status === 'approved' && record.returnedAt === null && record.startAt !== null && record.endAt !== null && new Date(record.endAt).getTime() > Date.now(),
  };
}

export async function pageMyApplications(
  db: DbOrTx,
  caller: Caller,
  kind: ApplicantKind,
  filter: { status?: ApplicationStatus; studentId?: number },
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: ApplicationListRow[] }> {
  const conditions = [typesOf(kind), mineCondition(caller.auth)];
  if (filter.status) conditions.push(sql`a.status = ${filter.status}`);
  if (filter.studentId !== undefined) conditions.push(sql`a.student_id = ${filter.studentId}`);
  const where = sql.join(conditions, sql` AND `);
  const [counted, rows] = await Promise.all([
    queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM applications a WHERE ${where}`),
    queryRows<ApplicationRecord>(db, sql`
      SELECT ${recordColumns(caller.language, caller.auth)} FROM applications a ${recordJoins} WHERE ${where}
      ORDER BY a.created_at DESC, a.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
  ]);
  return { total: counted[0]?.total ?? 0, rows: rows.map((row) => toRow(row)) };
}

/**
 * One application with its trail: for its applicant and the student's parents, for whoever may decide it
 * or decided a step of it, and for administrators who see every application.
 */
export async function applicationDetail(db: DbOrTx, caller: Caller, id: number, seesAll: boolean): Promise<ApplicationView> {
  const [record] = await queryRows<ApplicationRecord>(db, sql`
    SELECT ${recordColumns(caller.language, caller.auth)} FROM applications a ${recordJoins}
    WHERE a.id = ${id} AND (${seesAll ? sql`TRUE` : sql`${mineCondition(caller.auth)}
      OR EXISTS (SELECT 1 FROM application_approvers p WHERE p.application_id = a.id AND p.user_id = ${caller.auth.userId})
      OR EXISTS (SELECT 1 FROM approval_decisions d WHERE d.application_id = a.id AND d.decider_user_id = ${caller.auth.userId})
      OR (a.student_id IS NOT NULL AND a.student_id IN (SELECT s2.id FROM students s2 JOIN classes c2 ON c2.id = s2.class_id JOIN staff t2 ON t2.id = c2.class_teacher_id WHERE t2.user_id = ${caller.auth.userId}))`})`);
  if (!record) throw notFound();
  const termIds = record.details?.termIds ?? [];
  const [trail, files, decide, terms] = await Promise.all([
    trailOf(db, { id: record.id, status: record.status, currentStep: record.currentStep, steps: record.steps }),
    fileGroupsOf(db, ['images'], record.attachments),
    canDecide(db, caller, record),
    termIds.length
      ? queryRows<{ name: string }>(db, sql`
          SELECT ${caller.language === 'en' ? sql`coalesce(name_en, name)` : sql`name`} AS name FROM terms WHERE id IN (SELECT unnest(${intArray(termIds)})) ORDER BY start_date`)
      : Promise.resolve([]),
  ]);
  return { ...toRow(record), termNames: terms.map((term) => term.name), images: files.images, trail, canDecide: decide };
}

/** Withdraws the caller's own (or their child's) pending application. */
export async function withdrawMine(db: Db, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const application = await applicationFacts(tx, id, true);
    if (!application) throw notFound();
    const [mine] = await queryRows(tx, sql`SELECT 1 FROM applications a WHERE a.id = ${id} AND ${mineCondition(caller.auth)}`);
    if (!mine) throw notFound();
    await withdrawApplication(tx, application, caller.auth.userId);
  });
}

/**
 * 销假: an approved leave ends when the person came back, which must fall within the original leave
 * (spec 5). The class teacher is told for a student's leave.
 */
export async function cancelLeave(db: Db, caller: Caller, input: LeaveCancel): Promise<void> {
  const returned = schoolInstant(input.returnedAt);
  if (Number.isNaN(returned.getTime())) throw badRequest('leave.timeFormat');
  await db.transaction(async (tx) => {
    const [record] = await queryRows<{ id: number; type: ApplicationType; status: ApplicationStatus; startAt: Date; endAt: Date; returnedAt: Date | null; studentId: number | null; subjectName: string }>(tx, sql`
      SELECT a.id, a.type, a.status, a.start_at AS "startAt", a.end_at AS "endAt", a.returned_at AS "returnedAt", a.student_id AS "studentId", coalesce(s.name, st.name, '') AS "subjectName"
      FROM applications a LEFT JOIN students s ON s.id = a.student_id LEFT JOIN staff st ON st.id = a.staff_id
      WHERE a.id = ${input.id} AND a.type IN ('studentLeave', 'staffLeave') AND ${mineCondition(caller.auth)} FOR UPDATE OF a`);
    if (!record) throw notFound();
    if (record.status !== 'approved') throw conflict('leave.cancelNotApproved');
    if (record.returnedAt) throw conflict('leave.alreadyCancelled');
    if (returned < new Date(record.startAt) || returned > new Date(record.endAt)) throw badRequest('leave.cancelOutside');
    await tx.execute(sql`UPDATE applications SET returned_at = ${returned}, cancel_note = ${input.note}, updated_at = now() WHERE id = ${record.id}`);
    if (record.studentId !== null) {
      await tx.execute(sql`
        INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
        SELECT st.user_id, ${caller.auth.userId}, ${schoolText('leave.message.returned', { name: record.subjectName })}, ${input.note || shown(returned)}, ${APPROVAL_MESSAGE_TYPE}, ${`${LEAVE_URL}?id=${record.id}`}
        FROM students s JOIN classes c ON c.id = s.class_id JOIN staff st ON st.id = c.class_teacher_id WHERE s.id = ${record.studentId}`);
    }
  });
}

/** A day's first and last moment on the school's clock. */
function dayBounds(date: string): { start: Date; end: Date } {
  const start = new Date(`${date}T00:00:00`);
  return { start, end: new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1) };
}

/**
 * Who is on approved leave on a day: the class teacher's classes (administrators: any class). A leave that
 * was cancelled (销假) counts until the person came back.
 */
export async function pageOnLeave(
  db: DbOrTx,
  caller: Caller,
  filter: { classId?: number; date?: string },
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: OnLeaveRow[]; date: string }> {
  // Today on the server's clock, like every time this module reads and shows.
  const date = filter.date ?? dateOf(new Date());
  const { start: dayStart, end: dayEnd } = dayBounds(date);
  const all = caller.permissions.has(LEAVE_PERMISSIONS.all);
  type Answer = { total: number; rows: (Omit<OnLeaveRow, 'startAt' | 'endAt'> & { startAt: string; endAt: string })[] | string | null };
  let row: Answer | undefined;
  if (!all && filter.classId === undefined) {
    // A class teacher opening their own list is the hot path: concurrent ones share one statement.
    [row] = await onLeaveStatement(caller.language).run(db, [caller.auth.userId, dayStart.toISOString(), dayEnd.toISOString(), page.limit, page.offset]);
  } else {
    const classes = all ? sql`SELECT id FROM classes` : ledClasses(sql`${caller.auth.userId}`);
    const where = onLeaveWhere(sql`${classes} ${filter.classId !== undefined ? sql`INTERSECT SELECT ${filter.classId}::int` : sql``}`, sql`${dayStart}`, sql`${dayEnd}`);
    [row] = await queryRows<Answer>(db, sql`SELECT ${onLeaveColumns(where, caller.language, sql`${page.limit}`, sql`${page.offset}`)}`, { prepared: true });
  }
  const rows = row?.rows ? jsonValue(row.rows) : [];
  return { date, total: Number(row?.total ?? 0), rows: rows.map((record) => ({ ...record, startAt: shown(record.startAt), endAt: shown(record.endAt) })) };
}

const ledClasses = (userId: SQL) => sql`SELECT c.id FROM classes c JOIN staff t ON t.id = c.class_teacher_id WHERE t.user_id = ${userId}`;

/** The approved-leave index (student, end) finds a class's students' leave that has not ended by the day's start. */
const onLeaveWhere = (classes: SQL, dayStart: SQL, dayEnd: SQL) => sql`s.class_id IN (${classes})
  AND a.type = 'studentLeave' AND a.status = 'approved' AND a.end_at > ${dayStart} AND a.start_at < ${dayEnd}
  AND coalesce(a.returned_at, a.end_at) > ${dayStart}`;

/** The count and one page of who is on leave, as two columns `total` and `rows` (JSON). */
function onLeaveColumns(where: SQL, language: string, limit: SQL, offset: SQL): SQL {
  const typeName = language === 'en' ? sql`coalesce(lt.name_en, lt.name)` : sql`lt.name`;
  return sql`
    (SELECT count(*)::int FROM students s JOIN applications a ON a.student_id = s.id WHERE ${where}) AS total,
    (SELECT json_agg(r ORDER BY r.position) FROM (
      SELECT a.id AS "applicationId", s.id AS "studentId", s.name AS "studentName", s.student_number AS "studentNumber", c.name AS "className",
        coalesce(${typeName}, '') AS "leaveTypeName", a.start_at AS "startAt", coalesce(a.returned_at, a.end_at) AS "endAt", a.reason,
        row_number() OVER (ORDER BY c.sort, c.id, s.student_number, a.id) AS position
      FROM students s JOIN applications a ON a.student_id = s.id JOIN classes c ON c.id = s.class_id
      LEFT JOIN dictionary_items lt ON lt.table_name = '${sql.raw(LEAVE_TYPE_DICTIONARY)}' AND lt.code = a.leave_type
      WHERE ${where} ORDER BY c.sort, c.id, s.student_number, a.id LIMIT ${limit} OFFSET ${offset}) r) AS rows`;
}

/** A class teacher's list for concurrent callers in one statement: each request is (user id, day start, day end, limit, offset). */
const onLeaveStatements = new Map<string, BatchedStatement<{ total: number; rows: string | null }>>();
function onLeaveStatement(language: string): BatchedStatement<{ total: number; rows: string | null }> {
  let statement = onLeaveStatements.get(language);
  if (!statement) {
    const input = (index: number, type: string) => sql.raw(`(request.input->>${index})::${type}`);
    const where = onLeaveWhere(ledClasses(input(0, 'int')), input(1, 'timestamptz'), input(2, 'timestamptz'));
    statement = new BatchedStatement(
      statementText(sql`SELECT request.position, ${onLeaveColumns(where, language, input(3, 'int'), input(4, 'int'))}
        FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS request(input, position)`),
    );
    onLeaveStatements.set(language, statement);
  }
  return statement;
}

/** The class teacher's dashboard figure: students of their classes on approved leave some time today. */
export async function onLeaveTodayCount(db: DbOrTx, userId: number): Promise<number> {
  const { start, end } = dayBounds(dateOf(new Date()));
  const [row] = await queryRows<{ total: number }>(db, sql`
    SELECT count(DISTINCT a.student_id)::int AS total FROM applications a JOIN students s ON s.id = a.student_id
      JOIN classes c ON c.id = s.class_id JOIN staff t ON t.id = c.class_teacher_id
    WHERE t.user_id = ${userId} AND a.type = 'studentLeave' AND a.status = 'approved'
      AND a.start_at < ${end} AND coalesce(a.returned_at, a.end_at) > ${start}`);
  return row?.total ?? 0;
}

/** A lesson a student misses on approved leave: the week day and period of the week's timetable. */
export interface MissedLesson {
  /** Week day 1 (Monday) .. 7, the timetable's zc. */
  zc: number;
  /** The period's sort, the timetable's jc. */
  jc: number;
  date: string;
  applicationId: number;
  leaveTypeName: string;
}

/**
 * The lessons of a week a student misses: every period of a day of the week that overlaps an approved
 * leave (until the return, once cancelled). Whoever may see the student may see it (the timetable's rule).
 */
export async function missedLessons(db: DbOrTx, caller: Caller, studentNumber: string, termCode: string, week: number): Promise<MissedLesson[]> {
  const [student] = await queryRows<{ id: number; visible: boolean }>(db, sql`
    SELECT s.id, ${visibleStudents(caller.auth, sql`s.id`)} AS visible FROM students s WHERE s.student_number = ${studentNumber}`);
  if (!student) throw notFound();
  if (!student.visible) throw forbidden('timetable.forbidden');
  const term = await termByCode(db, termCode);
  if (!term) throw notFound();
  if (week < 1 || week > term.weekCount) throw badRequest('timetable.weekOutOfRange', { max: term.weekCount });
  const first = new Date(`${term.startDate}T00:00:00`);
  const weekStart = new Date(first.getFullYear(), first.getMonth(), first.getDate() + (week - 1) * 7);
  const weekEnd = new Date(weekStart.getFullYear(), weekStart.getMonth(), weekStart.getDate() + 7);
  const typeName = caller.language === 'en' ? sql`coalesce(lt.name_en, lt.name)` : sql`lt.name`;
  const [leaves, periods] = await Promise.all([
    queryRows<{ id: number; startAt: Date; endAt: Date; leaveTypeName: string }>(db, sql`
      SELECT a.id, a.start_at AS "startAt", coalesce(a.returned_at, a.end_at) AS "endAt", coalesce(${typeName}, '') AS "leaveTypeName"
      FROM applications a LEFT JOIN dictionary_items lt ON lt.table_name = ${LEAVE_TYPE_DICTIONARY} AND lt.code = a.leave_type
      WHERE a.type = 'studentLeave' AND a.status = 'approved' AND a.student_id = ${student.id}
        AND a.end_at > ${weekStart} AND a.start_at < ${weekEnd} AND coalesce(a.returned_at, a.end_at) > ${weekStart}
      ORDER BY a.start_at`),
    queryRows<{ sort: number; startTime: string; endTime: string }>(db, sql`SELECT sort, start_time AS "startTime", end_time AS "endTime" FROM periods ORDER BY sort`),
  ]);
  const missed: MissedLesson[] = [];
  for (let offset = 0; offset < 7 && leaves.length; offset++) {
    const day = new Date(weekStart.getFullYear(), weekStart.getMonth(), weekStart.getDate() + offset);
    const date = dateOf(day);
    if (date < term.startDate || date > term.endDate) continue;
    for (const period of periods) {
      const from = schoolInstant(`${date} ${period.startTime}`);
      const to = schoolInstant(`${date} ${period.endTime}`);
      const leave = leaves.find((l) => new Date(l.startAt) < to && new Date(l.endAt) > from);
      if (leave) missed.push({ zc: day.getDay() === 0 ? 7 : day.getDay(), jc: period.sort, date, applicationId: leave.id, leaveTypeName: leave.leaveTypeName });
    }
  }
  return missed;
}
