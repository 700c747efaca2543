import { and, asc, count, eq, gte, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { ORGANISERS_ONLY } from '../../../domain/groups/group.schema'
import {
  firstDateOf,
  isOccurrence,
  nextOccurrences,
  seriesSummary,
  weeklyPartsOf,
  weeklyRuleText,
} from '../../../domain/groups/series.rules'
import {
  GROUP_CLOSED_FOR_SERIES,
  OCCURRENCE_ALREADY_POSTED,
  OCCURRENCE_NOT_IN_SERIES,
  SERIES_COMING_SHOWN,
  SERIES_ENDED,
  SERIES_LIMIT_REACHED,
  SERIES_NOT_FOUND,
  SERIES_PER_GROUP_MAX,
  type SeriesInput,
  type SeriesList,
  type SeriesOccurrence,
  type SeriesOutput,
} from '../../../domain/groups/series.schema'
import { formatStart } from '../../../domain/play-dates/schedule'
import type { Db, DbOrTx, Tx } from '../../db/client'
import {
  groupSeries,
  groupSeriesOccurrences,
  playDateRequests,
  playDates,
  profiles,
  venues,
} from '../../db/schema'
import { isOrganiser, lockGroup, notFound, roleOf, type Viewer } from './groups.access'
import { scheduleSeriesMaking, scheduleSeriesSummary } from './groups.series.jobs'

// A group's weekly games (docs/decisions/0169-recurring-series.md): organisers create, change,
// skip a date of and end a series; its members see it with its coming dates. Every write takes the
// group's lock, then the series' row, as the job that makes the games does.

const seriesNotFound = () => new AppError('not_found', SERIES_NOT_FOUND)

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

async function seriesOf(db: DbOrTx, groupId: string, seriesId: string, now: Date) {
  const [row] = await selectSeries(db).where(
    and(eq(groupSeries.id, seriesId), eq(groupSeries.groupId, groupId)),
  )
  if (!row) throw seriesNotFound()
  return toOutput(row, comingOf(row, await recordedAhead(db, [row.id], now), now), now)
}

// The group locked, and the caller one of its organisers: only organisers run series (an admin who
// is not one reads them, as members do).
async function lockForOrganiser(tx: Tx, viewer: Viewer, groupId: string) {
  const group = await lockGroup(tx, groupId)
  const role = await roleOf(tx, groupId, viewer.id)
  if (!role && !viewer.isAdmin) throw notFound()
  if (!isOrganiser(role)) throw new AppError('forbidden', ORGANISERS_ONLY)
  if (group.closedAt) throw new AppError('conflict', GROUP_CLOSED_FOR_SERIES)
  return group
}

async function lockSeries(tx: Tx, groupId: string, seriesId: string) {
  const [row] = await tx
    .select({
      id: groupSeries.id,
      rule: groupSeries.rule,
      endedAt: groupSeries.endedAt,
      revision: groupSeries.revision,
    })
    .from(groupSeries)
    .where(and(eq(groupSeries.id, seriesId), eq(groupSeries.groupId, groupId)))
    .for('update')
  if (!row) throw seriesNotFound()
  return row
}

const venueProblem = 'Please choose a venue from the list'

async function requireVenue(tx: Tx, venueId: string) {
  const [venue] = await tx
    .select({ id: venues.id, timeZone: venues.timeZone })
    .from(venues)
    .where(and(eq(venues.id, venueId), isNull(venues.retiredAt)))
  if (!venue) throw new AppError('invalid', venueProblem, { venueId: venueProblem })
  return venue
}

const ruleFor = (input: SeriesInput, timeZone: string, now: Date) =>
  weeklyRuleText(
    { weekday: input.weekday, startTime: input.startTime, timeZone },
    firstDateOf(input.weekday, now, timeZone),
  )

export async function createSeries(db: Db, viewer: Viewer, groupId: string, input: SeriesInput, now: Date) {
  const id = await db.transaction(async (tx) => {
    await lockForOrganiser(tx, viewer, groupId)
    const [running] = await tx
      .select({ total: count() })
      .from(groupSeries)
      .where(and(eq(groupSeries.groupId, groupId), isNull(groupSeries.endedAt)))
    if ((running?.total ?? 0) >= SERIES_PER_GROUP_MAX) throw new AppError('conflict', SERIES_LIMIT_REACHED)
    const venue = await requireVenue(tx, input.venueId)
    const [created] = await tx
      .insert(groupSeries)
      .values({
        groupId,
        hostId: viewer.id,
        venueId: venue.id,
        rule: ruleFor(input, venue.timeZone, now),
        timeZone: venue.timeZone,
        durationMinutes: input.durationMinutes,
        amount: input.amount,
        description: input.description,
        opensToAll: input.opensToAll,
      })
      .returning({ id: groupSeries.id, timeZone: groupSeries.timeZone })
    if (!created) throw new Error('insert returned nothing')
    await scheduleSeriesMaking(tx, created.id, 0, now)
    await scheduleSeriesSummary(tx, created.id, created.timeZone, now)
    return created.id
  })
  return seriesOf(db, groupId, id, now)
}

// A change applies to what lies ahead: the dates not made yet follow the new rule, and a game made
// but still open with no one applied is cancelled and made again under it. A game someone applied
// to or that is matched stays as it was (its players agreed to it); the organiser cancels it on
// its page if it must go. The rule starts again from today, so calendars move only coming dates.
export async function changeSeries(
  db: Db,
  viewer: Viewer,
  groupId: string,
  seriesId: string,
  input: SeriesInput,
  now: Date,
) {
  await db.transaction(async (tx) => {
    await lockForOrganiser(tx, viewer, groupId)
    const series = await lockSeries(tx, groupId, seriesId)
    if (series.endedAt) throw new AppError('conflict', SERIES_ENDED)
    const venue = await requireVenue(tx, input.venueId)
    const untouched = await tx
      .select({ playDateId: playDates.id, startsAt: groupSeriesOccurrences.startsAt })
      .from(groupSeriesOccurrences)
      .innerJoin(playDates, eq(playDates.id, groupSeriesOccurrences.playDateId))
      .where(
        and(
          eq(groupSeriesOccurrences.seriesId, seriesId),
          gte(groupSeriesOccurrences.startsAt, now),
          eq(playDates.status, 'open'),
          notExists(
            tx
              .select({ id: playDateRequests.id })
              .from(playDateRequests)
              .where(
                and(
                  eq(playDateRequests.playDateId, playDates.id),
                  inArray(playDateRequests.status, ['pending', 'accepted', 'joined', 'waitlisted']),
                ),
              ),
          ),
        ),
      )
      .for('update', { of: playDates })
    if (untouched.length > 0) {
      const ids = untouched.map((u) => u.playDateId)
      await tx
        .update(playDates)
        .set({ status: 'cancelled', cancelledBy: viewer.id, revision: sql`${playDates.revision} + 1` })
        .where(inArray(playDates.id, ids))
      await tx
        .delete(groupSeriesOccurrences)
        .where(
          and(eq(groupSeriesOccurrences.seriesId, seriesId), inArray(groupSeriesOccurrences.playDateId, ids)),
        )
    }
    const revision = series.revision + 1
    await tx
      .update(groupSeries)
      .set({
        venueId: venue.id,
        rule: ruleFor(input, venue.timeZone, now),
        timeZone: venue.timeZone,
        durationMinutes: input.durationMinutes,
        amount: input.amount,
        description: input.description,
        opensToAll: input.opensToAll,
        revision,
      })
      .where(eq(groupSeries.id, seriesId))
    await scheduleSeriesMaking(tx, seriesId, revision, now)
  })
  return seriesOf(db, groupId, seriesId, now)
}

// Skip and put back open alike: an organiser, the group then the series locked, a coming date.
async function changeComingDate(
  db: Db,
  viewer: Viewer,
  groupId: string,
  seriesId: string,
  startsAt: Date,
  now: Date,
  change: (tx: Tx, revision: number) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    await lockForOrganiser(tx, viewer, groupId)
    const series = await lockSeries(tx, groupId, seriesId)
    if (series.endedAt) throw new AppError('conflict', SERIES_ENDED)
    if (startsAt <= now || !isOccurrence(series.rule, startsAt)) {
      throw new AppError('invalid', OCCURRENCE_NOT_IN_SERIES)
    }
    await change(tx, series.revision)
  })
  return seriesOf(db, groupId, seriesId, now)
}

// A date no game is made for. One already made is a PlayDate: it is cancelled on its page, where
// its applicants are told.
export function skipOccurrence(
  db: Db,
  viewer: Viewer,
  groupId: string,
  seriesId: string,
  startsAt: Date,
  now: Date,
) {
  return changeComingDate(db, viewer, groupId, seriesId, startsAt, now, async (tx) => {
    const [skipped] = await tx
      .insert(groupSeriesOccurrences)
      .values({ seriesId, startsAt, skippedAt: now })
      .onConflictDoNothing()
      .returning({ startsAt: groupSeriesOccurrences.startsAt })
    if (skipped) return
    const [recorded] = await tx
      .select({ playDateId: groupSeriesOccurrences.playDateId })
      .from(groupSeriesOccurrences)
      .where(
        and(eq(groupSeriesOccurrences.seriesId, seriesId), eq(groupSeriesOccurrences.startsAt, startsAt)),
      )
    if (recorded?.playDateId) throw new AppError('conflict', OCCURRENCE_ALREADY_POSTED)
  })
}

// A skipped date back in the series; its game is made at once if it is less than 14 days away.
export function restoreOccurrence(
  db: Db,
  viewer: Viewer,
  groupId: string,
  seriesId: string,
  startsAt: Date,
  now: Date,
) {
  return changeComingDate(db, viewer, groupId, seriesId, startsAt, now, async (tx, revision) => {
    const restored = await tx
      .delete(groupSeriesOccurrences)
      .where(
        and(
          eq(groupSeriesOccurrences.seriesId, seriesId),
          eq(groupSeriesOccurrences.startsAt, startsAt),
          isNotNull(groupSeriesOccurrences.skippedAt),
          isNull(groupSeriesOccurrences.playDateId),
        ),
      )
      .returning({ startsAt: groupSeriesOccurrences.startsAt })
    if (restored.length > 0) await scheduleSeriesMaking(tx, seriesId, `${revision}:${now.getTime()}`, now)
  })
}

// No more games are made; the ones made stay, with whoever joined them.
export async function endSeries(db: Db, viewer: Viewer, groupId: string, seriesId: string, now: Date) {
  await db.transaction(async (tx) => {
    await lockForOrganiser(tx, viewer, groupId)
    const series = await lockSeries(tx, groupId, seriesId)
    if (series.endedAt) return
    await tx.update(groupSeries).set({ endedAt: now }).where(eq(groupSeries.id, seriesId))
  })
  return seriesOf(db, groupId, seriesId, now)
}
