import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { OFFER_MESSAGES } from '../../../domain/play-dates/offers'
import { PLAY_DATE_MESSAGES } from '../../../domain/play-dates/play-date.messages'
import { notifications, playDateDropouts, playDateRequests, profiles } from '../../db/schema'
import { befriend, type SignedInPlayer, signedInUser } from '../../testing/factories'
import { HOUR, insertFullGame, MINUTE, offerOf, runJobsAt, viewOf } from '../../testing/full-game'
import { nextNoonInPhoenix } from '../../testing/notice-jobs'
import { createTestApp, type TestApp } from '../../testing/test-app'

// The waitlist of a full game and its offers (docs/decisions/0152-waitlist-drop-outs-and-subs.md,
// docs/decisions/0138-offer-timings-and-waves.md).

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

// Each test starts at noon in Phoenix tomorrow, outside every default quiet hours (sessions and
// their cookies follow the real time, so the clock stays near it).
const BASE = nextNoonInPhoenix(new Date())
beforeEach(() => t.clock.set(BASE))
const START = new Date(BASE.getTime() + 7 * 24 * HOUR)
const at = (hoursBeforeStart: number) => new Date(START.getTime() - hoursBeforeStart * HOUR)

const player = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides)
const runJobs = (when: Date) => runJobsAt(t, when)
const fullGame = () => insertFullGame(t, START)

const waitAlone = async (p: SignedInPlayer, id: string) => {
  const res = await p.client.post(`/api/play-dates/${id}/requests`, { alone: true })
  expect(res.status, res.text).toBe(201)
  return res.body as { id: string; status: string; position: number }
}

async function waitAsPair(id: string, names: [string, string] = ['Yan', 'Zoe']) {
  const [y, z] = await Promise.all(names.map((firstName) => player({ firstName })))
  await befriend(t.db, y!, z!)
  const res = await y!.client.post(`/api/play-dates/${id}/requests`, { partnerId: z!.profile.id })
  expect(res.status, res.text).toBe(201)
  return { y: y!, z: z!, request: res.body as { id: string; position: number } }
}

const view = viewOf
const move = (p: SignedInPlayer, requestId: string, direction: string) =>
  p.client.post(`/api/play-dates/requests/${requestId}/move`, { direction })

describe('the waitlist', () => {
  it('counts a place among the waitlist of its own game only', async () => {
    const [first, second] = [await fullGame(), await fullGame()]
    const [x, w] = await Promise.all([player(), player()])
    expect(await waitAlone(x, first.id)).toMatchObject({ status: 'waitlisted', position: 1 })
    expect(await waitAlone(w, second.id)).toMatchObject({ status: 'waitlisted', position: 1 })
  })

  it('takes applications to a full game in order, pairs and players alone, each told their place', async () => {
    const g = await fullGame()
    const [x, w, stranger] = await Promise.all([player(), player(), player()])
    expect(await waitAlone(x, g.id)).toMatchObject({ status: 'waitlisted', position: 1 })
    const pair = await waitAsPair(g.id)
    expect(pair.request.position).toBe(2)
    expect((await waitAlone(w, g.id)).position).toBe(3)

    const yView = await view(pair.y, g.id)
    expect(yView.viewer).toMatchObject({
      waitlistPosition: 2,
      canApply: false,
      canWithdraw: true,
      canChat: false,
    })
    expect(yView.waitlist).toEqual([])
    const creatorView = await view(g.a, g.id)
    expect(creatorView.waitlistCount).toBe(3)
    expect(
      creatorView.waitlist.map((e: { team: { captain: { id: string } }; position: number }) => [
        e.team.captain.id,
        e.position,
      ]),
    ).toEqual([
      [x.profile.id, 1],
      [pair.y.profile.id, 2],
      [w.profile.id, 3],
    ])
    // A full game can be seen before its start, to join its waitlist; its chat stays its players'.
    const onlooker = await stranger.client.get(`/api/play-dates/${g.id}`)
    expect(onlooker.status).toBe(200)
    expect(onlooker.body.viewer).toMatchObject({ canApply: true, canChat: false, waitlistPosition: null })
    expect(onlooker.body.waitlist).toEqual([])
    expect((await stranger.client.get(`/api/play-dates/${g.id}/messages`)).status).toBe(403)

    const twice = await x.client.post(`/api/play-dates/${g.id}/requests`, { alone: true })
    expect(twice.status).toBe(409)
    expect(twice.body.error.message).toBe(PLAY_DATE_MESSAGES.alreadyApplied)
    const own = await g.b.client.post(`/api/play-dates/${g.id}/requests`, { alone: true })
    expect(own.body.error.message).toBe(PLAY_DATE_MESSAGES.ownPlayDate)
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, g.a.profile.id))
    expect(told.filter((n) => n.title === 'Waitlist')).toHaveLength(3)
    // A pair is named as a pair.
    const name = (p: SignedInPlayer) => `${p.profile.firstName} ${p.profile.lastName}`
    expect(told.map((n) => n.message)).toContain(
      `${name(pair.y)} and ${name(pair.z)} joined the waitlist of your full game`,
    )

    // Withdrawing leaves the line; those behind move up.
    expect((await pair.y.client.post(`/api/play-dates/requests/${pair.request.id}/withdraw`)).status).toBe(
      200,
    )
    expect((await view(w, g.id)).viewer.waitlistPosition).toBe(2)
  })

  it('is reordered by the creator only, one place at a time', async () => {
    const g = await fullGame()
    const [x, w] = await Promise.all([player(), player()])
    const first = await waitAlone(x, g.id)
    const pair = await waitAsPair(g.id)
    const last = await waitAlone(w, g.id)
    const up = await move(g.a, last.id, 'up')
    expect(up.status, up.text).toBe(200)
    expect(up.body.waitlist.map((e: { id: string }) => e.id)).toEqual([first.id, last.id, pair.request.id])
    expect((await view(pair.y, g.id)).viewer.waitlistPosition).toBe(3)

    const byPartner = await move(g.b, first.id, 'down')
    expect(byPartner.status).toBe(403)
    expect(byPartner.body.error.message).toBe(OFFER_MESSAGES.onlyCreator)
    expect((await move(x, first.id, 'down')).status).toBe(403)
    expect((await move(await player(), first.id, 'down')).status).toBe(404)
    const top = await move(g.a, first.id, 'up')
    expect(top.status).toBe(409)
    expect(top.body.error.message).toBe(OFFER_MESSAGES.cannotMove)
    expect((await move(g.a, first.id, 'sideways')).status).toBe(400)
    expect((await move(g.a, first.id, 'down')).body.waitlist.map((e: { id: string }) => e.id)).toEqual([
      last.id,
      first.id,
      pair.request.id,
    ])
  })

  it('is declined with the game when it is cancelled', async () => {
    const g = await fullGame()
    const x = await player()
    const entry = await waitAlone(x, g.id)
    expect((await g.a.client.post(`/api/play-dates/${g.id}/cancel`)).status).toBe(200)
    const [row] = await t.db.select().from(playDateRequests).where(eq(playDateRequests.id, entry.id))
    expect(row?.status).toBe('declined')
  })
})

describe('a player dropping out', () => {
  it('20 hours before the start: the first who fits gets the spot alone for 30 minutes, then the next in line', async () => {
    const g = await fullGame()
    const pair = await waitAsPair(g.id)
    const [x, w] = await Promise.all([player({ firstName: 'Xia' }), player({ firstName: 'Wes' })])
    await waitAlone(x, g.id)
    await waitAlone(w, g.id)

    t.clock.set(at(20))
    const left = await g.d.client.post(`/api/play-dates/${g.id}/leave`)
    expect(left.status, left.text).toBe(200)
    expect(left.body).toMatchObject({ status: 'matched', spots: { left: 1, otherSide: 1 } })
    expect(left.body.viewer).toMatchObject({ canChat: false, canLeave: false })
    const [dropout] = await t.db.select().from(playDateDropouts).where(eq(playDateDropouts.playDateId, g.id))
    expect(dropout).toMatchObject({ profileId: g.d.profile.id, late: true, replacedAt: null })
    const remaining = await t.db.select().from(notifications).where(eq(notifications.userId, g.c.profile.id))
    expect(remaining.map((n) => n.title)).toContain('Player dropped out')

    // The pair does not fit one spot: Xia, next in line, gets it for 30 minutes.
    expect(await offerOf(pair.y, g.id)).toBeNull()
    const offer = await offerOf(x, g.id)
    expect(offer).toMatchObject({
      kind: 'waitlist',
      exclusiveUntil: new Date(at(20).getTime() + 30 * MINUTE).toISOString(),
    })
    expect(await offerOf(w, g.id)).toBeNull()
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, x.profile.id), eq(notifications.action, 'take_spot')))
    expect(note).toMatchObject({ title: 'A spot opened for you', subjectId: offer.id, playDateId: g.id })
    const list = await x.client.get('/api/notifications')
    const row = list.body.items.find((n: { title: string }) => n.title === 'A spot opened for you')
    expect(row.action).toEqual({ kind: 'take_spot', offerId: offer.id, playDateId: g.id })
    expect(row.game.label).toMatch(/ · 12:00 PM MST at Red Mountain Pickleball Park$/)
    // Nobody else can take it.
    expect((await w.client.post(`/api/play-dates/offers/${offer.id}/take`)).status).toBe(404)

    // Unanswered, it times out: Wes gets it; Xia keeps her place.
    await runJobs(new Date(at(20).getTime() + 30 * MINUTE))
    expect(await offerOf(x, g.id)).toBeNull()
    expect((await view(x, g.id)).viewer.waitlistPosition).toBe(2)
    const timedOut = await t.db.select().from(notifications).where(eq(notifications.userId, x.profile.id))
    expect(timedOut.map((n) => n.title)).toContain('Offer timed out')
    const next = await offerOf(w, g.id)
    expect(next).toMatchObject({ kind: 'waitlist' })
    const late = await x.client.post(`/api/play-dates/offers/${offer.id}/take`)
    expect(late.status).toBe(409)
    expect(late.body.error.message).toBe(OFFER_MESSAGES.gone)

    const taken = await w.client.post(`/api/play-dates/offers/${next.id}/take`)
    expect(taken.status, taken.text).toBe(200)
    expect(taken.body).toMatchObject({
      status: 'matched',
      spots: { left: 0 },
      // Cal came with Dee, who dropped out; Wes joined alone.
      respondingTeam: {
        captain: { id: g.c.profile.id, joinedAlone: false },
        partner: { id: w.profile.id, joinedAlone: true },
      },
      viewer: { canChat: true, isRespondingTeam: true, offer: null },
    })
    expect((await w.client.get(`/api/play-dates/${g.id}/messages`)).status).toBe(200)
    expect((await g.d.client.get(`/api/play-dates/${g.id}/messages`)).status).toBe(403)
    for (const p of [g.a, g.b, g.c]) {
      const told = await t.db.select().from(notifications).where(eq(notifications.userId, p.profile.id))
      expect(told.map((n) => n.message)).toContain(
        `Wes ${w.profile.lastName} took the open spot in your game`,
      )
    }
    const [replaced] = await t.db.select().from(playDateDropouts).where(eq(playDateDropouts.playDateId, g.id))
    expect(replaced?.replacedAt).not.toBeNull()
    const record = await g.a.client.get(`/api/profiles/reliability?ids=${g.d.profile.id}`)
    expect(record.body.items[0]).toMatchObject({ lateCancels: 1, replaced: 1, savedGames: 0 })
  })

  it('more than 24 hours ahead the offer lasts 2 hours, in the last 3 hours 10 minutes; a decline goes to the next at once', async () => {
    const g = await fullGame()
    const [x, w] = await Promise.all([player(), player()])
    await waitAlone(x, g.id)
    await waitAlone(w, g.id)
    t.clock.set(at(48))
    const left = await g.b.client.post(`/api/play-dates/${g.id}/leave`)
    expect(left.body.spots).toMatchObject({ left: 1, partnerWanted: true })
    const [dropout] = await t.db.select().from(playDateDropouts).where(eq(playDateDropouts.playDateId, g.id))
    expect(dropout?.late).toBe(false)
    const offer = await offerOf(x, g.id)
    expect(offer.exclusiveUntil).toBe(new Date(at(48).getTime() + 2 * HOUR).toISOString())
    const declined = await x.client.post(`/api/play-dates/offers/${offer.id}/decline`)
    expect(declined.status, declined.text).toBe(200)
    expect(declined.body.viewer).toMatchObject({ offer: null, waitlistPosition: 1 })
    const next = await offerOf(w, g.id)
    expect(next.exclusiveUntil).toBe(new Date(at(48).getTime() + 2 * HOUR).toISOString())
    // Taking the creator's partner spot: the PlayDate stays the creator's to answer.
    const taken = await w.client.post(`/api/play-dates/offers/${next.id}/take`)
    expect(taken.body).toMatchObject({
      creatorTeam: {
        captain: { id: g.a.profile.id, joinedAlone: false },
        partner: { id: w.profile.id, joinedAlone: true },
      },
    })

    const h = await fullGame()
    await waitAlone(x, h.id)
    t.clock.set(at(2))
    // The captain leaves: his partner keeps the spot as a team of one.
    const captainLeft = await h.c.client.post(`/api/play-dates/${h.id}/leave`)
    expect(captainLeft.body.respondingTeam).toMatchObject({ captain: { id: h.d.profile.id }, partner: null })
    expect((await offerOf(x, h.id)).exclusiveUntil).toBe(
      new Date(at(2).getTime() + 10 * MINUTE).toISOString(),
    )
  })

  it('passes over a player an admin has paused: the next in line gets the spot at once, the paused one keeps their place', async () => {
    const g = await fullGame()
    const [paused, w] = await Promise.all([player(), player()])
    const held = await waitAlone(paused, g.id)
    await waitAlone(w, g.id)
    await t.db.update(profiles).set({ isPaused: true }).where(eq(profiles.id, paused.profile.id))
    t.clock.set(at(48))
    const left = await g.b.client.post(`/api/play-dates/${g.id}/leave`)
    expect(left.status, left.text).toBe(200)
    expect(await offerOf(w, g.id)).toMatchObject({
      exclusiveUntil: new Date(at(48).getTime() + 2 * HOUR).toISOString(),
    })
    const [request] = await t.db.select().from(playDateRequests).where(eq(playDateRequests.id, held.id))
    expect(request?.status).toBe('waitlisted')
  })

  it('a whole team leaving opens both spots: a waitlisted pair takes them in one tap', async () => {
    const g = await fullGame()
    const x = await player()
    await waitAlone(x, g.id)
    const pair = await waitAsPair(g.id)
    t.clock.set(at(30))
    const left = await g.c.client.post(`/api/play-dates/${g.id}/leave`, { withPartner: true })
    expect(left.status, left.text).toBe(200)
    expect(left.body).toMatchObject({ respondingTeam: null, spots: { left: 2, otherSide: 2 } })
    expect(
      await t.db.select().from(playDateDropouts).where(eq(playDateDropouts.playDateId, g.id)),
    ).toHaveLength(2)
    // A player alone fits one of the two spots: Xia is first in line.
    const first = await offerOf(x, g.id)
    await x.client.post(`/api/play-dates/offers/${first.id}/decline`)
    const offer = await offerOf(pair.z, g.id)
    expect(offer).toMatchObject({ kind: 'waitlist' })
    const taken = await pair.z.client.post(`/api/play-dates/offers/${offer.id}/take`)
    expect(taken.status, taken.text).toBe(200)
    expect(taken.body).toMatchObject({
      spots: { left: 0 },
      respondingTeam: { captain: { id: pair.y.profile.id }, partner: { id: pair.z.profile.id } },
    })
  })

  it('is for the players of a matched game before its start, not its creator', async () => {
    const g = await fullGame()
    const creator = await g.a.client.post(`/api/play-dates/${g.id}/leave`)
    expect(creator.status).toBe(409)
    expect(creator.body.error.message).toBe(OFFER_MESSAGES.creatorCannotLeave)
    expect((await (await player()).client.post(`/api/play-dates/${g.id}/leave`)).status).toBe(403)
    const alone = await g.b.client.post(`/api/play-dates/${g.id}/leave`, { withPartner: true })
    expect(alone.body.error.message).toBe(OFFER_MESSAGES.noPartnerToLeaveWith)
    t.clock.set(new Date(START.getTime() + MINUTE))
    const started = await g.c.client.post(`/api/play-dates/${g.id}/leave`)
    expect(started.status).toBe(409)
    expect(started.body.error.message).toBe(OFFER_MESSAGES.started)
  })
})
