CREATE TABLE "above_school_award_winners" (
	"award_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "above_school_award_winners_award_id_student_id_pk" PRIMARY KEY("award_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "above_school_awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" varchar(20) NOT NULL,
	"name" varchar(100) NOT NULL,
	"awarded_on" date NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" varchar(300) DEFAULT '' NOT NULL,
	"creator_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"winner_number" smallint NOT NULL,
	"awarded_on" date NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"publisher_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_prizes_winner_number_check" CHECK ("competition_prizes"."winner_number" BETWEEN 0 AND 100),
	CONSTRAINT "competition_prizes_period_check" CHECK ("competition_prizes"."starts_on" <= "competition_prizes"."ends_on")
);
--> statement-breakpoint
CREATE TABLE "competitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"held_on" date NOT NULL,
	"place" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"publisher_user_id" integer,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disciplinary_awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"prize_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"giver_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "above_school_award_winners" ADD CONSTRAINT "above_school_award_winners_award_id_above_school_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."above_school_awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "above_school_award_winners" ADD CONSTRAINT "above_school_award_winners_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "above_school_awards" ADD CONSTRAINT "above_school_awards_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_prizes" ADD CONSTRAINT "competition_prizes_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_prizes" ADD CONSTRAINT "competition_prizes_publisher_user_id_users_id_fk" FOREIGN KEY ("publisher_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_publisher_user_id_users_id_fk" FOREIGN KEY ("publisher_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disciplinary_awards" ADD CONSTRAINT "disciplinary_awards_prize_id_competition_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."competition_prizes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disciplinary_awards" ADD CONSTRAINT "disciplinary_awards_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disciplinary_awards" ADD CONSTRAINT "disciplinary_awards_giver_user_id_users_id_fk" FOREIGN KEY ("giver_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "above_school_award_winners_student_idx" ON "above_school_award_winners" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "above_school_awards_date_idx" ON "above_school_awards" USING btree ("awarded_on");--> statement-breakpoint
CREATE INDEX "competition_prizes_competition_idx" ON "competition_prizes" USING btree ("competition_id");--> statement-breakpoint
CREATE INDEX "competitions_held_idx" ON "competitions" USING btree ("held_on");--> statement-breakpoint
CREATE INDEX "competitions_publisher_idx" ON "competitions" USING btree ("publisher_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "disciplinary_awards_prize_student_idx" ON "disciplinary_awards" USING btree ("prize_id","student_id");--> statement-breakpoint
CREATE INDEX "disciplinary_awards_student_idx" ON "disciplinary_awards" USING btree ("student_id");