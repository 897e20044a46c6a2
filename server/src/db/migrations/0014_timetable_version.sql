INSERT INTO "data_versions" ("name", "version") VALUES ('timetable', 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The version named by the trigger's argument; one function for every versioned kind of data.
CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END
$$;--> statement-breakpoint
-- What a class's week shows (timetable/queries.ts cellsQuery): the cells, and the names of their courses,
-- classes, teachers and classrooms. Per statement; a staff member's phone number or a room's capacity do not count.
CREATE TRIGGER timetable_entries_timetable_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON timetable_entries FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('timetable');--> statement-breakpoint
CREATE TRIGGER courses_timetable_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF name, name_en ON courses FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('timetable');--> statement-breakpoint
CREATE TRIGGER classes_timetable_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF name, sort ON classes FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('timetable');--> statement-breakpoint
CREATE TRIGGER staff_timetable_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF name, staff_number ON staff FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('timetable');--> statement-breakpoint
CREATE TRIGGER classrooms_timetable_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF name ON classrooms FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('timetable');
