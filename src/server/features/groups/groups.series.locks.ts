import { and, eq } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import { ORGANISERS_ONLY } from '../../../domain/groups/group.schema'
import { GROUP_CLOSED_FOR_SERIES, SERIES_NOT_FOUND } from '../../../domain/groups/series.schema'
import type { Tx } from '../../db/client'
import { groupSeries } from '../../db/schema'
import { isOrganiser, lockGroup, notFound, roleOf, type Viewer } from './groups.access'

// Every write to a series takes the group's lock, then the series' row, as the job that makes the
// games does (docs/decisions/0169-recurring-series.md).

export const seriesNotFound = () => new AppError('not_found', SERIES_NOT_FOUND)

// The group locked, and the caller one of its organisers: only organisers run series (an admin who
// is not one reads them, as members do).
export async function lockForOrganiser(tx: Tx, viewer: Viewer, groupId: string) {
  const group = await lockGroup(tx, groupId)
  const role = await roleOf(tx, groupId, viewer.id)
  if (!role && !viewer.isAdmin) throw notFound()
  if (!isOrganiser(role)) throw new AppError('forbidden', ORGANISERS_ONLY)
  if (group.closedAt) throw new AppError('conflict', GROUP_CLOSED_FOR_SERIES)
  return group
}

// The series' row, locked: its rule and revision as a change reads them.
export async function lockSeries(tx: Tx, groupId: string, seriesId: string) {
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
