import { and, asc, eq, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import { AppError } from '../../../domain/errors'
import {
  PLAYS_AT_MAX,
  PLAYS_AT_TOO_MANY,
  PLAYS_AT_UNKNOWN,
  type PlaysAtVenue,
  type ProfileAbout,
  type profileAboutInput,
} from '../../../domain/profiles/profile-about.schema'
import type { Db, DbOrTx } from '../../db/client'
import { playerVenues, profiles, venues } from '../../db/schema'
import { findVenuesInUse } from '../venues'
import { lockProfile } from './profiles.service'

// The bio and "plays at" of Profile Settings and the public profile (docs/decisions/0104).

const toPlaysAt = (venue: PlaysAtVenue): PlaysAtVenue => ({
  id: venue.id,
  name: venue.name,
  address: venue.address,
  city: venue.city,
  state: venue.state,
})

// The player's venues in their order; a venue retired since leaves the list.
const playsAtOf = (db: DbOrTx, profileId: string) =>
  db
    .select({
      id: venues.id,
      name: venues.name,
      address: venues.address,
      city: venues.city,
      state: venues.state,
    })
    .from(playerVenues)
    .innerJoin(venues, eq(venues.id, playerVenues.venueId))
    .where(and(eq(playerVenues.profileId, profileId), isNull(venues.retiredAt)))
    .orderBy(asc(playerVenues.position))

export async function getProfileAbout(db: DbOrTx, userId: string): Promise<ProfileAbout> {
  const [row] = await db.select({ bio: profiles.bio }).from(profiles).where(eq(profiles.id, userId))
  if (!row) throw new AppError('not_found', 'Profile Not Found')
  return { bio: row.bio, playsAt: await playsAtOf(db, userId) }
}

const refuse = (message: string) => new AppError('invalid', message, { venueIds: message })

// Saves the bio and replaces the venue list, under the profile's lock so two saves at once
// cannot interleave their lists. Every venue must be one in use (an admin may have retired it
// while the form was open); the limit is checked here as well as by the schema, so no caller
// gets past it.
export async function updateProfileAbout(
  db: Db,
  userId: string,
  input: z.output<typeof profileAboutInput>,
  now: Date,
): Promise<ProfileAbout> {
  return db.transaction(async (tx) => {
    await lockProfile(tx, userId)
    if (input.venueIds.length > PLAYS_AT_MAX) throw refuse(PLAYS_AT_TOO_MANY)
    const chosen = await findVenuesInUse(tx, input.venueIds)
    if (chosen.length !== input.venueIds.length) throw refuse(PLAYS_AT_UNKNOWN)
    const [updated] = await tx
      .update(profiles)
      .set({ bio: input.bio, updatedAt: now })
      .where(eq(profiles.id, userId))
      .returning({ bio: profiles.bio })
    if (!updated) throw new AppError('not_found', 'Profile Not Found')
    await tx.delete(playerVenues).where(eq(playerVenues.profileId, userId))
    if (chosen.length > 0) {
      await tx
        .insert(playerVenues)
        .values(chosen.map((venue, position) => ({ profileId: userId, venueId: venue.id, position })))
    }
    return { bio: updated.bio, playsAt: chosen.map(toPlaysAt) }
  })
}
