CREATE TABLE "exam_batch_classes" (
	"batch_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	CONSTRAINT "exam_batch_classes_batch_id_class_id_pk" PRIMARY KEY("batch_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "exam_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"exam_date" date NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_batches" ADD COLUMN "grade_id" integer;--> statement-breakpoint
ALTER TABLE "exam_batches" ADD COLUMN "category" varchar(20) DEFAULT 'midterm' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_batches" ADD COLUMN "level" varchar(20) DEFAULT 'school' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_batches" ADD COLUMN "weight_percent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_batches" ADD COLUMN "score_system" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_batches" ADD COLUMN "pass_line" numeric(6, 2) DEFAULT '60' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_batches" ADD COLUMN "remarks" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_batches" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_batches" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_batch_classes" ADD CONSTRAINT "exam_batch_classes_batch_id_exam_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."exam_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_batch_classes" ADD CONSTRAINT "exam_batch_classes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_subjects" ADD CONSTRAINT "exam_subjects_batch_id_exam_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."exam_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_subjects" ADD CONSTRAINT "exam_subjects_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_batch_classes_class_idx" ON "exam_batch_classes" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_subjects_batch_course_idx" ON "exam_subjects" USING btree ("batch_id","course_id");--> statement-breakpoint
ALTER TABLE "exam_batches" ADD CONSTRAINT "exam_batches_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_batches_term_name_idx" ON "exam_batches" USING btree ("term_id","name");