import { and, asc, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { AppError } from '../../../domain/errors'
import {
  CHAT_PAGE_SIZE,
  type ChatMessage,
  type ChatMessagesQuery,
  type ChatPage,
  type PlayDateDetail,
  type PlayDatePage,
  type PlayDateRequestView,
  type PlayDateStatus,
  type PlayDateSummary,
} from '../../../domain/play-dates/play-date.schema'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { canTransition } from '../../../domain/play-dates/play-date.rules'
import type { z } from 'zod'
import type {
  applyInput,
  createPlayDateInput,
  messageInput,
  playDateListQuery,
} from '../../../domain/play-dates/play-date.schema'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { Db, DbOrTx, Tx } from '../../db/client'
import { preparedQuery } from '../../db/prepared'
import { playDateMessages, playDateRequests, playDates, profiles } from '../../db/schema'
import { isUniqueViolation } from '../../lib/db-errors'
import { pageTotal } from '../../lib/page-total'
import { toPlayer } from '../../db/player-summary'
import { publishToUsers } from '../../lib/realtime'
import { isPlayablePartner } from '../connections'
import {
  canceller,
  cancellerColumns,
  creator,
  creatorColumns,
  partner,
  partnerColumns,
  pendingRequestCount,
  requester,
  requesterColumns,
  requesterPartner,
  requesterPartnerColumns,
  statusIn,
  toTeam,
} from './play-dates.queries'
import { AVAILABLE_PLAY_DATES_LINK, notifyPlayDate } from './play-dates.notify'
import { chooseRatingPlan, estimateMatches, openRatingCounts, type RatingPlan } from './rating-plan'

type Actor = Pick<SessionUser, 'id' | 'firstName' | 'lastName' | 'isAdmin'>

// Open pages of the PlayDate refetch it (chat, applications, status). Published through the
// transaction, so the event leaves only once the change commits.
async function announce(tx: Tx, playDateId: string, players: ReadonlyArray<string | null>) {
  const userIds = players.filter((p): p is string => Boolean(p))
  if (userIds.length > 0) await publishToUsers(tx, userIds, { type: 'playdate', topic: playDateId })
}

const baseSelect = {
  id: playDates.id,
  type: playDates.type,
  doublesType: playDates.doublesType,
  status: playDates.status,
  state: playDates.state,
  regions: playDates.regions,
  paymentPerHourMin: playDates.paymentPerHourMin,
  paymentPerHourMax: playDates.paymentPerHourMax,
  description: playDates.description,
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
function selectPlayDates<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: DbOrTx,
  extra: Extra = {} as Extra,
) {
  return db
    .select({ ...baseSelect, ...extra })
    .from(playDates)
    .innerJoin(creator, eq(creator.id, playDates.creatorId))
    .leftJoin(partner, eq(partner.id, playDates.partnerId))
}

function toSummary(row: BaseRow): PlayDateSummary {
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
    creatorTeam: toTeam(row.creator, row.partner),
    requestCount: Number(row.requestCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function createPlayDate(db: Db, user: Actor, input: z.output<typeof createPlayDateInput>) {
  if (input.partnerId === user.id) {
    throw new AppError('invalid', PLAY_DATE_MESSAGES.partnerNotFriend, {
      partnerId: PLAY_DATE_MESSAGES.partnerNotFriend,
    })
  }
  const id = await db.transaction(async (tx) => {
    if (!(await isPlayablePartner(tx, user.id, input.partnerId))) {
      throw new AppError('invalid', PLAY_DATE_MESSAGES.partnerNotFriend, {
        partnerId: PLAY_DATE_MESSAGES.partnerNotFriend,
      })
    }
    const [created] = await tx
      .insert(playDates)
      .values({
        creatorId: user.id,
        partnerId: input.partnerId,
        type: input.type,
        doublesType: 'any',
        status: 'open',
        state: input.state,
        regions: input.regions,
        paymentPerHourMin: input.amount,
        paymentPerHourMax: input.amount,
        description: input.description,
        requestKey: input.requestKey ?? null,
      })
      .onConflictDoNothing({
        target: [playDates.creatorId, playDates.requestKey],
        where: sql`${playDates.requestKey} is not null`,
      })
      .returning({ id: playDates.id })
    if (!created) {
      // The key was sent before: the PlayDate that request created, told to nobody again.
      const [earlier] = await tx
        .select({ id: playDates.id })
        .from(playDates)
        .where(and(eq(playDates.creatorId, user.id), eq(playDates.requestKey, input.requestKey!)))
      if (!earlier) throw new Error('insert returned nothing')
      return earlier.id
    }
    await notifyPlayDate(tx, 'created', {
      playDateId: created.id,
      actor: user,
      recipients: [input.partnerId],
    })
    await announce(tx, created.id, [user.id, input.partnerId])
    return created.id
  })
  return getPlayDate(db, user, id)
}

// A tab's total is counted up to this many rows past the page, never further: an exact count of
// every open PlayDate grows with the data, a page does not.
export const PLAY_DATE_COUNT_CAP = 100

const userParam = sql.placeholder('userId')

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
type RatingBounds = 'min' | 'max' | 'min_max'
type ListShape =
  'mine' | 'history' | 'available_any' | `available_${RatingBounds}` | `available_${RatingBounds}_by_rating`

const ratingBoundsOf = (shape: ListShape) =>
  /^available_(min_max|min|max)/.exec(shape)?.[1] as RatingBounds | undefined

function listConditions(shape: ListShape) {
  if (shape === 'mine') return and(statusIn('open', 'matched'), playDatesOfUser)
  // History: finished PlayDates of both teams (the spec names the creator team; the responding
  // team played it too).
  if (shape === 'history') return and(statusIn('completed', 'cancelled'), playDatesOfUser)
  const conditions = [
    statusIn('open'),
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
const listQueriesByShape = new Map(LIST_SHAPES.map((shape) => [shape, listQueries(shape)] as const))

async function listShape(
  db: Db,
  query: z.output<typeof playDateListQuery>,
  countLimit: number,
  plan: RatingPlan | undefined,
): Promise<ListShape> {
  if (query.tab === 'mine' || query.tab === 'history') return query.tab
  const { minRating: min, maxRating: max } = query
  if (min === undefined && max === undefined) return 'available_any'
  const bounds: RatingBounds =
    min !== undefined && max !== undefined ? 'min_max' : min !== undefined ? 'min' : 'max'
  let chosen = plan
  if (!chosen) {
    const counts = await openRatingCounts(db)
    chosen = chooseRatingPlan(estimateMatches(counts, min, max), counts.open, countLimit)
  }
  return chosen === 'by-rating' ? `available_${bounds}_by_rating` : `available_${bounds}`
}

// The filter compares what the cards show: the team DUPR to 2 decimals, half up (teamAverage).
// The stored average has 3 decimals and ends in 0 or 5 (the mean of two 2-decimal ratings), so
// 3.995 shows as 4.00: it is in a range from 4.0, and not in one up to 3.99.
const shownAtLeast = (min: number) => (Math.round(min * 100) * 10 - 5) / 1000
const shownAtMost = (max: number) => (Math.round(max * 100) * 10 + 4) / 1000

// `plan` picks how Available reads a rating range (the server chooses when it is not given;
// the tests give it to compare both).
export async function listPlayDates(
  db: Db,
  user: Actor,
  query: z.output<typeof playDateListQuery>,
  plan?: RatingPlan,
): Promise<PlayDatePage> {
  const offset = (query.page - 1) * query.pageSize
  const cap = offset + PLAY_DATE_COUNT_CAP
  const shape = await listShape(db, query, cap + 1, plan)
  const queries = listQueriesByShape.get(shape)!
  const values = {
    userId: user.id,
    limit: query.pageSize,
    offset,
    countLimit: cap + 1,
    ...(query.minRating !== undefined ? { minRating: shownAtLeast(query.minRating) } : {}),
    ...(query.maxRating !== undefined ? { maxRating: shownAtMost(query.maxRating) } : {}),
  }
  const rows = await preparedQuery(db, `play_dates_${shape}_page`, queries.page).execute(values)
  const total = await pageTotal(rows, offset, async () => {
    const [count] = await preparedQuery(db, `play_dates_${shape}_count`, queries.count).execute(values)
    return count?.total ?? 0
  })
  return {
    items: rows.map(toSummary),
    page: query.page,
    pageSize: query.pageSize,
    total: Math.min(total, cap),
    totalCapped: total > cap,
  }
}

// The applications waiting on a PlayDate, oldest first, with their teams.
const pendingRequestsQuery = (db: DbOrTx) =>
  db
    .select({
      id: playDateRequests.id,
      status: playDateRequests.status,
      createdAt: playDateRequests.createdAt,
      requester: requesterColumns,
      partner: requesterPartnerColumns,
    })
    .from(playDateRequests)
    .innerJoin(requester, eq(requester.id, playDateRequests.requesterId))
    .innerJoin(requesterPartner, eq(requesterPartner.id, playDateRequests.requesterPartnerId))
    .where(
      and(
        eq(playDateRequests.playDateId, sql.placeholder('playDateId')),
        eq(playDateRequests.status, 'pending'),
      ),
    )
    .orderBy(asc(playDateRequests.createdAt))

async function loadPendingRequests(db: DbOrTx, playDateId: string) {
  const rows = await preparedQuery(db, 'play_date_pending_requests', pendingRequestsQuery).execute({
    playDateId,
  })
  return rows.map((r): PlayDateRequestView => ({
    id: r.id,
    status: r.status,
    team: toTeam(r.requester, r.partner),
    createdAt: r.createdAt.toISOString(),
  }))
}

// The viewer's live application to a PlayDate (as captain or partner).
const viewerRequest = alias(playDateRequests, 'viewer_request')
const viewerRequestId = (db: DbOrTx) =>
  sql<string | null>`(${db
    .select({ id: viewerRequest.id })
    .from(viewerRequest)
    .where(
      and(
        eq(viewerRequest.playDateId, playDates.id),
        sql`${viewerRequest.status} in ('pending', 'accepted')`,
        or(eq(viewerRequest.requesterId, userParam), eq(viewerRequest.requesterPartnerId, userParam)),
      ),
    )
    .limit(1)})`

// The detail page in one round trip for most viewers: the PlayDate with its creator team, once
// matched the accepted application with its team (one at most: play_date_requests_one_accepted_key),
// who cancelled it, and the viewer's own live application. Statuses are written out, so the
// generic plan reads the partial indexes.
const playDateByIdQuery = (db: DbOrTx) =>
  db
    .select({
      ...baseSelect,
      accepted: {
        id: playDateRequests.id,
        status: playDateRequests.status,
        createdAt: playDateRequests.createdAt,
      },
      acceptedCaptain: requesterColumns,
      acceptedPartner: requesterPartnerColumns,
      cancelledByPlayer: cancellerColumns,
      viewerRequestId: viewerRequestId(db),
    })
    .from(playDates)
    .innerJoin(creator, eq(creator.id, playDates.creatorId))
    .leftJoin(partner, eq(partner.id, playDates.partnerId))
    .leftJoin(
      playDateRequests,
      and(eq(playDateRequests.playDateId, playDates.id), sql`${playDateRequests.status} = 'accepted'`),
    )
    .leftJoin(requester, eq(requester.id, playDateRequests.requesterId))
    .leftJoin(requesterPartner, eq(requesterPartner.id, playDateRequests.requesterPartnerId))
    .leftJoin(canceller, eq(canceller.id, playDates.cancelledBy))
    .where(eq(playDates.id, sql.placeholder('id')))
    .limit(1)

export async function getPlayDate(db: Db, user: Actor, id: string): Promise<PlayDateDetail> {
  const [row] = await preparedQuery(db, 'play_date_by_id', playDateByIdQuery).execute({ id, userId: user.id })
  if (!row) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
  const responding: PlayDateRequestView | null =
    row.status !== 'open' && row.accepted && row.acceptedCaptain
      ? {
          id: row.accepted.id,
          status: row.accepted.status,
          team: toTeam(row.acceptedCaptain, row.acceptedPartner),
          createdAt: row.accepted.createdAt.toISOString(),
        }
      : null
  const onRespondingTeam = responding
    ? responding.team.captain.id === user.id || responding.team.partner?.id === user.id
    : false
  const onCreatorTeam = row.creatorId === user.id || row.partnerId === user.id
  // Open PlayDates are visible to every signed-in player; the rest only to their players and admins.
  if (row.status !== 'open' && !onCreatorTeam && !onRespondingTeam && !user.isAdmin) {
    throw new AppError('forbidden', PLAY_DATE_MESSAGES.notAuthorized)
  }
  const mine = row.status === 'open' && !onCreatorTeam ? row.viewerRequestId : null
  const pending = onCreatorTeam && row.status === 'open' ? await loadPendingRequests(db, id) : []
  const myRequest = mine ? ((await loadPendingRequests(db, id)).find((r) => r.id === mine) ?? null) : null
  const cancelledBy = row.cancelledBy && row.cancelledByPlayer ? toPlayer(row.cancelledByPlayer) : null
  const isPlayer = onCreatorTeam || onRespondingTeam
  return {
    ...toSummary(row),
    respondingTeam: responding?.team ?? null,
    cancelledBy,
    pendingRequests: pending,
    viewer: {
      isCreatorTeam: onCreatorTeam,
      isRespondingTeam: onRespondingTeam,
      myRequest,
      canApply: row.status === 'open' && !onCreatorTeam && !mine,
      canCancel: row.status === 'open' && onCreatorTeam,
      canComplete: row.status === 'matched' && isPlayer,
      canChat: (row.status === 'matched' || row.status === 'completed') && isPlayer,
    },
  }
}

// Row lock on the PlayDate: applications, accepts and state changes of one PlayDate queue up.
async function lockPlayDate(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: playDates.id,
      status: playDates.status,
      creatorId: playDates.creatorId,
      partnerId: playDates.partnerId,
    })
    .from(playDates)
    .where(eq(playDates.id, id))
    .for('update')
  return row
}

export async function applyToPlayDate(db: Db, user: Actor, id: string, input: z.output<typeof applyInput>) {
  if (input.partnerId === user.id) {
    throw new AppError('invalid', PLAY_DATE_MESSAGES.selectFriend, {
      partnerId: PLAY_DATE_MESSAGES.selectFriend,
    })
  }
  try {
    return await db.transaction(async (tx) => {
      const playDate = await lockPlayDate(tx, id)
      if (!playDate) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
      if (playDate.status !== 'open') throw new AppError('conflict', PLAY_DATE_MESSAGES.noLongerAvailable)
      const creatorTeam = [playDate.creatorId, playDate.partnerId]
      if (creatorTeam.includes(user.id)) throw new AppError('conflict', PLAY_DATE_MESSAGES.ownPlayDate)
      if (creatorTeam.includes(input.partnerId))
        throw new AppError('conflict', PLAY_DATE_MESSAGES.alreadyApplied)
      if (!(await isPlayablePartner(tx, user.id, input.partnerId))) {
        throw new AppError('invalid', PLAY_DATE_MESSAGES.selectFriend, {
          partnerId: PLAY_DATE_MESSAGES.selectFriend,
        })
      }
      const people = [user.id, input.partnerId]
      const [live] = await tx
        .select({ id: playDateRequests.id })
        .from(playDateRequests)
        .where(
          and(
            eq(playDateRequests.playDateId, id),
            inArray(playDateRequests.status, ['pending', 'accepted']),
            or(
              inArray(playDateRequests.requesterId, people),
              inArray(playDateRequests.requesterPartnerId, people),
            ),
          ),
        )
        .limit(1)
      if (live) throw new AppError('conflict', PLAY_DATE_MESSAGES.alreadyApplied)
      const [request] = await tx
        .insert(playDateRequests)
        .values({
          playDateId: id,
          requesterId: user.id,
          requesterPartnerId: input.partnerId,
          status: 'pending',
        })
        .returning({ id: playDateRequests.id, status: playDateRequests.status })
      await notifyPlayDate(tx, 'applied', {
        playDateId: id,
        actor: user,
        recipients: creatorTeam.filter((p): p is string => Boolean(p)),
      })
      await announce(tx, id, [...creatorTeam, ...people])
      return request!
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', PLAY_DATE_MESSAGES.alreadyApplied)
    throw error
  }
}

async function lockRequest(tx: Tx, requestId: string) {
  const [request] = await tx
    .select({
      id: playDateRequests.id,
      playDateId: playDateRequests.playDateId,
      status: playDateRequests.status,
      requesterId: playDateRequests.requesterId,
      requesterPartnerId: playDateRequests.requesterPartnerId,
    })
    .from(playDateRequests)
    .where(eq(playDateRequests.id, requestId))
  if (!request) throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
  // Lock the PlayDate first, then read the request again under the lock.
  const playDate = await lockPlayDate(tx, request.playDateId)
  if (!playDate) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
  const [current] = await tx
    .select({ status: playDateRequests.status })
    .from(playDateRequests)
    .where(eq(playDateRequests.id, requestId))
    .for('update')
  return { request: { ...request, status: current?.status ?? request.status }, playDate }
}

export async function acceptRequest(db: Db, user: Actor, requestId: string) {
  try {
    const playDateId = await db.transaction(async (tx) => {
      const { request, playDate } = await lockRequest(tx, requestId)
      if (playDate.creatorId !== user.id && playDate.partnerId !== user.id) {
        throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
      }
      if (playDate.status !== 'open' || !canTransition(playDate.status, 'matched')) {
        throw new AppError('conflict', PLAY_DATE_MESSAGES.noLongerAvailable)
      }
      if (request.status !== 'pending')
        throw new AppError('conflict', 'This application is no longer pending')
      await tx.update(playDateRequests).set({ status: 'accepted' }).where(eq(playDateRequests.id, requestId))
      const declined = await tx
        .update(playDateRequests)
        .set({ status: 'declined' })
        .where(
          and(
            eq(playDateRequests.playDateId, playDate.id),
            eq(playDateRequests.status, 'pending'),
            ne(playDateRequests.id, requestId),
          ),
        )
        .returning({
          requesterId: playDateRequests.requesterId,
          partnerId: playDateRequests.requesterPartnerId,
        })
      await tx.update(playDates).set({ status: 'matched' }).where(eq(playDates.id, playDate.id))
      const others = [playDate.creatorId, playDate.partnerId].filter(
        (p): p is string => Boolean(p) && p !== user.id,
      )
      await notifyPlayDate(tx, 'accepted', {
        playDateId: playDate.id,
        actor: user,
        recipients: [request.requesterId, request.requesterPartnerId, ...others],
      })
      await notifyPlayDate(tx, 'declined', {
        playDateId: playDate.id,
        actor: user,
        recipients: declined.flatMap((d) => [d.requesterId, d.partnerId]),
        link: AVAILABLE_PLAY_DATES_LINK,
      })
      await announce(tx, playDate.id, [
        playDate.creatorId,
        playDate.partnerId,
        request.requesterId,
        request.requesterPartnerId,
        ...declined.flatMap((d) => [d.requesterId, d.partnerId]),
      ])
      return playDate.id
    })
    return getPlayDate(db, user, playDateId)
  } catch (error) {
    // The one-accepted-per-PlayDate index: a concurrent accept won.
    if (isUniqueViolation(error)) throw new AppError('conflict', PLAY_DATE_MESSAGES.noLongerAvailable)
    throw error
  }
}

export async function declineRequest(db: Db, user: Actor, requestId: string) {
  const playDateId = await db.transaction(async (tx) => {
    const { request, playDate } = await lockRequest(tx, requestId)
    if (playDate.creatorId !== user.id && playDate.partnerId !== user.id) {
      throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
    }
    if (request.status !== 'pending') throw new AppError('conflict', 'This application is no longer pending')
    await tx.update(playDateRequests).set({ status: 'declined' }).where(eq(playDateRequests.id, requestId))
    await notifyPlayDate(tx, 'declined', {
      playDateId: playDate.id,
      actor: user,
      recipients: [request.requesterId, request.requesterPartnerId],
    })
    await announce(tx, playDate.id, [
      playDate.creatorId,
      playDate.partnerId,
      request.requesterId,
      request.requesterPartnerId,
    ])
    return playDate.id
  })
  return getPlayDate(db, user, playDateId)
}

export async function withdrawRequest(db: Db, user: Actor, requestId: string) {
  const playDateId = await db.transaction(async (tx) => {
    const { request, playDate } = await lockRequest(tx, requestId)
    if (request.requesterId !== user.id && request.requesterPartnerId !== user.id) {
      throw new AppError('not_found', PLAY_DATE_MESSAGES.requestNotFound)
    }
    if (request.status !== 'pending') throw new AppError('conflict', 'This application is no longer pending')
    await tx.update(playDateRequests).set({ status: 'withdrawn' }).where(eq(playDateRequests.id, requestId))
    const mate = request.requesterId === user.id ? request.requesterPartnerId : request.requesterId
    await notifyPlayDate(tx, 'withdrawn', {
      playDateId: playDate.id,
      actor: user,
      recipients: [playDate.creatorId, playDate.partnerId, mate].filter((p): p is string => Boolean(p)),
    })
    await announce(tx, playDate.id, [
      playDate.creatorId,
      playDate.partnerId,
      request.requesterId,
      request.requesterPartnerId,
    ])
    return playDate.id
  })
  return getPlayDate(db, user, playDateId)
}

async function changeStatus(db: Db, user: Actor, id: string, to: PlayDateStatus) {
  await db.transaction(async (tx) => {
    const playDate = await lockPlayDate(tx, id)
    if (!playDate) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
    const creatorTeam = [playDate.creatorId, playDate.partnerId].filter((p): p is string => Boolean(p))
    const responders =
      playDate.status === 'open'
        ? []
        : (
            await tx
              .select({ a: playDateRequests.requesterId, b: playDateRequests.requesterPartnerId })
              .from(playDateRequests)
              .where(and(eq(playDateRequests.playDateId, id), eq(playDateRequests.status, 'accepted')))
          ).flatMap((r) => [r.a, r.b])
    const players = [...creatorTeam, ...responders]
    // Someone not on the PlayDate gets the refusal its detail and chat give them. Only cancelling
    // an open PlayDate, which every player may view, says who may cancel instead.
    if (!players.includes(user.id) && (to === 'completed' || playDate.status !== 'open')) {
      throw new AppError('forbidden', PLAY_DATE_MESSAGES.notAuthorized)
    }
    if (to === 'cancelled' && !creatorTeam.includes(user.id)) {
      throw new AppError('forbidden', 'Only the creator team can cancel this PlayDate')
    }
    if (!canTransition(playDate.status, to)) {
      throw new AppError(
        'conflict',
        to === 'cancelled'
          ? 'Only an open PlayDate can be cancelled'
          : 'Only a matched PlayDate can be marked as played',
      )
    }
    await tx
      .update(playDates)
      .set(to === 'cancelled' ? { status: to, cancelledBy: user.id } : { status: to })
      .where(eq(playDates.id, id))
    if (to === 'cancelled') {
      const pending = await tx
        .update(playDateRequests)
        .set({ status: 'declined' })
        .where(and(eq(playDateRequests.playDateId, id), eq(playDateRequests.status, 'pending')))
        .returning({ a: playDateRequests.requesterId, b: playDateRequests.requesterPartnerId })
      await notifyPlayDate(tx, 'cancelled', { playDateId: id, actor: user, recipients: creatorTeam })
      await notifyPlayDate(tx, 'cancelled', {
        playDateId: id,
        actor: user,
        recipients: pending.flatMap((p) => [p.a, p.b]),
        link: AVAILABLE_PLAY_DATES_LINK,
      })
      await announce(tx, id, [...creatorTeam, ...pending.flatMap((p) => [p.a, p.b])])
    } else {
      await notifyPlayDate(tx, 'completed', {
        playDateId: id,
        actor: user,
        recipients: [...creatorTeam, ...responders],
      })
      await announce(tx, id, [...creatorTeam, ...responders])
    }
  })
  return getPlayDate(db, user, id)
}

export const cancelPlayDate = (db: Db, user: Actor, id: string) => changeStatus(db, user, id, 'cancelled')
export const completePlayDate = (db: Db, user: Actor, id: string) => changeStatus(db, user, id, 'completed')

// The four players of a matched or completed PlayDate; anyone else is refused.
// The PlayDate's status and every player on it (both teams, the responding one from its accepted
// request) in one statement. (A one-table select leaves its columns unqualified: the subquery
// names the PlayDate by the same placeholder, not by an outer column.)
const chatMembersQuery = (db: DbOrTx) =>
  db
    .select({
      status: playDates.status,
      creatorId: playDates.creatorId,
      partnerId: playDates.partnerId,
      responders: sql<string[]>`array(
        select unnest(array[${playDateRequests.requesterId}, ${playDateRequests.requesterPartnerId}])
        from ${playDateRequests}
        where ${playDateRequests.playDateId} = ${sql.placeholder('id')} and ${playDateRequests.status} = 'accepted'
      )::text[]`,
    })
    .from(playDates)
    .where(eq(playDates.id, sql.placeholder('id')))

async function requireChatMember(db: DbOrTx, user: Actor, id: string) {
  const [row] = await preparedQuery(db, 'chat_members', chatMembersQuery).execute({ id })
  if (!row) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
  const responders = row.responders
  const members = [row.creatorId, row.partnerId, ...responders].filter((p): p is string => Boolean(p))
  if (!members.includes(user.id)) throw new AppError('forbidden', PLAY_DATE_MESSAGES.notAuthorized)
  if (row.status !== 'matched' && row.status !== 'completed') {
    throw new AppError('conflict', 'Chat opens once the PlayDate is matched')
  }
  return members
}

// A page of the thread, newest first, one row more than a page so the answer can say whether
// more came before it: the latest page, the one after a time (a poll catching up) or the one
// before a message (scrolling back; the message is looked up within this PlayDate, and the pair
// (time, id) orders messages sent in the same instant).
type MessageRange = 'latest' | 'after' | 'before'
const rangeCondition: Record<MessageRange, SQL | undefined> = {
  latest: undefined,
  after: sql`${playDateMessages.createdAt} > ${sql.placeholder('after')}::timestamptz`,
  before: sql`(${playDateMessages.createdAt}, ${playDateMessages.id}) < (
    select m.created_at, m.id from ${playDateMessages} m
    where m.id = ${sql.placeholder('before')} and m.play_date_id = ${sql.placeholder('id')}
  )`,
}

const messagesQuery = (range: MessageRange) => (db: DbOrTx) =>
  db
    .select({
      id: playDateMessages.id,
      userId: playDateMessages.userId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      content: playDateMessages.content,
      createdAt: playDateMessages.createdAt,
    })
    .from(playDateMessages)
    .innerJoin(profiles, eq(profiles.id, playDateMessages.userId))
    .where(and(eq(playDateMessages.playDateId, sql.placeholder('id')), rangeCondition[range]))
    .orderBy(desc(playDateMessages.createdAt), desc(playDateMessages.id))
    .limit(CHAT_PAGE_SIZE + 1)
const latestMessagesQuery = messagesQuery('latest')
const newerMessagesQuery = messagesQuery('after')
const earlierMessagesQuery = messagesQuery('before')

export async function listMessages(
  db: Db,
  user: Actor,
  id: string,
  range: ChatMessagesQuery = {},
): Promise<ChatPage> {
  await requireChatMember(db, user, id)
  const rows = range.before
    ? await preparedQuery(db, 'chat_messages_before', earlierMessagesQuery).execute({
        id,
        before: range.before,
      })
    : range.after
      ? await preparedQuery(db, 'chat_messages_after', newerMessagesQuery).execute({
          id,
          after: new Date(range.after).toISOString(),
        })
      : await preparedQuery(db, 'chat_messages', latestMessagesQuery).execute({ id })
  const hasEarlier = rows.length > CHAT_PAGE_SIZE
  const page = hasEarlier ? rows.slice(0, CHAT_PAGE_SIZE) : rows
  // Oldest first.
  return {
    items: page.reverse().map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    hasEarlier,
  }
}

export async function sendMessage(db: Db, user: Actor, id: string, input: z.output<typeof messageInput>) {
  return db.transaction(async (tx) => {
    const members = await requireChatMember(tx, user, id)
    const [message] = await tx
      .insert(playDateMessages)
      .values({
        playDateId: id,
        userId: user.id,
        content: input.content,
        requestKey: input.requestKey ?? null,
      })
      .onConflictDoNothing({
        target: [playDateMessages.userId, playDateMessages.requestKey],
        where: sql`${playDateMessages.requestKey} is not null`,
      })
      .returning()
    if (!message) {
      // The key was sent before: the message that request sent, sent to nobody again.
      const [earlier] = await tx
        .select()
        .from(playDateMessages)
        .where(and(eq(playDateMessages.userId, user.id), eq(playDateMessages.requestKey, input.requestKey!)))
      if (!earlier) throw new Error('insert returned nothing')
      return toChatMessage(user, earlier)
    }
    await notifyPlayDate(tx, 'message', {
      playDateId: id,
      actor: user,
      recipients: members.filter((m) => m !== user.id),
    })
    await announce(tx, id, members)
    return toChatMessage(user, message)
  })
}

function toChatMessage(
  sender: Actor,
  message: { id: string; content: string; createdAt: Date },
): ChatMessage {
  return {
    id: message.id,
    userId: sender.id,
    firstName: sender.firstName,
    lastName: sender.lastName,
    content: message.content,
    createdAt: message.createdAt.toISOString(),
  }
}
