import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { OFFER_MESSAGES } from '../../../domain/play-dates/offers'
import { notifications, playDateDropouts, playDates, profiles } from '../../db/schema'
import { befriend, type SignedInPlayer, signedInUser, type UserOverrides } from '../../testing/factories'
import { HOUR, insertFullGame, MINUTE, offerOf, runJobsAt, viewOf } from '../../testing/full-game'
import { mailTo } from '../../testing/mailbox'
import { nextNoonInPhoenix, runNoticeEmails } from '../../testing/notice-jobs'
import { createTestApp, type TestApp } from '../../testing/test-app'

// Subs (docs/decisions/0138-offer-timings-and-waves.md): once the waitlist has no one for an open
// spot, friends of the players left are asked, then players available as a sub; each wave alone
// for a window, every one at once in the last hour; the first yes takes the spot. Quiet hours hold
// an offer's email for the morning, and skip a player who would wake only once the game started.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

// Noon in Phoenix tomorrow; the games start later, at times of day the tests choose.
const BASE = nextNoonInPhoenix(new Date())
beforeEach(() => t.clock.set(BASE))
const DAY = 24 * HOUR

const player = (overrides: UserOverrides = {}) => signedInUser(t, overrides)

// A player who switched on "Available as a sub", at home in the East Valley unless told otherwise.
async function availableSub(overrides: UserOverrides = {}, home = { state: 'AZ', region: 'east_valley' }) {
  const sub = await player(overrides)
  expect((await sub.client.put('/api/profiles/me/sub-availability', { availableAsSub: true })).body).toEqual({
    availableAsSub: true,
  })
  await t.db
    .update(profiles)
    .set({ homeState: home.state as 'AZ', homeRegion: home.region })
    .where(eq(profiles.id, sub.profile.id))
  return sub
}

// A no-show of the player's team, `daysAgo` days ago.
async function noShow(p: SignedInPlayer, daysAgo: number) {
  const startsAt = new Date(BASE.getTime() - daysAgo * DAY)
  await t.db.insert(playDates).values({
    creatorId: p.profile.id,
    type: 'challenge',
    status: 'completed',
    state: 'AZ',
    regions: ['east_valley'],
    paymentPerHourMin: 25,
    paymentPerHourMax: 25,
    description: 'Missed game',
    startsAt,
    timeZone: 'America/Phoenix',
    durationMinutes: 60,
    resultOutcome: 'no_show',
    resultAbsentTeam: 'creator',
    resultSettledBy: 'agreed',
    resultSettledAt: startsAt,
  })
}

const quietOff = (p: SignedInPlayer) =>
  p.client.put('/api/notification-preferences/quiet-hours', {
    enabled: false,
    start: '21:00',
    end: '08:00',
    timeZone: 'America/Phoenix',
  })

const take = (p: SignedInPlayer, offerId: string) => p.client.post(`/api/play-dates/offers/${offerId}/take`)

describe('a sub search', () => {
  it('for a group’s game not yet open to everyone asks the group’s members only', async () => {
    const start = new Date(BASE.getTime() + 2 * DAY)
    const g = await insertFullGame(t, start)
    const created = await g.a.client.post('/api/groups', { name: 'Dawn Patrol', visibility: 'open' })
    const groupId = created.body.id as string
    const invite = (await g.a.client.get(`/api/groups/${groupId}`)).body.invitePath as string
    const [member, outsider] = await Promise.all([
      player({ firstName: 'Meg', duprRating: 3.5 }),
      player({ firstName: 'Oli', duprRating: 3.5 }),
    ])
    expect((await member.client.post(`/api${invite}`)).status).toBe(200)
    await befriend(t.db, g.c, member)
    await befriend(t.db, g.c, outsider)
    await t.db.update(playDates).set({ groupId, openToAllAt: null }).where(eq(playDates.id, g.id))

    t.clock.set(new Date(start.getTime() - 20 * HOUR))
    const left = await g.d.client.post(`/api/play-dates/${g.id}/leave`)
    expect(left.status, left.text).toBe(200)
    expect(await offerOf(member, g.id)).toMatchObject({ kind: 'sub' })
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, outsider.profile.id), eq(notifications.action, 'take_spot')))
    expect(told).toEqual([])
  })

  it('starts by itself under 24 hours with no one waiting: friends in the range first, then players available as a sub', async () => {
    const start = new Date(BASE.getTime() + 2 * DAY)
    const g = await insertFullGame(t, start)
    const [friend, friendOutOfRange] = await Promise.all([
      player({ firstName: 'Fay', duprRating: 3.5 }),
      player({ firstName: 'Fox', duprRating: 5 }),
    ])
    await befriend(t.db, g.c, friend)
    await befriend(t.db, friendOutOfRange, g.c)
    const sub = await availableSub({ firstName: 'Sia', duprRating: 3.25 })
    const selfRated = await availableSub({ firstName: 'Sol', duprRating: null, selfRating: 3.75 })
    const elsewhere = await availableSub({}, { state: 'AZ', region: 'tucson' })
    const tooStrong = await availableSub({ duprRating: 4.5 })
    const noShowed = await availableSub()
    await noShow(noShowed, 30)
    const longAgo = await availableSub()
    await noShow(longAgo, 120)
    const notAvailable = await player()
    await t.db
      .update(profiles)
      .set({ homeState: 'AZ', homeRegion: 'east_valley' })
      .where(eq(profiles.id, notAvailable.profile.id))

    t.clock.set(new Date(start.getTime() - 20 * HOUR))
    const left = await g.d.client.post(`/api/play-dates/${g.id}/leave`)
    expect(left.status, left.text).toBe(200)
    expect(left.body.subSearch).toBe('asking')
    // Wave 1: the friend in range, alone for 30 minutes.
    const first = await offerOf(friend, g.id)
    expect(first).toMatchObject({ kind: 'sub' })
    expect(first.exclusiveUntil).toBe(new Date(start.getTime() - 20 * HOUR + 30 * MINUTE).toISOString())
    for (const p of [friendOutOfRange, sub, selfRated]) expect(await offerOf(p, g.id)).toBeNull()
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, friend.profile.id), eq(notifications.action, 'take_spot')))
    expect(note).toMatchObject({ title: 'Sub wanted', playDateId: g.id })
    expect(note!.message).toContain(`Cal ${g.c.profile.lastName}`)
    expect((await viewOf(g.c, g.id)).viewer.canFindSub).toBe(false)

    // Wave 2 when the window ends: the players available as a sub in the area and range with no
    // recent no-show; the friend's offer stays open.
    await runJobsAt(t, new Date(start.getTime() - 20 * HOUR + 30 * MINUTE))
    for (const p of [sub, selfRated, longAgo]) expect(await offerOf(p, g.id)).toMatchObject({ kind: 'sub' })
    for (const p of [elsewhere, tooStrong, noShowed, notAvailable, friendOutOfRange]) {
      expect(await offerOf(p, g.id)).toBeNull()
    }
    expect(await offerOf(friend, g.id)).not.toBeNull()

    const taken = await take(sub, (await offerOf(sub, g.id)).id)
    expect(taken.status, taken.text).toBe(200)
    expect(taken.body).toMatchObject({
      spots: { left: 0 },
      subSearch: 'none',
      // Cal came with Dee, who dropped out; the sub came alone.
      respondingTeam: {
        captain: { id: g.c.profile.id, joinedAlone: false },
        partner: { id: sub.profile.id, joinedAlone: true },
      },
      viewer: { canChat: true, canLeaveWithPartner: false },
    })
    const tooLate = await take(friend, first.id)
    expect(tooLate.status).toBe(409)
    expect(tooLate.body.error.message).toBe(OFFER_MESSAGES.spotTaken)
    const records = await g.a.client.get(`/api/profiles/reliability?ids=${sub.profile.id},${g.d.profile.id}`)
    expect(records.body.items).toMatchObject([
      { savedGames: 1, lateCancels: 0 },
      { lateCancels: 1, replaced: 1 },
    ])
    const profile = await g.a.client.get(`/api/profiles/${sub.profile.id}`)
    expect(profile.body.reliability).toMatchObject({ savedGames: 1 })
    for (const p of [g.a, g.b, g.c]) {
      const told = await t.db.select().from(notifications).where(eq(notifications.userId, p.profile.id))
      expect(told.map((n) => n.title)).toContain('Spot filled')
    }
  })

  it('more than 24 hours ahead waits for the players left to ask ("Find a sub"), or starts 24 hours before', async () => {
    const start = new Date(BASE.getTime() + 4 * DAY)
    const g = await insertFullGame(t, start)
    const friend = await player()
    await befriend(t.db, g.a, friend)
    t.clock.set(new Date(start.getTime() - 48 * HOUR))
    await g.b.client.post(`/api/play-dates/${g.id}/leave`)
    expect((await viewOf(g.a, g.id)).subSearch).toBe('none')
    expect(await offerOf(friend, g.id)).toBeNull()
    expect((await viewOf(g.a, g.id)).viewer.canFindSub).toBe(true)
    const otherSide = await g.c.client.post(`/api/play-dates/${g.id}/find-sub`)
    expect(otherSide.status).toBe(409)
    expect(otherSide.body.error.message).toBe(OFFER_MESSAGES.notOnSide)
    const asked = await g.a.client.post(`/api/play-dates/${g.id}/find-sub`)
    expect(asked.status, asked.text).toBe(200)
    expect(asked.body).toMatchObject({ subSearch: 'asking', viewer: { canFindSub: false } })
    expect((await offerOf(friend, g.id)).exclusiveUntil).toBe(
      new Date(start.getTime() - 48 * HOUR + 2 * HOUR).toISOString(),
    )
    expect((await g.a.client.post(`/api/play-dates/${g.id}/find-sub`)).body.error.message).toBe(
      OFFER_MESSAGES.searchUnderWay,
    )

    const h = await insertFullGame(t, start)
    const hFriend = await player()
    await befriend(t.db, h.c, hFriend)
    t.clock.set(new Date(start.getTime() - 48 * HOUR))
    await h.d.client.post(`/api/play-dates/${h.id}/leave`)
    await runJobsAt(t, new Date(start.getTime() - 30 * HOUR))
    expect(await offerOf(hFriend, h.id)).toBeNull()
    await runJobsAt(t, new Date(start.getTime() - 24 * HOUR))
    expect(await offerOf(hFriend, h.id)).toMatchObject({ kind: 'sub' })
  })

  it('comes after the waitlist', async () => {
    const start = new Date(BASE.getTime() + 4 * DAY)
    const g = await insertFullGame(t, start)
    const waiting = await player()
    expect((await waiting.client.post(`/api/play-dates/${g.id}/requests`, { alone: true })).status).toBe(201)
    t.clock.set(new Date(start.getTime() - 48 * HOUR))
    await g.d.client.post(`/api/play-dates/${g.id}/leave`)
    expect((await viewOf(g.c, g.id)).viewer.canFindSub).toBe(false)
    const refused = await g.c.client.post(`/api/play-dates/${g.id}/find-sub`)
    expect(refused.body.error.message).toBe(OFFER_MESSAGES.waitlistFirst)
    // The waitlist declines: the players left may ask for a sub.
    await waiting.client.post(`/api/play-dates/offers/${(await offerOf(waiting, g.id)).id}/decline`)
    expect((await viewOf(g.c, g.id)).viewer.canFindSub).toBe(true)
  })

  it('asks every candidate at once in the last hour, and a wave that declines gives way at once', async () => {
    const start = new Date(BASE.getTime() + 2 * DAY)
    const g = await insertFullGame(t, start)
    const friend = await player()
    await befriend(t.db, g.c, friend)
    const sub = await availableSub()
    t.clock.set(new Date(start.getTime() - 50 * MINUTE))
    await g.d.client.post(`/api/play-dates/${g.id}/leave`)
    expect(await offerOf(friend, g.id)).toMatchObject({ kind: 'sub' })
    expect(await offerOf(sub, g.id)).toMatchObject({ kind: 'sub' })

    const h = await insertFullGame(t, start)
    const hFriend = await player()
    await befriend(t.db, h.c, hFriend)
    t.clock.set(new Date(start.getTime() - 20 * HOUR))
    await h.d.client.post(`/api/play-dates/${h.id}/leave`)
    expect(await offerOf(sub, h.id)).toBeNull()
    await hFriend.client.post(`/api/play-dates/offers/${(await offerOf(hFriend, h.id)).id}/decline`)
    expect(await offerOf(sub, h.id)).toMatchObject({ kind: 'sub' })
  })

  it('two subs saying yes at the same moment: exactly one takes the spot, the other is told it was just taken', async () => {
    const start = new Date(BASE.getTime() + 2 * DAY)
    const g = await insertFullGame(t, start)
    const subs = await Promise.all(Array.from({ length: 4 }, () => availableSub()))
    t.clock.set(new Date(start.getTime() - 30 * MINUTE))
    await g.d.client.post(`/api/play-dates/${g.id}/leave`)
    const offers = await Promise.all(subs.map((s) => offerOf(s, g.id)))
    const answers = await Promise.all(subs.map((s, i) => take(s, offers[i].id)))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409])
    for (const refused of answers.filter((r) => r.status === 409)) {
      expect(refused.body.error.message).toBe(OFFER_MESSAGES.spotTaken)
    }
    const game = await viewOf(g.a, g.id)
    expect(game.spots.left).toBe(0)
    const winner = subs[answers.findIndex((r) => r.status === 200)]!
    expect(game.respondingTeam.partner.id).toBe(winner.profile.id)
    const [dropout] = await t.db.select().from(playDateDropouts).where(eq(playDateDropouts.playDateId, g.id))
    expect(dropout?.replacedAt).not.toBeNull()
  })
})

describe('quiet hours', () => {
  // 9:00 AM in Phoenix the day after tomorrow; a drop-out at 10:30 PM the evening before.
  const start = new Date(BASE.getTime() + DAY + 21 * HOUR)
  const evening = new Date(start.getTime() - 10.5 * HOUR)

  it('hold an offer’s email for the morning; the app shows it at once', async () => {
    const g = await insertFullGame(t, start)
    const friend = await player({ firstName: 'Fay' })
    await befriend(t.db, g.c, friend)
    t.clock.set(evening)
    await g.d.client.post(`/api/play-dates/${g.id}/leave`)
    expect(await offerOf(friend, g.id)).toMatchObject({ kind: 'sub' })
    await runNoticeEmails(t, evening)
    expect(await mailTo(t, friend.profile.email)).toEqual([])
    await runNoticeEmails(t, new Date(start.getTime() - HOUR))
    const [mail] = await mailTo(t, friend.profile.email)
    expect(mail?.subject).toMatch(
      /^Sub wanted: [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2} · 9:00 AM MST at Red Mountain Pickleball Park$/,
    )
  })

  it('skip a player who would wake only after the start, for the next wave', async () => {
    // 7:00 AM: the default quiet hours end at 8.
    const early = new Date(start.getTime() - 2 * HOUR)
    const g = await insertFullGame(t, early)
    const friend = await player()
    await befriend(t.db, g.c, friend)
    const [sleepy, awake] = await Promise.all([availableSub(), availableSub()])
    expect((await quietOff(awake)).status).toBe(200)
    t.clock.set(evening)
    await g.d.client.post(`/api/play-dates/${g.id}/leave`)
    expect(await offerOf(friend, g.id)).toBeNull()
    expect(await offerOf(sleepy, g.id)).toBeNull()
    expect(await offerOf(awake, g.id)).toMatchObject({ kind: 'sub' })
  })

  it('skip a waitlisted player who would wake only after the start, and do not email an offer gone by morning', async () => {
    const g = await insertFullGame(t, start)
    const [sleepy, awake] = await Promise.all([player(), player()])
    // Sleepy's quiet hours end at 10:00 AM, after the 9:00 AM start.
    await sleepy.client.put('/api/notification-preferences/quiet-hours', {
      enabled: true,
      start: '21:00',
      end: '10:00',
      timeZone: 'America/Phoenix',
    })
    for (const p of [sleepy, awake]) {
      expect((await p.client.post(`/api/play-dates/${g.id}/requests`, { alone: true })).status).toBe(201)
    }
    t.clock.set(evening)
    await g.d.client.post(`/api/play-dates/${g.id}/leave`)
    expect(await offerOf(sleepy, g.id)).toBeNull()
    const offer = await offerOf(awake, g.id)
    expect(offer).toMatchObject({ kind: 'waitlist' })
    // Awake sleeps too (the default hours): the offer times out at night, and its email with it.
    await runJobsAt(t, new Date(evening.getTime() + 30 * MINUTE))
    await runNoticeEmails(t, new Date(start.getTime() - HOUR))
    expect(
      (await mailTo(t, awake.profile.email)).filter((m) => m.subject.startsWith('A spot opened')),
    ).toEqual([])
  })
})
