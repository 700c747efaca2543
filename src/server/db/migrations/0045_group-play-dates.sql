-- A group's PlayDates (docs/decisions/0166-groups.md): offered to the group's members first, open to
-- everyone from open_to_all_at, or never when it is null.
ALTER TABLE "play_dates" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "open_to_all_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_opening_needs_group" CHECK ("play_dates"."open_to_all_at" is null or "play_dates"."group_id" is not null);--> statement-breakpoint
CREATE INDEX "play_dates_group_starts_idx" ON "play_dates" USING btree ("group_id","starts_at") WHERE "play_dates"."group_id" is not null;
