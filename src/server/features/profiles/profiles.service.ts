import { type AnyColumn, eq, sql } from 'drizzle-orm'
import { type ProfileInput, storedProfileFields } from '../../../domain/auth/auth.schema'
import { AppError } from '../../../domain/errors'
import { homeAreaAfterMove } from '../../../domain/profiles/home-area.rules'
import type {
  HomeAreaInput,
  ProfilePrivacy,
  SessionUser,
  SubAvailability,
} from '../../../domain/profiles/profile.schema'
import type { Db, Tx } from '../../db/client'
import { profiles } from '../../db/schema'
import { sessionUserColumns, toSessionUser } from '../../db/queries'
import { placeOfZip } from '../../lib/geodata'

// Holds the player's profile row to the end of the transaction, so one player's writes that
// count or check before they insert (partner lists under their limit, SUPR Builder players and
// the profiles they link) run one after another. 'No key update': rows that only point at the
// profile (a friend request, a notification) are not held up by it.
export async function lockProfile(tx: Tx, userId: string) {
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('no key update')
}

export async function getOwnProfile(db: Db, userId: string): Promise<SessionUser> {
  const [row] = await db.select(sessionUserColumns).from(profiles).where(eq(profiles.id, userId))
  if (!row) throw new AppError('not_found', 'Profile Not Found')
  return toSessionUser(row)
}

// Profile Settings: the player's own fields, with the sign-up rules (checked by the schema).
// The form shows the ratings and saves them with the rest, so saving it confirms them, as the
// rating prompt does: the prompt does not ask again about ratings the player just saved.
const locationKeptIfSameZip = (zipCode: string) => {
  const kept = (column: AnyColumn) =>
    sql`case when ${profiles.zipCode} is not distinct from ${zipCode} then ${column} end`
  return {
    homeLatitude: kept(profiles.homeLatitude),
    homeLongitude: kept(profiles.homeLongitude),
    homePlace: kept(profiles.homePlace),
  }
}

export async function updateOwnProfile(
  db: Db,
  userId: string,
  input: ProfileInput,
  now: Date,
): Promise<SessionUser> {
  // The home area is read and written in one transaction, its row held: two saves at once do not
  // put back an area the other moved.
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ zipCode: profiles.zipCode, homeState: profiles.homeState, homeRegion: profiles.homeRegion })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update')
    if (!before) throw new AppError('not_found', 'Profile Not Found')
    const [updated] = await tx
      .update(profiles)
      .set({
        ...storedProfileFields(input),
        // A new ZIP code is home again, in place of a location the browser gave (docs/decisions/0157),
        // and the home area follows it to another state (home-area.rules.ts).
        ...locationKeptIfSameZip(input.zipCode),
        ...(before.zipCode === input.zipCode ? {} : homeAreaAfterMove(before, placeOfZip(input.zipCode))),
        ratingsConfirmedAt: now,
        ratingPromptSkippedAt: null,
        updatedAt: now,
      })
      .where(eq(profiles.id, userId))
      .returning(sessionUserColumns)
    return updated
  })
  if (!row) throw new AppError('not_found', 'Profile Not Found')
  return toSessionUser(row)
}

// The player's home area (Profile Settings): the Available tab opens on it.
export async function updateHomeArea(
  db: Db,
  userId: string,
  input: HomeAreaInput,
  now: Date,
): Promise<SessionUser> {
  const [row] = await db
    .update(profiles)
    .set({ homeState: input.homeState, homeRegion: input.homeRegion, updatedAt: now })
    .where(eq(profiles.id, userId))
    .returning(sessionUserColumns)
  if (!row) throw new AppError('not_found', 'Profile Not Found')
  return toSessionUser(row)
}

// The player's DUPR ID, for the results export; null removes it.
export async function updateDuprId(
  db: Db,
  userId: string,
  duprId: string | null,
  now: Date,
): Promise<SessionUser> {
  const [row] = await db
    .update(profiles)
    .set({ duprId, updatedAt: now })
    .where(eq(profiles.id, userId))
    .returning(sessionUserColumns)
  if (!row) throw new AppError('not_found', 'Profile Not Found')
  return toSessionUser(row)
}

// "Available as a sub" (docs/decisions/0152-waitlist-drop-outs-and-subs.md).
export async function getSubAvailability(db: Db, userId: string): Promise<SubAvailability> {
  const [row] = await db
    .select({ availableAsSub: profiles.availableAsSub })
    .from(profiles)
    .where(eq(profiles.id, userId))
  if (!row) throw new AppError('not_found', 'Profile Not Found')
  return row
}

export async function updateSubAvailability(
  db: Db,
  userId: string,
  availableAsSub: boolean,
  now: Date,
): Promise<SubAvailability> {
  const [row] = await db
    .update(profiles)
    .set({ availableAsSub, updatedAt: now })
    .where(eq(profiles.id, userId))
    .returning({ availableAsSub: profiles.availableAsSub })
  if (!row) throw new AppError('not_found', 'Profile Not Found')
  return row
}

// Whether other players see the birthdate and ZIP code, or only the age range and the city
// (docs/decisions/0160).
export async function getProfilePrivacy(db: Db, userId: string): Promise<ProfilePrivacy> {
  const [row] = await db
    .select({ showsBirthdateAndZip: profiles.showsBirthdateAndZip })
    .from(profiles)
    .where(eq(profiles.id, userId))
  if (!row) throw new AppError('not_found', 'Profile Not Found')
  return row
}

export async function updateProfilePrivacy(
  db: Db,
  userId: string,
  input: ProfilePrivacy,
  now: Date,
): Promise<ProfilePrivacy> {
  const [row] = await db
    .update(profiles)
    .set({ showsBirthdateAndZip: input.showsBirthdateAndZip, updatedAt: now })
    .where(eq(profiles.id, userId))
    .returning({ showsBirthdateAndZip: profiles.showsBirthdateAndZip })
  if (!row) throw new AppError('not_found', 'Profile Not Found')
  return row
}
