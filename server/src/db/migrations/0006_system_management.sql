CREATE TABLE "buildings" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(100) NOT NULL,
	"campus_id" integer NOT NULL,
	"floors" smallint,
	"usage" varchar(20),
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(300),
	CONSTRAINT "buildings_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "campus_profiles" (
	"org_unit_id" integer PRIMARY KEY NOT NULL,
	"address" varchar(200),
	"phone" varchar(30),
	"area_code" varchar(12),
	"floor_area" numeric(12, 2),
	"postal_code" varchar(6),
	"person_in_charge" varchar(50),
	"instrument_value" numeric(14, 2),
	"fixed_assets_value" numeric(14, 2)
);
--> statement-breakpoint
CREATE TABLE "custom_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"param" varchar(100) NOT NULL,
	"title" varchar(100) NOT NULL,
	"title_en" varchar(100),
	"layout" jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"menu_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"remark" text,
	CONSTRAINT "custom_pages_param_unique" UNIQUE("param")
);
--> statement-breakpoint
CREATE TABLE "grade_course_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"weekly_hours" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"name_en" varchar(50),
	"route" varchar(300),
	"content" varchar(300) NOT NULL,
	"role_id" integer,
	"category" varchar(20) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"trigger" varchar(10) NOT NULL,
	"triggered_by" varchar(64),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"outcome" varchar(10) NOT NULL,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "research_group_members" (
	"org_unit_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	CONSTRAINT "research_group_members_org_unit_id_staff_id_pk" PRIMARY KEY("org_unit_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "research_group_profiles" (
	"org_unit_id" integer PRIMARY KEY NOT NULL,
	"leader_staff_id" integer,
	"course_id" integer,
	"remark" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_en" varchar(100),
	"handler" varchar(64) NOT NULL,
	"cron" varchar(100) NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"remark" varchar(300),
	"next_run_at" timestamp with time zone,
	"running_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_jobs_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "kind" varchar(12) DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "dynamic_sql" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "dynamic_procedure" varchar(100);--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_campus_id_org_units_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_profiles" ADD CONSTRAINT "campus_profiles_org_unit_id_org_units_id_fk" FOREIGN KEY ("org_unit_id") REFERENCES "public"."org_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_course_hours" ADD CONSTRAINT "grade_course_hours_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_course_hours" ADD CONSTRAINT "grade_course_hours_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_course_hours" ADD CONSTRAINT "grade_course_hours_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_cards" ADD CONSTRAINT "home_cards_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_job_id_scheduled_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."scheduled_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_group_members" ADD CONSTRAINT "research_group_members_org_unit_id_org_units_id_fk" FOREIGN KEY ("org_unit_id") REFERENCES "public"."org_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_group_members" ADD CONSTRAINT "research_group_members_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_group_profiles" ADD CONSTRAINT "research_group_profiles_org_unit_id_org_units_id_fk" FOREIGN KEY ("org_unit_id") REFERENCES "public"."org_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_group_profiles" ADD CONSTRAINT "research_group_profiles_leader_staff_id_staff_id_fk" FOREIGN KEY ("leader_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_group_profiles" ADD CONSTRAINT "research_group_profiles_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grade_course_hours_idx" ON "grade_course_hours" USING btree ("term_id","grade_id","course_id");--> statement-breakpoint
CREATE INDEX "home_cards_role_idx" ON "home_cards" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "job_runs_job_idx" ON "job_runs" USING btree ("job_id","started_at");--> statement-breakpoint
CREATE INDEX "research_group_members_staff_idx" ON "research_group_members" USING btree ("staff_id");