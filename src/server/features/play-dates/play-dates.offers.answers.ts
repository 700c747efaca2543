import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { fitsSpots, OFFER_MESSAGES } from '../../../domain/play-dates/offers'
import type { OpenSpots } from '../../../domain/play-dates/spots'
import { formatStart } from '../../../domain/play-dates/schedule'
import type { Db, Tx } from '../../db/client'
import { playDateDropouts, playDateOffers, playDateRequests, playDates } from '../../db/schema'
import { findClash } from './play-dates.clash'
import { getPlayDate } from './play-dates.detail'
import { lockOtherSide } from './play-dates.locks'
import { announce, notifyPlayDate } from './play-dates.notify'
import { fillOpenSpots, isLive, type LockedGame, nextWaveIfAllDeclined } from './play-dates.offers'
import type { Actor } from './play-dates.queries'
import { lockPlayDate } from './play-dates.locks'
import { type OtherSide, playersOf, present, spotsOf } from './play-dates.waitlist.queries'

// Answering an offer (docs/decisions/0138-offer-timings-and-waves.md): one tap takes the spot,
// or declines it. The offers themselves are made in play-dates.offers.ts.

// The offer as its player answers it, under the PlayDate's lock (read again once the lock is
// held, so an answer that waited sees what the one before it did).
async function lockOffer(tx: Tx, user: Actor, offerId: string) {
  const [seen] = await tx
    .select({ playDateId: playDateOffers.playDateId })
    .from(playDateOffers)
    .where(eq(playDateOffers.id, offerId))
  if (!seen) throw new AppError('not_found', OFFER_MESSAGES.notYours)
  const game = await lockPlayDate(tx, seen.playDateId)
  const [offer] = await tx
    .select({
      id: playDateOffers.id,
      kind: playDateOffers.kind,
      status: playDateOffers.status,
      profileId: playDateOffers.profileId,
      requestId: playDateOffers.requestId,
      wave: playDateOffers.wave,
      requester: playDateRequests.requesterId,
      requesterPartner: playDateRequests.requesterPartnerId,
      requestStatus: playDateRequests.status,
    })
    .from(playDateOffers)
    .leftJoin(playDateRequests, eq(playDateRequests.id, playDateOffers.requestId))
    .where(eq(playDateOffers.id, offerId))
    .for('update', { of: playDateOffers })
  const mine =
    offer?.kind === 'sub'
      ? offer.profileId === user.id
      : [offer?.requester, offer?.requesterPartner].includes(user.id)
  if (!offer || !game || !mine) throw new AppError('not_found', OFFER_MESSAGES.notYours)
  return { offer, game }
}

// One tap takes the spot: a player alone the creator's partner spot if it is open, else one on the
// other side; a waitlisted pair the other side's two spots. Two players taking the last spot at
// once: the second, once the first has committed, finds its offer closed ("That spot was just
// taken").
export async function takeOffer(db: Db, user: Actor, offerId: string, now: Date) {
  const playDateId = await db.transaction(async (tx) => {
    const { offer, game } = await lockOffer(tx, user, offerId)
    if (offer.status === 'closed') throw new AppError('conflict', OFFER_MESSAGES.spotTaken)
    if (offer.status !== 'open' || !isLive(game, now)) throw new AppError('conflict', OFFER_MESSAGES.gone)
    const other = await lockOtherSide(tx, game.id)
    const spots = spotsOf(game, other)
    const pair = offer.kind === 'waitlist' && offer.requesterPartner !== null
    if (!fitsSpots(pair ? 'pair' : 'solo', spots)) {
      await tx
        .update(playDateOffers)
        .set({ status: 'closed', answeredAt: now })
        .where(eq(playDateOffers.id, offer.id))
      throw new AppError('conflict', OFFER_MESSAGES.spotTaken)
    }
    const joining = pair ? present([offer.requester, offer.requesterPartner]) : [user.id]
    if (game.durationMinutes) {
      const clash = await findClash(tx, game.id, joining, game.startsAt!, game.durationMinutes)
      if (clash) {
        const when = formatStart(clash.startsAt!, clash.timeZone!)
        throw new AppError('conflict', `${clash.player} already plays a PlayDate at that time (${when})`)
      }
    }
    const side = await placeInGame(tx, game, other, spots, offer, user.id, pair)
    await tx
      .update(playDateOffers)
      .set({ status: 'taken', answeredAt: now })
      .where(eq(playDateOffers.id, offer.id))
    // The players who dropped out of that side are replaced, oldest first.
    const replaced = await tx
      .select({ id: playDateDropouts.id })
      .from(playDateDropouts)
      .where(
        and(
          eq(playDateDropouts.playDateId, game.id),
          eq(playDateDropouts.side, side),
          isNull(playDateDropouts.replacedAt),
        ),
      )
      .orderBy(asc(playDateDropouts.createdAt))
      .limit(joining.length)
    if (replaced.length > 0) {
      await tx
        .update(playDateDropouts)
        .set({ replacedAt: now })
        .where(
          inArray(
            playDateDropouts.id,
            replaced.map((r) => r.id),
          ),
        )
    }
    const refreshed = (await lockPlayDate(tx, game.id))!
    const after = await lockOtherSide(tx, game.id)
    const everyone = playersOf(refreshed, after)
    await notifyPlayDate(tx, 'spotFilled', {
      playDateId: game.id,
      actor: user,
      recipients: everyone,
    })
    await fillOpenSpots(tx, refreshed, now)
    await announce(tx, game.id, everyone)
    return game.id
  })
  return getPlayDate(db, user, playDateId, now)
}

// Where the players of a taken offer go. A player alone (a sub, or alone on the waitlist) takes
// the creator's partner spot if it is open (then they do not answer applications: the PlayDate
// stays the creator's), else the other side: its open partner spot, or the side itself as a team
// of one. A pair takes the empty other side.
async function placeInGame(
  tx: Tx,
  game: LockedGame,
  other: OtherSide,
  spots: OpenSpots,
  offer: { kind: 'waitlist' | 'sub'; requestId: string | null },
  userId: string,
  pair: boolean,
): Promise<'creator' | 'responding'> {
  const ownRequest = async (status: 'joined' | 'accepted') => {
    if (offer.kind === 'waitlist') {
      await tx
        .update(playDateRequests)
        .set({ status, waitlistRank: null })
        .where(eq(playDateRequests.id, offer.requestId!))
      return
    }
    // A sub has no application of their own: one is recorded, as if they had applied alone.
    await tx.insert(playDateRequests).values({ playDateId: game.id, requesterId: userId, solo: true, status })
  }
  if (pair) {
    await ownRequest('accepted')
    return 'responding'
  }
  if (spots.creatorSide > 0) {
    const [set] = await tx
      .update(playDates)
      .set({ partnerId: userId, postedAlone: true })
      .where(and(eq(playDates.id, game.id), isNull(playDates.partnerId)))
      .returning({ id: playDates.id })
    if (!set) throw new AppError('conflict', OFFER_MESSAGES.spotTaken)
    await ownRequest('joined')
    return 'creator'
  }
  if (other) {
    // A waitlisted player alone who becomes a partner: their row is no longer the captain's. The
    // side's application says its partner joined alone; its captain stays as they came.
    await ownRequest('joined')
    const [set] = await tx
      .update(playDateRequests)
      .set({ requesterPartnerId: userId, partnerJoinedAlone: true })
      .where(and(eq(playDateRequests.id, other.id), isNull(playDateRequests.requesterPartnerId)))
      .returning({ id: playDateRequests.id })
    if (!set) throw new AppError('conflict', OFFER_MESSAGES.spotTaken)
    return 'responding'
  }
  await ownRequest('accepted')
  return 'responding'
}

// A declined waitlist offer goes to the next in line at once; a sub wave whose every offer was
// declined gives way to the next wave at once.
export async function declineOffer(db: Db, user: Actor, offerId: string, now: Date) {
  const playDateId = await db.transaction(async (tx) => {
    const { offer, game } = await lockOffer(tx, user, offerId)
    if (offer.status !== 'open') throw new AppError('conflict', OFFER_MESSAGES.gone)
    await tx
      .update(playDateOffers)
      .set({ status: 'declined', answeredAt: now })
      .where(eq(playDateOffers.id, offer.id))
    if (offer.kind === 'waitlist') await fillOpenSpots(tx, game, now)
    else await nextWaveIfAllDeclined(tx, game, now)
    await announce(tx, game.id, [user.id, game.creatorId, game.partnerId])
    return game.id
  })
  return getPlayDate(db, user, playDateId, now)
}
