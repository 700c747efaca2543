import { and, eq } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import type { Tx } from '../../db/client'
import { playDateRequests } from '../../db/schema'
import { lockPlayDate } from './play-dates.queries'

// The rows a change to a PlayDate's teams locks, always the PlayDate's row first.

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
