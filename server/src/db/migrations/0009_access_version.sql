CREATE TABLE "access_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
-- One row only; servers compare its version with the one their cached permission data was built from.
ALTER TABLE "access_version" ADD CONSTRAINT "access_version_single_row" CHECK ("id" = 1);--> statement-breakpoint
INSERT INTO "access_version" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_access_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE access_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER roles_access_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION bump_access_version();--> statement-breakpoint
CREATE TRIGGER menus_access_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menus FOR EACH STATEMENT EXECUTE FUNCTION bump_access_version();--> statement-breakpoint
CREATE TRIGGER role_menus_access_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_menus FOR EACH STATEMENT EXECUTE FUNCTION bump_access_version();--> statement-breakpoint
CREATE TRIGGER user_roles_access_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION bump_access_version();--> statement-breakpoint
-- Logins update users too (failure counts, locks): only the columns a permission payload shows count.
CREATE TRIGGER users_access_version AFTER UPDATE OF account, display_name, user_type, enabled ON users FOR EACH STATEMENT EXECUTE FUNCTION bump_access_version();
