-- A one-tap confirmation of the other team's report waits a minute before it settles the result,
-- so the player who tapped can undo it (docs/decisions/0159): when it was made and by whom, both
-- null when none waits.
ALTER TABLE "play_dates" ADD COLUMN "result_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "result_confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_result_confirmed_by_profiles_id_fk" FOREIGN KEY ("result_confirmed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;
