import { sql, type SQL } from 'drizzle-orm';
import {
  ASSIGNMENT_ATTACHMENTS,
  ASSIGNMENT_URL,
  canMoveHomework,
  DEFAULT_LANGUAGE,
  HOMEWORK_REMIND_INTERVAL_MINUTES,
  MY_HOMEWORK_URL,
  SUBMISSION_ATTACHMENTS,
  translate,
  USER_TYPES,
  type AssignmentAttachmentGroup,
  type AssignmentAttachments,
  type AssignmentCreate,
  type AssignmentDetail,
  type AssignmentRow,
  type AssignmentUpdate,
  type HomeworkCorrect,
  type HomeworkStatus,
  type HomeworkSubmission,
  type HomeworkSubmit,
  type HomeworkWork,
  type HomeworkWorkRow,
  type Language,
  type MyHomeworkDetail,
  type MyHomeworkRow,
  type MyHomeworkTab,
  type PagedResult,
  type SubmissionAttachmentGroup,
  type SubmissionAttachments,
} from '@campus/contract';
import { intArray, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { cleanRichText, isRichTextEmpty } from '../../../platform/richText.ts';
import { ownStudentIds, taughtClassIds } from '../../../platform/scope.ts';
import { formatLocalTime, schoolInstant } from '../../../platform/schoolClock.ts';
import { attachedFileGroups, fileGroupsOf, registerFileReadRule, registerFileReference } from '../../shared/files/service.ts';
import { messagePreview, type Caller } from '../common.ts';
import {
  assignmentById,
  assignmentFacts,
  pageAssignments,
  firstOwnStudentOf,
  pageMyWorks,
  pageWorks,
  teachingClassName,
  worksOf,
  type AssignmentFilter,
  type AssignmentFacts,
  type AssignmentRecord,
  type WorkFilter,
  type WorkRecord,
} from './queries.ts';

export const HOMEWORK_PERMISSIONS = {
  view: 'homeSchool:assignment',
  edit: 'homeSchool:assignment:edit',
  remove: 'homeSchool:assignment:delete',
  /** Every teacher's homework and every class (administrators). */
  all: 'homeSchool:assignment:all',
  mine: 'homeSchool:myHomework',
} as const;

/** Dictionary STD_MESSAGE_TYPE: 作业提醒. */
const HOMEWORK_MESSAGE_TYPE = '2';

const seesAll = (caller: Caller) => caller.permissions.has(HOMEWORK_PERMISSIONS.all);
const studentLink = (assignmentId: number) => `${MY_HOMEWORK_URL}?id=${assignmentId}`;
const parentLink = (assignmentId: number, studentId: number) => `${MY_HOMEWORK_URL}?id=${assignmentId}&student=${studentId}`;
const teacherLink = (assignmentId: number, studentId: number) => `${ASSIGNMENT_URL}?id=${assignmentId}&student=${studentId}`;
const formatted = (value: Date | string | null) => (value ? formatLocalTime(new Date(value)) : null);
/** Messages are the recipient's to read whatever language the sender uses: the school's language. */
const school = (key: string, params?: Record<string, string | number>) => translate(DEFAULT_LANGUAGE, key, params).slice(0, 200);

// Files of an assignment: its students, their parents and whoever manages it; files of a submission: the
// student, their parents and the assignment's publisher (and administrators, who read every file).
const inGroups = (column: SQL, fileId: SQL) => sql`EXISTS (SELECT 1 FROM jsonb_each(${column}) AS groups WHERE jsonb_exists(groups.value, ${fileId}))`;
for (const purpose of new Set<string>(Object.values(ASSIGNMENT_ATTACHMENTS))) {
  registerFileReadRule(purpose, (auth, permissions, fileId) => sql`(
    EXISTS (SELECT 1 FROM assignments a WHERE ${inGroups(sql`a.attachments`, fileId)}
      AND (a.publisher_user_id = ${auth.userId} OR ${permissions.has(HOMEWORK_PERMISSIONS.all)}
        OR EXISTS (SELECT 1 FROM homework_works w WHERE w.assignment_id = a.id AND w.student_id IN (${ownStudentIds(auth)}))))
    OR EXISTS (SELECT 1 FROM homework_works w JOIN assignments a ON a.id = w.assignment_id
      WHERE (${inGroups(sql`coalesce(w.submission_files, '{}'::jsonb)`, fileId)} OR ${inGroups(sql`coalesce(w.revision_files, '{}'::jsonb)`, fileId)})
        AND (a.publisher_user_id = ${auth.userId} OR ${permissions.has(HOMEWORK_PERMISSIONS.all)} OR w.student_id IN (${ownStudentIds(auth)}))))`);
}
registerFileReference((fileId) => sql`(
  EXISTS (SELECT 1 FROM assignments a WHERE ${inGroups(sql`a.attachments`, fileId)})
  OR EXISTS (SELECT 1 FROM homework_works w WHERE w.submission_files IS NOT NULL AND ${inGroups(sql`w.submission_files`, fileId)})
  OR EXISTS (SELECT 1 FROM homework_works w WHERE w.revision_files IS NOT NULL AND ${inGroups(sql`w.revision_files`, fileId)}))`);

const ASSIGNMENT_GROUPS = Object.keys(ASSIGNMENT_ATTACHMENTS) as AssignmentAttachmentGroup[];
const SUBMISSION_GROUPS = Object.keys(SUBMISSION_ATTACHMENTS) as SubmissionAttachmentGroup[];

/** The content as stored: cleaned rich text that still says something. */
function cleanContent(html: string): string {
  const cleaned = cleanRichText(html);
  if (isRichTextEmpty(cleaned)) throw badRequest('homework.contentRequired');
  return cleaned;
}

function checkedEndAt(text: string): Date {
  const endAt = schoolInstant(text);
  if (Number.isNaN(endAt.getTime()) || formatLocalTime(endAt).slice(0, 16) !== text) throw badRequest('homework.endAtFormat');
  if (endAt.getTime() <= Date.now()) throw badRequest('homework.endAtPast');
  return endAt;
}

function toRow(record: AssignmentRecord): AssignmentRow {
  return {
    id: record.id,
    title: record.title,
    publisherName: record.publisherName ?? '',
    createdAt: formatLocalTime(new Date(record.createdAt)),
    endAt: formatLocalTime(new Date(record.endAt)).slice(0, 16),
    ended: record.ended,
    needsRevision: record.needsRevision,
    onlineSubmission: record.onlineSubmission,
    graded: record.graded,
    targetNames: record.targetNames,
    progress: record.progress,
  };
}

/** Classes and teaching classes the caller may assign to. */
export async function assignmentTargets(db: DbOrTx, caller: Caller): Promise<{ classes: { id: number; name: string; gradeName: string }[]; teachingClasses: { id: number; name: string }[] }> {
  const all = seesAll(caller);
  const [classes, teachingClasses] = await Promise.all([
    queryRows<{ id: number; name: string; gradeName: string }>(db, sql`
      SELECT c.id, c.name, coalesce(g.name, '') AS "gradeName" FROM classes c LEFT JOIN grades g ON g.id = c.grade_id
      WHERE ${all ? sql`TRUE` : sql`c.id IN (${taughtClassIds(caller.auth)})`} ORDER BY g.sort NULLS LAST, c.code`),
    queryRows<{ id: number; name: string }>(db, sql`
      SELECT es.id, ${teachingClassName('es', 'co')} AS name FROM elective_sessions es JOIN courses co ON co.id = es.course_id
      JOIN terms t ON t.id = es.term_id AND t.is_current
      WHERE ${all ? sql`TRUE` : sql`es.teacher_id IN (SELECT st.id FROM staff st WHERE st.user_id = ${caller.auth.userId})`}
      ORDER BY co.name, es.id`),
  ]);
  return { classes, teachingClasses };
}

/** The students an assignment reaches, each once; refuses a class, session or student outside the caller's teaching. */
async function targetStudents(tx: Tx, caller: Caller, input: Pick<AssignmentCreate, 'classIds' | 'teachingClassIds' | 'studentIds'>): Promise<number[]> {
  const all = seesAll(caller);
  const classIds = [...new Set(input.classIds)];
  const sessionIds = [...new Set(input.teachingClassIds)];
  const studentIds = [...new Set(input.studentIds)];
  const [classes, sessions, students] = await Promise.all([
    queryRows<{ id: number; mine: boolean }>(tx, sql`
      SELECT c.id, ${all ? sql`TRUE` : sql`c.id IN (${taughtClassIds(caller.auth)})`} AS mine FROM classes c WHERE c.id = ANY(${intArray(classIds)})`),
    queryRows<{ id: number; mine: boolean }>(tx, sql`
      SELECT es.id, ${all ? sql`TRUE` : sql`es.teacher_id IN (SELECT st.id FROM staff st WHERE st.user_id = ${caller.auth.userId})`} AS mine
      FROM elective_sessions es JOIN terms t ON t.id = es.term_id AND t.is_current WHERE es.id = ANY(${intArray(sessionIds)})`),
    queryRows<{ id: number; mine: boolean }>(tx, sql`
      SELECT s.id, ${
        all
          ? sql`TRUE`
          : sql`(s.class_id IN (${taughtClassIds(caller.auth)}) OR s.id IN (SELECT e.student_id FROM elective_enrolments e JOIN elective_sessions es ON es.id = e.session_id
              JOIN terms t ON t.id = es.term_id AND t.is_current JOIN staff st ON st.id = es.teacher_id WHERE st.user_id = ${caller.auth.userId}))`
      } AS mine
      FROM students s WHERE s.id = ANY(${intArray(studentIds)}) AND s.in_school_status = '1'`),
  ]);
  if (classes.length !== classIds.length || sessions.length !== sessionIds.length || students.length !== studentIds.length) throw notFound();
  if ([...classes, ...sessions, ...students].some((row) => !row.mine)) throw forbidden('homework.classNotYours');
  const reached = await queryRows<{ id: number }>(tx, sql`
    SELECT s.id FROM students s WHERE s.in_school_status = '1' AND (
      s.class_id = ANY(${intArray(classIds)})
      OR s.id IN (SELECT e.student_id FROM elective_enrolments e WHERE e.session_id = ANY(${intArray(sessionIds)}))
      OR s.id = ANY(${intArray(studentIds)}))`);
  return reached.map((row) => row.id);
}

/**
 * Messages about one assignment to students and their parents: each student's own link, and each parent's
 * with the child (a parent of two children in the class gets one per child).
 */
async function messageFamilies(tx: Tx, senderUserId: number, assignmentId: number, studentIds: SQL, title: string, content: string, parentsOnly = false): Promise<void> {
  await tx.execute(sql`
    INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
    SELECT s.user_id, ${senderUserId}::int, ${title}::text, ${content}::text, ${HOMEWORK_MESSAGE_TYPE}::text, ${studentLink(assignmentId)}::text
      FROM students s JOIN users u ON u.id = s.user_id AND u.enabled WHERE s.id IN (${studentIds}) AND NOT ${parentsOnly}::boolean
    UNION ALL
    SELECT g.parent_user_id, ${senderUserId}::int, ${title}::text, ${content}::text, ${HOMEWORK_MESSAGE_TYPE}::text, ${`${MY_HOMEWORK_URL}?id=${assignmentId}&student=`}::text || g.student_id
      FROM guardians g JOIN users u ON u.id = g.parent_user_id AND u.enabled WHERE g.student_id IN (${studentIds})`);
}


/** Assigning: checks everything, stores the assignment, a work row per student and their messages, at once. */
export async function createAssignment(db: Db, caller: Caller, input: AssignmentCreate): Promise<{ id: number; count: number }> {
  const endAt = checkedEndAt(input.endAt);
  const content = cleanContent(input.content);
  return db.transaction(async (tx) => {
    const studentIds = await targetStudents(tx, caller, input);
    if (studentIds.length === 0) throw badRequest('homework.noStudents');
    const attachments = await attachedFileGroups(tx, caller.auth, ASSIGNMENT_ATTACHMENTS, input, 'homework.attachmentInvalid');
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO assignments (title, content, attachments, publisher_user_id, end_at, needs_revision, online_submission, graded, class_ids, teaching_class_ids, student_ids)
      VALUES (${input.title}, ${content}, ${JSON.stringify(attachments)}::jsonb, ${caller.auth.userId}, ${endAt}, ${input.needsRevision}, ${input.onlineSubmission}, ${input.graded},
        ${JSON.stringify([...new Set(input.classIds)])}::jsonb, ${JSON.stringify([...new Set(input.teachingClassIds)])}::jsonb, ${JSON.stringify([...new Set(input.studentIds)])}::jsonb)
      RETURNING id`);
    const id = created!.id;
    await tx.execute(sql`
      INSERT INTO homework_works (assignment_id, student_id, status)
      SELECT ${id}, unnest(${intArray(studentIds)}), ${input.onlineSubmission ? 'to_submit' : 'no_submission'}`);
    await messageFamilies(tx, caller.auth.userId, id, sql`SELECT unnest(${intArray(studentIds)})`, school('homework.message.assigned', { title: input.title }), messagePreview(input.title));
    return { id, count: studentIds.length };
  });
}

/** The assignment if the caller manages it (its publisher, or an administrator). */
async function managed(db: DbOrTx, caller: Caller, id: number, lock = false): Promise<AssignmentFacts> {
  const record = await assignmentFacts(db, id, lock);
  if (!record) throw notFound();
  if (!seesAll(caller) && record.publisherUserId !== caller.auth.userId) throw forbidden('homework.notYours');
  return record;
}

export async function updateAssignment(db: Db, caller: Caller, input: AssignmentUpdate): Promise<void> {
  const content = cleanContent(input.content);
  await db.transaction(async (tx) => {
    const record = await managed(tx, caller, input.id, true);
    if (record.ended) throw conflict('homework.expired');
    if (record.onlineSubmission !== input.onlineSubmission) throw badRequest('homework.onlineSubmissionFixed');
    const endAt = checkedEndAt(input.endAt);
    const attachments = await attachedFileGroups(tx, caller.auth, ASSIGNMENT_ATTACHMENTS, input, 'homework.attachmentInvalid');
    await tx.execute(sql`
      UPDATE assignments SET title = ${input.title}, content = ${content}, attachments = ${JSON.stringify(attachments)}::jsonb, end_at = ${endAt},
        needs_revision = ${input.needsRevision}, graded = ${input.graded}, updated_at = now()
      WHERE id = ${input.id}`);
  });
}

export async function deleteAssignments(db: Db, caller: Caller, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    for (const id of unique) await managed(tx, caller, id, true);
    const works = await queryRows<{ assignmentId: number; studentId: number }>(tx, sql`
      SELECT assignment_id AS "assignmentId", student_id AS "studentId" FROM homework_works WHERE assignment_id = ANY(${intArray(unique)})`);
    const links = [...unique.map(studentLink), ...works.flatMap((work) => [parentLink(work.assignmentId, work.studentId), teacherLink(work.assignmentId, work.studentId)])];
    await tx.execute(sql`DELETE FROM messages WHERE type = ${HOMEWORK_MESSAGE_TYPE} AND link = ANY(${sql.param(links)}::text[])`);
    await tx.execute(sql`DELETE FROM assignments WHERE id = ANY(${intArray(unique)})`);
  });
}

export async function listAssignments(
  db: DbOrTx,
  caller: Caller,
  search: Omit<AssignmentFilter, 'publisherUserId'>,
  page: { offset: number; limit: number },
): Promise<PagedResult<AssignmentRow>> {
  const { rows, ...counted } = await pageAssignments(db, { ...search, publisherUserId: seesAll(caller) ? null : caller.auth.userId }, page);
  return { ...counted, rows: rows.map(toRow) };
}

export async function assignmentDetail(db: DbOrTx, caller: Caller, id: number): Promise<AssignmentDetail> {
  const record = await assignmentById(db, id);
  if (!record || (!seesAll(caller) && record.publisherUserId !== caller.auth.userId)) throw notFound();
  const [attachments, classes, teachingClasses, students] = await Promise.all([
    fileGroupsOf(db, ASSIGNMENT_GROUPS, record.attachments),
    queryRows<{ id: number; name: string }>(db, sql`SELECT c.id, c.name FROM classes c WHERE c.id = ANY(${intArray(record.classIds)}) ORDER BY c.code`),
    queryRows<{ id: number; name: string }>(db, sql`
      SELECT es.id, ${teachingClassName('es', 'co')} AS name FROM elective_sessions es JOIN courses co ON co.id = es.course_id WHERE es.id = ANY(${intArray(record.teachingClassIds)}) ORDER BY co.name, es.id`),
    queryRows<{ id: number; name: string; studentNumber: string }>(db, sql`
      SELECT s.id, s.name, s.student_number AS "studentNumber" FROM students s WHERE s.id = ANY(${intArray(record.studentIds)}) ORDER BY s.student_number`),
  ]);
  return { ...toRow(record), content: record.content, attachments: attachments as AssignmentAttachments, classes, teachingClasses, students, lastRemindedAt: formatted(record.lastRemindedAt) };
}

function toWorkRow(work: WorkRecord): HomeworkWorkRow {
  return {
    assignmentId: work.assignmentId,
    studentId: work.studentId,
    studentName: work.studentName,
    studentNumber: work.studentNumber,
    studentAccount: work.studentAccount,
    className: work.className ?? '',
    status: work.status,
    late: work.late,
    revisionNote: work.revisionNote ?? '',
    revisionRequestedAt: formatted(work.revisionRequestedAt),
    comment: work.comment ?? '',
    score: work.score,
    grade: work.grade,
    correctedAt: formatted(work.correctedAt),
    correctedByName: work.correctedByName ?? '',
    parentMessage: work.parentMessage ?? '',
    submittedAt: formatted(work.submittedAt),
    revisedAt: formatted(work.revisedAt),
  };
}

async function toWork(db: DbOrTx, work: WorkRecord): Promise<HomeworkWork> {
  const submission = async (text: string | null, files: Record<string, string[]> | null, at: Date | null, by: string | null): Promise<HomeworkSubmission | null> =>
    at ? { text: text ?? '', attachments: (await fileGroupsOf(db, SUBMISSION_GROUPS, files)) as SubmissionAttachments, submittedAt: formatted(at)!, submittedByName: by ?? '' } : null;
  const { submittedAt: _submitted, revisedAt: _revised, ...row } = toWorkRow(work);
  return {
    ...row,
    submission: await submission(work.submissionText, work.submissionFiles, work.submittedAt, work.submittedByName),
    revision: await submission(work.revisionText, work.revisionFiles, work.revisedAt, work.revisedByName),
  };
}

export async function listWorks(db: DbOrTx, caller: Caller, assignmentId: number, filter: WorkFilter, page: { offset: number; limit: number }): Promise<PagedResult<HomeworkWorkRow>> {
  const record = await assignmentFacts(db, assignmentId);
  if (!record || (!seesAll(caller) && record.publisherUserId !== caller.auth.userId)) throw notFound();
  const { rows, ...counted } = await pageWorks(db, assignmentId, filter, page);
  return { ...counted, rows: rows.map(toWorkRow) };
}

/** One student's work for the teacher: opening a handed-in one moves it to "to be checked", and reads its message. */
export async function openWork(db: Db, caller: Caller, assignmentId: number, studentId: number): Promise<HomeworkWork> {
  return db.transaction(async (tx) => {
    const record = await assignmentFacts(tx, assignmentId);
    if (!record || (!seesAll(caller) && record.publisherUserId !== caller.auth.userId)) throw notFound();
    const [work] = await worksOf(tx, assignmentId, [studentId], true);
    if (!work) throw notFound();
    if (work.status === 'submitted') {
      await tx.execute(sql`UPDATE homework_works SET status = 'to_check', updated_at = now() WHERE assignment_id = ${assignmentId} AND student_id = ${studentId}`);
      work.status = 'to_check';
    }
    await tx.execute(sql`
      UPDATE messages SET status = 1, read_at = now() WHERE recipient_user_id = ${caller.auth.userId} AND status = 0 AND link = ${teacherLink(assignmentId, studentId)}`);
    return toWork(tx, work);
  });
}

const statusName = (language: Language, status: HomeworkStatus) => translate(language, `homework.status.${status}`);

/** Locks the works of a teacher's action and refuses the whole action if any of them may not make the move. */
async function movableWorks(tx: Tx, caller: Caller, record: AssignmentFacts, studentIds: number[], to: HomeworkStatus): Promise<WorkRecord[]> {
  const unique = [...new Set(studentIds)];
  const works = await worksOf(tx, record.id, unique, true);
  if (works.length !== unique.length) throw notFound();
  const stuck = works.find((work) => !canMoveHomework(work.status, to));
  if (stuck) {
    throw conflict('homework.transition', { name: stuck.studentName, from: statusName(caller.language, stuck.status), to: statusName(caller.language, to) });
  }
  return works;
}

/** Corrects one or several students' work with the same comment, and score or grade when graded. */
export async function correctWorks(db: Db, caller: Caller, input: HomeworkCorrect): Promise<number> {
  return db.transaction(async (tx) => {
    const record = await managed(tx, caller, input.assignmentId, true);
    if (record.graded && input.score === null && input.grade === null) throw badRequest('homework.scoreOrGradeRequired');
    if (!record.graded && (input.score !== null || input.grade !== null)) throw badRequest('homework.notGraded');
    const works = await movableWorks(tx, caller, record, input.studentIds, 'corrected');
    const ids = works.map((work) => work.studentId);
    await tx.execute(sql`
      UPDATE homework_works SET status = 'corrected', comment = ${input.comment}, score = ${input.score}, grade = ${input.grade},
        corrected_at = now(), corrected_by_user_id = ${caller.auth.userId}, updated_at = now()
      WHERE assignment_id = ${record.id} AND student_id = ANY(${intArray(ids)})`);
    await readTeacherMessages(tx, caller, record.id, ids);
    await messageFamilies(tx, caller.auth.userId, record.id, sql`SELECT unnest(${intArray(ids)})`, school('homework.message.corrected', { title: record.title }), messagePreview(input.comment || record.title));
    return ids.length;
  });
}

export async function askRevision(db: Db, caller: Caller, input: { assignmentId: number; studentIds: number[]; note: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const record = await managed(tx, caller, input.assignmentId, true);
    if (!record.needsRevision) throw conflict('homework.revisionNotAsked');
    const works = await movableWorks(tx, caller, record, input.studentIds, 'to_revise');
    const ids = works.map((work) => work.studentId);
    await tx.execute(sql`
      UPDATE homework_works SET status = 'to_revise', revision_note = ${input.note}, revision_requested_at = now(),
        corrected_at = coalesce(corrected_at, now()), corrected_by_user_id = coalesce(corrected_by_user_id, ${caller.auth.userId}), updated_at = now()
      WHERE assignment_id = ${record.id} AND student_id = ANY(${intArray(ids)})`);
    await readTeacherMessages(tx, caller, record.id, ids);
    await messageFamilies(tx, caller.auth.userId, record.id, sql`SELECT unnest(${intArray(ids)})`, school('homework.message.revise', { title: record.title }), messagePreview(input.note));
    return ids.length;
  });
}

export async function approveRevisions(db: Db, caller: Caller, input: { assignmentId: number; studentIds: number[]; comment: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const record = await managed(tx, caller, input.assignmentId, true);
    const works = await movableWorks(tx, caller, record, input.studentIds, 'revised_approved');
    const ids = works.map((work) => work.studentId);
    await tx.execute(sql`
      UPDATE homework_works SET status = 'revised_approved', comment = CASE WHEN ${input.comment} = '' THEN comment ELSE ${input.comment} END,
        corrected_at = now(), corrected_by_user_id = ${caller.auth.userId}, updated_at = now()
      WHERE assignment_id = ${record.id} AND student_id = ANY(${intArray(ids)})`);
    await readTeacherMessages(tx, caller, record.id, ids);
    await messageFamilies(tx, caller.auth.userId, record.id, sql`SELECT unnest(${intArray(ids)})`, school('homework.message.approved', { title: record.title }), messagePreview(input.comment || record.title));
    return ids.length;
  });
}

async function readTeacherMessages(tx: Tx, caller: Caller, assignmentId: number, studentIds: number[]): Promise<void> {
  await tx.execute(sql`
    UPDATE messages SET status = 1, read_at = now() WHERE recipient_user_id = ${caller.auth.userId} AND status = 0
      AND link = ANY(${sql.param(studentIds.map((studentId) => teacherLink(assignmentId, studentId)))}::text[])`);
}

/** Reminds the parents of the students who have not handed in (at most every 10 minutes); answers how many students. */
export async function remindMissing(db: Db, caller: Caller, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const record = await managed(tx, caller, id, true);
    if (!record.onlineSubmission) throw conflict('homework.notOnline');
    if (record.lastRemindedAt && Date.now() - new Date(record.lastRemindedAt).getTime() < HOMEWORK_REMIND_INTERVAL_MINUTES * 60_000) {
      throw conflict('homework.remindTooSoon', { minutes: HOMEWORK_REMIND_INTERVAL_MINUTES });
    }
    const missing = await queryRows<{ studentId: number; name: string }>(tx, sql`
      SELECT w.student_id AS "studentId", s.name FROM homework_works w JOIN students s ON s.id = w.student_id
      WHERE w.assignment_id = ${id} AND w.status IN ('to_submit', 'viewed')`);
    if (missing.length === 0) throw conflict('homework.remindNobody');
    for (const student of missing) {
      await messageFamilies(tx, caller.auth.userId, id, sql`${student.studentId}`, school('homework.message.reminder', { name: student.name, title: record.title }), messagePreview(record.title), true);
    }
    await tx.execute(sql`UPDATE assignments SET last_reminded_at = now() WHERE id = ${id}`);
    return missing.length;
  });
}

// ---- 我的作业: the student's and the parents' side ----

/** The student whose homework the caller reads: a student's own; a parent's chosen child (or the first). */
async function studentOf(db: DbOrTx, auth: AuthContext, studentId: number | undefined, required = false): Promise<number | null> {
  if (auth.userType !== USER_TYPES.student && studentId === undefined && required) throw badRequest('homework.childRequired');
  if (auth.userType === USER_TYPES.student || studentId === undefined) {
    const [own] = await queryRows<{ id: number | null }>(db, sql`SELECT ${firstOwnStudentOf(sql`${auth.userId}`)} AS id`, { prepared: true });
    return own?.id ?? null;
  }
  const [child] = await queryRows<{ id: number }>(db, sql`SELECT g.student_id AS id FROM guardians g WHERE g.parent_user_id = ${auth.userId} AND g.student_id = ${studentId}`, { prepared: true });
  if (!child) throw notFound();
  return child.id;
}

function toMyRow(record: { assignmentId: number; studentId: number; studentName: string; title: string; publisherName: string | null; createdAt: Date; endAt: Date; ended: boolean; status: HomeworkStatus; late: boolean; needsRevision: boolean; onlineSubmission: boolean; graded: boolean; score: number | null; grade: MyHomeworkRow['grade'] }): MyHomeworkRow {
  return {
    assignmentId: record.assignmentId,
    studentId: record.studentId,
    studentName: record.studentName,
    title: record.title,
    publisherName: record.publisherName ?? '',
    createdAt: formatLocalTime(new Date(record.createdAt)),
    endAt: formatLocalTime(new Date(record.endAt)).slice(0, 16),
    ended: record.ended,
    status: record.status,
    late: record.late,
    needsRevision: record.needsRevision,
    onlineSubmission: record.onlineSubmission,
    graded: record.graded,
    score: record.score,
    grade: record.grade,
  };
}

export async function listMyHomework(
  db: DbOrTx,
  auth: AuthContext,
  search: { tab?: MyHomeworkTab; studentId?: number; title?: string },
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: MyHomeworkRow[]; counts: Record<MyHomeworkTab, number> }> {
  // The student is found inside the list's statement; a chosen child who is not the caller's is refused
  // rather than shown empty.
  const childId = auth.userType === USER_TYPES.student ? null : (search.studentId ?? null);
  const { studentId, total, counts, rows } = await pageMyWorks(db, { userId: auth.userId, childId }, search, page);
  if (studentId === null && childId !== null) throw notFound();
  return { total, counts, rows: rows.map(toMyRow) };
}

const canHandIn = (record: AssignmentFacts, status: HomeworkStatus) =>
  record.onlineSubmission && (canMoveHomework(status, 'submitted') || canMoveHomework(status, 'revised_pending'));

/** Opens a homework: a first look moves it to "viewed"; the caller's messages about it are read. */
export async function openMyHomework(db: Db, auth: AuthContext, assignmentId: number, requestedStudent: number | undefined): Promise<MyHomeworkDetail> {
  return db.transaction(async (tx) => {
    const studentId = await studentOf(tx, auth, requestedStudent);
    if (studentId === null) throw notFound();
    const record = await assignmentFacts(tx, assignmentId);
    const [work] = await worksOf(tx, assignmentId, [studentId], true);
    if (!record || !work) throw notFound();
    if (work.status === 'to_submit') {
      await tx.execute(sql`UPDATE homework_works SET status = 'viewed', viewed_at = now(), updated_at = now() WHERE assignment_id = ${assignmentId} AND student_id = ${studentId}`);
      work.status = 'viewed';
    }
    await tx.execute(sql`
      UPDATE messages SET status = 1, read_at = now() WHERE recipient_user_id = ${auth.userId} AND status = 0
        AND link IN (${studentLink(assignmentId)}, ${parentLink(assignmentId, studentId)})`);
    const full = await toWork(tx, work);
    return {
      ...toMyRow({ ...work, ...record, assignmentId, studentId, studentName: work.studentName, publisherName: record.publisherName, status: work.status, late: work.late, score: work.score, grade: work.grade }),
      content: record.content,
      attachments: (await fileGroupsOf(tx, ASSIGNMENT_GROUPS, record.attachments)) as AssignmentAttachments,
      work: full,
      canSubmit: canHandIn(record, work.status),
    };
  });
}

/**
 * Hands in (a student their own, a parent for a child): the first time, again before the teacher opened it,
 * or the revision asked for. After the end time it is marked late. The teacher gets a message.
 */
export async function submitHomework(db: Db, caller: Caller, input: HomeworkSubmit): Promise<{ status: HomeworkStatus; late: boolean; revision: boolean }> {
  const { auth } = caller;
  if (auth.userType !== USER_TYPES.student && auth.userType !== USER_TYPES.parent) throw forbidden();
  return db.transaction(async (tx) => {
    const studentId = await studentOf(tx, auth, input.studentId, auth.userType === USER_TYPES.parent);
    if (studentId === null) throw notFound();
    // The work row is locked, not the assignment: a class handing in at once does not queue on one row.
    const record = await assignmentFacts(tx, input.assignmentId);
    const [work] = await worksOf(tx, input.assignmentId, [studentId], true);
    if (!record || !work) throw notFound();
    if (!record.onlineSubmission) throw conflict('homework.notOnline');
    const revision = work.status === 'to_revise';
    const to: HomeworkStatus = revision ? 'revised_pending' : 'submitted';
    if (!canMoveHomework(work.status, to)) throw conflict('homework.cannotSubmit', { status: statusName(caller.language, work.status) });
    const files = JSON.stringify(await attachedFileGroups(tx, auth, SUBMISSION_ATTACHMENTS, input, 'homework.attachmentInvalid'));
    const parentMessage = auth.userType === USER_TYPES.parent ? input.parentMessage : null;
    if (revision) {
      await tx.execute(sql`
        UPDATE homework_works SET status = 'revised_pending', revision_text = ${input.text}, revision_files = ${files}::jsonb, revised_at = now(),
          revised_by_user_id = ${auth.userId}, parent_message = coalesce(${parentMessage}, parent_message), updated_at = now()
        WHERE assignment_id = ${record.id} AND student_id = ${studentId}`);
    } else {
      await tx.execute(sql`
        UPDATE homework_works SET status = 'submitted', submission_text = ${input.text}, submission_files = ${files}::jsonb, submitted_at = now(),
          submitted_by_user_id = ${auth.userId}, late = now() > ${record.endAt}, viewed_at = coalesce(viewed_at, now()),
          parent_message = coalesce(${parentMessage}, parent_message), updated_at = now()
        WHERE assignment_id = ${record.id} AND student_id = ${studentId}`);
    }
    const late = revision ? work.late : Date.now() > new Date(record.endAt).getTime();
    if (record.publisherUserId) {
      // One unread message per student and assignment: handing in again does not pile them up.
      await tx.execute(sql`DELETE FROM messages WHERE recipient_user_id = ${record.publisherUserId} AND status = 0 AND link = ${teacherLink(record.id, studentId)}`);
      await tx.execute(sql`
        INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
        VALUES (${record.publisherUserId}, ${auth.userId}, ${school(revision ? 'homework.message.revised' : 'homework.message.submitted', { name: work.studentName, title: record.title })},
          ${messagePreview(input.text || record.title)}, ${HOMEWORK_MESSAGE_TYPE}, ${teacherLink(record.id, studentId)})`);
    }
    return { status: to, late, revision };
  });
}

/** A teacher's dashboard figure: works handed in and waiting for them. */
export async function waitingForTeacher(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`
    SELECT count(*)::int AS count FROM homework_works w JOIN assignments a ON a.id = w.assignment_id
    WHERE a.publisher_user_id = ${userId} AND w.status IN ('submitted', 'to_check', 'revised_pending')`);
  return row?.count ?? 0;
}
