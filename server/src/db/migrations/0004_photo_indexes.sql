CREATE INDEX "staff_photo_idx" ON "staff" USING btree ("photo_file_id");--> statement-breakpoint
CREATE INDEX "students_photo_idx" ON "students" USING btree ("photo_file_id");