DROP INDEX "signup_codes_created_idx";--> statement-breakpoint
CREATE INDEX "signup_codes_created_idx" ON "signup_codes" USING btree ("created_at","id");