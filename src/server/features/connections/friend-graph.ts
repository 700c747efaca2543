import { type SQLWrapper, and, eq, inArray, or, sql } from 'drizzle-orm'
import { type DbOrTx, rowsOf } from '../../db/client'
import { profileSummaryColumns, toPlayer } from '../../db/player-summary'
import { connections, profiles } from '../../db/schema'

// The friend graph as other features ask it: PlayDates, partner lists and SUPR Builder check a
// partner and offer the friends to pick from.

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
