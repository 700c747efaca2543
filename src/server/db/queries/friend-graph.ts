import { type Placeholder, type SQLWrapper, and, eq, inArray, or, sql } from 'drizzle-orm'
import type { FriendStatus, PartnerStatus } from '../../../domain/connections/connection.schema'
import { type DbOrTx, rowsOf } from '../client'
import { profileSummaryColumns, toPlayer } from '../player-summary'
import { connections, profiles } from '../schema'

// The friend graph as features ask it: PlayDates, partner lists and SUPR Builder check a partner
// and offer the friends to pick from; connections and the public profile read a pair's live
// connection.

export type LiveType = 'friend' | 'partner'

// Rows between two players, whichever side asked.
export const betweenPair = (a: string | Placeholder, b: string | Placeholder) =>
  or(
    and(eq(connections.requesterId, a), eq(connections.receiverId, b)),
    and(eq(connections.requesterId, b), eq(connections.receiverId, a)),
  )

export const isLive = inArray(connections.status, ['pending', 'accepted'])

// The same lookup as a subquery of a larger read (its id, status and who asked), for pages that
// fetch everything in one statement.
export const liveConnectionSubquery = (
  db: DbOrTx,
  a: string | Placeholder,
  b: string | Placeholder,
  type: LiveType,
) =>
  db
    .select({ id: connections.id, status: connections.status, requesterId: connections.requesterId })
    .from(connections)
    .where(and(betweenPair(a, b), eq(connections.type, type), isLive))
    .limit(1)

type LiveRow = { status: string; requesterId: string }

export function statusFrom(row: LiveRow | undefined, viewerId: string): FriendStatus {
  if (!row) return 'none'
  if (row.status === 'accepted') return 'friends'
  return row.requesterId === viewerId ? 'sent' : 'received'
}

export function partnerStatusFrom(row: LiveRow | undefined, viewerId: string): PartnerStatus {
  if (!row) return 'none'
  if (row.status === 'accepted') return 'partners'
  return row.requesterId === viewerId ? 'sent' : 'received'
}

// Accepted friends in either direction.
const acceptedFriendship = (a: string | SQLWrapper, b: string | SQLWrapper) =>
  and(
    eq(connections.type, 'friend'),
    eq(connections.status, 'accepted'),
    or(
      and(eq(connections.requesterId, a), eq(connections.receiverId, b)),
      and(eq(connections.requesterId, b), eq(connections.receiverId, a)),
    ),
  )

export async function areFriends(db: DbOrTx, a: string, b: string) {
  const rows = await db
    .select({ id: connections.id })
    .from(connections)
    .where(acceptedFriendship(a, b))
    .limit(1)
  return rows.length > 0
}

// `b` can be `a`'s partner: an accepted friend whose access is not paused (a paused player
// cannot sign in, so could neither see nor play the PlayDate). As a condition for a larger
// statement, and on its own.
export const playablePartner = (a: string | SQLWrapper, b: string | SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${connections}
    join ${profiles} on ${profiles.id} = ${b}::uuid and not ${profiles.isPaused}
    where ${acceptedFriendship(a, b)})`

export async function isPlayablePartner(db: DbOrTx, a: string, b: string) {
  const [row] = rowsOf<{ ok: boolean }>(await db.execute(sql`select ${playablePartner(a, b)} as ok`))
  return row?.ok === true
}

// The user's accepted friends, regular partners first, then by name.
export async function listPartnerOptions(db: DbOrTx, userId: string) {
  const friendRows = await db
    .select({
      friendId: sql<string>`case when ${connections.requesterId} = ${userId} then ${connections.receiverId} else ${connections.requesterId} end`,
    })
    .from(connections)
    .where(
      and(
        eq(connections.type, 'friend'),
        eq(connections.status, 'accepted'),
        or(eq(connections.requesterId, userId), eq(connections.receiverId, userId)),
      ),
    )
    .limit(1000)
  const ids = friendRows.map((r) => r.friendId)
  if (ids.length === 0) return []
  const partnerRows = await db
    .select({ requesterId: connections.requesterId, receiverId: connections.receiverId })
    .from(connections)
    .where(
      and(
        eq(connections.type, 'partner'),
        eq(connections.status, 'accepted'),
        or(eq(connections.requesterId, userId), eq(connections.receiverId, userId)),
      ),
    )
  const regular = new Set(partnerRows.map((r) => (r.requesterId === userId ? r.receiverId : r.requesterId)))
  const people = await db
    .select(profileSummaryColumns)
    .from(profiles)
    .where(and(inArray(profiles.id, ids), eq(profiles.isPaused, false)))
  return people
    .map((p) => ({ ...toPlayer(p), isRegularPartner: regular.has(p.id) }))
    .sort(
      (x, y) =>
        Number(y.isRegularPartner) - Number(x.isRegularPartner) ||
        x.firstName.localeCompare(y.firstName) ||
        x.lastName.localeCompare(y.lastName),
    )
}
