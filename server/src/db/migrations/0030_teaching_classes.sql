CREATE TABLE "teaching_class_lessons" (
	"teaching_class_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"period" smallint NOT NULL,
	CONSTRAINT "teaching_class_lessons_teaching_class_id_day_period_pk" PRIMARY KEY("teaching_class_id","day","period")
);
--> statement-breakpoint
CREATE TABLE "teaching_class_students" (
	"teaching_class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by_user_id" integer,
	"removed_at" timestamp with time zone,
	"removed_by_user_id" integer,
	CONSTRAINT "teaching_class_students_teaching_class_id_student_id_pk" PRIMARY KEY("teaching_class_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "teaching_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"course_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"teacher_id" integer,
	"classroom_id" integer,
	"capacity" smallint NOT NULL,
	"week_from" smallint NOT NULL,
	"week_to" smallint NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teaching_class_lessons" ADD CONSTRAINT "teaching_class_lessons_teaching_class_id_teaching_classes_id_fk" FOREIGN KEY ("teaching_class_id") REFERENCES "public"."teaching_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class_students" ADD CONSTRAINT "teaching_class_students_teaching_class_id_teaching_classes_id_fk" FOREIGN KEY ("teaching_class_id") REFERENCES "public"."teaching_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class_students" ADD CONSTRAINT "teaching_class_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class_students" ADD CONSTRAINT "teaching_class_students_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_class_students" ADD CONSTRAINT "teaching_class_students_removed_by_user_id_users_id_fk" FOREIGN KEY ("removed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_classes" ADD CONSTRAINT "teaching_classes_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_classes" ADD CONSTRAINT "teaching_classes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_classes" ADD CONSTRAINT "teaching_classes_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_classes" ADD CONSTRAINT "teaching_classes_teacher_id_staff_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_classes" ADD CONSTRAINT "teaching_classes_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teaching_class_students_student_idx" ON "teaching_class_students" USING btree ("student_id") WHERE removed_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_classes_term_name_idx" ON "teaching_classes" USING btree ("term_id","name");--> statement-breakpoint
CREATE INDEX "teaching_classes_teacher_idx" ON "teaching_classes" USING btree ("term_id","teacher_id");--> statement-breakpoint
CREATE INDEX "teaching_classes_room_idx" ON "teaching_classes" USING btree ("classroom_id");