import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm'
import { alias, type SelectedFields } from 'drizzle-orm/pg-core'
import type {
  PlayDateStatus,
  PlayDateSummary,
  TeamSummary,
} from '../../../domain/play-dates/play-date.schema'
import { teamAverage } from '../../../domain/play-dates/play-date.rules'
import { openSpots } from '../../../domain/play-dates/spots'
import { playingRating } from '../../../domain/players/rating.rules'
import type { DbOrTx } from '../client'
import { outerColumn } from '../outer-column'
import { type PlayerSummaryRow, summaryColumnsOf, toPlayer } from '../player-summary'
import { groupMembers, playDateRequests, playDates, profiles, venues } from '../schema'

// A PlayDate as its pages and the admin's list show it: the card's own columns, its teams' players
// through aliases of profiles, and who may still join.

export const creator = alias(profiles, 'creator')
export const partner = alias(profiles, 'partner')
export const requester = alias(profiles, 'requester')
export const requesterPartner = alias(profiles, 'requester_partner')
export const canceller = alias(profiles, 'canceller')

// A game's accepted application (one at most: play_date_requests_one_accepted_key).
export const acceptedRequest = alias(playDateRequests, 'accepted')

// A PlayDate (its id and `fields`) with its four players, through the aliases above (`fields` reads
// them): the creator always, their partner, and once matched the accepted application's captain
// and partner. Left joins: a side not yet filled reads as nulls.
export function selectGameWithPlayers<Fields extends SelectedFields>(db: DbOrTx, fields: Fields) {
  return db
    .select({ id: playDates.id, ...fields })
    .from(playDates)
    .innerJoin(creator, eq(creator.id, playDates.creatorId))
    .leftJoin(partner, eq(partner.id, playDates.partnerId))
    .leftJoin(
      acceptedRequest,
      and(eq(acceptedRequest.playDateId, playDates.id), eq(acceptedRequest.status, 'accepted')),
    )
    .leftJoin(requester, eq(requester.id, acceptedRequest.requesterId))
    .leftJoin(requesterPartner, eq(requesterPartner.id, acceptedRequest.requesterPartnerId))
}

export const creatorColumns = summaryColumnsOf(creator)
export const partnerColumns = summaryColumnsOf(partner)
export const requesterColumns = summaryColumnsOf(requester)
export const requesterPartnerColumns = summaryColumnsOf(requesterPartner)
export const cancellerColumns = summaryColumnsOf(canceller)

// `joinedAlone`, on a PlayDate's two sides: which of its players came to it on their own
// (docs/decisions/0207-joined-alone-player-by-player.md).
export function toTeam(
  captain: PlayerSummaryRow,
  mate: PlayerSummaryRow | null | undefined,
  joinedAlone?: { captain: boolean; partner: boolean },
): TeamSummary {
  const a = toPlayer(captain)
  const b = mate?.id ? toPlayer(mate) : null
  return {
    captain: joinedAlone ? { ...a, joinedAlone: joinedAlone.captain } : a,
    partner: b && joinedAlone ? { ...b, joinedAlone: joinedAlone.partner } : b,
    // A player without a DUPR rating counts with their self rating, as the stored team_dupr does.
    averageDupr: teamAverage(playingRating(a), b && playingRating(b)),
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
  where ${playDateRequests.playDateId} = ${outerColumn(playDates.id)} and ${playDateRequests.status} = 'pending'
)`.as('request_count')

// What a PlayDate card shows of the PlayDate itself, in the PlayDate pages and the admin's list.
export const playDateCardColumns = {
  id: playDates.id,
  type: playDates.type,
  doublesType: playDates.doublesType,
  status: playDates.status,
  state: playDates.state,
  regions: playDates.regions,
  paymentPerHourMin: playDates.paymentPerHourMin,
  paymentPerHourMax: playDates.paymentPerHourMax,
  description: playDates.description,
  startsAt: playDates.startsAt,
  timeZone: playDates.timeZone,
  durationMinutes: playDates.durationMinutes,
  place: playDates.place,
  postedAlone: playDates.postedAlone,
  minDupr: playDates.minDupr,
  maxDupr: playDates.maxDupr,
  // The other side's players: its accepted application (one at most) holds 1 (a player alone) or 2.
  otherSideFilled: sql<number>`coalesce((select case when r.requester_partner_id is null then 1 else 2 end
    from ${playDateRequests} r where r.play_date_id = ${outerColumn(playDates.id)} and r.status = 'accepted' limit 1), 0)`.mapWith(
    Number,
  ),
  // The venue as the card shows it: one lookup by primary key, as JSON, so no list query needs
  // another join.
  venue: sql<
    PlayDateSummary['venue']
  >`(select json_build_object('id', v.id, 'name', v.name, 'address', v.address, 'city', v.city, 'state', v.state) from ${venues} v where v.id = ${outerColumn(playDates.venueId)})`,
}

type CardRow = {
  startsAt: Date | null
  timeZone: string | null
  durationMinutes: number | null
  place: string | null
  venue: PlayDateSummary['venue']
}

// When and where, as the summary gives them.
export const whenAndWhere = (row: CardRow) => ({
  startsAt: row.startsAt?.toISOString() ?? null,
  timeZone: row.timeZone,
  durationMinutes: row.durationMinutes,
  venue: row.venue,
  place: row.place,
})

type SpotsRow = {
  status: PlayDateStatus
  partnerId?: string | null
  partner?: { id: string | null } | null
  postedAlone: boolean
  minDupr: number | null
  maxDupr: number | null
  otherSideFilled: number
}

// Who may join and the spots left, as the summary gives them: an open PlayDate's, and a matched
// game's that a player dropped out of (docs/decisions/0152); a finished one has none.
export function rangeAndSpots(row: SpotsRow): Pick<PlayDateSummary, 'duprRange' | 'spots'> {
  const hasPartner = Boolean(row.partnerId ?? row.partner?.id)
  const live = row.status === 'open' || row.status === 'matched'
  const spots = openSpots({
    creatorPartner: hasPartner || !live,
    otherSide: live ? (Math.min(2, row.otherSideFilled) as 0 | 1 | 2) : 2,
  })
  return {
    duprRange:
      row.minDupr === null || row.maxDupr === null
        ? null
        : { min: Number(row.minDupr), max: Number(row.maxDupr) },
    spots,
  }
}

// The ids of a game's two sides: the creator and their partner; the accepted application's captain
// and partner (one application at most), none while no one holds the other side.
export const creatorSideIds = (game: { creatorId: string | null; partnerId: string | null }) =>
  [game.creatorId, game.partnerId].filter((p): p is string => Boolean(p))

export async function respondingSideIds(db: DbOrTx, playDateId: string): Promise<string[]> {
  const rows = await db
    .select({ a: playDateRequests.requesterId, b: playDateRequests.requesterPartnerId })
    .from(playDateRequests)
    .where(and(eq(playDateRequests.playDateId, playDateId), eq(playDateRequests.status, 'accepted')))
  return rows.flatMap((r) => [r.a, r.b]).filter((p): p is string => Boolean(p))
}

// Whether the player `user` may see and join the PlayDate at `now`: a group's game is its
// members' until it opens to everyone, and theirs alone when it never does (docs/decisions/0168).
// Most PlayDates have no group and pass on the first test; a group's member is one lookup in
// group_members' primary key.
export const offeredTo = (user: SQL | Placeholder, now: SQL | Placeholder) =>
  sql`(${playDates.groupId} is null or ${playDates.openToAllAt} <= ${now}
    or ${inPlayDateGroup(user)})`

// Whether the player `user` is a member of the PlayDate's group (false for a game without one).
export const inPlayDateGroup = (user: SQL | Placeholder) =>
  sql<boolean>`exists (select 1 from ${groupMembers} gm where gm.group_id = ${playDates.groupId} and gm.user_id = ${user})`
