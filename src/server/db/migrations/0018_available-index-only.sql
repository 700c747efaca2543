DROP INDEX "play_dates_open_start_idx";--> statement-breakpoint
DROP INDEX "play_dates_open_state_start_idx";--> statement-breakpoint
CREATE INDEX "play_dates_open_start_idx" ON "play_dates" USING btree ("starts_at","id","time_zone","team_dupr","creator_id","partner_id") WHERE "play_dates"."status" = 'open';--> statement-breakpoint
CREATE INDEX "play_dates_open_state_start_idx" ON "play_dates" USING btree ("state","starts_at","id","time_zone","team_dupr","creator_id","partner_id","regions") WHERE "play_dates"."status" = 'open';