ALTER TABLE "certificates" ADD COLUMN "revoked_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoke_reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_user_id_users_id_fk" FOREIGN KEY ("revoked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;