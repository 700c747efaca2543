import { milesBetween, type Point } from '../places/distance'
import { arizonaRegions, type StateCode, STATEWIDE } from '../play-dates/play-date.constants'
import type { HomeAreaInput } from './profile.schema'

// A player's home area (the state and region the Available tab opens on) follows their home:
// Profile Settings said "Home: Tempe, AZ" above "Home state: Not set" when sign-up took a ZIP code
// and left the area empty, and "Home state: Arizona" still after the home moved to Miami
// (docs/decisions/0179).

export type HomeArea = HomeAreaInput

export const NO_HOME_AREA: HomeArea = { homeState: null, homeRegion: null }

// Where a home is: its point, and the ZIP code whose area it is (or is nearest), with that
// area's state; null when the ZIP code data names none.
export interface HomePlace extends Point {
  zipCode: string
  state: StateCode | null
}

type ArizonaRegion = (typeof arizonaRegions)[number]['key']

// Each region's main town. A home is in the region whose town is nearest, except around Phoenix,
// where the towns are too close together for that (north Phoenix is nearer Glendale than
// downtown): there the ZIP code's first three digits say it, as the post office divides the area.
const REGION_TOWNS: Record<ArizonaRegion, Point> = {
  east_valley: { latitude: 33.4152, longitude: -111.8315 }, // Mesa
  west_valley: { latitude: 33.5387, longitude: -112.186 }, // Glendale
  central_phoenix: { latitude: 33.4484, longitude: -112.074 },
  tucson: { latitude: 32.2226, longitude: -110.9747 },
  flagstaff: { latitude: 35.1983, longitude: -111.6513 },
  sedona: { latitude: 34.8697, longitude: -111.761 },
  prescott: { latitude: 34.54, longitude: -112.4685 },
  lake_havasu: { latitude: 34.4839, longitude: -114.3225 },
  yuma: { latitude: 32.6927, longitude: -114.6277 },
  payson: { latitude: 34.2309, longitude: -111.3251 },
}
const PHOENIX_AREA_BY_ZIP: Record<string, ArizonaRegion> = {
  '850': 'central_phoenix',
  '852': 'east_valley',
  '853': 'west_valley',
}

// The region of its state a home is in: 'Statewide' outside Arizona.
export function regionOfHome(state: StateCode, place: Point & { zipCode: string }): string {
  if (state !== 'AZ') return STATEWIDE.key
  let nearest: ArizonaRegion = 'central_phoenix'
  let nearestMiles = Infinity
  for (const { key } of arizonaRegions) {
    const miles = milesBetween(place, REGION_TOWNS[key])
    if (miles < nearestMiles) {
      nearest = key
      nearestMiles = miles
    }
  }
  const inPhoenixArea = Object.values(PHOENIX_AREA_BY_ZIP).includes(nearest)
  return (inPhoenixArea ? PHOENIX_AREA_BY_ZIP[place.zipCode.slice(0, 3)] : undefined) ?? nearest
}

// The home area once the home is `place` (at sign-up, or moved): a home in another state than the
// area, or a first home, brings its state and region; a home moved within the area's state keeps
// the region the player chose. A place with no known state changes nothing.
export function homeAreaAfterMove(current: HomeArea, place: HomePlace | null): HomeArea {
  if (!place?.state || place.state === current.homeState)
    return { homeState: current.homeState, homeRegion: current.homeRegion }
  return { homeState: place.state, homeRegion: regionOfHome(place.state, place) }
}

// The home area of a player who has none yet, from their home: sign-up's, from the ZIP code, and
// the one of a player who signed up before sign-up set it (docs/decisions/0181).
export const firstHomeArea = (place: HomePlace | null): HomeArea => homeAreaAfterMove(NO_HOME_AREA, place)
