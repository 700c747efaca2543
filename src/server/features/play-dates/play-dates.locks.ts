import { and, eq } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import type { Tx } from '../../db/client'
import { playDateRequests, playDates } from '../../db/schema'

// The rows a change to a PlayDate's teams locks, always the PlayDate's row first.

// Row lock on the PlayDate: applications, accepts and state changes of one PlayDate queue up.
export async function lockPlayDate(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: playDates.id,
      status: playDates.status,
      creatorId: playDates.creatorId,
      partnerId: playDates.partnerId,
      postedAlone: playDates.postedAlone,
      minDupr: playDates.minDupr,
      maxDupr: playDates.maxDupr,
      startsAt: playDates.startsAt,
      durationMinutes: playDates.durationMinutes,
      timeZone: playDates.timeZone,
      state: playDates.state,
      regions: playDates.regions,
      vacantSince: playDates.vacantSince,
      subWave: playDates.subWave,
      groupId: playDates.groupId,
      openToAllAt: playDates.openToAllAt,
    })
    .from(playDates)
    .where(eq(playDates.id, id))
    .for('update')
  return row
}

// The other side's accepted application (one at most: play_date_requests_one_accepted_key),
// locked: a player alone completes it, or withdraws from it.
export async function lockOtherSide(tx: Tx, playDateId: string) {
  const [row] = await tx
    .select({
      id: playDateRequests.id,
      requesterId: playDateRequests.requesterId,
      requesterPartnerId: playDateRequests.requesterPartnerId,
    })
    .from(playDateRequests)
    .where(and(eq(playDateRequests.playDateId, playDateId), eq(playDateRequests.status, 'accepted')))
    .for('update')
  return row
}

// An application and its PlayDate, the PlayDate's row locked first.
export async function lockRequest(tx: Tx, requestId: string) {
  const [request] = await tx
    .select({
      id: playDateRequests.id,
      playDateId: playDateRequests.playDateId,
      status: playDateRequests.status,
      requesterId: playDateRequests.requesterId,
      requesterPartnerId: playDateRequests.requesterPartnerId,
      solo: playDateRequests.solo,
    })
    .from(playDateRequests)
    .where(eq(playDateRequests.id, requestId))
  if (!request) throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
  // Lock the PlayDate first, then read the request again under the lock.
  const playDate = await lockPlayDate(tx, request.playDateId)
  if (!playDate) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
  const [current] = await tx
    .select({ status: playDateRequests.status })
    .from(playDateRequests)
    .where(eq(playDateRequests.id, requestId))
    .for('update')
  return { request: { ...request, status: current?.status ?? request.status }, playDate }
}
