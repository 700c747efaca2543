import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { playerVenues, profiles, venues } from '../../db/schema'
import { insertVenue, signedInUser } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const tag = () => Math.random().toString(36).slice(2, 7)

// Venues in use, each with a name of its own.
const courts = (count: number, city = 'Tempe') =>
  Promise.all(
    Array.from({ length: count }, (_, i) => insertVenue(t.db, { name: `Court ${i + 1} ${tag()}`, city })),
  )

const savedVenueIds = async (profileId: string) =>
  (
    await t.db
      .select({ venueId: playerVenues.venueId, position: playerVenues.position })
      .from(playerVenues)
      .where(eq(playerVenues.profileId, profileId))
      .orderBy(playerVenues.position)
  ).map((row) => row.venueId)

describe('bio and plays at', () => {
  it('needs a session', async () => {
    const anonymous = createClient(t.app)
    expect((await anonymous.get('/api/profiles/me/about')).status).toBe(401)
    expect((await anonymous.put('/api/profiles/me/about', { bio: 'Hi', venueIds: [] })).status).toBe(401)
  })

  it('a player writes a bio and picks two venues; another player sees both on the public profile', async () => {
    const maya = await signedInUser(t, { firstName: 'Maya' })
    const viewer = await signedInUser(t)
    const [kiwanis, redMountain] = await Promise.all([
      insertVenue(t.db, { name: 'Kiwanis Park', city: 'Tempe' }),
      insertVenue(t.db, { name: 'Red Mountain Park', city: 'Mesa', address: '7745 E Brown Rd' }),
    ])

    const empty = await maya.client.get('/api/profiles/me/about')
    expect(empty.body).toEqual({ bio: null, playsAt: [] })

    const bio = '  Lefty <b>dinker</b> & early riser.\r\nFind me at 6 AM.  '
    const saved = await maya.client.put('/api/profiles/me/about', {
      bio,
      venueIds: [redMountain.id, kiwanis.id],
    })
    expect(saved.status).toBe(200)
    const expected = {
      // Trimmed, line ends made one, markup kept as the text it is.
      bio: 'Lefty <b>dinker</b> & early riser.\nFind me at 6 AM.',
      playsAt: [
        {
          id: redMountain.id,
          name: 'Red Mountain Park',
          city: 'Mesa',
          address: '7745 E Brown Rd',
          state: 'AZ',
        },
        { id: kiwanis.id, name: 'Kiwanis Park', city: 'Tempe', address: kiwanis.address, state: 'AZ' },
      ],
    }
    expect(saved.body).toEqual(expected)
    expect((await maya.client.get('/api/profiles/me/about')).body).toEqual(expected)

    const seen = await viewer.client.get(`/api/profiles/${maya.profile.id}`)
    expect(seen.status).toBe(200)
    expect(seen.body.profile).toMatchObject(expected)
  })

  it('a bio of 160 characters is kept; one of 161 is refused with the field’s message and nothing changes', async () => {
    const player = await signedInUser(t)
    const [venue] = await courts(1)
    const longest = 'a'.repeat(160)
    const kept = await player.client.put('/api/profiles/me/about', { bio: longest, venueIds: [venue!.id] })
    expect(kept.status).toBe(200)

    const tooLong = await player.client.put('/api/profiles/me/about', { bio: `${longest}b`, venueIds: [] })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.error).toMatchObject({
      code: 'invalid',
      fields: { bio: 'Your bio can be at most 160 characters' },
    })
    expect((await player.client.get('/api/profiles/me/about')).body).toMatchObject({
      bio: longest,
      playsAt: [{ id: venue!.id }],
    })
  })

  it('an empty bio and an empty list clear them', async () => {
    const player = await signedInUser(t)
    const [venue] = await courts(1)
    await player.client.put('/api/profiles/me/about', { bio: 'Weekend warrior', venueIds: [venue!.id] })
    const cleared = await player.client.put('/api/profiles/me/about', { bio: '   ', venueIds: [] })
    expect(cleared.status).toBe(200)
    expect(cleared.body).toEqual({ bio: null, playsAt: [] })
    const [row] = await t.db
      .select({ bio: profiles.bio })
      .from(profiles)
      .where(eq(profiles.id, player.profile.id))
    expect(row!.bio).toBeNull()
    expect(await savedVenueIds(player.profile.id)).toEqual([])
  })

  it('a retired or unknown venue is refused under venueIds and the old list stays', async () => {
    const player = await signedInUser(t)
    const [kept, retired] = await courts(2)
    await t.db.update(venues).set({ retiredAt: new Date() }).where(eq(venues.id, retired!.id))
    await player.client.put('/api/profiles/me/about', { bio: null, venueIds: [kept!.id] })

    for (const venueIds of [
      [kept!.id, retired!.id],
      ['00000000-0000-4000-8000-000000000000'],
      ['not-a-venue'],
    ]) {
      const res = await player.client.put('/api/profiles/me/about', { bio: 'Changed', venueIds })
      expect(res.status).toBe(400)
      expect(res.body.error.fields).toEqual({
        venueIds: 'One of these venues is no longer on the list. Remove it and save again.',
      })
    }
    expect(await savedVenueIds(player.profile.id)).toEqual([kept!.id])
    const [row] = await t.db
      .select({ bio: profiles.bio })
      .from(profiles)
      .where(eq(profiles.id, player.profile.id))
    expect(row!.bio).toBeNull()
  })

  it('five venues are kept in the order given; a sixth, or one twice, is refused', async () => {
    const player = await signedInUser(t)
    const six = await courts(6)
    const five = six.slice(0, 5).map((v) => v.id)
    const saved = await player.client.put('/api/profiles/me/about', {
      bio: null,
      venueIds: [...five].reverse(),
    })
    expect(saved.status).toBe(200)
    expect(await savedVenueIds(player.profile.id)).toEqual([...five].reverse())

    const tooMany = await player.client.put('/api/profiles/me/about', {
      bio: null,
      venueIds: six.map((v) => v.id),
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.error.fields).toEqual({ venueIds: 'Choose at most 5 venues' })

    const twice = await player.client.put('/api/profiles/me/about', {
      bio: null,
      venueIds: [five[0], five[0]],
    })
    expect(twice.status).toBe(400)
    expect(twice.body.error.fields).toEqual({ venueIds: 'Each venue can be chosen once' })
    expect(await savedVenueIds(player.profile.id)).toEqual([...five].reverse())
  })

  it('two saves at once leave one of the two lists whole, never a mix of more than five', async () => {
    const player = await signedInUser(t)
    const ten = (await courts(10)).map((v) => v.id)
    const [first, second] = [ten.slice(0, 5), ten.slice(5)]
    const answers = await Promise.all([
      player.client.put('/api/profiles/me/about', { bio: 'First', venueIds: first }),
      player.client.put('/api/profiles/me/about', { bio: 'Second', venueIds: second }),
    ])
    expect(answers.map((res) => res.status)).toEqual([200, 200])
    const saved = await savedVenueIds(player.profile.id)
    expect([first, second]).toContainEqual(saved)
  })

  it('a venue retired after it was chosen leaves the profile, and the database holds five at most', async () => {
    const player = await signedInUser(t)
    const viewer = await signedInUser(t)
    const [stays, closes] = await courts(2)
    await player.client.put('/api/profiles/me/about', { bio: null, venueIds: [stays!.id, closes!.id] })
    await t.db.update(venues).set({ retiredAt: new Date() }).where(eq(venues.id, closes!.id))

    const seen = await viewer.client.get(`/api/profiles/${player.profile.id}`)
    expect(seen.body.profile.playsAt.map((v: { id: string }) => v.id)).toEqual([stays!.id])
    const own = await player.client.get('/api/profiles/me/about')
    expect(own.body.playsAt.map((v: { id: string }) => v.id)).toEqual([stays!.id])

    // A sixth row written past the service is refused by the table itself.
    const extra = await courts(4)
    await expect(
      t.db
        .insert(playerVenues)
        .values(
          extra.map((venue, i) => ({ profileId: player.profile.id, venueId: venue.id, position: i + 2 })),
        ),
    ).rejects.toThrow()
  })
})
