import { and, eq, or } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import type { Tx } from '../../db/client'
import { playDateRequests, playDates } from '../../db/schema'

// The rows a change to a PlayDate's teams locks, always the PlayDate's row first.

// What a lock on the PlayDate reads of it.
const lockedColumns = {
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
}

// Row lock on the PlayDate: applications, accepts and state changes of one PlayDate queue up.
export async function lockPlayDate(tx: Tx, id: string) {
  const [row] = await tx.select(lockedColumns).from(playDates).where(eq(playDates.id, id)).for('update')
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
      solo: playDateRequests.solo,
      partnerJoinedAlone: playDateRequests.partnerJoinedAlone,
    })
    .from(playDateRequests)
    .where(and(eq(playDateRequests.playDateId, playDateId), eq(playDateRequests.status, 'accepted')))
    .for('update')
  return row
}

const requestColumns = {
  id: playDateRequests.id,
  playDateId: playDateRequests.playDateId,
  status: playDateRequests.status,
  requesterId: playDateRequests.requesterId,
  requesterPartnerId: playDateRequests.requesterPartnerId,
  solo: playDateRequests.solo,
}

// An application as it was before the lock, and its PlayDate, locked, in one statement: the
// PlayDate's row as it is once the lock is granted (PostgreSQL reads a row it waited for again).
async function lockPlayDateOfRequest(tx: Tx, requestId: string) {
  const [found] = await tx
    .select({ request: requestColumns, playDate: lockedColumns })
    .from(playDateRequests)
    .innerJoin(playDates, eq(playDates.id, playDateRequests.playDateId))
    .where(eq(playDateRequests.id, requestId))
    .for('update', { of: playDates })
  if (!found) throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
  return found
}

// An application and its PlayDate, the PlayDate's row locked first, then the application read
// again under that lock.
export async function lockRequest(tx: Tx, requestId: string) {
  const { request, playDate } = await lockPlayDateOfRequest(tx, requestId)
  const [current] = await tx
    .select({ status: playDateRequests.status })
    .from(playDateRequests)
    .where(eq(playDateRequests.id, requestId))
    .for('update')
  return { request: { ...request, status: current?.status ?? request.status }, playDate }
}

// The same, with the other side's accepted application (`lockOtherSide`), both read and locked in
// one statement under the PlayDate's lock: an accept's round trips are its transaction's length.
export async function lockRequestAndOtherSide(tx: Tx, requestId: string) {
  const { request, playDate } = await lockPlayDateOfRequest(tx, requestId)
  const rows = await tx
    .select({
      id: playDateRequests.id,
      status: playDateRequests.status,
      requesterId: playDateRequests.requesterId,
      requesterPartnerId: playDateRequests.requesterPartnerId,
    })
    .from(playDateRequests)
    .where(
      or(
        eq(playDateRequests.id, requestId),
        and(eq(playDateRequests.playDateId, playDate.id), eq(playDateRequests.status, 'accepted')),
      ),
    )
    .for('update')
  const current = rows.find((row) => row.id === requestId)
  const other = rows.find((row) => row.id !== requestId && row.status === 'accepted')
  return {
    request: { ...request, status: current?.status ?? request.status },
    playDate,
    other: other && {
      id: other.id,
      requesterId: other.requesterId,
      requesterPartnerId: other.requesterPartnerId,
    },
  }
}
