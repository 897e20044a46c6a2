import { USER_TYPES } from '@campus/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { AuthContext } from './context.ts';

/**
 * Which rows of people a caller may see. Each function returns a SQL condition to put in the query's
 * WHERE, so other people's rows are never read, rather than filtered after reading.
 *
 * - administrators (user type 1) see every student;
 * - a teacher (class teachers included) sees the students of the classes they lead or teach in the
 *   current term: holding a page such as Student information does not widen that;
 * - a student sees themselves; a parent sees their own children.
 */
export function isAdministrator(auth: AuthContext): boolean {
  return auth.userType === USER_TYPES.administrator;
}

export function isStaff(auth: AuthContext): boolean {
  return auth.userType === USER_TYPES.teacher || auth.userType === USER_TYPES.administrator;
}

/** Which students a caller sees, by the kind of caller (visibleStudentsOf). */
export type StudentScope = 'all' | 'self' | 'children' | 'taught' | 'none';

export function studentScopeOf(auth: AuthContext): StudentScope {
  if (isAdministrator(auth)) return 'all';
  switch (auth.userType) {
    case USER_TYPES.student:
      return 'self';
    case USER_TYPES.parent:
      return 'children';
    case USER_TYPES.teacher:
      return 'taught';
    default:
      return 'none';
  }
}

/** Condition on a students.id expression. */
export function visibleStudents(auth: AuthContext, studentId: SQL): SQL {
  return visibleStudentsOf(studentScopeOf(auth), sql`${auth.userId}`, studentId);
}

/**
 * The same condition for a caller given by the kind of their scope and an expression of their user id, for
 * a statement that serves several callers of one kind at once (the student's week, in batches).
 */
export function visibleStudentsOf(scope: StudentScope, userId: SQL, studentId: SQL): SQL {
  switch (scope) {
    case 'all':
      return sql`TRUE`;
    case 'self':
      return sql`${studentId} IN (SELECT s.id FROM students s WHERE s.user_id = ${userId})`;
    case 'children':
      return sql`${studentId} IN (SELECT g.student_id FROM guardians g WHERE g.parent_user_id = ${userId})`;
    case 'taught':
      return sql`${studentId} IN (
        SELECT s.id FROM students s WHERE s.class_id IN (${taughtClassIdsOf(userId)}))`;
    case 'none':
      return sql`FALSE`;
  }
}

/**
 * The students who are the caller or the caller's children (a subquery): a student themselves, a parent
 * their children, nobody for staff. Unlike visibleStudents, a teacher's taught students are not "own".
 */
export function ownStudentIds(auth: AuthContext): SQL {
  return ownStudentIdsOf(sql`${auth.userId}`);
}

/** The same subquery for an expression of the caller's user id (a statement serving several callers at once). */
export function ownStudentIdsOf(userId: SQL): SQL {
  return sql`SELECT s.id FROM students s WHERE s.user_id = ${userId} UNION ALL SELECT g.student_id FROM guardians g WHERE g.parent_user_id = ${userId}`;
}

/** Class ids a teacher leads as class teacher (a subquery); unlike taughtClassIds, not those they only teach. */
export function ledClassIds(auth: AuthContext): SQL {
  return ledClassIdsOf(sql`${auth.userId}`);
}

function ledClassIdsOf(userId: SQL): SQL {
  return sql`SELECT c.id FROM classes c JOIN staff st ON st.id = c.class_teacher_id WHERE st.user_id = ${userId}`;
}

/** Class ids a teacher leads, or teaches in the current term (a subquery). */
export function taughtClassIds(auth: AuthContext): SQL {
  return taughtClassIdsOf(sql`${auth.userId}`);
}

function taughtClassIdsOf(userId: SQL): SQL {
  return sql`
    ${ledClassIdsOf(userId)}
    UNION
    SELECT te.class_id FROM timetable_entries te
      JOIN staff st ON st.id = te.teacher_id
      JOIN terms t ON t.id = te.term_id AND t.is_current
    WHERE st.user_id = ${userId}`;
}

/** Condition on a classes.id expression: staff see every class; students and parents their own (child's). */
export function visibleClasses(auth: AuthContext, classId: SQL): SQL {
  if (isStaff(auth)) return sql`TRUE`;
  if (auth.userType === USER_TYPES.student) return sql`${classId} IN (SELECT s.class_id FROM students s WHERE s.user_id = ${auth.userId})`;
  if (auth.userType === USER_TYPES.parent) {
    return sql`${classId} IN (SELECT s.class_id FROM students s JOIN guardians g ON g.student_id = s.id WHERE g.parent_user_id = ${auth.userId})`;
  }
  return sql`FALSE`;
}

/**
 * Condition on a staff.id expression: staff see every colleague; students and parents see the teachers
 * who lead or teach their (child's) class, and the teachers of their (child's) electives.
 */
export function visibleStaff(auth: AuthContext, staffId: SQL): SQL {
  if (isStaff(auth)) return sql`TRUE`;
  const ownClasses =
    auth.userType === USER_TYPES.student
      ? sql`SELECT s.class_id FROM students s WHERE s.user_id = ${auth.userId}`
      : auth.userType === USER_TYPES.parent
        ? sql`SELECT s.class_id FROM students s JOIN guardians g ON g.student_id = s.id WHERE g.parent_user_id = ${auth.userId}`
        : null;
  const ownStudents =
    auth.userType === USER_TYPES.student
      ? sql`SELECT s.id FROM students s WHERE s.user_id = ${auth.userId}`
      : sql`SELECT g.student_id FROM guardians g WHERE g.parent_user_id = ${auth.userId}`;
  if (!ownClasses) return sql`FALSE`;
  return sql`${staffId} IN (
    SELECT c.class_teacher_id FROM classes c WHERE c.id IN (${ownClasses})
    UNION
    SELECT te.teacher_id FROM timetable_entries te JOIN terms t ON t.id = te.term_id AND t.is_current WHERE te.class_id IN (${ownClasses})
    UNION
    SELECT es.teacher_id FROM elective_sessions es JOIN terms t ON t.id = es.term_id AND t.is_current
      JOIN elective_enrolments ee ON ee.session_id = es.id WHERE ee.student_id IN (${ownStudents}))`;
}
