-- Near me (docs/decisions/0157, 0158): a home location a player gave from the browser (rounded
-- to about 1 km; otherwise home is the centre of their ZIP code's area, read by the server);
-- a venue's ZIP code and its clock; a PlayDate's coordinates, copied from its venue, in an index
-- of the open ones that Available's distance filter reads as a latitude/longitude range.
ALTER TABLE "profiles" ADD COLUMN "home_latitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_longitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_place" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_home_location_together" CHECK (("profiles"."home_latitude" is null) = ("profiles"."home_longitude" is null) and ("profiles"."home_latitude" is null) = ("profiles"."home_place" is null));--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "zip_code" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "time_zone" text;--> statement-breakpoint
-- The demo venues' places (the same as src/server/features/venues/venues.demo.ts gives new installs).
UPDATE "venues" SET "zip_code" = d.zip, "latitude" = d.lat, "longitude" = d.lng
FROM (VALUES
  ('Red Mountain Pickleball Park', '85207', 33.4366, -111.677),
  ('Superstition Springs Courts', '85206', 33.3787, -111.6915),
  ('Bell Road Paddle Center', '85374', 33.63, -112.368),
  ('Sun Village Courts', '85374', 33.644, -112.358),
  ('Encanto Pickleball Club', '85007', 33.47, -112.092),
  ('Camelback Indoor Courts', '85014', 33.501, -112.065),
  ('Saguaro Paddle Park', '85716', 32.236, -110.927),
  ('Catalina Foothills Courts', '85718', 32.31, -110.89),
  ('Ponderosa Rec Center', '86004', 35.215, -111.59),
  ('Thorpe Park Courts', '86001', 35.2, -111.663),
  ('Red Rock Pickleball Courts', '86336', 34.876, -111.77),
  ('Granite Dells Courts', '86301', 34.543, -112.456),
  ('Bridgewater Paddle Club', '86403', 34.47, -114.34),
  ('Desert Sun Courts', '85364', 32.68, -114.626),
  ('Rim Country Courts', '85541', 34.215, -111.34),
  ('Bayshore Pickleball Center', '33629', 27.92, -82.495),
  ('Lake Eola Paddle Club', '32801', 28.543, -81.371),
  ('Mission Bay Courts', '92109', 32.778, -117.205),
  ('Silver Lake Paddle Club', '90026', 34.095, -118.262),
  ('Wasatch Indoor Pickleball', '84106', 40.725, -111.856),
  ('Red Cliffs Courts', '84770', 37.083, -113.595),
  ('Zilker Paddle Park', '78746', 30.265, -97.77),
  ('Memorial Park Courts', '77007', 29.765, -95.44)
) AS d(name, zip, lat, lng)
WHERE "venues"."is_demo" AND "venues"."name" = d.name AND "venues"."latitude" IS NULL;--> statement-breakpoint
-- The five states venues could be in so far keep one zone each where these venues are.
UPDATE "venues" SET "time_zone" = CASE "state"
  WHEN 'AZ' THEN 'America/Phoenix' WHEN 'CA' THEN 'America/Los_Angeles' WHEN 'UT' THEN 'America/Denver'
  WHEN 'TX' THEN 'America/Chicago' ELSE 'America/New_York' END;--> statement-breakpoint
ALTER TABLE "venues" ALTER COLUMN "time_zone" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "longitude" double precision;--> statement-breakpoint
UPDATE "play_dates" SET "latitude" = v."latitude", "longitude" = v."longitude"
FROM "venues" v WHERE v."id" = "play_dates"."venue_id" AND v."latitude" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "play_dates_open_near_idx" ON "play_dates" USING btree ("latitude","longitude","starts_at","id","time_zone","team_dupr","creator_id","partner_id") WHERE "play_dates"."status" = 'open' and "play_dates"."latitude" is not null;
