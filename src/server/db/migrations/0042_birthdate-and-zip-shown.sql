-- Privacy (docs/decisions/0160): other players see an age range and a city; a player who chooses
-- to show more shows their birthdate and ZIP code too. Off for everyone until they turn it on.
ALTER TABLE "profiles" ADD COLUMN "shows_birthdate_and_zip" boolean DEFAULT false NOT NULL;
