CREATE TABLE "staff_contacts" (
	"staff_id" integer PRIMARY KEY NOT NULL,
	"postal_code" varchar(6),
	"address" varchar(200)
);
--> statement-breakpoint
ALTER TABLE "staff_contacts" ADD CONSTRAINT "staff_contacts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;