import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ClassAssign, ClassForm } from '@campus/contract';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';
import { classes, classrooms, grades, orgUnits, roles, staff, userRoles } from '../../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';

/** The role the seed gives every class teacher; it carries the class-teacher menus. */
export const CLASS_TEACHER_ROLE = 'class_teacher';

/** The staff id of a class teacher given by staff number ('' or undefined: none). */
export async function staffIdByNumber(tx: Tx, staffNumber: string | undefined): Promise<number | null> {
  if (!staffNumber) return null;
  const [found] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.staffNumber, staffNumber));
  if (!found) throw badRequest('classes.teacherNotFound', { number: staffNumber });
  return found.id;
}

/**
 * Keeps the class-teacher role in step with who leads a class: a staff member who now leads a class holds
 * it, one who no longer leads any loses it. The data scope needs nothing (server/src/platform/scope.ts
 * reads classes.class_teacher_id on every call); the role's menus show at the user's next login.
 */
export async function syncClassTeacherRole(tx: Tx, staffIds: (number | null | undefined)[]): Promise<void> {
  const ids = [...new Set(staffIds.filter((id): id is number => typeof id === 'number'))];
  if (!ids.length) return;
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, CLASS_TEACHER_ROLE));
  if (!role) return;
  const rows = await queryRows<{ userId: number; leads: boolean }>(
    tx,
    sql`SELECT st.user_id AS "userId", EXISTS (SELECT 1 FROM classes c WHERE c.class_teacher_id = st.id) AS leads
        FROM staff st WHERE st.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
  );
  const leading = rows.filter((row) => row.leads).map((row) => row.userId);
  const notLeading = rows.filter((row) => !row.leads).map((row) => row.userId);
  if (leading.length) await tx.insert(userRoles).values(leading.map((userId) => ({ userId, roleId: role.id }))).onConflictDoNothing();
  if (notLeading.length) await tx.delete(userRoles).where(and(eq(userRoles.roleId, role.id), inArray(userRoles.userId, notLeading)));
}

/** Checks the grade, campus and classroom exist and resolves the class teacher. */
async function references(tx: Tx, input: ClassForm): Promise<{ classTeacherId: number | null }> {
  const [grade] = await tx.select({ id: grades.id }).from(grades).where(eq(grades.id, input.gradeId));
  if (!grade) throw badRequest('classes.gradeNotFound');
  const [campus] = await tx.select({ id: orgUnits.id }).from(orgUnits).where(and(eq(orgUnits.id, input.campusId), eq(orgUnits.kind, 'campus')));
  if (!campus) throw badRequest('classes.campusNotFound');
  if (input.classroomId !== undefined) {
    const [room] = await tx.select({ id: classrooms.id }).from(classrooms).where(eq(classrooms.id, input.classroomId));
    if (!room) throw badRequest('classes.classroomNotFound');
  }
  return { classTeacherId: await staffIdByNumber(tx, input.classTeacherNumber) };
}

async function codeFree(tx: Tx, code: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(exceptId === undefined ? eq(classes.code, code) : and(eq(classes.code, code), ne(classes.id, exceptId)));
  if (taken) throw conflict('classes.codeTaken', { code });
}

const values = (input: ClassForm, classTeacherId: number | null) => ({
  code: input.code,
  name: input.name,
  shortName: input.shortName || null,
  gradeId: input.gradeId,
  campusId: input.campusId,
  classTeacherId,
  classroomId: input.classroomId ?? null,
  sort: input.sort,
});

export async function createClass(db: Db, input: ClassForm): Promise<number> {
  return db.transaction(async (tx) => {
    await codeFree(tx, input.code);
    const { classTeacherId } = await references(tx, input);
    const [created] = await tx.insert(classes).values(values(input, classTeacherId)).returning({ id: classes.id });
    await syncClassTeacherRole(tx, [classTeacherId]);
    return created!.id;
  });
}

export async function updateClass(db: Db, id: number, input: ClassForm): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: classes.id, classTeacherId: classes.classTeacherId }).from(classes).where(eq(classes.id, id)).for('update');
    if (!current) throw notFound();
    await codeFree(tx, input.code, id);
    const { classTeacherId } = await references(tx, input);
    await tx.update(classes).set(values(input, classTeacherId)).where(eq(classes.id, id));
    await syncClassTeacherRole(tx, [current.classTeacherId, classTeacherId]);
  });
}

/** Deletes classes that hold no students and no timetable; one refused class deletes nothing. */
export async function deleteClasses(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: classes.id, name: classes.name, classTeacherId: classes.classTeacherId }).from(classes).where(inArray(classes.id, ids)).for('update');
    if (found.length !== new Set(ids).size) throw notFound();
    for (const row of found) {
      const [{ students, lessons }] = await queryRows<{ students: number; lessons: number }>(
        tx,
        sql`SELECT (SELECT count(*)::int FROM students WHERE class_id = ${row.id}) AS students,
                   (SELECT count(*)::int FROM timetable_entries WHERE class_id = ${row.id}) AS lessons`,
      );
      if (students) throw conflict('classes.hasStudents', { name: row.name, count: students });
      if (lessons) throw conflict('classes.hasTimetable', { name: row.name });
    }
    await tx.delete(classes).where(inArray(classes.id, ids));
    await syncClassTeacherRole(tx, found.map((row) => row.classTeacherId));
  });
}

/** One-click class assignment: every named class gets its teacher (or none) in one transaction. */
export async function assignClassTeachers(db: Db, input: ClassAssign): Promise<void> {
  await db.transaction(async (tx) => {
    const classIds = input.assignments.map((a) => a.classId);
    const found = await tx.select({ id: classes.id, classTeacherId: classes.classTeacherId }).from(classes).where(inArray(classes.id, classIds)).for('update');
    if (found.length !== new Set(classIds).size) throw notFound();
    const touched: (number | null)[] = found.map((row) => row.classTeacherId);
    for (const assignment of input.assignments) {
      const teacherId = await staffIdByNumber(tx, assignment.staffNumber);
      await tx.update(classes).set({ classTeacherId: teacherId }).where(eq(classes.id, assignment.classId));
      touched.push(teacherId);
    }
    await syncClassTeacherRole(tx, touched);
  });
}
