-- Dynamic roles (issue 4): the only relations a dynamic role's SQL may read (see modules/roles/dynamicSql.ts).
-- Each view exposes people or classes with English column names and, where it names a person, their login
-- account as "USERID". They are owned by the migrating user, so a reader with SELECT on a view reads it
-- without any right on the tables behind it (no password hashes, tokens, sessions or settings).
CREATE OR REPLACE VIEW role_people AS
SELECT u.account AS "USERID", u.display_name AS name, u.user_type, u.enabled
FROM users u;
--> statement-breakpoint
CREATE OR REPLACE VIEW role_students AS
SELECT u.account AS "USERID", s.student_number, s.name, s.gender, c.code AS class_code, g.code AS grade_code,
  campus.code AS campus_code, s.entry_year, s.in_school_status, s.enrolment_status
FROM students s
JOIN users u ON u.id = s.user_id
LEFT JOIN classes c ON c.id = s.class_id
LEFT JOIN grades g ON g.id = c.grade_id
LEFT JOIN org_units campus ON campus.id = c.campus_id;
--> statement-breakpoint
CREATE OR REPLACE VIEW role_parents AS
SELECT pu.account AS "USERID", pu.display_name AS name, s.student_number, su.account AS student_account, gu.relation,
  c.code AS class_code, g.code AS grade_code, campus.code AS campus_code
FROM guardians gu
JOIN users pu ON pu.id = gu.parent_user_id
JOIN students s ON s.id = gu.student_id
JOIN users su ON su.id = s.user_id
LEFT JOIN classes c ON c.id = s.class_id
LEFT JOIN grades g ON g.id = c.grade_id
LEFT JOIN org_units campus ON campus.id = c.campus_id;
--> statement-breakpoint
CREATE OR REPLACE VIEW role_staff AS
SELECT u.account AS "USERID", st.staff_number, st.name, st.gender, campus.code AS campus_code,
  wd.code AS working_department_code, ed.code AS establishment_department_code, rg.code AS research_group_code,
  st.staff_type, st.title
FROM staff st
JOIN users u ON u.id = st.user_id
LEFT JOIN org_units campus ON campus.id = st.campus_id
LEFT JOIN org_units wd ON wd.id = st.working_dept_id
LEFT JOIN org_units ed ON ed.id = st.establishment_dept_id
LEFT JOIN org_units rg ON rg.id = st.research_group_id;
--> statement-breakpoint
CREATE OR REPLACE VIEW role_classes AS
SELECT c.code AS class_code, c.name, c.short_name, g.code AS grade_code, campus.code AS campus_code,
  tu.account AS class_teacher_account
FROM classes c
JOIN grades g ON g.id = c.grade_id
JOIN org_units campus ON campus.id = c.campus_id
LEFT JOIN staff t ON t.id = c.class_teacher_id
LEFT JOIN users tu ON tu.id = t.user_id;
--> statement-breakpoint
CREATE OR REPLACE VIEW role_class_teachers AS
SELECT u.account AS "USERID", st.staff_number, st.name, c.code AS class_code, g.code AS grade_code, campus.code AS campus_code
FROM classes c
JOIN staff st ON st.id = c.class_teacher_id
JOIN users u ON u.id = st.user_id
JOIN grades g ON g.id = c.grade_id
JOIN org_units campus ON campus.id = c.campus_id;
--> statement-breakpoint
-- Who teaches which class and course in the current term (timetable cells, one row per teacher, class and course).
CREATE OR REPLACE VIEW role_teaching AS
SELECT DISTINCT u.account AS "USERID", st.staff_number, st.name, c.code AS class_code, g.code AS grade_code,
  co.code AS course_code, t.code AS term_code
FROM timetable_entries te
JOIN terms t ON t.id = te.term_id AND t.is_current
JOIN staff st ON st.id = te.teacher_id
JOIN users u ON u.id = st.user_id
JOIN classes c ON c.id = te.class_id
JOIN grades g ON g.id = c.grade_id
JOIN courses co ON co.id = te.course_id;
--> statement-breakpoint
-- The login that runs dynamic-role SQL on a PostgreSQL server: no privileged role, no attribute beyond LOGIN,
-- SELECT on the views above and nothing else. Roles are shared by every database of a server, so an existing
-- one is kept (several databases migrate at once in tests); a migrating user without CREATEROLE only gets a
-- warning, and dynamic roles then stay unavailable until an administrator creates the login.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'campus_dynamic_reader') THEN
    CREATE ROLE campus_dynamic_reader LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS CONNECTION LIMIT 20;
  END IF;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
  WHEN insufficient_privilege THEN RAISE WARNING 'campus: cannot create the role campus_dynamic_reader; dynamic roles stay unavailable until it exists';
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'campus_dynamic_reader') THEN
    EXECUTE 'REVOKE ALL ON SCHEMA public FROM campus_dynamic_reader';
    EXECUTE 'GRANT USAGE ON SCHEMA public TO campus_dynamic_reader';
    EXECUTE 'GRANT SELECT ON role_people, role_students, role_parents, role_staff, role_classes, role_class_teachers, role_teaching TO campus_dynamic_reader';
  END IF;
END $$;
