CREATE TABLE "overall_scheme_parts" (
	"scheme_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"weight" smallint NOT NULL,
	CONSTRAINT "overall_scheme_parts_scheme_id_batch_id_pk" PRIMARY KEY("scheme_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "overall_schemes" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "overall_scheme_parts" ADD CONSTRAINT "overall_scheme_parts_scheme_id_overall_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."overall_schemes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overall_scheme_parts" ADD CONSTRAINT "overall_scheme_parts_batch_id_score_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."score_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overall_schemes" ADD CONSTRAINT "overall_schemes_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overall_schemes" ADD CONSTRAINT "overall_schemes_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overall_schemes" ADD CONSTRAINT "overall_schemes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "overall_scheme_parts_batch_idx" ON "overall_scheme_parts" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "overall_schemes_term_name_idx" ON "overall_schemes" USING btree ("term_id","name");