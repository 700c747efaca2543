import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { earliestStartReaching, endOf } from '../../../domain/play-dates/schedule'
import type { Tx } from '../../db/client'
import { playerName } from '../../db/player-summary'
import { playDateRequests, playDates, profiles } from '../../db/schema'

// The first matched PlayDate (other than `playDateId`) that one of `players` plays in at a time
// overlapping [start, start + minutes). The players' rows are locked first, in id order, so two
// accepts that share a player run one after the other and the second sees the first's match.
export async function findClash(tx: Tx, playDateId: string, players: string[], start: Date, minutes: number) {
  const ids = [...new Set(players)].sort()
  await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(inArray(profiles.id, ids))
    .orderBy(profiles.id)
    .for('no key update')
  const accepted = alias(playDateRequests, 'accepted')
  const end = endOf(start, minutes)
  // Without this lower bound the start index was read from the first game ever played, about
  // 17,000 rows on the bench's data set (20 ms).
  const earliest = earliestStartReaching(start)
  const [clash] = await tx
    .select({
      id: playDates.id,
      startsAt: playDates.startsAt,
      timeZone: playDates.timeZone,
      player: sql<string>`(select ${playerName(profiles)} from ${profiles} where ${profiles.id} = any(array[${playDates.creatorId}, ${playDates.partnerId}, ${accepted.requesterId}, ${accepted.requesterPartnerId}]) and ${profiles.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) limit 1)`,
    })
    .from(playDates)
    .innerJoin(accepted, and(eq(accepted.playDateId, playDates.id), eq(accepted.status, 'accepted')))
    .where(
      and(
        eq(playDates.status, 'matched'),
        ne(playDates.id, playDateId),
        sql`${playDates.startsAt} > ${earliest.toISOString()}::timestamptz`,
        sql`${playDates.startsAt} < ${end.toISOString()}::timestamptz`,
        sql`${playDates.startsAt} + make_interval(mins => ${playDates.durationMinutes}) > ${start.toISOString()}::timestamptz`,
        sql`array[${playDates.creatorId}, ${playDates.partnerId}, ${accepted.requesterId}, ${accepted.requesterPartnerId}] && array[${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]`,
      ),
    )
    .orderBy(playDates.startsAt)
    .limit(1)
  return clash
}
