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

// What any signed-in player sees of another (or of themselves): the age instead of the
// birthdate, no email; accepted friends and the players this one watches, bounded.
export async function getPublicProfile(
  db: DbOrTx,
  viewerId: string,
  profileId: string,
): Promise<PublicProfileOutput> {
  const started = performance.now()
  const [profile] = await db
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
    .where(eq(profiles.id, profileId))
  if (!profile) throw new AppError('not_found', PROFILE_NOT_FOUND)

  const isFriendOf = and(
    eq(connections.type, 'friend'),
    eq(connections.status, 'accepted'),
    sql`${profileId} in (${connections.requesterId}, ${connections.receiverId})`,
  )
  const watchedBy = and(
    eq(connections.type, 'watched'),
    eq(connections.status, 'accepted'),
    eq(connections.requesterId, profileId),
  )
  const friendSide = sql`case when ${connections.requesterId} = ${profileId} then ${connections.receiverId} else ${connections.requesterId} end`

  const [friends, watched, [friendTotal], [watchedTotal]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(connections)
      .innerJoin(other, eq(other.id, friendSide))
      .where(isFriendOf)
      .orderBy(...byName)
      .limit(PUBLIC_CONNECTIONS_LIMIT),
    db
      .select(summaryColumns)
      .from(connections)
      .innerJoin(other, eq(other.id, connections.receiverId))
      .where(watchedBy)
      .orderBy(...byName)
      .limit(PUBLIC_CONNECTIONS_LIMIT),
    db.select({ value: count() }).from(connections).where(isFriendOf),
    db.select({ value: count() }).from(connections).where(watchedBy),
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

  let viewer: PublicProfileOutput['viewer'] = null
  if (viewerId !== profileId) {
    const [friendship, partnership, [watching]] = await Promise.all([
      findLiveConnection(db, viewerId, profileId, 'friend'),
      findLiveConnection(db, viewerId, profileId, 'partner'),
      db
        .select({ id: connections.id })
        .from(connections)
        .where(
          and(
            eq(connections.type, 'watched'),
            eq(connections.requesterId, viewerId),
            eq(connections.receiverId, profileId),
          ),
        ),
    ])
    viewer = {
      friendStatus: statusFrom(friendship, viewerId),
      friendConnectionId: friendship?.id ?? null,
      isWatching: watching !== undefined,
      partnerStatus: partnerStatusFrom(partnership, viewerId),
      partnerConnectionId: partnership?.id ?? null,
    }
  }

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
