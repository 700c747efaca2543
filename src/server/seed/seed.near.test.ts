import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '../features/auth'
import { playDates, profiles, venues } from '../db/schema'
import { createClient, createTestApp, type TestApp } from '../testing/test-app'
import { seedDemo } from './seed'

// The demo's PlayDates are where their venues are, as the wizard's are (docs/decisions/0158):
// a demo player finds them by distance and among the dashboard's games near them.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await seedDemo(t.db, { productName: 'PickleMatch', now: t.clock.now() })
})
afterAll(() => t.close())

async function signedInAs(firstName: string) {
  const [player] = await t.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.firstName, firstName))
  const { token } = await createSession(t.db, player!.id, 30, t.clock.now())
  const client = createClient(t.app)
  client.cookies.set('pm_session', token)
  return client
}

type Item = { id: string; distanceMiles: number | null; venue: { name: string } | null }

describe('demo PlayDates near a demo player', () => {
  it('every demo PlayDate at a venue is where its venue is', async () => {
    const rows = await t.db
      .select({ latitude: playDates.latitude, longitude: playDates.longitude, venue: venues })
      .from(playDates)
      .innerJoin(venues, eq(venues.id, playDates.venueId))
    expect(rows.length).toBeGreaterThanOrEqual(20)
    for (const row of rows) {
      expect(row.venue.latitude).not.toBeNull()
      expect([row.latitude, row.longitude]).toEqual([row.venue.latitude, row.venue.longitude])
    }
  })

  it('Maya in Tempe finds games within 25 miles, each with its distance, and has suggestions', async () => {
    const maya = await signedInAs('Maya')
    const all = await maya.get('/api/play-dates?tab=available&pageSize=50')
    expect(all.status).toBe(200)
    expect((all.body.items as Item[]).every((item) => item.distanceMiles !== null)).toBe(true)

    const near = await maya.get('/api/play-dates?tab=available&pageSize=50&within=25&sort=nearest')
    expect(near.status).toBe(200)
    const items = near.body.items as Item[]
    expect(items.length).toBeGreaterThanOrEqual(3)
    expect(items.every((item) => item.distanceMiles !== null && item.distanceMiles <= 25)).toBe(true)
    const venuesNear = items.map((item) => item.venue?.name)
    expect(venuesNear).toContain('Camelback Indoor Courts')

    const home = await maya.get('/api/home')
    expect(home.status).toBe(200)
    expect(home.body.suggestedBy).toMatchObject({ withinMiles: 25 })
    expect(home.body.suggested.length).toBeGreaterThan(0)
  })

  it('players in Phoenix and Tucson are suggested games near them too', async () => {
    for (const firstName of ['Kevin', 'Diego']) {
      const home = await (await signedInAs(firstName)).get('/api/home')
      expect(home.body.suggestedBy, firstName).toMatchObject({ withinMiles: 25 })
      expect(home.body.suggested.length, firstName).toBeGreaterThan(0)
    }
  })
})
