CREATE TABLE "areas" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"parent_code" varchar(12),
	"level" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(50) NOT NULL,
	"short_name" varchar(10),
	"grade_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"class_teacher_id" integer,
	"classroom_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "classes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "classrooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(100) NOT NULL,
	"building" varchar(100),
	"campus_id" integer NOT NULL,
	"capacity" integer,
	CONSTRAINT "classrooms_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_en" varchar(100),
	"research_group_id" integer,
	"is_elective" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "courses_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "dictionary_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_name" varchar(40) NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"parent_code" varchar(50),
	"level" smallint DEFAULT 1 NOT NULL,
	"alias" varchar(100),
	"short_name" varchar(50),
	"name_en" varchar(100),
	"tag1" varchar(100),
	"tag2" varchar(100),
	"tag3" varchar(100),
	"tag4" varchar(100),
	"tag5" varchar(100),
	"enabled" boolean DEFAULT true NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"source" varchar(100),
	"start_date" date,
	"end_date" date,
	"remark" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "dictionary_tables" (
	"table_name" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_en" varchar(100),
	"published" boolean DEFAULT false NOT NULL,
	"remark" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "elective_enrolments" (
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "elective_enrolments_session_id_student_id_pk" PRIMARY KEY("session_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "elective_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"teacher_id" integer,
	"classroom_id" integer,
	"day" smallint NOT NULL,
	"period" smallint NOT NULL,
	"week_from" smallint DEFAULT 1 NOT NULL,
	"week_to" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"published" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"exam_date" date NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"classroom_id" integer
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"name" varchar(50) NOT NULL,
	"name_en" varchar(50),
	"division_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "grades_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "guardians" (
	"parent_user_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"relation" varchar(20),
	CONSTRAINT "guardians_parent_user_id_student_id_pk" PRIMARY KEY("parent_user_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "invigilations" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"role" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_en" varchar(100),
	"parent_id" integer,
	"kind" varchar(20) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "org_units_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"sort" smallint NOT NULL,
	"name" varchar(30) NOT NULL,
	"name_en" varchar(30),
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	CONSTRAINT "periods_sort_unique" UNIQUE("sort")
);
--> statement-breakpoint
CREATE TABLE "school_years" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"name" varchar(50) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	CONSTRAINT "school_years_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"staff_number" varchar(30) NOT NULL,
	"name" varchar(50) NOT NULL,
	"gender" varchar(2) NOT NULL,
	"birth_date" date,
	"id_number" varchar(18),
	"phone" varchar(20),
	"email" varchar(100),
	"campus_id" integer,
	"establishment_dept_id" integer,
	"working_dept_id" integer,
	"research_group_id" integer,
	"staff_type" varchar(10),
	"title" varchar(50),
	"education" varchar(50),
	"work_start_date" date,
	"arrival_date" date,
	"photo_file_id" varchar(40),
	CONSTRAINT "staff_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "staff_staff_number_unique" UNIQUE("staff_number")
);
--> statement-breakpoint
CREATE TABLE "staff_appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	"scope_name" varchar(100) NOT NULL,
	"org_unit_id" integer
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"student_number" varchar(30) NOT NULL,
	"name" varchar(50) NOT NULL,
	"gender" varchar(2) NOT NULL,
	"birth_date" date,
	"class_id" integer,
	"entry_year" smallint NOT NULL,
	"in_school_status" varchar(10) NOT NULL,
	"enrolment_status" varchar(10) NOT NULL,
	"photo_file_id" varchar(40),
	CONSTRAINT "students_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "students_student_number_unique" UNIQUE("student_number")
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"school_year_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"name_en" varchar(50),
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"week_count" smallint NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	CONSTRAINT "terms_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "timetable_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"period" smallint NOT NULL,
	"course_id" integer NOT NULL,
	"teacher_id" integer,
	"classroom_id" integer,
	"label" varchar(20),
	"week_from" smallint DEFAULT 1 NOT NULL,
	"week_to" smallint NOT NULL,
	"week_parity" varchar(4) DEFAULT 'all' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "week_days" (
	"day" smallint PRIMARY KEY NOT NULL,
	"name" varchar(10) NOT NULL,
	"name_en" varchar(12) NOT NULL,
	"teaching" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient_user_id" integer NOT NULL,
	"sender_user_id" integer,
	"title" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"type" varchar(20) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"link" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"owner_user_id" integer,
	"purpose" varchar(30) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_campus_id_org_units_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_class_teacher_id_staff_id_fk" FOREIGN KEY ("class_teacher_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_campus_id_org_units_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_research_group_id_org_units_id_fk" FOREIGN KEY ("research_group_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD CONSTRAINT "dictionary_items_table_name_dictionary_tables_table_name_fk" FOREIGN KEY ("table_name") REFERENCES "public"."dictionary_tables"("table_name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "elective_enrolments" ADD CONSTRAINT "elective_enrolments_session_id_elective_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."elective_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_enrolments" ADD CONSTRAINT "elective_enrolments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_sessions" ADD CONSTRAINT "elective_sessions_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_sessions" ADD CONSTRAINT "elective_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_sessions" ADD CONSTRAINT "elective_sessions_teacher_id_staff_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_sessions" ADD CONSTRAINT "elective_sessions_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_batches" ADD CONSTRAINT "exam_batches_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_batch_id_exam_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."exam_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_division_id_org_units_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invigilations" ADD CONSTRAINT "invigilations_session_id_exam_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invigilations" ADD CONSTRAINT "invigilations_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_units" ADD CONSTRAINT "org_units_parent_id_org_units_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_campus_id_org_units_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_establishment_dept_id_org_units_id_fk" FOREIGN KEY ("establishment_dept_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_working_dept_id_org_units_id_fk" FOREIGN KEY ("working_dept_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_research_group_id_org_units_id_fk" FOREIGN KEY ("research_group_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_appointments" ADD CONSTRAINT "staff_appointments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_appointments" ADD CONSTRAINT "staff_appointments_org_unit_id_org_units_id_fk" FOREIGN KEY ("org_unit_id") REFERENCES "public"."org_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_school_year_id_school_years_id_fk" FOREIGN KEY ("school_year_id") REFERENCES "public"."school_years"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_teacher_id_staff_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "areas_parent_idx" ON "areas" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "classes_grade_idx" ON "classes" USING btree ("grade_id");--> statement-breakpoint
CREATE INDEX "classes_teacher_idx" ON "classes" USING btree ("class_teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_items_code_idx" ON "dictionary_items" USING btree ("table_name","code");--> statement-breakpoint
CREATE INDEX "elective_enrolments_student_idx" ON "elective_enrolments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "elective_sessions_term_idx" ON "elective_sessions" USING btree ("term_id","teacher_id");--> statement-breakpoint
CREATE INDEX "exam_sessions_batch_idx" ON "exam_sessions" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "guardians_student_idx" ON "guardians" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "invigilations_staff_idx" ON "invigilations" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "org_units_parent_idx" ON "org_units" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "org_units_kind_idx" ON "org_units" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "staff_campus_idx" ON "staff" USING btree ("campus_id");--> statement-breakpoint
CREATE INDEX "staff_working_dept_idx" ON "staff" USING btree ("working_dept_id");--> statement-breakpoint
CREATE INDEX "staff_appointments_staff_idx" ON "staff_appointments" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "students_class_idx" ON "students" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_single_current_idx" ON "terms" USING btree ("is_current") WHERE "terms"."is_current";--> statement-breakpoint
CREATE INDEX "timetable_class_idx" ON "timetable_entries" USING btree ("term_id","class_id");--> statement-breakpoint
CREATE INDEX "timetable_teacher_idx" ON "timetable_entries" USING btree ("term_id","teacher_id");--> statement-breakpoint
CREATE INDEX "timetable_classroom_idx" ON "timetable_entries" USING btree ("term_id","classroom_id");--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("recipient_user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_user_id");