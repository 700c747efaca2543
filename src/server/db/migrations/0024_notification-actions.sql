ALTER TABLE "notifications" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "seen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_user_unseen_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."seen";--> statement-breakpoint
-- What was read was seen: the badge keeps its count across the change.
UPDATE "notifications" SET "seen" = "read";--> statement-breakpoint
-- Earlier friend requests and partner invitations name their request in the link.
UPDATE "notifications" SET "action" = 'answer_connection', "subject_id" = substring("link" from 'request=([0-9a-f-]{36})$')::uuid
  WHERE "link" ~ '^/connections\?view=received&request=[0-9a-f-]{36}$';--> statement-breakpoint
-- Earlier messages and matches open the PlayDate's chat.
UPDATE "notifications" SET "action" = 'open_chat', "subject_id" = substring("link" from '^/playdates/([0-9a-f-]{36})$')::uuid
  WHERE "title" IN ('New message', 'Application accepted') AND "link" ~ '^/playdates/[0-9a-f-]{36}$';
