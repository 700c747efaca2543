import { subDays } from 'date-fns'
import { and, asc, desc, eq, gte, lte, ne, type SQL, sql } from 'drizzle-orm'
import { type SelectedFields } from 'drizzle-orm/pg-core'
import type { PlayDateSummary } from '../../../domain/play-dates/play-date.schema'
import type { PlayDateStatus } from '../../../domain/play-dates/play-date.constants'
import {
  creator,
  creatorColumns,
  offeredTo,
  partner,
  partnerColumns,
  pendingRequestCount,
  playDateCardColumns,
  rangeAndSpots,
  requester,
  requesterPartner,
  statusIn,
  toTeam,
  whenAndWhere,
} from '../../db/queries'
import { playDateZoneIds } from '../../../domain/play-dates/schedule'
import { distanceFromHome, nearHome } from './play-dates.near'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { DbOrTx } from '../../db/client'
import { type PlayerSummaryRow } from '../../db/player-summary'
import { groups, playDateReports, playDateRequests, playDates, profiles } from '../../db/schema'
import { ANSWER_DAYS, REPORT_WINDOW_DAYS, type ResultMove } from '../../../domain/play-dates/results.rules'

// The player a PlayDate service acts for.
export type Actor = Pick<SessionUser, 'id' | 'firstName' | 'lastName' | 'isAdmin'>

export const baseSelect = {
  ...playDateCardColumns,
  // Where the venue is: the card's distance from the player's home.
  latitude: playDates.latitude,
  longitude: playDates.longitude,
  creatorId: playDates.creatorId,
  partnerId: playDates.partnerId,
  cancelledBy: playDates.cancelledBy,
  createdAt: playDates.createdAt,
  updatedAt: playDates.updatedAt,
  creator: creatorColumns,
  partner: partnerColumns,
  requestCount: pendingRequestCount,
  // A group's game: its group's name, read for the few PlayDates that have one.
  groupId: playDates.groupId,
  groupName: sql<
    string | null
  >`(select ${groups.name} from ${groups} where ${groups.id} = ${playDates.groupId})`,
  openToAllAt: playDates.openToAllAt,
}

type BaseRow = Awaited<ReturnType<typeof selectPlayDates>>[number]

// The PlayDates with their creator team; a list adds its own columns to the summary's.
export function selectPlayDates<Extra extends SelectedFields>(db: DbOrTx, extra: Extra = {} as Extra) {
  return db
    .select({ ...baseSelect, ...extra })
    .from(playDates)
    .innerJoin(creator, eq(creator.id, playDates.creatorId))
    .leftJoin(partner, eq(partner.id, playDates.partnerId))
}

// selectPlayDates with, once matched, the accepted application (one at most: the unique index
// play_date_requests_one_accepted_key) and its team: `extra` may read them.
export function selectPlayDatesWithAccepted<Extra extends SelectedFields>(db: DbOrTx, extra: Extra) {
  return selectPlayDates(db, extra)
    .leftJoin(
      playDateRequests,
      and(eq(playDateRequests.playDateId, playDates.id), sql`${playDateRequests.status} = 'accepted'`),
    )
    .leftJoin(requester, eq(requester.id, playDateRequests.requesterId))
    .leftJoin(requesterPartner, eq(requesterPartner.id, playDateRequests.requesterPartnerId))
}

export function toSummary(row: BaseRow): PlayDateSummary {
  return {
    id: row.id,
    type: row.type,
    doublesType: row.doublesType,
    status: row.status,
    state: row.state,
    regions: row.regions,
    paymentPerHourMin: row.paymentPerHourMin,
    paymentPerHourMax: row.paymentPerHourMax,
    description: row.description,
    ...whenAndWhere(row),
    ...rangeAndSpots(row),
    // The creator posted; their partner joined alone when the creator posted "Partner wanted" or
    // took a player alone in the place of a partner who dropped out.
    creatorTeam: toTeam(row.creator, row.partner, { captain: false, partner: row.postedAlone }),
    group:
      row.groupId && row.groupName
        ? { id: row.groupId, name: row.groupName, openToAllAt: row.openToAllAt?.toISOString() ?? null }
        : null,
    requestCount: Number(row.requestCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export const userParam = sql.placeholder('userId')

// The PlayDates a player is on: as creator or partner, or on the accepted responding team. Each
// side is one index lookup; together they are a handful of ids however many PlayDates exist.
const playDatesOfUser = sql`${playDates.id} in (
  select ${playDates.id} from ${playDates} where ${playDates.creatorId} = ${userParam}
  union all
  select ${playDates.id} from ${playDates} where ${playDates.partnerId} = ${userParam}
  union all
  select ${playDateRequests.playDateId} from ${playDateRequests}
  where ${playDateRequests.status} = 'accepted'
    and (${playDateRequests.requesterId} = ${userParam} or ${playDateRequests.requesterPartnerId} = ${userParam})
)`

// How a list is filtered. Each tab, and on Available each combination of filters, is one
// prepared query shape: the filters' values are sent as parameters, their presence is the shape.
export type RatingBounds = 'min' | 'max' | 'min_max'
export interface AvailableShape {
  bounds: RatingBounds | null
  // Read the rating range from the rating index and sort (rating-plan.ts), or walk in order.
  byRating: boolean
  // A date window: the same local days in each PlayDate's own zone.
  when: boolean
  state: boolean
  region: boolean
  // "Games I can join alone": the range takes the player's own rating.
  alone: boolean
  // Within a distance of the player's home (docs/decisions/0158).
  near: boolean
  // Nearest first instead of soonest first.
  nearest: boolean
}
export type ListShape = 'mine' | 'history' | AvailableShape

export const shapeName = (shape: ListShape) =>
  typeof shape === 'string'
    ? shape
    : [
        'available',
        shape.bounds ?? 'any',
        shape.byRating ? 'by_rating' : null,
        shape.when ? 'when' : null,
        shape.state ? 'state' : null,
        shape.region ? 'region' : null,
        shape.alone ? 'alone' : null,
        shape.near ? 'near' : null,
        shape.nearest ? 'nearest' : null,
      ]
        .filter(Boolean)
        .join('_')

// The zones in the order the window's placeholders (`from0`/`to0` …) follow.
export const WINDOW_ZONES = playDateZoneIds

// Played within the window's local days: midnight to midnight by the PlayDate's own clock. The
// outer bounds (the earliest zone's start to the latest zone's end) are a range of the index.
const inWindow = sql`${playDates.startsAt} >= ${sql.placeholder('windowFrom')}
  and ${playDates.startsAt} < ${sql.placeholder('windowTo')}
  and (${sql.join(
    WINDOW_ZONES.map(
      (zone, i) =>
        sql`(${playDates.timeZone} = ${sql.raw(`'${zone}'`)} and ${playDates.startsAt} >= ${sql.placeholder(`from${i}`)} and ${playDates.startsAt} < ${sql.placeholder(`to${i}`)})`,
    ),
    sql` or `,
  )})`

// A matched game whose week to report passed with no report from either team (docs/decisions/0217):
// nothing can happen to its result any more (no report, so nothing to confirm, dispute or decide),
// so it is finished: History's, not My PlayDates'. Read by the app's clock as the result's move
// is (resultMoveColumn's 'closed'), so nothing has to run for a game to move; one lookup in the
// reports' index, for the player's matched games that have started only. A game with no time
// ("Time to be agreed") can be reported at any time: never this (and never null, which `not`
// would keep null and so drop from My PlayDates).
const unreportedGame = sql`(${playDates.status} = 'matched' and coalesce(${playDates.startsAt} < ${sql.placeholder('reportFrom')}, false)
  and not exists (select 1 from ${playDateReports} r where r.play_date_id = ${playDates.id}))`

// An open PlayDate whose start has passed: nobody can join it any more, and the expiry job (its
// turn comes within seconds) marks it expired. By the app's clock it is History's from its start
// (docs/decisions/0222), as it has left Available then, so a list read at that moment has it
// where it will stay. A PlayDate with no time never expires.
const startedOpen = sql`(${playDates.status} = 'open' and coalesce(${playDates.startsAt} <= ${sql.placeholder('now')}, false))`

export function listConditions(shape: ListShape) {
  if (shape === 'mine')
    return and(
      statusIn('open', 'matched'),
      sql`not ${unreportedGame}`,
      sql`not ${startedOpen}`,
      playDatesOfUser,
    )
  // History: finished PlayDates of both teams (the spec names the creator team; the responding
  // team played it too), the games whose result was never reported, and the open ones whose start
  // has passed.
  if (shape === 'history')
    return and(
      sql`(${statusIn('completed', 'cancelled', 'expired')} or ${unreportedGame} or ${startedOpen})`,
      playDatesOfUser,
    )
  const conditions = [
    statusIn('open'),
    // A PlayDate whose start has passed is no longer there to join (the expiry job marks it
    // expired soon after; until then it is left out here). The app's clock says when now is.
    sql`(${playDates.startsAt} is null or ${playDates.startsAt} > ${sql.placeholder('now')})`,
    ne(playDates.creatorId, userParam),
    sql`${playDates.partnerId} is distinct from ${userParam}`,
    offeredTo(userParam, sql.placeholder('now')),
  ]
  if (shape.when) conditions.push(inWindow)
  if (shape.state) conditions.push(sql`${playDates.state} = ${sql.placeholder('state')}`)
  if (shape.region) conditions.push(sql`${playDates.regions} @> array[${sql.placeholder('region')}]::text[]`)
  if (shape.near) conditions.push(nearHome)
  if (shape.alone) {
    conditions.push(
      sql`(${playDates.minDupr} is null or ${sql.placeholder('myRating')}::numeric between ${playDates.minDupr} and ${playDates.maxDupr})`,
      // Not a game the player already applied to or holds a spot in (one lookup per PlayDate in
      // its applications index).
      sql`not exists (select 1 from ${playDateRequests} mine where mine.play_date_id = ${playDates.id}
        and mine.status in ('pending', 'accepted', 'joined', 'waitlisted')
        and (mine.requester_id = ${userParam} or mine.requester_partner_id = ${userParam}))`,
    )
  }
  // The rating filter applies to the creator team's average DUPR (kept on the PlayDate). Read by
  // rating, the bounds use the open PlayDates' rating index; walked in order, they are written as
  // `team_dupr + 0`, which no index serves, so the generic plan cannot trade the walk for a sort
  // of every match (rating-plan.ts).
  const rating: SQL = shape.byRating ? sql`${playDates.teamDupr}` : sql`${playDates.teamDupr} + 0`
  if (shape.bounds === 'min' || shape.bounds === 'min_max')
    conditions.push(gte(rating, sql.placeholder('minRating')))
  if (shape.bounds === 'max' || shape.bounds === 'min_max')
    conditions.push(lte(rating, sql.placeholder('maxRating')))
  return and(...conditions)
}

const newestFirst = [desc(playDates.createdAt), desc(playDates.id)] as const
// Available: soonest first, PlayDates with no time last (the open start index's own order).
const soonestFirst = [sql`${playDates.startsAt} asc nulls last`, asc(playDates.id)] as const

// A player's summary as JSON, the fields named as PlayerSummaryRow names them.
const playerJson = (alias: string) =>
  sql.raw(
    `json_build_object('id', ${alias}.id, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name, 'gender', ${alias}.gender, 'duprRating', ${alias}.dupr_rating, 'selfRating', ${alias}.self_rating, 'photoVersion', ${alias}.photo_version)`,
  )

// The accepted responding team of a matched or finished PlayDate, for the cards of the player's
// own lists (My PlayDates, History): one lookup through the PlayDate's accepted application.
// Null while open, and on a PlayDate that ended before any application was accepted.
export type RespondingTeamRow = { captain: PlayerSummaryRow; partner: PlayerSummaryRow | null }
export const respondingTeamColumn = sql<RespondingTeamRow | null>`(select json_build_object('captain', ${playerJson('rq')}, 'partner', case when rp.id is null then null else ${playerJson('rp')} end)
  from ${playDateRequests} r
  join ${profiles} rq on rq.id = r.requester_id
  left join ${profiles} rp on rp.id = r.requester_partner_id
  where r.play_date_id = ${playDates.id} and r.status = 'accepted'
  limit 1)`

// The settled result of a game, for the cards of the player's own lists (outcomeOfRow).
export const resultColumns = {
  resultOutcome: playDates.resultOutcome,
  resultAbsentTeam: playDates.resultAbsentTeam,
  resultPointsTo: playDates.resultPointsTo,
  resultGames: playDates.resultGames,
}

// Whose move it is on the viewer's own matched game once it has started by the app's clock, for
// My PlayDates' cards (docs/decisions/0213), with the rules of the PlayDate page's result section
// (resultView): read from the game's row and, once a team has reported, its one report (a lookup
// in the reports' index; two reports are a dispute or a settled game). A report whose week to
// answer has passed is about to stand: null, as before the start. A game with no report whose week
// to report has passed is on History (unreportedGame), whose cards read it as 'closed'.
const viewerSide = sql`case when ${playDates.creatorId} = ${userParam} or ${playDates.partnerId} = ${userParam} then 'creator' else 'responding' end`
const resultMoveColumn = sql<ResultMove | null>`case when ${playDates.status} = 'matched' and ${playDates.startsAt} <= ${sql.placeholder('now')} then
  case when ${playDates.disputedAt} is not null then 'disputed'
    when ${playDates.resultConfirmedAt} is not null then 'confirming'
    else nullif(coalesce(
      (select case when r.team = ${viewerSide} then 'waiting'
          when r.created_at > ${sql.placeholder('answerFrom')} then 'confirm' else 'stands' end
        from ${playDateReports} r where r.play_date_id = ${playDates.id} order by r.created_at limit 1),
      'report'
    ), 'stands') end
end`

// The times the moves and the two tabs are read against: a report is answered within ANSWER_DAYS,
// a game reported within REPORT_WINDOW_DAYS of its start.
export const resultMoveValues = (now: Date) => ({
  now,
  answerFrom: subDays(now, ANSWER_DAYS),
  reportFrom: subDays(now, REPORT_WINDOW_DAYS),
})

// The columns My PlayDates and History add to a summary's, as their rows carry them.
export type OwnListColumns = {
  [K in keyof typeof resultColumns]: (typeof resultColumns)[K]['_']['data'] | null
} & { resultMove: ResultMove | null }

function tabQueries(shape: 'mine' | 'history') {
  const where = listConditions(shape)
  const count = (db: DbOrTx) =>
    db.select({ total: sql<number>`count(*)::int` }).from(
      db
        .select({ id: playDates.id })
        .from(playDates)
        .where(where)
        .orderBy(...newestFirst)
        .limit(sql.placeholder('countLimit'))
        .as('matches'),
    )
  return {
    // The page carries its tab's total on every row (a subquery PostgreSQL runs once): one round
    // trip instead of two.
    page: (db: DbOrTx) =>
      selectPlayDates(db, {
        total: sql<number>`(${count(db)})`.mapWith(Number),
        respondingTeam: respondingTeamColumn,
        ...resultColumns,
        // On History, an open PlayDate whose start has passed is the expired one it is about to be.
        ...(shape === 'history'
          ? {
              status: sql<PlayDateStatus>`case when ${startedOpen} then 'expired' else ${playDates.status} end`,
            }
          : {}),
        // History's games are finished: there is no move to read, except that a matched one there
        // is a game whose result was never reported.
        resultMove:
          shape === 'mine'
            ? resultMoveColumn
            : sql<ResultMove | null>`case when ${playDates.status} = 'matched' then 'closed' end`,
      })
        .where(where)
        .orderBy(...newestFirst)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    // A page past the end has no row to carry the total.
    count,
  }
}

function availableQueries(shape: AvailableShape) {
  const where = listConditions(shape)
  // Nearest first: by distance (places without coordinates last), then soonest. Soonest first
  // carries no distance (a null the orders below pass over).
  const distance = shape.nearest ? distanceFromHome : sql<number | null>`null::float8`
  const inOrder = shape.nearest ? [sql`${distanceFromHome} asc nulls last`, ...soonestFirst] : soonestFirst
  // The matches in list order, up to the count's cap: the count walks the same index as the page
  // and stops there.
  const matchesInOrder = (db: DbOrTx) =>
    db
      .select({ id: playDates.id, startsAt: playDates.startsAt, distance: distance.as('distance') })
      .from(playDates)
      .where(where)
      .orderBy(...inOrder)
      .limit(sql.placeholder('countLimit'))
  const count = (db: DbOrTx) =>
    db.select({ total: sql<number>`count(*)::int` }).from(matchesInOrder(db).as('matches'))
  // The matches are read once: the page is a slice of them and the total is their number. Only
  // the page's PlayDates are then joined with their players.
  const page = (db: DbOrTx) => {
    const found = db.$with('matches').as(matchesInOrder(db))
    const slice = db
      .select({ id: found.id, startsAt: found.startsAt, distance: found.distance })
      .from(found)
      .orderBy(sql`${found.distance} asc nulls last`, sql`${found.startsAt} asc nulls last`, asc(found.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page')
    return db
      .with(found)
      .select({
        ...baseSelect,
        total: sql<number>`(select count(*)::int from ${found})`.mapWith(Number),
      })
      .from(slice)
      .innerJoin(playDates, eq(playDates.id, slice.id))
      .innerJoin(creator, eq(creator.id, playDates.creatorId))
      .leftJoin(partner, eq(partner.id, playDates.partnerId))
      .orderBy(sql`${slice.distance} asc nulls last`, sql`${slice.startsAt} asc nulls last`, asc(slice.id))
  }
  return { page, count }
}

type ListQueries = ReturnType<typeof tabQueries> | ReturnType<typeof availableQueries>
const queriesByName = new Map<string, ListQueries>()

// A shape's queries, built once (at most 2 tabs and 128 Available shapes).
export function listQueriesOf(shape: ListShape): ListQueries {
  const name = shapeName(shape)
  let queries = queriesByName.get(name)
  if (!queries) {
    queries = typeof shape === 'string' ? tabQueries(shape) : availableQueries(shape)
    queriesByName.set(name, queries)
  }
  return queries
}
