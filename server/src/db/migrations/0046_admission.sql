ALTER TABLE "enrolment_candidates" ADD COLUMN "entrance_score" numeric(5, 1);--> statement-breakpoint
ALTER TABLE "enrolment_candidates" ADD COLUMN "admission" varchar(10) DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolment_candidates" ADD COLUMN "admission_decided_at" timestamp with time zone;--> statement-breakpoint
-- Registrations made before admission existed were all taken in.
UPDATE "enrolment_candidates" SET "admission" = 'admitted';
