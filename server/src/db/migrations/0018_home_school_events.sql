ALTER TABLE "notice_recipients" ADD COLUMN "answer" varchar(8);--> statement-breakpoint
ALTER TABLE "notice_recipients" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "kind" varchar(10) DEFAULT 'notice' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "place" varchar(100);--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "ask_join" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "notices_kind_created_idx" ON "notices" USING btree ("kind","created_at");