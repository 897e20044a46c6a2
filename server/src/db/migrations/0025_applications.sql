CREATE TABLE "application_approvers" (
	"application_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "application_approvers_application_id_user_id_pk" PRIMARY KEY("application_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(30) NOT NULL,
	"applicant_user_id" integer NOT NULL,
	"student_id" integer,
	"staff_id" integer,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"current_step" smallint DEFAULT 1 NOT NULL,
	"steps" jsonb NOT NULL,
	"leave_type" varchar(10),
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"duration_days" smallint,
	"duration_periods" smallint,
	"reason" text DEFAULT '' NOT NULL,
	"destination" varchar(100),
	"follower" varchar(100),
	"attachments" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"returned_at" timestamp with time zone,
	"cancel_note" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "approval_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"decision" varchar(10) NOT NULL,
	"decider_user_id" integer,
	"comment" varchar(200) DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_flows" (
	"type" varchar(30) PRIMARY KEY NOT NULL,
	"steps" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "application_approvers" ADD CONSTRAINT "application_approvers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_approvers" ADD CONSTRAINT "application_approvers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_applicant_user_id_users_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_decider_user_id_users_id_fk" FOREIGN KEY ("decider_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flows" ADD CONSTRAINT "approval_flows_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_approvers_user_idx" ON "application_approvers" USING btree ("user_id","application_id");--> statement-breakpoint
CREATE INDEX "applications_student_idx" ON "applications" USING btree ("student_id","start_at");--> statement-breakpoint
CREATE INDEX "applications_applicant_idx" ON "applications" USING btree ("applicant_user_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_staff_idx" ON "applications" USING btree ("staff_id","start_at");--> statement-breakpoint
CREATE INDEX "applications_leave_idx" ON "applications" USING btree ("student_id","end_at") WHERE "applications"."type" = 'studentLeave' AND "applications"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "approval_decisions_application_idx" ON "approval_decisions" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "approval_decisions_decider_idx" ON "approval_decisions" USING btree ("decider_user_id","decided_at");