import { sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { PlayDateStatus, TeamSummary } from '../../../domain/play-dates/play-date.schema'
import { teamAverage } from '../../../domain/play-dates/play-date.rules'
import { playDateRequests, playDates, profiles } from '../../db/schema'
import { type PlayerSummaryRow, summaryColumnsOf, toPlayer } from '../../db/player-summary'

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
