-- The player a job works for (a push to one of their devices): a turn of the job runner takes one
-- job per player before a second of anyone's (lib/jobs.ts). Push jobs already waiting get theirs
-- from their subscription; a job about a PlayDate has none.
ALTER TABLE "jobs" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
UPDATE "jobs" j SET "owner_id" = s."profile_id"
  FROM "push_subscriptions" s
  WHERE j."kind" = 'push-send' AND j."done_at" IS NULL AND s."id"::text = j."payload"->>'subscriptionId';--> statement-breakpoint
-- A player keeps at most 10 push devices (push.service.ts): the oldest beyond that are forgotten.
DELETE FROM "push_subscriptions" s
  WHERE s."id" IN (
    SELECT "id" FROM (
      SELECT "id", row_number() OVER (PARTITION BY "profile_id" ORDER BY "created_at" DESC, "id" DESC) AS n
      FROM "push_subscriptions"
    ) ranked WHERE n > 10
  );
