-- The embedded database belongs to one process, which keeps the session lookups it read until
-- sessions or profiles change (docs/decisions/0119-embedded-session-cache.md). Any committed
-- statement that changes either table, from any code path, trigger or cascade, tells it so: a
-- notification at commit, sent only on a connection that asked for it (a PostgreSQL server's
-- connections do not, so their writes take no notify lock).
CREATE FUNCTION "sessions_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('picklematch.session_cache', true) = 'on' THEN
    PERFORM pg_notify('picklematch_sessions_changed', '');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_changed_notify"();--> statement-breakpoint
CREATE TRIGGER "profiles_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_changed_notify"();
