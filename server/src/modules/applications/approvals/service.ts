import { sql, type SQL } from 'drizzle-orm';
import {
  APPLICATION_REVIEW_URL,
  APPLICATION_TYPES,
  canMoveApplication,
  DEFAULT_LANGUAGE,
  translate,
  type ApplicationStatus,
  type ApplicationType,
  type ApprovalDecisionInput,
  type ApprovalQueueRow,
  type ApprovalFlowView,
  type ApprovalStep,
  type ApprovalStepInput,
  type ApprovalTrailEntry,
  type ApproverKind,
  type PagedResult,
} from '@campus/contract';
import { BatchedStatement, intArray, jsonValue, queryRows, statementText, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { applications, staff, students, users } from '../../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, keywordColumns, matchKeyword, matchKeywordAcross } from '../../../platform/keyword.ts';
import { pageOfList, type ListQuery } from '../../../platform/listPage.ts';
import { formatLocalTime } from '../../../platform/schoolClock.ts';
import type { Caller } from '../../../platform/caller.ts';

/**
 * Approval chains (issue 14; the building block of docs/architecture): an application copies its type's
 * steps when it is filed; each step's approvers are found from the applicant when the application reaches
 * it and kept in application_approvers (the review queue) until it is decided.
 */

export const APPROVAL_PERMISSIONS = {
  review: 'apply:review',
  /** Administrators: decide any pending application (when a step's approver is away). */
  all: 'apply:review:all',
  flows: 'apply:flow',
} as const;

/** Dictionary STD_MESSAGE_TYPE: 审批提醒. */
export const APPROVAL_MESSAGE_TYPE = '4';

/** The seeded chains (spec 4 and issue 14). */
export const DEFAULT_FLOWS: Record<ApplicationType, ApprovalStep[]> = {
  studentLeave: [step('classTeacher'), step('divisionDirector')],
  daySchool: [step('classTeacher'), step('divisionDirector')],
  staffLeave: [step('departmentHead'), step('principal')],
  travel: [step('departmentHead'), step('principal')],
  enrolmentCertificate: [step('classTeacher'), step('academicOffice')],
  gradeCertificate: [step('classTeacher'), step('academicOffice')],
  // Filed by the class teacher (or the office): the division decides, then the academic office.
  rollChange: [step('divisionDirector'), step('academicOffice')],
  // Spec 4: a class swap or make-up lesson waits for the class's class teacher, then the academic office.
  classSwap: [step('classTeacher'), step('academicOffice')],
  makeUp: [step('classTeacher'), step('academicOffice')],
};
function step(kind: ApproverKind): ApprovalStep {
  return { kind, roleId: null, userId: null };
}

/** Messages are the recipient's to read whatever language the sender uses: the school's language. */
export const schoolText = (key: string, params?: Record<string, string | number>) => translate(DEFAULT_LANGUAGE, key, params).slice(0, 200);

/** What the chain needs to know of an application to find its approvers and write its messages. */
export interface ApplicationFacts {
  id: number;
  type: ApplicationType;
  status: ApplicationStatus;
  applicantUserId: number;
  studentId: number | null;
  staffId: number | null;
  /** The class a staff member's request is about (a class swap or make-up lesson), from its details. */
  classId: number | null;
  currentStep: number;
  steps: ApprovalStep[];
  subjectName: string;
}

/** A type's page, where the applicant reads their application (the bell's link). */
export type ApplicantLink = (application: ApplicationFacts) => string;

const APPLICANT_PAGES: Partial<Record<ApplicationType, ApplicantLink>> = {};
/** Each type's module says where its applicant reads an application. */
export function registerApplicantPage(type: ApplicationType, link: ApplicantLink): void {
  APPLICANT_PAGES[type] = link;
}

/** A type's effect once its last step approves (a certificate is made, a roll change is scheduled ...). */
const ON_APPROVED: Partial<Record<ApplicationType, (tx: Tx, application: ApplicationFacts) => Promise<void>>> = {};
export function registerOnApproved(type: ApplicationType, effect: (tx: Tx, application: ApplicationFacts) => Promise<void>): void {
  ON_APPROVED[type] = effect;
}

/** The chain of a type as configured (the seeded one when nobody changed it). */
export async function flowOf(db: DbOrTx, type: ApplicationType): Promise<ApprovalStep[]> {
  const [row] = await queryRows<{ steps: ApprovalStep[] }>(db, sql`SELECT steps FROM approval_flows WHERE type = ${type}`);
  return row?.steps ?? DEFAULT_FLOWS[type];
}

export async function listFlows(db: DbOrTx): Promise<ApprovalFlowView[]> {
  const rows = await queryRows<{ type: ApplicationType; steps: ApprovalStep[]; updatedAt: Date }>(db, sql`SELECT type, steps, updated_at AS "updatedAt" FROM approval_flows`);
  const byType = new Map(rows.map((row) => [row.type, row]));
  const named = await queryRows<{ kind: 'role' | 'user'; id: number; code: string; name: string }>(db, sql`
    SELECT 'role' AS kind, id, code, name FROM roles UNION ALL
    SELECT 'user', id, account, display_name FROM users WHERE id IN (
      SELECT (s->>'userId')::int FROM approval_flows f, jsonb_array_elements(f.steps) s WHERE s->>'userId' IS NOT NULL)`);
  const names = new Map(named.map((row) => [`${row.kind}:${row.id}`, row]));
  return APPLICATION_TYPES.map((type) => {
    const row = byType.get(type);
    return {
      type,
      steps: (row?.steps ?? DEFAULT_FLOWS[type]).map((s) => {
        const role = s.roleId ? names.get(`role:${s.roleId}`) : undefined;
        const user = s.userId ? names.get(`user:${s.userId}`) : undefined;
        return { kind: s.kind, roleCode: role?.code ?? null, roleName: role?.name ?? '', account: user?.code ?? null, userName: user?.name ?? '' };
      }),
      updatedAt: row ? formatLocalTime(new Date(row.updatedAt)) : '',
    };
  });
}

/** Replaces a type's chain; roles and people come by code and account and are kept by id. */
export async function saveFlow(db: Db, userId: number, type: ApplicationType, input: ApprovalStepInput[]): Promise<void> {
  await db.transaction(async (tx) => {
    const steps: ApprovalStep[] = [];
    for (const s of input) {
      let roleId: number | null = null;
      let personId: number | null = null;
      if (s.kind === 'role') {
        // A dynamic role has no members a step could wait for.
        const [role] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM roles WHERE code = ${s.roleCode} AND enabled AND role_type <> 'dynamic'`);
        if (!role) throw badRequest('approval.roleMissing');
        roleId = role.id;
      }
      if (s.kind === 'person') {
        const [user] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM users WHERE account = ${s.account} AND enabled AND user_type IN (1, 3)`);
        if (!user) throw badRequest('approval.personMissing');
        personId = user.id;
      }
      steps.push({ kind: s.kind, roleId, userId: personId });
    }
    await tx.execute(sql`
      INSERT INTO approval_flows (type, steps, updated_at, updated_by_user_id) VALUES (${type}, ${JSON.stringify(steps)}::jsonb, now(), ${userId})
      ON CONFLICT (type) DO UPDATE SET steps = excluded.steps, updated_at = now(), updated_by_user_id = excluded.updated_by_user_id`);
  });
}

// ---- finding approvers ----

/** The division of the student's grade (students) or of the staff member's campus's division appointment. */
const studentDivision = (studentId: number) => sql`(SELECT g.division_id FROM students s JOIN classes c ON c.id = s.class_id JOIN grades g ON g.id = c.grade_id WHERE s.id = ${studentId})`;

function appointed(kind: string, orgUnit?: SQL): SQL {
  return sql`SELECT st.user_id FROM staff_appointments a JOIN staff st ON st.id = a.staff_id JOIN users u ON u.id = st.user_id AND u.enabled
    WHERE a.kind = ${kind} ${orgUnit ? sql`AND a.org_unit_id = ${orgUnit}` : sql``}`;
}

/** The users who may decide a step of this application (before the fallback). */
function approversOf(application: Pick<ApplicationFacts, 'studentId' | 'staffId' | 'classId'>, s: ApprovalStep): SQL | null {
  const { studentId, staffId, classId } = application;
  switch (s.kind) {
    case 'classTeacher':
      if (studentId === null) {
        return classId === null
          ? null
          : sql`SELECT st.user_id FROM classes c JOIN staff st ON st.id = c.class_teacher_id JOIN users u ON u.id = st.user_id AND u.enabled WHERE c.id = ${classId}`;
      }
      return sql`SELECT st.user_id FROM students s JOIN classes c ON c.id = s.class_id JOIN staff st ON st.id = c.class_teacher_id JOIN users u ON u.id = st.user_id AND u.enabled WHERE s.id = ${studentId}`;
    case 'divisionDirector':
      return studentId === null ? null : appointed('divisionDirector', studentDivision(studentId));
    case 'principal':
      return appointed('principal');
    case 'departmentHead':
      return staffId === null ? appointed('departmentHead', sql`(SELECT id FROM org_units WHERE code = 'dept-academic')`) : appointed('departmentHead', sql`(SELECT working_dept_id FROM staff WHERE id = ${staffId})`);
    case 'academicOffice':
      return appointed('departmentHead', sql`(SELECT id FROM org_units WHERE code = 'dept-academic')`);
    case 'role':
      return sql`SELECT ur.user_id FROM user_roles ur JOIN users u ON u.id = ur.user_id AND u.enabled WHERE ur.role_id = ${s.roleId}`;
    case 'person':
      return sql`SELECT id FROM users WHERE id = ${s.userId} AND enabled`;
  }
}

/**
 * The approvers of a step. When nobody but the applicant can decide it (no class teacher, the department
 * head applying for themselves), the principal can, and where there is no principal the administrators:
 * an application never waits for nobody, and the applicant never decides it.
 */
async function resolveApprovers(tx: DbOrTx, application: ApplicationFacts, s: ApprovalStep): Promise<number[]> {
  const query = approversOf(application, s);
  const found = query ? (await queryRows<{ userId: number }>(tx, sql`SELECT DISTINCT user_id AS "userId" FROM (${query}) q(user_id)`)).map((row) => row.userId) : [];
  if (found.some((id) => id !== application.applicantUserId)) return found;
  const principals = (await queryRows<{ userId: number }>(tx, sql`SELECT DISTINCT user_id AS "userId" FROM (${appointed('principal')}) q(user_id)`))
    .map((row) => row.userId)
    .filter((id) => id !== application.applicantUserId);
  if (principals.length) return [...found, ...principals];
  const admins = await queryRows<{ userId: number }>(tx, sql`
    SELECT ur.user_id AS "userId" FROM user_roles ur JOIN roles r ON r.id = ur.role_id AND r.code = 'admin' JOIN users u ON u.id = ur.user_id AND u.enabled
    WHERE ur.user_id <> ${application.applicantUserId}`);
  return [...found, ...admins.map((row) => row.userId)];
}

async function message(tx: DbOrTx, recipients: number[], senderUserId: number | null, title: string, content: string, link: string): Promise<void> {
  if (!recipients.length) return;
  await tx.execute(sql`
    INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
    SELECT r, ${senderUserId}, ${title}, ${content}, ${APPROVAL_MESSAGE_TYPE}, ${link} FROM unnest(${intArray(recipients)}) AS r`);
}

const typeName = (type: ApplicationType) => schoolText(`approval.type.${type}`);

const reviewLink = (id: number) => `${APPLICATION_REVIEW_URL}?id=${id}`;

/**
 * Ends the current step: its approvers leave the queue, and their unread "waits for your review" messages
 * are read (it no longer waits for them).
 */
async function closeStep(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`
    UPDATE messages SET status = 1, read_at = now()
    WHERE recipient_user_id IN (SELECT user_id FROM application_approvers WHERE application_id = ${id}) AND status = 0 AND link = ${reviewLink(id)}`);
  await tx.execute(sql`DELETE FROM application_approvers WHERE application_id = ${id}`);
}

/** Puts the application at a step: its approvers replace the previous step's, and each gets a bell message. */
async function enterStep(tx: Tx, application: ApplicationFacts, stepNumber: number, senderUserId: number): Promise<void> {
  const approvers = await resolveApprovers(tx, application, application.steps[stepNumber - 1]!);
  await closeStep(tx, application.id);
  if (approvers.length) {
    await tx.execute(sql`INSERT INTO application_approvers (application_id, user_id) SELECT ${application.id}, u FROM unnest(${intArray(approvers)}) AS u ON CONFLICT DO NOTHING`);
  }
  await message(
    tx,
    approvers.filter((id) => id !== application.applicantUserId),
    senderUserId,
    schoolText('approval.message.waiting', { type: typeName(application.type), name: application.subjectName }),
    schoolText('approval.message.waitingContent', { step: stepNumber, count: application.steps.length }),
    reviewLink(application.id),
  );
}

/**
 * Files an application whose row the caller's type module has just written (status pending, step 1): the
 * steps are copied from the type's chain and the first step's approvers are found and told.
 */
export async function startApproval(tx: Tx, applicationId: number, senderUserId: number): Promise<void> {
  const [row] = await queryRows<{ type: ApplicationType }>(tx, sql`SELECT type FROM applications WHERE id = ${applicationId}`);
  if (!row) throw notFound();
  const steps = await flowOf(tx, row.type);
  await tx.execute(sql`UPDATE applications SET steps = ${JSON.stringify(steps)}::jsonb, current_step = 1 WHERE id = ${applicationId}`);
  const facts = await applicationFacts(tx, applicationId);
  await enterStep(tx, facts!, 1, senderUserId);
}

export async function applicationFacts(db: DbOrTx, id: number, lock = false): Promise<ApplicationFacts | null> {
  const [row] = await queryRows<ApplicationFacts>(db, sql`
    SELECT a.id, a.type, a.status, a.applicant_user_id AS "applicantUserId", a.student_id AS "studentId", a.staff_id AS "staffId",
      (a.details->>'classId')::int AS "classId", a.current_step AS "currentStep", a.steps, coalesce(s.name, st.name, '') AS "subjectName"
    FROM applications a LEFT JOIN students s ON s.id = a.student_id LEFT JOIN staff st ON st.id = a.staff_id
    WHERE a.id = ${id} ${lock ? sql`FOR UPDATE OF a` : sql``}`);
  return row ?? null;
}

const applicantLink = (application: ApplicationFacts) => APPLICANT_PAGES[application.type]?.(application) ?? APPLICATION_REVIEW_URL;

/**
 * Approves or rejects applications at their current step, all or none: each must be pending, the caller
 * must be among its step's approvers (or hold the administrators' right) and must not be its applicant.
 */
export async function decideApplications(db: Db, caller: Caller, input: ApprovalDecisionInput): Promise<{ approved: number; rejected: number; advanced: number }> {
  return db.transaction((tx) => decideWithin(tx, caller.auth.userId, caller.permissions.has(APPROVAL_PERMISSIONS.all), input));
}

/** decideApplications inside a transaction the caller holds (the demo seed decides as the approvers). */
export async function decideWithin(tx: Tx, userId: number, seesAll: boolean, input: ApprovalDecisionInput): Promise<{ approved: number; rejected: number; advanced: number }> {
  const ids = [...new Set(input.ids)].sort((a, b) => a - b);
  const rows = await queryRows<ApplicationFacts & { mine: boolean }>(tx, sql`
    SELECT a.id, a.type, a.status, a.applicant_user_id AS "applicantUserId", a.student_id AS "studentId", a.staff_id AS "staffId",
      a.current_step AS "currentStep", a.steps, coalesce(s.name, st.name, '') AS "subjectName",
      EXISTS (SELECT 1 FROM application_approvers p WHERE p.application_id = a.id AND p.user_id = ${userId}) AS mine
    FROM applications a LEFT JOIN students s ON s.id = a.student_id LEFT JOIN staff st ON st.id = a.staff_id
    WHERE a.id IN (SELECT unnest(${intArray(ids)})) ORDER BY a.id FOR UPDATE OF a`);
  if (rows.length !== ids.length) throw notFound();
  for (const row of rows) {
    // Spec section 9: 'You cannot audit yourself', also when the caller holds the step's role.
    if (row.applicantUserId === userId) throw forbidden('approval.self');
    if (!row.mine && !seesAll) throw forbidden('approval.notYourStep');
    const to: ApplicationStatus = input.decision === 'reject' ? 'rejected' : row.currentStep >= row.steps.length ? 'approved' : 'pending';
    if (!canMoveApplication(row.status, to)) throw conflict('approval.notPending', { name: row.subjectName });
  }
  let approved = 0;
  let rejected = 0;
  let advanced = 0;
  for (const row of rows) {
    await tx.execute(sql`
      INSERT INTO approval_decisions (application_id, step, decision, decider_user_id, comment)
      VALUES (${row.id}, ${row.currentStep}, ${input.decision}, ${userId}, ${input.comment})`);
    const stepText = { type: typeName(row.type), name: row.subjectName, step: row.currentStep, count: row.steps.length };
    if (input.decision === 'reject') {
      rejected++;
      await tx.execute(sql`UPDATE applications SET status = 'rejected', decided_at = now(), updated_at = now() WHERE id = ${row.id}`);
      await closeStep(tx, row.id);
      await message(tx, [row.applicantUserId], userId, schoolText('approval.message.rejected', stepText), input.comment, applicantLink(row));
    } else if (row.currentStep >= row.steps.length) {
      approved++;
      await tx.execute(sql`UPDATE applications SET status = 'approved', decided_at = now(), updated_at = now() WHERE id = ${row.id}`);
      await closeStep(tx, row.id);
      await ON_APPROVED[row.type]?.(tx, { ...row, status: 'approved' });
      await message(tx, [row.applicantUserId], userId, schoolText('approval.message.approved', stepText), input.comment, applicantLink(row));
    } else {
      advanced++;
      const next = row.currentStep + 1;
      await tx.execute(sql`UPDATE applications SET current_step = ${next}, updated_at = now() WHERE id = ${row.id}`);
      await message(tx, [row.applicantUserId], userId, schoolText('approval.message.stepApproved', stepText), input.comment, applicantLink(row));
      await enterStep(tx, { ...row, currentStep: next }, next, userId);
    }
  }
  return { approved, rejected, advanced };
}

/** The applicant (or, for a child's application, either parent) withdraws it while it is pending. */
export async function withdrawApplication(tx: Tx, application: ApplicationFacts, userId: number): Promise<void> {
  if (!canMoveApplication(application.status, 'withdrawn')) throw conflict('approval.cannotWithdraw');
  await tx.execute(sql`
    INSERT INTO approval_decisions (application_id, step, decision, decider_user_id) VALUES (${application.id}, ${application.currentStep}, 'withdraw', ${userId})`);
  await tx.execute(sql`UPDATE applications SET status = 'withdrawn', decided_at = now(), updated_at = now() WHERE id = ${application.id}`);
  await closeStep(tx, application.id);
}

/** An application's trail: every decided step, then the step under review with who may decide it. */
export async function trailOf(db: DbOrTx, application: Pick<ApplicationFacts, 'id' | 'status' | 'currentStep' | 'steps'>): Promise<ApprovalTrailEntry[]> {
  const decisions = await queryRows<{ step: number; decision: 'approve' | 'reject' | 'withdraw'; deciderName: string | null; comment: string; decidedAt: Date }>(db, sql`
    SELECT d.step, d.decision, u.display_name AS "deciderName", d.comment, d.decided_at AS "decidedAt"
    FROM approval_decisions d LEFT JOIN users u ON u.id = d.decider_user_id WHERE d.application_id = ${application.id} ORDER BY d.decided_at, d.id`);
  const trail: ApprovalTrailEntry[] = decisions.map((d) => ({
    step: d.step,
    kind: application.steps[d.step - 1]?.kind ?? 'person',
    approverNames: [],
    decision: d.decision,
    deciderName: d.deciderName ?? '',
    comment: d.comment,
    decidedAt: formatLocalTime(new Date(d.decidedAt)),
  }));
  if (application.status === 'pending') {
    const waiting = await queryRows<{ name: string }>(db, sql`
      SELECT u.display_name AS name FROM application_approvers p JOIN users u ON u.id = p.user_id WHERE p.application_id = ${application.id} ORDER BY u.display_name`);
    trail.push({
      step: application.currentStep,
      kind: application.steps[application.currentStep - 1]?.kind ?? 'person',
      approverNames: waiting.map((w) => w.name),
      decision: null,
      deciderName: '',
      comment: '',
      decidedAt: '',
    });
  }
  return trail;
}

/** Whether the caller may decide the application now. */
export async function canDecide(db: DbOrTx, caller: Caller, application: Pick<ApplicationFacts, 'id' | 'status' | 'applicantUserId'>): Promise<boolean> {
  if (application.status !== 'pending' || application.applicantUserId === caller.auth.userId) return false;
  if (caller.permissions.has(APPROVAL_PERMISSIONS.all)) return true;
  const [row] = await queryRows(db, sql`SELECT 1 FROM application_approvers WHERE application_id = ${application.id} AND user_id = ${caller.auth.userId}`);
  return Boolean(row);
}

// ---- 申请审核: the review queue ----

/** A one-line description of an application for the queue and its messages. */
const summary = (language: string) => sql`concat_ws(' ', nullif(coalesce(${language === 'en' ? sql`coalesce(lt.name_en, lt.name)` : sql`lt.name`}, ''), ''), nullif(coalesce(a.destination, ''), ''), nullif(a.details->>'purpose', ''), nullif(a.details->>'summary', ''),
  CASE WHEN a.start_at IS NOT NULL THEN to_char(a.start_at, 'YYYY-MM-DD HH24:MI') || ' ~ ' || to_char(a.end_at, 'YYYY-MM-DD HH24:MI') END)`;

/** The queue's keyword: the applicant's name or its initials, or those of the student or staff member it is for. */
const APPLICANT_KEYWORD = keywordColumns(users.displayName, users.nameInitials);
const STUDENT_KEYWORD = keywordColumns(students.name, students.nameInitials);
const STAFF_KEYWORD = keywordColumns(staff.name, staff.nameInitials);
/** The same names as the database keeps them on each application, indexed among the pending ones (migration 0054). */
const PEOPLE_KEYWORD = keywordColumns(applications.peopleNames);

/**
 * The keyword over applications `a`. Pending ones are found by their own names' pieces; decided ones (any
 * status, a whole history) by each person's table and the applications' indexes by person.
 */
function applicationKeyword(keyword: string | undefined, pending: boolean): SQL | undefined {
  if (pending) return matchKeyword(keyword, PEOPLE_KEYWORD, aliased('a'));
  return matchKeywordAcross(keyword, [
    { key: sql`a.applicant_user_id`, columns: APPLICANT_KEYWORD },
    { key: sql`a.student_id`, columns: STUDENT_KEYWORD },
    { key: sql`a.staff_id`, columns: STAFF_KEYWORD },
  ]);
}

/**
 * The caller's part of the queue as a list's matching rows (pageOfList): the steps waiting for them (an
 * administrator with the right sees every pending application) by application id, which grows with filing
 * time, oldest first; or their decisions, newest first.
 */
function queueList(caller: Caller, decided: boolean, filter: { type?: ApplicationType; keyword?: string }): ListQuery {
  const userId = caller.auth.userId;
  const keyword = applicationKeyword(filter.keyword, !decided);
  const details = (joins: SQL, mine: SQL) => ({ columns: sql`${queueColumns(caller.language)}, ${mine}`, joins: sql`${joins} ${queueJoins}` });
  if (decided) {
    // A decided application may be at any status, pending again at a later step included.
    return {
      matching: sql`SELECT d.id, d.decided_at FROM approval_decisions d ${filter.type ? sql`JOIN applications ta ON ta.id = d.application_id AND ta.type = ${filter.type}` : sql``}
        WHERE d.decider_user_id = ${userId} AND d.decision <> 'withdraw'
        ${keyword ? sql`AND d.application_id = ANY(ARRAY(SELECT a.id FROM applications a WHERE ${keyword}))` : sql``}`,
      order: { orderBy: sql`m.decided_at DESC, m.id DESC` },
      details: details(
        sql`JOIN approval_decisions d ON d.id = chosen.id JOIN applications a ON a.id = d.application_id`,
        sql`d.decision AS "myDecision", d.comment AS "myComment", d.decided_at AS "decidedAt"`,
      ),
    };
  }
  const waiting = details(sql`JOIN applications a ON a.id = chosen.id`, sql`NULL AS "myDecision", NULL AS "myComment", NULL AS "decidedAt"`);
  if (caller.permissions.has(APPROVAL_PERMISSIONS.all)) {
    return {
      matching: sql`SELECT a.id FROM applications a WHERE a.status = 'pending' ${filter.type ? sql`AND a.type = ${filter.type}` : sql``} ${keyword ? sql`AND ${keyword}` : sql``}`,
      order: { orderBy: sql`m.id` },
      details: waiting,
    };
  }
  // An application has approvers only while it is pending (closeStep), so its matches are found among the
  // pending ones, through their small indexes, before the caller's queue is asked about them.
  return {
    matching: sql`SELECT p.application_id AS id FROM application_approvers p ${filter.type ? sql`JOIN applications ta ON ta.id = p.application_id AND ta.type = ${filter.type}` : sql``}
      WHERE p.user_id = ${userId}
      ${keyword ? sql`AND p.application_id = ANY(ARRAY(SELECT a.id FROM applications a WHERE a.status = 'pending' AND ${keyword}))` : sql``}`,
    order: { orderBy: sql`m.id` },
    details: waiting,
  };
}

export async function pageQueue(
  db: DbOrTx,
  caller: Caller,
  filter: { view?: 'waiting' | 'decided'; type?: ApplicationType; keyword?: string },
  page: { offset: number; limit: number },
): Promise<PagedResult<ApprovalQueueRow>> {
  const decided = filter.view === 'decided';
  const admin = caller.permissions.has(APPROVAL_PERMISSIONS.all);
  let found: PagedResult<QueueRaw>;
  if (!decided && !admin && !filter.type && !filter.keyword?.trim()) {
    // An approver opening their own queue is the hot path: concurrent ones share one statement.
    const [row] = await waitingQueueStatement(caller.language).run(db, [caller.auth.userId, page.limit, page.offset]);
    found = { total: Number(row?.total ?? 0), rows: row?.rows ? jsonValue(row.rows) : [] };
  } else {
    found = await pageOfList<QueueRaw>(db, filter.keyword, queueList(caller, decided, filter), page);
  }
  return {
    ...found,
    rows: found.rows.map((record) => ({
      id: record.id,
      type: record.type,
      status: record.status,
      applicantName: record.applicantName,
      subjectName: record.subjectName,
      className: record.className,
      summary: record.summary ?? '',
      step: record.step,
      stepCount: record.stepCount,
      createdAt: formatLocalTime(new Date(record.createdAt)),
      decidedAt: record.decidedAt ? formatLocalTime(new Date(record.decidedAt)) : '',
      myDecision: record.myDecision,
      myComment: record.myComment ?? '',
    })),
  };
}

type QueueRaw = Omit<ApprovalQueueRow, 'createdAt' | 'decidedAt' | 'myDecision' | 'myComment'> & {
  createdAt: string | Date;
  decidedAt: string | Date | null;
  myDecision: 'approve' | 'reject' | null;
  myComment: string | null;
};
interface QueueAnswer {
  total: number;
  rows: QueueRaw[] | string | null;
}

/** A queue row's columns of its application `a` (and the names `queueJoins` brings). */
const queueColumns = (language: string) => sql`
  a.id, a.type, a.status, ap.display_name AS "applicantName", coalesce(s.name, st.name, '') AS "subjectName", coalesce(c.name, '') AS "className",
  ${summary(language)} AS summary, a.current_step AS step, jsonb_array_length(a.steps) AS "stepCount", a.created_at AS "createdAt"`;
const queueJoins = sql`
  JOIN users ap ON ap.id = a.applicant_user_id LEFT JOIN students s ON s.id = a.student_id LEFT JOIN classes c ON c.id = s.class_id
  LEFT JOIN staff st ON st.id = a.staff_id
  LEFT JOIN dictionary_items lt ON lt.table_name = 'STD_LEAVE_TYPE' AND lt.code = a.leave_type`;

/** The page's rows as JSON: `picked` chooses and orders them; only then are their names read. */
function queueRows(language: string, picked: SQL, pageOrder: SQL): SQL {
  return sql`
    SELECT json_agg(r ORDER BY ${pageOrder}) FROM (
      SELECT ${queueColumns(language)}, a."myDecision", a."myComment", a."decidedAt", a.position
      FROM (${picked}) a ${queueJoins}) r`;
}

/**
 * An approver's waiting queue without filters, for concurrent callers in one statement (BatchedStatement):
 * each request is (user id, limit, offset); its count and page are read as the single statement does.
 */
const waitingQueueStatements = new Map<string, BatchedStatement<QueueAnswer>>();
function waitingQueueStatement(language: string): BatchedStatement<QueueAnswer> {
  let statement = waitingQueueStatements.get(language);
  if (!statement) {
    const user = sql.raw('(request.input->>0)::int');
    statement = new BatchedStatement<QueueAnswer>(
      statementText(sql`
        SELECT request.position, (SELECT count(*)::int FROM application_approvers p WHERE p.user_id = ${user}) AS total,
          (${queueRows(
            language,
            sql`SELECT a.*, NULL AS "myDecision", NULL AS "myComment", NULL AS "decidedAt", a.id AS position
                FROM application_approvers p JOIN applications a ON a.id = p.application_id WHERE p.user_id = ${user}
                ORDER BY p.application_id LIMIT (request.input->>1)::int OFFSET (request.input->>2)::int`,
            sql`r.position`,
          )}) AS rows
        FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS request(input, position)`),
    );
    waitingQueueStatements.set(language, statement);
  }
  return statement;
}

/** A dashboard figure: applications waiting for the caller. */
export async function waitingForApprover(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`
    SELECT count(*)::int AS count FROM application_approvers p JOIN applications a ON a.id = p.application_id
    WHERE p.user_id = ${userId} AND a.applicant_user_id <> ${userId}`);
  return row?.count ?? 0;
}

export { typeName as applicationTypeName };
