-- Who came to the other side alone, player by player (docs/decisions/0207-joined-alone-player-by-player.md).
-- `solo` says the application's captain came alone; `partner_joined_alone` says a player alone
-- filled its partner's spot. Until now a pair that lost a player to a drop-out turned `solo`, and
-- its player left was taken for one who had come alone.
ALTER TABLE "play_date_requests" ADD COLUMN "partner_joined_alone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A pair's player left on its side holds the spot with no partner and is not alone.
ALTER TABLE "play_date_requests" DROP CONSTRAINT "play_date_requests_pair_or_solo";--> statement-breakpoint
ALTER TABLE "play_date_requests" ADD CONSTRAINT "play_date_requests_pair_or_solo" CHECK ("solo" or "requester_partner_id" is not null or "status" in ('accepted', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "play_date_requests" ADD CONSTRAINT "play_date_requests_partner_joined_alone" CHECK (not "partner_joined_alone" or "requester_partner_id" is not null);--> statement-breakpoint
-- A partner who joined alone has an application of their own, joined into this one.
UPDATE "play_date_requests" AS r SET "partner_joined_alone" = true
WHERE r."requester_partner_id" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "play_date_requests" j
    WHERE j."play_date_id" = r."play_date_id" AND j."requester_id" = r."requester_partner_id"
      AND j."status" = 'joined'
  );--> statement-breakpoint
-- The spot kept for a pair's partner when its captain dropped out was recorded as an application
-- alone: the pair's withdrawn application names them as its partner, its captain's drop-out is
-- recorded when it was made, they had not dropped out themselves, and no offer placed it.
UPDATE "play_date_requests" AS r SET "solo" = false
WHERE r."solo" AND r."status" IN ('accepted', 'withdrawn')
  AND NOT EXISTS (SELECT 1 FROM "play_date_offers" o WHERE o."request_id" = r."id")
  AND NOT EXISTS (
    SELECT 1 FROM "play_date_offers" o
    WHERE o."play_date_id" = r."play_date_id" AND o."kind" = 'sub' AND o."profile_id" = r."requester_id"
      AND o."status" = 'taken'
  )
  AND NOT EXISTS (
    SELECT 1 FROM "play_date_dropouts" m
    WHERE m."play_date_id" = r."play_date_id" AND m."profile_id" = r."requester_id"
      AND m."created_at" <= r."created_at"
  )
  AND EXISTS (
    SELECT 1 FROM "play_date_requests" w
    JOIN "play_date_dropouts" d ON d."play_date_id" = w."play_date_id" AND d."profile_id" = w."requester_id"
      AND d."side" = 'responding'
    WHERE w."play_date_id" = r."play_date_id" AND w."id" <> r."id" AND w."status" = 'withdrawn'
      AND NOT w."solo" AND w."requester_partner_id" = r."requester_id"
      AND r."created_at" >= d."created_at" - interval '1 minute'
  );--> statement-breakpoint
-- A pair whose partner dropped out turned `solo` and forgot that partner: one who dropped out of
-- the other side and is on none of the game's applications was such a partner, and the
-- application that held the other side then (made before, placed by no offer after, its captain
-- still there or gone from that side only later) was their pair's.
UPDATE "play_date_requests" AS r SET "solo" = false
WHERE r."solo" AND r."status" IN ('accepted', 'withdrawn')
  AND EXISTS (
    SELECT 1 FROM "play_date_dropouts" d
    WHERE d."play_date_id" = r."play_date_id" AND d."side" = 'responding'
      AND r."created_at" < d."created_at"
      AND NOT EXISTS (
        SELECT 1 FROM "play_date_requests" o
        WHERE o."play_date_id" = d."play_date_id" AND d."profile_id" IN (o."requester_id", o."requester_partner_id")
      )
      AND NOT EXISTS (
        SELECT 1 FROM "play_date_offers" f
        WHERE f."request_id" = r."id" AND f."status" = 'taken' AND f."answered_at" >= d."created_at"
      )
      AND (
        r."status" = 'accepted'
        OR EXISTS (
          SELECT 1 FROM "play_date_dropouts" l
          WHERE l."play_date_id" = r."play_date_id" AND l."profile_id" = r."requester_id"
            AND l."side" = 'responding' AND l."created_at" >= d."created_at"
        )
      )
  );
