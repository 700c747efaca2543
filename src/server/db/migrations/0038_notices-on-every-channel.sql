-- Every notice by the channels the player chose (docs/decisions/0139): each notification knows its
-- kind (as players switch them) and its game; push has a switch per kind like email; quiet hours
-- per player; how far each player has read a chat (its email waits and is not sent once read);
-- extra headers on an email (List-Unsubscribe).
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "play_date_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "notification_quiet_hours" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "notification_quiet_hours" ADD CONSTRAINT "notification_quiet_hours_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"play_date_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"read_up_to" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_reads_play_date_id_profile_id_pk" PRIMARY KEY("play_date_id","profile_id")
);--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_play_date_id_play_dates_id_fk" FOREIGN KEY ("play_date_id") REFERENCES "public"."play_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_reads_profile_idx" ON "chat_reads" USING btree ("profile_id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;
