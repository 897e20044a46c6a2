CREATE TABLE "exam_candidates" (
	"batch_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"exam_room_id" integer NOT NULL,
	"seat" smallint NOT NULL,
	CONSTRAINT "exam_candidates_batch_id_student_id_pk" PRIMARY KEY("batch_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "exam_invigilator_pool" (
	"batch_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	CONSTRAINT "exam_invigilator_pool_batch_id_staff_id_pk" PRIMARY KEY("batch_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "exam_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"classroom_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"seats" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_staff_unavailability" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"exam_date" date NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"reason" varchar(100) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_batches" ADD COLUMN "avoid_own_subject" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_batches" ADD COLUMN "two_invigilators_from" smallint DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD COLUMN "exam_room_id" integer;--> statement-breakpoint
ALTER TABLE "exam_candidates" ADD CONSTRAINT "exam_candidates_batch_id_exam_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."exam_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_candidates" ADD CONSTRAINT "exam_candidates_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_candidates" ADD CONSTRAINT "exam_candidates_exam_room_id_exam_rooms_id_fk" FOREIGN KEY ("exam_room_id") REFERENCES "public"."exam_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_invigilator_pool" ADD CONSTRAINT "exam_invigilator_pool_batch_id_exam_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."exam_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_invigilator_pool" ADD CONSTRAINT "exam_invigilator_pool_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_rooms" ADD CONSTRAINT "exam_rooms_batch_id_exam_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."exam_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_rooms" ADD CONSTRAINT "exam_rooms_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_staff_unavailability" ADD CONSTRAINT "exam_staff_unavailability_batch_id_exam_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."exam_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_staff_unavailability" ADD CONSTRAINT "exam_staff_unavailability_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_candidates_room_seat_idx" ON "exam_candidates" USING btree ("exam_room_id","seat");--> statement-breakpoint
CREATE INDEX "exam_candidates_student_idx" ON "exam_candidates" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_rooms_batch_room_idx" ON "exam_rooms" USING btree ("batch_id","classroom_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_rooms_batch_number_idx" ON "exam_rooms" USING btree ("batch_id","number");--> statement-breakpoint
CREATE INDEX "exam_staff_unavailability_batch_idx" ON "exam_staff_unavailability" USING btree ("batch_id","staff_id");--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_exam_room_id_exam_rooms_id_fk" FOREIGN KEY ("exam_room_id") REFERENCES "public"."exam_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_sessions_room_time_idx" ON "exam_sessions" USING btree ("classroom_id","exam_date");--> statement-breakpoint
CREATE INDEX "invigilations_session_idx" ON "invigilations" USING btree ("session_id");