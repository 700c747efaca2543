import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm'
import { nextOccurrences, seriesSummary, weeklyPartsOf } from '../../../domain/groups/series.rules'
import {
  SERIES_COMING_SHOWN,
  type SeriesList,
  type SeriesOccurrence,
  type SeriesOutput,
} from '../../../domain/groups/series.schema'
import { formatStart } from '../../../domain/play-dates/schedule'
import type { Db, DbOrTx } from '../../db/client'
import { groupSeries, groupSeriesOccurrences, playDates, profiles, venues } from '../../db/schema'
import { isOrganiser, notFound, roleOf, type Viewer } from './groups.access'
import { seriesNotFound } from './groups.series.locks'

// A group's series as its members see them: the rule in words and the coming dates, with the games
// made and the dates skipped (docs/decisions/0169-recurring-series.md).

const seriesColumns = {
  id: groupSeries.id,
  groupId: groupSeries.groupId,
  rule: groupSeries.rule,
  timeZone: groupSeries.timeZone,
  durationMinutes: groupSeries.durationMinutes,
  amount: groupSeries.amount,
  description: groupSeries.description,
  opensToAll: groupSeries.opensToAll,
  endedAt: groupSeries.endedAt,
  venue: { id: venues.id, name: venues.name, city: venues.city, state: venues.state },
  host: { id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName },
}

const selectSeries = (db: DbOrTx) =>
  db
    .select(seriesColumns)
    .from(groupSeries)
    .innerJoin(venues, eq(venues.id, groupSeries.venueId))
    .innerJoin(profiles, eq(profiles.id, groupSeries.hostId))

type SeriesRow = Awaited<ReturnType<typeof selectSeries>>[number]

// What is recorded of the occurrences from `now` on: made into PlayDates, or skipped.
async function recordedAhead(db: DbOrTx, seriesIds: string[], now: Date) {
  if (seriesIds.length === 0) return []
  return db
    .select({
      seriesId: groupSeriesOccurrences.seriesId,
      startsAt: groupSeriesOccurrences.startsAt,
      playDateId: groupSeriesOccurrences.playDateId,
      skippedAt: groupSeriesOccurrences.skippedAt,
      status: playDates.status,
    })
    .from(groupSeriesOccurrences)
    .leftJoin(playDates, eq(playDates.id, groupSeriesOccurrences.playDateId))
    .where(
      and(inArray(groupSeriesOccurrences.seriesId, seriesIds), gte(groupSeriesOccurrences.startsAt, now)),
    )
    .orderBy(asc(groupSeriesOccurrences.startsAt))
}
type Recorded = Awaited<ReturnType<typeof recordedAhead>>[number]

// The coming dates: the rule's next ones, with the games made (an earlier rule's too) and the
// skipped dates in their place; a game cancelled since is left out.
function comingOf(row: SeriesRow, recorded: Recorded[], now: Date): SeriesOccurrence[] {
  const byStart = new Map<number, SeriesOccurrence>()
  const planned = row.endedAt ? [] : nextOccurrences(row.rule, now, SERIES_COMING_SHOWN)
  const label = (startsAt: Date) => formatStart(startsAt, row.timeZone)
  for (const startsAt of planned) {
    byStart.set(startsAt.getTime(), {
      startsAt: startsAt.toISOString(),
      label: label(startsAt),
      status: 'planned',
      playDateId: null,
    })
  }
  const last = planned.at(-1)?.getTime() ?? Number.POSITIVE_INFINITY
  for (const r of recorded) {
    if (r.seriesId !== row.id || r.startsAt.getTime() > last) continue
    const cancelled = r.playDateId !== null && r.status !== 'open' && r.status !== 'matched'
    if (cancelled || (r.playDateId === null && r.skippedAt === null)) {
      byStart.delete(r.startsAt.getTime())
      continue
    }
    byStart.set(r.startsAt.getTime(), {
      startsAt: r.startsAt.toISOString(),
      label: label(r.startsAt),
      status: r.playDateId ? 'posted' : 'skipped',
      playDateId: r.playDateId,
    })
  }
  return [...byStart.values()]
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
    .slice(0, SERIES_COMING_SHOWN)
}

function toOutput(row: SeriesRow, coming: SeriesOccurrence[], now: Date): SeriesOutput {
  const { weekday, startTime } = weeklyPartsOf(row.rule)
  // The rule's next date names the zone's time (MDT or MST), whatever was posted before a change.
  const [next] = nextOccurrences(row.rule, now, 1)
  return {
    id: row.id,
    groupId: row.groupId,
    weekday,
    startTime,
    timeZone: row.timeZone,
    venue: row.venue,
    durationMinutes: row.durationMinutes,
    amount: row.amount,
    description: row.description,
    opensToAll: row.opensToAll,
    rule: row.rule,
    summary: seriesSummary(row.rule, row.durationMinutes, row.amount, next),
    host: row.host,
    endedAt: row.endedAt?.toISOString() ?? null,
    coming,
  }
}

// A group's series, running ones first, for its members and admins.
export async function listSeries(db: Db, viewer: Viewer, groupId: string, now: Date): Promise<SeriesList> {
  const role = await roleOf(db, groupId, viewer.id)
  if (!role && !viewer.isAdmin) throw notFound()
  const rows = await selectSeries(db)
    .where(eq(groupSeries.groupId, groupId))
    .orderBy(sql`${groupSeries.endedAt} is not null`, asc(groupSeries.createdAt))
  const recorded = await recordedAhead(
    db,
    rows.map((r) => r.id),
    now,
  )
  return {
    items: rows.map((row) => toOutput(row, comingOf(row, recorded, now), now)),
    canManage: isOrganiser(role),
  }
}

// One series as its members see it, after a change an organiser made.
export async function seriesOf(db: DbOrTx, groupId: string, seriesId: string, now: Date) {
  const [row] = await selectSeries(db).where(
    and(eq(groupSeries.id, seriesId), eq(groupSeries.groupId, groupId)),
  )
  if (!row) throw seriesNotFound()
  return toOutput(row, comingOf(row, await recordedAhead(db, [row.id], now), now), now)
}
