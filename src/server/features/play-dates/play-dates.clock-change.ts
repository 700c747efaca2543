import { sql } from 'drizzle-orm'
import { reportWindow } from '../../../domain/play-dates/results'
import type { Db, DbOrTx } from '../../db/client'
import { playDateReports, playDates } from '../../db/schema'
import { listConditions, resultMoveValues } from './play-dates.queries'

// The two moments My PlayDates' cards wait for by the clock alone, over all the player's games
// there (docs/decisions/0222, 0229): the soonest start still
// ahead (an open PlayDate leaves, a matched game gets its result move), and the earliest start
// of a game that has started with no report (it leaves when its week to report ends). One
// statement over the player's handful of games, read with the list's own conditions and values.
// (A select's own columns are written unqualified: the report's PlayDate is named in full.)
const mineClockQuery = (db: DbOrTx) =>
  db
    .select({
      nextStart:
        sql<Date | null>`min(${playDates.startsAt}) filter (where ${playDates.startsAt} > ${sql.placeholder('now')})`.mapWith(
          playDates.startsAt,
        ),
      unreportedStart:
        sql<Date | null>`min(${playDates.startsAt}) filter (where ${playDates.status} = 'matched'
        and ${playDates.startsAt} <= ${sql.placeholder('now')}
        and not exists (select 1 from ${playDateReports} r where r.play_date_id = play_dates.id))`.mapWith(
          playDates.startsAt,
        ),
    })
    .from(playDates)
    .where(listConditions('mine'))

// The next moment the clock alone changes one of the player's games on My PlayDates, over all of
// them (docs/decisions/0229): the soonest start ahead, or the end of the week to report the game
// that started first with no report, whichever comes first.
export async function nextClockChangeOfMine(db: Db, userId: string, now: Date) {
  const [row] = await db.prepared('play_dates_mine_clock', mineClockQuery).execute({
    userId,
    ...resultMoveValues(now),
  })
  const moments = [row?.nextStart, reportWindow(row?.unreportedStart ?? null).closesAt]
    .filter((moment): moment is Date => moment instanceof Date)
    .map((moment) => moment.getTime())
  return moments.length ? new Date(Math.min(...moments)).toISOString() : null
}
