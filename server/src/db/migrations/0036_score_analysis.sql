CREATE TABLE "score_stats" (
	"batch_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"counted" integer NOT NULL,
	"absent" integer NOT NULL,
	"exempt" integer NOT NULL,
	"average" numeric(8, 2),
	"highest" numeric(8, 2),
	"lowest" numeric(8, 2),
	"std_dev" numeric(8, 2),
	"pass" integer NOT NULL,
	"good" integer NOT NULL,
	"excellent" integer NOT NULL,
	"bands" integer[] NOT NULL,
	CONSTRAINT "score_stats_batch_id_class_id_course_id_pk" PRIMARY KEY("batch_id","class_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "score_totals" (
	"batch_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"total" numeric(8, 2) NOT NULL,
	"class_rank" integer NOT NULL,
	"grade_rank" integer NOT NULL,
	CONSTRAINT "score_totals_batch_id_student_id_pk" PRIMARY KEY("batch_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "score_batches" ADD COLUMN "analysis_state" varchar(10) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "score_batches" ADD COLUMN "analysed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "score_totals_rank_idx" ON "score_totals" USING btree ("batch_id","grade_rank","student_id");--> statement-breakpoint
CREATE INDEX "score_totals_class_idx" ON "score_totals" USING btree ("batch_id","class_id","class_rank","student_id");--> statement-breakpoint
CREATE INDEX "score_totals_student_idx" ON "score_totals" USING btree ("student_id");--> statement-breakpoint
-- Batches released before the analysis existed get their figures computed in the background once.
UPDATE "score_batches" SET "analysis_state" = 'pending' WHERE "released";--> statement-breakpoint
INSERT INTO "background_tasks" ("kind", "payload") SELECT 'score-analysis', jsonb_build_object('batchIds', jsonb_agg("id" ORDER BY "id")) FROM "score_batches" WHERE "released" HAVING count(*) > 0;
