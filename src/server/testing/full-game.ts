import { jobHandlers } from '../jobs'
import { runDueJobs } from '../lib/jobs'
import { insertMatchedPlayDate, signedInUser, type SignedInPlayer } from './factories'
import type { TestApp } from './test-app'

// A full game and the clock around it, for the waitlist, offers and subs
// (docs/decisions/0152-waitlist-drop-outs-and-subs.md).

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE

// Every job due at `when`, as the runner would take them, with the app's clock moved there.
export async function runJobsAt(t: TestApp, when: Date) {
  t.clock.set(when)
  while ((await runDueJobs(t.db, jobHandlers(t.deps), when)) > 0);
}

// A matched game at `startsAt` in Arizona (East Valley, DUPR 3.00–4.00 may join alone): Ann and
// Ben play Cal and Dee.
export async function insertFullGame(t: TestApp, startsAt: Date) {
  const [a, b, c, d] = await Promise.all(
    ['Ann', 'Ben', 'Cal', 'Dee'].map((firstName) => signedInUser(t, { firstName })),
  )
  const game = await insertMatchedPlayDate(t.db, [a!, b!], [c!, d!], {
    startsAt,
    timeZone: 'America/Phoenix',
    durationMinutes: 120,
    minDupr: 3,
    maxDupr: 4,
    place: 'Red Mountain Pickleball Park',
  })
  return { id: game.id, a: a!, b: b!, c: c!, d: d! }
}

export const viewOf = async (p: SignedInPlayer, id: string) =>
  (await p.client.get(`/api/play-dates/${id}`)).body
export const offerOf = async (p: SignedInPlayer, id: string) => (await viewOf(p, id)).viewer.offer
