CREATE TABLE "score_analysis_settings" (
	"batch_id" integer PRIMARY KEY NOT NULL,
	"pass_percent" smallint NOT NULL,
	"good_percent" smallint NOT NULL,
	"excellent_percent" smallint NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "score_analysis_settings" ADD CONSTRAINT "score_analysis_settings_batch_id_score_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."score_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_analysis_settings" ADD CONSTRAINT "score_analysis_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;