import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { PLAY_DATES_PAGE_SIZE, type adminPlayDatesQuery } from '../../../domain/admin/admin.schema'
import { AppError } from '../../../domain/errors'
import type { PlayDatePage } from '../../../domain/play-dates/play-date.schema'
import type { Db, DbOrTx } from '../../db/client'
import { playDates, profileSearchKeys } from '../../db/schema'
import {
  creator,
  creatorColumns,
  partner,
  partnerColumns,
  pendingRequestCount,
  playDateCardColumns,
  rangeAndSpots,
  whenAndWhere,
  statusIn,
  toTeam,
} from '../../db/queries'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { ADMIN_COUNT_CAP, searchKey, shapedPage, shapeName } from './admin.lists'
import { type Actor, countOfKey, recordAudit } from './admin.service'

// The admin's list of every PlayDate, and deleting one.

const playDateSort = {
  created_at: playDates.createdAt,
  updated_at: playDates.updatedAt,
  payment_min: playDates.paymentPerHourMin,
  payment_max: playDates.paymentPerHourMax,
  type: playDates.type,
  status: playDates.status,
} as const

// Up to this many players, a PlayDates search by name looks their PlayDates up one by one.
const FEW_PLAYERS = 100

type PlayDatesQuery = z.output<typeof adminPlayDatesQuery>

// Which parts of the PlayDates list's SQL a request needs: its prepared statement's name.
interface PlayDatesShape {
  // Written into the SQL, so a generic plan reads the status index for the rarer statuses.
  status: PlayDatesQuery['status']
  type: boolean
  state: boolean
  // By a player's name: 'few' players look their PlayDates up, 'many' walk the newest PlayDates.
  search: 'none' | 'few' | 'many'
  sort: PlayDatesQuery['sort']
  direction: PlayDatesQuery['direction']
}

const playersNamed = (db: DbOrTx) =>
  db
    .select({ id: profileSearchKeys.profileId })
    .from(profileSearchKeys)
    .where(and(eq(profileSearchKeys.key, searchKey), sql`not ${profileSearchKeys.isEmail}`))

function playDatesWhere(db: DbOrTx, shape: PlayDatesShape) {
  const conditions: SQL[] = []
  if (shape.status !== 'all') conditions.push(statusIn(shape.status))
  if (shape.type) conditions.push(eq(playDates.type, sql.placeholder('type')))
  if (shape.state) conditions.push(eq(playDates.state, sql.placeholder('state')))
  // Players by name (the keys), then their PlayDates as creator or partner. A rare name looks
  // its players' PlayDates up (creator and partner indexes); a common one walks the newest
  // PlayDates, checking each against its players, and stops at the page and the cap.
  if (shape.search === 'few') {
    conditions.push(
      inArray(
        playDates.id,
        db
          .select({ id: playDates.id })
          .from(playDates)
          .where(inArray(playDates.creatorId, playersNamed(db)))
          .unionAll(
            db
              .select({ id: playDates.id })
              .from(playDates)
              .where(inArray(playDates.partnerId, playersNamed(db))),
          ),
      ),
    )
  } else if (shape.search === 'many') {
    conditions.push(
      or(inArray(playDates.creatorId, playersNamed(db)), inArray(playDates.partnerId, playersNamed(db)))!,
    )
  }
  return conditions.length ? and(...conditions) : undefined
}

// Equal types, statuses and payments follow by creation time, in the same direction; each sort
// reads its index in order
// (play_dates_*_idx), so a page stops after its rows instead of sorting every PlayDate.
const playDatesOrder = (shape: PlayDatesShape) => {
  const order = shape.direction === 'asc' ? asc : desc
  const newest =
    shape.sort === 'created_at' || shape.sort === 'updated_at' ? [] : [order(playDates.createdAt)]
  return [order(playDateSort[shape.sort]), ...newest, order(playDates.id)]
}

const playDatesPageQuery = (shape: PlayDatesShape) => (db: DbOrTx) =>
  db
    .select({
      ...playDateCardColumns,
      createdAt: playDates.createdAt,
      updatedAt: playDates.updatedAt,
      creator: creatorColumns,
      partner: partnerColumns,
      requestCount: pendingRequestCount,
      // Every row carries the list's total (a subquery PostgreSQL runs once): one round trip.
      total: sql<number>`(${playDatesCountQuery(shape)(db)})`.mapWith(Number),
    })
    .from(playDates)
    .innerJoin(creator, eq(creator.id, playDates.creatorId))
    .leftJoin(partner, eq(partner.id, playDates.partnerId))
    .where(playDatesWhere(db, shape))
    .orderBy(...playDatesOrder(shape))
    .limit(PLAY_DATES_PAGE_SIZE)
    .offset(sql.placeholder('offset'))

// Filters alone are counted in list order, so the count walks the same index as the page and
// stops at the cap; a name search counts its matches as they come.
const playDatesCountQuery = (shape: PlayDatesShape) => (db: DbOrTx) => {
  const counting = db
    .select({ one: sql`1` })
    .from(playDates)
    .where(playDatesWhere(db, shape))
  const matches = (shape.search !== 'none' ? counting : counting.orderBy(...playDatesOrder(shape)))
    .limit(sql.placeholder('cap'))
    .as('matches')
  return db.select({ total: sql<number>`count(*)::int` }).from(matches)
}

export async function listAllPlayDates(db: Db, query: PlayDatesQuery): Promise<PlayDatePage> {
  const search = query.search
  const shape: PlayDatesShape = {
    status: query.status,
    type: query.type !== 'all',
    state: query.state !== 'all',
    search: !search ? 'none' : (await countOfKey(db, search)) <= FEW_PLAYERS ? 'few' : 'many',
    sort: query.sort,
    direction: query.direction,
  }
  const offset = (query.page - 1) * PLAY_DATES_PAGE_SIZE
  const cap = offset + ADMIN_COUNT_CAP
  // Every value a shape may use; each statement takes the ones it names.
  const values = {
    type: query.type,
    state: query.state,
    search,
    offset,
    cap: cap + 1,
  }
  const { rows, total } = await shapedPage(db, shapeName('admin_play_dates', shape), values, offset, {
    page: () => playDatesPageQuery(shape),
    count: () => playDatesCountQuery(shape),
  })
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      doublesType: r.doublesType,
      status: r.status,
      state: r.state,
      regions: r.regions,
      paymentPerHourMin: r.paymentPerHourMin,
      paymentPerHourMax: r.paymentPerHourMax,
      description: r.description,
      ...whenAndWhere(r),
      ...rangeAndSpots(r),
      creatorTeam: toTeam(r.creator, r.partner),
      requestCount: Number(r.requestCount),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    total: Math.min(total, cap),
    totalCapped: total > cap,
    page: query.page,
    pageSize: PLAY_DATES_PAGE_SIZE,
  }
}

export async function deletePlayDate(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(playDates).where(eq(playDates.id, id)).returning({ id: playDates.id })
    if (deleted.length === 0) throw new AppError('not_found', PLAY_DATE_MESSAGES.notFound)
    await recordAudit(tx, actor.id, 'delete_play_date', null, { playDateId: id })
  })
}
