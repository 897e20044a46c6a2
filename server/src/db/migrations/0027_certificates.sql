CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"serial_number" varchar(20) NOT NULL,
	"verify_code" varchar(32) NOT NULL,
	"student_id" integer NOT NULL,
	"english" boolean DEFAULT false NOT NULL,
	"content" jsonb NOT NULL,
	"content_sha256" char(64) NOT NULL,
	"pdf" "bytea",
	"pdf_sha256" char(64),
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "certificates_application_id_unique" UNIQUE("application_id"),
	CONSTRAINT "certificates_serial_number_unique" UNIQUE("serial_number"),
	CONSTRAINT "certificates_verify_code_unique" UNIQUE("verify_code")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;