CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signup_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"url_code" text,
	"user_id" uuid,
	"used_at" timestamp with time zone,
	"assigned_to_id" uuid,
	"created_by_id" uuid,
	"invitee_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signup_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "signup_codes_code_format" CHECK ("signup_codes"."code" ~ '^[1-9][0-9]{6}$'),
	CONSTRAINT "signup_codes_url_code_format" CHECK ("signup_codes"."url_code" ~ '^[A-Za-z0-9_-]{3,50}$')
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_count_positive" CHECK ("rate_limits"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connections_not_self" CHECK ("connections"."requester_id" <> "connections"."receiver_id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"links" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_list_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"dupr_rating" numeric(3, 2),
	"self_rating" numeric(3, 2),
	"platform_user_id" uuid,
	"email" text,
	"order_position" integer NOT NULL,
	"status" text DEFAULT 'unknown' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_list_entries_names_present" CHECK (length(btrim("partner_list_entries"."first_name")) > 0 and length(btrim("partner_list_entries"."last_name")) > 0),
	CONSTRAINT "partner_list_entries_order_nonnegative" CHECK ("partner_list_entries"."order_position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "partner_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_lists_name_present" CHECK (length(btrim("partner_lists"."name")) between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "play_date_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"play_date_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_date_messages_content_length" CHECK (length(btrim("play_date_messages"."content")) between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "play_date_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"play_date_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"requester_partner_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_date_requests_distinct_players" CHECK ("play_date_requests"."requester_id" <> "play_date_requests"."requester_partner_id")
);
--> statement-breakpoint
CREATE TABLE "play_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"partner_id" uuid,
	"type" text NOT NULL,
	"doubles_type" text DEFAULT 'any' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"state" text NOT NULL,
	"regions" text[] NOT NULL,
	"payment_per_hour_min" integer NOT NULL,
	"payment_per_hour_max" integer NOT NULL,
	"description" text NOT NULL,
	"cancelled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_dates_regions_present" CHECK (cardinality("play_dates"."regions") > 0),
	CONSTRAINT "play_dates_payment_positive" CHECK ("play_dates"."payment_per_hour_min" > 0),
	CONSTRAINT "play_dates_payment_range" CHECK ("play_dates"."payment_per_hour_max" >= "play_dates"."payment_per_hour_min"),
	CONSTRAINT "play_dates_description_length" CHECK (length(btrim("play_dates"."description")) between 1 and 500),
	CONSTRAINT "play_dates_partner_not_creator" CHECK ("play_dates"."partner_id" <> "play_dates"."creator_id")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text NOT NULL,
	"age_group" text DEFAULT 'under_50' NOT NULL,
	"dupr_rating" numeric(3, 2) NOT NULL,
	"dupr_id" text,
	"profile_linked" boolean DEFAULT false NOT NULL,
	"profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_dupr_rating_range" CHECK ("players"."dupr_rating" between 2 and 7),
	CONSTRAINT "players_dupr_id_format" CHECK ("players"."dupr_id" ~ '^[A-Za-z0-9]{6}$'),
	CONSTRAINT "players_names_present" CHECK (length(btrim("players"."first_name")) > 0 and length(btrim("players"."last_name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "passwords" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text NOT NULL,
	"dupr_rating" numeric(3, 2) NOT NULL,
	"self_rating" numeric(3, 2) NOT NULL,
	"birthdate" date NOT NULL,
	"zip_code" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_paused" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"ratings_confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rating_prompt_skipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_email_normalised" CHECK ("profiles"."email" = lower(btrim("profiles"."email"))),
	CONSTRAINT "profiles_dupr_rating_range" CHECK ("profiles"."dupr_rating" between 2 and 7),
	CONSTRAINT "profiles_self_rating_range" CHECK ("profiles"."self_rating" between 2 and 7),
	CONSTRAINT "profiles_first_name_present" CHECK (length(btrim("profiles"."first_name")) > 0),
	CONSTRAINT "profiles_last_name_present" CHECK (length(btrim("profiles"."last_name")) > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_codes" ADD CONSTRAINT "signup_codes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_codes" ADD CONSTRAINT "signup_codes_assigned_to_id_profiles_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_codes" ADD CONSTRAINT "signup_codes_created_by_id_profiles_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_requester_id_profiles_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_receiver_id_profiles_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_list_entries" ADD CONSTRAINT "partner_list_entries_partner_list_id_partner_lists_id_fk" FOREIGN KEY ("partner_list_id") REFERENCES "public"."partner_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_list_entries" ADD CONSTRAINT "partner_list_entries_platform_user_id_profiles_id_fk" FOREIGN KEY ("platform_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_lists" ADD CONSTRAINT "partner_lists_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_date_messages" ADD CONSTRAINT "play_date_messages_play_date_id_play_dates_id_fk" FOREIGN KEY ("play_date_id") REFERENCES "public"."play_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_date_messages" ADD CONSTRAINT "play_date_messages_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_date_requests" ADD CONSTRAINT "play_date_requests_play_date_id_play_dates_id_fk" FOREIGN KEY ("play_date_id") REFERENCES "public"."play_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_date_requests" ADD CONSTRAINT "play_date_requests_requester_id_profiles_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_date_requests" ADD CONSTRAINT "play_date_requests_requester_partner_id_profiles_id_fk" FOREIGN KEY ("requester_partner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_partner_id_profiles_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_dates" ADD CONSTRAINT "play_dates_cancelled_by_profiles_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passwords" ADD CONSTRAINT "passwords_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "signup_codes_url_code_key" ON "signup_codes" USING btree (lower("url_code"));--> statement-breakpoint
CREATE INDEX "signup_codes_created_idx" ON "signup_codes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "signup_codes_created_by_idx" ON "signup_codes" USING btree ("created_by_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auth_tokens_profile_idx" ON "auth_tokens" USING btree ("profile_id","purpose");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "sessions_profile_idx" ON "sessions" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_live_pair_key" ON "connections" USING btree (least("requester_id", "receiver_id"),greatest("requester_id", "receiver_id"),"type") WHERE "connections"."type" in ('friend', 'partner') and "connections"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "connections_watch_key" ON "connections" USING btree ("requester_id","receiver_id") WHERE "connections"."type" = 'watched';--> statement-breakpoint
CREATE INDEX "connections_requester_idx" ON "connections" USING btree ("requester_id","type","status");--> statement-breakpoint
CREATE INDEX "connections_receiver_idx" ON "connections" USING btree ("receiver_id","type","status");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_recipient_idx" ON "mail_outbox" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."read";--> statement-breakpoint
CREATE UNIQUE INDEX "partner_list_entries_platform_user_key" ON "partner_list_entries" USING btree ("partner_list_id","platform_user_id") WHERE "partner_list_entries"."platform_user_id" is not null;--> statement-breakpoint
CREATE INDEX "partner_list_entries_list_order_idx" ON "partner_list_entries" USING btree ("partner_list_id","order_position");--> statement-breakpoint
CREATE INDEX "partner_lists_user_idx" ON "partner_lists" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "play_date_messages_play_date_idx" ON "play_date_messages" USING btree ("play_date_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "play_date_requests_one_accepted_key" ON "play_date_requests" USING btree ("play_date_id") WHERE "play_date_requests"."status" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "play_date_requests_live_requester_key" ON "play_date_requests" USING btree ("play_date_id","requester_id") WHERE "play_date_requests"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "play_date_requests_live_partner_key" ON "play_date_requests" USING btree ("play_date_id","requester_partner_id") WHERE "play_date_requests"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "play_date_requests_requester_idx" ON "play_date_requests" USING btree ("requester_id","status");--> statement-breakpoint
CREATE INDEX "play_date_requests_partner_idx" ON "play_date_requests" USING btree ("requester_partner_id","status");--> statement-breakpoint
CREATE INDEX "play_dates_status_created_idx" ON "play_dates" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "play_dates_creator_idx" ON "play_dates" USING btree ("creator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "play_dates_partner_idx" ON "play_dates" USING btree ("partner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "play_dates_created_idx" ON "play_dates" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "players_user_idx" ON "players" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_email_lower_key" ON "profiles" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "profiles_first_name_trgm" ON "profiles" USING gin (lower("first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_last_name_trgm" ON "profiles" USING gin (lower("last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_email_trgm" ON "profiles" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "profiles_name_idx" ON "profiles" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "profiles_dupr_idx" ON "profiles" USING btree ("dupr_rating");