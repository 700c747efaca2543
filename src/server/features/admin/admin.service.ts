import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import {
  PLAY_DATES_PAGE_SIZE,
  USER_SEARCH_LIMIT,
  USERS_PAGE_SIZE,
  type adminPlayDatesQuery,
  type AdminUser,
  type AdminUserDetail,
  type adminUsersQuery,
  type AdminUsersPage,
} from '../../../domain/admin/admin.schema'
import { AppError } from '../../../domain/errors'
import type { PlayDatePage } from '../../../domain/play-dates/play-date.schema'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { Db, DbOrTx, Tx } from '../../db/client'
import { auditLog, connections, playDates, profiles } from '../../db/schema'
import { endUserStreams } from '../../lib/realtime'
import { revokeAllSessions } from '../auth/sessions'
import {
  creator,
  creatorColumns,
  partner,
  partnerColumns,
  pendingRequestCount,
  toTeam,
} from '../play-dates/play-dates.queries'

type Actor = Pick<SessionUser, 'id'>

export const USER_NOT_FOUND = 'User not found'

// Totals are counted up to this many rows past the page: 'Showing 1 to 20 of 1000+ users'
// costs the same with a thousand players or a million.
export const ADMIN_COUNT_CAP = 1000

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

// Each word must match a first name, last name or email (trigram indexes keep this fast).
function nameSearch(
  words: string[],
  first: SQL | typeof profiles.firstName,
  last: SQL | typeof profiles.lastName,
  email?: typeof profiles.email,
) {
  return and(
    ...words.map((word) => {
      const like = `%${escapeLike(word.toLowerCase())}%`
      const parts = [sql`lower(${first}) like ${like}`, sql`lower(${last}) like ${like}`]
      if (email) parts.push(sql`${email} like ${like}`)
      return or(...parts)
    }),
  )
}

const words = (search: string) => search.split(/\s+/).filter(Boolean).slice(0, 5)

const userColumns = {
  id: profiles.id,
  email: profiles.email,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  gender: profiles.gender,
  birthdate: profiles.birthdate,
  zipCode: profiles.zipCode,
  duprRating: profiles.duprRating,
  selfRating: profiles.selfRating,
  isAdmin: profiles.isAdmin,
  isPaused: profiles.isPaused,
  createdAt: profiles.createdAt,
  updatedAt: profiles.updatedAt,
}

type UserRow = Omit<AdminUser, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date }

const toAdminUser = (r: UserRow): AdminUser => ({
  ...r,
  zipCode: r.zipCode ?? null,
  duprRating: Number(r.duprRating),
  selfRating: Number(r.selfRating),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
})

const userSort = {
  created_at: profiles.createdAt,
  first_name: profiles.firstName,
  last_name: profiles.lastName,
  dupr_rating: profiles.duprRating,
  gender: profiles.gender,
} as const

export async function listUsers(db: Db, query: z.output<typeof adminUsersQuery>): Promise<AdminUsersPage> {
  const conditions: SQL[] = []
  const terms = words(query.search)
  if (terms.length) conditions.push(nameSearch(terms, profiles.firstName, profiles.lastName, profiles.email)!)
  if (query.gender !== 'all') conditions.push(eq(profiles.gender, query.gender))
  if (query.admin !== 'all') conditions.push(eq(profiles.isAdmin, query.admin === 'yes'))
  if (query.paused !== 'all') conditions.push(eq(profiles.isPaused, query.paused === 'yes'))
  const where = conditions.length ? and(...conditions) : undefined
  const order = query.direction === 'asc' ? asc : desc
  const offset = (query.page - 1) * USERS_PAGE_SIZE
  const rows = await db
    .select(userColumns)
    .from(profiles)
    .where(where)
    .orderBy(order(userSort[query.sort]), order(profiles.id))
    .limit(USERS_PAGE_SIZE)
    .offset(offset)
  const cap = offset + ADMIN_COUNT_CAP
  // Filters alone: counted in list order, so the count walks the same index as the page and
  // stops at the cap. A name search: its trigram indexes find the matches directly.
  const matching = db
    .select({ one: sql`1` })
    .from(profiles)
    .where(where)
  const matches = (
    terms.length ? matching : matching.orderBy(order(userSort[query.sort]), order(profiles.id))
  )
    .limit(cap + 1)
    .as('matches')
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(matches)
  const total = Number(count?.total ?? 0)
  return {
    items: rows.map(toAdminUser),
    total: Math.min(total, cap),
    totalCapped: total > cap,
    page: query.page,
    pageSize: USERS_PAGE_SIZE,
  }
}

const actorProfile = alias(profiles, 'actor')

export async function getUserDetail(db: Db, id: string): Promise<AdminUserDetail> {
  const [row] = await db.select(userColumns).from(profiles).where(eq(profiles.id, id))
  if (!row) throw new AppError('not_found', USER_NOT_FOUND)
  const friendIds = await db
    .select({
      friendId: sql<string>`case when ${connections.requesterId} = ${id} then ${connections.receiverId} else ${connections.requesterId} end`,
    })
    .from(connections)
    .where(
      and(
        eq(connections.type, 'friend'),
        eq(connections.status, 'accepted'),
        or(eq(connections.requesterId, id), eq(connections.receiverId, id)),
      ),
    )
    .limit(200)
  const friends = friendIds.length
    ? await db
        .select({
          id: profiles.id,
          firstName: profiles.firstName,
          lastName: profiles.lastName,
          duprRating: profiles.duprRating,
        })
        .from(profiles)
        .where(
          inArray(
            profiles.id,
            friendIds.map((f) => f.friendId),
          ),
        )
        .orderBy(asc(profiles.firstName), asc(profiles.lastName))
    : []
  const audit = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      createdAt: auditLog.createdAt,
      actorFirst: actorProfile.firstName,
      actorLast: actorProfile.lastName,
    })
    .from(auditLog)
    .leftJoin(actorProfile, eq(actorProfile.id, auditLog.actorId))
    .where(eq(auditLog.targetId, id))
    .orderBy(desc(auditLog.createdAt))
    .limit(50)
  return {
    ...toAdminUser(row),
    friends: friends.map((f) => ({ ...f, duprRating: Number(f.duprRating) })),
    audit: audit.map((a) => ({
      id: a.id,
      action: a.action,
      actorName: a.actorFirst ? `${a.actorFirst} ${a.actorLast}` : null,
      createdAt: a.createdAt.toISOString(),
    })),
  }
}

export async function recordAudit(
  db: DbOrTx,
  actorId: string,
  action: string,
  targetId: string | null,
  details = {},
) {
  await db.insert(auditLog).values({ actorId, action, targetId, details })
}

// Locks every admin row, in one order (two admins acting on each other at once cannot both
// succeed, nor deadlock), and checks the actor is still an active admin: one who was just
// demoted or paused by another admin acts no more, so an active admin always remains.
async function lockAdmins(tx: Tx, actor: Actor) {
  const admins = await tx
    .select({ id: profiles.id, isPaused: profiles.isPaused })
    .from(profiles)
    .where(eq(profiles.isAdmin, true))
    .orderBy(profiles.id)
    .for('update')
  const me = admins.find((admin) => admin.id === actor.id)
  if (!me || me.isPaused) throw new AppError('forbidden', 'You do not have permission to access this page.')
  return admins
}

export async function setAdmin(db: Db, actor: Actor, id: string, isAdmin: boolean) {
  await db.transaction(async (tx) => {
    if (id === actor.id) throw new AppError('forbidden', 'You cannot change your own admin status')
    const admins = await lockAdmins(tx, actor)
    const [target] = await tx
      .select({ isAdmin: profiles.isAdmin })
      .from(profiles)
      .where(eq(profiles.id, id))
      .for('update')
    if (!target) throw new AppError('not_found', USER_NOT_FOUND)
    if (target.isAdmin === isAdmin) return
    if (!isAdmin && admins.length <= 1) throw new AppError('conflict', 'The last admin cannot be demoted')
    await tx.update(profiles).set({ isAdmin }).where(eq(profiles.id, id))
    await recordAudit(tx, actor.id, isAdmin ? 'make_admin' : 'remove_admin', id)
  })
  return getUserDetail(db, id)
}

export async function setPaused(db: Db, actor: Actor, id: string, isPaused: boolean) {
  await db.transaction(async (tx) => {
    if (id === actor.id) throw new AppError('forbidden', 'You cannot pause your own access')
    await lockAdmins(tx, actor)
    const [target] = await tx
      .select({ isPaused: profiles.isPaused })
      .from(profiles)
      .where(eq(profiles.id, id))
      .for('update')
    if (!target) throw new AppError('not_found', USER_NOT_FOUND)
    if (target.isPaused === isPaused) return
    await tx.update(profiles).set({ isPaused }).where(eq(profiles.id, id))
    if (isPaused) {
      // Paused means signed out everywhere, at once: sessions revoked, live streams closed.
      await revokeAllSessions(tx, id)
      await endUserStreams(tx, id)
    }
    await recordAudit(tx, actor.id, isPaused ? 'pause' : 'resume', id)
  })
  return getUserDetail(db, id)
}

export async function searchUsers(db: Db, q: string) {
  return db
    .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(nameSearch(words(q), profiles.firstName, profiles.lastName))
    .orderBy(asc(profiles.firstName), asc(profiles.lastName))
    .limit(USER_SEARCH_LIMIT)
}

const playDateSort = {
  created_at: playDates.createdAt,
  updated_at: playDates.updatedAt,
  payment_min: playDates.paymentPerHourMin,
  payment_max: playDates.paymentPerHourMax,
  type: playDates.type,
  status: playDates.status,
} as const

export async function listAllPlayDates(
  db: Db,
  query: z.output<typeof adminPlayDatesQuery>,
): Promise<PlayDatePage> {
  const conditions: SQL[] = []
  if (query.status !== 'all') conditions.push(eq(playDates.status, query.status))
  if (query.type !== 'all') conditions.push(eq(playDates.type, query.type))
  if (query.state !== 'all') conditions.push(eq(playDates.state, query.state))
  const terms = words(query.search)
  if (terms.length) {
    // Match players by name first (trigram indexes), then their PlayDates (creator/partner indexes).
    const matching = db
      .select({ id: profiles.id })
      .from(profiles)
      .where(nameSearch(terms, profiles.firstName, profiles.lastName))
    conditions.push(or(inArray(playDates.creatorId, matching), inArray(playDates.partnerId, matching))!)
  }
  const where = conditions.length ? and(...conditions) : undefined
  const order = query.direction === 'asc' ? asc : desc
  const offset = (query.page - 1) * PLAY_DATES_PAGE_SIZE
  const rows = await db
    .select({
      id: playDates.id,
      type: playDates.type,
      doublesType: playDates.doublesType,
      status: playDates.status,
      state: playDates.state,
      regions: playDates.regions,
      paymentPerHourMin: playDates.paymentPerHourMin,
      paymentPerHourMax: playDates.paymentPerHourMax,
      description: playDates.description,
      createdAt: playDates.createdAt,
      updatedAt: playDates.updatedAt,
      creator: creatorColumns,
      partner: partnerColumns,
      requestCount: pendingRequestCount,
    })
    .from(playDates)
    .innerJoin(creator, eq(creator.id, playDates.creatorId))
    .leftJoin(partner, eq(partner.id, playDates.partnerId))
    .where(where)
    .orderBy(order(playDateSort[query.sort]), order(playDates.id))
    .limit(PLAY_DATES_PAGE_SIZE)
    .offset(offset)
  const cap = offset + ADMIN_COUNT_CAP
  const counting = db
    .select({ one: sql`1` })
    .from(playDates)
    .where(where)
  const matches = (
    terms.length ? counting : counting.orderBy(order(playDateSort[query.sort]), order(playDates.id))
  )
    .limit(cap + 1)
    .as('matches')
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(matches)
  const total = Number(count?.total ?? 0)
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
    if (deleted.length === 0) throw new AppError('not_found', 'PlayDate Not Found')
    await recordAudit(tx, actor.id, 'delete_play_date', null, { playDateId: id })
  })
}
