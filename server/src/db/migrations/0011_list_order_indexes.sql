DROP INDEX "operation_logs_created_idx";--> statement-breakpoint
DROP INDEX "messages_recipient_created_idx";--> statement-breakpoint
CREATE INDEX "operation_logs_created_idx" ON "operation_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "messages_recipient_created_idx" ON "messages" USING btree ("recipient_user_id","created_at","id");