import { subMonths } from 'date-fns'
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { RELIABILITY_MONTHS, type ReliabilitySummary } from '../../../domain/play-dates/results'
import { type DbOrTx, rowsOf } from '../client'
import { statementOf } from '../prepared'

// A player's record over the last RELIABILITY_MONTHS months, counted from the PlayDates
// themselves (no counters that could drift): games played with a settled result, no-shows of
// their team, late cancels by their team. A disputed game is still matched, so it counts for
// neither side until an admin decides. Each player's PlayDates are found through the creator,
// partner and application indexes: a few rows per player, however many PlayDates exist.
//
// Both reads are prepared queries (docs/decisions/0040-performance-at-scale.md): planning this
// four-way union cost PostgreSQL more than running it, so it is planned once per connection.

export const NO_RECORD: ReliabilitySummary = {
  played: 0,
  noShows: 0,
  lateCancels: 0,
  replaced: 0,
  savedGames: 0,
}

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

// A player's own drop-outs from matched games and the spots they took as a sub
// (docs/decisions/0152-waitlist-drop-outs-and-subs.md), by `matches(column)` as above: a late
// drop-out is a late cancel ("replaced" once someone took the spot), a spot taken as a sub a game
// saved. Each through its own index by player.
const ownMarks = (matches: (column: SQL) => SQL, since: SQLWrapper) => sql`
  select d.profile_id as player_id, 0 as played, 0 as no_shows, count(*)::int as late_cancels,
    count(d.replaced_at)::int as replaced, 0 as saved
  from play_date_dropouts d where ${matches(sql`d.profile_id`)} and d.late and d.created_at >= ${since}
  group by d.profile_id
  union all
  select o.profile_id, 0, 0, 0, 0, count(*)::int from play_date_offers o
  where ${matches(sql`o.profile_id`)} and o.kind = 'sub' and o.status = 'taken' and o.answered_at >= ${since}
  group by o.profile_id`

// Every player's record: their games, then their own marks, summed.
const recordsOf = (matches: (column: SQL) => SQL, since: SQLWrapper) => sql`
  select r.player_id, sum(r.played)::int as played, sum(r.no_shows)::int as no_shows,
    sum(r.late_cancels)::int as late_cancels, sum(r.replaced)::int as replaced, sum(r.saved)::int as saved
  from (
    select g.player_id, ${counts.played} as played, ${counts.noShows} as no_shows,
      ${counts.lateCancels} as late_cancels, 0 as replaced, 0 as saved
    from ${sidesOf(matches)} where ${finishedSince(since)} group by g.player_id
    union all
    ${ownMarks(matches, since)}
  ) r group by r.player_id`

// The records of up to a page of players, by id: one statement, the ids as one array parameter.
const recordsQuery = (db: DbOrTx) =>
  statementOf(
    db,
    sql`select player_id as "playerId", played, no_shows as "noShows", late_cancels as "lateCancels",
      replaced, saved as "savedGames"
    from (${recordsOf(
      (column) => sql`${column} = any(${sql.placeholder('ids')}::uuid[])`,
      sql`${sql.placeholder('since')}::timestamptz`,
    )}) records`,
  )

export const reliabilitySince = (now: Date) => subMonths(now, RELIABILITY_MONTHS)

export async function reliabilityOf(
  db: DbOrTx,
  playerIds: ReadonlyArray<string>,
  now: Date,
): Promise<Map<string, ReliabilitySummary>> {
  const ids = [...new Set(playerIds)]
  const result = new Map<string, ReliabilitySummary>()
  if (ids.length === 0) return result
  const rows = rowsOf<ReliabilitySummary & { playerId: string }>(
    await db.prepared('player_records', recordsQuery).execute({
      ids,
      since: reliabilitySince(now).toISOString(),
    }),
  )
  for (const row of rows) {
    result.set(row.playerId, {
      played: Number(row.played),
      noShows: Number(row.noShows),
      lateCancels: Number(row.lateCancels),
      replaced: Number(row.replaced),
      savedGames: Number(row.savedGames),
    })
  }
  return result
}

// One player's record as a JSON column of a larger statement (the public profile's page):
// `player` and `since` are that statement's placeholders or expressions.
export type ReliabilityJson = ReliabilitySummary
export const reliabilityColumn = (player: SQLWrapper, since: SQLWrapper) =>
  sql<ReliabilityJson>`coalesce((select json_build_object('played', r.played, 'noShows', r.no_shows,
      'lateCancels', r.late_cancels, 'replaced', r.replaced, 'savedGames', r.saved)
    from (${recordsOf((column) => sql`${column} = ${player}`, since)}) r),
    json_build_object('played', 0, 'noShows', 0, 'lateCancels', 0, 'replaced', 0, 'savedGames', 0))`
