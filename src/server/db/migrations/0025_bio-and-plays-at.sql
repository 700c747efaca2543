CREATE TABLE "player_venues" (
	"profile_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "player_venues_profile_id_venue_id_pk" PRIMARY KEY("profile_id","venue_id"),
	CONSTRAINT "player_venues_profile_position_key" UNIQUE("profile_id","position"),
	CONSTRAINT "player_venues_position_range" CHECK ("player_venues"."position" between 0 and 4)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "bio" text;--> statement-breakpoint
ALTER TABLE "player_venues" ADD CONSTRAINT "player_venues_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_venues" ADD CONSTRAINT "player_venues_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_venues_venue_idx" ON "player_venues" USING btree ("venue_id");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_bio_length" CHECK (char_length("profiles"."bio") between 1 and 160 and "profiles"."bio" = btrim("profiles"."bio"));