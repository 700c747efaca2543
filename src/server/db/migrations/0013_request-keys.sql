-- The key a client sends with a new PlayDate or message: a second request with the same key gets what the first created.
ALTER TABLE "play_date_messages" ADD COLUMN "request_key" uuid;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "request_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "play_date_messages_sender_request_key_idx" ON "play_date_messages" USING btree ("user_id","request_key") WHERE "play_date_messages"."request_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "play_dates_creator_request_key_idx" ON "play_dates" USING btree ("creator_id","request_key") WHERE "play_dates"."request_key" is not null;