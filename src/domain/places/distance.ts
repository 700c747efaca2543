// Distance from a player's home, in the miles the app shows (docs/decisions/0158). Pure
// arithmetic on latitude and longitude, so the server's filter, its cards and the tests agree.

export interface Point {
  latitude: number
  longitude: number
}

export const EARTH_RADIUS_MILES = 3958.8
// Miles in one degree of latitude (and of longitude at the equator).
const MILES_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_MILES

// The "Within" choices of Available, in miles.
export const distanceChoices = [5, 10, 25, 50] as const
export type DistanceChoice = (typeof distanceChoices)[number]
export const withinLabel = (miles: number) => `Within ${miles} miles`

// Home's "Games near you this week" looks this far.
export const NEAR_YOU_MILES: DistanceChoice = 25

const radians = (degrees: number) => (degrees * Math.PI) / 180

// Great-circle distance (haversine), in miles.
export function milesBetween(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude)
  const dLng = radians(b.longitude - a.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
}

// The latitude/longitude box that holds every point within `miles` of the centre: the range an
// index reads before the exact distance is checked. Longitude degrees shrink towards the poles,
// so the box is widest at its edge nearer the pole.
export function boxAround(centre: Point, miles: number) {
  const dLat = miles / MILES_PER_DEGREE
  const farLatitude = Math.min(89.9, Math.abs(centre.latitude) + dLat)
  const dLng = miles / (MILES_PER_DEGREE * Math.cos(radians(farLatitude)))
  return {
    latMin: centre.latitude - dLat,
    latMax: centre.latitude + dLat,
    lngMin: centre.longitude - dLng,
    lngMax: centre.longitude + dLng,
  }
}

// "6 mi" on a card: whole miles, and under a mile said as such.
export const distanceLabel = (miles: number) => (miles < 1 ? 'Under 1 mi' : `${Math.round(miles)} mi`)

// A location the browser gives, as it is stored: two decimals, about 1 km (1.1 km of latitude,
// less of longitude), so the app never holds where exactly a player lives.
export const roundToKilometre = (value: number) => Math.round(value * 100) / 100
