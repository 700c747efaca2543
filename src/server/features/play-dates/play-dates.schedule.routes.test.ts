import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs, playDates } from '../../db/schema'
import { befriend, befriendedPair, insertVenue, signedInUser } from '../../testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  // Wednesday, November 25, 2026, 10:00 AM in Phoenix.
  t.clock.set(new Date('2026-11-25T17:00:00Z'))
})
afterAll(() => t.close())

type Player = Awaited<ReturnType<typeof signedInUser>>

async function team() {
  const [a, b] = await befriendedPair(t)
  return { a, b }
}

// Cal and two friends of his, Dee and Eve, to apply with one then the other.
async function calAndFriends(lastName: string) {
  const [cal, dee, eve] = await Promise.all(
    ['Cal', 'Dee', 'Eve'].map((firstName) => signedInUser(t, { firstName, lastName })),
  )
  for (const friend of [dee!, eve!]) await befriend(t.db, cal!, friend)
  return { cal: cal!, dee: dee!, eve: eve! }
}

const input = (partner: Player, overrides: Record<string, unknown> = {}) => ({
  type: 'challenge',
  state: 'AZ',
  regions: ['east_valley'],
  partnerId: partner.profile.id,
  amount: 25,
  description: 'Saturday doubles',
  startDate: '2026-12-05',
  startTime: '08:00',
  ...overrides,
})

// The player applies to the PlayDate with a partner; its creator accepts the application.
const applyWith = (player: Player, playDateId: string, partner: Player) =>
  player.client.post(`/api/play-dates/${playDateId}/requests`, { partnerId: partner.profile.id })
const accept = (creator: Player, requestId: string) =>
  creator.client.post(`/api/play-dates/requests/${requestId}/accept`)

// Two teams each post a game (`firstTimes`, `secondTimes` replace the start and length); Cal
// applies to the first with Dee and to the second with Eve, and is accepted to the first. Returns
// the second team's answer when it accepts Cal too.
async function acceptInBoth(
  lastName: string,
  firstTimes: Record<string, unknown>,
  secondTimes: Record<string, unknown>,
) {
  const one = await team()
  const two = await team()
  const { cal, dee, eve } = await calAndFriends(lastName)
  const first = (await one.a.client.post('/api/play-dates', input(one.b, firstTimes))).body
  const second = (await two.a.client.post('/api/play-dates', input(two.b, secondTimes))).body
  const applyOne = await applyWith(cal, first.id, dee)
  const applyTwo = await applyWith(cal, second.id, eve)
  expect((await accept(one.a, applyOne.body.id)).status).toBe(200)
  const refused = await accept(two.a, applyTwo.body.id)
  return { refused, two, second, cal, eve }
}

const venue = (overrides: Parameters<typeof insertVenue>[1] = {}) => insertVenue(t.db, overrides)

describe('a PlayDate’s time and place', () => {
  it('takes the start in the state’s zone, a length of 2 hours by default, and a venue of its regions', async () => {
    const { a, b } = await team()
    const kiwanis = await venue()
    const res = await a.client.post('/api/play-dates', input(b, { venueId: kiwanis.id }))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      startsAt: '2026-12-05T15:00:00.000Z',
      timeZone: 'America/Phoenix',
      durationMinutes: 120,
      venue: { id: kiwanis.id, name: 'Kiwanis Park', city: 'Tempe', state: 'AZ' },
      place: null,
    })
    // The same time in Utah is an hour's difference in winter (Mountain Standard Time).
    const utah = await a.client.post(
      '/api/play-dates',
      input(b, { state: 'UT', regions: ['statewide'], durationMinutes: 90, place: 'Liberty Park courts' }),
    )
    expect(utah.body).toMatchObject({
      startsAt: '2026-12-05T15:00:00.000Z',
      timeZone: 'America/Denver',
      durationMinutes: 90,
      venue: null,
      place: 'Liberty Park courts',
    })
    // The Florida panhandle is on Central time.
    const panhandle = await a.client.post(
      '/api/play-dates',
      input(b, { state: 'FL', regions: ['statewide'], timeZone: 'America/Chicago' }),
    )
    expect(panhandle.body).toMatchObject({
      startsAt: '2026-12-05T14:00:00.000Z',
      timeZone: 'America/Chicago',
    })
  })

  it('refuses a start under 30 minutes or over 90 days ahead, by the app’s clock, naming the field', async () => {
    const { a, b } = await team()
    const soon = await a.client.post(
      '/api/play-dates',
      input(b, { startDate: '2026-11-25', startTime: '10:15' }),
    )
    expect(soon.status).toBe(400)
    expect(soon.body.error).toMatchObject({
      message: 'Start must be at least 30 minutes from now',
      fields: { startDate: 'Start must be at least 30 minutes from now' },
    })
    // A day already past, as a stale form would send it: refused the same way.
    const past = await a.client.post(
      '/api/play-dates',
      input(b, { startDate: '2026-11-24', startTime: '18:00' }),
    )
    expect(past.status).toBe(400)
    expect(past.body.error.fields).toEqual({ startDate: 'Start must be at least 30 minutes from now' })
    const late = await a.client.post('/api/play-dates', input(b, { startDate: '2027-03-01' }))
    expect(late.body.error.message).toBe('Start must be within 90 days')
    const ok = await a.client.post(
      '/api/play-dates',
      input(b, { startDate: '2026-11-25', startTime: '10:30' }),
    )
    expect(ok.status).toBe(201)
  })

  it('refuses a missing date or time, a length off the half hour, and a venue of another region or retired', async () => {
    const { a, b } = await team()
    const { startDate: _omit, ...noDate } = input(b)
    const missing = await a.client.post('/api/play-dates', noDate)
    expect(missing.status).toBe(400)
    expect(missing.body.error.fields).toMatchObject({ startDate: 'Choose a date' })
    const odd = await a.client.post('/api/play-dates', input(b, { durationMinutes: 45 }))
    expect(odd.body.error.fields).toMatchObject({
      durationMinutes: 'Choose a duration in steps of 30 minutes',
    })

    const tucson = await venue({ name: 'Far away', region: 'tucson' })
    const elsewhere = await a.client.post('/api/play-dates', input(b, { venueId: tucson.id }))
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.body.error.fields).toMatchObject({
      venueId: 'Choose a venue in the PlayDate’s state and regions',
    })
    const retired = await venue({ name: 'Closed', retiredAt: new Date() })
    const closed = await a.client.post('/api/play-dates', input(b, { venueId: retired.id }))
    expect(closed.body.error.fields).toMatchObject({ venueId: 'Venue not found' })
    expect(await t.db.select().from(playDates).where(eq(playDates.creatorId, a.profile.id))).toEqual([])
  })

  it('plans the PlayDate’s expiry at its start', async () => {
    const { a, b } = await team()
    const res = await a.client.post('/api/play-dates', input(b))
    const [expiry] = await t.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'play-date-expiry'),
          eq(jobs.key, `expiry:${res.body.id}:2026-12-05T15:00:00.000Z`),
        ),
      )
    expect(expiry?.runAt.toISOString()).toBe('2026-12-05T15:00:00.000Z')
  })

  it('shows a PlayDate from before times with no time and no place', async () => {
    const { a, b } = await team()
    const [old] = await t.db
      .insert(playDates)
      .values({
        creatorId: a.profile.id,
        partnerId: b.profile.id,
        type: 'earn',
        state: 'AZ',
        regions: ['east_valley'],
        paymentPerHourMin: 30,
        paymentPerHourMax: 30,
        description: 'From before',
      })
      .returning()
    const res = await a.client.get(`/api/play-dates/${old!.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      startsAt: null,
      timeZone: null,
      durationMinutes: null,
      venue: null,
      place: null,
    })
  })

  it('refuses an accept that would put a player in two matched games at once, naming the clash', async () => {
    // 8:00-10:00 and 9:00-10:30 on the same Saturday; a third game at 10:00 does not overlap the first.
    const { refused, two, second, cal, eve } = await acceptInBoth(
      'Clash',
      {},
      { startTime: '09:00', durationMinutes: 90 },
    )
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toBe(
      'Cal Clash already plays a PlayDate at that time (Sat, Dec 5 · 8:00 AM MST)',
    )
    const still = await two.a.client.get(`/api/play-dates/${second.id}`)
    expect(still.body.status).toBe('open')

    const later = (await two.a.client.post('/api/play-dates', input(two.b, { startTime: '10:00' }))).body
    const applyLater = await applyWith(cal, later.id, eve)
    expect((await accept(two.a, applyLater.body.id)).status).toBe(200)
  })

  it('counts the longest game as a clash until its last minute, however early it began', async () => {
    // 6:00-10:00, then a half hour from 9:30: three and a half hours after the first began.
    const { refused } = await acceptInBoth(
      'Long',
      { startTime: '06:00', durationMinutes: 240 },
      { startTime: '09:30', durationMinutes: 30 },
    )
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toBe(
      'Cal Long already plays a PlayDate at that time (Sat, Dec 5 · 6:00 AM MST)',
    )
  })

  it('plans both reminders when a PlayDate is matched', async () => {
    const { a, b } = await team()
    const [c, d] = await befriendedPair(t)
    const game = (await a.client.post('/api/play-dates', input(b))).body
    const applied = await applyWith(c, game.id, d)
    await accept(a, applied.body.id)
    const planned = await t.db.select().from(jobs).where(eq(jobs.kind, 'play-date-reminder'))
    expect(
      planned
        .filter((j) => (j.payload as { playDateId: string }).playDateId === game.id)
        .map((j) => j.runAt.toISOString())
        .sort(),
    ).toEqual(['2026-12-04T15:00:00.000Z', '2026-12-05T13:00:00.000Z'])
  })

  it('takes no application once the start has passed, says why, and leaves the PlayDate out of Available', async () => {
    const { a, b } = await team()
    const [c, d] = await befriendedPair(t)
    const game = (
      await a.client.post('/api/play-dates', input(b, { startDate: '2026-11-25', startTime: '11:00' }))
    ).body
    const listed = async () =>
      (
        (await c.client.get('/api/play-dates?tab=available&pageSize=50')).body.items as Array<{ id: string }>
      ).some((p) => p.id === game.id)
    t.clock.set(new Date('2026-11-25T18:01:00Z'))
    try {
      const late = await applyWith(c, game.id, d)
      expect(late.status).toBe(409)
      expect(late.body.error.message).toBe('This PlayDate has already started: it can no longer be joined')
    } finally {
      t.clock.set(new Date('2026-11-25T17:00:00Z'))
    }
    // Listed while ahead by the app's clock, and not once the start has passed.
    await t.db
      .update(playDates)
      .set({ startsAt: new Date(t.clock.now().getTime() + 60 * 60_000) })
      .where(eq(playDates.id, game.id))
    expect(await listed()).toBe(true)
    await t.db
      .update(playDates)
      .set({ startsAt: new Date(t.clock.now().getTime() - 60_000) })
      .where(eq(playDates.id, game.id))
    expect(await listed()).toBe(false)
  })

  it('gives a cancelled PlayDate’s calendar entry a higher sequence, so subscribed calendars take it', async () => {
    const { a, b } = await team()
    const game = (await a.client.post('/api/play-dates', input(b))).body
    const entry = async () => (await a.client.get(`/api/play-dates/${game.id}/calendar`)).text
    expect(await entry()).toMatch(/SEQUENCE:0\r\n[\s\S]*STATUS:TENTATIVE/)
    expect((await a.client.post(`/api/play-dates/${game.id}/cancel`)).status).toBe(200)
    const cancelled = await entry()
    expect(cancelled).toContain('STATUS:CANCELLED')
    expect(cancelled).toContain('SEQUENCE:1')
  })
})
