-- The administrators' student list keeps its keyword pages by the people version (records/students/service.ts),
-- so every column that list shows now bumps it: any change to a student, a class's grade, a grade's
-- names and the dictionaries' names (gender, in-school status). Per statement, like the others (0012).
DROP TRIGGER IF EXISTS students_people_version ON students;--> statement-breakpoint
CREATE TRIGGER students_people_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON students FOR EACH STATEMENT EXECUTE FUNCTION bump_people_version();--> statement-breakpoint
DROP TRIGGER IF EXISTS classes_people_version ON classes;--> statement-breakpoint
CREATE TRIGGER classes_people_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF code, name, campus_id, grade_id ON classes FOR EACH STATEMENT EXECUTE FUNCTION bump_people_version();--> statement-breakpoint
CREATE TRIGGER grades_people_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF code, name, name_en ON grades FOR EACH STATEMENT EXECUTE FUNCTION bump_people_version();--> statement-breakpoint
CREATE TRIGGER dictionary_items_people_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF code, name, name_en ON dictionary_items FOR EACH STATEMENT EXECUTE FUNCTION bump_people_version();
