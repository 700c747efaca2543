import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SELECT_REGION_OF_STATE } from '../../../domain/play-dates/play-date.schema'
import {
  CHOOSE_END_DATE,
  CHOOSE_START_DATE,
  END_BEFORE_START,
  RANGE_TOO_LONG,
} from '../../../domain/play-dates/date-window'
import { CHOOSE_HOME_REGION } from '../../../domain/profiles/profile.schema'
import { playDates } from '../../db/schema'
import { signedInUser, befriendedPair } from '../../testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'

// Finding a game: the Available tab's date, state and region filters, soonest first.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Player = Awaited<ReturnType<typeof signedInUser>>

async function team() {
  const [a, b] = await befriendedPair(t)
  return { a, b }
}

const regionOf = {
  AZ: 'east_valley',
  UT: 'statewide',
  FL: 'statewide',
  CA: 'statewide',
  TX: 'statewide',
  HI: 'statewide',
}

async function post(
  a: Player,
  b: Player,
  state: keyof typeof regionOf,
  startDate: string,
  startTime: string,
  extra: Record<string, unknown> = {},
) {
  const res = await a.client.post('/api/play-dates', {
    type: 'challenge',
    state,
    regions: [regionOf[state]],
    partnerId: b.profile.id,
    amount: 25,
    description: `${state} ${startDate} ${startTime}`,
    startDate,
    startTime,
    ...extra,
  })
  expect(res.status).toBe(201)
  return res.body.id as string
}

async function available(viewer: Player, query: string) {
  const res = await viewer.client.get(`/api/play-dates?tab=available&pageSize=50&${query}`)
  expect(res.status).toBe(200)
  return (res.body.items as Array<{ id: string }>).map((item) => item.id)
}

const only = (found: string[], mine: string[]) => found.filter((id) => mine.includes(id))

describe('the Available tab’s date filter', () => {
  it('finds "this weekend" by each game’s own clock, across the end of daylight saving in Utah and none in Arizona', async () => {
    // Wednesday, October 28, 2026. Utah's clocks go back on Sunday, November 1; Arizona's never move.
    t.clock.set(new Date('2026-10-28T18:00:00Z'))
    const { a, b } = await team()
    const viewer = await signedInUser(t)
    const utahSundayLate = await post(a, b, 'UT', '2026-11-01', '23:30') // 06:30Z Monday, after the change
    const utahMondayEarly = await post(a, b, 'UT', '2026-11-02', '00:30')
    const utahSaturdayEarly = await post(a, b, 'UT', '2026-10-31', '00:15')
    const utahFridayLate = await post(a, b, 'UT', '2026-10-30', '23:45')
    const arizonaSaturday = await post(a, b, 'AZ', '2026-10-31', '08:00')
    const arizonaSundayLate = await post(a, b, 'AZ', '2026-11-01', '23:45')
    const arizonaMonday = await post(a, b, 'AZ', '2026-11-02', '00:15')
    const mine = [
      utahSundayLate,
      utahMondayEarly,
      utahSaturdayEarly,
      utahFridayLate,
      arizonaSaturday,
      arizonaSundayLate,
      arizonaMonday,
    ]

    expect(only(await available(viewer, 'when=weekend&state=UT'), mine)).toEqual([
      utahSaturdayEarly,
      utahSundayLate,
    ])
    expect(only(await available(viewer, 'when=weekend&state=AZ'), mine)).toEqual([
      arizonaSaturday,
      arizonaSundayLate,
    ])
    // Every state: soonest first, each on its own clock (Utah's 11:30 PM MST on Sunday is 15
    // minutes before Arizona's 11:45 PM MST).
    expect(only(await available(viewer, 'when=weekend'), mine)).toEqual([
      utahSaturdayEarly,
      arizonaSaturday,
      utahSundayLate,
      arizonaSundayLate,
    ])
    expect(only(await available(viewer, 'when=today'), mine)).toEqual([])
    expect(only(await available(viewer, 'when=week&state=UT'), mine)).toEqual([
      utahFridayLate,
      utahSaturdayEarly,
      utahSundayLate,
      utahMondayEarly,
    ])
    expect(only(await available(viewer, 'when=range&from=2026-11-02&to=2026-11-02'), mine)).toEqual([
      arizonaMonday,
      utahMondayEarly,
    ])
  })

  it('reads "this weekend" on a Saturday as today and tomorrow, and on a Sunday as today', async () => {
    // Saturday, November 28, 2026, 7:00 AM in Phoenix.
    t.clock.set(new Date('2026-11-28T14:00:00Z'))
    const { a, b } = await team()
    const viewer = await signedInUser(t)
    const saturday = await post(a, b, 'AZ', '2026-11-28', '18:00')
    const sunday = await post(a, b, 'AZ', '2026-11-29', '09:00')
    const nextSaturday = await post(a, b, 'AZ', '2026-12-05', '09:00')
    const mine = [saturday, sunday, nextSaturday]
    expect(only(await available(viewer, 'when=weekend&state=AZ'), mine)).toEqual([saturday, sunday])
    expect(only(await available(viewer, 'when=today&state=AZ'), mine)).toEqual([saturday])
    t.clock.set(new Date('2026-11-29T14:00:00Z'))
    expect(only(await available(viewer, 'when=weekend&state=AZ'), mine)).toEqual([sunday])
    expect(only(await available(viewer, 'when=week&state=AZ'), mine)).toEqual([sunday, nextSaturday])
  })

  it('moves "today" on at midnight in Phoenix, for Arizona and for an Arizonan looking at every state', async () => {
    // Thursday, November 26, 2026, 10:00 PM in Phoenix (7:00 PM in Honolulu).
    t.clock.set(new Date('2026-11-27T05:00:00Z'))
    const { a, b } = await team()
    const arizonan = await signedInUser(t)
    await arizonan.client.put('/api/profiles/me/home', { homeState: 'AZ', homeRegion: 'east_valley' })
    const arizonaFriday = await post(a, b, 'AZ', '2026-11-27', '00:30')
    const hawaiiThursday = await post(a, b, 'HI', '2026-11-26', '21:30') // 12:30 AM Friday in Phoenix
    const hawaiiFriday = await post(a, b, 'HI', '2026-11-27', '09:00')
    const mine = [arizonaFriday, hawaiiThursday, hawaiiFriday]

    // The last moment of Thursday in Phoenix.
    t.clock.set(new Date('2026-11-27T06:59:59.999Z'))
    expect(only(await available(arizonan, 'when=today&state=AZ'), mine)).toEqual([])
    expect(only(await available(arizonan, 'when=today'), mine)).toEqual([hawaiiThursday])
    // Midnight: Friday in Phoenix, still Thursday evening in Honolulu.
    t.clock.set(new Date('2026-11-27T07:00:00Z'))
    expect(only(await available(arizonan, 'when=today&state=AZ'), mine)).toEqual([arizonaFriday])
    expect(only(await available(arizonan, 'when=today'), mine)).toEqual([arizonaFriday, hawaiiFriday])
    expect(only(await available(arizonan, 'when=today&state=HI'), mine)).toEqual([hawaiiThursday])
  })

  it('says what is wrong with a chosen range', async () => {
    const viewer = await signedInUser(t)
    // The message, and the field it belongs to.
    const problem = async (query: string) => {
      const res = await viewer.client.get(`/api/play-dates?tab=available&${query}`)
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('invalid')
      expect(Object.values(res.body.error.fields)).toEqual([res.body.error.message])
      return [Object.keys(res.body.error.fields)[0], res.body.error.message]
    }
    expect(await problem('when=range&to=2026-12-01')).toEqual(['from', CHOOSE_START_DATE])
    expect(await problem('when=range&from=2026-12-01')).toEqual(['to', CHOOSE_END_DATE])
    expect(await problem('when=range&from=2026-12-05&to=2026-12-01')).toEqual(['to', END_BEFORE_START])
    expect(await problem('when=range&from=2026-12-01&to=2027-03-01')).toEqual(['to', RANGE_TOO_LONG])
    expect(await problem('when=tomorrow')).toEqual([
      'when',
      'Invalid option: expected one of "today"|"weekend"|"week"|"range"',
    ])
    expect(await problem('when=range&from=1%20Dec&to=2026-12-05')).toEqual(['from', 'Choose a date'])
  })
})

describe('the Available tab’s place filter', () => {
  it('keeps a state’s and a region’s PlayDates, soonest first, those without a time last', async () => {
    t.clock.set(new Date('2026-11-25T17:00:00Z'))
    const { a, b } = await team()
    const viewer = await signedInUser(t)
    const tucsonLater = await post(a, b, 'AZ', '2026-12-03', '09:00', { regions: ['tucson'] })
    const eastValley = await post(a, b, 'AZ', '2026-12-02', '09:00')
    const both = await post(a, b, 'AZ', '2026-12-01', '09:00', { regions: ['east_valley', 'tucson'] })
    const florida = await post(a, b, 'FL', '2026-12-01', '07:00')
    // A PlayDate from before times: open, with no time.
    const [legacy] = await t.db
      .insert(playDates)
      .values({
        creatorId: a.profile.id,
        partnerId: b.profile.id,
        type: 'challenge',
        state: 'AZ',
        regions: ['tucson'],
        paymentPerHourMin: 20,
        paymentPerHourMax: 20,
        description: 'Time to be agreed',
      })
      .returning({ id: playDates.id })
    const mine = [tucsonLater, eastValley, both, florida, legacy!.id]

    expect(only(await available(viewer, 'state=AZ'), mine)).toEqual([
      both,
      eastValley,
      tucsonLater,
      legacy!.id,
    ])
    expect(only(await available(viewer, 'state=AZ&region=tucson'), mine)).toEqual([
      both,
      tucsonLater,
      legacy!.id,
    ])
    expect(only(await available(viewer, 'state=FL&region=statewide'), mine)).toEqual([florida])
    expect(only(await available(viewer, ''), mine)).toEqual([
      florida,
      both,
      eastValley,
      tucsonLater,
      legacy!.id,
    ])
    // A date filter leaves out a PlayDate with no time.
    expect(only(await available(viewer, 'when=week&state=AZ&region=tucson'), mine)).toEqual([both])
    // With the rating filter too, read either way.
    expect(only(await available(viewer, 'state=AZ&region=tucson&minRating=2&maxRating=7'), mine)).toEqual([
      both,
      tucsonLater,
      legacy!.id,
    ])

    for (const query of ['region=tucson', 'state=UT&region=tucson', 'state=AZ&region=mars']) {
      const res = await viewer.client.get(`/api/play-dates?tab=available&${query}`)
      expect(res.status).toBe(400)
      expect(res.body.error.message).toContain(SELECT_REGION_OF_STATE)
    }
    expect((await viewer.client.get('/api/play-dates?tab=available&state=ZZ')).status).toBe(400)
  })
})

describe('a player’s home area', () => {
  it('is set and cleared in profile settings and comes with the session', async () => {
    const player = await signedInUser(t)
    const set = await player.client.put('/api/profiles/me/home', { homeState: 'AZ', homeRegion: 'tucson' })
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({ homeState: 'AZ', homeRegion: 'tucson' })
    expect((await player.client.get('/api/auth/session')).body.user).toMatchObject({
      homeState: 'AZ',
      homeRegion: 'tucson',
    })
    for (const wrong of [
      { homeState: 'UT', homeRegion: 'tucson' },
      { homeState: 'AZ', homeRegion: null },
      { homeState: null, homeRegion: 'tucson' },
    ]) {
      const res = await player.client.put('/api/profiles/me/home', wrong)
      expect(res.status).toBe(400)
      expect(res.body.error.message).toContain(CHOOSE_HOME_REGION)
    }
    const cleared = await player.client.put('/api/profiles/me/home', { homeState: null, homeRegion: null })
    expect(cleared.body).toMatchObject({ homeState: null, homeRegion: null })
  })

  it('gives the date filter its days when no state is chosen', async () => {
    // Thursday, November 26, 2026, 11:30 PM in Phoenix: already Friday in Orlando.
    t.clock.set(new Date('2026-11-27T06:30:00Z'))
    const { a, b } = await team()
    const arizonan = await signedInUser(t)
    await arizonan.client.put('/api/profiles/me/home', { homeState: 'AZ', homeRegion: 'tucson' })
    const floridian = await signedInUser(t)
    await floridian.client.put('/api/profiles/me/home', { homeState: 'FL', homeRegion: 'statewide' })
    const floridaFriday = await post(a, b, 'FL', '2026-11-27', '18:00')
    const mine = [floridaFriday]
    expect(only(await available(arizonan, 'when=today'), mine)).toEqual([])
    expect(only(await available(floridian, 'when=today'), mine)).toEqual([floridaFriday])
  })
})

describe('overlapping PlayDates', () => {
  it('warns of the player’s own PlayDates and applications at an overlapping time, and of no one else’s', async () => {
    t.clock.set(new Date('2026-11-25T17:00:00Z'))
    const { a, b } = await team()
    const { a: c, b: d } = await team()
    const stranger = await signedInUser(t)
    // Saturday, December 5, 8:00 to 10:00 AM in Phoenix (15:00Z to 17:00Z).
    const saturday = await post(a, b, 'AZ', '2026-12-05', '08:00')
    const other = await post(c, d, 'AZ', '2026-12-05', '09:30')
    const overlaps = async (player: Player, query: string) => {
      const res = await player.client.get(`/api/play-dates/overlaps?${query}`)
      expect(res.status).toBe(200)
      return res.body.items as Array<{ id: string; applied: boolean }>
    }
    const at = (iso: string, minutes = 120) => `start=${encodeURIComponent(iso)}&durationMinutes=${minutes}`
    expect(await overlaps(a, at('2026-12-05T16:30:00Z'))).toMatchObject([{ id: saturday, applied: false }])
    expect(await overlaps(b, at('2026-12-05T14:00:00Z', 90))).toMatchObject([{ id: saturday }])
    // Touching ends do not overlap.
    expect(await overlaps(a, at('2026-12-05T17:00:00Z'))).toEqual([])
    expect(await overlaps(a, at('2026-12-05T13:00:00Z'))).toEqual([])
    expect(await overlaps(stranger, at('2026-12-05T16:30:00Z'))).toEqual([])
    // The PlayDate itself is left out when asked about it.
    expect(await overlaps(a, `${at('2026-12-05T15:00:00Z')}&except=${saturday}`)).toEqual([])
    // An application counts: C and D applied to A's game, and now see it beside their own.
    expect(
      (await c.client.post(`/api/play-dates/${saturday}/requests`, { partnerId: d.profile.id })).status,
    ).toBe(201)
    const forD = await overlaps(d, at('2026-12-05T16:00:00Z'))
    expect(forD.map((o) => o.id)).toEqual([saturday, other])
    expect(forD[0]!.applied).toBe(true)
    // Once accepted, the game is theirs: no longer an application.
    const [request] = (await a.client.get(`/api/play-dates/${saturday}`)).body.pendingRequests as Array<{
      id: string
    }>
    expect((await a.client.post(`/api/play-dates/requests/${request!.id}/accept`)).status).toBe(200)
    expect((await overlaps(d, at('2026-12-05T16:00:00Z')))[0]).toMatchObject({ id: saturday, applied: false })
    const bad = await a.client.get('/api/play-dates/overlaps?start=tomorrow&durationMinutes=120')
    expect(bad.status).toBe(400)
  })
})
