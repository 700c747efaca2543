ALTER TABLE "profiles" ADD COLUMN "home_state" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_region" text;--> statement-breakpoint
CREATE INDEX "play_dates_open_start_idx" ON "play_dates" USING btree ("starts_at","id") WHERE "play_dates"."status" = 'open';--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_home_together" CHECK (("profiles"."home_state" is null) = ("profiles"."home_region" is null));