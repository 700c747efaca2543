import { and, asc, count, eq, isNotNull, sql, type SQLWrapper } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { ageOn } from '../../../domain/auth/auth.schema'
import { ageRangeOf } from '../../../domain/profiles/age-range.rules'
import type { ConnectionStatus, PlayerSummary } from '../../../domain/connections/connection.schema'
import { AppError } from '../../../domain/errors'
import {
  comparePublicConnections,
  PUBLIC_CONNECTIONS_LIMIT,
  type PublicConnection,
  type PublicProfileOutput,
} from '../../../domain/profiles/public-profile.schema'
import { profilePhotoUrl } from '../../../domain/players/profile-photo'
import type { PlaysAtVenue } from '../../../domain/profiles/profile-about.schema'
import type { DbOrTx } from '../../db/client'
import { connections, profiles } from '../../db/schema'
import { liveConnectionSubquery, partnerStatusFrom, statusFrom } from '../../db/queries'
import { reliabilityColumn, reliabilitySince } from '../../db/queries'
import { profileSummaryColumns, summaryColumnsOf } from '../../db/player-summary'
import { placeOfZip } from '../../lib/geodata'

export const PROFILE_NOT_FOUND = 'Profile Not Found'

const other = alias(profiles, 'other')
const summaryColumns = summaryColumnsOf(other)

const byName = [asc(other.firstName), asc(other.lastName), asc(other.id)]

// Every statement of the page is a prepared query (docs/decisions/0040-performance-at-scale.md):
// the two players go in as placeholders.
const profileParam = sql.placeholder('profileId')
const viewerParam = sql.placeholder('viewerId')

const profileColumns = {
  ...profileSummaryColumns,
  birthdate: profiles.birthdate,
  zipCode: profiles.zipCode,
  showsBirthdateAndZip: profiles.showsBirthdateAndZip,
  bio: profiles.bio,
}

// The venues in use the player plays at, in their order, as one JSON array (retired ones left out).
const playsAtJson = sql<PlaysAtVenue[]>`(
  select coalesce(
    json_agg(
      json_build_object('id', v.id, 'name', v.name, 'address', v.address, 'city', v.city, 'state', v.state)
      order by pv.position
    ),
    '[]'::json
  )
  from player_venues pv join venues v on v.id = pv.venue_id
  where pv.profile_id = ${profileParam} and v.retired_at is null
)`

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

// One connection row of a pair, as the statement below returns it (JSON keys are column names).
interface LiveJson {
  id: string
  status: ConnectionStatus
  requester_id: string
}
// One listed player, as the statement below returns it.
interface SummaryJson {
  id: string
  first_name: string
  last_name: string
  gender: PlayerSummary['gender']
  dupr_rating: number | string | null
  self_rating: number | string
  photo_version: string | null
}

const fromJson = (row: SummaryJson): PlayerSummary => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  gender: row.gender,
  duprRating: row.dupr_rating === null ? null : Number(row.dupr_rating),
  selfRating: Number(row.self_rating),
  photoUrl: profilePhotoUrl(row.id, row.photo_version),
})
const liveFromJson = (row: LiveJson | null) =>
  row ? { id: row.id, status: row.status, requesterId: row.requester_id } : undefined

// A list subquery as one JSON array, in the list's own order (by name).
const jsonList = (list: SQLWrapper) =>
  sql<
    SummaryJson[]
  >`(select coalesce(json_agg(l order by l.first_name, l.last_name, l.id), '[]'::json) from (${list}) l)`
const jsonRow = (row: SQLWrapper) => sql<LiveJson | null>`(select row_to_json(r) from (${row}) r)`

// The whole page in one statement: the player, both lists and their totals, and where the viewer
// stands (friend and partner connections, watching). Seven statements cost seven round trips and
// most of the server's CPU on this page (docs/decisions/0040-performance-at-scale.md).
const pageQuery = (db: DbOrTx) =>
  db
    .select({
      ...profileColumns,
      playsAt: playsAtJson,
      friends: jsonList(friendsQuery(db)),
      watched: jsonList(watchedQuery(db)),
      friendCount: sql<number>`(${friendTotalQuery(db)})`.mapWith(Number),
      watchedCount: sql<number>`(${watchedTotalQuery(db)})`.mapWith(Number),
      friendship: jsonRow(liveConnectionSubquery(db, viewerParam, profileParam, 'friend')),
      partnership: jsonRow(liveConnectionSubquery(db, viewerParam, profileParam, 'partner')),
      watching: sql<boolean>`exists (${watchingQuery(db)})`,
      // The player's record over the last 12 months, in the same statement.
      reliability: reliabilityColumn(profileParam, sql`${sql.placeholder('since')}::timestamptz`),
    })
    .from(profiles)
    // An account nobody confirmed is not shown, as in the searches (docs/decisions/0058).
    .where(and(eq(profiles.id, profileParam), isNotNull(profiles.emailVerifiedAt)))

// "Tempe, AZ" from a ZIP code, or what the place list knows of it; never the ZIP code itself.
function publicPlaceOf(zipCode: string | null): string | null {
  const place = zipCode ? placeOfZip(zipCode) : null
  return place ? [place.city, place.state].filter(Boolean).join(', ') || null : null
}

// What any signed-in player sees of another (or of themselves): the age range and the city, no
// email; accepted friends and the players this one watches, bounded. The birthdate and ZIP code
// go to the player, to admins, and to everyone when the player chose to show them; the ids for the
// debug panel to the player and admins only (docs/decisions/0160).
export async function getPublicProfile(
  db: DbOrTx,
  asker: { id: string; isAdmin: boolean },
  profileId: string,
  now: Date,
): Promise<PublicProfileOutput> {
  const viewerId = asker.id
  const [page] = await db.prepared('public_profile_page', pageQuery).execute({
    profileId,
    viewerId,
    since: reliabilitySince(now).toISOString(),
  })
  if (!page) throw new AppError('not_found', PROFILE_NOT_FOUND)
  const reliability = page.reliability
  const friends = page.friends.map(fromJson)
  const watched = page.watched.map(fromJson)
  const friendship = liveFromJson(page.friendship)
  const partnership = liveFromJson(page.partnership)
  const viewer =
    viewerId === profileId
      ? null
      : {
          friendStatus: statusFrom(friendship, viewerId),
          friendConnectionId: friendship?.id ?? null,
          isWatching: page.watching,
          partnerStatus: partnerStatusFrom(partnership, viewerId),
          partnerConnectionId: partnership?.id ?? null,
        }

  const isOwnerOrAdmin = viewerId === profileId || asker.isAdmin
  const age = ageOn(page.birthdate, now)

  // A friend who is also watched is listed once, as Friend.
  const friendIds = friends.map((row) => row.id)
  const friendSet = new Set(friendIds)
  const listed: PublicConnection[] = [
    ...friends.map((row) => ({ ...row, kind: 'friend' as const })),
    ...watched.filter((row) => !friendSet.has(row.id)).map((row) => ({ ...row, kind: 'watching' as const })),
  ]
  listed.sort(comparePublicConnections)

  return {
    profile: {
      id: page.id,
      firstName: page.firstName,
      lastName: page.lastName,
      gender: page.gender,
      duprRating: page.duprRating === null ? null : Number(page.duprRating),
      selfRating: Number(page.selfRating),
      ageRange: ageRangeOf(age),
      place: publicPlaceOf(page.zipCode),
      exact:
        isOwnerOrAdmin || page.showsBirthdateAndZip
          ? { birthdate: page.birthdate, age, zipCode: page.zipCode, isPublic: page.showsBirthdateAndZip }
          : null,
      photoUrl: profilePhotoUrl(page.id, page.photoVersion),
      bio: page.bio,
      playsAt: page.playsAt,
    },
    connections: listed,
    reliability,
    friendCount: page.friendCount,
    watchedCount: page.watchedCount,
    viewer,
    debug: isOwnerOrAdmin ? { friendIds, watchedIds: watched.map((row) => row.id) } : null,
  }
}
