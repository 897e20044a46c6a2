-- Student list keyword (POST /api/students/page): number or name contains the keyword; trigram GIN
-- indexes serve LIKE '%kw%' (pg_trgm from 0002). Generated from schema/school.ts.
CREATE INDEX "students_number_trgm_idx" ON "students" USING gin ("student_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_name_trgm_idx" ON "students" USING gin ("name" gin_trgm_ops);