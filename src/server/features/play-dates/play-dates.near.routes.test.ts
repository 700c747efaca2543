import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOME_NEEDED, HOME_OUTSIDE_US, HOME_ZIP_UNKNOWN } from '../../../domain/profiles/home-location.schema'
import { VENUE_ZIP_UNKNOWN } from '../../../domain/venues/venue.schema'
import { playDates, profiles } from '../../db/schema'
import { befriendedPair, insertVenue, nextWeek, signedInUser } from '../../testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'

// Near me (docs/decisions/0157, 0158): home from a ZIP code or the browser's location, venues
// with places and clocks, and Available within a distance of home, nearest first.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Player = Awaited<ReturnType<typeof signedInUser>>

// Mesa is about 6 miles from Tempe's ZIP code 85281, Surprise about 28, Tucson about 100.
const MESA = { latitude: 33.4152, longitude: -111.8315 }
const SURPRISE = { latitude: 33.63, longitude: -112.368 }
const TUCSON = { latitude: 32.2226, longitude: -110.9747 }

async function post(a: Player, b: Player, extra: Record<string, unknown>) {
  const res = await a.client.post('/api/play-dates', {
    type: 'challenge',
    state: 'AZ',
    regions: ['east_valley'],
    partnerId: b.profile.id,
    amount: 25,
    description: 'Evening doubles',
    ...nextWeek(),
    ...extra,
  })
  expect(res.status).toBe(201)
  return res.body as { id: string; timeZone: string; startsAt: string }
}

async function available(viewer: Player, query: string) {
  const res = await viewer.client.get(`/api/play-dates?tab=available&pageSize=50&${query}`)
  expect(res.status).toBe(200)
  return res.body.items as Array<{ id: string; distanceMiles: number | null }>
}

describe('home for distances', () => {
  it('is the ZIP code’s area until the player gives another ZIP code or their location', async () => {
    const player = await signedInUser(t, { zipCode: '85281' })
    const home = async () => (await player.client.get('/api/profiles/me/location')).body.home
    expect(await home()).toEqual({ label: 'Tempe, AZ', source: 'zip', zipCode: '85281' })

    const byZip = await player.client.put('/api/profiles/me/location', { zipCode: '85701' })
    expect(byZip.status).toBe(200)
    expect(byZip.body.home).toEqual({ label: 'Tucson, AZ', source: 'zip', zipCode: '85701' })

    // The browser's location is stored rounded to about 1 km, and named after the nearest area.
    const located = await player.client.put('/api/profiles/me/location', {
      latitude: 33.427441,
      longitude: -111.934004,
    })
    expect(located.body.home).toEqual({ label: 'Tempe, AZ', source: 'location', zipCode: null })
    const [row] = await t.db
      .select({ lat: profiles.homeLatitude, lng: profiles.homeLongitude, zip: profiles.zipCode })
      .from(profiles)
      .where(eq(profiles.id, player.profile.id))
    expect(row).toEqual({ lat: 33.43, lng: -111.93, zip: '85701' })

    // A new ZIP code in Profile Settings is home again.
    const profile = (await player.client.get('/api/profiles/me')).body
    const saved = await player.client.put('/api/profiles/me', {
      ...profile,
      duprRating: profile.duprRating,
      zipCode: '85004',
    })
    expect(saved.status).toBe(200)
    expect(await home()).toEqual({ label: 'Phoenix, AZ', source: 'zip', zipCode: '85004' })
  })

  it('refuses a ZIP code it cannot place, a location outside the US, and both at once', async () => {
    const player = await signedInUser(t)
    const unknown = await player.client.put('/api/profiles/me/location', { zipCode: '00000' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.fields.zipCode).toBe(HOME_ZIP_UNKNOWN)
    const paris = await player.client.put('/api/profiles/me/location', { latitude: 48.85, longitude: 2.35 })
    expect(paris.status).toBe(400)
    expect(paris.body.error.message).toBe(HOME_OUTSIDE_US)
    const both = await player.client.put('/api/profiles/me/location', {
      zipCode: '85281',
      latitude: 33.4,
      longitude: -111.9,
    })
    expect(both.status).toBe(400)
    const half = await player.client.put('/api/profiles/me/location', { latitude: 33.4 })
    expect(half.status).toBe(400)
    expect((await player.client.get('/api/profiles/me/location')).body.home.label).toBe('Phoenix, AZ')
  })
})

describe('Available by distance from home', () => {
  it('finds a game 6 miles away within 10 miles, not one in Tucson, and sorts nearest first', async () => {
    const [mesa, surprise, tucson] = await Promise.all([
      insertVenue(t.db, { name: 'Mesa Courts', city: 'Mesa', ...MESA }),
      insertVenue(t.db, { name: 'Surprise Courts', city: 'Surprise', region: 'west_valley', ...SURPRISE }),
      insertVenue(t.db, { name: 'Tucson Courts', city: 'Tucson', region: 'tucson', ...TUCSON }),
    ])
    const [a, b] = await befriendedPair(t, { duprRating: 3.6 }, { duprRating: 3.6 })
    const atMesa = await post(a, b, { venueId: mesa.id })
    const atSurprise = await post(a, b, { venueId: surprise.id, regions: ['west_valley'] })
    const atTucson = await post(a, b, { venueId: tucson.id, regions: ['tucson'] })
    const somewhere = await post(a, b, { place: 'My backyard court' })
    const mine = [atMesa.id, atSurprise.id, atTucson.id, somewhere.id]
    const ours = <T extends { id: string }>(items: T[]) => items.filter((item) => mine.includes(item.id))

    const viewer = await signedInUser(t, { zipCode: '85281' })
    const within10 = ours(await available(viewer, 'within=10'))
    expect(within10.map((item) => item.id)).toEqual([atMesa.id])
    expect(within10[0]!.distanceMiles).toBeCloseTo(6, 0)

    const within50 = ours(await available(viewer, 'within=50&sort=nearest'))
    expect(within50.map((item) => item.id)).toEqual([atMesa.id, atSurprise.id])

    // Nearest first without a distance: every game, places without coordinates last.
    const nearest = ours(await available(viewer, 'sort=nearest'))
    expect(nearest.map((item) => item.id)).toEqual([atMesa.id, atSurprise.id, atTucson.id, somewhere.id])
    expect(nearest.map((item) => item.distanceMiles === null)).toEqual([false, false, false, true])
    expect(nearest[2]!.distanceMiles).toBeGreaterThan(95)

    // With the rating and date filters, and for a player whose level the games are not at.
    expect(ours(await available(viewer, 'within=25&minRating=3.5&maxRating=4')).map((i) => i.id)).toEqual([
      atMesa.id,
    ])
    expect(ours(await available(viewer, 'within=25&minRating=5'))).toEqual([])
    expect(ours(await available(viewer, 'within=25&when=today'))).toEqual([])
    const day = nextWeek().startDate
    const onTheDay = `when=range&from=${day}&to=${day}`
    expect(ours(await available(viewer, `within=25&${onTheDay}&sort=nearest`)).map((i) => i.id)).toEqual([
      atMesa.id,
    ])

    // From a location in Tucson, Tucson's game is the near one.
    await viewer.client.put('/api/profiles/me/location', { latitude: 32.22, longitude: -110.97 })
    expect(ours(await available(viewer, 'within=5')).map((i) => i.id)).toEqual([atTucson.id])
  })

  it('asks for a home before filtering by distance, and for one of the distances offered', async () => {
    const homeless = await signedInUser(t, { zipCode: null })
    for (const query of ['within=10', 'sort=nearest']) {
      const res = await homeless.client.get(`/api/play-dates?tab=available&${query}`)
      expect(res.status).toBe(400)
      expect(res.body.error.message).toBe(HOME_NEEDED)
    }
    // Without a home the cards carry no distance.
    expect((await homeless.client.get('/api/play-dates?tab=available')).status).toBe(200)
    const viewer = await signedInUser(t)
    expect((await viewer.client.get('/api/play-dates?tab=available&within=7')).status).toBe(400)
    expect((await viewer.client.get('/api/play-dates?tab=available&sort=farthest')).status).toBe(400)
  })

  it('suggests games near home on the dashboard, within 25 miles at the player’s level', async () => {
    const venue = await insertVenue(t.db, { name: 'Mesa Suggest Courts', ...MESA })
    const far = await insertVenue(t.db, { name: 'Tucson Suggest Courts', region: 'tucson', ...TUCSON })
    const [a, b] = await befriendedPair(t, { duprRating: 3.5 }, { duprRating: 3.5 })
    const tomorrow = new Date(t.clock.now().getTime() + 26 * 3600_000).toISOString().slice(0, 10)
    const near = await post(a, b, { venueId: venue.id, startDate: tomorrow, startTime: '18:00' })
    const tooFar = await post(a, b, {
      venueId: far.id,
      regions: ['tucson'],
      startDate: tomorrow,
      startTime: '18:00',
    })
    const me = await signedInUser(t, { zipCode: '85281', duprRating: 3.5 })
    const home = (await me.client.get('/api/home')).body
    const ids = home.suggested.map((g: { id: string }) => g.id)
    expect(ids).toContain(near.id)
    expect(ids).not.toContain(tooFar.id)
    expect(home.suggestedBy).toMatchObject({ state: null, region: null, withinMiles: 25 })
  })
})

describe('venues and PlayDates in every state', () => {
  it('places a venue from its ZIP code and keeps the clock of where it is', async () => {
    const admin = await signedInUser(t, { isAdmin: true })
    const venue = (body: Record<string, unknown>) =>
      admin.client.post('/api/admin/venues', {
        name: 'Riverside Courts',
        address: '1 Main St',
        courts: 4,
        setting: 'outdoor',
        region: 'statewide',
        ...body,
      })
    const columbus = await venue({ city: 'Columbus', state: 'OH', zipCode: '43215' })
    expect(columbus.status).toBe(201)
    expect(columbus.body).toMatchObject({ state: 'OH', zipCode: '43215', timeZone: 'America/New_York' })
    expect(columbus.body.latitude).toBeCloseTo(39.96, 1)

    // The Florida panhandle keeps Central time; given coordinates win over the ZIP code.
    const pensacola = await venue({ city: 'Pensacola', state: 'FL', zipCode: '32502' })
    expect(pensacola.body.timeZone).toBe('America/Chicago')
    const miami = await venue({
      city: 'Miami',
      state: 'FL',
      zipCode: '32502',
      latitude: 25.77,
      longitude: -80.19,
    })
    expect(miami.body).toMatchObject({ latitude: 25.77, timeZone: 'America/New_York' })

    const unknown = await venue({ city: 'Nowhere', state: 'OH', zipCode: '00000' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.fields.zipCode).toBe(VENUE_ZIP_UNKNOWN)

    // A PlayDate at the panhandle venue starts at 6:00 PM on its clock, and one in Ohio is made
    // like any other: its state's one region.
    const [a, b] = await befriendedPair(t)
    const game = await post(a, b, {
      state: 'FL',
      regions: ['statewide'],
      venueId: pensacola.body.id,
      timeZone: 'America/New_York',
      startTime: '18:00',
    })
    expect(game.timeZone).toBe('America/Chicago')
    const ohio = await post(a, b, { state: 'OH', regions: ['statewide'], venueId: columbus.body.id })
    const near = await signedInUser(t, { zipCode: '43215' })
    expect((await available(near, 'within=5')).map((i) => i.id)).toEqual([ohio.id])

    // An admin moves the venue: its open PlayDates move with it.
    const moved = await admin.client.put(`/api/admin/venues/${columbus.body.id}`, {
      name: 'Riverside Courts',
      address: '1 Main St',
      city: 'Cleveland',
      state: 'OH',
      region: 'statewide',
      courts: 4,
      setting: 'outdoor',
      zipCode: '44114',
    })
    expect(moved.status).toBe(200)
    expect(await available(near, 'within=5')).toEqual([])
    const [row] = await t.db
      .select({ lat: playDates.latitude })
      .from(playDates)
      .where(eq(playDates.id, ohio.id))
    expect(row!.lat).toBeCloseTo(41.5, 0)
  })
})
