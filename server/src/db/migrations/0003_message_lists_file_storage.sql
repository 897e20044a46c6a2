CREATE INDEX "messages_recipient_created_idx" ON "messages" USING btree ("recipient_user_id","created_at");--> statement-breakpoint
-- Added by hand (drizzle-kit does not model column storage): uploaded files are already compressed
-- kinds, so compressing them again gains nothing, and uncompressed out-of-line storage lets
-- substring() read only the slices a chunked or ranged download asks for.
ALTER TABLE "files" ALTER COLUMN "content" SET STORAGE EXTERNAL;
