import { sql } from 'drizzle-orm'
import { outerColumn } from '../../db/outer-column'
import type { PlayDateOverlap } from '../../../domain/play-dates/play-date.schema'
import { earliestStartReaching, endOf } from '../../../domain/play-dates/schedule'
import type { DbOrTx } from '../../db/client'
import { playDateRequests, playDates } from '../../db/schema'

// The player's open or matched PlayDates, and those they applied to, whose time overlaps
// [start, start + minutes): the wizard and the apply form warn before the player goes ahead.
// A range of the start index, then the player's part in each (a handful of rows).
export async function findOverlaps(
  db: DbOrTx,
  userId: string,
  start: Date,
  minutes: number,
  exceptId?: string,
): Promise<PlayDateOverlap[]> {
  const end = endOf(start, minutes)
  const earliest = earliestStartReaching(start)
  const rows = await db
    .select({
      id: playDates.id,
      status: playDates.status,
      startsAt: playDates.startsAt,
      timeZone: playDates.timeZone,
      durationMinutes: playDates.durationMinutes,
      applied: sql<boolean>`not (${playDates.creatorId} = ${userId} or ${playDates.partnerId} is not distinct from ${userId}::uuid or exists (
        select 1 from ${playDateRequests} r where r.play_date_id = ${outerColumn(playDates.id)} and r.status = 'accepted'
          and (r.requester_id = ${userId} or r.requester_partner_id = ${userId})))`,
    })
    .from(playDates)
    .where(
      sql`${playDates.status} in ('open', 'matched')
        and ${playDates.startsAt} >= ${earliest.toISOString()}::timestamptz
        and ${playDates.startsAt} < ${end.toISOString()}::timestamptz
        and ${playDates.startsAt} + make_interval(mins => ${playDates.durationMinutes}) > ${start.toISOString()}::timestamptz
        and ${playDates.id} is distinct from ${exceptId ?? null}::uuid
        and (${playDates.creatorId} = ${userId} or ${playDates.partnerId} = ${userId} or exists (
          select 1 from ${playDateRequests} r where r.play_date_id = ${playDates.id} and r.status in ('pending', 'accepted')
            and (r.requester_id = ${userId} or r.requester_partner_id = ${userId})))`,
    )
    .orderBy(playDates.startsAt)
    .limit(5)
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    startsAt: row.startsAt!.toISOString(),
    timeZone: row.timeZone!,
    durationMinutes: row.durationMinutes!,
    applied: row.applied,
  }))
}
