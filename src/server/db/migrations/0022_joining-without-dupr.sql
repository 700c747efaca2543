ALTER TABLE "profiles" ALTER COLUMN "dupr_rating" DROP NOT NULL;--> statement-breakpoint
-- A player without a DUPR rating counts with their self rating in the creator team's average.
CREATE OR REPLACE FUNCTION "play_dates_team_dupr"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.team_dupr := (SELECT avg(coalesce(p.dupr_rating, p.self_rating)) FROM profiles p WHERE p.id IN (NEW.creator_id, NEW.partner_id));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "profiles_rating_to_open_play_dates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE play_dates pd
  SET team_dupr = (SELECT avg(coalesce(p.dupr_rating, p.self_rating)) FROM profiles p WHERE p.id IN (pd.creator_id, pd.partner_id))
  WHERE pd.status = 'open' AND (pd.creator_id = NEW.id OR pd.partner_id = NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "profiles_rating_to_open_play_dates" ON "profiles";--> statement-breakpoint
CREATE TRIGGER "profiles_rating_to_open_play_dates" AFTER UPDATE OF dupr_rating, self_rating ON "profiles"
  FOR EACH ROW WHEN (coalesce(OLD.dupr_rating, OLD.self_rating) IS DISTINCT FROM coalesce(NEW.dupr_rating, NEW.self_rating))
  EXECUTE FUNCTION "profiles_rating_to_open_play_dates"();
