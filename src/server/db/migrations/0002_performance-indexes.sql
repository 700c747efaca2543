DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "play_dates_status_created_idx";--> statement-breakpoint
DROP INDEX "play_dates_created_idx";--> statement-breakpoint
CREATE INDEX "profiles_first_name_order_idx" ON "profiles" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "play_dates_status_created_idx" ON "play_dates" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "play_dates_created_idx" ON "play_dates" USING btree ("created_at","id");