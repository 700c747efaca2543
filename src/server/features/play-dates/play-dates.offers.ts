import { and, eq, inArray } from 'drizzle-orm'
import {
  ALL_AT_ONCE_MINUTES,
  isLastHour,
  isSkippedForQuietHours,
  LAST_SUB_WAVE,
  offerWindowEnd,
  subSearchStartsItself,
} from '../../../domain/play-dates/offers'
import { formatStart } from '../../../domain/play-dates/schedule'
import type { Tx } from '../../db/client'
import { reachOf } from '../../db/notice-context'
import { playerName } from '../../db/player-summary'
import { playDateOffers, playDateRequests, playDates, profiles } from '../../db/schema'
import { enqueueJob, type JobHandlers } from '../../lib/jobs'
import { createNotifications } from '../notifications'
import { lockOtherSide } from './play-dates.locks'
import { announce, notifyPlayDate, OFFER_TEXTS, offerNote } from './play-dates.notify'
import { lockPlayDate } from './play-dates.locks'
import { subCandidates } from './play-dates.subs'
import {
  hasOpenWaitlistOffer,
  nextOnWaitlist,
  offeredSince,
  type OtherSide,
  playersOf,
  present,
  spotsOf,
  type WaitlistEntry,
  waitlistOf,
} from './play-dates.waitlist.queries'

// Offers (docs/decisions/0138-offer-timings-and-waves.md, 0152-waitlist-drop-outs-and-subs.md):
// a matched game that a player or team dropped out of stays matched with open spots, and fills
// itself. The first waitlisted application that fits gets the spot to itself for a window; when
// it times out or is declined the next in line gets it. With no one left on the waitlist, a sub
// search asks friends of the players left, then players available as a sub, each wave alone for
// a window (every one at once in the last hour). One tap takes a spot while one is left. All of
// it runs under the PlayDate's row lock, and the timeouts and waves are jobs.

export const OFFER_TIMEOUT_JOB = 'play-date-offer-timeout'
export const SUB_WAVE_JOB = 'play-date-sub-wave'
// Under 24 hours before the start a sub search starts by itself: planned when a player drops out
// earlier than that.
export const SUB_SEARCH_JOB = 'play-date-sub-search'

export type LockedGame = NonNullable<Awaited<ReturnType<typeof lockPlayDate>>>

export const isLive = (game: LockedGame, now: Date) =>
  game.status === 'matched' && game.startsAt !== null && game.startsAt.getTime() > now.getTime()

// Every offer still open on the game closes (its spots filled, or the game gone).
async function closeOffers(tx: Tx, playDateId: string, now: Date) {
  await tx
    .update(playDateOffers)
    .set({ status: 'closed', answeredAt: now })
    .where(and(eq(playDateOffers.playDateId, playDateId), eq(playDateOffers.status, 'open')))
}

// The game's open spots go to whoever is next: called under the PlayDate's lock after a drop-out,
// an offer that timed out, was declined or taken, a new waitlisted application, "Find a sub", and
// the jobs. `findSub`: the players left asked for a sub search.
export async function fillOpenSpots(
  tx: Tx,
  game: LockedGame,
  now: Date,
  options: { findSub?: boolean } = {},
) {
  if (!isLive(game, now)) return closeOffers(tx, game.id, now)
  const other = await lockOtherSide(tx, game.id)
  const spots = spotsOf(game, other)
  if (spots.left === 0) {
    await closeOffers(tx, game.id, now)
    if (game.vacantSince || game.subWave !== null) {
      await tx.update(playDates).set({ vacantSince: null, subWave: null }).where(eq(playDates.id, game.id))
    }
    return
  }
  const vacantSince = game.vacantSince ?? now
  if (!game.vacantSince) await tx.update(playDates).set({ vacantSince }).where(eq(playDates.id, game.id))
  const current = { ...game, vacantSince }
  if (await hasOpenWaitlistOffer(tx, game.id)) return
  if (game.subWave !== null) return
  const entry = await nextOnWaitlist(tx, current, spots, now)
  if (entry) return offerToWaitlisted(tx, current, entry, now)
  if (options.findSub || subSearchStartsItself(game.startsAt!, now)) {
    await askNextWave(tx, { ...current, subWave: 0 }, other, now)
  }
}

async function offerToWaitlisted(tx: Tx, game: LockedGame, entry: WaitlistEntry, now: Date) {
  const until = offerWindowEnd(game.startsAt!, now)
  const [offer] = await tx
    .insert(playDateOffers)
    .values({
      playDateId: game.id,
      kind: 'waitlist',
      requestId: entry.id,
      wave: 0,
      exclusiveUntil: until,
      createdAt: now,
    })
    .returning({ id: playDateOffers.id })
  await enqueueJob(tx, {
    kind: OFFER_TIMEOUT_JOB,
    key: `offer-timeout:${offer!.id}`,
    runAt: until,
    payload: { playDateId: game.id, offerId: offer!.id },
  })
  const text = {
    title: OFFER_TEXTS.waitlist.title,
    message: OFFER_TEXTS.waitlist.message(formatStart(until, game.timeZone ?? 'America/Phoenix')),
  }
  const players = present([entry.requesterId, entry.requesterPartnerId])
  await createNotifications(
    tx,
    players.map((userId) => offerNote({ userId, offerId: offer!.id, playDateId: game.id }, text)),
  )
  await announce(tx, game.id, players)
}

// The next wave of the sub search: the friends of the players left, then the players available as
// a sub; in the last hour every wave left at once. A player whose quiet hours end only once the
// game has started is not asked; a wave with no one to ask gives way to the next at once. Until
// its window ends a wave has the spot to itself; then the next wave is asked too (a job), and the
// earlier offers stay open: the first yes takes the spot.
async function askNextWave(
  tx: Tx,
  game: LockedGame & { vacantSince: Date; subWave: number },
  other: OtherSide,
  now: Date,
) {
  const startsAt = game.startsAt!
  const players = playersOf(game, other)
  const asked = await offeredSince(tx, game, 'sub')
  const waitlisted = (await waitlistOf(tx, game.id)).flatMap((e) =>
    present([e.requesterId, e.requesterPartnerId]),
  )
  const exclude = [...players, ...asked, ...waitlisted]
  const allAtOnce = isLastHour(startsAt, now)
  let wave = game.subWave
  let invited: Array<{ id: string; wave: number }> = []
  while (invited.length === 0 && wave < LAST_SUB_WAVE) {
    const waves = allAtOnce
      ? Array.from({ length: LAST_SUB_WAVE - wave }, (_, i) => wave + 1 + i)
      : [wave + 1]
    const found: Array<{ id: string; wave: number }> = []
    for (const w of waves) {
      const taken = new Set([...exclude, ...found.map((f) => f.id)])
      const ids = await subCandidates(tx, w, game, players, [...taken], now)
      found.push(...ids.filter((id) => !taken.has(id)).map((id) => ({ id, wave: w })))
    }
    wave = waves.at(-1)!
    // Sub candidates are never paused (play-dates.subs.ts): only their quiet hours are read here.
    const reach = await reachOf(
      tx,
      found.map((f) => f.id),
      now,
    )
    invited = found.filter((f) => !isSkippedForQuietHours(reach.get(f.id)?.quietEnd ?? null, startsAt))
  }
  await tx.update(playDates).set({ subWave: wave }).where(eq(playDates.id, game.id))
  if (invited.length === 0) return
  const until = offerWindowEnd(startsAt, now)
  const offers = await tx
    .insert(playDateOffers)
    .values(
      invited.map((i) => ({
        playDateId: game.id,
        kind: 'sub' as const,
        profileId: i.id,
        wave: i.wave,
        exclusiveUntil: until,
        createdAt: now,
      })),
    )
    .returning({ id: playDateOffers.id, profileId: playDateOffers.profileId })
  const names = await namesOf(tx, players)
  const text = { title: OFFER_TEXTS.sub.title, message: OFFER_TEXTS.sub.message(names) }
  await createNotifications(
    tx,
    offers.map((o) => offerNote({ userId: o.profileId!, offerId: o.id, playDateId: game.id }, text)),
  )
  await announce(tx, game.id, [...players, ...offers.map((o) => o.profileId)])
  if (wave < LAST_SUB_WAVE) {
    // The next wave when this one's window ends, and at the latest as the last hour begins.
    const lastHour = startsAt.getTime() - ALL_AT_ONCE_MINUTES * 60_000
    await enqueueJob(tx, {
      kind: SUB_WAVE_JOB,
      key: `sub-wave:${game.id}:${now.toISOString()}:${wave}`,
      runAt: new Date(Math.max(now.getTime(), Math.min(until.getTime(), lastHour))),
      payload: { playDateId: game.id, afterWave: wave },
    })
  }
}

// "Ann Lee and Ben Ray": the players left, as a sub offer names them.
async function namesOf(tx: Tx, ids: readonly string[]) {
  const rows = await tx
    .select({ id: profiles.id, name: playerName(profiles) })
    .from(profiles)
    .where(inArray(profiles.id, [...ids]))
  const names = ids.map((id) => rows.find((r) => r.id === id)?.name).filter(Boolean) as string[]
  if (names.length <= 1) return names[0] ?? 'Players'
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

// Every open offer of a sub wave declined: the next wave is asked at once.
export async function nextWaveIfAllDeclined(tx: Tx, game: LockedGame, now: Date) {
  if (!isLive(game, now) || game.subWave === null || game.subWave >= LAST_SUB_WAVE) return
  const [open] = await tx
    .select({ id: playDateOffers.id })
    .from(playDateOffers)
    .where(
      and(
        eq(playDateOffers.playDateId, game.id),
        eq(playDateOffers.kind, 'sub'),
        eq(playDateOffers.status, 'open'),
      ),
    )
    .limit(1)
  if (open) return
  const other = await lockOtherSide(tx, game.id)
  if (spotsOf(game, other).left === 0) return
  await askNextWave(tx, { ...game, vacantSince: game.vacantSince ?? now, subWave: game.subWave }, other, now)
}

// A waitlist offer's window ended unanswered: the player is told, and the next in line gets it.
async function timeOut(tx: Tx, payload: { playDateId: string; offerId: string }, now: Date) {
  const game = await lockPlayDate(tx, payload.playDateId)
  if (!game) return
  const [expired] = await tx
    .update(playDateOffers)
    .set({ status: 'expired', answeredAt: now })
    .where(and(eq(playDateOffers.id, payload.offerId), eq(playDateOffers.status, 'open')))
    .returning({ requestId: playDateOffers.requestId })
  if (!expired) return
  const [entry] = await tx
    .select({ a: playDateRequests.requesterId, b: playDateRequests.requesterPartnerId })
    .from(playDateRequests)
    .where(eq(playDateRequests.id, expired.requestId!))
  if (entry && isLive(game, now)) {
    await notifyPlayDate(tx, 'offerExpired', {
      playDateId: game.id,
      actor: { id: game.creatorId, firstName: '', lastName: '' },
      recipients: present([entry.a, entry.b]),
      asApp: true,
    })
  }
  await fillOpenSpots(tx, game, now)
}

// The next sub wave, unless the search moved on (or ended) since it was planned.
async function nextWave(tx: Tx, payload: { playDateId: string; afterWave: number }, now: Date) {
  const game = await lockPlayDate(tx, payload.playDateId)
  if (!game || !isLive(game, now) || game.subWave !== payload.afterWave) return
  const other = await lockOtherSide(tx, game.id)
  if (spotsOf(game, other).left === 0) return fillOpenSpots(tx, game, now)
  await askNextWave(tx, { ...game, vacantSince: game.vacantSince ?? now, subWave: game.subWave }, other, now)
}

// 24 hours before the start: the search starts by itself if the waitlist has no one left.
async function startSearch(tx: Tx, payload: { playDateId: string }, now: Date) {
  const game = await lockPlayDate(tx, payload.playDateId)
  if (game) await fillOpenSpots(tx, game, now)
}

export function offerJobs(): JobHandlers {
  return {
    [OFFER_TIMEOUT_JOB]: ({ tx, job, now }) =>
      timeOut(tx, job.payload as { playDateId: string; offerId: string }, now),
    [SUB_WAVE_JOB]: ({ tx, job, now }) =>
      nextWave(tx, job.payload as { playDateId: string; afterWave: number }, now),
    [SUB_SEARCH_JOB]: ({ tx, job, now }) => startSearch(tx, job.payload as { playDateId: string }, now),
  }
}
