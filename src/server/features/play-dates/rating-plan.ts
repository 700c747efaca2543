import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { playDates } from '../../db/schema'
import type { TtlCache } from '../../lib/ttl-cache'

// How Available finds the PlayDates of a rating range (docs/decisions/0047-available-rating-ranges.md).
//
// - `newest-first` walks the open PlayDates newest first and keeps those in the range: it stops
//   once it has the page and the capped total, so it reads about countLimit × open ÷ matches
//   rows. Cheap when many PlayDates are in the range; every open PlayDate when few or none are.
// - `by-rating` reads the matches from the open PlayDates' rating index and sorts them: it reads
//   the matches, however many open PlayDates there are. Cheap when few are in the range.
//
// Both give the same answer; the choice only decides what it costs. Prepared statements run
// with generic plans (docs/decisions/0044-generic-plans.md), so PostgreSQL cannot choose by the
// values: the server chooses, from counts of the open PlayDates per tenth of a rating point.
export type RatingPlan = 'newest-first' | 'by-rating'

export interface OpenRatingCounts {
  // Open PlayDates in all.
  open: number
  // Open PlayDates per tenth of the team rating: key 37 counts ratings from 3.7 up to 3.8.
  byTenth: ReadonlyMap<number, number>
}

const tenthOf = (rating: number) => Math.floor(rating * 10)

// The open PlayDates whose tenth overlaps [min, max]: at least the matches, a few more at the
// edges.
export function estimateMatches(counts: OpenRatingCounts, min: number | undefined, max: number | undefined) {
  const from = min === undefined ? -Infinity : tenthOf(min)
  const to = max === undefined ? Infinity : tenthOf(max)
  let matches = 0
  for (const [tenth, count] of counts.byTenth) if (tenth >= from && tenth <= to) matches += count
  return matches
}

// The cheaper plan: walking costs about countLimit × open ÷ matches rows, reading by rating
// about matches rows, so by rating wins when matches² < countLimit × open. Either way a page
// costs at most about √(countLimit × open) rows, where walking alone could read every open
// PlayDate.
export function chooseRatingPlan(matches: number, open: number, countLimit: number): RatingPlan {
  return matches * matches < countLimit * open ? 'by-rating' : 'newest-first'
}

// The counts are read again after this long: they only steer the plan, so a minute-old count
// costs at most a slower page, never a wrong one.
export const RATING_COUNTS_TTL_MS = 60_000

async function loadCounts(db: Db): Promise<OpenRatingCounts> {
  // One pass over the open PlayDates' rating index (their team rating only).
  const rows = await db
    .select({
      tenth: sql<number | null>`floor(${playDates.teamDupr} * 10)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(playDates)
    .where(sql`${playDates.status} = 'open'`)
    .groupBy(sql`1`)
  const byTenth = new Map<number, number>()
  let open = 0
  for (const row of rows) {
    open += row.count
    if (row.tenth !== null) byTenth.set(row.tenth, row.count)
  }
  return { open, byTenth }
}

// The counts, read at most once a minute per server instance (its cache, deps.ts).
export const openRatingCounts = (db: Db, cache: TtlCache) =>
  cache.get('play-dates:open-rating-counts', RATING_COUNTS_TTL_MS, () => loadCounts(db))
