CREATE TABLE "notification_preferences" (
	"profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_profile_id_kind_pk" PRIMARY KEY("profile_id","kind")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"region" text NOT NULL,
	"courts" integer NOT NULL,
	"setting" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"is_demo" boolean DEFAULT false NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venues_courts_range" CHECK ("venues"."courts" between 1 and 64),
	CONSTRAINT "venues_name_length" CHECK (length(btrim("venues"."name")) between 1 and 120),
	CONSTRAINT "venues_coordinates_together" CHECK (("venues"."latitude" is null) = ("venues"."longitude" is null))
);
--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "venue_id" uuid;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "place" text;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "venues_state_region_idx" ON "venues" USING btree ("state","region","name") WHERE "venues"."retired_at" is null;--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_dates_open_state_start_idx" ON "play_dates" USING btree ("state","starts_at","id") WHERE "play_dates"."status" = 'open';--> statement-breakpoint
CREATE INDEX "play_dates_start_idx" ON "play_dates" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_schedule_together" CHECK (("play_dates"."starts_at" is null) = ("play_dates"."time_zone" is null) and ("play_dates"."starts_at" is null) = ("play_dates"."duration_minutes" is null));--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_duration_range" CHECK ("play_dates"."duration_minutes" between 30 and 240 and "play_dates"."duration_minutes" % 30 = 0);--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_place_length" CHECK (length(btrim("play_dates"."place")) between 1 and 120);--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_one_place" CHECK (not ("play_dates"."venue_id" is not null and "play_dates"."place" is not null));