import { DEMO_VENUES } from '../features/venues'
import { venues } from '../db/schema'
import { zoneOfPlace } from '../lib/geodata'
import type { DemoWorld } from './demo-world'

// The demo venues (made up, marked as demo data); answers a venue's id by its name.
export async function seedVenues({ tx }: DemoWorld) {
  const rows = await tx
    .insert(venues)
    .values(DEMO_VENUES.map((v) => ({ ...v, timeZone: zoneOfPlace(v.state, v), isDemo: true })))
    .returning({ id: venues.id, name: venues.name })
  const byName = new Map(rows.map((r) => [r.name, r.id]))
  return (name: string) => {
    const found = byName.get(name)
    if (!found) throw new Error(`no demo venue named ${name}`)
    return found
  }
}
