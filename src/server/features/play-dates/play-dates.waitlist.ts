import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import {
  leaveWithPartnerRefusal,
  OFFER_MESSAGES,
  SUB_SEARCH_AUTO_HOURS,
} from '../../../domain/play-dates/offers'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { isLateCancel } from '../../../domain/play-dates/results'
import { type Db, rowsOf, type Tx } from '../../db/client'
import { playDateDropouts, playDateRequests, playDates, profiles } from '../../db/schema'
import { enqueueJob } from '../../lib/jobs'
import { isPlayablePartner } from '../../db/queries'
import { getPlayDate } from './play-dates.detail'
import { lockOtherSide } from './play-dates.locks'
import { announce, notifyPlayDate } from './play-dates.notify'
import { fillOpenSpots, type LockedGame, SUB_SEARCH_JOB } from './play-dates.offers'
import type { Actor } from './play-dates.queries'
import { lockPlayDate } from './play-dates.locks'
import { lockRequest } from './play-dates.locks'
import { aloneAsSeenBy, findSubRefusal, playersOf, present } from './play-dates.waitlist.queries'

// The waitlist of a full game, players dropping out, and asking for a sub
// (docs/decisions/0152-waitlist-drop-outs-and-subs.md). The offers themselves are in
// play-dates.offers.ts.

// Applying to a matched game that has not started joins its waitlist, at the end: a pair as
// today, a player alone held to the range as when applying alone (checked by the caller). Under
// the PlayDate's lock, so the order is the order the applications were made in.
export async function joinWaitlist(
  tx: Tx,
  user: Actor,
  game: LockedGame,
  partnerId: string | null,
  now: Date,
) {
  const other = await lockOtherSide(tx, game.id)
  const players = playersOf(game, other)
  if (players.includes(user.id)) throw new AppError('conflict', PLAY_DATE_MESSAGES.ownPlayDate)
  const applicants = present([user.id, partnerId])
  if (partnerId && players.includes(partnerId))
    throw new AppError('conflict', PLAY_DATE_MESSAGES.alreadyApplied)
  if (partnerId && !(await isPlayablePartner(tx, user.id, partnerId))) {
    throw new AppError('invalid', PLAY_DATE_MESSAGES.selectFriend, {
      partnerId: PLAY_DATE_MESSAGES.selectFriend,
    })
  }
  const [waiting] = await tx
    .select({ id: playDateRequests.id })
    .from(playDateRequests)
    .where(
      and(
        eq(playDateRequests.playDateId, game.id),
        sql`${playDateRequests.status} in ('pending', 'accepted', 'joined', 'waitlisted')`,
        or(
          inArray(playDateRequests.requesterId, applicants),
          inArray(playDateRequests.requesterPartnerId, applicants),
        ),
      ),
    )
    .limit(1)
  if (waiting) throw new AppError('conflict', PLAY_DATE_MESSAGES.alreadyApplied)
  const [last] = await tx
    .select({ rank: sql<number>`coalesce(max(${playDateRequests.waitlistRank}), 0)::int` })
    .from(playDateRequests)
    .where(and(eq(playDateRequests.playDateId, game.id), eq(playDateRequests.status, 'waitlisted')))
  const [request] = await tx
    .insert(playDateRequests)
    .values({
      playDateId: game.id,
      requesterId: user.id,
      requesterPartnerId: partnerId,
      solo: partnerId === null,
      status: 'waitlisted',
      waitlistRank: (last?.rank ?? 0) + 1,
    })
    .returning({ id: playDateRequests.id })
  // A pair is named as a pair, as its application is.
  const [partner] = partnerId
    ? await tx
        .select({ name: sql<string>`${profiles.firstName} || ' ' || ${profiles.lastName}` })
        .from(profiles)
        .where(eq(profiles.id, partnerId))
    : []
  await notifyPlayDate(tx, 'joinedWaitlist', {
    playDateId: game.id,
    actor: user,
    recipients: [game.creatorId],
    ...(partner ? { partnerName: partner.name } : {}),
  })
  if (partnerId) {
    await notifyPlayDate(tx, 'appliedWithYou', { playDateId: game.id, actor: user, recipients: [partnerId] })
  }
  // A spot open with no one asked yet goes to them at once.
  await fillOpenSpots(tx, game, now)
  await announce(tx, game.id, [game.creatorId, ...applicants])
  return { id: request!.id, status: 'waitlisted' as const, position: await positionOf(tx, request!.id) }
}

// A waitlisted application's place: 1 for the first in line. The outer row is named: in a select
// from one table, Drizzle writes its columns unqualified, and inside the subquery they would name
// the subquery's own rows.
export async function positionOf(db: Db | Tx, requestId: string) {
  const [row] = rowsOf<{ position: number }>(
    await db.execute(sql`select (select count(*)::int from ${playDateRequests} w
        where w.play_date_id = mine.play_date_id and w.status = 'waitlisted'
          and (w.waitlist_rank, w.created_at) <= (mine.waitlist_rank, mine.created_at)) as position
      from ${playDateRequests} mine where mine.id = ${requestId}`),
  )
  return row?.position ?? 1
}

// The creator moves a waitlisted application one place up or down (it swaps with its neighbour).
export async function moveOnWaitlist(
  db: Db,
  user: Actor,
  requestId: string,
  direction: 'up' | 'down',
  now: Date,
) {
  await db.transaction(async (tx) => {
    const { request, playDate } = await lockRequest(tx, requestId)
    if (playDate.creatorId !== user.id) {
      // Others see no waitlist but their own place: the application is not theirs to find.
      const own = request.requesterId === user.id || request.requesterPartnerId === user.id
      if (!own && playDate.partnerId !== user.id)
        throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
      throw new AppError('forbidden', OFFER_MESSAGES.onlyCreator)
    }
    if (request.status !== 'waitlisted') throw new AppError('conflict', OFFER_MESSAGES.notWaitlisted)
    const [me] = await tx
      .select({ rank: playDateRequests.waitlistRank })
      .from(playDateRequests)
      .where(eq(playDateRequests.id, requestId))
    const rank = me!.rank!
    const [neighbour] = await tx
      .select({ id: playDateRequests.id, rank: playDateRequests.waitlistRank })
      .from(playDateRequests)
      .where(
        and(
          eq(playDateRequests.playDateId, playDate.id),
          eq(playDateRequests.status, 'waitlisted'),
          direction === 'up'
            ? lt(playDateRequests.waitlistRank, rank)
            : gt(playDateRequests.waitlistRank, rank),
        ),
      )
      .orderBy(direction === 'up' ? desc(playDateRequests.waitlistRank) : asc(playDateRequests.waitlistRank))
      .limit(1)
    if (!neighbour) throw new AppError('conflict', OFFER_MESSAGES.cannotMove)
    await tx
      .update(playDateRequests)
      .set({ waitlistRank: neighbour.rank })
      .where(eq(playDateRequests.id, requestId))
    await tx.update(playDateRequests).set({ waitlistRank: rank }).where(eq(playDateRequests.id, neighbour.id))
    const moved = await tx
      .select({ a: playDateRequests.requesterId, b: playDateRequests.requesterPartnerId })
      .from(playDateRequests)
      .where(inArray(playDateRequests.id, [requestId, neighbour.id]))
    await announce(tx, playDate.id, [user.id, ...moved.flatMap((m) => [m.a, m.b])])
  })
  const [row] = await db
    .select({ playDateId: playDateRequests.playDateId })
    .from(playDateRequests)
    .where(eq(playDateRequests.id, requestId))
  return getPlayDate(db, user, row!.playDateId, now)
}

// A player of a matched game drops out before the start, alone or with their partner: the game
// stays matched with their spots open, offered to the waitlist and then to subs. Under 24 hours
// before the start it is a late cancel on their record ("replaced" once someone takes the spot).
// The creator cancels instead: the PlayDate is theirs.
export async function leaveGame(db: Db, user: Actor, id: string, input: { withPartner: boolean }, now: Date) {
  await db.transaction(async (tx) => {
    const game = await lockPlayDate(tx, id)
    if (!game) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
    const other = await lockOtherSide(tx, id)
    const players = playersOf(game, other)
    if (!players.includes(user.id)) throw new AppError('forbidden', OFFER_MESSAGES.notInGame)
    if (game.creatorId === user.id) throw new AppError('conflict', OFFER_MESSAGES.creatorCannotLeave)
    if (game.status !== 'matched') throw new AppError('conflict', OFFER_MESSAGES.notMatched)
    if (!game.startsAt || game.startsAt.getTime() <= now.getTime()) {
      throw new AppError('conflict', OFFER_MESSAGES.started)
    }
    const leaving = await vacateSpots(tx, game, other, user.id, input.withPartner)
    const late = isLateCancel(game.startsAt, now)
    const dropouts = await tx
      .insert(playDateDropouts)
      .values(
        leaving.ids.map((profileId) => ({
          playDateId: id,
          profileId,
          side: leaving.side,
          late,
          createdAt: now,
        })),
      )
      .returning({ id: playDateDropouts.id })
    await tx
      .update(playDates)
      .set({
        vacantSince: sql`coalesce(${playDates.vacantSince}, ${now.toISOString()}::timestamptz)`,
        revision: sql`${playDates.revision} + 1`,
      })
      .where(eq(playDates.id, id))
    const remaining = players.filter((p) => !leaving.ids.includes(p))
    await notifyPlayDate(tx, 'droppedOut', { playDateId: id, actor: user, recipients: remaining })
    const autoAt = game.startsAt.getTime() - SUB_SEARCH_AUTO_HOURS * 60 * 60_000
    if (autoAt > now.getTime()) {
      await enqueueJob(tx, {
        kind: SUB_SEARCH_JOB,
        key: `sub-search:${id}:${dropouts[0]!.id}`,
        runAt: new Date(autoAt),
        payload: { playDateId: id },
      })
    }
    await fillOpenSpots(tx, (await lockPlayDate(tx, id))!, now)
    await announce(tx, id, players)
  })
  return getPlayDate(db, user, id, now)
}

// The leaving players' spots opened: the creator's partner leaves a partner wanted (whoever takes
// it joined alone: they do not answer applications); on the other side the one left keeps the
// spot as a team of one, or the side empties.
async function vacateSpots(
  tx: Tx,
  game: LockedGame,
  other: Awaited<ReturnType<typeof lockOtherSide>>,
  userId: string,
  withPartner: boolean,
): Promise<{ ids: string[]; side: 'creator' | 'responding' }> {
  const withdrawJoined = (ids: string[]) =>
    tx
      .update(playDateRequests)
      .set({ status: 'withdrawn' })
      .where(
        and(
          eq(playDateRequests.playDateId, game.id),
          eq(playDateRequests.status, 'joined'),
          inArray(playDateRequests.requesterId, ids),
        ),
      )
  if (game.partnerId === userId) {
    if (withPartner) throw new AppError('conflict', OFFER_MESSAGES.noPartnerToLeaveWith)
    await tx.update(playDates).set({ partnerId: null, postedAlone: true }).where(eq(playDates.id, game.id))
    await withdrawJoined([userId])
    return { ids: [userId], side: 'creator' }
  }
  const side = other!
  const isCaptain = side.requesterId === userId
  const mate = isCaptain ? side.requesterPartnerId : side.requesterId
  if (withPartner) {
    if (!mate) throw new AppError('conflict', OFFER_MESSAGES.noPartnerToLeaveWith)
    // A side with a player who came to it alone is no pair: each drops out only themselves.
    const refusal = leaveWithPartnerRefusal(aloneAsSeenBy(side, isCaptain))
    if (refusal) throw new AppError('conflict', refusal)
    await tx.update(playDateRequests).set({ status: 'withdrawn' }).where(eq(playDateRequests.id, side.id))
    await withdrawJoined([userId, mate])
    return { ids: [userId, mate], side: 'responding' }
  }
  if (isCaptain) {
    await tx.update(playDateRequests).set({ status: 'withdrawn' }).where(eq(playDateRequests.id, side.id))
    if (mate) {
      // The partner keeps the spot: their own application (a player who joined alone) holds it
      // again, else one is recorded for them, the pair's player left (not alone).
      const [kept] = await tx
        .update(playDateRequests)
        .set({ status: 'accepted' })
        .where(
          and(
            eq(playDateRequests.playDateId, game.id),
            eq(playDateRequests.requesterId, mate),
            eq(playDateRequests.status, 'joined'),
          ),
        )
        .returning({ id: playDateRequests.id })
      if (!kept) {
        await tx
          .insert(playDateRequests)
          .values({ playDateId: game.id, requesterId: mate, solo: false, status: 'accepted' })
      }
    }
    return { ids: [userId], side: 'responding' }
  }
  // The captain keeps the spot as they came to it, alone or with the partner who left.
  await tx
    .update(playDateRequests)
    .set({ requesterPartnerId: null, partnerJoinedAlone: false })
    .where(eq(playDateRequests.id, side.id))
  await withdrawJoined([userId])
  return { ids: [userId], side: 'responding' }
}

// "Find a sub": the players left on the side with an open spot start the sub search once the
// waitlist has no one left to offer it to (under 24 hours before the start it starts by itself).
export async function findSub(db: Db, user: Actor, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const game = await lockPlayDate(tx, id)
    if (!game) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
    const other = await lockOtherSide(tx, id)
    if (!playersOf(game, other).includes(user.id)) throw new AppError('forbidden', OFFER_MESSAGES.notInGame)
    const refusal = await findSubRefusal(tx, game, other, user.id, now)
    if (refusal) throw new AppError('conflict', refusal)
    // Every wave asked and no one took it: the search starts again, for anyone not asked yet.
    const restart = game.subWave !== null ? { ...game, subWave: null } : game
    if (game.subWave !== null) await tx.update(playDates).set({ subWave: null }).where(eq(playDates.id, id))
    await fillOpenSpots(tx, restart, now, { findSub: true })
  })
  return getPlayDate(db, user, id, now)
}
