import { subMonths } from 'date-fns'
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { RELIABILITY_MONTHS, type ReliabilitySummary } from '../../../domain/play-dates/results'
import type { DbOrTx } from '../../db/client'
import { preparedQuery } from '../../db/prepared'

// A player's record over the last RELIABILITY_MONTHS months, counted from the PlayDates
// themselves (no counters that could drift): games played with a settled result, no-shows of
// their team, late cancels by their team. A disputed game is still matched, so it counts for
// neither side until an admin decides. Each player's PlayDates are found through the creator,
// partner and application indexes: a few rows per player, however many PlayDates exist.
//
// Both reads are prepared queries (docs/decisions/0040-performance-at-scale.md): planning this
// four-way union cost PostgreSQL more than running it, so it is planned once per connection.

export const NO_RECORD: ReliabilitySummary = { played: 0, noShows: 0, lateCancels: 0 }

// Where a list of players' PlayDates is found: `matches(column)` is the condition on one player
// column (one id, or any of a list of ids).
const sidesOf = (matches: (column: SQL) => SQL) => sql`(
  select id, 'creator' as side, creator_id as player_id from play_dates where ${matches(sql`creator_id`)}
  union all
  select id, 'creator', partner_id from play_dates where ${matches(sql`partner_id`)}
  union all
  select play_date_id, 'responding', requester_id from play_date_requests
    where ${matches(sql`requester_id`)} and status = 'accepted'
  union all
  select play_date_id, 'responding', requester_partner_id from play_date_requests
    where ${matches(sql`requester_partner_id`)} and status = 'accepted'
) g join play_dates pd on pd.id = g.id`

const finishedSince = (since: SQLWrapper) => sql`pd.status in ('completed', 'cancelled')
  and coalesce(pd.starts_at, pd.created_at) >= ${since}`

const counts = {
  played: sql<number>`count(*) filter (where pd.result_outcome = 'played')::int`,
  noShows: sql<number>`count(*) filter (where pd.result_outcome = 'no_show' and pd.result_absent_team = g.side)::int`,
  lateCancels: sql<number>`count(*) filter (where pd.late_cancel and pd.cancelled_team = g.side)::int`,
}

// The records of up to a page of players, by id: one statement, the ids as one array parameter.
const recordsQuery = (db: DbOrTx) =>
  db
    .select({ playerId: sql<string>`g.player_id`, ...counts })
    .from(sidesOf((column) => sql`${column} = any(${sql.placeholder('ids')}::uuid[])`))
    .where(finishedSince(sql`${sql.placeholder('since')}::timestamptz`))
    .groupBy(sql`g.player_id`)

export const reliabilitySince = (now: Date) => subMonths(now, RELIABILITY_MONTHS)

export async function reliabilityOf(
  db: DbOrTx,
  playerIds: ReadonlyArray<string>,
  now: Date,
): Promise<Map<string, ReliabilitySummary>> {
  const ids = [...new Set(playerIds)]
  const result = new Map<string, ReliabilitySummary>()
  if (ids.length === 0) return result
  const rows = await preparedQuery(db, 'player_records', recordsQuery).execute({
    ids,
    since: reliabilitySince(now).toISOString(),
  })
  for (const row of rows) {
    result.set(row.playerId, {
      played: Number(row.played),
      noShows: Number(row.noShows),
      lateCancels: Number(row.lateCancels),
    })
  }
  return result
}

// One player's record as a JSON column of a larger statement (the public profile's page):
// `player` and `since` are that statement's placeholders or expressions.
export type ReliabilityJson = { played: number; noShows: number; lateCancels: number }
export const reliabilityColumn = (player: SQLWrapper, since: SQLWrapper) =>
  sql<ReliabilityJson>`(select json_build_object('played', ${counts.played}, 'noShows', ${counts.noShows}, 'lateCancels', ${counts.lateCancels})
    from ${sidesOf((column) => sql`${column} = ${player}`)}
    where ${finishedSince(since)})`
