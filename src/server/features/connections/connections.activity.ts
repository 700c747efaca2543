import { millisecondsInDay } from 'date-fns/constants'
import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm'
import {
  FRIEND_ACTIVITY_DAYS,
  FRIEND_ACTIVITY_MAX,
  type ActivityPlayer,
  type FriendActivityItem,
  type FriendActivityOutput,
} from '../../../domain/connections/activity.schema'
import { profilePhotoUrl } from '../../../domain/players/profile-photo'
import type { DbOrTx } from '../../db/client'
import { connections, playDates, profiles } from '../../db/schema'
import { offeredTo } from '../../db/queries'

// What the player's friends did lately that anyone signed in could see anyway (decision 0103):
// PlayDates they posted that are still open, and friendships they made (public profiles list
// friends). Never a match, a chat or a result, never what a paused player did, never the viewer.

// The viewer's accepted friends: two lookups on the requester and receiver indexes.
const friendsOf = (viewerId: string) => sql`(
  select receiver_id from ${connections}
    where requester_id = ${viewerId} and type = 'friend' and status = 'accepted'
  union all
  select requester_id from ${connections}
    where receiver_id = ${viewerId} and type = 'friend' and status = 'accepted'
)`

const playerColumns = {
  id: profiles.id,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  photoVersion: profiles.photoVersion,
}

type PlayerRow = { id: string; firstName: string; lastName: string; photoVersion: string | null }
const toPlayer = (row: PlayerRow): ActivityPlayer => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  photoUrl: profilePhotoUrl(row.id, row.photoVersion),
})

// Open PlayDates friends created, newest first (play_dates_creator_idx for each friend).
async function postedPlayDates(db: DbOrTx, viewerId: string, since: Date, now: Date) {
  const rows = await db
    .select({
      id: playDates.id,
      at: playDates.createdAt,
      type: playDates.type,
      paymentPerHourMax: playDates.paymentPerHourMax,
      state: playDates.state,
      startsAt: playDates.startsAt,
      timeZone: playDates.timeZone,
      friend: playerColumns,
    })
    .from(playDates)
    .innerJoin(profiles, eq(profiles.id, playDates.creatorId))
    .where(
      and(
        sql`${playDates.creatorId} in ${friendsOf(viewerId)}`,
        eq(playDates.status, 'open'),
        gte(playDates.createdAt, since),
        // One the viewer is on is theirs already, not news.
        sql`${playDates.partnerId} is distinct from ${viewerId}`,
        // A group's game the viewer may not see yet is no one's news (docs/decisions/0168).
        offeredTo(sql`${viewerId}::uuid`, sql`${now.toISOString()}::timestamptz`),
        eq(profiles.isPaused, false),
      ),
    )
    .orderBy(desc(playDates.createdAt), desc(playDates.id))
    .limit(FRIEND_ACTIVITY_MAX)
  return rows.map((row): FriendActivityItem => ({
    kind: 'play_date_posted',
    id: `play_date_posted:${row.id}`,
    at: row.at.toISOString(),
    friend: toPlayer(row.friend),
    playDate: {
      id: row.id,
      type: row.type,
      paymentPerHourMax: row.paymentPerHourMax,
      state: row.state,
      startsAt: row.startsAt?.toISOString() ?? null,
      timeZone: row.timeZone,
    },
  }))
}

// Friendships friends made with someone else, newest first (the connections' requester and
// receiver indexes for each friend). A friendship between two of the viewer's friends shows once.
async function newFriendships(db: DbOrTx, viewerId: string, since: Date) {
  const friends = friendsOf(viewerId)
  const rows = await db
    .select({
      id: connections.id,
      at: connections.updatedAt,
      requesterId: connections.requesterId,
      receiverId: connections.receiverId,
      requesterIsFriend: sql<boolean>`${connections.requesterId} in ${friends}`,
    })
    .from(connections)
    .where(
      and(
        eq(connections.type, 'friend'),
        eq(connections.status, 'accepted'),
        gte(connections.updatedAt, since),
        sql`(${connections.requesterId} in ${friends} or ${connections.receiverId} in ${friends})`,
        ne(connections.requesterId, viewerId),
        ne(connections.receiverId, viewerId),
      ),
    )
    .orderBy(desc(connections.updatedAt), desc(connections.id))
    .limit(FRIEND_ACTIVITY_MAX)
  if (rows.length === 0) return []
  const ids = [...new Set(rows.flatMap((r) => [r.requesterId, r.receiverId]))]
  const people = await db
    .select(playerColumns)
    .from(profiles)
    .where(and(inArray(profiles.id, ids), eq(profiles.isPaused, false)))
  const byId = new Map(people.map((p) => [p.id, toPlayer(p)]))
  return rows.flatMap((row): FriendActivityItem[] => {
    const [friendId, otherId] = row.requesterIsFriend
      ? [row.requesterId, row.receiverId]
      : [row.receiverId, row.requesterId]
    const friend = byId.get(friendId)
    const other = byId.get(otherId)
    if (!friend || !other) return []
    return [
      { kind: 'became_friends', id: `became_friends:${row.id}`, at: row.at.toISOString(), friend, other },
    ]
  })
}

export async function listFriendActivity(
  db: DbOrTx,
  viewerId: string,
  now: Date,
): Promise<FriendActivityOutput> {
  const since = new Date(now.getTime() - FRIEND_ACTIVITY_DAYS * millisecondsInDay)
  const [posted, friendships] = await Promise.all([
    postedPlayDates(db, viewerId, since, now),
    newFriendships(db, viewerId, since),
  ])
  const items = [...posted, ...friendships]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, FRIEND_ACTIVITY_MAX)
  return { items }
}
