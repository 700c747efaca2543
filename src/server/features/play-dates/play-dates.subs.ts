import { subDays } from 'date-fns'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { RATING_MAX, RATING_MIN } from '../../../domain/play-dates/spots'
import { SUB_NO_SHOW_DAYS, WAVE_MAX } from '../../../domain/play-dates/offers'
import { type DbOrTx, rowsOf } from '../../db/client'
import { statementOf } from '../../db/prepared'
import { connections, groupMembers, playDateRequests, playDates, profiles } from '../../db/schema'

// Who a sub search asks (docs/decisions/0138-offer-timings-and-waves.md): wave 1, friends of the
// players left in the game whose rating is in the game's range; wave 2, players who switched on
// "Available as a sub" whose home area is the game's, whose rating is in range and who had no
// no-show in the last 90 days. Both leave out the game's players and those already asked. A
// player's rating is their DUPR, else their self rating, as a range counts a player joining alone.

const p = sql.placeholder
const rating = sql`coalesce(${profiles.duprRating}, ${profiles.selfRating})`

// Wave 1: each player's friends through the connections' requester and receiver indexes.
function friendsStatement() {
  return sql`
    select ${profiles.id} as id from (
      select ${connections.receiverId} as id from ${connections}
        where ${connections.requesterId} = any(${p('players')}::uuid[])
          and ${connections.type} = 'friend' and ${connections.status} = 'accepted'
      union
      select ${connections.requesterId} from ${connections}
        where ${connections.receiverId} = any(${p('players')}::uuid[])
          and ${connections.type} = 'friend' and ${connections.status} = 'accepted'
    ) f join ${profiles} on ${profiles.id} = f.id
    where not ${profiles.isPaused} and ${profiles.id} <> all(${p('exclude')}::uuid[])
      and ${rating} between ${p('min')}::numeric and ${p('max')}::numeric
    limit ${WAVE_MAX}`
}

// A no-show of the player's team in a game since `since`, on either side: each side found
// through its own index (a player's few games), as the reliability record counts them.
const noShowSince = (player: ReturnType<typeof sql>, since: ReturnType<typeof sql>) => sql`(
  exists (select 1 from ${playDates} d where d.creator_id = ${player}
    and d.result_outcome = 'no_show' and d.result_absent_team = 'creator' and d.starts_at >= ${since})
  or exists (select 1 from ${playDates} d where d.partner_id = ${player}
    and d.result_outcome = 'no_show' and d.result_absent_team = 'creator' and d.starts_at >= ${since})
  or exists (select 1 from ${playDateRequests} r join ${playDates} d on d.id = r.play_date_id
    where r.requester_id = ${player} and r.status = 'accepted'
      and d.result_outcome = 'no_show' and d.result_absent_team = 'responding' and d.starts_at >= ${since})
  or exists (select 1 from ${playDateRequests} r join ${playDates} d on d.id = r.play_date_id
    where r.requester_partner_id = ${player} and r.status = 'accepted'
      and d.result_outcome = 'no_show' and d.result_absent_team = 'responding' and d.starts_at >= ${since})
)`

// Wave 2: a range of the sub candidates' index (home state, region, rating), written with the
// index's own expression and condition.
function availableSubsStatement() {
  return sql`
    select ${profiles.id} as id from ${profiles}
    where ${profiles.availableAsSub} and not ${profiles.isPaused}
      and ${profiles.homeState} = ${p('state')}
      and ${profiles.homeRegion} = any(${p('regions')}::text[])
      and ${rating} between ${p('min')}::numeric and ${p('max')}::numeric
      and ${profiles.id} <> all(${p('exclude')}::uuid[])
      and not ${noShowSince(sql`${profiles.id}`, sql`${p('since')}::timestamptz`)}
    limit ${WAVE_MAX}`
}

const buildFriends = (db: DbOrTx) => statementOf(db, friendsStatement())
const buildSubs = (db: DbOrTx) => statementOf(db, availableSubsStatement())

export interface SubSearchGame {
  state: string
  regions: string[]
  minDupr: number | string | null
  maxDupr: number | string | null
  // A group's game not yet open to everyone asks the group's members only (docs/decisions/0168).
  groupId?: string | null
  openToAllAt?: Date | null
}

// The candidates a group's game may ask at `now`: all of them once it is open to everyone, else
// the group's members among them.
async function offeredAmong(db: DbOrTx, game: SubSearchGame, ids: string[], now: Date) {
  const open = !game.groupId || (game.openToAllAt && game.openToAllAt.getTime() <= now.getTime())
  if (open || ids.length === 0) return ids
  const members = await db
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, game.groupId!), inArray(groupMembers.userId, ids)))
  const kept = new Set(members.map((m) => m.id))
  return ids.filter((id) => kept.has(id))
}

const rangeOf = (game: SubSearchGame) =>
  game.minDupr === null || game.maxDupr === null
    ? { min: RATING_MIN, max: RATING_MAX }
    : { min: Number(game.minDupr), max: Number(game.maxDupr) }

// The players a wave asks (at most WAVE_MAX), by id.
export async function subCandidates(
  db: DbOrTx,
  wave: number,
  game: SubSearchGame,
  players: readonly string[],
  exclude: readonly string[],
  now: Date,
): Promise<string[]> {
  const { min, max } = rangeOf(game)
  const rows =
    wave === 1
      ? await db.prepared('sub_candidates_friends', buildFriends).execute({
          players,
          exclude,
          min,
          max,
        })
      : await db.prepared('sub_candidates_available', buildSubs).execute({
          state: game.state,
          regions: game.regions,
          min,
          max,
          exclude,
          since: subDays(now, SUB_NO_SHOW_DAYS).toISOString(),
        })
  return offeredAmong(
    db,
    game,
    rowsOf<{ id: string }>(rows).map((r) => r.id),
    now,
  )
}

// The statement of wave 2 as EXPLAIN reads it (the bench): its text and its values in order.
export const availableSubsSql = availableSubsStatement
