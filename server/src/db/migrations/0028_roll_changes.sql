CREATE TABLE "roll_changes" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"from_class_id" integer,
	"to_class_id" integer,
	"effective_date" date NOT NULL,
	"school" varchar(100) DEFAULT '' NOT NULL,
	"effect" varchar(10) DEFAULT 'waiting' NOT NULL,
	"effected_at" timestamp with time zone,
	"enrolment_status_before" varchar(10),
	"in_school_status_before" varchar(10)
);
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "capacity" smallint DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "roll_changes" ADD CONSTRAINT "roll_changes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_changes" ADD CONSTRAINT "roll_changes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_changes" ADD CONSTRAINT "roll_changes_from_class_id_classes_id_fk" FOREIGN KEY ("from_class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_changes" ADD CONSTRAINT "roll_changes_to_class_id_classes_id_fk" FOREIGN KEY ("to_class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roll_changes_student_idx" ON "roll_changes" USING btree ("student_id","effective_date");--> statement-breakpoint
CREATE INDEX "roll_changes_due_idx" ON "roll_changes" USING btree ("effective_date") WHERE "roll_changes"."effect" = 'waiting';