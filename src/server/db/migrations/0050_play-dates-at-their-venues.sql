-- The demo data gave its PlayDates a venue without the venue's place (docs/decisions/0197): an
-- install seeded since migration 0041 found none of them by distance. Every PlayDate at a venue
-- with a place takes it, as a PlayDate posted there does.
UPDATE "play_dates" SET "latitude" = v."latitude", "longitude" = v."longitude"
FROM "venues" v
WHERE v."id" = "play_dates"."venue_id" AND v."latitude" IS NOT NULL AND "play_dates"."latitude" IS NULL;
