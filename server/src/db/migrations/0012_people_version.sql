CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
INSERT INTO "data_versions" ("name", "version") VALUES ('people', 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_people_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name = 'people';
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Per statement, not per row: an import of a thousand students bumps it once. Only the columns the people
-- picker shows or filters on count (a login's failure count or a staff member's phone number do not).
CREATE TRIGGER users_people_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF account, display_name, user_type, enabled ON users FOR EACH STATEMENT EXECUTE FUNCTION bump_people_version();--> statement-breakpoint
CREATE TRIGGER staff_people_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF user_id, campus_id, working_dept_id, research_group_id ON staff FOR EACH STATEMENT EXECUTE FUNCTION bump_people_version();--> statement-breakpoint
CREATE TRIGGER students_people_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF user_id, class_id ON students FOR EACH STATEMENT EXECUTE FUNCTION bump_people_version();--> statement-breakpoint
CREATE TRIGGER classes_people_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF code, name, campus_id ON classes FOR EACH STATEMENT EXECUTE FUNCTION bump_people_version();--> statement-breakpoint
CREATE TRIGGER org_units_people_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF code, name, name_en ON org_units FOR EACH STATEMENT EXECUTE FUNCTION bump_people_version();--> statement-breakpoint
CREATE TRIGGER terms_people_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF code ON terms FOR EACH STATEMENT EXECUTE FUNCTION bump_people_version();
