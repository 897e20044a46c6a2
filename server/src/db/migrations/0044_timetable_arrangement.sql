CREATE TABLE "teacher_unavailable_periods" (
	"term_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"period" smallint NOT NULL,
	CONSTRAINT "teacher_unavailable_periods_term_id_staff_id_day_period_pk" PRIMARY KEY("term_id","staff_id","day","period")
);
--> statement-breakpoint
CREATE TABLE "timetable_draft_lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"draft_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"teacher_id" integer,
	"classroom_id" integer,
	"day" smallint NOT NULL,
	"period" smallint NOT NULL,
	"week_parity" varchar(4) DEFAULT 'all' NOT NULL,
	"label" varchar(20),
	"locked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timetable_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"status" varchar(12) DEFAULT 'editing' NOT NULL,
	"task_id" integer,
	"report" jsonb,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"published_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "timetable_plan_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"teacher_id" integer,
	"classroom_id" integer,
	"double_periods" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classrooms" ADD COLUMN "classes_at_once" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_unavailable_periods" ADD CONSTRAINT "teacher_unavailable_periods_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_unavailable_periods" ADD CONSTRAINT "teacher_unavailable_periods_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_draft_lessons" ADD CONSTRAINT "timetable_draft_lessons_draft_id_timetable_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."timetable_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_draft_lessons" ADD CONSTRAINT "timetable_draft_lessons_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_draft_lessons" ADD CONSTRAINT "timetable_draft_lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_draft_lessons" ADD CONSTRAINT "timetable_draft_lessons_teacher_id_staff_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_draft_lessons" ADD CONSTRAINT "timetable_draft_lessons_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_drafts" ADD CONSTRAINT "timetable_drafts_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_drafts" ADD CONSTRAINT "timetable_drafts_task_id_background_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."background_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_drafts" ADD CONSTRAINT "timetable_drafts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_drafts" ADD CONSTRAINT "timetable_drafts_published_by_user_id_users_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_plan_items" ADD CONSTRAINT "timetable_plan_items_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_plan_items" ADD CONSTRAINT "timetable_plan_items_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_plan_items" ADD CONSTRAINT "timetable_plan_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_plan_items" ADD CONSTRAINT "timetable_plan_items_teacher_id_staff_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_plan_items" ADD CONSTRAINT "timetable_plan_items_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timetable_draft_lessons_class_idx" ON "timetable_draft_lessons" USING btree ("draft_id","class_id");--> statement-breakpoint
CREATE INDEX "timetable_draft_lessons_teacher_idx" ON "timetable_draft_lessons" USING btree ("draft_id","teacher_id");--> statement-breakpoint
CREATE INDEX "timetable_draft_lessons_room_idx" ON "timetable_draft_lessons" USING btree ("draft_id","classroom_id");--> statement-breakpoint
CREATE INDEX "timetable_drafts_term_idx" ON "timetable_drafts" USING btree ("term_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_plan_items_idx" ON "timetable_plan_items" USING btree ("term_id","class_id","course_id");--> statement-breakpoint
CREATE INDEX "timetable_plan_items_teacher_idx" ON "timetable_plan_items" USING btree ("term_id","teacher_id");