-- A player is in at most one live (pending or accepted) application of a PlayDate, in whichever
-- role. The unique indexes hold a player to one live application in the same role; this holds
-- the player who would be captain in one and partner in another. An application locks its
-- PlayDate's row before it is inserted, so it is inserted only once the previous application of
-- that PlayDate has committed; this check, a statement of its own, reads after that lock, and
-- sees it (the application's own statement read before it waited).
CREATE OR REPLACE FUNCTION "play_date_requests_one_live_per_player"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM play_date_requests r
    WHERE r.play_date_id = NEW.play_date_id AND r.id <> NEW.id AND r.status IN ('pending', 'accepted')
      AND (r.requester_id IN (NEW.requester_id, NEW.requester_partner_id)
        OR r.requester_partner_id IN (NEW.requester_id, NEW.requester_partner_id))
  ) THEN
    RAISE EXCEPTION 'a player of this application is already in a live application of the PlayDate'
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'play_date_requests_one_live_per_player';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "play_date_requests_one_live_per_player" AFTER INSERT ON "play_date_requests"
  FOR EACH ROW WHEN (NEW.status IN ('pending', 'accepted'))
  EXECUTE FUNCTION "play_date_requests_one_live_per_player"();
