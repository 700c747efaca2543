-- Four spots, filled by pairs or by one player (docs/decisions/0137-spots-and-solo-teams.md).
-- A PlayDate posted alone has no partner yet: the creator's side has one spot, "Partner wanted".
ALTER TABLE "play_dates" ADD COLUMN "posted_alone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Who may join alone: the player's own rating (the self rating when there is no DUPR). Pairs
-- apply as before. Null on PlayDates from before: anyone may join.
ALTER TABLE "play_dates" ADD COLUMN "min_dupr" numeric(3, 2);--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "max_dupr" numeric(3, 2);--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_dupr_range" CHECK (("min_dupr" is null) = ("max_dupr" is null) and "min_dupr" between 2 and 7 and "max_dupr" between 2 and 7 and "min_dupr" <= "max_dupr");--> statement-breakpoint
-- An application from one player has no partner. Accepted, it is the other side's team (its
-- partner filled in when a second player alone is accepted) or the creator's partner: then it is
-- 'joined', as is the second player's application once it fills the other side's team.
ALTER TABLE "play_date_requests" ALTER COLUMN "requester_partner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "play_date_requests" ADD COLUMN "solo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "play_date_requests" ADD CONSTRAINT "play_date_requests_pair_or_solo" CHECK ("solo" or "requester_partner_id" is not null);
