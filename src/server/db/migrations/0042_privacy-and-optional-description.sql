-- Privacy (docs/decisions/0160): other players see an age range and a city; a player who chooses
-- to show more shows their birthdate and ZIP code too. Off for everyone until they turn it on.
ALTER TABLE "profiles" ADD COLUMN "shows_birthdate_and_zip" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A PlayDate's description is optional (issue 53): empty when the creator wrote none.
ALTER TABLE "play_dates" DROP CONSTRAINT "play_dates_description_length";--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_description_length" CHECK (length(btrim("play_dates"."description")) <= 500);
