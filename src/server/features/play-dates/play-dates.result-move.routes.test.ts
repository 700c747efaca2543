import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SignedInPlayer } from '../../testing/factories'
import { HOUR, insertFullGame, runJobsAt } from '../../testing/full-game'
import { createTestApp, type TestApp } from '../../testing/test-app'

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
    const history = await cardOf(g.a, g.id, 'history')
    expect(history).toMatchObject({ status: 'completed' })
    expect(history).not.toHaveProperty('resultMove')
  })

  it('is closed once the week to report has passed with no report, and none on a report about to stand', async () => {
    const silent = await insertFullGame(t, START)
    const answered = await insertFullGame(t, START)
    t.clock.set(new Date(START.getTime() + HOUR))
    expect((await answered.a.client.post(`/api/play-dates/${answered.id}/result`, won)).status).toBe(200)

    // Eight days on: the silent game's week to report is over; the report's week to answer too,
    // and until its job lets it stand the other team has nothing left to do.
    t.clock.set(new Date(START.getTime() + 8 * DAY))
    expect(await movesOf([silent.a, silent.c], silent.id)).toEqual(['closed', 'closed'])
    expect(await movesOf([answered.a, answered.c], answered.id)).toEqual(['waiting', null])
  })
})
