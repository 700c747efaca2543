-- The waitlist, offers and subs (docs/decisions/0152-waitlist-drop-outs-and-subs.md,
-- docs/decisions/0138-offer-timings-and-waves.md). A full game's further applications wait in
-- order ('waitlisted', ranked); a player or team who drops out of a matched game leaves it
-- matched with an open spot (vacant_since), offered to the waitlist in turn, then to subs in
-- waves (sub_wave).
ALTER TABLE "play_date_requests" ADD COLUMN "waitlist_rank" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "play_date_requests_waitlist_requester_key" ON "play_date_requests" USING btree ("play_date_id","requester_id") WHERE "play_date_requests"."status" = 'waitlisted';--> statement-breakpoint
CREATE UNIQUE INDEX "play_date_requests_waitlist_partner_key" ON "play_date_requests" USING btree ("play_date_id","requester_partner_id") WHERE "play_date_requests"."status" = 'waitlisted';--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "vacant_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "sub_wave" smallint;--> statement-breakpoint
-- One spot offered: to a waitlisted application (a pair or a player alone), or to one player
-- as a sub. Open until taken, declined, timed out (a waitlist offer) or closed (the spots filled,
-- the game gone).
CREATE TABLE "play_date_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"play_date_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"request_id" uuid,
	"profile_id" uuid,
	"wave" smallint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"exclusive_until" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_date_offers_kind" CHECK ("kind" in ('waitlist', 'sub')),
	CONSTRAINT "play_date_offers_status" CHECK ("status" in ('open', 'taken', 'declined', 'expired', 'closed')),
	CONSTRAINT "play_date_offers_to_whom" CHECK (("kind" = 'waitlist') = ("request_id" is not null) and ("kind" = 'sub') = ("profile_id" is not null))
);--> statement-breakpoint
ALTER TABLE "play_date_offers" ADD CONSTRAINT "play_date_offers_play_date_id_play_dates_id_fk" FOREIGN KEY ("play_date_id") REFERENCES "public"."play_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_date_offers" ADD CONSTRAINT "play_date_offers_request_id_play_date_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."play_date_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_date_offers" ADD CONSTRAINT "play_date_offers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_date_offers_play_date_idx" ON "play_date_offers" USING btree ("play_date_id","status");--> statement-breakpoint
CREATE INDEX "play_date_offers_request_idx" ON "play_date_offers" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "play_date_offers_profile_idx" ON "play_date_offers" USING btree ("profile_id","status");--> statement-breakpoint
-- One waitlist offer at a time per game, and one open sub offer per player and game.
CREATE UNIQUE INDEX "play_date_offers_one_waitlist_key" ON "play_date_offers" USING btree ("play_date_id") WHERE "play_date_offers"."kind" = 'waitlist' and "play_date_offers"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "play_date_offers_one_sub_key" ON "play_date_offers" USING btree ("play_date_id","profile_id") WHERE "play_date_offers"."kind" = 'sub' and "play_date_offers"."status" = 'open';--> statement-breakpoint
-- A player who left a matched game: late under 24 hours before the start (a late cancel on their
-- record), marked replaced once someone took the spot.
CREATE TABLE "play_date_dropouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"play_date_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"side" text NOT NULL,
	"late" boolean NOT NULL,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_date_dropouts_side" CHECK ("side" in ('creator', 'responding'))
);--> statement-breakpoint
ALTER TABLE "play_date_dropouts" ADD CONSTRAINT "play_date_dropouts_play_date_id_play_dates_id_fk" FOREIGN KEY ("play_date_id") REFERENCES "public"."play_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_date_dropouts" ADD CONSTRAINT "play_date_dropouts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_date_dropouts_play_date_idx" ON "play_date_dropouts" USING btree ("play_date_id");--> statement-breakpoint
CREATE INDEX "play_date_dropouts_profile_idx" ON "play_date_dropouts" USING btree ("profile_id","created_at");--> statement-breakpoint
-- "Available as a sub" (Profile Settings). The second wave of a sub search reads the players who
-- switched it on by home area and rating (their DUPR, else their self rating).
ALTER TABLE "profiles" ADD COLUMN "available_as_sub" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_sub_candidates_idx" ON "profiles" USING btree ("home_state","home_region",(coalesce("dupr_rating", "self_rating")),"id") WHERE "profiles"."available_as_sub" and not "profiles"."is_paused";
