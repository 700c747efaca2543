import { eq, sql } from 'drizzle-orm'
import { EARTH_RADIUS_MILES, milesBetween, type Point } from '../../../domain/places/distance'
import type { Db, DbOrTx } from '../../db/client'
import { playDates, profiles } from '../../db/schema'
import { homeOf } from '../../lib/geodata'

// The point a player's distances are measured from (Available, the dashboard's games near you):
// the location they gave, else their ZIP code's area, else none (docs/decisions/0157).
export const homeColumns = {
  zipCode: profiles.zipCode,
  homeLatitude: profiles.homeLatitude,
  homeLongitude: profiles.homeLongitude,
  homePlace: profiles.homePlace,
}

const homeQuery = (db: DbOrTx) =>
  db
    .select(homeColumns)
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('userId')))

export async function homePointOf(db: Db, userId: string) {
  const [row] = await db.prepared('home_point', homeQuery).execute({ userId })
  return row ? (homeOf(row)?.point ?? null) : null
}

// Miles from the player's home (`homeLat`, `homeLng`) to the PlayDate's venue, by the haversine
// formula (distance.ts's milesBetween); null without coordinates.
const homeLat = sql.placeholder('homeLat')
const homeLng = sql.placeholder('homeLng')
export const distanceFromHome = sql<number | null>`(${EARTH_RADIUS_MILES * 2} * asin(least(1, sqrt(
  power(sin(radians(${playDates.latitude} - ${homeLat}) / 2), 2)
  + cos(radians(${homeLat})) * cos(radians(${playDates.latitude}))
    * power(sin(radians(${playDates.longitude} - ${homeLng}) / 2), 2)))))`

// Within `within` miles: the latitude range is read from the open PlayDates' near index, the
// longitude range checked on its entries, then the exact distance (boxAround gives the box).
export const nearHome = sql`${playDates.latitude} is not null
  and ${playDates.latitude} between ${sql.placeholder('latMin')} and ${sql.placeholder('latMax')}
  and ${playDates.longitude} between ${sql.placeholder('lngMin')} and ${sql.placeholder('lngMax')}
  and ${distanceFromHome} <= ${sql.placeholder('within')}`

// Miles from home to a PlayDate's venue, to a tenth (the card rounds again), or null.
export function distanceTo(home: Point | null, row: { latitude: number | null; longitude: number | null }) {
  if (!home || row.latitude === null || row.longitude === null) return null
  return Math.round(milesBetween(home, { latitude: row.latitude, longitude: row.longitude }) * 10) / 10
}
