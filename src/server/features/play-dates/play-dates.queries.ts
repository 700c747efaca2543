import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { PlayDateStatus, TeamSummary } from '../../../domain/play-dates/play-date.schema'
import { teamAverage } from '../../../domain/play-dates/play-date.rules'
import type { DbOrTx } from '../../db/client'
import { connections, playDateRequests, playDates, profiles } from '../../db/schema'
import {
  type PlayerSummaryRow,
  profileSummaryColumns,
  summaryColumnsOf,
  toPlayer,
} from '../profiles/player-summary'

export const creator = alias(profiles, 'creator')
export const partner = alias(profiles, 'partner')
export const requester = alias(profiles, 'requester')
export const requesterPartner = alias(profiles, 'requester_partner')
export const canceller = alias(profiles, 'canceller')

export const creatorColumns = summaryColumnsOf(creator)
export const partnerColumns = summaryColumnsOf(partner)
export const requesterColumns = summaryColumnsOf(requester)
export const requesterPartnerColumns = summaryColumnsOf(requesterPartner)
export const cancellerColumns = summaryColumnsOf(canceller)

export function toTeam(captain: PlayerSummaryRow, mate: PlayerSummaryRow | null | undefined): TeamSummary {
  const a = toPlayer(captain)
  const b = mate?.id ? toPlayer(mate) : null
  return {
    captain: a,
    partner: b,
    averageDupr: teamAverage(a.duprRating, b?.duprRating),
    averageSelf: teamAverage(a.selfRating, b?.selfRating),
  }
}

// Statuses written into the SQL, not sent as values: a prepared statement's generic plan then
// still reads the (status, created_at, id) index by status, instead of walking every PlayDate
// newest first and filtering on a status it cannot see (docs/decisions/0044-generic-plans.md).
export const statusIn = (...statuses: PlayDateStatus[]) =>
  sql`${playDates.status} in (${sql.raw(statuses.map((status) => `'${status}'`).join(', '))})`

// Pending applications waiting for the creator team.
export const pendingRequestCount = sql<number>`(
  select count(*)::int from ${playDateRequests}
  where ${playDateRequests.playDateId} = ${playDates.id} and ${playDateRequests.status} = 'pending'
)`.as('request_count')

// Accepted friends in either direction.
const acceptedFriendship = (a: string, b: string) =>
  and(
    eq(connections.type, 'friend'),
    eq(connections.status, 'accepted'),
    or(
      and(eq(connections.requesterId, a), eq(connections.receiverId, b)),
      and(eq(connections.requesterId, b), eq(connections.receiverId, a)),
    ),
  )

export async function areFriends(db: DbOrTx, a: string, b: string) {
  const rows = await db
    .select({ id: connections.id })
    .from(connections)
    .where(acceptedFriendship(a, b))
    .limit(1)
  return rows.length > 0
}

// `b` can be `a`'s partner: an accepted friend whose access is not paused (a paused player
// cannot sign in, so could neither see nor play the PlayDate).
export async function isPlayablePartner(db: DbOrTx, a: string, b: string) {
  const rows = await db
    .select({ id: connections.id })
    .from(connections)
    .innerJoin(profiles, and(eq(profiles.id, b), eq(profiles.isPaused, false)))
    .where(acceptedFriendship(a, b))
    .limit(1)
  return rows.length > 0
}

// The user's accepted friends, regular partners first, then by name.
export async function listPartnerOptions(db: DbOrTx, userId: string) {
  const friendRows = await db
    .select({
      friendId: sql<string>`case when ${connections.requesterId} = ${userId} then ${connections.receiverId} else ${connections.requesterId} end`,
    })
    .from(connections)
    .where(
      and(
        eq(connections.type, 'friend'),
        eq(connections.status, 'accepted'),
        or(eq(connections.requesterId, userId), eq(connections.receiverId, userId)),
      ),
    )
    .limit(1000)
  const ids = friendRows.map((r) => r.friendId)
  if (ids.length === 0) return []
  const partnerRows = await db
    .select({ requesterId: connections.requesterId, receiverId: connections.receiverId })
    .from(connections)
    .where(
      and(
        eq(connections.type, 'partner'),
        eq(connections.status, 'accepted'),
        or(eq(connections.requesterId, userId), eq(connections.receiverId, userId)),
      ),
    )
  const regular = new Set(partnerRows.map((r) => (r.requesterId === userId ? r.receiverId : r.requesterId)))
  const people = await db
    .select(profileSummaryColumns)
    .from(profiles)
    .where(and(inArray(profiles.id, ids), eq(profiles.isPaused, false)))
  return people
    .map((p) => ({ ...toPlayer(p), isRegularPartner: regular.has(p.id) }))
    .sort(
      (x, y) =>
        Number(y.isRegularPartner) - Number(x.isRegularPartner) ||
        x.firstName.localeCompare(y.firstName) ||
        x.lastName.localeCompare(y.lastName),
    )
}
