-- The audit journal is append-only: an entry is never changed, and only the retention purge deletes, in a
-- transaction that says so (`set_config('registry.audit_purge', 'on', true)`, modules/audit). This stops the
-- app's own code and a hurried UPDATE by hand; a database role without UPDATE and DELETE on the table is what
-- stops someone who can run SQL as the app (docs/decisions.md, «Audit journal»).
CREATE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('registry.audit_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
