import { DEMO_VENUES } from '../features/venues'
import { venues } from '../db/schema'
import { zoneOfPlace } from '../lib/geodata'
import type { DemoWorld } from './demo-world'

// A demo venue as the demo PlayDates are placed at it: where it is and the clock it keeps.
export interface DemoVenue {
  id: string
  latitude: number | null
  longitude: number | null
  timeZone: string
}

// The demo venues (made up, marked as demo data); answers a venue by its name.
export async function seedVenues({ tx }: DemoWorld) {
  const rows = await tx
    .insert(venues)
    .values(DEMO_VENUES.map((v) => ({ ...v, timeZone: zoneOfPlace(v.state, v), isDemo: true })))
    .returning({
      id: venues.id,
      name: venues.name,
      latitude: venues.latitude,
      longitude: venues.longitude,
      timeZone: venues.timeZone,
    })
  const byName = new Map(rows.map(({ name, ...venue }) => [name, venue]))
  return (name: string): DemoVenue => {
    const found = byName.get(name)
    if (!found) throw new Error(`no demo venue named ${name}`)
    return found
  }
}
