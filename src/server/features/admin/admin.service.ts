import { and, asc, desc, eq, inArray, not, or, type Placeholder, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import {
  USER_SEARCH_LIMIT,
  USERS_PAGE_SIZE,
  type AdminUser,
  type AdminUserDetail,
  type adminUsersQuery,
  type createSignupCodeInput,
  type AdminUsersPage,
} from '../../../domain/admin/admin.schema'
import { OWN_ACCESS_REFUSED, OWN_ADMIN_STATUS_REFUSED } from '../../../domain/admin/own-access'
import { AppError } from '../../../domain/errors'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import type { Db, DbOrTx, Tx } from '../../db/client'
import {
  auditLog,
  connections,
  nameSearchKey,
  profileSearchKeyCounts,
  profileSearchKeys,
  profiles,
} from '../../db/schema'
import { ADMIN_COUNT_CAP, searchKey, shapedPage, shapeName } from './admin.lists'
import { endUserStreams } from '../../lib/realtime'
import { revokeAllSessions } from '../auth'
import { createSignupCode, signupCodeView } from '../signup-codes'

// The users list, a user's detail, pausing and promoting, and the audit log; the PlayDates list
// is in admin.play-dates.ts, what both lists share in admin.lists.ts.

export type Actor = Pick<SessionUser, 'id'>

export const USER_NOT_FOUND = 'User not found'

// Name searches read the keys of docs/decisions/0042-name-search.md: players whose name, read
// from any of its words, starts with the search. Conditions a partial index needs are literals,
// so they also hold in a prepared statement's generic plan.
const nameKeyMatches = (search: string) =>
  and(eq(profileSearchKeys.key, nameSearchKey(search)), sql`not ${profileSearchKeys.isEmail}`)!

// An address typed up to or past its '@' matches the addresses that start with it (a range on
// profiles_email_prefix_idx; addresses are stored in lower case).
const emailStartsWith = (search: string | Placeholder) => {
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
  duprRating: r.duprRating === null ? null : Number(r.duprRating),
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

type UsersQuery = z.output<typeof adminUsersQuery>

// Which parts of the users list's SQL a request needs: its prepared statement's name.
interface UsersShape {
  // A name or a word of an address ('name', the keys), an address typed up to or past its '@'.
  search: 'none' | 'name' | 'email'
  gender: boolean
  // Written into the SQL, so a generic plan of the admins (or the paused players) reads their
  // partial index.
  admin: UsersQuery['admin']
  paused: UsersQuery['paused']
  sort: UsersQuery['sort']
  direction: UsersQuery['direction']
}

function usersConditions(shape: UsersShape) {
  const conditions: SQL[] = []
  if (shape.search === 'email') conditions.push(emailStartsWith(sql.placeholder('search')))
  if (shape.gender) conditions.push(eq(profiles.gender, sql.placeholder('gender')))
  if (shape.admin !== 'all')
    conditions.push(shape.admin === 'yes' ? sql`${profiles.isAdmin}` : not(profiles.isAdmin))
  if (shape.paused !== 'all')
    conditions.push(shape.paused === 'yes' ? sql`${profiles.isPaused}` : not(profiles.isPaused))
  return conditions
}

const usersOrder = (shape: UsersShape) => {
  const order = shape.direction === 'asc' ? asc : desc
  // By name, newest first reads the keys in their own order.
  return shape.search === 'name' && shape.sort === 'created_at'
    ? [order(profileSearchKeys.createdAt), order(profileSearchKeys.profileId)]
    : shape.sort === 'dupr_rating'
      ? // Players without a DUPR rating come after those with one, either way.
        [sql`${order(profiles.duprRating)} nulls last`, order(profiles.id)]
      : [order(userSort[shape.sort]), order(profiles.id)]
}

const usersPageQuery = (shape: UsersShape) => (db: DbOrTx) => {
  const conditions = usersConditions(shape)
  // Every row carries the list's total (a subquery PostgreSQL runs once): one round trip.
  const columns = {
    ...userColumns,
    total: sql<number>`coalesce((${usersCountQuery(shape)(db)}), 0)`.mapWith(Number),
  }
  const page =
    shape.search === 'name'
      ? db
          .select(columns)
          .from(profileSearchKeys)
          .innerJoin(profiles, eq(profiles.id, profileSearchKeys.profileId))
          .where(and(eq(profileSearchKeys.key, searchKey), ...conditions))
      : db
          .select(columns)
          .from(profiles)
          .where(conditions.length ? and(...conditions) : undefined)
  return page
    .orderBy(...usersOrder(shape))
    .limit(USERS_PAGE_SIZE)
    .offset(sql.placeholder('offset'))
}

// Filters alone are counted in list order, so the count walks the same index as the page and
// stops at the cap. An address, or a name with filters, counts its matches as they come; a name
// alone is its key's count, kept by the keys' trigger.
const usersCountQuery = (shape: UsersShape) => (db: DbOrTx) => {
  if (shape.search === 'name' && !shape.gender && shape.admin === 'all' && shape.paused === 'all')
    return keyCountQuery(db)
  const conditions = usersConditions(shape)
  const matching = db
    .select({ one: sql`1` })
    .from(profiles)
    .where(conditions.length ? and(...conditions) : undefined)
  const matches =
    shape.search === 'name'
      ? db
          .select({ one: sql`1` })
          .from(profileSearchKeys)
          .innerJoin(profiles, eq(profiles.id, profileSearchKeys.profileId))
          .where(and(eq(profileSearchKeys.key, searchKey), ...conditions))
      : shape.search === 'email'
        ? matching
        : matching.orderBy(...usersOrder(shape))
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(matches.limit(sql.placeholder('cap')).as('matches'))
}

export async function listUsers(db: Db, query: UsersQuery): Promise<AdminUsersPage> {
  const search = query.search
  const shape: UsersShape = {
    search: search === '' ? 'none' : search.includes('@') ? 'email' : 'name',
    gender: query.gender !== 'all',
    admin: query.admin,
    paused: query.paused,
    sort: query.sort,
    direction: query.direction,
  }
  const offset = (query.page - 1) * USERS_PAGE_SIZE
  const cap = offset + ADMIN_COUNT_CAP
  // Every value a shape may use; each statement takes the ones it names.
  const values = {
    search,
    gender: query.gender,
    offset,
    cap: cap + 1,
  }
  const { rows, total } = await shapedPage(db, shapeName('admin_users', shape), values, offset, {
    page: () => usersPageQuery(shape),
    count: () => usersCountQuery(shape),
  })
  return {
    items: rows.map(({ total: _total, ...row }) => toAdminUser(row)),
    total: Math.min(total, cap),
    totalCapped: total > cap,
    page: query.page,
    pageSize: USERS_PAGE_SIZE,
  }
}

const keyCountQuery = (db: DbOrTx) =>
  db
    .select({ total: profileSearchKeyCounts.profiles })
    .from(profileSearchKeyCounts)
    .where(eq(profileSearchKeyCounts.key, searchKey))

export async function countOfKey(db: Db, search: string) {
  const [count] = await db.prepared('admin_search_key_count', keyCountQuery).execute({ search })
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
          selfRating: profiles.selfRating,
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
    friends: friends.map((f) => ({
      ...f,
      duprRating: f.duprRating === null ? null : Number(f.duprRating),
      selfRating: Number(f.selfRating),
    })),
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

// Locks every admin row and the target's, in one statement and in id order: two admins acting
// on each other at once cannot both succeed, nor deadlock (the target locked afterwards, out of
// that order, deadlocked with another admin's lock of the admins once in a while). Then checks
// the actor is still an active admin: one who was just demoted or paused by another admin acts
// no more, so an active admin always remains.
async function lockAdminsAnd(tx: Tx, actor: Actor, targetId: string) {
  const rows = await tx
    .select({ id: profiles.id, isAdmin: profiles.isAdmin, isPaused: profiles.isPaused })
    .from(profiles)
    // `is_admin` written out, not sent as a value, so every plan reads the admins' partial index.
    .where(or(sql`${profiles.isAdmin}`, eq(profiles.id, targetId)))
    .orderBy(profiles.id)
    .for('update')
  const me = rows.find((row) => row.id === actor.id && row.isAdmin)
  if (!me || me.isPaused) throw new AppError('forbidden', 'You do not have permission to access this page.')
  const target = rows.find((row) => row.id === targetId)
  if (!target) throw new AppError('not_found', USER_NOT_FOUND)
  return { admins: rows.filter((row) => row.isAdmin), target }
}

export async function setAdmin(db: Db, actor: Actor, id: string, isAdmin: boolean) {
  await db.transaction(async (tx) => {
    if (id === actor.id) throw new AppError('forbidden', OWN_ADMIN_STATUS_REFUSED)
    const { admins, target } = await lockAdminsAnd(tx, actor, id)
    if (target.isAdmin === isAdmin) return
    if (!isAdmin && admins.length <= 1) throw new AppError('conflict', 'The last admin cannot be demoted')
    await tx.update(profiles).set({ isAdmin }).where(eq(profiles.id, id))
    await recordAudit(tx, actor.id, isAdmin ? 'make_admin' : 'remove_admin', id)
  })
  return getUserDetail(db, id)
}

export async function setPaused(db: Db, actor: Actor, id: string, isPaused: boolean) {
  await db.transaction(async (tx) => {
    if (id === actor.id) throw new AppError('forbidden', OWN_ACCESS_REFUSED)
    const { target } = await lockAdminsAnd(tx, actor, id)
    if (target.isPaused === isPaused) return
    await tx.update(profiles).set({ isPaused }).where(eq(profiles.id, id))
    if (isPaused) {
      // Paused means signed out everywhere, at once: sessions revoked, live streams closed.
      await revokeAllSessions(tx, id)
      await endUserStreams(tx, id, 'paused')
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

// An admin makes a signup code; the audit log records it in the same transaction.
export async function createAuditedSignupCode(
  db: Db,
  actor: Actor,
  input: z.output<typeof createSignupCodeInput>,
) {
  const created = await db.transaction(async (tx) => {
    const code = await createSignupCode(tx, { ...input, createdById: actor.id })
    await recordAudit(tx, actor.id, 'create_signup_code', input.assignedToId ?? null, { code: code.code })
    return code
  })
  return signupCodeView(db, created.id)
}
