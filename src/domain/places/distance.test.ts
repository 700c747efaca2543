import { describe, expect, it } from 'vitest'
import { boxAround, distanceLabel, milesBetween, roundToKilometre } from './distance'

const tempe = { latitude: 33.4274, longitude: -111.934 }
const mesa = { latitude: 33.4152, longitude: -111.8315 }
const tucson = { latitude: 32.2226, longitude: -110.9747 }

describe('distance', () => {
  it('measures Tempe to Mesa and to Tucson in miles', () => {
    expect(milesBetween(tempe, mesa)).toBeCloseTo(6, 1)
    expect(Math.round(milesBetween(tempe, tucson))).toBe(100)
    expect(milesBetween(tempe, tempe)).toBe(0)
  })

  it('holds every point of the radius inside the box', () => {
    for (const centre of [
      tempe,
      { latitude: 61.2, longitude: -149.9 },
      { latitude: 21.3, longitude: -157.8 },
    ]) {
      const box = boxAround(centre, 50)
      for (let bearing = 0; bearing < 360; bearing += 15) {
        // A point 49.9 miles away at this bearing, stepped out along the great circle.
        const d = 49.9 / 3958.8
        const b = (bearing * Math.PI) / 180
        const lat1 = (centre.latitude * Math.PI) / 180
        const lng1 = (centre.longitude * Math.PI) / 180
        const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b))
        const lng2 =
          lng1 +
          Math.atan2(
            Math.sin(b) * Math.sin(d) * Math.cos(lat1),
            Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
          )
        const point = { latitude: (lat2 * 180) / Math.PI, longitude: (lng2 * 180) / Math.PI }
        expect(milesBetween(centre, point)).toBeCloseTo(49.9, 3)
        expect(point.latitude).toBeGreaterThanOrEqual(box.latMin)
        expect(point.latitude).toBeLessThanOrEqual(box.latMax)
        expect(point.longitude).toBeGreaterThanOrEqual(box.lngMin)
        expect(point.longitude).toBeLessThanOrEqual(box.lngMax)
      }
    }
  })

  it('says a distance as whole miles', () => {
    expect(distanceLabel(5.9)).toBe('6 mi')
    expect(distanceLabel(0.4)).toBe('Under 1 mi')
    expect(distanceLabel(24.5)).toBe('25 mi')
  })

  it('rounds a location to about a kilometre', () => {
    expect(roundToKilometre(33.427441)).toBe(33.43)
    expect(roundToKilometre(-111.934004)).toBe(-111.93)
  })
})
