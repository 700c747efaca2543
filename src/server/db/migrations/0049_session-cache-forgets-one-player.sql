-- The embedded database's process keeps the session lookups it read (0027,
-- docs/decisions/0119-embedded-session-cache.md). Every change to a session or a profile used to
-- make it forget them all: with a session renewed once an hour while it is used, a sign-out or a
-- profile saved, a busy server forgot every session several times a second. Now a change names
-- what it changed (docs/decisions/0192): a session by its token's hash ('s…'), a profile by its
-- id ('p…', which forgets that player's sessions); a truncate names nothing, and everything is
-- forgotten. A new row names nothing: no kept lookup read it. Sent only on a connection that asked
-- for it: a PostgreSQL server's connections do not, so their writes take no notify lock.
DROP TRIGGER "sessions_changed_notify" ON "sessions";--> statement-breakpoint
DROP TRIGGER "profiles_changed_notify" ON "profiles";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sessions_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('picklematch.session_cache', true) = 'on' THEN
    IF TG_OP = 'TRUNCATE' THEN
      PERFORM pg_notify('picklematch_sessions_changed', '');
    ELSIF TG_TABLE_NAME = 'sessions' THEN
      PERFORM pg_notify('picklematch_sessions_changed', 's' || OLD.token_hash);
      IF TG_OP = 'UPDATE' THEN
        IF NEW.token_hash <> OLD.token_hash THEN
          PERFORM pg_notify('picklematch_sessions_changed', 's' || NEW.token_hash);
        END IF;
      END IF;
    ELSE
      PERFORM pg_notify('picklematch_sessions_changed', 'p' || OLD.id::text);
      IF TG_OP = 'UPDATE' THEN
        IF NEW.id <> OLD.id THEN
          PERFORM pg_notify('picklematch_sessions_changed', 'p' || NEW.id::text);
        END IF;
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_changed_notify" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "sessions_changed_notify"();--> statement-breakpoint
CREATE TRIGGER "sessions_truncated_notify" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_changed_notify"();--> statement-breakpoint
CREATE TRIGGER "profiles_changed_notify" AFTER UPDATE OR DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "sessions_changed_notify"();--> statement-breakpoint
CREATE TRIGGER "profiles_truncated_notify" AFTER TRUNCATE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_changed_notify"();
