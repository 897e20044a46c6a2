CREATE TABLE "shift_batch_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"level" varchar(20) DEFAULT '' NOT NULL,
	"choice_group" varchar(8) DEFAULT 'second' NOT NULL,
	"weekly_hours" smallint NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"scheme" varchar(4) NOT NULL,
	"mode" varchar(8) DEFAULT 'full' NOT NULL,
	"choice_start" timestamp with time zone NOT NULL,
	"choice_end" timestamp with time zone NOT NULL,
	"min_class_size" smallint DEFAULT 40 NOT NULL,
	"max_class_size" smallint DEFAULT 50 NOT NULL,
	"block_count" smallint DEFAULT 3 NOT NULL,
	"formation_status" varchar(10) DEFAULT 'none' NOT NULL,
	"task_id" integer,
	"report" jsonb,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_block_periods" (
	"batch_id" integer NOT NULL,
	"block" smallint NOT NULL,
	"day" smallint NOT NULL,
	"period" smallint NOT NULL,
	CONSTRAINT "shift_block_periods_batch_id_day_period_pk" PRIMARY KEY("batch_id","day","period")
);
--> statement-breakpoint
CREATE TABLE "shift_choice_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"from_course_ids" integer[] NOT NULL,
	"to_course_ids" integer[] NOT NULL,
	"reason" varchar(200) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"review_comment" varchar(200) DEFAULT '' NOT NULL,
	"requested_by_user_id" integer,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_choices" (
	"batch_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"batch_course_ids" integer[] NOT NULL,
	"submitted_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_choices_batch_id_student_id_pk" PRIMARY KEY("batch_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "shift_class_students" (
	"shift_class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "shift_class_students_shift_class_id_student_id_pk" PRIMARY KEY("shift_class_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "shift_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"batch_course_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"name" varchar(50) NOT NULL,
	"block" smallint NOT NULL,
	"teacher_id" integer,
	"classroom_id" integer,
	"teaching_class_id" integer
);
--> statement-breakpoint
ALTER TABLE "shift_batch_courses" ADD CONSTRAINT "shift_batch_courses_batch_id_shift_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."shift_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_batch_courses" ADD CONSTRAINT "shift_batch_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_batches" ADD CONSTRAINT "shift_batches_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_batches" ADD CONSTRAINT "shift_batches_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_batches" ADD CONSTRAINT "shift_batches_task_id_background_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."background_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_block_periods" ADD CONSTRAINT "shift_block_periods_batch_id_shift_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."shift_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_choice_changes" ADD CONSTRAINT "shift_choice_changes_batch_id_shift_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."shift_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_choice_changes" ADD CONSTRAINT "shift_choice_changes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_choice_changes" ADD CONSTRAINT "shift_choice_changes_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_choice_changes" ADD CONSTRAINT "shift_choice_changes_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_choices" ADD CONSTRAINT "shift_choices_batch_id_shift_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."shift_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_choices" ADD CONSTRAINT "shift_choices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_choices" ADD CONSTRAINT "shift_choices_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_class_students" ADD CONSTRAINT "shift_class_students_shift_class_id_shift_classes_id_fk" FOREIGN KEY ("shift_class_id") REFERENCES "public"."shift_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_class_students" ADD CONSTRAINT "shift_class_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_classes" ADD CONSTRAINT "shift_classes_batch_id_shift_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."shift_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_classes" ADD CONSTRAINT "shift_classes_batch_course_id_shift_batch_courses_id_fk" FOREIGN KEY ("batch_course_id") REFERENCES "public"."shift_batch_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_classes" ADD CONSTRAINT "shift_classes_teacher_id_staff_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_classes" ADD CONSTRAINT "shift_classes_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_classes" ADD CONSTRAINT "shift_classes_teaching_class_id_teaching_classes_id_fk" FOREIGN KEY ("teaching_class_id") REFERENCES "public"."teaching_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shift_batch_courses_idx" ON "shift_batch_courses" USING btree ("batch_id","course_id","level");--> statement-breakpoint
CREATE INDEX "shift_batches_term_idx" ON "shift_batches" USING btree ("term_id","grade_id");--> statement-breakpoint
CREATE INDEX "shift_choice_changes_batch_idx" ON "shift_choice_changes" USING btree ("batch_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_choice_changes_open_idx" ON "shift_choice_changes" USING btree ("batch_id","student_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "shift_choices_student_idx" ON "shift_choices" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "shift_class_students_student_idx" ON "shift_class_students" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_classes_number_idx" ON "shift_classes" USING btree ("batch_id","number");--> statement-breakpoint
CREATE INDEX "shift_classes_course_idx" ON "shift_classes" USING btree ("batch_course_id");