import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SignedInPlayer } from '../../testing/factories'
import { eq } from 'drizzle-orm'
import { RESULT_MESSAGES } from '../../../domain/play-dates/results.rules'
import { playDates } from '../../db/schema'
import { HOUR, insertFullGame, MINUTE, runJobsAt, viewOf } from '../../testing/full-game'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { insertMatchedPlayDate, insertOpenPlayDate } from '../../testing/factories'

// On My PlayDates, the card of a game that has started says whose move it is on its result
// (docs/decisions/0213): each player reads it from their own team's side, by the server's clock.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const START = new Date('2026-12-05T15:00:00Z') // Saturday, December 5, 8:00 AM in Phoenix
const DAY = 24 * HOUR

// The game's card on a tab of the player's, undefined when the tab does not list it.
async function cardOf(player: SignedInPlayer, id: string, tab: 'mine' | 'history' = 'mine') {
  const list = await player.client.get(`/api/play-dates?tab=${tab}`)
  expect(list.status).toBe(200)
  return (list.body.items as Array<{ id: string; resultMove?: string | null }>).find((i) => i.id === id)
}
const movesOf = async (players: SignedInPlayer[], id: string) =>
  Promise.all(players.map(async (p) => (await cardOf(p, id))?.resultMove))

const won = { outcome: 'played', pointsTo: 11, games: [{ us: 11, them: 7 }] }
const lost = { outcome: 'played', pointsTo: 11, games: [{ us: 7, them: 11 }] }

describe('whose move it is on a card of My PlayDates', () => {
  it('is none before the start; then each team reports, the other confirms, a dispute waits for an admin', async () => {
    const g = await insertFullGame(t, START)
    const everyone = [g.a, g.b, g.c, g.d]
    t.clock.set(new Date(START.getTime() - HOUR))
    expect(await movesOf(everyone, g.id)).toEqual([null, null, null, null])

    t.clock.set(new Date(START.getTime() + 2 * HOUR))
    expect(await movesOf(everyone, g.id)).toEqual(['report', 'report', 'report', 'report'])

    // Cal reports: his team waits, Ann's team has it to confirm.
    expect((await g.c.client.post(`/api/play-dates/${g.id}/result`, lost)).status).toBe(200)
    expect(await movesOf(everyone, g.id)).toEqual(['confirm', 'confirm', 'waiting', 'waiting'])

    // Ann reports something else: the game is disputed for all four.
    expect((await g.a.client.post(`/api/play-dates/${g.id}/result`, lost)).status).toBe(200)
    expect(await movesOf(everyone, g.id)).toEqual(['disputed', 'disputed', 'disputed', 'disputed'])
  })

  it('says a confirmed result is confirmed, then the game leaves My PlayDates with no move on History', async () => {
    const g = await insertFullGame(t, START)
    t.clock.set(new Date(START.getTime() + 2 * HOUR))
    expect((await g.b.client.post(`/api/play-dates/${g.id}/result`, won)).status).toBe(200)
    expect((await g.d.client.post(`/api/play-dates/${g.id}/result/confirm`)).status).toBe(200)
    expect(await movesOf([g.a, g.c], g.id)).toEqual(['confirming', 'confirming'])

    await runJobsAt(t, new Date(START.getTime() + 3 * HOUR))
    expect(await cardOf(g.a, g.id)).toBeUndefined()
    expect(await cardOf(g.a, g.id, 'history')).toMatchObject({ status: 'completed', resultMove: null })
  })

  it('is none on a report whose week to answer has passed, about to stand', async () => {
    const answered = await insertFullGame(t, START)
    t.clock.set(new Date(START.getTime() + HOUR))
    expect((await answered.a.client.post(`/api/play-dates/${answered.id}/result`, won)).status).toBe(200)

    // Eight days on: the report's week to answer is over, and until its job lets it stand the
    // other team has nothing left to do. The game is still the players' own on My PlayDates.
    t.clock.set(new Date(START.getTime() + 8 * DAY))
    expect(await movesOf([answered.a, answered.c], answered.id)).toEqual(['waiting', null])
  })
})

// A game nobody reported (docs/decisions/0217): once its week to report has passed, nothing can
// happen to its result; it leaves My PlayDates for History, where its card reads that no result
// was reported, and it counts for nobody (0089).
describe('a game whose result was never reported', () => {
  const ids = (list: { body: { items: Array<{ id: string }> } }) => list.body.items.map((i) => i.id)

  it('stays on My PlayDates until the week to report has passed, then is on History for all four', async () => {
    const g = await insertFullGame(t, START)
    const everyone = [g.a, g.b, g.c, g.d]

    // The last moment of the week: the result can still be reported.
    t.clock.set(new Date(START.getTime() + 7 * DAY))
    expect(await movesOf(everyone, g.id)).toEqual(['report', 'report', 'report', 'report'])
    for (const player of everyone) expect(await cardOf(player, g.id, 'history')).toBeUndefined()

    // A minute later the week is over: History has it, as the matched game it still is, with no
    // result and the move that says so; My PlayDates no longer counts it.
    t.clock.set(new Date(START.getTime() + 7 * DAY + MINUTE))
    for (const player of everyone) {
      expect(await cardOf(player, g.id)).toBeUndefined()
      expect(await cardOf(player, g.id, 'history')).toMatchObject({
        status: 'matched',
        result: null,
        resultMove: 'closed',
      })
      const mine = await player.client.get('/api/play-dates?tab=mine')
      expect(mine.body.total).toBe(0)
      const history = await player.client.get('/api/play-dates?tab=history')
      expect(history.body.total).toBe(1)
    }
    const late = await g.c.client.post(`/api/play-dates/${g.id}/result`, won)
    expect(late.status).toBe(409)
    expect(late.body.error.message).toBe(RESULT_MESSAGES.windowClosed)
    expect((await viewOf(g.a, g.id)).result.state).toBe('closed')

    // It counts for nobody: no game played, no no-show.
    const records = await g.a.client.get(
      `/api/profiles/reliability?ids=${everyone.map((p) => p.profile.id).join(',')}`,
    )
    expect(records.status).toBe(200)
    for (const record of records.body.items) expect(record).toMatchObject({ played: 0, noShows: 0 })
  })

  it('leaves on My PlayDates a reported, a disputed and an untimed game past the week, and History its finished games only', async () => {
    const silent = await insertFullGame(t, START)
    const reported = await insertFullGame(t, START)
    const disputed = await insertFullGame(t, START)
    const untimed = await insertFullGame(t, START)
    await t.db
      .update(playDates)
      .set({ startsAt: null, timeZone: null, durationMinutes: null })
      .where(eq(playDates.id, untimed.id))
    t.clock.set(new Date(START.getTime() + HOUR))
    expect((await reported.a.client.post(`/api/play-dates/${reported.id}/result`, won)).status).toBe(200)
    expect((await disputed.a.client.post(`/api/play-dates/${disputed.id}/result`, won)).status).toBe(200)
    expect((await disputed.c.client.post(`/api/play-dates/${disputed.id}/result`, won)).status).toBe(200)

    t.clock.set(new Date(START.getTime() + 8 * DAY))
    expect(await movesOf([disputed.a], disputed.id)).toEqual(['disputed'])
    expect(await movesOf([reported.c], reported.id)).toEqual([null])
    expect(await movesOf([untimed.a], untimed.id)).toEqual([null])
    expect(await cardOf(silent.a, silent.id, 'history')).toMatchObject({ resultMove: 'closed' })
    const games = [silent, reported, disputed, untimed]
    const onHistory = await Promise.all(games.map(async (g) => (await cardOf(g.a, g.id, 'history'))?.id))
    expect(onHistory).toEqual([silent.id, undefined, undefined, undefined])

    // The report's week to answer is over: its job lets it stand, and History has it as settled.
    await runJobsAt(t, new Date(START.getTime() + 8 * DAY))
    expect(await cardOf(reported.a, reported.id)).toBeUndefined()
    expect(await cardOf(reported.a, reported.id, 'history')).toMatchObject({
      status: 'completed',
      resultMove: null,
    })
    expect(ids(await reported.a.client.get('/api/play-dates?tab=history'))).toEqual([reported.id])
  })
})

// My PlayDates says when the clock alone next changes one of the player's games there, over all
// of them and not only the page read (docs/decisions/0229): the lists left open are read then.
describe('the next moment My PlayDates changes by the clock', () => {
  const nextOf = async (player: SignedInPlayer, tab = 'mine') => {
    const list = await player.client.get(`/api/play-dates?tab=${tab}&pageSize=2`)
    expect(list.status).toBe(200)
    return list.body as { items: Array<{ id: string }>; nextClockChange: string | null }
  }

  it('is the soonest start among all the games, then the end of the week to report one nobody reported', async () => {
    const g = await insertFullGame(t, new Date(START.getTime() + 3 * DAY))
    const players = [g.a, g.b] as const
    const teams = [players, [g.c, g.d]] as const
    const at = (days: number) => new Date(START.getTime() + days * DAY)
    // Three more games of the same four, each posted later and starting sooner than the one
    // before: the newest first, the first page of two holds the two that start last.
    const later = await insertMatchedPlayDate(t.db, teams[0], teams[1], {
      startsAt: at(2),
      timeZone: 'America/Phoenix',
      durationMinutes: 120,
      createdAt: new Date(START.getTime() - 10 * DAY),
    })
    const soonest = await insertMatchedPlayDate(t.db, teams[0], teams[1], {
      startsAt: at(1),
      timeZone: 'America/Phoenix',
      durationMinutes: 120,
      createdAt: new Date(START.getTime() - 11 * DAY),
    })
    await t.db
      .update(playDates)
      .set({ createdAt: new Date(START.getTime() - 5 * DAY) })
      .where(eq(playDates.id, g.id))
    const open = await insertOpenPlayDate(t.db, g.a, g.b, {
      startsAt: at(0.5),
      timeZone: 'America/Phoenix',
      durationMinutes: 120,
      createdAt: new Date(START.getTime() - 12 * DAY),
    })

    t.clock.set(new Date(START.getTime() - DAY))
    const first = await nextOf(g.a)
    expect(first.items.map((i) => i.id)).toEqual([g.id, later.id])
    // Ann's open PlayDate, on no page read, starts first.
    expect(first.nextClockChange).toBe(at(0.5).toISOString())
    // Cal is not on it: his first change is the soonest game's start.
    expect((await nextOf(g.c)).nextClockChange).toBe(at(1).toISOString())

    // The open PlayDate has started (it is on History): the soonest game's start is next.
    t.clock.set(new Date(at(0.5).getTime() + MINUTE))
    expect((await nextOf(g.a)).nextClockChange).toBe(at(1).toISOString())
    expect((await nextOf(g.a, 'history')).items.map((i) => i.id)).toEqual([open.id])

    // Every game has started and none is reported: the first one's week to report ends first.
    t.clock.set(at(4))
    expect((await nextOf(g.a)).nextClockChange).toBe(at(8).toISOString())
    // Once it is reported, the next one's.
    expect((await g.c.client.post(`/api/play-dates/${soonest.id}/result`, won)).status).toBe(200)
    expect((await nextOf(g.a)).nextClockChange).toBe(at(9).toISOString())

    // Past every week: nothing is left to change, and the other tabs never say.
    t.clock.set(at(11))
    expect((await nextOf(g.a)).nextClockChange).toBeNull()
    expect((await nextOf(g.a, 'history')).nextClockChange).toBeNull()
    expect((await nextOf(g.a, 'available')).nextClockChange).toBeNull()
  })
})
