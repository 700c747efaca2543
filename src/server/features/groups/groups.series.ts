import { and, count, eq, gte, inArray, isNull, notExists, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { firstDateOf, weeklyRuleText } from '../../../domain/groups/series.rules'
import {
  SERIES_ENDED,
  SERIES_LIMIT_REACHED,
  SERIES_PER_GROUP_MAX,
  type SeriesInput,
} from '../../../domain/groups/series.schema'
import type { Db, Tx } from '../../db/client'
import { groupSeries, groupSeriesOccurrences, playDateRequests, playDates, venues } from '../../db/schema'
import type { Viewer } from './groups.access'
import { scheduleSeriesMaking, scheduleSeriesSummary } from './groups.series.jobs'
import { lockForOrganiser, lockSeries } from './groups.series.locks'
import { seriesOf } from './groups.series.view'

// A group's weekly games (docs/decisions/0169-recurring-series.md): organisers create, change,
// skip a date of and end a series; its members see it with its coming dates. This module
// holds a series' life as a whole (created, changed, ended); groups.series.view.ts what members see,
// groups.series.dates.ts a coming date skipped or put back.

const venueProblem = 'Please choose a venue from the list'

async function requireVenue(tx: Tx, venueId: string) {
  const [venue] = await tx
    .select({ id: venues.id, timeZone: venues.timeZone })
    .from(venues)
    .where(and(eq(venues.id, venueId), isNull(venues.retiredAt)))
  if (!venue) throw new AppError('invalid', venueProblem, { venueId: venueProblem })
  return venue
}

// What the organiser's form sets of a series, at the venue's time zone: the rule starts from the
// first such weekday from today.
const seriesFields = (input: SeriesInput, venue: { id: string; timeZone: string }, now: Date) => ({
  venueId: venue.id,
  rule: weeklyRuleText(
    { weekday: input.weekday, startTime: input.startTime, timeZone: venue.timeZone },
    firstDateOf(input.weekday, now, venue.timeZone),
  ),
  timeZone: venue.timeZone,
  durationMinutes: input.durationMinutes,
  amount: input.amount,
  description: input.description,
  opensToAll: input.opensToAll,
})

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
        ...seriesFields(input, venue, now),
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
      .set({ ...seriesFields(input, venue, now), revision })
      .where(eq(groupSeries.id, seriesId))
    await scheduleSeriesMaking(tx, seriesId, revision, now)
  })
  return seriesOf(db, groupId, seriesId, now)
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
