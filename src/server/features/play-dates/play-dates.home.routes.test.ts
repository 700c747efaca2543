import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, befriend } from '../../testing/factories'
import { insertFullGame } from '../../testing/full-game'
import { statementsSent } from '../../testing/statements'
import { createTestApp, type TestApp } from '../../testing/test-app'

// The dashboard's what's next, on PGlite and PostgreSQL.

let t: TestApp
// Wednesday, November 25, 2026, 10:00 AM in Phoenix.
const NOW = new Date('2026-11-25T17:00:00Z')
beforeAll(async () => {
  t = await createTestApp()
  t.clock.set(NOW)
})
afterAll(() => t.close())

type Player = Awaited<ReturnType<typeof signedInUser>>

const create = (by: Player, partner: Player, startDate: string, extra: Record<string, unknown> = {}) =>
  by.client.post('/api/play-dates', {
    type: 'challenge',
    state: 'AZ',
    regions: ['east_valley'],
    partnerId: partner.profile.id,
    amount: 25,
    description: 'Morning doubles',
    startDate,
    startTime: '08:00',
    ...extra,
  })

describe('home', () => {
  it('shows the next games with both teams, the applications to decide and results to confirm', async () => {
    t.clock.set(NOW)
    const [a, b, c, d] = await Promise.all([
      signedInUser(t, { firstName: 'Maya', duprRating: 3.5 }),
      signedInUser(t, { firstName: 'Priya', duprRating: 3.5 }),
      signedInUser(t, { firstName: 'Cal', duprRating: 3.6 }),
      signedInUser(t, { firstName: 'Dee', duprRating: 3.6 }),
    ])
    await befriend(t.db, a!, b!)
    await befriend(t.db, c!, d!)
    const later = await create(a!, b!, '2026-12-10')
    const sooner = await create(a!, b!, '2026-11-28')
    const played = await create(a!, b!, '2026-11-26')
    const empty = await a!.client.get('/api/home')
    expect(empty.status).toBe(200)
    expect(empty.body.nextGames.map((g: { id: string }) => g.id)).toEqual([
      played.body.id,
      sooner.body.id,
      later.body.id,
    ])
    expect(empty.body.applications).toEqual([])

    const applied = await c!.client.post(`/api/play-dates/${sooner.body.id}/requests`, {
      partnerId: d!.profile.id,
    })
    const onPlayed = await c!.client.post(`/api/play-dates/${played.body.id}/requests`, {
      partnerId: d!.profile.id,
    })
    const home = await b!.client.get('/api/home')
    expect(home.body.applications.map((x: { requestId: string }) => x.requestId)).toEqual([
      applied.body.id,
      onPlayed.body.id,
    ])
    expect(home.body.applications[0].team.captain.firstName).toBe('Cal')

    await a!.client.post(`/api/play-dates/requests/${onPlayed.body.id}/accept`)
    const matched = await c!.client.get('/api/home')
    expect(matched.body.nextGames[0]).toMatchObject({
      id: played.body.id,
      status: 'matched',
      respondingTeam: { captain: { id: c!.profile.id }, partner: { id: d!.profile.id } },
    })
    // The creator team's games: the matched one with its responding team, the others without.
    const creators = await a!.client.get('/api/home')
    expect(
      creators.body.nextGames.map((g: { respondingTeam: { captain: { id: string } } | null }) =>
        g.respondingTeam ? g.respondingTeam.captain.id : null,
      ),
    ).toEqual([c!.profile.id, null, null])
    // The accepted application left the list; the other is still waiting.
    expect((await a!.client.get('/api/home')).body.applications).toHaveLength(1)

    // Before the start there is nothing to report.
    expect((await a!.client.get('/api/home')).body.toReport).toEqual([])
    // Once the game has started, both teams are asked to report it, the game named.
    t.clock.set(new Date('2026-11-26T18:00:00Z'))
    const label = 'Thu, Nov 26 · 8:00 AM MST'
    for (const player of [a!, d!])
      expect((await player.client.get('/api/home')).body.toReport).toEqual([
        {
          playDateId: played.body.id,
          startsAt: '2026-11-26T15:00:00.000Z',
          timeZone: 'America/Phoenix',
          label: expect.stringContaining(label),
        },
      ])
    // A week after the start the report window has closed.
    t.clock.set(new Date('2026-12-03T15:00:01Z'))
    expect((await a!.client.get('/api/home')).body.toReport).toEqual([])

    // After the game the creator team reports; the responding team is asked to confirm.
    t.clock.set(new Date('2026-11-26T18:00:00Z'))
    await a!.client.post(`/api/play-dates/${played.body.id}/result`, {
      outcome: 'played',
      pointsTo: 11,
      games: [{ us: 11, them: 4 }],
    })
    const toConfirm = await d!.client.get('/api/home')
    expect(toConfirm.body.results).toEqual([
      expect.objectContaining({
        playDateId: played.body.id,
        label: expect.stringContaining(label),
        myTeam: 'responding',
        reportedBy: expect.objectContaining({ firstName: 'Maya' }),
        outcome: { outcome: 'played', pointsTo: 11, games: [{ creatorTeam: 11, respondingTeam: 4 }] },
      }),
    ])
    // The reporting team has nothing to confirm; the game has left the next games. Neither team
    // is asked to report it any more: the other one has it to confirm.
    const reporter = await b!.client.get('/api/home')
    expect(reporter.body.results).toEqual([])
    expect(reporter.body.toReport).toEqual([])
    expect((await d!.client.get('/api/home')).body.toReport).toEqual([])
    expect(reporter.body.nextGames.map((g: { id: string }) => g.id)).not.toContain(played.body.id)
    await c!.client.post(`/api/play-dates/${played.body.id}/result/confirm`)
    expect((await d!.client.get('/api/home')).body.results).toEqual([])
  })

  it('lists an application from a player alone to decide, and the player’s own applications with their waitlist place', async () => {
    t.clock.set(NOW)
    const [a, b, solo, x, y] = await Promise.all([
      signedInUser(t, { firstName: 'Maya', duprRating: 3.5 }),
      signedInUser(t, { firstName: 'Priya', duprRating: 3.5 }),
      signedInUser(t, { firstName: 'Sol', duprRating: 3.5 }),
      signedInUser(t, { firstName: 'Xia', duprRating: 3.5 }),
      signedInUser(t, { firstName: 'Yan', duprRating: 3.5 }),
    ])
    await befriend(t.db, a!, b!)
    await befriend(t.db, x!, y!)
    const open = await create(a!, b!, '2026-11-29', { place: 'Red Mountain Pickleball Park' })
    const alone = await solo!.client.post(`/api/play-dates/${open.body.id}/requests`, { alone: true })
    expect(alone.status).toBe(201)
    // The creator team decides on it from home, as on a pair's.
    expect((await b!.client.get('/api/home')).body.applications).toEqual([
      expect.objectContaining({
        requestId: alone.body.id,
        team: expect.objectContaining({
          captain: expect.objectContaining({ firstName: 'Sol' }),
          partner: null,
        }),
      }),
    ])

    // A full game's waitlist: a pair first, the player alone second.
    const full = await insertFullGame(t, new Date('2026-11-30T16:00:00Z'))
    const pair = await x!.client.post(`/api/play-dates/${full.id}/requests`, { partnerId: y!.profile.id })
    const waiting = await solo!.client.post(`/api/play-dates/${full.id}/requests`, { alone: true })
    expect([pair.body.status, waiting.body.status]).toEqual(['waitlisted', 'waitlisted'])
    expect((await solo!.client.get('/api/home')).body.myApplications).toEqual([
      {
        requestId: alone.body.id,
        playDateId: open.body.id,
        status: 'pending',
        position: null,
        alone: true,
        label: 'Sun, Nov 29 · 8:00 AM MST at Red Mountain Pickleball Park',
      },
      {
        requestId: waiting.body.id,
        playDateId: full.id,
        status: 'waitlisted',
        position: 2,
        alone: true,
        label: 'Mon, Nov 30 · 9:00 AM MST at Red Mountain Pickleball Park',
      },
    ])
    // The partner of a pair sees their application too; the creator sees none of their own.
    expect((await y!.client.get('/api/home')).body.myApplications).toEqual([
      expect.objectContaining({ requestId: pair.body.id, status: 'waitlisted', position: 1, alone: false }),
    ])
    expect((await a!.client.get('/api/home')).body.myApplications).toEqual([])
    // The pair leaves the line: the player alone moves up to first.
    expect((await x!.client.post(`/api/play-dates/requests/${pair.body.id}/withdraw`)).status).toBe(200)
    expect((await solo!.client.get('/api/home')).body.myApplications[1]).toMatchObject({ position: 1 })
    // Once the game has started it is gone from the list.
    t.clock.set(new Date('2026-11-30T16:00:01Z'))
    expect((await solo!.client.get('/api/home')).body.myApplications).toEqual([])
  })

  it('suggests open games this week in the home area at the player’s level, never their own', async () => {
    t.clock.set(NOW)
    const [a, b, me, far, strong, strongMate] = await Promise.all([
      signedInUser(t, { duprRating: 3.4 }),
      signedInUser(t, { duprRating: 3.6 }),
      // No ZIP code: no home to measure from, so the home area counts.
      signedInUser(t, { duprRating: 3.5, zipCode: null }),
      signedInUser(t, { duprRating: 3.5 }),
      signedInUser(t, { duprRating: 5.9 }),
      signedInUser(t, { duprRating: 6.1 }),
    ])
    await befriend(t.db, a!, b!)
    await befriend(t.db, strong!, strongMate!)
    await befriend(t.db, me!, far!)
    await me!.client.put('/api/profiles/me/home', { homeState: 'AZ', homeRegion: 'east_valley' })
    const fits = await create(a!, b!, '2026-11-29')
    const nextMonth = await create(a!, b!, '2026-12-20')
    const tooStrong = await create(strong!, strongMate!, '2026-11-29')
    const tucson = await create(a!, b!, '2026-11-30', { regions: ['tucson'] })
    const own = await create(me!, far!, '2026-11-30')
    const home = await me!.client.get('/api/home')
    const ids = home.body.suggested.map((g: { id: string }) => g.id)
    expect(ids).toContain(fits.body.id)
    for (const other of [nextMonth, tooStrong, tucson, own]) expect(ids).not.toContain(other.body.id)
    expect(home.body.suggestedBy).toEqual({
      state: 'AZ',
      region: 'east_valley',
      minRating: 2.7,
      maxRating: 4.3,
      withinMiles: null,
    })

    // More games than the dashboard shows: its suggestions are Available's first page with the
    // same filter (its "See all"), though it reads the matches only up to its page.
    for (const day of ['2026-11-27', '2026-11-28', '2026-12-01', '2026-12-02']) await create(a!, b!, day)
    const more = await me!.client.get('/api/home')
    const available = await me!.client.get(
      '/api/play-dates?tab=available&when=week&state=AZ&region=east_valley&minRating=2.7&maxRating=4.3&pageSize=4',
    )
    expect(available.body.total).toBeGreaterThan(4)
    expect(more.body.suggested).toEqual(available.body.items)
  })

  it('reads only the lists the player has something in', async () => {
    t.clock.set(NOW)
    const [a, b, c, d] = await Promise.all([
      signedInUser(t, { duprRating: 3.5 }),
      signedInUser(t, { duprRating: 3.5 }),
      signedInUser(t, { duprRating: 3.5 }),
      signedInUser(t, { duprRating: 3.5 }),
    ])
    await befriend(t.db, a!, b!)
    await befriend(t.db, c!, d!)
    // The statements of one request to home, by the names they are prepared under (on the
    // embedded database each connection suffixes its own: `home_next_games_1f`).
    const statements = [
      'home_applications',
      'home_my_applications',
      'home_next_games',
      'home_results',
      'home_to_report',
      'home_what_waits',
    ]
    const homeReads = async (player: Player) => {
      const sent = await statementsSent(() => player.client.get('/api/home'))
      expect(sent.result.status).toBe(200)
      return sent.names
        .filter((name) => name.startsWith('home_'))
        .map((name) => statements.find((known) => name === known || name.startsWith(`${known}_`)) ?? name)
        .sort()
    }
    // Nothing waits for a new player: their next games, and one statement that finds nothing else.
    expect(await homeReads(a!)).toEqual(['home_next_games', 'home_what_waits'])
    const game = await create(a!, b!, '2026-11-29')
    await c!.client.post(`/api/play-dates/${game.body.id}/requests`, { partnerId: d!.profile.id })
    expect(await homeReads(a!)).toEqual(['home_applications', 'home_next_games', 'home_what_waits'])
    expect(await homeReads(d!)).toEqual(['home_my_applications', 'home_next_games', 'home_what_waits'])
  })

  it('is for signed-in players only', async () => {
    const paused = await signedInUser(t, { isPaused: true })
    expect((await paused.client.get('/api/home')).status).toBe(403)
  })
})
