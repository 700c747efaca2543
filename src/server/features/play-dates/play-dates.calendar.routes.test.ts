import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { playDateReports, playDateRequests, playDates, profiles } from '../../db/schema'
import { insertMatchedPlayDate, insertVenue, signedInUser } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

// A matched game next month at a venue: Maya and Sam (creators, paying) against Alex and Jo.
async function matchedGame() {
  const [maya, sam, alex, jo] = await Promise.all(
    ['Maya', 'Sam', 'Alex', 'Jo'].map((firstName) => signedInUser(t, { firstName, lastName: 'Test' })),
  )
  const venue = await insertVenue(t.db)
  const game = await insertMatchedPlayDate(t.db, [maya!, sam!], [alex!, jo!], {
    startsAt: new Date('2027-01-09T15:00:00Z'),
    timeZone: 'America/Phoenix',
    durationMinutes: 120,
    venueId: venue!.id,
  })
  return { game, maya: maya!, sam: sam!, alex: alex!, jo: jo! }
}

function events(text: string) {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => ({
    uid: vevent.getFirstPropertyValue('uid'),
    summary: vevent.getFirstPropertyValue('summary'),
    location: vevent.getFirstPropertyValue('location'),
    status: vevent.getFirstPropertyValue('status'),
    sequence: vevent.getFirstPropertyValue('sequence'),
    description: vevent.getFirstPropertyValue('description'),
    start: new ICAL.Event(vevent).startDate.toJSDate().toISOString(),
  }))
}

const uidOf = (id: string) => `playdate-${id}@localhost:3000`

describe('Add to calendar', () => {
  it('gives each of the four players an .ics file of the game, priced from their side', async () => {
    const { game, maya, jo } = await matchedGame()
    const forMaya = await maya.client.get(`/api/play-dates/${game.id}/calendar`)
    expect(forMaya.status).toBe(200)
    expect(forMaya.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(forMaya.headers.get('content-disposition')).toMatch(/^attachment; filename="playdate-.+\.ics"$/)
    expect(events(forMaya.text)).toEqual([
      {
        uid: uidOf(game.id),
        summary: 'PickleMatch: Maya Test & Sam Test vs Alex Test & Jo Test',
        location: 'Kiwanis Park, 6111 S All-America Way, Tempe, AZ',
        status: 'CONFIRMED',
        sequence: 0,
        description: `Your team pays $25/hour · 2 h · $50\nhttp://localhost:3000/playdates/${game.id}`,
        start: '2027-01-09T15:00:00.000Z',
      },
    ])
    const forJo = await jo.client.get(`/api/play-dates/${game.id}/calendar`)
    expect(events(forJo.text)[0]!.description).toMatch(/^Your team earns \$25\/hour · 2 h · \$50/)
  })

  it('is refused to a player outside the game, and to a PlayDate with no time yet', async () => {
    const { game, maya } = await matchedGame()
    const stranger = await signedInUser(t)
    const refused = await stranger.client.get(`/api/play-dates/${game.id}/calendar`)
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe('Only the players of this PlayDate can add it to their calendar')

    await t.db
      .update(playDates)
      .set({ startsAt: null, timeZone: null, durationMinutes: null })
      .where(eq(playDates.id, game.id))
    const untimed = await maya.client.get(`/api/play-dates/${game.id}/calendar`)
    expect(untimed.status).toBe(409)
    expect((await maya.client.get(`/api/play-dates/${crypto.randomUUID()}/calendar`)).status).toBe(404)
  })
})

describe('the private calendar feed', () => {
  it('lists the player’s games by its link alone, and shows a cancellation with a higher sequence', async () => {
    const { game, alex } = await matchedGame()
    expect((await alex.client.get('/api/calendar-feed')).body).toEqual({ url: null })
    const made = await alex.client.post('/api/calendar-feed')
    expect(made.status).toBe(200)
    const url = new URL(made.body.url)
    expect(url.origin).toBe('http://localhost:3000')
    expect((await alex.client.get('/api/calendar-feed')).body).toEqual(made.body)

    // Read the way a calendar app reads it: no cookie.
    const calendarApp = createClient(t.app)
    const feed = await calendarApp.get(url.pathname)
    expect(feed.status).toBe(200)
    const [entry] = events(feed.text)
    expect(entry).toMatchObject({ uid: uidOf(game.id), status: 'CONFIRMED', sequence: 0 })

    await t.db.update(playDates).set({ status: 'cancelled', revision: 1 }).where(eq(playDates.id, game.id))
    const [cancelled] = events((await calendarApp.get(url.pathname)).text)
    expect(cancelled).toMatchObject({ uid: uidOf(game.id), status: 'CANCELLED', sequence: 1 })
    // A game never played tells what the team would have earned; one played (completed, no result
    // reported yet), what it earned.
    expect(cancelled!.description).toMatch(/^Your team would have earned \$25\/hour/)
    await t.db.update(playDates).set({ status: 'completed', revision: 2 }).where(eq(playDates.id, game.id))
    expect(events((await calendarApp.get(url.pathname)).text)[0]!.description).toMatch(
      /^Your team earned \$25\/hour · 2 h · \$50/,
    )
    // A free game: nobody pays.
    await t.db
      .update(playDates)
      .set({ paymentPerHourMin: 0, paymentPerHourMax: 0, revision: 3 })
      .where(eq(playDates.id, game.id))
    expect(events((await calendarApp.get(url.pathname)).text)[0]!.description).toMatch(/^Free · 2 h\n/)
  })

  it('answers as an unknown link while its player is paused', async () => {
    const { alex } = await matchedGame()
    const url = new URL((await alex.client.post('/api/calendar-feed')).body.url)
    const calendarApp = createClient(t.app)
    await t.db.update(profiles).set({ isPaused: true }).where(eq(profiles.id, alex.profile.id))
    const paused = await calendarApp.get(url.pathname)
    expect(paused.status).toBe(404)
    expect(paused.body.error.message).toBe(
      'This calendar link is not valid any more. Get the new link in Profile Settings.',
    )
    await t.db.update(profiles).set({ isPaused: false }).where(eq(profiles.id, alex.profile.id))
    expect((await calendarApp.get(url.pathname)).status).toBe(200)
  })

  it('stops working at once when the player resets the link, and the token opens nothing else', async () => {
    const { alex } = await matchedGame()
    const first = new URL((await alex.client.post('/api/calendar-feed')).body.url)
    const second = new URL((await alex.client.post('/api/calendar-feed')).body.url)
    expect(second.pathname).not.toBe(first.pathname)
    const calendarApp = createClient(t.app)
    const old = await calendarApp.get(first.pathname)
    expect(old.status).toBe(404)
    expect(old.body.error.message).toBe(
      'This calendar link is not valid any more. Get the new link in Profile Settings.',
    )
    expect((await calendarApp.get(second.pathname)).status).toBe(200)

    // The token is not a session.
    const token = second.pathname.split('/').pop()!
    const asCookie = await calendarApp.get('/api/calendar-feed', { cookie: `pm_session=${token}` })
    expect(asCookie.status).toBe(401)
  })
})

// What the feed says of a game at each moment of its life, in the words the app uses on its card
// and its page then (docs/decisions/0222, 0227): ahead of it, after its start, after a week with
// no report, reported, played, cancelled; and of an open PlayDate nobody joined.
describe('the feed tells a game as the app does, at every moment', () => {
  const start = new Date('2027-01-09T15:00:00Z')
  const hours = (n: number) => new Date(start.getTime() + n * 60 * 60_000)
  // The players sign in two days before the game, so their sessions outlast the week after it.
  beforeEach(() => t.clock.set(hours(-48)))
  afterAll(() => t.clock.set(new Date()))

  async function feedOf(player: { client: { post: (path: string) => Promise<{ body: { url: string } }> } }) {
    const url = new URL((await player.client.post('/api/calendar-feed')).body.url)
    const calendarApp = createClient(t.app)
    return async (at: Date) => {
      t.clock.set(at)
      const [entry] = events((await calendarApp.get(url.pathname)).text)
      return { status: entry!.status, price: String(entry!.description).split('\n')[0] }
    }
  }

  it('a matched game: pays ahead and after its start, was to pay with no report, paid once played', async () => {
    const { game, maya, jo } = await matchedGame()
    const maya_ = await feedOf(maya)
    const jo_ = await feedOf(jo)
    const price = '$25/hour · 2 h · $50'
    expect(await maya_(hours(-2))).toEqual({ status: 'CONFIRMED', price: `Your team pays ${price}` })
    // Played, its week to report still running: My PlayDates and its page still say "pays".
    expect(await maya_(hours(3))).toEqual({ status: 'CONFIRMED', price: `Your team pays ${price}` })
    // The week passed with no report: History's "was to pay" / "was to earn", on the download too.
    const late = hours(7 * 24 + 1)
    expect(await maya_(late)).toEqual({ status: 'CONFIRMED', price: `Your team was to pay ${price}` })
    expect(await jo_(late)).toEqual({ status: 'CONFIRMED', price: `Your team was to earn ${price}` })
    const download = await jo.client.get(`/api/play-dates/${game.id}/calendar`)
    expect(events(download.text)[0]!.description).toMatch(/^Your team was to earn \$25\/hour/)

    // A report makes it a game with a result on its way again (My PlayDates: "pays").
    await t.db.insert(playDateReports).values({
      playDateId: game.id,
      team: 'creator',
      reporterId: maya.profile.id,
      outcome: 'not_played',
    })
    expect(await maya_(late)).toEqual({ status: 'CONFIRMED', price: `Your team pays ${price}` })
    await t.db.update(playDates).set({ status: 'completed', revision: 1 }).where(eq(playDates.id, game.id))
    expect(await maya_(late)).toEqual({ status: 'CONFIRMED', price: `Your team paid ${price}` })
  })

  it('a game cancelled before its start would have been paid, and is struck', async () => {
    const { game, maya } = await matchedGame()
    const maya_ = await feedOf(maya)
    await t.db.update(playDates).set({ status: 'cancelled', revision: 1 }).where(eq(playDates.id, game.id))
    expect(await maya_(hours(-30))).toEqual({
      status: 'CANCELLED',
      price: 'Your team would have paid $25/hour · 2 h · $50',
    })
    // A week after, with no report from anyone, it is still a cancelled game.
    expect(await maya_(hours(8 * 24))).toMatchObject({
      price: 'Your team would have paid $25/hour · 2 h · $50',
    })
  })

  it('an open PlayDate is expired from its start, before the job marks it, as History says', async () => {
    const { game, maya } = await matchedGame()
    await t.db
      .update(playDateRequests)
      .set({ status: 'declined' })
      .where(eq(playDateRequests.playDateId, game.id))
    await t.db.update(playDates).set({ status: 'open' }).where(eq(playDates.id, game.id))
    const maya_ = await feedOf(maya)
    expect(await maya_(hours(-1))).toEqual({
      status: 'TENTATIVE',
      price: 'Your team pays $25/hour · 2 h · $50',
    })
    const expired = { status: 'CANCELLED', price: 'Your team would have paid $25/hour · 2 h · $50' }
    expect(await maya_(start)).toEqual(expired)
    await t.db.update(playDates).set({ status: 'expired', revision: 1 }).where(eq(playDates.id, game.id))
    expect(await maya_(hours(1))).toEqual(expired)
  })
})
