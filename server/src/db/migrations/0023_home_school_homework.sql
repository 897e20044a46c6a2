CREATE TABLE "assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"attachments" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"publisher_user_id" integer,
	"end_at" timestamp with time zone NOT NULL,
	"needs_revision" boolean DEFAULT false NOT NULL,
	"online_submission" boolean DEFAULT true NOT NULL,
	"graded" boolean DEFAULT false NOT NULL,
	"class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"teaching_class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"student_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homework_works" (
	"assignment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"viewed_at" timestamp with time zone,
	"submission_text" text,
	"submission_files" jsonb,
	"submitted_at" timestamp with time zone,
	"submitted_by_user_id" integer,
	"parent_message" varchar(500),
	"revision_note" varchar(500),
	"revision_requested_at" timestamp with time zone,
	"revision_text" text,
	"revision_files" jsonb,
	"revised_at" timestamp with time zone,
	"revised_by_user_id" integer,
	"comment" varchar(500),
	"score" numeric(4, 1),
	"grade" varchar(2),
	"corrected_at" timestamp with time zone,
	"corrected_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_works_assignment_id_student_id_pk" PRIMARY KEY("assignment_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_publisher_user_id_users_id_fk" FOREIGN KEY ("publisher_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_works" ADD CONSTRAINT "homework_works_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_works" ADD CONSTRAINT "homework_works_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_works" ADD CONSTRAINT "homework_works_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_works" ADD CONSTRAINT "homework_works_revised_by_user_id_users_id_fk" FOREIGN KEY ("revised_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_works" ADD CONSTRAINT "homework_works_corrected_by_user_id_users_id_fk" FOREIGN KEY ("corrected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignments_publisher_idx" ON "assignments" USING btree ("publisher_user_id","created_at");--> statement-breakpoint
CREATE INDEX "assignments_created_idx" ON "assignments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "homework_works_student_idx" ON "homework_works" USING btree ("student_id","assignment_id");--> statement-breakpoint
CREATE INDEX "homework_works_waiting_idx" ON "homework_works" USING btree ("assignment_id") WHERE status IN ('submitted', 'to_check', 'revised_pending');