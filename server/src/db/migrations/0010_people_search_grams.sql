-- Keyword search over people: the trigram indexes (0002) cannot serve a keyword of one or two characters,
-- which most Chinese name searches are (张伟, 李娜). Every one- and two-character piece of the lower-cased
-- account and name goes into a GIN index, so such a keyword is an index lookup instead of a scan.
CREATE OR REPLACE FUNCTION campus_grams(value text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT substr(value, i, n)), '{}')
  FROM generate_series(1, char_length(value)) AS i CROSS JOIN (VALUES (1), (2)) AS lengths(n)
  WHERE i + n - 1 <= char_length(value)
$$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_account_grams_idx" ON "users" USING gin (campus_grams(lower("account")));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_display_name_grams_idx" ON "users" USING gin (campus_grams(lower("display_name")));
