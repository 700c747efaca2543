import { and, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type {
  PlayDateStatus,
  PlayDateSummary,
  TeamSummary,
} from '../../../domain/play-dates/play-date.schema'
import { teamAverage } from '../../../domain/play-dates/play-date.rules'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { DbOrTx, Tx } from '../../db/client'
import { type PlayerSummaryRow, summaryColumnsOf, toPlayer } from '../../db/player-summary'
import { playDateRequests, playDates, profiles, venues } from '../../db/schema'

export const creator = alias(profiles, 'creator')
export const partner = alias(profiles, 'partner')
export const requester = alias(profiles, 'requester')
export const requesterPartner = alias(profiles, 'requester_partner')
export const canceller = alias(profiles, 'canceller')

export const creatorColumns = summaryColumnsOf(creator)
export const partnerColumns = summaryColumnsOf(partner)
export const requesterColumns = summaryColumnsOf(requester)
export const requesterPartnerColumns = summaryColumnsOf(requesterPartner)
export const cancellerColumns = summaryColumnsOf(canceller)

export function toTeam(captain: PlayerSummaryRow, mate: PlayerSummaryRow | null | undefined): TeamSummary {
  const a = toPlayer(captain)
  const b = mate?.id ? toPlayer(mate) : null
  return {
    captain: a,
    partner: b,
    averageDupr: teamAverage(a.duprRating, b?.duprRating),
    averageSelf: teamAverage(a.selfRating, b?.selfRating),
  }
}

// Statuses written into the SQL, not sent as values: a prepared statement's generic plan then
// still reads the (status, created_at, id) index by status, instead of walking every PlayDate
// newest first and filtering on a status it cannot see (docs/decisions/0044-generic-plans.md).
export const statusIn = (...statuses: PlayDateStatus[]) =>
  sql`${playDates.status} in (${sql.raw(statuses.map((status) => `'${status}'`).join(', '))})`

// Pending applications waiting for the creator team.
export const pendingRequestCount = sql<number>`(
  select count(*)::int from ${playDateRequests}
  where ${playDateRequests.playDateId} = ${playDates.id} and ${playDateRequests.status} = 'pending'
)`.as('request_count')

// The player a PlayDate service acts for.
export type Actor = Pick<SessionUser, 'id' | 'firstName' | 'lastName' | 'isAdmin'>

// What a PlayDate card shows of the PlayDate itself, in the PlayDate pages and the admin's list.
export const playDateCardColumns = {
  id: playDates.id,
  type: playDates.type,
  doublesType: playDates.doublesType,
  status: playDates.status,
  state: playDates.state,
  regions: playDates.regions,
  paymentPerHourMin: playDates.paymentPerHourMin,
  paymentPerHourMax: playDates.paymentPerHourMax,
  description: playDates.description,
  startsAt: playDates.startsAt,
  timeZone: playDates.timeZone,
  durationMinutes: playDates.durationMinutes,
  place: playDates.place,
  // The venue as the card shows it: one lookup by primary key, as JSON, so no list query needs
  // another join.
  venue: sql<
    PlayDateSummary['venue']
  >`(select json_build_object('id', v.id, 'name', v.name, 'address', v.address, 'city', v.city, 'state', v.state) from ${venues} v where v.id = ${playDates.venueId})`,
}

type CardRow = {
  startsAt: Date | null
  timeZone: string | null
  durationMinutes: number | null
  place: string | null
  venue: PlayDateSummary['venue']
}

// When and where, as the summary gives them.
export const whenAndWhere = (row: CardRow) => ({
  startsAt: row.startsAt?.toISOString() ?? null,
  timeZone: row.timeZone,
  durationMinutes: row.durationMinutes,
  venue: row.venue,
  place: row.place,
})

export const baseSelect = {
  ...playDateCardColumns,
  creatorId: playDates.creatorId,
  partnerId: playDates.partnerId,
  cancelledBy: playDates.cancelledBy,
  createdAt: playDates.createdAt,
  updatedAt: playDates.updatedAt,
  creator: creatorColumns,
  partner: partnerColumns,
  requestCount: pendingRequestCount,
}

type BaseRow = Awaited<ReturnType<typeof selectPlayDates>>[number]

// The PlayDates with their creator team; a list adds its own columns to the summary's.
export function selectPlayDates<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: DbOrTx,
  extra: Extra = {} as Extra,
) {
  return db
    .select({ ...baseSelect, ...extra })
    .from(playDates)
    .innerJoin(creator, eq(creator.id, playDates.creatorId))
    .leftJoin(partner, eq(partner.id, playDates.partnerId))
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
    creatorTeam: toTeam(row.creator, row.partner),
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

// Each tab (and each combination of rating bounds on Available, with each way of reading a rating
// range) is one prepared query shape.
export type RatingBounds = 'min' | 'max' | 'min_max'
export type ListShape =
  'mine' | 'history' | 'available_any' | `available_${RatingBounds}` | `available_${RatingBounds}_by_rating`

const ratingBoundsOf = (shape: ListShape) =>
  /^available_(min_max|min|max)/.exec(shape)?.[1] as RatingBounds | undefined

function listConditions(shape: ListShape) {
  if (shape === 'mine') return and(statusIn('open', 'matched'), playDatesOfUser)
  // History: finished PlayDates of both teams (the spec names the creator team; the responding
  // team played it too).
  if (shape === 'history') return and(statusIn('completed', 'cancelled', 'expired'), playDatesOfUser)
  const conditions = [
    statusIn('open'),
    // A PlayDate whose start has passed is no longer there to join (the expiry job marks it
    // expired soon after; until then it is left out here).
    sql`(${playDates.startsAt} is null or ${playDates.startsAt} > now())`,
    ne(playDates.creatorId, userParam),
    sql`${playDates.partnerId} is distinct from ${userParam}`,
  ]
  // The rating filter applies to the creator team's average DUPR (kept on the PlayDate). Read by
  // rating, the bounds use the open PlayDates' rating index; walked newest first, they are
  // written as `team_dupr + 0`, which no index serves, so the generic plan cannot trade the walk
  // for a sort of every match (rating-plan.ts).
  const bounds = ratingBoundsOf(shape)
  const rating: SQL = shape.endsWith('_by_rating')
    ? sql`${playDates.teamDupr}`
    : sql`${playDates.teamDupr} + 0`
  if (bounds === 'min' || bounds === 'min_max') conditions.push(gte(rating, sql.placeholder('minRating')))
  if (bounds === 'max' || bounds === 'min_max') conditions.push(lte(rating, sql.placeholder('maxRating')))
  return and(...conditions)
}

const newestFirst = [desc(playDates.createdAt), desc(playDates.id)] as const

function listQueries(shape: ListShape) {
  const where = listConditions(shape)
  // The tab's matches in list order, up to the count's cap: the count walks the same index as
  // the page and stops there.
  const matchesInOrder = (db: DbOrTx) =>
    db
      .select({ id: playDates.id, createdAt: playDates.createdAt })
      .from(playDates)
      .where(where)
      .orderBy(...newestFirst)
      .limit(sql.placeholder('countLimit'))
  const count = (db: DbOrTx) =>
    db.select({ total: sql<number>`count(*)::int` }).from(matchesInOrder(db).as('matches'))
  // Available reads its matches once: the page is a slice of them and the total is their number.
  // Only the page's PlayDates are then joined with their players. (Joined first, a generic plan on
  // a smaller data set sorted every open PlayDate with its players to keep ten; counted apart, the
  // matches were read twice.)
  const matches = (db: DbOrTx) => db.$with('matches').as(matchesInOrder(db))
  const availablePage = (db: DbOrTx) => {
    const found = matches(db)
    const page = db
      .select({ id: found.id, createdAt: found.createdAt })
      .from(found)
      .orderBy(desc(found.createdAt), desc(found.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page')
    return db
      .with(found)
      .select({
        ...baseSelect,
        total: sql<number>`(select count(*)::int from ${found})`.mapWith(Number),
      })
      .from(page)
      .innerJoin(playDates, eq(playDates.id, page.id))
      .innerJoin(creator, eq(creator.id, playDates.creatorId))
      .leftJoin(partner, eq(partner.id, playDates.partnerId))
      .orderBy(desc(page.createdAt), desc(page.id))
  }
  return {
    // The page carries its tab's total on every row (a subquery PostgreSQL runs once): one round
    // trip instead of two.
    page: shape.startsWith('available')
      ? availablePage
      : (db: DbOrTx) =>
          selectPlayDates(db, { total: sql<number>`(${count(db)})`.mapWith(Number) })
            .where(where)
            .orderBy(...newestFirst)
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset')),
    // A page past the end has no row to carry the total.
    count,
  }
}

const LIST_SHAPES: ListShape[] = [
  'mine',
  'history',
  'available_any',
  'available_min',
  'available_max',
  'available_min_max',
  'available_min_by_rating',
  'available_max_by_rating',
  'available_min_max_by_rating',
]
export const listQueriesByShape = new Map(LIST_SHAPES.map((shape) => [shape, listQueries(shape)] as const))

// Row lock on the PlayDate: applications, accepts and state changes of one PlayDate queue up.
export async function lockPlayDate(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: playDates.id,
      status: playDates.status,
      creatorId: playDates.creatorId,
      partnerId: playDates.partnerId,
      startsAt: playDates.startsAt,
      durationMinutes: playDates.durationMinutes,
    })
    .from(playDates)
    .where(eq(playDates.id, id))
    .for('update')
  return row
}

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
  const end = new Date(start.getTime() + minutes * 60_000)
  const [clash] = await tx
    .select({
      id: playDates.id,
      startsAt: playDates.startsAt,
      timeZone: playDates.timeZone,
      player: sql<string>`(select ${profiles.firstName} || ' ' || ${profiles.lastName} from ${profiles} where ${profiles.id} = any(array[${playDates.creatorId}, ${playDates.partnerId}, ${accepted.requesterId}, ${accepted.requesterPartnerId}]) and ${profiles.id} in (${sql.join(
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
