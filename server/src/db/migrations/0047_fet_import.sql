CREATE TABLE "timetable_draft_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"draft_id" integer NOT NULL,
	"fet_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"teacher_id" integer,
	"teacher_names" text DEFAULT '' NOT NULL,
	"class_ids" integer[] NOT NULL,
	"atoms" text[] NOT NULL,
	"label" varchar(20),
	"classroom_id" integer,
	"duration" smallint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "timetable_draft_lessons" ADD COLUMN "activity_id" integer;--> statement-breakpoint
ALTER TABLE "timetable_drafts" ADD COLUMN "source" varchar(8) DEFAULT 'plan' NOT NULL;--> statement-breakpoint
ALTER TABLE "timetable_drafts" ADD COLUMN "fet_document" text;--> statement-breakpoint
ALTER TABLE "timetable_drafts" ADD COLUMN "fet_names" jsonb;--> statement-breakpoint
ALTER TABLE "timetable_draft_activities" ADD CONSTRAINT "timetable_draft_activities_draft_id_timetable_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."timetable_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_draft_activities" ADD CONSTRAINT "timetable_draft_activities_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_draft_activities" ADD CONSTRAINT "timetable_draft_activities_teacher_id_staff_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_draft_activities" ADD CONSTRAINT "timetable_draft_activities_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_draft_activities_idx" ON "timetable_draft_activities" USING btree ("draft_id","fet_id");--> statement-breakpoint
ALTER TABLE "timetable_draft_lessons" ADD CONSTRAINT "timetable_draft_lessons_activity_id_timetable_draft_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."timetable_draft_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timetable_draft_lessons_activity_idx" ON "timetable_draft_lessons" USING btree ("activity_id");