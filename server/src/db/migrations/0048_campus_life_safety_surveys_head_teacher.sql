CREATE TABLE "association_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"association_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"place" varchar(100) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"description" varchar(300) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "association_attendance" (
	"activity_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"present" boolean NOT NULL,
	CONSTRAINT "association_attendance_activity_id_student_id_pk" PRIMARY KEY("activity_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "association_members" (
	"association_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"is_leader" boolean DEFAULT false NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer,
	CONSTRAINT "association_members_association_id_student_id_pk" PRIMARY KEY("association_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "associations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"advisor_staff_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "associations_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "campus_event_signups" (
	"event_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"signed_by_user_id" integer,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"attended" boolean,
	"attendance_at" timestamp with time zone,
	"notified" boolean DEFAULT false NOT NULL,
	CONSTRAINT "campus_event_signups_event_id_student_id_pk" PRIMARY KEY("event_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "campus_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"term_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"host" varchar(50) NOT NULL,
	"place" varchar(100) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"signup_start" timestamp with time zone NOT NULL,
	"signup_end" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"signed_up" integer DEFAULT 0 NOT NULL,
	"grade_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"class_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"family_signup" boolean DEFAULT false NOT NULL,
	"week_from" smallint,
	"week_to" smallint,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"reminded_at" timestamp with time zone,
	"owner_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dorm_beds" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"label" varchar(10) NOT NULL,
	"sort" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dorm_inspections" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"inspected_on" date NOT NULL,
	"score" numeric(4, 1) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"inspector_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "dorm_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"floor" smallint NOT NULL,
	"number" varchar(20) NOT NULL,
	"gender" varchar(2) NOT NULL,
	"total_beds" smallint NOT NULL,
	"effective_beds" smallint NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dorm_stays" (
	"id" serial PRIMARY KEY NOT NULL,
	"bed_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_out_at" timestamp with time zone,
	"reason" varchar(10) DEFAULT 'checkIn' NOT NULL,
	"by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "discipline_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"occurred_on" date NOT NULL,
	"description" varchar(500) NOT NULL,
	"sanction" varchar(20),
	"sanctioned_on" date,
	"revoked" boolean DEFAULT false NOT NULL,
	"revoked_on" date,
	"revoke_reason" varchar(200) DEFAULT '' NOT NULL,
	"recorded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discipline_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"name_en" varchar(50) DEFAULT '' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "discipline_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "insurance_claim_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"comment" varchar(200) DEFAULT '' NOT NULL,
	"by_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"accident_date" date NOT NULL,
	"place" varchar(100) NOT NULL,
	"description" varchar(500) NOT NULL,
	"amount_claimed" numeric(10, 2) NOT NULL,
	"attachments" jsonb DEFAULT '{"files":[]}'::jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'submitted' NOT NULL,
	"materials_received" boolean DEFAULT false NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"paid_amount" numeric(10, 2),
	"paid_date" date,
	"reject_reason" varchar(200) DEFAULT '' NOT NULL,
	"filed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"contact_person" varchar(30) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_companies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "insurance_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"policy_no" varchar(50) NOT NULL,
	"year" smallint NOT NULL,
	"coverage" varchar(300) DEFAULT '' NOT NULL,
	"premium" numeric(10, 2) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_policies_policy_no_unique" UNIQUE("policy_no")
);
--> statement-breakpoint
CREATE TABLE "insured_students" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_booking_slots" (
	"booking_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"booking_date" date NOT NULL,
	"period" smallint NOT NULL,
	CONSTRAINT "lab_booking_slots_booking_id_period_pk" PRIMARY KEY("booking_id","period")
);
--> statement-breakpoint
CREATE TABLE "lab_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"teacher_id" integer NOT NULL,
	"class_id" integer,
	"course_id" integer,
	"experiment" varchar(100) DEFAULT '' NOT NULL,
	"booking_date" date NOT NULL,
	"periods" smallint[] NOT NULL,
	"equipment" varchar(300) DEFAULT '' NOT NULL,
	"note" varchar(199) DEFAULT '' NOT NULL,
	"status" varchar(12) NOT NULL,
	"review_comment" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_room_periods" (
	"room_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"period" smallint NOT NULL,
	CONSTRAINT "lab_room_periods_room_id_day_period_pk" PRIMARY KEY("room_id","day","period")
);
--> statement-breakpoint
CREATE TABLE "lab_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"classroom_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"subject" varchar(30) DEFAULT '' NOT NULL,
	"capacity" smallint NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"manager_staff_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	CONSTRAINT "lab_rooms_classroom_id_unique" UNIQUE("classroom_id")
);
--> statement-breakpoint
CREATE TABLE "class_duty_days" (
	"class_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"leader_student_id" integer,
	"student_ids" integer[] NOT NULL,
	"tasks" varchar(200) DEFAULT '' NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_duty_days_class_id_day_pk" PRIMARY KEY("class_id","day")
);
--> statement-breakpoint
CREATE TABLE "class_fund_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"direction" varchar(8) NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"purpose" varchar(100) NOT NULL,
	"handler" varchar(50) NOT NULL,
	"notes" varchar(200) DEFAULT '' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_fund_entries_amount_positive" CHECK ("class_fund_entries"."amount" > 0),
	CONSTRAINT "class_fund_entries_direction" CHECK ("class_fund_entries"."direction" IN ('income', 'expense'))
);
--> statement-breakpoint
CREATE TABLE "class_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"record_date" date NOT NULL,
	"term_id" integer,
	"title" varchar(100) NOT NULL,
	"fields" jsonb NOT NULL,
	"student_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"pictures" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_seating_charts" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"version" integer NOT NULL,
	"rows" smallint NOT NULL,
	"columns" smallint NOT NULL,
	"seats" jsonb NOT NULL,
	"note" varchar(100) DEFAULT '' NOT NULL,
	"saved_by_user_id" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ability_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"levels" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribute_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"items" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attribute_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "evaluation_set_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"max_score" smallint NOT NULL,
	"weight" smallint NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"anonymous" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_sets_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "family_committee_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_year_id" integer NOT NULL,
	"class_id" integer,
	"parent_user_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"post" varchar(12) NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"review_comment" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(300) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"proposed_by_id" integer,
	"review_comment" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_class_attendees" (
	"open_class_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"signed_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_class_attendees_open_class_id_staff_id_pk" PRIMARY KEY("open_class_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "open_class_evaluations" (
	"id" serial PRIMARY KEY NOT NULL,
	"open_class_id" integer NOT NULL,
	"evaluator_id" integer NOT NULL,
	"comment" varchar(300) DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_class_scores" (
	"evaluation_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"score" numeric(5, 1) NOT NULL,
	"comment" varchar(200) DEFAULT '' NOT NULL,
	CONSTRAINT "open_class_scores_evaluation_id_item_id_pk" PRIMARY KEY("evaluation_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "open_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"day" date NOT NULL,
	"period_from" smallint NOT NULL,
	"period_to" smallint NOT NULL,
	"classroom_id" integer,
	"place" varchar(100) NOT NULL,
	"topic" varchar(100) NOT NULL,
	"set_id" integer NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"created_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_meeting_attendees" (
	"meeting_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"attended" boolean,
	CONSTRAINT "research_meeting_attendees_meeting_id_staff_id_pk" PRIMARY KEY("meeting_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "research_meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"day" date NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"place" varchar(100) NOT NULL,
	"topic" varchar(100) NOT NULL,
	"host_id" integer,
	"minutes" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stratified_class_students" (
	"stratified_class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"placed_by" varchar(6) NOT NULL,
	"score" numeric(5, 1),
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stratified_class_students_stratified_class_id_student_id_pk" PRIMARY KEY("stratified_class_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "stratified_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"level" varchar(2) NOT NULL,
	"name" varchar(50) NOT NULL,
	"teacher_id" integer,
	"classroom_id" integer,
	"capacity" smallint NOT NULL,
	"min_score" numeric(5, 1),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term_students" (
	"term_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"class_id" integer,
	"status" varchar(10) NOT NULL,
	"remark" varchar(100) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_students_term_id_student_id_pk" PRIMARY KEY("term_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "textbook_chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"parent_id" integer,
	"name" varchar(100) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_answer_queue" (
	"survey_id" integer NOT NULL,
	"answers" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_recipients" (
	"survey_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"via_student_id" integer,
	CONSTRAINT "survey_recipients_survey_id_user_id_pk" PRIMARY KEY("survey_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "survey_respondents" (
	"survey_id" integer NOT NULL,
	"respondent_key" varchar(80) NOT NULL,
	CONSTRAINT "survey_respondents_survey_id_respondent_key_pk" PRIMARY KEY("survey_id","respondent_key")
);
--> statement-breakpoint
CREATE TABLE "survey_tallies" (
	"survey_id" integer NOT NULL,
	"question" smallint NOT NULL,
	"row" smallint NOT NULL,
	"option" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "survey_tallies_survey_id_question_row_option_pk" PRIMARY KEY("survey_id","question","row","option")
);
--> statement-breakpoint
CREATE TABLE "survey_text_answers" (
	"survey_id" integer NOT NULL,
	"question" smallint NOT NULL,
	"body" text NOT NULL,
	"sort_key" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"anonymous" boolean DEFAULT true NOT NULL,
	"in_use" boolean DEFAULT true NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"is_public" boolean DEFAULT false NOT NULL,
	"public_key" varchar(64),
	"questions" jsonb NOT NULL,
	"recipients" text DEFAULT '' NOT NULL,
	"class_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"class_audience" varchar(10) DEFAULT 'parents' NOT NULL,
	"owner_user_id" integer,
	"recipient_total" integer DEFAULT 0 NOT NULL,
	"response_count" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "association_activities" ADD CONSTRAINT "association_activities_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_attendance" ADD CONSTRAINT "association_attendance_activity_id_association_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."association_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_attendance" ADD CONSTRAINT "association_attendance_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_members" ADD CONSTRAINT "association_members_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_members" ADD CONSTRAINT "association_members_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_members" ADD CONSTRAINT "association_members_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "associations" ADD CONSTRAINT "associations_advisor_staff_id_staff_id_fk" FOREIGN KEY ("advisor_staff_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_event_signups" ADD CONSTRAINT "campus_event_signups_event_id_campus_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."campus_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_event_signups" ADD CONSTRAINT "campus_event_signups_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_event_signups" ADD CONSTRAINT "campus_event_signups_signed_by_user_id_users_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_events" ADD CONSTRAINT "campus_events_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_events" ADD CONSTRAINT "campus_events_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dorm_beds" ADD CONSTRAINT "dorm_beds_room_id_dorm_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."dorm_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dorm_inspections" ADD CONSTRAINT "dorm_inspections_room_id_dorm_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."dorm_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dorm_inspections" ADD CONSTRAINT "dorm_inspections_inspector_user_id_users_id_fk" FOREIGN KEY ("inspector_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dorm_rooms" ADD CONSTRAINT "dorm_rooms_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dorm_stays" ADD CONSTRAINT "dorm_stays_bed_id_dorm_beds_id_fk" FOREIGN KEY ("bed_id") REFERENCES "public"."dorm_beds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dorm_stays" ADD CONSTRAINT "dorm_stays_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dorm_stays" ADD CONSTRAINT "dorm_stays_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discipline_records" ADD CONSTRAINT "discipline_records_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discipline_records" ADD CONSTRAINT "discipline_records_type_id_discipline_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."discipline_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discipline_records" ADD CONSTRAINT "discipline_records_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claim_events" ADD CONSTRAINT "insurance_claim_events_claim_id_insurance_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."insurance_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claim_events" ADD CONSTRAINT "insurance_claim_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_policy_id_insurance_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_filed_by_user_id_users_id_fk" FOREIGN KEY ("filed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_company_id_insurance_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."insurance_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_students" ADD CONSTRAINT "insured_students_policy_id_insurance_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_students" ADD CONSTRAINT "insured_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_booking_slots" ADD CONSTRAINT "lab_booking_slots_booking_id_lab_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."lab_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_bookings" ADD CONSTRAINT "lab_bookings_room_id_lab_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."lab_rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_bookings" ADD CONSTRAINT "lab_bookings_teacher_id_staff_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_bookings" ADD CONSTRAINT "lab_bookings_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_bookings" ADD CONSTRAINT "lab_bookings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_bookings" ADD CONSTRAINT "lab_bookings_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_bookings" ADD CONSTRAINT "lab_bookings_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_room_periods" ADD CONSTRAINT "lab_room_periods_room_id_lab_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."lab_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_rooms" ADD CONSTRAINT "lab_rooms_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_rooms" ADD CONSTRAINT "lab_rooms_manager_staff_id_staff_id_fk" FOREIGN KEY ("manager_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_duty_days" ADD CONSTRAINT "class_duty_days_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_duty_days" ADD CONSTRAINT "class_duty_days_leader_student_id_students_id_fk" FOREIGN KEY ("leader_student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_duty_days" ADD CONSTRAINT "class_duty_days_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_fund_entries" ADD CONSTRAINT "class_fund_entries_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_fund_entries" ADD CONSTRAINT "class_fund_entries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_records" ADD CONSTRAINT "class_records_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_records" ADD CONSTRAINT "class_records_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_records" ADD CONSTRAINT "class_records_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_seating_charts" ADD CONSTRAINT "class_seating_charts_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_seating_charts" ADD CONSTRAINT "class_seating_charts_saved_by_user_id_users_id_fk" FOREIGN KEY ("saved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ability_templates" ADD CONSTRAINT "ability_templates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_set_items" ADD CONSTRAINT "evaluation_set_items_set_id_evaluation_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."evaluation_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_committee_members" ADD CONSTRAINT "family_committee_members_school_year_id_school_years_id_fk" FOREIGN KEY ("school_year_id") REFERENCES "public"."school_years"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_committee_members" ADD CONSTRAINT "family_committee_members_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_committee_members" ADD CONSTRAINT "family_committee_members_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_committee_members" ADD CONSTRAINT "family_committee_members_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_committee_members" ADD CONSTRAINT "family_committee_members_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_points" ADD CONSTRAINT "knowledge_points_chapter_id_textbook_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."textbook_chapters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_points" ADD CONSTRAINT "knowledge_points_proposed_by_id_staff_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_points" ADD CONSTRAINT "knowledge_points_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_class_attendees" ADD CONSTRAINT "open_class_attendees_open_class_id_open_classes_id_fk" FOREIGN KEY ("open_class_id") REFERENCES "public"."open_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_class_attendees" ADD CONSTRAINT "open_class_attendees_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_class_evaluations" ADD CONSTRAINT "open_class_evaluations_open_class_id_open_classes_id_fk" FOREIGN KEY ("open_class_id") REFERENCES "public"."open_classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_class_evaluations" ADD CONSTRAINT "open_class_evaluations_evaluator_id_staff_id_fk" FOREIGN KEY ("evaluator_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_class_scores" ADD CONSTRAINT "open_class_scores_evaluation_id_open_class_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."open_class_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_class_scores" ADD CONSTRAINT "open_class_scores_item_id_evaluation_set_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."evaluation_set_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_classes" ADD CONSTRAINT "open_classes_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_classes" ADD CONSTRAINT "open_classes_teacher_id_staff_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_classes" ADD CONSTRAINT "open_classes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_classes" ADD CONSTRAINT "open_classes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_classes" ADD CONSTRAINT "open_classes_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_classes" ADD CONSTRAINT "open_classes_set_id_evaluation_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."evaluation_sets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_classes" ADD CONSTRAINT "open_classes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_meeting_attendees" ADD CONSTRAINT "research_meeting_attendees_meeting_id_research_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."research_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_meeting_attendees" ADD CONSTRAINT "research_meeting_attendees_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_meetings" ADD CONSTRAINT "research_meetings_group_id_org_units_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_meetings" ADD CONSTRAINT "research_meetings_host_id_staff_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_meetings" ADD CONSTRAINT "research_meetings_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stratified_class_students" ADD CONSTRAINT "stratified_class_students_stratified_class_id_stratified_classes_id_fk" FOREIGN KEY ("stratified_class_id") REFERENCES "public"."stratified_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stratified_class_students" ADD CONSTRAINT "stratified_class_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stratified_classes" ADD CONSTRAINT "stratified_classes_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stratified_classes" ADD CONSTRAINT "stratified_classes_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stratified_classes" ADD CONSTRAINT "stratified_classes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stratified_classes" ADD CONSTRAINT "stratified_classes_teacher_id_staff_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stratified_classes" ADD CONSTRAINT "stratified_classes_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_students" ADD CONSTRAINT "term_students_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_students" ADD CONSTRAINT "term_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_students" ADD CONSTRAINT "term_students_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_chapters" ADD CONSTRAINT "textbook_chapters_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_chapters" ADD CONSTRAINT "textbook_chapters_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_chapters" ADD CONSTRAINT "textbook_chapters_parent_id_textbook_chapters_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."textbook_chapters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answer_queue" ADD CONSTRAINT "survey_answer_queue_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_recipients" ADD CONSTRAINT "survey_recipients_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_recipients" ADD CONSTRAINT "survey_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_recipients" ADD CONSTRAINT "survey_recipients_via_student_id_students_id_fk" FOREIGN KEY ("via_student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_respondents" ADD CONSTRAINT "survey_respondents_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_tallies" ADD CONSTRAINT "survey_tallies_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_text_answers" ADD CONSTRAINT "survey_text_answers_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "association_activities_idx" ON "association_activities" USING btree ("association_id","starts_at");--> statement-breakpoint
CREATE INDEX "association_members_student_idx" ON "association_members" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "campus_event_signups_student_idx" ON "campus_event_signups" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "campus_events_kind_idx" ON "campus_events" USING btree ("kind","starts_at");--> statement-breakpoint
CREATE INDEX "campus_events_owner_idx" ON "campus_events" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dorm_beds_label_idx" ON "dorm_beds" USING btree ("room_id","label");--> statement-breakpoint
CREATE UNIQUE INDEX "dorm_inspections_room_day_idx" ON "dorm_inspections" USING btree ("room_id","inspected_on");--> statement-breakpoint
CREATE UNIQUE INDEX "dorm_rooms_number_idx" ON "dorm_rooms" USING btree ("building_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "dorm_stays_student_idx" ON "dorm_stays" USING btree ("student_id") WHERE "dorm_stays"."checked_out_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dorm_stays_bed_idx" ON "dorm_stays" USING btree ("bed_id") WHERE "dorm_stays"."checked_out_at" IS NULL;--> statement-breakpoint
CREATE INDEX "discipline_records_student_idx" ON "discipline_records" USING btree ("student_id","occurred_on");--> statement-breakpoint
CREATE INDEX "insurance_claim_events_claim_idx" ON "insurance_claim_events" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "insurance_claims_student_idx" ON "insurance_claims" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "insurance_claims_policy_idx" ON "insurance_claims" USING btree ("policy_id","status");--> statement-breakpoint
CREATE INDEX "insurance_policies_company_idx" ON "insurance_policies" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insured_students_policy_student_idx" ON "insured_students" USING btree ("policy_id","student_id");--> statement-breakpoint
CREATE INDEX "insured_students_student_idx" ON "insured_students" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_booking_slots_room_idx" ON "lab_booking_slots" USING btree ("room_id","booking_date","period");--> statement-breakpoint
CREATE INDEX "lab_bookings_room_date_idx" ON "lab_bookings" USING btree ("room_id","booking_date");--> statement-breakpoint
CREATE INDEX "lab_bookings_teacher_idx" ON "lab_bookings" USING btree ("teacher_id","booking_date");--> statement-breakpoint
CREATE INDEX "class_fund_entries_class_idx" ON "class_fund_entries" USING btree ("class_id","entry_date","id");--> statement-breakpoint
CREATE INDEX "class_records_class_kind_idx" ON "class_records" USING btree ("class_id","kind","record_date");--> statement-breakpoint
CREATE INDEX "class_records_students_idx" ON "class_records" USING gin ("student_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "class_seating_charts_version_idx" ON "class_seating_charts" USING btree ("class_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "ability_templates_name_idx" ON "ability_templates" USING btree ("course_id","name");--> statement-breakpoint
CREATE INDEX "evaluation_set_items_set_idx" ON "evaluation_set_items" USING btree ("set_id","sort");--> statement-breakpoint
CREATE INDEX "family_committee_members_year_idx" ON "family_committee_members" USING btree ("school_year_id","class_id");--> statement-breakpoint
CREATE INDEX "family_committee_members_parent_idx" ON "family_committee_members" USING btree ("parent_user_id");--> statement-breakpoint
CREATE INDEX "knowledge_points_chapter_idx" ON "knowledge_points" USING btree ("chapter_id","status");--> statement-breakpoint
CREATE INDEX "open_class_attendees_staff_idx" ON "open_class_attendees" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "open_class_evaluations_once_idx" ON "open_class_evaluations" USING btree ("open_class_id","evaluator_id");--> statement-breakpoint
CREATE INDEX "open_class_scores_item_idx" ON "open_class_scores" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "open_classes_teacher_idx" ON "open_classes" USING btree ("teacher_id","day");--> statement-breakpoint
CREATE INDEX "open_classes_term_idx" ON "open_classes" USING btree ("term_id","day");--> statement-breakpoint
CREATE INDEX "open_classes_set_idx" ON "open_classes" USING btree ("set_id");--> statement-breakpoint
CREATE INDEX "research_meeting_attendees_staff_idx" ON "research_meeting_attendees" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "research_meetings_group_idx" ON "research_meetings" USING btree ("group_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "stratified_class_students_once_idx" ON "stratified_class_students" USING btree ("term_id","course_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stratified_classes_name_idx" ON "stratified_classes" USING btree ("term_id","grade_id","course_id","name");--> statement-breakpoint
CREATE INDEX "stratified_classes_grade_idx" ON "stratified_classes" USING btree ("term_id","grade_id","course_id");--> statement-breakpoint
CREATE INDEX "term_students_class_idx" ON "term_students" USING btree ("term_id","class_id");--> statement-breakpoint
CREATE INDEX "textbook_chapters_course_idx" ON "textbook_chapters" USING btree ("course_id","grade_id","parent_id","sort");--> statement-breakpoint
CREATE INDEX "survey_answer_queue_survey_idx" ON "survey_answer_queue" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "survey_recipients_user_idx" ON "survey_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "survey_text_answers_idx" ON "survey_text_answers" USING btree ("survey_id","question","sort_key");--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_public_key_idx" ON "surveys" USING btree ("public_key") WHERE "surveys"."public_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "surveys_owner_idx" ON "surveys" USING btree ("owner_user_id");