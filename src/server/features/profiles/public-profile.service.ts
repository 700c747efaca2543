import { and, asc, count, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { ageOn } from '../../../domain/auth/auth.schema'
import type { PlayerSummary } from '../../../domain/connections/connection.schema'
import { AppError } from '../../../domain/errors'
import {
  comparePublicConnections,
  PUBLIC_CONNECTIONS_LIMIT,
  type PublicConnection,
  type PublicProfileOutput,
} from '../../../domain/profiles/public-profile.schema'
import type { DbOrTx } from '../../db/client'
import { preparedQuery } from '../../db/prepared'
import { connections, profiles } from '../../db/schema'
import { findLiveConnection, partnerStatusFrom, statusFrom } from '../connections/connections.service'

export const PROFILE_NOT_FOUND = 'Profile Not Found'

const other = alias(profiles, 'other')
const summaryColumns = {
  id: other.id,
  firstName: other.firstName,
  lastName: other.lastName,
  gender: other.gender,
  duprRating: other.duprRating,
  selfRating: other.selfRating,
}

const toSummary = (row: {
  id: string
  firstName: string
  lastName: string
  gender: PlayerSummary['gender']
  duprRating: number | string
  selfRating: number | string
}): PlayerSummary => ({
  ...row,
  duprRating: Number(row.duprRating),
  selfRating: Number(row.selfRating),
})

const byName = [asc(other.firstName), asc(other.lastName), asc(other.id)]

// Every statement of the page is a prepared query (docs/decisions/0040-performance-at-scale.md):
// the two players go in as placeholders.
const profileParam = sql.placeholder('profileId')
const viewerParam = sql.placeholder('viewerId')

const profileQuery = (db: DbOrTx) =>
  db
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      gender: profiles.gender,
      duprRating: profiles.duprRating,
      selfRating: profiles.selfRating,
      birthdate: profiles.birthdate,
      zipCode: profiles.zipCode,
    })
    .from(profiles)
    .where(eq(profiles.id, profileParam))

const isFriendOf = and(
  eq(connections.type, 'friend'),
  eq(connections.status, 'accepted'),
  sql`${profileParam} in (${connections.requesterId}, ${connections.receiverId})`,
)
const watchedBy = and(
  eq(connections.type, 'watched'),
  eq(connections.status, 'accepted'),
  eq(connections.requesterId, profileParam),
)
const friendSide = sql`case when ${connections.requesterId} = ${profileParam} then ${connections.receiverId} else ${connections.requesterId} end`

const friendsQuery = (db: DbOrTx) =>
  db
    .select(summaryColumns)
    .from(connections)
    .innerJoin(other, eq(other.id, friendSide))
    .where(isFriendOf)
    .orderBy(...byName)
    .limit(PUBLIC_CONNECTIONS_LIMIT)

const watchedQuery = (db: DbOrTx) =>
  db
    .select(summaryColumns)
    .from(connections)
    .innerJoin(other, eq(other.id, connections.receiverId))
    .where(watchedBy)
    .orderBy(...byName)
    .limit(PUBLIC_CONNECTIONS_LIMIT)

const friendTotalQuery = (db: DbOrTx) => db.select({ value: count() }).from(connections).where(isFriendOf)
const watchedTotalQuery = (db: DbOrTx) => db.select({ value: count() }).from(connections).where(watchedBy)

const watchingQuery = (db: DbOrTx) =>
  db
    .select({ id: connections.id })
    .from(connections)
    .where(
      and(
        eq(connections.type, 'watched'),
        eq(connections.requesterId, viewerParam),
        eq(connections.receiverId, profileParam),
      ),
    )

// Where the viewer stands with another player.
async function viewerStanding(
  db: DbOrTx,
  viewerId: string,
  profileId: string,
): Promise<NonNullable<PublicProfileOutput['viewer']>> {
  const [friendship, partnership, [watching]] = await Promise.all([
    findLiveConnection(db, viewerId, profileId, 'friend'),
    findLiveConnection(db, viewerId, profileId, 'partner'),
    preparedQuery(db, 'public_profile_watching', watchingQuery).execute({ viewerId, profileId }),
  ])
  return {
    friendStatus: statusFrom(friendship, viewerId),
    friendConnectionId: friendship?.id ?? null,
    isWatching: watching !== undefined,
    partnerStatus: partnerStatusFrom(partnership, viewerId),
    partnerConnectionId: partnership?.id ?? null,
  }
}

// What any signed-in player sees of another (or of themselves): the age instead of the
// birthdate, no email; accepted friends and the players this one watches, bounded.
export async function getPublicProfile(
  db: DbOrTx,
  viewerId: string,
  profileId: string,
): Promise<PublicProfileOutput> {
  const started = performance.now()
  const [profile] = await preparedQuery(db, 'public_profile', profileQuery).execute({ profileId })
  if (!profile) throw new AppError('not_found', PROFILE_NOT_FOUND)

  // The lists, their totals and where the viewer stands are independent: all at once.
  const [friends, watched, [friendTotal], [watchedTotal], viewer] = await Promise.all([
    preparedQuery(db, 'public_profile_friends', friendsQuery).execute({ profileId }),
    preparedQuery(db, 'public_profile_watched', watchedQuery).execute({ profileId }),
    preparedQuery(db, 'public_profile_friend_total', friendTotalQuery).execute({ profileId }),
    preparedQuery(db, 'public_profile_watched_total', watchedTotalQuery).execute({ profileId }),
    viewerId === profileId ? null : viewerStanding(db, viewerId, profileId),
  ])

  // A friend who is also watched is listed once, as Friend.
  const friendIds = friends.map((row) => row.id)
  const friendSet = new Set(friendIds)
  const listed: PublicConnection[] = [
    ...friends.map((row) => ({ ...toSummary(row), kind: 'friend' as const })),
    ...watched
      .filter((row) => !friendSet.has(row.id))
      .map((row) => ({ ...toSummary(row), kind: 'watching' as const })),
  ]
  listed.sort(comparePublicConnections)

  return {
    profile: {
      id: profile.id,
      firstName: profile.firstName,
      lastName: profile.lastName,
      gender: profile.gender,
      duprRating: Number(profile.duprRating),
      selfRating: Number(profile.selfRating),
      age: ageOn(profile.birthdate),
      zipCode: profile.zipCode,
    },
    connections: listed,
    friendIds,
    watchedIds: watched.map((row) => row.id),
    friendCount: friendTotal?.value ?? 0,
    watchedCount: watchedTotal?.value ?? 0,
    viewer,
    queryMs: Math.round((performance.now() - started) * 10) / 10,
  }
}
