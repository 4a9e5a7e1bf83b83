CREATE TABLE "registry_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The menu's counters, kept exact by statement-level triggers: one counter update per statement that changes
-- a count (a bulk load of 20,000 rows moves it once), none for a statement that does not (saving a card,
-- handling an import's row but its last). The counter row is locked by the writing transaction until it
-- commits, so two transactions that both create trainees take turns; creations are seconds apart, and every
-- writer locks the trainees' counter before the imports' one (a row accepted as a new trainee, then its
-- import processed), so they cannot deadlock.
CREATE FUNCTION registry_count_interns() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT delta + count(*) INTO delta FROM new_rows WHERE NOT is_deleted;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT delta - count(*) INTO delta FROM old_rows WHERE NOT is_deleted;
  END IF;
  IF delta <> 0 THEN
    UPDATE registry_counters SET value = value + delta WHERE key = 'interns';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION registry_count_waiting_imports() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT delta + count(*) INTO delta FROM new_rows WHERE status IN (0, 1);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT delta - count(*) INTO delta FROM old_rows WHERE status IN (0, 1);
  END IF;
  IF delta <> 0 THEN
    UPDATE registry_counters SET value = value + delta WHERE key = 'waiting_imports';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A truncated table counts nothing (TRUNCATE fires no row or delete triggers).
CREATE FUNCTION registry_count_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE registry_counters SET value = 0 WHERE key = TG_ARGV[0];
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- PostgreSQL allows transition tables only on triggers of one event: three triggers per table.
CREATE TRIGGER interns_count_insert AFTER INSERT ON interns REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION registry_count_interns();
--> statement-breakpoint
CREATE TRIGGER interns_count_update AFTER UPDATE ON interns REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION registry_count_interns();
--> statement-breakpoint
CREATE TRIGGER interns_count_delete AFTER DELETE ON interns REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION registry_count_interns();
--> statement-breakpoint
CREATE TRIGGER interns_count_truncate AFTER TRUNCATE ON interns
  FOR EACH STATEMENT EXECUTE FUNCTION registry_count_reset('interns');
--> statement-breakpoint
CREATE TRIGGER imports_count_insert AFTER INSERT ON imports REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION registry_count_waiting_imports();
--> statement-breakpoint
CREATE TRIGGER imports_count_update AFTER UPDATE ON imports REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION registry_count_waiting_imports();
--> statement-breakpoint
CREATE TRIGGER imports_count_delete AFTER DELETE ON imports REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION registry_count_waiting_imports();
--> statement-breakpoint
CREATE TRIGGER imports_count_truncate AFTER TRUNCATE ON imports
  FOR EACH STATEMENT EXECUTE FUNCTION registry_count_reset('waiting_imports');
--> statement-breakpoint
-- The starting values, counted after the triggers exist: creating them locked both tables against writes
-- until the migrations' transaction commits, so no write falls between the count and the triggers.
INSERT INTO registry_counters (key, value) VALUES
  ('interns', (SELECT count(*) FROM interns WHERE NOT is_deleted)),
  ('waiting_imports', (SELECT count(*) FROM imports WHERE status IN (0, 1)));
