CREATE INDEX "sms_messages_student_idx" ON "sms_messages" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "sms_messages_recipient_idx" ON "sms_messages" USING btree ("recipient_user_id");--> statement-breakpoint
CREATE INDEX "applications_pending_applicant_idx" ON "applications" USING btree ("applicant_user_id") WHERE "applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "applications_pending_student_idx" ON "applications" USING btree ("student_id") WHERE "applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "applications_pending_staff_idx" ON "applications" USING btree ("staff_id") WHERE "applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "dorm_stays_student_history_idx" ON "dorm_stays" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "dorm_stays_bed_history_idx" ON "dorm_stays" USING btree ("bed_id");--> statement-breakpoint
CREATE INDEX "family_committee_members_student_idx" ON "family_committee_members" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "open_classes_class_idx" ON "open_classes" USING btree ("class_id");