CREATE TABLE "enrolment_candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"gender" varchar(2) NOT NULL,
	"birth_date" date,
	"id_number" varchar(18),
	"grade_id" integer NOT NULL,
	"entry_year" smallint NOT NULL,
	"on_register" boolean NOT NULL,
	"studying" boolean NOT NULL,
	"guardian_name" varchar(50) NOT NULL,
	"guardian_phone" varchar(20) NOT NULL,
	"previous_school" varchar(100) DEFAULT '' NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"class_id" integer,
	"student_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrolment_candidates_student_id_unique" UNIQUE("student_id")
);
--> statement-breakpoint
ALTER TABLE "enrolment_candidates" ADD CONSTRAINT "enrolment_candidates_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_candidates" ADD CONSTRAINT "enrolment_candidates_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_candidates" ADD CONSTRAINT "enrolment_candidates_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_candidates" ADD CONSTRAINT "enrolment_candidates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enrolment_candidates_id_number_idx" ON "enrolment_candidates" USING btree ("id_number") WHERE "enrolment_candidates"."id_number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "enrolment_candidates_class_idx" ON "enrolment_candidates" USING btree ("class_id") WHERE "enrolment_candidates"."student_id" IS NULL;--> statement-breakpoint
CREATE INDEX "enrolment_candidates_grade_idx" ON "enrolment_candidates" USING btree ("grade_id","created_at");