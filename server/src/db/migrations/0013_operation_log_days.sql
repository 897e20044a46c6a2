CREATE TABLE "operation_log_days" (
	"day" integer NOT NULL,
	"slot" smallint NOT NULL,
	"rows" bigint NOT NULL,
	CONSTRAINT "operation_log_days_day_slot_pk" PRIMARY KEY("day","slot")
);
--> statement-breakpoint
-- Counts every day of the log again, from the rows. The triggers below keep the counts from then on; a load
-- that bypasses triggers (session_replication_role = replica, as the benchmark generator does, or a restore
-- with triggers disabled) must call this afterwards. Writers wait until it commits, so no row is counted
-- twice or missed.
CREATE OR REPLACE FUNCTION recount_operation_log_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE operation_logs IN SHARE MODE;
  DELETE FROM operation_log_days;
  INSERT INTO operation_log_days (day, slot, rows)
    SELECT floor(extract(epoch FROM created_at) / 86400)::int, 0, count(*) FROM operation_logs GROUP BY 1;
END
$$;--> statement-breakpoint
SELECT recount_operation_log_days();--> statement-breakpoint
-- One function for all four triggers: a statement adds its new rows' days and takes away its old rows'
-- (an UPDATE does both), in its own transaction. A transition table cannot serve two events, hence four.
CREATE OR REPLACE FUNCTION count_operation_log_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM operation_log_days;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO operation_log_days AS d (day, slot, rows)
      SELECT floor(extract(epoch FROM created_at) / 86400)::int, pg_backend_pid() % 16, count(*) FROM new_rows GROUP BY 1
      ON CONFLICT (day, slot) DO UPDATE SET rows = d.rows + EXCLUDED.rows;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO operation_log_days AS d (day, slot, rows)
      SELECT floor(extract(epoch FROM created_at) / 86400)::int, pg_backend_pid() % 16, -count(*) FROM old_rows GROUP BY 1
      ON CONFLICT (day, slot) DO UPDATE SET rows = d.rows + EXCLUDED.rows;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER operation_logs_count_insert AFTER INSERT ON operation_logs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_operation_log_days();--> statement-breakpoint
CREATE TRIGGER operation_logs_count_update AFTER UPDATE ON operation_logs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_operation_log_days();--> statement-breakpoint
CREATE TRIGGER operation_logs_count_delete AFTER DELETE ON operation_logs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_operation_log_days();--> statement-breakpoint
CREATE TRIGGER operation_logs_count_truncate AFTER TRUNCATE ON operation_logs FOR EACH STATEMENT EXECUTE FUNCTION count_operation_log_days();
