CREATE TABLE "score_sheet_versions" (
	"batch_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "score_sheet_versions_batch_id_class_id_course_id_pk" PRIMARY KEY("batch_id","class_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "score_sheet_versions" ADD CONSTRAINT "score_sheet_versions_batch_id_score_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."score_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sheet_versions" ADD CONSTRAINT "score_sheet_versions_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sheet_versions" ADD CONSTRAINT "score_sheet_versions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;