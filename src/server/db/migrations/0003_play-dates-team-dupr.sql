ALTER TABLE "play_dates" ADD COLUMN "team_dupr" numeric(4, 3);--> statement-breakpoint
CREATE FUNCTION "play_dates_team_dupr"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.team_dupr := (SELECT avg(p.dupr_rating) FROM profiles p WHERE p.id IN (NEW.creator_id, NEW.partner_id));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "play_dates_team_dupr" BEFORE INSERT OR UPDATE OF creator_id, partner_id ON "play_dates"
  FOR EACH ROW EXECUTE FUNCTION "play_dates_team_dupr"();--> statement-breakpoint
CREATE FUNCTION "profiles_rating_to_open_play_dates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE play_dates pd
  SET team_dupr = (SELECT avg(p.dupr_rating) FROM profiles p WHERE p.id IN (pd.creator_id, pd.partner_id))
  WHERE pd.status = 'open' AND (pd.creator_id = NEW.id OR pd.partner_id = NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profiles_rating_to_open_play_dates" AFTER UPDATE OF dupr_rating ON "profiles"
  FOR EACH ROW WHEN (OLD.dupr_rating IS DISTINCT FROM NEW.dupr_rating)
  EXECUTE FUNCTION "profiles_rating_to_open_play_dates"();--> statement-breakpoint
UPDATE "play_dates" pd
SET team_dupr = (SELECT avg(p.dupr_rating) FROM profiles p WHERE p.id IN (pd.creator_id, pd.partner_id));
--> statement-breakpoint
ANALYZE "play_dates";
