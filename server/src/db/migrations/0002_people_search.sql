-- People picker (/components/getUserAllData): the keyword matches account or name anywhere in the
-- text (ILIKE '%kw%'), which a btree cannot serve; trigram GIN indexes can, on PGlite and PostgreSQL.
-- Written by hand (drizzle-kit does not emit extensions or operator classes); see docs/calls-components.md.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_account_trgm_idx" ON "users" USING gin ("account" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_display_name_trgm_idx" ON "users" USING gin ("display_name" gin_trgm_ops);
--> statement-breakpoint
-- The list is ordered by user type then account; this index lets a page stop after its rows.
CREATE INDEX IF NOT EXISTS "users_type_account_idx" ON "users" USING btree ("user_type", "account");
