-- The sign-up browser a confirmation link signs in (SHA-256 of its pm_signup cookie); elsewhere the link only confirms.
ALTER TABLE "auth_tokens" ADD COLUMN "browser_hash" text;