import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  USER_TYPES,
  formatStudentNumber,
  initialStudentPassword,
  parentAccountOf,
  studentNumberPrefix,
  type StudentCreate,
  type StudentUpdate,
} from '@campus/contract';
import type { Config } from '../../../config.ts';
import { queryRows, withAdvisoryLock, type Db, type Tx } from '../../../db/client.ts';
import { classes, guardians, roles, students, userRoles, users } from '../../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { hashPassword } from '../../../platform/passwords.ts';

/** Serialises student-number allocation across server processes (any constant shared by them). */
const STUDENT_NUMBER_LOCK_ID = 4_242_101;

/**
 * The one-digit code of a division or campus in the student-number template: the trailing digits of its
 * organisation code (division-2 → 2, campus-1 → 1, as the seed's codes are built), else its sort.
 * The seed numbers its students from the same digits (server/src/db/seed/reference.ts).
 */
export function unitDigit(code: string, sort: number): string {
  const match = /(\d+)$/.exec(code);
  return match ? match[1]!.slice(-1) : String(Math.abs(sort) % 10);
}

/** The next free number for a class and entry year: year + division + campus + serial (e.g. 201911001). */
export async function nextStudentNumber(tx: Tx, classId: number, entryYear: number): Promise<string> {
  const [unit] = await queryRows<{ divisionCode: string; divisionSort: number; campusCode: string; campusSort: number }>(
    tx,
    sql`SELECT d.code AS "divisionCode", d.sort AS "divisionSort", cp.code AS "campusCode", cp.sort AS "campusSort"
        FROM classes c JOIN grades g ON g.id = c.grade_id JOIN org_units d ON d.id = g.division_id JOIN org_units cp ON cp.id = c.campus_id
        WHERE c.id = ${classId}`,
  );
  if (!unit) throw badRequest('studentAdmin.classNotFound');
  const prefix = studentNumberPrefix(entryYear, unitDigit(unit.divisionCode, unit.divisionSort), unitDigit(unit.campusCode, unit.campusSort));
  const [{ serial }] = await queryRows<{ serial: number }>(
    tx,
    sql`SELECT COALESCE(max(substring(student_number FROM ${prefix.length + 1}::int)::int), 0) AS serial
        FROM students WHERE starts_with(student_number, ${prefix}) AND substring(student_number FROM ${prefix.length + 1}::int) ~ '^[0-9]{3,9}$'`,
  );
  return formatStudentNumber(prefix, Number(serial) + 1);
}

async function roleId(tx: Tx, code: string): Promise<number | null> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, code));
  return role?.id ?? null;
}

async function accountTaken(tx: Tx, account: string): Promise<boolean> {
  const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.account}) = lower(${account})`);
  return !!taken;
}

async function classExists(tx: Tx, classId: number): Promise<void> {
  const [found] = await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, classId));
  if (!found) throw badRequest('studentAdmin.classNotFound');
}

export interface CreatedStudent {
  id: number;
  studentNumber: string;
  parentAccount: string;
}

/**
 * Creates a student with their number from the template, their login account (the number, user type 2)
 * and the parent account jz + number (user type 4) linked through guardians, all in one transaction.
 * Both accounts start with the password = last 6 characters of the student number (docs/calls-system.md);
 * a sibling may instead be linked to an existing parent account.
 */
export async function createStudent(db: Db, config: Config, input: StudentCreate): Promise<CreatedStudent> {
  return withAdvisoryLock(db, STUDENT_NUMBER_LOCK_ID, (tx) => createStudentWithin(tx, config, input));
}

/** Takes the student-number lock in the caller's transaction (enrolment creates a class's students in one). */
export async function lockStudentNumbers(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${STUDENT_NUMBER_LOCK_ID})`);
}

/** createStudent inside a transaction that holds the student-number lock (lockStudentNumbers). */
export async function createStudentWithin(tx: Tx, config: Config, input: StudentCreate): Promise<CreatedStudent> {
  await classExists(tx, input.classId);
  const studentNumber = await nextStudentNumber(tx, input.classId, input.entryYear);
  if (await accountTaken(tx, studentNumber)) throw conflict('studentAdmin.accountTaken', { account: studentNumber });
  const password = initialStudentPassword(studentNumber);

  let parentUserId: number;
  let parentAccount: string;
  if (input.parentAccount) {
    const [parent] = await tx.select({ id: users.id, account: users.account }).from(users).where(and(eq(users.account, input.parentAccount), eq(users.userType, USER_TYPES.parent)));
    if (!parent) throw badRequest('studentAdmin.parentNotFound', { account: input.parentAccount });
    parentUserId = parent.id;
    parentAccount = parent.account;
  } else {
    parentAccount = parentAccountOf(studentNumber);
    if (await accountTaken(tx, parentAccount)) throw conflict('studentAdmin.accountTaken', { account: parentAccount });
    const [parent] = await tx
      .insert(users)
      .values({ account: parentAccount, displayName: input.parentName || `${input.name}家长`, userType: USER_TYPES.parent, passwordHash: await hashPassword(parentAccount, password, config.argon2) })
      .returning({ id: users.id });
    parentUserId = parent!.id;
    const parentRole = await roleId(tx, 'parent');
    if (parentRole) await tx.insert(userRoles).values({ userId: parentUserId, roleId: parentRole }).onConflictDoNothing();
  }

  const [account] = await tx
    .insert(users)
    .values({ account: studentNumber, displayName: input.name, userType: USER_TYPES.student, passwordHash: await hashPassword(studentNumber, password, config.argon2) })
    .returning({ id: users.id });
  const studentRole = await roleId(tx, 'student');
  if (studentRole) await tx.insert(userRoles).values({ userId: account!.id, roleId: studentRole });
  const [student] = await tx
    .insert(students)
    .values({
      userId: account!.id,
      studentNumber,
      name: input.name,
      gender: input.gender,
      birthDate: input.birthDate || null,
      classId: input.classId,
      entryYear: input.entryYear,
      inSchoolStatus: input.inSchoolStatus,
      enrolmentStatus: input.enrolmentStatus,
    })
    .returning({ id: students.id });
  await tx.insert(guardians).values({ parentUserId, studentId: student!.id });
  return { id: student!.id, studentNumber, parentAccount };
}

/** Modifies a student's basic information; the number and accounts stay (they are the login). */
export async function updateStudent(db: Db, input: StudentUpdate, scope: (id: SQL) => SQL): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await queryRows<{ userId: number }>(tx, sql`SELECT s.user_id AS "userId" FROM students s WHERE s.id = ${input.id} AND ${scope(sql`s.id`)} FOR UPDATE`);
    if (!current) throw notFound();
    await classExists(tx, input.classId);
    await tx
      .update(students)
      .set({
        name: input.name,
        gender: input.gender,
        birthDate: input.birthDate || null,
        classId: input.classId,
        entryYear: input.entryYear,
        inSchoolStatus: input.inSchoolStatus,
        enrolmentStatus: input.enrolmentStatus,
      })
      .where(eq(students.id, input.id));
    await tx.update(users).set({ displayName: input.name, updatedAt: new Date() }).where(eq(users.id, current.userId));
  });
}

/**
 * Deletes students with their accounts, and each parent account left without a child, in one
 * transaction. A student with records that must be kept (elective course enrolments) is refused, and
 * then nothing is deleted.
 */
export async function deleteStudents(db: Db, ids: number[], scope: (id: SQL) => SQL): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await queryRows<{ id: number; userId: number; studentNumber: string; hasRecords: boolean }>(
      tx,
      sql`SELECT s.id, s.user_id AS "userId", s.student_number AS "studentNumber",
                 EXISTS (SELECT 1 FROM elective_enrolments e WHERE e.student_id = s.id) AS "hasRecords"
          FROM students s WHERE s.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) AND ${scope(sql`s.id`)}
          ORDER BY s.student_number FOR UPDATE OF s`,
    );
    if (found.length !== new Set(ids).size) throw notFound();
    const kept = found.find((row) => row.hasRecords);
    if (kept) throw conflict('studentAdmin.hasRecords', { number: kept.studentNumber });
    const parents = await tx.selectDistinct({ parentUserId: guardians.parentUserId }).from(guardians).where(inArray(guardians.studentId, ids));
    await tx.delete(students).where(inArray(students.id, ids));
    await tx.delete(users).where(inArray(users.id, found.map((row) => row.userId)));
    const parentIds = parents.map((p) => p.parentUserId);
    if (parentIds.length) {
      const stillParents = await tx.selectDistinct({ parentUserId: guardians.parentUserId }).from(guardians).where(inArray(guardians.parentUserId, parentIds));
      const orphaned = parentIds.filter((id) => !stillParents.some((p) => p.parentUserId === id));
      // Only parent accounts go: an account of another type that happened to be linked stays.
      if (orphaned.length) await tx.delete(users).where(and(inArray(users.id, orphaned), eq(users.userType, USER_TYPES.parent), notInArray(users.id, stillParents.map((p) => p.parentUserId).concat([-1]))));
    }
  });
}
