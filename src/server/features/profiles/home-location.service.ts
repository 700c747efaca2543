import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { AppError } from '../../../domain/errors'
import { roundToKilometre } from '../../../domain/places/distance'
import {
  HOME_OUTSIDE_US,
  HOME_ZIP_UNKNOWN,
  type HomeLocation,
  type homeLocationInput,
} from '../../../domain/profiles/home-location.schema'
import { homeAreaAfterMove, type HomePlace } from '../../../domain/profiles/home-area.rules'
import type { DbOrTx } from '../../db/client'
import { profiles } from '../../db/schema'
import { type HomeColumns, homeAtPoint, homeOf, placeOfZip } from '../../lib/geodata'

// A player's home for distances (docs/decisions/0157): Profile Settings shows it and changes it.

const homeColumns = {
  zipCode: profiles.zipCode,
  homeLatitude: profiles.homeLatitude,
  homeLongitude: profiles.homeLongitude,
  homePlace: profiles.homePlace,
}

const toOutput = (columns: HomeColumns): HomeLocation => {
  const home = homeOf(columns)
  return {
    home: home
      ? { label: home.label, source: home.source, zipCode: home.source === 'zip' ? columns.zipCode : null }
      : null,
  }
}

export async function getHomeLocation(db: DbOrTx, userId: string): Promise<HomeLocation> {
  const [row] = await db.select(homeColumns).from(profiles).where(eq(profiles.id, userId))
  if (!row) throw new AppError('not_found', 'Profile Not Found')
  return toOutput(row)
}

// A ZIP code makes it home (and the profile's ZIP code); a location from the browser is rounded
// to about 1 km here too, whatever the page sent, and named after the nearest ZIP code's area.
// The home area follows a home to another state (home-area.rules.ts).
export async function setHomeLocation(
  db: DbOrTx,
  userId: string,
  input: z.output<typeof homeLocationInput>,
  now: Date,
): Promise<HomeLocation> {
  let values: Partial<typeof profiles.$inferInsert>
  let place: HomePlace
  if (input.zipCode !== undefined) {
    const zipPlace = placeOfZip(input.zipCode)
    if (!zipPlace) throw new AppError('invalid', HOME_ZIP_UNKNOWN, { zipCode: HOME_ZIP_UNKNOWN })
    place = zipPlace
    values = { zipCode: input.zipCode, homeLatitude: null, homeLongitude: null, homePlace: null }
  } else {
    const point = {
      latitude: roundToKilometre(input.latitude!),
      longitude: roundToKilometre(input.longitude!),
    }
    const home = homeAtPoint(point)
    if (!home) throw new AppError('invalid', HOME_OUTSIDE_US, { latitude: HOME_OUTSIDE_US })
    place = home.place
    values = { homeLatitude: point.latitude, homeLongitude: point.longitude, homePlace: home.label }
  }
  // Read and written in one transaction, the row held: two moves at once keep one home's area.
  const row = await db.transaction(async (tx) => {
    const [area] = await tx
      .select({ homeState: profiles.homeState, homeRegion: profiles.homeRegion })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update')
    if (!area) throw new AppError('not_found', 'Profile Not Found')
    const [updated] = await tx
      .update(profiles)
      .set({ ...values, ...homeAreaAfterMove(area, place), updatedAt: now })
      .where(eq(profiles.id, userId))
      .returning(homeColumns)
    return updated
  })
  if (!row) throw new AppError('not_found', 'Profile Not Found')
  return toOutput(row)
}
