-- The embedded database's process keeps each player's unread count until their notifications
-- change (docs/decisions/0122-embedded-unread-count-cache.md), as it keeps sessions (0027): any
-- committed change to a notification, from any code path, names its player in a notification at
-- commit; a truncate names no one (everything is forgotten). Sent only on a connection that asked
-- for it: a PostgreSQL server's connections do not, so their writes take no notify lock.
CREATE FUNCTION "notifications_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('picklematch.session_cache', true) = 'on' THEN
    IF TG_OP = 'TRUNCATE' THEN
      PERFORM pg_notify('picklematch_notifications_changed', '');
    ELSE
      IF TG_OP <> 'INSERT' THEN
        PERFORM pg_notify('picklematch_notifications_changed', OLD.user_id::text);
      END IF;
      IF TG_OP <> 'DELETE' THEN
        PERFORM pg_notify('picklematch_notifications_changed', NEW.user_id::text);
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notifications_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "notifications_changed_notify"();--> statement-breakpoint
CREATE TRIGGER "notifications_truncated_notify" AFTER TRUNCATE ON "notifications"
  FOR EACH STATEMENT EXECUTE FUNCTION "notifications_changed_notify"();
