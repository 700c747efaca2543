CREATE TABLE "play_date_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"play_date_id" uuid NOT NULL,
	"team" text NOT NULL,
	"reporter_id" uuid,
	"outcome" text NOT NULL,
	"absent_team" text,
	"points_to" integer,
	"games" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_date_reports_shape" CHECK (("play_date_reports"."outcome" = 'no_show') = ("play_date_reports"."absent_team" is not null) and ("play_date_reports"."outcome" = 'played') = ("play_date_reports"."games" is not null) and ("play_date_reports"."games" is null) = ("play_date_reports"."points_to" is null)),
	CONSTRAINT "play_date_reports_points_to" CHECK ("play_date_reports"."points_to" in (11, 15, 21))
);
--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "late_cancel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "cancelled_team" text;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "result_outcome" text;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "result_absent_team" text;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "result_points_to" integer;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "result_games" jsonb;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "result_settled_by" text;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "result_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "paid_by" uuid;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "play_dates" ADD COLUMN "received_by" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "dupr_id" text;--> statement-breakpoint
ALTER TABLE "play_date_reports" ADD CONSTRAINT "play_date_reports_play_date_id_play_dates_id_fk" FOREIGN KEY ("play_date_id") REFERENCES "public"."play_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_date_reports" ADD CONSTRAINT "play_date_reports_reporter_id_profiles_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "play_date_reports_one_per_team" ON "play_date_reports" USING btree ("play_date_id","team");--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_paid_by_profiles_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_received_by_profiles_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_dates_disputed_idx" ON "play_dates" USING btree ("disputed_at") WHERE "play_dates"."disputed_at" is not null;--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_result_shape" CHECK (("play_dates"."result_outcome" is null) = ("play_dates"."result_settled_by" is null) and ("play_dates"."result_outcome" is null) = ("play_dates"."result_settled_at" is null) and coalesce("play_dates"."result_outcome" = 'no_show', false) = ("play_dates"."result_absent_team" is not null) and coalesce("play_dates"."result_outcome" = 'played', false) = ("play_dates"."result_games" is not null) and ("play_dates"."result_games" is null) = ("play_dates"."result_points_to" is null));--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_late_cancel_team" CHECK (not "play_dates"."late_cancel" or "play_dates"."cancelled_team" is not null);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_dupr_id_format" CHECK ("profiles"."dupr_id" ~ '^[A-Z0-9]{4,12}$');