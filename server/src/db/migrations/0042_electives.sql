CREATE TABLE "elective_choices" (
	"term_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"kind" varchar(5) NOT NULL,
	"session_id" integer NOT NULL,
	"status" varchar(8) NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"chosen_by_user_id" integer,
	CONSTRAINT "elective_choices_term_id_student_id_kind_pk" PRIMARY KEY("term_id","student_id","kind")
);
--> statement-breakpoint
CREATE TABLE "elective_declarations" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"intro" varchar(300) NOT NULL,
	"lectures" jsonb NOT NULL,
	"capacity" smallint NOT NULL,
	"grade_ids" integer[] NOT NULL,
	"day" smallint NOT NULL,
	"period" smallint NOT NULL,
	"week_from" smallint NOT NULL,
	"week_to" smallint NOT NULL,
	"classroom_id" integer NOT NULL,
	"status" varchar(12) DEFAULT 'declarable' NOT NULL,
	"review_comment" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"session_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "elective_grades" (
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"score" numeric(4, 1),
	"comment" varchar(200) DEFAULT '' NOT NULL,
	"graded_by_user_id" integer,
	"graded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "elective_grades_session_id_student_id_pk" PRIMARY KEY("session_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "elective_indicators" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"max_score" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "elective_rating_scores" (
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"indicator_id" integer NOT NULL,
	"score" smallint NOT NULL,
	CONSTRAINT "elective_rating_scores_session_id_student_id_indicator_id_pk" PRIMARY KEY("session_id","student_id","indicator_id")
);
--> statement-breakpoint
CREATE TABLE "elective_ratings" (
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"comment" varchar(300) DEFAULT '' NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "elective_ratings_session_id_student_id_pk" PRIMARY KEY("session_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "elective_selection_settings" (
	"term_id" integer PRIMARY KEY NOT NULL,
	"selection_start" timestamp with time zone NOT NULL,
	"selection_end" timestamp with time zone NOT NULL,
	"mode" varchar(12) NOT NULL,
	"drawn_at" timestamp with time zone,
	"draw_seed" text,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "elective_sessions" ADD COLUMN "capacity" smallint DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "elective_sessions" ADD COLUMN "enrolled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "elective_choices" ADD CONSTRAINT "elective_choices_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_choices" ADD CONSTRAINT "elective_choices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_choices" ADD CONSTRAINT "elective_choices_session_id_elective_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."elective_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_choices" ADD CONSTRAINT "elective_choices_chosen_by_user_id_users_id_fk" FOREIGN KEY ("chosen_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_declarations" ADD CONSTRAINT "elective_declarations_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_declarations" ADD CONSTRAINT "elective_declarations_teacher_id_staff_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_declarations" ADD CONSTRAINT "elective_declarations_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_declarations" ADD CONSTRAINT "elective_declarations_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_declarations" ADD CONSTRAINT "elective_declarations_session_id_elective_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."elective_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_grades" ADD CONSTRAINT "elective_grades_session_id_elective_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."elective_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_grades" ADD CONSTRAINT "elective_grades_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_grades" ADD CONSTRAINT "elective_grades_graded_by_user_id_users_id_fk" FOREIGN KEY ("graded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_rating_scores" ADD CONSTRAINT "elective_rating_scores_indicator_id_elective_indicators_id_fk" FOREIGN KEY ("indicator_id") REFERENCES "public"."elective_indicators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_ratings" ADD CONSTRAINT "elective_ratings_session_id_elective_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."elective_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_ratings" ADD CONSTRAINT "elective_ratings_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_selection_settings" ADD CONSTRAINT "elective_selection_settings_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_selection_settings" ADD CONSTRAINT "elective_selection_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "elective_choices_session_idx" ON "elective_choices" USING btree ("session_id","status");--> statement-breakpoint
CREATE INDEX "elective_declarations_teacher_idx" ON "elective_declarations" USING btree ("teacher_id","term_id");--> statement-breakpoint
CREATE INDEX "elective_declarations_status_idx" ON "elective_declarations" USING btree ("term_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "elective_declarations_session_idx" ON "elective_declarations" USING btree ("session_id") WHERE "elective_declarations"."session_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "elective_indicators_name_idx" ON "elective_indicators" USING btree ("name");--> statement-breakpoint
CREATE INDEX "elective_rating_scores_indicator_idx" ON "elective_rating_scores" USING btree ("indicator_id");--> statement-breakpoint
CREATE INDEX "elective_ratings_student_idx" ON "elective_ratings" USING btree ("student_id");--> statement-breakpoint
-- Seats already taken by the sessions that existed before the counter.
UPDATE elective_sessions es SET enrolled = (SELECT count(*) FROM elective_enrolments ee WHERE ee.session_id = es.id);
