CREATE TABLE "mfa_challenges" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"client_address" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mfa_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_mfa" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" varchar(64) NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"account" varchar(64),
	"client_address" varchar(64),
	"list_key" varchar(100) NOT NULL,
	"filters" jsonb,
	"row_count" integer,
	"status" varchar(20) NOT NULL,
	"file_id" varchar(40),
	"confirmed_by_user_id" integer,
	"confirmed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error_message" text
);
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"file_id" varchar(40) NOT NULL,
	"start_byte" bigint NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_file_id_start_byte_pk" PRIMARY KEY("file_id","start_byte")
);
--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_mfa" ADD CONSTRAINT "user_mfa_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mfa_challenges_user_idx" ON "mfa_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mfa_recovery_codes_user_idx" ON "mfa_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "export_logs_created_idx" ON "export_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "export_logs_user_idx" ON "export_logs" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
INSERT INTO "file_chunks" ("file_id", "start_byte", "data")
  SELECT f."id", (n.i * 1048576)::bigint, substring(f."content" FROM (n.i * 1048576 + 1)::int FOR 1048576)
  FROM "files" f
  CROSS JOIN LATERAL generate_series(0, GREATEST(0, (length(f."content") - 1) / 1048576)) AS n(i)
  WHERE length(f."content") > 0;--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "content";