-- A group's weekly games (docs/decisions/0169-recurring-series.md): the series, as an RFC 5545 rule
-- on the venue's clock, and each occurrence made into a PlayDate or skipped, once.
CREATE TABLE "group_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"time_zone" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"amount" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"opens_to_all" boolean NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_series_amount" CHECK ("amount" between 0 and 500),
	CONSTRAINT "group_series_duration" CHECK ("duration_minutes" between 30 and 240 and "duration_minutes" % 30 = 0),
	CONSTRAINT "group_series_description_length" CHECK (length("description") <= 500)
);
--> statement-breakpoint
CREATE TABLE "group_series_occurrences" (
	"series_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"play_date_id" uuid,
	"skipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_series_occurrences_series_id_starts_at_pk" PRIMARY KEY("series_id","starts_at")
);
--> statement-breakpoint
ALTER TABLE "group_series" ADD CONSTRAINT "group_series_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_series" ADD CONSTRAINT "group_series_host_id_profiles_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_series" ADD CONSTRAINT "group_series_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_series_occurrences" ADD CONSTRAINT "group_series_occurrences_series_id_group_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."group_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_series_occurrences" ADD CONSTRAINT "group_series_occurrences_play_date_id_play_dates_id_fk" FOREIGN KEY ("play_date_id") REFERENCES "public"."play_dates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_series_group_idx" ON "group_series" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "group_series_occurrences_play_date_idx" ON "group_series_occurrences" USING btree ("play_date_id") WHERE "group_series_occurrences"."play_date_id" is not null;--> statement-breakpoint
-- A series' games may be free: a group's weekly game costs what the courts cost, often nothing.
ALTER TABLE "play_dates" DROP CONSTRAINT "play_dates_payment_positive";--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_payment_positive" CHECK ("play_dates"."payment_per_hour_min" >= 0);
