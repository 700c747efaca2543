import { and, eq, isNull, ne } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { canTransition } from '../../../domain/play-dates/play-date.rules'
import type { z } from 'zod'
import type { acceptInput } from '../../../domain/play-dates/play-date.schema'
import { openSpots, placeApplicant, SPOT_MESSAGES } from '../../../domain/play-dates/spots'
import { type Db, type Tx } from '../../db/client'
import { playDateOffers, playDateRequests, playDates, profiles } from '../../db/schema'
import { fillOpenSpots, type LockedGame } from './play-dates.offers'
import { isUniqueViolation } from '../../lib/db-errors'
import {
  AVAILABLE_PLAY_DATES_LINK,
  announce,
  notifyPlayDate,
  notifyPlayDateEvents,
} from './play-dates.notify'
import type { Actor } from './play-dates.queries'
import { lockOtherSide } from './play-dates.locks'
import { findClash } from './play-dates.clash'
import { scheduleReminders } from './play-dates.jobs'
import { formatStart } from '../../../domain/play-dates/schedule'
import { getPlayDate } from './play-dates.detail'

import { ALREADY_STARTED, hasStarted } from './play-dates.applications'
import { lockRequest, lockRequestAndOtherSide } from './play-dates.locks'

type Team = { creatorId: string; partnerId: string | null }
type Applicants = { requesterId: string; requesterPartnerId: string | null }

// Every open page of the PlayDate, on both teams, refetches it.
const announceToBothTeams = (tx: Tx, playDate: Team & { id: string }, request: Applicants) =>
  announce(tx, playDate.id, [
    playDate.creatorId,
    playDate.partnerId,
    request.requesterId,
    request.requesterPartnerId,
  ])

// Matching: the creator team accepts an application into its spots; a player alone withdraws
// from a spot until the game is matched (docs/decisions/0137-spots-and-solo-teams.md).

// The creator answers applications, and a partner they chose; a partner who joined alone does not.
const answersApplications = (
  playDate: { creatorId: string; partnerId: string | null; postedAlone: boolean },
  userId: string,
) => playDate.creatorId === userId || (playDate.partnerId === userId && !playDate.postedAlone)

const present = (ids: ReadonlyArray<string | null | undefined>) => ids.filter((p): p is string => Boolean(p))

// Accepting an application: a pair takes the other side; a player alone becomes the partner the
// creator wanted or takes a spot on the other side (`side`, or the partner wanted first), where a
// second player alone completes the team. The game is matched when the four spots are taken:
// then every other pending application is declined. Everything runs under the PlayDate's row lock,
// so accepts of one PlayDate run one after another, and each write also checks the spot is still
// free (a partner only where there is none, a second player only on a team of one): two accepts
// for the last spot leave one in it and answer the other 'That spot was just taken'.
export async function acceptRequest(
  db: Db,
  user: Actor,
  requestId: string,
  now: Date,
  input: z.output<typeof acceptInput> = {},
) {
  try {
    const playDateId = await db.transaction(async (tx) => {
      const { request, playDate, other } = await lockRequestAndOtherSide(tx, requestId)
      if (!answersApplications(playDate, user.id)) {
        throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
      }
      if (playDate.status !== 'open' || !canTransition(playDate.status, 'matched')) {
        throw new AppError('conflict', PLAY_DATE_MESSAGES.noLongerAvailable)
      }
      if (request.status !== 'pending')
        throw new AppError('conflict', 'This application is no longer pending')
      if (hasStarted(playDate, now)) throw new AppError('conflict', ALREADY_STARTED)
      const spots = openSpots({
        creatorPartner: playDate.partnerId !== null,
        otherSide: !other ? 0 : other.requesterPartnerId ? 2 : 1,
      })
      const placed = placeApplicant(spots, request.requesterPartnerId ? 'pair' : 'solo', input.side)
      if ('refusal' in placed) throw new AppError('conflict', placed.refusal)
      const creatorSide = present([playDate.creatorId, playDate.partnerId])
      const joining = present([request.requesterId, request.requesterPartnerId])
      // Who will play once this application is placed.
      const otherSide = present([other?.requesterId, other?.requesterPartnerId])
      const four =
        placed.side === 'creator'
          ? [...creatorSide, ...joining, ...otherSide]
          : [...creatorSide, ...otherSide, ...joining]
      if (playDate.startsAt && playDate.durationMinutes) {
        const clash = await findClash(tx, playDate.id, four, playDate.startsAt, playDate.durationMinutes)
        if (clash) {
          const when = formatStart(clash.startsAt!, clash.timeZone!)
          throw new AppError('conflict', `${clash.player} already plays a PlayDate at that time (${when})`)
        }
      }
      // The players the new one teams up with, told who their partner is.
      let teammates: string[] = []
      if (placed.side === 'creator') {
        const [set] = await tx
          .update(playDates)
          .set({ partnerId: request.requesterId, postedAlone: true })
          .where(and(eq(playDates.id, playDate.id), isNull(playDates.partnerId)))
          .returning({ id: playDates.id })
        if (!set) throw new AppError('conflict', SPOT_MESSAGES.sideFull)
        await tx.update(playDateRequests).set({ status: 'joined' }).where(eq(playDateRequests.id, requestId))
        teammates = [playDate.creatorId]
      } else if (other && !request.requesterPartnerId) {
        await tx.update(playDateRequests).set({ status: 'joined' }).where(eq(playDateRequests.id, requestId))
        const [set] = await tx
          .update(playDateRequests)
          .set({ requesterPartnerId: request.requesterId, partnerJoinedAlone: true })
          .where(and(eq(playDateRequests.id, other.id), isNull(playDateRequests.requesterPartnerId)))
          .returning({ id: playDateRequests.id })
        if (!set) throw new AppError('conflict', SPOT_MESSAGES.sideFull)
        teammates = [other.requesterId]
      } else {
        await tx
          .update(playDateRequests)
          .set({ status: 'accepted' })
          .where(eq(playDateRequests.id, requestId))
      }
      const matched = four.length === 4
      const declined = matched
        ? await tx
            .update(playDateRequests)
            .set({ status: 'declined' })
            .where(
              and(
                eq(playDateRequests.playDateId, playDate.id),
                eq(playDateRequests.status, 'pending'),
                ne(playDateRequests.id, requestId),
              ),
            )
            .returning({
              requesterId: playDateRequests.requesterId,
              partnerId: playDateRequests.requesterPartnerId,
            })
        : []
      if (matched) {
        await tx.update(playDates).set({ status: 'matched' }).where(eq(playDates.id, playDate.id))
        if (playDate.startsAt)
          await scheduleReminders(tx, { id: playDate.id, startsAt: playDate.startsAt }, now)
      }
      const declinedPlayers = present(declined.flatMap((d) => [d.requesterId, d.partnerId]))
      await notifyPlayDateEvents(tx, [
        {
          event: matched ? 'accepted' : 'acceptedAlone',
          playDateId: playDate.id,
          actor: user,
          recipients: matched ? four : joining,
        },
        ...(teammates.length > 0
          ? [
              {
                event: 'partnerJoined' as const,
                playDateId: playDate.id,
                actor: { id: request.requesterId, ...(await nameOf(tx, request.requesterId)) },
                recipients: teammates,
              },
            ]
          : []),
        {
          event: 'declined',
          playDateId: playDate.id,
          actor: user,
          recipients: declinedPlayers,
          link: AVAILABLE_PLAY_DATES_LINK,
        },
      ])
      await announce(tx, playDate.id, [...four, ...declinedPlayers])
      return playDate.id
    })
    return getPlayDate(db, user, playDateId, now)
  } catch (error) {
    // The one-accepted-per-PlayDate index: a concurrent accept won.
    if (isUniqueViolation(error)) throw new AppError('conflict', PLAY_DATE_MESSAGES.noLongerAvailable)
    throw error
  }
}

async function nameOf(tx: Tx, id: string) {
  const [row] = await tx
    .select({ firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.id, id))
  return row ?? { firstName: 'A', lastName: 'player' }
}

// A pending application is withdrawn by its team. A player alone who was accepted can also leave
// until the game is matched: the creator's partner leaves the spot to a partner wanted again; on
// the other side the remaining player keeps the spot, as a team of one.
export async function withdrawRequest(db: Db, user: Actor, requestId: string, now: Date) {
  // The answer is read before the commit, under the PlayDate's lock, while it is still open: read
  // after, a cancel or an accept in between hid it from the player who had withdrawn (403).
  return db.transaction(async (tx) => {
    const { request, playDate } = await lockRequest(tx, requestId)
    if (request.requesterId !== user.id && request.requesterPartnerId !== user.id) {
      throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
    }
    if (request.status === 'waitlisted') return leaveWaitlist(tx, user, request, playDate, now)
    const leavesSpot = request.solo && (request.status === 'accepted' || request.status === 'joined')
    if (leavesSpot && playDate.status !== 'open') {
      throw new AppError('conflict', 'The game is matched: you can no longer withdraw')
    }
    if (request.status !== 'pending' && !leavesSpot)
      throw new AppError('conflict', 'This application is no longer pending')
    const other = leavesSpot ? await lockOtherSide(tx, playDate.id) : undefined
    let mates: string[] = []
    if (leavesSpot && playDate.partnerId === user.id) {
      await tx.update(playDates).set({ partnerId: null }).where(eq(playDates.id, playDate.id))
      mates = [playDate.creatorId]
    } else if (leavesSpot && other && other.id === requestId && other.requesterPartnerId) {
      // The captain of a team of two alone leaves: the partner's own application holds the spot.
      const partnerId = other.requesterPartnerId
      await tx.update(playDateRequests).set({ status: 'withdrawn' }).where(eq(playDateRequests.id, requestId))
      await tx
        .update(playDateRequests)
        .set({ status: 'accepted' })
        .where(
          and(
            eq(playDateRequests.playDateId, playDate.id),
            eq(playDateRequests.requesterId, partnerId),
            eq(playDateRequests.status, 'joined'),
          ),
        )
      mates = [partnerId]
    } else if (leavesSpot && other && other.requesterPartnerId === user.id) {
      await tx
        .update(playDateRequests)
        .set({ requesterPartnerId: null, partnerJoinedAlone: false })
        .where(eq(playDateRequests.id, other.id))
      mates = [other.requesterId]
    }
    await tx.update(playDateRequests).set({ status: 'withdrawn' }).where(eq(playDateRequests.id, requestId))
    const mate = request.requesterId === user.id ? request.requesterPartnerId : request.requesterId
    await notifyPlayDate(tx, 'withdrawn', {
      playDateId: playDate.id,
      actor: user,
      recipients: present([playDate.creatorId, playDate.partnerId, mate, ...mates]),
    })
    await announce(tx, playDate.id, [
      playDate.creatorId,
      playDate.partnerId,
      request.requesterId,
      request.requesterPartnerId,
      ...mates,
    ])
    return getPlayDate(tx, user, playDate.id, now)
  })
}

// Off the waitlist: an offer it held goes to the next in line.
async function leaveWaitlist(
  tx: Tx,
  user: Actor,
  request: { id: string; requesterId: string; requesterPartnerId: string | null },
  playDate: LockedGame,
  now: Date,
) {
  await tx
    .update(playDateRequests)
    .set({ status: 'withdrawn', waitlistRank: null })
    .where(eq(playDateRequests.id, request.id))
  await tx
    .update(playDateOffers)
    .set({ status: 'closed', answeredAt: now })
    .where(and(eq(playDateOffers.requestId, request.id), eq(playDateOffers.status, 'open')))
  await fillOpenSpots(tx, playDate, now)
  await announce(tx, playDate.id, [playDate.creatorId, request.requesterId, request.requesterPartnerId])
  return getPlayDate(tx, user, playDate.id, now)
}

export async function declineRequest(db: Db, user: Actor, requestId: string, now: Date) {
  const playDateId = await db.transaction(async (tx) => {
    const { request, playDate } = await lockRequest(tx, requestId)
    if (!answersApplications(playDate, user.id)) {
      throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
    }
    if (request.status !== 'pending') throw new AppError('conflict', 'This application is no longer pending')
    await tx.update(playDateRequests).set({ status: 'declined' }).where(eq(playDateRequests.id, requestId))
    await notifyPlayDate(tx, 'declined', {
      playDateId: playDate.id,
      actor: user,
      recipients: present([request.requesterId, request.requesterPartnerId]),
    })
    await announceToBothTeams(tx, playDate, request)
    return playDate.id
  })
  return getPlayDate(db, user, playDateId, now)
}
