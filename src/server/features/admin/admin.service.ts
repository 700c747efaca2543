import { and, asc, desc, eq, inArray, or, sql, type SQL, type Subquery } from 'drizzle-orm'
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
import {
  auditLog,
  connections,
  nameSearchKey,
  playDates,
  profileSearchKeyCounts,
  profileSearchKeys,
  profiles,
} from '../../db/schema'
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

// Name searches read the keys of docs/decisions/0042-name-search.md: players whose name, read
// from any of its words, starts with the search. Conditions a partial index needs are literals,
// so they also hold in a prepared statement's generic plan.
const nameKeyMatches = (search: string) =>
  and(eq(profileSearchKeys.key, nameSearchKey(search)), sql`not ${profileSearchKeys.isEmail}`)!

// An address typed up to or past its '@' matches the addresses that start with it (a range on
// profiles_email_prefix_idx; addresses are stored in lower case).
const emailStartsWith = (search: string) => {
  const email = sql`(${profiles.email} collate "C")`
  return sql`${email} >= lower(${search}) and ${email} < lower(${search}) || chr(1114111)`
}

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
  const search = query.search
  const byName = search !== '' && !search.includes('@')
  if (search.includes('@')) conditions.push(emailStartsWith(search))
  if (query.gender !== 'all') conditions.push(eq(profiles.gender, query.gender))
  if (query.admin !== 'all') conditions.push(eq(profiles.isAdmin, query.admin === 'yes'))
  if (query.paused !== 'all') conditions.push(eq(profiles.isPaused, query.paused === 'yes'))
  const order = query.direction === 'asc' ? asc : desc
  const offset = (query.page - 1) * USERS_PAGE_SIZE
  const cap = offset + ADMIN_COUNT_CAP
  const page = { limit: USERS_PAGE_SIZE, offset }

  let rows: UserRow[]
  let total: number
  if (byName) {
    // A name or a word of an address: the keys, newest first as the list is, joined to their
    // profiles (other sorts order the matches). The total is the key's count, kept by the keys'
    // trigger; with filters it is counted from the same keys and stops at the cap.
    const where = and(eq(profileSearchKeys.key, nameSearchKey(search)), ...conditions)
    const orderBy =
      query.sort === 'created_at'
        ? [order(profileSearchKeys.createdAt), order(profileSearchKeys.profileId)]
        : [order(userSort[query.sort]), order(profiles.id)]
    rows = await db
      .select(userColumns)
      .from(profileSearchKeys)
      .innerJoin(profiles, eq(profiles.id, profileSearchKeys.profileId))
      .where(where)
      .orderBy(...orderBy)
      .limit(page.limit)
      .offset(page.offset)
    total = conditions.length
      ? await countOf(
          db,
          db
            .select({ one: sql`1` })
            .from(profileSearchKeys)
            .innerJoin(profiles, eq(profiles.id, profileSearchKeys.profileId))
            .where(where)
            .limit(cap + 1)
            .as('matches'),
        )
      : await countOfKey(db, search)
  } else {
    const where = conditions.length ? and(...conditions) : undefined
    rows = await db
      .select(userColumns)
      .from(profiles)
      .where(where)
      .orderBy(order(userSort[query.sort]), order(profiles.id))
      .limit(page.limit)
      .offset(page.offset)
    // Filters alone: counted in list order, so the count walks the same index as the page and
    // stops at the cap. An address: its few matches are counted as they are.
    const matching = db
      .select({ one: sql`1` })
      .from(profiles)
      .where(where)
    const matches = (search ? matching : matching.orderBy(order(userSort[query.sort]), order(profiles.id)))
      .limit(cap + 1)
      .as('matches')
    total = await countOf(db, matches)
  }
  return {
    items: rows.map(toAdminUser),
    total: Math.min(total, cap),
    totalCapped: total > cap,
    page: query.page,
    pageSize: USERS_PAGE_SIZE,
  }
}

async function countOf(db: Db, matches: Subquery) {
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(matches)
  return Number(count?.total ?? 0)
}

async function countOfKey(db: Db, search: string) {
  const [count] = await db
    .select({ total: profileSearchKeyCounts.profiles })
    .from(profileSearchKeyCounts)
    .where(eq(profileSearchKeyCounts.key, nameSearchKey(search)))
  return count?.total ?? 0
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

// The user picker: names only, in name order, straight from the keys index.
export async function searchUsers(db: Db, q: string) {
  return db
    .select({
      id: profileSearchKeys.profileId,
      firstName: profileSearchKeys.firstName,
      lastName: profileSearchKeys.lastName,
    })
    .from(profileSearchKeys)
    .where(nameKeyMatches(q))
    .orderBy(
      asc(profileSearchKeys.firstName),
      asc(profileSearchKeys.lastName),
      asc(profileSearchKeys.profileId),
    )
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

// Up to this many players, a PlayDates search by name looks their PlayDates up one by one.
const FEW_PLAYERS = 100

export async function listAllPlayDates(
  db: Db,
  query: z.output<typeof adminPlayDatesQuery>,
): Promise<PlayDatePage> {
  const conditions: SQL[] = []
  if (query.status !== 'all') conditions.push(eq(playDates.status, query.status))
  if (query.type !== 'all') conditions.push(eq(playDates.type, query.type))
  if (query.state !== 'all') conditions.push(eq(playDates.state, query.state))
  const search = query.search
  if (search) {
    // Players by name (the keys), then their PlayDates as creator or partner. A rare name looks
    // its players' PlayDates up (creator and partner indexes); a common one walks the newest
    // PlayDates, checking each against its players, and stops at the page and the cap.
    const players = db
      .select({ id: profileSearchKeys.profileId })
      .from(profileSearchKeys)
      .where(nameKeyMatches(search))
    conditions.push(
      (await countOfKey(db, search)) <= FEW_PLAYERS
        ? inArray(
            playDates.id,
            db
              .select({ id: playDates.id })
              .from(playDates)
              .where(inArray(playDates.creatorId, players))
              .unionAll(
                db.select({ id: playDates.id }).from(playDates).where(inArray(playDates.partnerId, players)),
              ),
          )
        : or(inArray(playDates.creatorId, players), inArray(playDates.partnerId, players))!,
    )
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
  const matches = (search ? counting : counting.orderBy(order(playDateSort[query.sort]), order(playDates.id)))
    .limit(cap + 1)
    .as('matches')
  const total = await countOf(db, matches)
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
