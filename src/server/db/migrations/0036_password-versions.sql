-- A password's version goes up at each change or reset, and a known browser (the exemption from
-- the account's ceiling on wrong passwords, features/auth/known-browsers.ts) holds for the
-- version it signed in with: after a change or reset it must sign in again to be known.
ALTER TABLE "passwords" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "known_browsers" ADD COLUMN "password_version" integer DEFAULT 1 NOT NULL;
