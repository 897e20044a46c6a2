CREATE TABLE "external_exam_results" (
	"exam_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"scores" jsonb NOT NULL,
	"district_rank" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_exam_results_exam_id_student_id_pk" PRIMARY KEY("exam_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "external_exam_subjects" (
	"exam_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"full_mark" smallint NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "external_exam_subjects_exam_id_course_id_pk" PRIMARY KEY("exam_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "external_exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"organiser" varchar(50) NOT NULL,
	"exam_date" date NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"released_at" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"old_score" numeric(6, 2),
	"old_mark" varchar(10),
	"new_score" numeric(6, 2),
	"new_mark" varchar(10),
	"reason" varchar(200) NOT NULL,
	"corrected_by" integer,
	"corrected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_group_members" (
	"group_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "student_group_members_group_id_student_id_pk" PRIMARY KEY("group_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "student_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"owner_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_exam_results" ADD CONSTRAINT "external_exam_results_exam_id_external_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."external_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_exam_results" ADD CONSTRAINT "external_exam_results_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_exam_results" ADD CONSTRAINT "external_exam_results_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_exam_subjects" ADD CONSTRAINT "external_exam_subjects_exam_id_external_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."external_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_exam_subjects" ADD CONSTRAINT "external_exam_subjects_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_exams" ADD CONSTRAINT "external_exams_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_exams" ADD CONSTRAINT "external_exams_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_exams" ADD CONSTRAINT "external_exams_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_corrections" ADD CONSTRAINT "score_corrections_batch_id_score_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."score_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_corrections" ADD CONSTRAINT "score_corrections_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_corrections" ADD CONSTRAINT "score_corrections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_corrections" ADD CONSTRAINT "score_corrections_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_group_members" ADD CONSTRAINT "student_group_members_group_id_student_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."student_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_group_members" ADD CONSTRAINT "student_group_members_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_groups" ADD CONSTRAINT "student_groups_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_exam_results_student_idx" ON "external_exam_results" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_exams_term_name_idx" ON "external_exams" USING btree ("term_id","name");--> statement-breakpoint
CREATE INDEX "score_corrections_batch_idx" ON "score_corrections" USING btree ("batch_id","corrected_at");--> statement-breakpoint
CREATE INDEX "score_corrections_student_idx" ON "score_corrections" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_group_members_student_idx" ON "student_group_members" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_groups_owner_name_idx" ON "student_groups" USING btree ("owner_user_id","name");