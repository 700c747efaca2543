import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm'
import {
  fitsSpots,
  isSkippedForQuietHours,
  LAST_SUB_WAVE,
  OFFER_MESSAGES,
} from '../../../domain/play-dates/offers'
import { openSpots, type OpenSpots } from '../../../domain/play-dates/spots'
import type { DbOrTx } from '../../db/client'
import { reachOf } from '../../db/notice-context'
import { playDateOffers, playDateRequests } from '../../db/schema'

// What the waitlist and the offers read (docs/decisions/0152-waitlist-drop-outs-and-subs.md), for
// the offers themselves (play-dates.offers.ts) and the PlayDate page alike.

export const present = (ids: ReadonlyArray<string | null | undefined>) =>
  ids.filter((p): p is string => Boolean(p))

// The other side's accepted application, if anyone holds a spot there.
export type OtherSide = { id: string; requesterId: string; requesterPartnerId: string | null } | undefined

export const spotsOf = (game: { partnerId: string | null }, other: OtherSide): OpenSpots =>
  openSpots({
    creatorPartner: game.partnerId !== null,
    otherSide: !other ? 0 : other.requesterPartnerId ? 2 : 1,
  })

// Who of the other side came to it alone, told from one of its players (docs/decisions/0207): the
// captain did when their application was made alone, the partner when a player alone filled the
// spot.
export const aloneAsSeenBy = (side: { solo: boolean; partnerJoinedAlone: boolean }, isCaptain: boolean) => ({
  viewerJoinedAlone: isCaptain ? side.solo : side.partnerJoinedAlone,
  partnerJoinedAlone: isCaptain ? side.partnerJoinedAlone : side.solo,
})

export const playersOf = (game: { creatorId: string; partnerId: string | null }, other: OtherSide) =>
  present([game.creatorId, game.partnerId, other?.requesterId, other?.requesterPartnerId])

export type WaitlistEntry = { id: string; requesterId: string; requesterPartnerId: string | null }

// The waitlist in order, each application with its players.
export function waitlistOf(db: DbOrTx, playDateId: string): Promise<WaitlistEntry[]> {
  return db
    .select({
      id: playDateRequests.id,
      requesterId: playDateRequests.requesterId,
      requesterPartnerId: playDateRequests.requesterPartnerId,
    })
    .from(playDateRequests)
    .where(and(eq(playDateRequests.playDateId, playDateId), eq(playDateRequests.status, 'waitlisted')))
    .orderBy(asc(playDateRequests.waitlistRank), asc(playDateRequests.createdAt))
}

// Whether an offer of `kind` is open on the game.
async function hasOpenOffer(db: DbOrTx, playDateId: string, kind: 'waitlist' | 'sub') {
  const [open] = await db
    .select({ id: playDateOffers.id })
    .from(playDateOffers)
    .where(
      and(
        eq(playDateOffers.playDateId, playDateId),
        eq(playDateOffers.kind, kind),
        eq(playDateOffers.status, 'open'),
      ),
    )
    .limit(1)
  return Boolean(open)
}

export const hasOpenWaitlistOffer = (db: DbOrTx, playDateId: string) =>
  hasOpenOffer(db, playDateId, 'waitlist')
const hasOpenSubOffer = (db: DbOrTx, playDateId: string) => hasOpenOffer(db, playDateId, 'sub')

// Who was offered a spot of `kind` since the spots opened: the waitlisted applications, or the
// players asked as a sub (each is offered one at most once in that time).
export async function offeredSince(
  db: DbOrTx,
  game: { id: string; vacantSince: Date | null },
  kind: 'waitlist' | 'sub',
): Promise<Set<string>> {
  if (!game.vacantSince) return new Set()
  const rows = await db
    .select({ requestId: playDateOffers.requestId, profileId: playDateOffers.profileId })
    .from(playDateOffers)
    .where(
      and(
        eq(playDateOffers.playDateId, game.id),
        eq(playDateOffers.kind, kind),
        gte(playDateOffers.createdAt, game.vacantSince),
      ),
    )
  return new Set(present(rows.map((r) => (kind === 'waitlist' ? r.requestId : r.profileId))))
}

interface GameForWaitlist {
  id: string
  startsAt: Date | null
  vacantSince: Date | null
}

// The first waitlisted application that fits the open spots, was not offered a spot since they
// opened, and has a player whose quiet hours end before the start (docs/decisions/0138).
export async function nextOnWaitlist(
  db: DbOrTx,
  game: GameForWaitlist,
  spots: OpenSpots,
  now: Date,
): Promise<WaitlistEntry | undefined> {
  const waitlist = await waitlistOf(db, game.id)
  if (waitlist.length === 0 || !game.startsAt) return undefined
  const passed = await offeredSince(db, game, 'waitlist')
  const candidates = waitlist.filter(
    (entry) => !passed.has(entry.id) && fitsSpots(entry.requesterPartnerId ? 'pair' : 'solo', spots),
  )
  if (candidates.length === 0) return undefined
  // A paused player can neither hear of the spot nor take it (docs/decisions/0200): their
  // application keeps its place, and the spot goes to the next in line at once, not after a
  // window nobody could answer.
  const reach = await reachOf(
    db,
    candidates.flatMap((e) => present([e.requesterId, e.requesterPartnerId])),
    now,
  )
  return candidates.find((entry) => {
    const players = present([entry.requesterId, entry.requesterPartnerId])
    return (
      !players.some((id) => reach.get(id)?.paused) &&
      players.some((id) => !isSkippedForQuietHours(reach.get(id)?.quietEnd ?? null, game.startsAt!))
    )
  })
}

interface GameForSubs extends GameForWaitlist {
  status: string
  creatorId: string
  partnerId: string | null
  subWave: number | null
}

// Why the player cannot ask for a sub now, or null when they can: only a player of the side with
// an open spot (the creator's side when the other side left whole), only once the waitlist has no
// one left to offer it to, and not while a search is under way.
export async function findSubRefusal(
  db: DbOrTx,
  game: GameForSubs,
  other: OtherSide,
  userId: string,
  now: Date,
): Promise<string | null> {
  if (game.status !== 'matched' || !game.startsAt || game.startsAt.getTime() <= now.getTime()) {
    return OFFER_MESSAGES.noOpenSpot
  }
  const spots = spotsOf(game, other)
  if (spots.left === 0) return OFFER_MESSAGES.noOpenSpot
  const creatorSide = present([game.creatorId, game.partnerId])
  const otherSide = present([other?.requesterId, other?.requesterPartnerId])
  const side = spots.creatorSide > 0 || otherSide.length === 0 ? creatorSide : otherSide
  if (!side.includes(userId)) return OFFER_MESSAGES.notOnSide
  if (game.subWave !== null) {
    if (game.subWave < LAST_SUB_WAVE || (await hasOpenSubOffer(db, game.id)))
      return OFFER_MESSAGES.searchUnderWay
    return null
  }
  if (await hasOpenWaitlistOffer(db, game.id)) return OFFER_MESSAGES.waitlistFirst
  if (await nextOnWaitlist(db, game, spots, now)) return OFFER_MESSAGES.waitlistFirst
  return null
}

// The viewer's open offer on the game, if any: as a sub, or for their waitlisted application.
export async function openOfferOf(db: DbOrTx, playDateId: string, userId: string) {
  const [offer] = await db
    .select({
      id: playDateOffers.id,
      kind: playDateOffers.kind,
      exclusiveUntil: playDateOffers.exclusiveUntil,
    })
    .from(playDateOffers)
    .leftJoin(playDateRequests, eq(playDateRequests.id, playDateOffers.requestId))
    .where(
      and(
        eq(playDateOffers.playDateId, playDateId),
        eq(playDateOffers.status, 'open'),
        sql`(${playDateOffers.profileId} = ${userId} or ${userId} in (${playDateRequests.requesterId}, ${playDateRequests.requesterPartnerId}))`,
      ),
    )
    .limit(1)
  return offer ?? null
}

// The sub search as the players left see it: none, asking, or every wave asked with no one yet.
export async function subSearchState(db: DbOrTx, game: { id: string; subWave: number | null }) {
  if (game.subWave === null) return 'none' as const
  if (game.subWave < LAST_SUB_WAVE) return 'asking' as const
  return (await hasOpenSubOffer(db, game.id)) ? ('asking' as const) : ('exhausted' as const)
}

// A game cancelled: applications waiting, and the waitlist, are declined, and spots offered
// close. Resolves to the players of the declined applications, to be told.
export async function declineEveryoneWaiting(tx: DbOrTx, id: string, now: Date) {
  const pending = await tx
    .update(playDateRequests)
    .set({ status: 'declined' })
    .where(
      and(eq(playDateRequests.playDateId, id), inArray(playDateRequests.status, ['pending', 'waitlisted'])),
    )
    .returning({ a: playDateRequests.requesterId, b: playDateRequests.requesterPartnerId })
  await tx
    .update(playDateOffers)
    .set({ status: 'closed', answeredAt: now })
    .where(and(eq(playDateOffers.playDateId, id), eq(playDateOffers.status, 'open')))
  return pending
}
