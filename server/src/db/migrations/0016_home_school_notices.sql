CREATE TABLE "background_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(60) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notice_recipients" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"via_student_id" integer,
	"message_id" bigint,
	"read_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "notice_recipients_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"attachments" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"publisher_user_id" integer,
	"recipients" varchar(4000) DEFAULT '' NOT NULL,
	"class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"class_audience" varchar(10) DEFAULT 'parents' NOT NULL,
	"status" varchar(12) DEFAULT 'queued' NOT NULL,
	"recipient_total" integer DEFAULT 0 NOT NULL,
	"delivered_count" integer DEFAULT 0 NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"delivery_task_id" bigint,
	"error" text,
	"last_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "background_tasks" ADD CONSTRAINT "background_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_publisher_user_id_users_id_fk" FOREIGN KEY ("publisher_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_delivery_task_id_background_tasks_id_fk" FOREIGN KEY ("delivery_task_id") REFERENCES "public"."background_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_tasks_open_idx" ON "background_tasks" USING btree ("status","id") WHERE status IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "notice_recipients_user_idx" ON "notice_recipients" USING btree ("user_id","notice_id");--> statement-breakpoint
CREATE INDEX "notice_recipients_read_idx" ON "notice_recipients" USING btree ("notice_id","read_at");--> statement-breakpoint
CREATE INDEX "notice_recipients_undelivered_idx" ON "notice_recipients" USING btree ("notice_id","user_id") WHERE message_id IS NULL;--> statement-breakpoint
CREATE INDEX "notices_publisher_idx" ON "notices" USING btree ("publisher_user_id","created_at");--> statement-breakpoint
CREATE INDEX "notices_created_idx" ON "notices" USING btree ("created_at");