import { addDays } from 'date-fns'
import { millisecondsInDay } from 'date-fns/constants'
import { and, asc, eq, gte, lt, ne, sql } from 'drizzle-orm'
import { firstDateOf, occurrencesBetween } from '../../../domain/groups/series.rules'
import { SERIES_DAYS_AHEAD } from '../../../domain/groups/series.schema'
import {
  formatStart,
  START_MIN_AHEAD_MINUTES,
  wallClock,
  zonedDayOf,
  zonedInstant,
} from '../../../domain/play-dates/schedule'
import type { DbOrTx, Tx } from '../../db/client'
import {
  groupMembers,
  groups,
  groupSeries,
  groupSeriesOccurrences,
  playDates,
  profiles,
  venues,
} from '../../db/schema'
import { enqueueJob, type JobHandlers } from '../../lib/jobs'
import { createNotifications } from '../notifications'
import { postSeriesGame } from '../play-dates'

// The series' jobs (docs/decisions/0169-recurring-series.md), on the jobs table: each runs once
// across instances (lib/jobs.ts).
// - Making: each occurrence becomes a PlayDate 14 days before it starts. A turn makes every
//   occurrence inside the window not made or skipped yet, then plans the next turn for when the
//   next occurrence enters it. The series' row lock and the occurrences' primary key make each
//   occurrence once, whichever turns race (a change's turn and the planned one).
// - The weekly summary: Monday 8:00 AM on the venue's clock, one notice to each member with the
//   week's games, keyed by the week.

export const SERIES_MAKE_JOB = 'group-series-make'
export const SERIES_SUMMARY_JOB = 'group-series-summary'
export const OPENS_TO_ALL_AFTER_MS = millisecondsInDay
const SUMMARY_WEEKDAY = 'MO'
const SUMMARY_TIME = '08:00'

// A turn now: `tag` tells this turn from the others (the series' revision after a change).
export const scheduleSeriesMaking = (db: DbOrTx, seriesId: string, tag: string | number, now: Date) =>
  enqueueJob(db, {
    kind: SERIES_MAKE_JOB,
    key: `${SERIES_MAKE_JOB}:${seriesId}:${tag}`,
    runAt: now,
    payload: { seriesId },
  })

// The summary's next Monday 8:00 AM on the venue's clock after `after`.
export function nextSummaryAt(timeZone: string, after: Date): { at: Date; week: string } {
  let date = firstDateOf(SUMMARY_WEEKDAY, after, timeZone)
  let at = zonedInstant(date, SUMMARY_TIME, timeZone)!
  if (at <= after) {
    date = wallClock(addDays(at, 7), timeZone).date
    at = zonedInstant(date, SUMMARY_TIME, timeZone)!
  }
  return { at, week: date }
}

export async function scheduleSeriesSummary(db: DbOrTx, seriesId: string, timeZone: string, after: Date) {
  const { at, week } = nextSummaryAt(timeZone, after)
  await enqueueJob(db, {
    kind: SERIES_SUMMARY_JOB,
    key: `${SERIES_SUMMARY_JOB}:${seriesId}:${week}`,
    runAt: at,
    payload: { seriesId },
  })
}

async function lockRunningSeries(tx: Tx, seriesId: string) {
  const [series] = await tx
    .select({
      id: groupSeries.id,
      groupId: groupSeries.groupId,
      groupName: groups.name,
      hostId: groupSeries.hostId,
      rule: groupSeries.rule,
      timeZone: groupSeries.timeZone,
      durationMinutes: groupSeries.durationMinutes,
      amount: groupSeries.amount,
      description: groupSeries.description,
      opensToAll: groupSeries.opensToAll,
      venue: {
        id: venues.id,
        name: venues.name,
        state: venues.state,
        region: venues.region,
        latitude: venues.latitude,
        longitude: venues.longitude,
      },
    })
    .from(groupSeries)
    .innerJoin(groups, eq(groups.id, groupSeries.groupId))
    .innerJoin(venues, eq(venues.id, groupSeries.venueId))
    .where(
      and(eq(groupSeries.id, seriesId), sql`${groupSeries.endedAt} is null`, sql`${groups.closedAt} is null`),
    )
    .for('update', { of: groupSeries })
  return series
}

// The host while they organise the group; otherwise the owner hosts from now on.
async function hostOf(tx: Tx, series: { id: string; groupId: string; hostId: string }) {
  const organisers = await tx
    .select({ userId: groupMembers.userId, role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, series.groupId), ne(groupMembers.role, 'member')))
  if (organisers.some((o) => o.userId === series.hostId)) return series.hostId
  const owner = organisers.find((o) => o.role === 'owner')!.userId
  await tx.update(groupSeries).set({ hostId: owner }).where(eq(groupSeries.id, series.id))
  return owner
}

// A game of the series already on that day of the venue's calendar (one kept from before a change
// of time): no second game that day.
async function hasGameThatDay(tx: Tx, seriesId: string, startsAt: Date, timeZone: string) {
  const day = zonedDayOf(startsAt, timeZone)
  const [game] = await tx
    .select({ id: playDates.id })
    .from(groupSeriesOccurrences)
    .innerJoin(playDates, eq(playDates.id, groupSeriesOccurrences.playDateId))
    .where(
      and(
        eq(groupSeriesOccurrences.seriesId, seriesId),
        gte(groupSeriesOccurrences.startsAt, day.start),
        lt(groupSeriesOccurrences.startsAt, day.end),
        ne(playDates.status, 'cancelled'),
      ),
    )
    .limit(1)
  return Boolean(game)
}

export async function makeSeriesGames(tx: Tx, seriesId: string, now: Date) {
  const series = await lockRunningSeries(tx, seriesId)
  if (!series) return
  const hostId = await hostOf(tx, series)
  // The window's end is in it: the game starting exactly 14 days from now is made now.
  const windowEnd = new Date(addDays(now, SERIES_DAYS_AHEAD).getTime() + 1)
  const from = new Date(now.getTime() + START_MIN_AHEAD_MINUTES * 60_000)
  for (const startsAt of occurrencesBetween(series.rule, from, windowEnd)) {
    if (await hasGameThatDay(tx, seriesId, startsAt, series.timeZone)) continue
    const [claimed] = await tx
      .insert(groupSeriesOccurrences)
      .values({ seriesId, startsAt })
      .onConflictDoNothing()
      .returning({ startsAt: groupSeriesOccurrences.startsAt })
    // Made or skipped before.
    if (!claimed) continue
    const playDateId = await postSeriesGame(tx, {
      hostId,
      groupId: series.groupId,
      venue: series.venue,
      startsAt,
      timeZone: series.timeZone,
      durationMinutes: series.durationMinutes,
      amount: series.amount,
      description: series.description,
      openToAllAt: series.opensToAll ? new Date(now.getTime() + OPENS_TO_ALL_AFTER_MS) : null,
    })
    await tx
      .update(groupSeriesOccurrences)
      .set({ playDateId })
      .where(
        and(eq(groupSeriesOccurrences.seriesId, seriesId), eq(groupSeriesOccurrences.startsAt, startsAt)),
      )
  }
  const [next] = occurrencesBetween(series.rule, windowEnd, addDays(windowEnd, 366))
  if (next) {
    await enqueueJob(tx, {
      kind: SERIES_MAKE_JOB,
      key: `${SERIES_MAKE_JOB}:${seriesId}:${next.toISOString()}`,
      runAt: addDays(next, -SERIES_DAYS_AHEAD),
      payload: { seriesId },
    })
  }
}

// The week's games of the series, in one notice to each member an admin has not paused; none in a
// week with none. The next
// week's summary is planned in the same transaction, so each week has one.
export async function summariseSeriesWeek(tx: Tx, seriesId: string, now: Date) {
  const series = await lockRunningSeries(tx, seriesId)
  if (!series) return
  const weekEnd = addDays(now, 7)
  const games = await tx
    .select({ id: playDates.id, startsAt: groupSeriesOccurrences.startsAt, status: playDates.status })
    .from(groupSeriesOccurrences)
    .innerJoin(playDates, eq(playDates.id, groupSeriesOccurrences.playDateId))
    .where(
      and(
        eq(groupSeriesOccurrences.seriesId, seriesId),
        gte(groupSeriesOccurrences.startsAt, now),
        lt(groupSeriesOccurrences.startsAt, weekEnd),
        sql`${playDates.status} in ('open', 'matched')`,
      ),
    )
    .orderBy(asc(groupSeriesOccurrences.startsAt))
  await scheduleSeriesSummary(tx, seriesId, series.timeZone, now)
  if (games.length === 0) return
  const members = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .innerJoin(profiles, eq(profiles.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, series.groupId), eq(profiles.isPaused, false)))
  const when = games
    .map((g) => `${formatStart(g.startsAt, series.timeZone)}${g.status === 'matched' ? ' (full)' : ''}`)
    .join('; ')
  await createNotifications(
    tx,
    members.map(({ userId }) => ({
      userId,
      type: 'other' as const,
      title: `This week with ${series.groupName}`,
      message: `${when} at ${series.venue.name}.`,
      link: `/groups/${series.groupId}`,
      kind: 'group_games' as const,
    })),
  )
}

export const seriesJobs = (): JobHandlers => ({
  [SERIES_MAKE_JOB]: ({ tx, job, now }) =>
    makeSeriesGames(tx, (job.payload as { seriesId: string }).seriesId, now),
  [SERIES_SUMMARY_JOB]: ({ tx, job, now }) =>
    summariseSeriesWeek(tx, (job.payload as { seriesId: string }).seriesId, now),
})
