CREATE INDEX "play_dates_updated_idx" ON "play_dates" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "play_dates_payment_min_idx" ON "play_dates" USING btree ("payment_per_hour_min","created_at","id");--> statement-breakpoint
CREATE INDEX "play_dates_payment_max_idx" ON "play_dates" USING btree ("payment_per_hour_max","created_at","id");--> statement-breakpoint
CREATE INDEX "play_dates_type_created_idx" ON "play_dates" USING btree ("type","created_at","id");