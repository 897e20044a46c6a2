CREATE TABLE "lesson_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"term_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"week" smallint NOT NULL,
	"staff_id" integer NOT NULL,
	"from_day" smallint,
	"from_period" smallint,
	"to_day" smallint,
	"to_period" smallint,
	"day" smallint,
	"period" smallint,
	"course_id" integer,
	"classroom_id" integer,
	"reason" varchar(200) NOT NULL,
	"application_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timetable_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_change_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"week" smallint NOT NULL,
	"class_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"period" smallint NOT NULL,
	"kind" varchar(6) NOT NULL,
	"course_id" integer,
	"teacher_id" integer,
	"classroom_id" integer,
	"label" varchar(20)
);
--> statement-breakpoint
ALTER TABLE "lesson_changes" ADD CONSTRAINT "lesson_changes_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_changes" ADD CONSTRAINT "lesson_changes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_changes" ADD CONSTRAINT "lesson_changes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_changes" ADD CONSTRAINT "lesson_changes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_changes" ADD CONSTRAINT "lesson_changes_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_changes" ADD CONSTRAINT "lesson_changes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_changes" ADD CONSTRAINT "timetable_changes_lesson_change_id_lesson_changes_id_fk" FOREIGN KEY ("lesson_change_id") REFERENCES "public"."lesson_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_changes" ADD CONSTRAINT "timetable_changes_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_changes" ADD CONSTRAINT "timetable_changes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_changes" ADD CONSTRAINT "timetable_changes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_changes" ADD CONSTRAINT "timetable_changes_teacher_id_staff_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_changes" ADD CONSTRAINT "timetable_changes_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_changes_staff_idx" ON "lesson_changes" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "lesson_changes_application_idx" ON "lesson_changes" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "timetable_changes_class_idx" ON "timetable_changes" USING btree ("term_id","week","class_id");--> statement-breakpoint
CREATE INDEX "timetable_changes_teacher_idx" ON "timetable_changes" USING btree ("term_id","week","teacher_id");--> statement-breakpoint
CREATE INDEX "timetable_changes_room_idx" ON "timetable_changes" USING btree ("term_id","week","classroom_id");--> statement-breakpoint
-- A passed swap or make-up changes what the timetable views show (their cache follows the version).
CREATE TRIGGER timetable_changes_timetable_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON timetable_changes FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('timetable');
