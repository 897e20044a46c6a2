-- The review queue's keyword (申请审批, issue 18): an application's people by name, kept on the application
-- itself. Through the people tables, a common surname (侯) first found its 1,257 users of the district,
-- most of them parents who never filed anything, and then looked each of them up among the pending
-- applications; the pending applications' own pieces hold the few that matter.
ALTER TABLE "applications" ADD COLUMN "people_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- One name per line (a keyword, typed in one line, never spans two): the applicant's, then the student's or
-- staff member's the application is for, each followed by its pinyin initials.
CREATE OR REPLACE FUNCTION campus_application_people(applicant integer, student integer, staff_member integer) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT concat_ws(E'\n',
    (SELECT u.display_name || E'\n' || u.name_initials FROM users u WHERE u.id = applicant),
    (SELECT s.name || E'\n' || s.name_initials FROM students s WHERE s.id = student),
    (SELECT f.name || E'\n' || f.name_initials FROM staff f WHERE f.id = staff_member))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION campus_keep_application_people() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.people_names := campus_application_people(NEW.applicant_user_id, NEW.student_id, NEW.staff_id);
  RETURN NEW;
END $$;--> statement-breakpoint
-- A renamed person's applications take the new name (their initials were already re-derived by the
-- BEFORE triggers of migration 0049). Each branch reads its own index of applications.
CREATE OR REPLACE FUNCTION campus_renamed_application_people() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    UPDATE applications a SET people_names = campus_application_people(a.applicant_user_id, a.student_id, a.staff_id) WHERE a.applicant_user_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'students' THEN
    UPDATE applications a SET people_names = campus_application_people(a.applicant_user_id, a.student_id, a.staff_id) WHERE a.student_id = NEW.id;
  ELSE
    UPDATE applications a SET people_names = campus_application_people(a.applicant_user_id, a.student_id, a.staff_id) WHERE a.staff_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER applications_people_names BEFORE INSERT OR UPDATE OF applicant_user_id, student_id, staff_id ON applications FOR EACH ROW EXECUTE FUNCTION campus_keep_application_people();--> statement-breakpoint
CREATE TRIGGER users_renamed_application_people AFTER UPDATE OF display_name ON users FOR EACH ROW WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name) EXECUTE FUNCTION campus_renamed_application_people();--> statement-breakpoint
CREATE TRIGGER students_renamed_application_people AFTER UPDATE OF name ON students FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION campus_renamed_application_people();--> statement-breakpoint
CREATE TRIGGER staff_renamed_application_people AFTER UPDATE OF name ON staff FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION campus_renamed_application_people();--> statement-breakpoint
UPDATE applications SET people_names = campus_application_people(applicant_user_id, student_id, staff_id);--> statement-breakpoint
CREATE INDEX "applications_pending_people_trgm_idx" ON "applications" USING gin ("people_names" gin_trgm_ops) WHERE "applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "applications_pending_people_grams_idx" ON "applications" USING gin (campus_grams(lower("people_names"))) WHERE "applications"."status" = 'pending';
