import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { AppError } from '../../../domain/errors'
import {
  VENUE_NOT_FOUND,
  VENUE_ZIP_UNKNOWN,
  type Venue,
  type venueInput,
  type venueListQuery,
  type adminVenueListQuery,
} from '../../../domain/venues/venue.schema'
import type { z } from 'zod'
import type { DbOrTx } from '../../db/client'
import { auditLog, playDates, venues } from '../../db/schema'
import { placeOfZip, zoneOfPlace } from '../../lib/geodata'

type VenueRow = typeof venues.$inferSelect

export const toVenue = (row: VenueRow): Venue => ({
  id: row.id,
  name: row.name,
  address: row.address,
  city: row.city,
  state: row.state,
  region: row.region,
  courts: row.courts,
  setting: row.setting,
  zipCode: row.zipCode,
  latitude: row.latitude,
  longitude: row.longitude,
  timeZone: row.timeZone,
  isDemo: row.isDemo,
  retired: row.retiredAt !== null,
})

const placeFilters = (query: { state?: string | undefined; regions: string[] }): SQL[] => [
  ...(query.state ? [eq(venues.state, query.state as VenueRow['state'])] : []),
  ...(query.regions.length ? [inArray(venues.region, query.regions)] : []),
]

// The venues a PlayDate can be at: in use, of a state and its regions, by region and name.
export async function listVenues(db: DbOrTx, query: z.output<typeof venueListQuery>) {
  const rows = await db
    .select()
    .from(venues)
    .where(and(isNull(venues.retiredAt), ...placeFilters(query)))
    .orderBy(asc(venues.state), asc(venues.region), asc(venues.name))
  return { items: rows.map(toVenue) }
}

// Admins see retired venues too, when they ask.
export async function listVenuesForAdmin(db: DbOrTx, query: z.output<typeof adminVenueListQuery>) {
  const retired =
    query.retired === 'yes'
      ? [isNotNull(venues.retiredAt)]
      : query.retired === 'no'
        ? [isNull(venues.retiredAt)]
        : []
  const rows = await db
    .select()
    .from(venues)
    .where(and(...retired, ...placeFilters(query)))
    .orderBy(asc(venues.state), asc(venues.region), asc(venues.name))
  return { items: rows.map(toVenue) }
}

// A venue a new PlayDate may name: one in use, of the PlayDate's state and one of its regions.
export async function requireVenueFor(db: DbOrTx, venueId: string, state: string, regions: string[]) {
  const [row] = await db.select().from(venues).where(eq(venues.id, venueId))
  if (!row || row.retiredAt !== null)
    throw new AppError('invalid', VENUE_NOT_FOUND, { venueId: VENUE_NOT_FOUND })
  if (row.state !== state || !regions.includes(row.region)) {
    const message = 'Choose a venue in the PlayDate’s state and regions'
    throw new AppError('invalid', message, { venueId: message })
  }
  return toVenue(row)
}

// The venues in use among these ids, in the order given; an unknown or retired id is left out.
export async function findVenuesInUse(db: DbOrTx, venueIds: readonly string[]): Promise<Venue[]> {
  if (venueIds.length === 0) return []
  const rows = await db
    .select()
    .from(venues)
    .where(and(inArray(venues.id, [...venueIds]), isNull(venues.retiredAt)))
  const byId = new Map(rows.map((row) => [row.id, toVenue(row)]))
  return venueIds.flatMap((id) => byId.get(id) ?? [])
}

// Where a venue is: the coordinates given, else the centre of its ZIP code's area; and the clock
// its games keep, from its state or, in a state with two zones, from where it is.
function placed(input: z.output<typeof venueInput>) {
  let point =
    input.latitude !== null && input.longitude !== null
      ? { latitude: input.latitude, longitude: input.longitude }
      : null
  if (!point && input.zipCode) {
    point = placeOfZip(input.zipCode)
    if (!point) throw new AppError('invalid', VENUE_ZIP_UNKNOWN, { zipCode: VENUE_ZIP_UNKNOWN })
  }
  return {
    ...input,
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
    timeZone: zoneOfPlace(input.state, point),
  }
}

export async function createVenue(db: DbOrTx, adminId: string, input: z.output<typeof venueInput>) {
  const values = placed(input)
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(venues).values(values).returning()
    await tx
      .insert(auditLog)
      .values({ actorId: adminId, action: 'venue_created', targetId: row!.id, details: { name: row!.name } })
    return toVenue(row!)
  })
}

export async function updateVenue(
  db: DbOrTx,
  adminId: string,
  id: string,
  input: z.output<typeof venueInput>,
) {
  const values = placed(input)
  return db.transaction(async (tx) => {
    const [row] = await tx.update(venues).set(values).where(eq(venues.id, id)).returning()
    if (!row) throw new AppError('not_found', VENUE_NOT_FOUND)
    // Its open PlayDates are found by distance where the venue now is (their clock stays the one
    // their players agreed on).
    await tx
      .update(playDates)
      .set({ latitude: row.latitude, longitude: row.longitude })
      .where(and(eq(playDates.venueId, id), sql`${playDates.status} = 'open'`))
    await tx
      .insert(auditLog)
      .values({ actorId: adminId, action: 'venue_updated', targetId: id, details: { name: row.name } })
    return toVenue(row)
  })
}

// Retired venues leave the wizard's list; PlayDates already there keep showing them.
export async function setVenueRetired(db: DbOrTx, adminId: string, id: string, retired: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(venues)
      .set({ retiredAt: retired ? sql`now()` : null })
      .where(eq(venues.id, id))
      .returning()
    if (!row) throw new AppError('not_found', VENUE_NOT_FOUND)
    await tx.insert(auditLog).values({
      actorId: adminId,
      action: retired ? 'venue_retired' : 'venue_restored',
      targetId: id,
      details: {},
    })
    return toVenue(row)
  })
}
