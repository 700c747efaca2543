import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profiles } from '../../db/schema'
import { signedInUser } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const DAY = 24 * 60 * 60 * 1000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY)

const setDates = (id: string, confirmed: Date, skipped: Date | null = null) =>
  t.db
    .update(profiles)
    .set({ ratingsConfirmedAt: confirmed, ratingPromptSkippedAt: skipped })
    .where(eq(profiles.id, id))

describe('rating prompt', () => {
  it('asks nobody whose ratings are recent', async () => {
    const me = await signedInUser(t, { duprRating: 3.75, selfRating: 4 })
    const res = await me.client.get('/api/profiles/me/rating-check')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ updateNeeded: false, duprRating: 3.75, selfRating: 4 })
  })

  it('asks once the ratings are more than 90 days old, and stays quiet for 7 days after a skip', async () => {
    const me = await signedInUser(t)
    await setDates(me.profile.id, daysAgo(91))
    expect((await me.client.get('/api/profiles/me/rating-check')).body.updateNeeded).toBe(true)

    expect((await me.client.post('/api/profiles/me/rating-check/skip')).status).toBe(204)
    expect((await me.client.get('/api/profiles/me/rating-check')).body.updateNeeded).toBe(false)

    await setDates(me.profile.id, daysAgo(91), daysAgo(8))
    expect((await me.client.get('/api/profiles/me/rating-check')).body.updateNeeded).toBe(true)
  })

  it('reads the app clock: the prompt comes due when the clock passes 90 days, and a skip lasts 7', async () => {
    const me = await signedInUser(t)
    await setDates(me.profile.id, new Date(t.clock.now().getTime() - 89 * DAY))
    const check = async () => (await me.client.get('/api/profiles/me/rating-check')).body.updateNeeded
    expect(await check()).toBe(false)
    t.clock.advance(2 * DAY)
    expect(await check()).toBe(true)
    expect((await me.client.post('/api/profiles/me/rating-check/skip')).status).toBe(204)
    t.clock.advance(6 * DAY)
    expect(await check()).toBe(false)
    t.clock.advance(2 * DAY)
    expect(await check()).toBe(true)
    t.clock.advance(-10 * DAY)
  })

  it('records new ratings and the time, which ends the prompt', async () => {
    const me = await signedInUser(t)
    await setDates(me.profile.id, daysAgo(200))
    const res = await me.client.put('/api/profiles/me/ratings', { duprRating: 4.126, selfRating: '4.5' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ duprRating: 4.13, selfRating: 4.5 })
    expect(Date.now() - Date.parse(res.body.ratingsConfirmedAt)).toBeLessThan(60_000)
    expect((await me.client.get('/api/profiles/me/rating-check')).body).toEqual({
      updateNeeded: false,
      duprRating: 4.13,
      selfRating: 4.5,
    })
  })

  it('counts ratings saved in Profile Settings as confirmed', async () => {
    const me = await signedInUser(t)
    await setDates(me.profile.id, daysAgo(200), daysAgo(1))
    const own = (await me.client.get('/api/profiles/me')).body
    const saved = await me.client.put('/api/profiles/me', {
      firstName: own.firstName,
      lastName: own.lastName,
      gender: own.gender,
      duprRating: 4.4,
      selfRating: 4.5,
      birthdate: own.birthdate,
      zipCode: own.zipCode ?? '',
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    // Quiet because the ratings are confirmed now, not because of a snooze (a skip 8 days ago is over).
    await t.db
      .update(profiles)
      .set({ ratingPromptSkippedAt: daysAgo(8) })
      .where(eq(profiles.id, me.profile.id))
    expect((await me.client.get('/api/profiles/me/rating-check')).body).toEqual({
      updateNeeded: false,
      duprRating: 4.4,
      selfRating: 4.5,
    })
  })

  it('refuses ratings outside 2.00 to 7.00 or missing, with the spec messages', async () => {
    const me = await signedInUser(t)
    const low = await me.client.put('/api/profiles/me/ratings', { duprRating: 1.5, selfRating: 7.5 })
    expect(low.status).toBe(400)
    expect(low.body.error.fields).toEqual({
      duprRating: 'Rating must be at least 2.00',
      selfRating: 'Rating must be at most 7.00',
    })
    const missing = await me.client.put('/api/profiles/me/ratings', { duprRating: '' })
    expect(missing.body.error.fields).toEqual({
      duprRating: 'DUPR rating is required',
      selfRating: 'Self rating is required',
    })
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, me.profile.id))
    expect(Number(row!.duprRating)).toBe(3.5)
  })

  it('is for signed-in players only', async () => {
    const anonymous = createClient(t.app)
    expect((await anonymous.get('/api/profiles/me/rating-check')).status).toBe(401)
    expect((await anonymous.post('/api/profiles/me/rating-check/skip')).status).toBe(401)
    expect((await anonymous.put('/api/profiles/me/ratings', { duprRating: 4, selfRating: 4 })).status).toBe(
      401,
    )
  })
})
