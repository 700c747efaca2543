import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { isOccurrence } from '../../../domain/groups/series.rules'
import {
  OCCURRENCE_ALREADY_POSTED,
  OCCURRENCE_NOT_IN_SERIES,
  SERIES_ENDED,
} from '../../../domain/groups/series.schema'
import type { Db, Tx } from '../../db/client'
import { groupSeriesOccurrences } from '../../db/schema'
import type { Viewer } from './groups.access'
import { scheduleSeriesMaking } from './groups.series.jobs'
import { lockForOrganiser, lockSeries } from './groups.series.locks'
import { seriesOf } from './groups.series.view'

// One coming date of a series: an organiser skips it, or puts a skipped one back
// (docs/decisions/0169-recurring-series.md).

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
