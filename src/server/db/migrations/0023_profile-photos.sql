CREATE TABLE "profile_photos" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"large" "bytea" NOT NULL,
	"small" "bytea" NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo_version" text;--> statement-breakpoint
ALTER TABLE "profile_photos" ADD CONSTRAINT "profile_photos_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_actor_idx" ON "notifications" USING btree ("actor_id") WHERE "notifications"."actor_id" is not null;--> statement-breakpoint
-- WebP is already compressed: store the photos out of line without trying to compress them again.
ALTER TABLE "profile_photos" ALTER COLUMN "large" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "profile_photos" ALTER COLUMN "small" SET STORAGE EXTERNAL;
