DROP INDEX "assignments_publisher_idx";--> statement-breakpoint
DROP INDEX "assignments_created_idx";--> statement-breakpoint
DROP INDEX "notices_publisher_idx";--> statement-breakpoint
DROP INDEX "notices_created_idx";--> statement-breakpoint
DROP INDEX "notices_kind_created_idx";--> statement-breakpoint
DROP INDEX "sms_messages_created_idx";--> statement-breakpoint
CREATE INDEX "assignments_publisher_idx" ON "assignments" USING btree ("publisher_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "assignments_created_idx" ON "assignments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "notices_publisher_idx" ON "notices" USING btree ("publisher_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notices_created_idx" ON "notices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "notices_kind_created_idx" ON "notices" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "sms_messages_created_idx" ON "sms_messages" USING btree ("created_at","id");