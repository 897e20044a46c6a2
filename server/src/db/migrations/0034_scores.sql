CREATE TABLE "score_batch_classes" (
	"batch_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	CONSTRAINT "score_batch_classes_batch_id_class_id_pk" PRIMARY KEY("batch_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "score_batch_subjects" (
	"batch_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"score_system_id" integer NOT NULL,
	"weight" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "score_batch_subjects_batch_id_course_id_pk" PRIMARY KEY("batch_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "score_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"exam_node" varchar(10) NOT NULL,
	"grade_id" integer NOT NULL,
	"campus_id" integer,
	"exam_batch_id" integer,
	"entry_start" timestamp with time zone NOT NULL,
	"entry_end" timestamp with time zone NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"released_at" timestamp with time zone,
	"conversion_rule_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_conversion_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"lowest_score" smallint NOT NULL,
	"highest_score" smallint NOT NULL,
	"converted_score" smallint NOT NULL,
	"colour" varchar(7) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"lowest_rate" smallint DEFAULT 0 NOT NULL,
	"highest_rate" smallint DEFAULT 100 NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_conversion_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_sub_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"max_score" numeric(6, 2) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_systems" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"full_mark" smallint NOT NULL,
	"pass_line" numeric(6, 2) NOT NULL,
	"good_line" numeric(6, 2) NOT NULL,
	"excellent_line" numeric(6, 2) NOT NULL,
	"conversion_rule_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scores" (
	"batch_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"score" numeric(6, 2),
	"mark" varchar(10),
	"sub_scores" jsonb,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scores_batch_id_student_id_course_id_pk" PRIMARY KEY("batch_id","student_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "score_batch_classes" ADD CONSTRAINT "score_batch_classes_batch_id_score_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."score_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_batch_classes" ADD CONSTRAINT "score_batch_classes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_batch_subjects" ADD CONSTRAINT "score_batch_subjects_batch_id_score_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."score_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_batch_subjects" ADD CONSTRAINT "score_batch_subjects_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_batch_subjects" ADD CONSTRAINT "score_batch_subjects_score_system_id_score_systems_id_fk" FOREIGN KEY ("score_system_id") REFERENCES "public"."score_systems"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_batches" ADD CONSTRAINT "score_batches_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_batches" ADD CONSTRAINT "score_batches_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_batches" ADD CONSTRAINT "score_batches_campus_id_org_units_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_batches" ADD CONSTRAINT "score_batches_exam_batch_id_exam_batches_id_fk" FOREIGN KEY ("exam_batch_id") REFERENCES "public"."exam_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_batches" ADD CONSTRAINT "score_batches_conversion_rule_id_score_conversion_rules_id_fk" FOREIGN KEY ("conversion_rule_id") REFERENCES "public"."score_conversion_rules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_conversion_levels" ADD CONSTRAINT "score_conversion_levels_rule_id_score_conversion_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."score_conversion_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sub_items" ADD CONSTRAINT "score_sub_items_batch_id_score_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."score_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sub_items" ADD CONSTRAINT "score_sub_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_systems" ADD CONSTRAINT "score_systems_conversion_rule_id_score_conversion_rules_id_fk" FOREIGN KEY ("conversion_rule_id") REFERENCES "public"."score_conversion_rules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_batch_id_score_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."score_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_batch_classes_class_idx" ON "score_batch_classes" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "score_batch_subjects_system_idx" ON "score_batch_subjects" USING btree ("score_system_id");--> statement-breakpoint
CREATE UNIQUE INDEX "score_batches_term_name_idx" ON "score_batches" USING btree ("term_id","name");--> statement-breakpoint
CREATE INDEX "score_batches_grade_idx" ON "score_batches" USING btree ("grade_id","term_id");--> statement-breakpoint
CREATE INDEX "score_conversion_levels_rule_idx" ON "score_conversion_levels" USING btree ("rule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "score_conversion_rules_name_idx" ON "score_conversion_rules" USING btree ("name");--> statement-breakpoint
CREATE INDEX "score_sub_items_batch_idx" ON "score_sub_items" USING btree ("batch_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "score_systems_name_idx" ON "score_systems" USING btree ("name");--> statement-breakpoint
CREATE INDEX "scores_student_idx" ON "scores" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "scores_batch_course_idx" ON "scores" USING btree ("batch_id","course_id");