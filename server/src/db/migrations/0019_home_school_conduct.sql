CREATE TABLE "conduct_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"publisher_user_id" integer,
	"category" varchar(20) NOT NULL,
	"content" text NOT NULL,
	"result" varchar(10) NOT NULL,
	"ask_reply" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conduct_replies" (
	"record_id" integer NOT NULL,
	"parent_user_id" integer NOT NULL,
	"content" varchar(500) NOT NULL,
	"replied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conduct_replies_record_id_parent_user_id_pk" PRIMARY KEY("record_id","parent_user_id")
);
--> statement-breakpoint
ALTER TABLE "conduct_records" ADD CONSTRAINT "conduct_records_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conduct_records" ADD CONSTRAINT "conduct_records_publisher_user_id_users_id_fk" FOREIGN KEY ("publisher_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conduct_replies" ADD CONSTRAINT "conduct_replies_record_id_conduct_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."conduct_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conduct_replies" ADD CONSTRAINT "conduct_replies_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conduct_records_publisher_idx" ON "conduct_records" USING btree ("publisher_user_id","created_at");--> statement-breakpoint
CREATE INDEX "conduct_records_student_idx" ON "conduct_records" USING btree ("student_id","created_at");