-- Available's open PlayDates' indexes carry the group and its opening time (docs/decisions/0168):
-- who is offered a group's game is then read from the index alone, as the filters are, instead of
-- from the table for every open game the page walks.
DROP INDEX "play_dates_open_start_idx";--> statement-breakpoint
DROP INDEX "play_dates_open_state_start_idx";--> statement-breakpoint
DROP INDEX "play_dates_open_near_idx";--> statement-breakpoint
CREATE INDEX "play_dates_open_start_idx" ON "play_dates" USING btree ("starts_at","id","time_zone","team_dupr","creator_id","partner_id","group_id","open_to_all_at") WHERE "play_dates"."status" = 'open';--> statement-breakpoint
CREATE INDEX "play_dates_open_state_start_idx" ON "play_dates" USING btree ("state","starts_at","id","time_zone","team_dupr","creator_id","partner_id","regions","group_id","open_to_all_at") WHERE "play_dates"."status" = 'open';--> statement-breakpoint
CREATE INDEX "play_dates_open_near_idx" ON "play_dates" USING btree ("latitude","longitude","starts_at","id","time_zone","team_dupr","creator_id","partner_id","group_id","open_to_all_at") WHERE "play_dates"."status" = 'open' and "play_dates"."latitude" is not null;
