CREATE TABLE "evaluation_entries" (
	"theme_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"class_id" integer,
	"answers" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_entries_theme_id_student_id_pk" PRIMARY KEY("theme_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "evaluation_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"theme_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"max_length" smallint,
	"min_value" numeric(10, 2),
	"max_value" numeric(10, 2),
	"precision" smallint,
	"options" jsonb,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_theme_grades" (
	"theme_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	CONSTRAINT "evaluation_theme_grades_theme_id_grade_id_pk" PRIMARY KEY("theme_id","grade_id")
);
--> statement-breakpoint
CREATE TABLE "evaluation_themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"type" varchar(20) NOT NULL,
	"fill_start" date NOT NULL,
	"fill_end" date NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"released_at" timestamp with time zone,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluation_entries" ADD CONSTRAINT "evaluation_entries_theme_id_evaluation_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."evaluation_themes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_entries" ADD CONSTRAINT "evaluation_entries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_entries" ADD CONSTRAINT "evaluation_entries_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_entries" ADD CONSTRAINT "evaluation_entries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_items" ADD CONSTRAINT "evaluation_items_theme_id_evaluation_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."evaluation_themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_theme_grades" ADD CONSTRAINT "evaluation_theme_grades_theme_id_evaluation_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."evaluation_themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_theme_grades" ADD CONSTRAINT "evaluation_theme_grades_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_themes" ADD CONSTRAINT "evaluation_themes_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_themes" ADD CONSTRAINT "evaluation_themes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_entries_student_idx" ON "evaluation_entries" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "evaluation_items_theme_idx" ON "evaluation_items" USING btree ("theme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_themes_term_name_idx" ON "evaluation_themes" USING btree ("term_id","name");