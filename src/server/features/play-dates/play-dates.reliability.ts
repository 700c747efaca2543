import { subMonths } from 'date-fns'
import { sql } from 'drizzle-orm'
import { RELIABILITY_MONTHS, type ReliabilitySummary } from '../../../domain/play-dates/results'
import type { DbOrTx } from '../../db/client'

// A player's record over the last RELIABILITY_MONTHS months, counted from the PlayDates
// themselves (no counters that could drift): games played with a settled result, no-shows of
// their team, late cancels by their team. A disputed game is still matched, so it counts for
// neither side until an admin decides. Each player's PlayDates are found through the creator,
// partner and application indexes: a few rows per player, however many PlayDates exist.

export const NO_RECORD: ReliabilitySummary = { played: 0, noShows: 0, lateCancels: 0 }

export async function reliabilityOf(
  db: DbOrTx,
  playerIds: ReadonlyArray<string>,
  now: Date,
): Promise<Map<string, ReliabilitySummary>> {
  const ids = [...new Set(playerIds)]
  const result = new Map<string, ReliabilitySummary>()
  if (ids.length === 0) return result
  const since = subMonths(now, RELIABILITY_MONTHS)
  type Row = { player_id: string; played: number; no_shows: number; late_cancels: number }
  const answer = await db.execute<Row>(sql`
    select g.player_id,
      count(*) filter (where pd.result_outcome = 'played')::int as played,
      count(*) filter (where pd.result_outcome = 'no_show' and pd.result_absent_team = g.side)::int as no_shows,
      count(*) filter (where pd.late_cancel and pd.cancelled_team = g.side)::int as late_cancels
    from (
      select id, 'creator' as side, creator_id as player_id from play_dates where creator_id in ${ids}
      union all
      select id, 'creator', partner_id from play_dates where partner_id in ${ids}
      union all
      select play_date_id, 'responding', requester_id from play_date_requests
        where requester_id in ${ids} and status = 'accepted'
      union all
      select play_date_id, 'responding', requester_partner_id from play_date_requests
        where requester_partner_id in ${ids} and status = 'accepted'
    ) g
    join play_dates pd on pd.id = g.id
    where pd.status in ('completed', 'cancelled')
      and coalesce(pd.starts_at, pd.created_at) >= ${since.toISOString()}::timestamptz
    group by g.player_id
  `)
  for (const row of (answer as unknown as { rows: Row[] }).rows) {
    result.set(row.player_id, {
      played: Number(row.played),
      noShows: Number(row.no_shows),
      lateCancels: Number(row.late_cancels),
    })
  }
  return result
}

export async function reliabilityOfPlayer(db: DbOrTx, playerId: string, now: Date) {
  return (await reliabilityOf(db, [playerId], now)).get(playerId) ?? NO_RECORD
}
