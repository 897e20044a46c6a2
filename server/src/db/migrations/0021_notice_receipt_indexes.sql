DROP INDEX "notice_recipients_undelivered_idx";--> statement-breakpoint
DROP INDEX "notice_recipients_read_idx";--> statement-breakpoint
CREATE INDEX "notice_recipients_unread_idx" ON "notice_recipients" USING btree ("notice_id","user_id") WHERE read_at IS NULL;--> statement-breakpoint
CREATE INDEX "notice_recipients_read_idx" ON "notice_recipients" USING btree ("notice_id","user_id") WHERE read_at IS NOT NULL;