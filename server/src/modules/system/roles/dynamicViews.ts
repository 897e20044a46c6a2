/**
 * The views a dynamic role's SQL may read (created by migration 0007_dynamic_role_views), and the login that
 * runs it on a PostgreSQL server. Columns, "USERID" being the login account where a row names a person:
 * - role_people: USERID, name, user_type (1 admin, 2 student, 3 teacher, 4 parent), enabled
 * - role_students: USERID, student_number, name, gender, class_code, grade_code, campus_code, entry_year,
 *   in_school_status, enrolment_status
 * - role_parents: USERID (the parent), name, student_number, student_account, relation, class_code, grade_code, campus_code
 * - role_staff: USERID, staff_number, name, gender, campus_code, working_department_code,
 *   establishment_department_code, research_group_code, staff_type, title
 * - role_classes: class_code, name, short_name, grade_code, campus_code, class_teacher_account
 * - role_class_teachers: USERID, staff_number, name, class_code, grade_code, campus_code
 * - role_teaching: USERID, staff_number, name, class_code, grade_code, course_code, term_code (current term)
 */
export const DYNAMIC_ROLE_VIEWS = [
  'role_people',
  'role_students',
  'role_parents',
  'role_staff',
  'role_classes',
  'role_class_teachers',
  'role_teaching',
] as const;

/** The login (a role with SELECT on the views only) that runs dynamic-role SQL. */
export const DYNAMIC_READER = 'campus_dynamic_reader';
