DROP INDEX "score_totals_rank_idx";--> statement-breakpoint
DROP INDEX "score_totals_class_idx";--> statement-breakpoint
DROP INDEX "score_totals_student_idx";--> statement-breakpoint
ALTER TABLE "score_totals" DROP CONSTRAINT "score_totals_batch_id_student_id_pk";--> statement-breakpoint
ALTER TABLE "score_totals" ADD CONSTRAINT "score_totals_student_id_batch_id_pk" PRIMARY KEY("student_id","batch_id");--> statement-breakpoint
ALTER TABLE "score_stats" ADD COLUMN "full_mark" numeric(8, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "score_stats" ADD COLUMN "pass_line" numeric(8, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "score_stats" ADD COLUMN "good_line" numeric(8, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "score_stats" ADD COLUMN "excellent_line" numeric(8, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "score_totals" ADD COLUMN "grade_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "score_totals" ADD COLUMN "class_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "score_totals_grade_order_idx" ON "score_totals" USING btree ("batch_id","grade_order");--> statement-breakpoint
CREATE INDEX "score_totals_class_order_idx" ON "score_totals" USING btree ("batch_id","class_id","class_order");--> statement-breakpoint
-- Figures computed before this migration: their lines as the batch counts them now, and the ranking's order.
WITH lines AS (
  SELECT bs.batch_id, bs.course_id, ss.full_mark,
    CASE WHEN cfg.batch_id IS NULL THEN ss.pass_line ELSE round(ss.full_mark * cfg.pass_percent / 100.0, 2) END AS pass_line,
    CASE WHEN cfg.batch_id IS NULL THEN ss.good_line ELSE round(ss.full_mark * cfg.good_percent / 100.0, 2) END AS good_line,
    CASE WHEN cfg.batch_id IS NULL THEN ss.excellent_line ELSE round(ss.full_mark * cfg.excellent_percent / 100.0, 2) END AS excellent_line
  FROM score_batch_subjects bs JOIN score_systems ss ON ss.id = bs.score_system_id LEFT JOIN score_analysis_settings cfg ON cfg.batch_id = bs.batch_id
  WHERE bs.batch_id IN (SELECT DISTINCT batch_id FROM score_stats)),
both_lines AS (
  SELECT * FROM lines
  UNION ALL
  SELECT batch_id, 0, sum(full_mark), sum(pass_line), sum(good_line), sum(excellent_line) FROM lines GROUP BY batch_id)
UPDATE score_stats st SET full_mark = l.full_mark, pass_line = l.pass_line, good_line = l.good_line, excellent_line = l.excellent_line
FROM both_lines l WHERE l.batch_id = st.batch_id AND l.course_id = st.course_id;
--> statement-breakpoint
UPDATE score_totals t SET grade_order = o.grade_order, class_order = o.class_order
FROM (
  SELECT batch_id, student_id,
    row_number() OVER (PARTITION BY batch_id ORDER BY grade_rank, student_id) AS grade_order,
    row_number() OVER (PARTITION BY batch_id, class_id ORDER BY class_rank, student_id) AS class_order
  FROM score_totals) o
WHERE o.batch_id = t.batch_id AND o.student_id = t.student_id;
