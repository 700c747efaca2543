import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import type { SessionUser } from '../../../domain/profiles/profile.schema'
import { playingRating } from '../../../domain/players/rating.rules'
import {
  type AgeGroup,
  type Player,
  PROFILE_SEARCH_LIMIT,
  type PlayerValues,
  type ProfileSearchResult,
} from '../../../domain/team-builder/player.schema'
import { ageByYearDifference, FIFTY_OR_OVER_AGE } from '../../../domain/team-builder/team.rules'
import {
  isCloseInRating,
  orderByRatingCloseness,
  ratingGapHundredths,
  type TrainingPartnersOutput,
} from '../../../domain/team-builder/training.rules'
import type { Db, DbOrTx } from '../../db/client'
import { connections, players, profiles } from '../../db/schema'
import { lockProfile } from '../profiles'

const PLAYER_NOT_FOUND = 'Player not found'
const PROFILE_NOT_FOUND = 'Profile not found'
const OWN_PROFILE = 'You are the captain: your own profile cannot be added as a player'
const ALREADY_LINKED = 'This profile is already linked to one of your players'

// A user keeps a short private list; this bounds a list that a script could grow.
export const MAX_PLAYERS_PER_USER = 500
// Train with Friends lists at most this many friends, closest DUPR first.
export const TRAINING_PARTNERS_LIMIT = 100

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type PlayerRow = typeof players.$inferSelect

interface LinkedProfile {
  id: string
  firstName: string
  lastName: string
}

const toPlayer = (row: PlayerRow, linked: Map<string, LinkedProfile>): Player => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  gender: row.gender,
  ageGroup: row.ageGroup,
  duprRating: Number(row.duprRating),
  duprId: row.duprId,
  profileLinked: row.profileLinked,
  profileId: row.profileId,
  linkedProfile: (row.profileId && linked.get(row.profileId)) || null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

// Players with the names of their linked profiles, in one query for the whole list.
async function toPlayers(db: DbOrTx, rows: PlayerRow[]): Promise<Player[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.profileId ? [row.profileId] : [])))]
  const linked = new Map<string, LinkedProfile>()
  if (ids.length > 0) {
    const found = await db
      .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(inArray(profiles.id, ids))
    for (const profile of found) linked.set(profile.id, profile)
  }
  return rows.map((row) => toPlayer(row, linked))
}

async function toOnePlayer(db: DbOrTx, row: PlayerRow): Promise<Player> {
  const [result] = await toPlayers(db, [row])
  if (!result) throw new Error('player mapping failed')
  return result
}

const ageGroupOf = (birthdate: string): AgeGroup =>
  ageByYearDifference(birthdate) >= FIFTY_OR_OVER_AGE ? '50_or_over' : 'under_50'

export async function listPlayers(db: Db, userId: string): Promise<Player[]> {
  const rows = await db
    .select()
    .from(players)
    .where(eq(players.userId, userId))
    .orderBy(desc(players.createdAt), desc(players.id))
    .limit(MAX_PLAYERS_PER_USER)
  return toPlayers(db, rows)
}

// Someone else's player, or an id that is not one, is simply not found.
async function findOwnPlayer(db: DbOrTx, userId: string, id: string) {
  if (!UUID.test(id)) return undefined
  const [row] = await db
    .select()
    .from(players)
    .where(and(eq(players.id, id), eq(players.userId, userId)))
    .limit(1)
  return row
}

export async function getPlayer(db: Db, userId: string, id: string): Promise<Player> {
  const row = await findOwnPlayer(db, userId, id)
  if (!row) throw new AppError('not_found', PLAYER_NOT_FOUND)
  return toOnePlayer(db, row)
}

async function requireLinkableProfile(
  tx: DbOrTx,
  userId: string,
  profileId: string,
  exceptPlayerId?: string,
) {
  if (profileId === userId) throw new AppError('invalid', OWN_PROFILE, { profileId: OWN_PROFILE })
  // An account whose address was never confirmed is hidden everywhere, as in the profile
  // search: linking it would show its name, so it is not found.
  const [profile] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), isNotNull(profiles.emailVerifiedAt)))
    .limit(1)
  if (!profile) throw new AppError('invalid', PROFILE_NOT_FOUND, { profileId: PROFILE_NOT_FOUND })
  const [linked] = await tx
    .select({ id: players.id })
    .from(players)
    .where(
      and(
        eq(players.userId, userId),
        eq(players.profileId, profileId),
        exceptPlayerId ? ne(players.id, exceptPlayerId) : undefined,
      ),
    )
    .limit(1)
  if (linked) throw new AppError('conflict', ALREADY_LINKED, { profileId: ALREADY_LINKED })
}

const columnsOf = (input: PlayerValues) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  gender: input.gender,
  ageGroup: input.ageGroup,
  duprRating: input.duprRating,
  duprId: input.duprId,
  profileId: input.profileId,
  profileLinked: input.profileId !== null,
})

export async function createPlayer(db: Db, userId: string, input: PlayerValues): Promise<Player> {
  return db.transaction(async (tx) => {
    // One player's writes in turn: two cannot both link the same profile or both slip under the
    // limit.
    await lockProfile(tx, userId)
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(players)
      .where(eq(players.userId, userId))
    if ((count?.n ?? 0) >= MAX_PLAYERS_PER_USER) {
      throw new AppError('conflict', `You can keep at most ${MAX_PLAYERS_PER_USER} players`)
    }
    if (input.profileId) await requireLinkableProfile(tx, userId, input.profileId)
    const [row] = await tx
      .insert(players)
      .values({ userId, ...columnsOf(input) })
      .returning()
    if (!row) throw new Error('player insert returned nothing')
    return toOnePlayer(tx, row)
  })
}

export async function updatePlayer(db: Db, userId: string, id: string, input: PlayerValues): Promise<Player> {
  return db.transaction(async (tx) => {
    await lockProfile(tx, userId)
    const existing = await findOwnPlayer(tx, userId, id)
    if (!existing) throw new AppError('not_found', PLAYER_NOT_FOUND)
    if (input.profileId) await requireLinkableProfile(tx, userId, input.profileId, existing.id)
    const [row] = await tx
      .update(players)
      .set(columnsOf(input))
      .where(and(eq(players.id, existing.id), eq(players.userId, userId)))
      .returning()
    if (!row) throw new AppError('not_found', PLAYER_NOT_FOUND)
    return toOnePlayer(tx, row)
  })
}

export async function deletePlayer(db: Db, userId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw new AppError('not_found', PLAYER_NOT_FOUND)
  const deleted = await db
    .delete(players)
    .where(and(eq(players.id, id), eq(players.userId, userId)))
    .returning({ id: players.id })
  if (deleted.length === 0) throw new AppError('not_found', PLAYER_NOT_FOUND)
}

// LIKE treats % and _ as wildcards and \ as the escape: a search for "50%" means the text.
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
const containing = (text: string) => `%${escapeLike(text)}%`
const startingWith = (text: string) => `${escapeLike(text)}%`

// A profile as SUPR Builder shows it: name, gender and DUPR (or the self rating without one).
const teamPlayerColumns = {
  id: profiles.id,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  gender: profiles.gender,
  duprRating: profiles.duprRating,
  selfRating: profiles.selfRating,
}

const ratingsOf = (row: { duprRating: number | string | null; selfRating: number | string }) => ({
  duprRating: row.duprRating === null ? null : Number(row.duprRating),
  selfRating: Number(row.selfRating),
})

// Profiles to link to a player: the text may sit in the first name, the last name, or span
// "first last". Each branch can use the trigram indexes on lower(first_name)/lower(last_name):
// a match spanning the space always has the query's first word inside the first name.
export async function searchProfiles(db: Db, userId: string, query: string): Promise<ProfileSearchResult[]> {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ')
  const pattern = containing(q)
  const firstWord = containing(q.split(' ')[0] ?? q)
  const first = sql`lower(${profiles.firstName})`
  const last = sql`lower(${profiles.lastName})`
  const rows = await db
    .select({
      ...teamPlayerColumns,
      birthdate: profiles.birthdate,
    })
    .from(profiles)
    .where(
      and(
        ne(profiles.id, userId),
        // Players who confirmed their address, as in the friend search.
        isNotNull(profiles.emailVerifiedAt),
        or(
          sql`${first} like ${pattern}`,
          sql`${last} like ${pattern}`,
          sql`(${first} like ${firstWord} and ${first} || ' ' || ${last} like ${pattern})`,
        ),
      ),
    )
    // Names that start with the text come first.
    .orderBy(
      sql`(${first} like ${startingWith(q)} or ${last} like ${startingWith(q)}) desc`,
      asc(profiles.firstName),
      asc(profiles.lastName),
      asc(profiles.id),
    )
    .limit(PROFILE_SEARCH_LIMIT)
  return rows.map(({ birthdate, ...row }) => ({
    ...row,
    ...ratingsOf(row),
    ageGroup: ageGroupOf(birthdate),
  }))
}

// Train with Friends: accepted friends, closest DUPR to the player's own first (the self rating
// stands in for a DUPR rating not given yet, on either side).
export async function listTrainingPartners(db: Db, user: SessionUser): Promise<TrainingPartnersOutput> {
  const own = playingRating(user)
  const friendId = sql`case when ${connections.requesterId} = ${user.id} then ${connections.receiverId} else ${connections.requesterId} end`
  const rows = await db
    .select({
      ...teamPlayerColumns,
    })
    .from(connections)
    .innerJoin(profiles, eq(profiles.id, friendId))
    .where(
      and(
        eq(connections.type, 'friend'),
        eq(connections.status, 'accepted'),
        or(eq(connections.requesterId, user.id), eq(connections.receiverId, user.id)),
      ),
    )
    .orderBy(
      sql`abs(coalesce(${profiles.duprRating}, ${profiles.selfRating}) - ${own}::numeric)`,
      asc(profiles.firstName),
      asc(profiles.lastName),
    )
    .limit(TRAINING_PARTNERS_LIMIT)
  const friends = rows.map((row) => ({ ...row, ...ratingsOf(row) }))
  return {
    duprRating: user.duprRating,
    selfRating: user.selfRating,
    partners: orderByRatingCloseness(friends, own).map((friend) => ({
      ...friend,
      ratingGap: ratingGapHundredths(playingRating(friend), own) / 100,
      isClose: isCloseInRating(playingRating(friend), own),
    })),
  }
}
