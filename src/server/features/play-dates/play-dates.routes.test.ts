import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  connections,
  notifications,
  playDateMessages,
  playDateRequests,
  playDates,
  profiles,
} from '../../db/schema'
import { openEventStream } from '../../testing/event-stream'
import { signedInUser, nextWeek, befriend } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'
import { RATE_LIMITED_MESSAGE } from '../../../domain/auth/auth.schema'
import { CHAT_AFTER_INVALID, playDateListQuery } from '../../../domain/play-dates/play-date.schema'
import { playDateLimits } from './play-dates.routes'
import { listPlayDates } from './play-dates.service'
import type { RatingPlan } from './rating-plan'
import { createTtlCache } from '../../lib/ttl-cache'
import { runDueJobs } from '../../lib/jobs'
import { jobHandlers } from '../../jobs'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Player = Awaited<ReturnType<typeof signedInUser>>

const player = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides)

const input = (partner: Player, overrides: Record<string, unknown> = {}) => ({
  type: 'challenge',
  state: 'AZ',
  regions: ['east_valley', 'tucson'],
  partnerId: partner.profile.id,
  amount: 25,
  description: '  Evening games at Kiwanis  ',
  ...nextWeek(),
  ...overrides,
})

// Four players: A and B (creator team), C and D (applicants), all the needed friendships.
async function foursome() {
  const [a, b, c, d] = await Promise.all([
    player({ firstName: 'Ana', duprRating: 4.0, selfRating: 4.25 }),
    player({ firstName: 'Ben', duprRating: 3.5, selfRating: 3.5 }),
    player({ firstName: 'Cal' }),
    player({ firstName: 'Dee' }),
  ])
  await befriend(t.db, a!, b!)
  await befriend(t.db, c!, d!)
  return { a: a!, b: b!, c: c!, d: d! }
}

async function openPlayDate(a: Player, b: Player, overrides: Record<string, unknown> = {}) {
  const res = await a.client.post('/api/play-dates', input(b, overrides))
  expect(res.status).toBe(201)
  return res.body.id as string
}

describe('creating a PlayDate', () => {
  it('creates an open PlayDate with the creator team, averages and a notification for the partner', async () => {
    const { a, b } = await foursome()
    const res = await a.client.post('/api/play-dates', input(b, { type: 'teach' }))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      type: 'earn',
      status: 'open',
      state: 'AZ',
      regions: ['east_valley', 'tucson'],
      paymentPerHourMin: 25,
      paymentPerHourMax: 25,
      doublesType: 'any',
      description: 'Evening games at Kiwanis',
      creatorTeam: { averageDupr: 3.75, averageSelf: 3.88 },
      viewer: { isCreatorTeam: true, canCancel: true, canApply: false },
    })
    const sent = await t.db.select().from(notifications).where(eq(notifications.userId, b.profile.id))
    expect(sent).toMatchObject([{ type: 'playdate_created', link: `/playdates/${res.body.id}` }])
  })

  it('refuses a partner who is not an accepted friend', async () => {
    const { a, c } = await foursome()
    const res = await a.client.post('/api/play-dates', input(c))
    expect(res.status).toBe(400)
    expect(res.body.error.fields.partnerId).toBe('Your partner must be one of your friends')
  })

  it('validates amount, regions and description like the wizard, the description optional', async () => {
    const { a, b } = await foursome()
    const zero = await a.client.post('/api/play-dates', input(b, { amount: 0 }))
    expect(zero.status).toBe(400)
    expect(zero.body.error.fields.amount).toBe('Amount must be above 0')
    for (const amount of [true, [30]]) {
      const notNumber = await a.client.post('/api/play-dates', input(b, { amount }))
      expect(notNumber.status).toBe(400)
    }
    // The description is optional: blank or left out, the PlayDate has an empty one.
    const blank = await a.client.post('/api/play-dates', input(b, { description: '   ' }))
    expect(blank.status).toBe(201)
    expect(blank.body.description).toBe('')
    const { description: _left, ...withoutDescription } = input(b)
    const none = await a.client.post('/api/play-dates', withoutDescription)
    expect(none.status).toBe(201)
    expect(none.body.description).toBe('')
    const long = await a.client.post('/api/play-dates', input(b, { description: 'x'.repeat(501) }))
    expect(long.status).toBe(400)
    const noRegion = await a.client.post('/api/play-dates', input(b, { regions: [] }))
    expect(noRegion.body.error.fields.regions).toBe('Select at least one region')
    const wrongState = await a.client.post('/api/play-dates', input(b, { state: 'TX', regions: ['tucson'] }))
    expect(wrongState.status).toBe(400)
    const statewide = await a.client.post(
      '/api/play-dates',
      input(b, { state: 'TX', regions: ['statewide'] }),
    )
    expect(statewide.status).toBe(201)
  })

  it('needs a signed-in, unpaused player', async () => {
    const anonymous = await createClient(t.app).post('/api/play-dates', {})
    expect(anonymous.status).toBe(401)
    const paused = await player({ isPaused: true })
    expect((await paused.client.get('/api/play-dates')).status).toBe(403)
  })
})

describe('sending the same thing twice', () => {
  const key = () => crypto.randomUUID()

  it('gives back the PlayDate a request key already created, and tells the partner once', async () => {
    const { a, b } = await foursome()
    const requestKey = key()
    const first = await a.client.post('/api/play-dates', input(b, { requestKey }))
    expect(first.status).toBe(201)
    // The answer was lost on the way; the phone sends it again (the player may have changed a word).
    const again = await a.client.post('/api/play-dates', input(b, { requestKey, description: 'Changed' }))
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    const created = await t.db.select().from(playDates).where(eq(playDates.creatorId, a.profile.id))
    expect(created).toHaveLength(1)
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, b.profile.id))
    expect(told.filter((n) => n.title === 'New PlayDate')).toHaveLength(1)
  })

  it('creates one PlayDate from the same key sent at once, and two from two keys', async () => {
    const { a, b } = await foursome()
    const requestKey = key()
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => a.client.post('/api/play-dates', input(b, { requestKey }))),
    )
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201])
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1)
    expect((await a.client.post('/api/play-dates', input(b, { requestKey: key() }))).status).toBe(201)
    expect((await a.client.post('/api/play-dates', input(b))).status).toBe(201)
    const created = await t.db.select().from(playDates).where(eq(playDates.creatorId, a.profile.id))
    expect(created).toHaveLength(3)
  })

  it('keeps one player’s keys apart from another’s', async () => {
    const { a, b, c, d } = await foursome()
    const requestKey = key()
    const mine = await a.client.post('/api/play-dates', input(b, { requestKey }))
    const theirs = await c.client.post('/api/play-dates', input(d, { requestKey }))
    expect(theirs.status).toBe(201)
    expect(theirs.body.id).not.toBe(mine.body.id)
  })

  it('refuses a key that is not a UUID', async () => {
    const { a, b } = await foursome()
    const res = await a.client.post('/api/play-dates', input(b, { requestKey: 'again' }))
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe('Invalid request key')
  })

  it('sends a chat message once for one key, however often it is sent', async () => {
    const { a, b, c, d } = await foursome()
    const id = await openPlayDate(a, b)
    const applied = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })
    expect((await a.client.post(`/api/play-dates/requests/${applied.body.id}/accept`)).status).toBe(200)
    const requestKey = key()
    const sent = await Promise.all(
      Array.from({ length: 3 }, () =>
        d.client.post(`/api/play-dates/${id}/messages`, { content: 'On our way', requestKey }),
      ),
    )
    expect(sent.map((r) => r.status)).toEqual([201, 201, 201])
    expect(new Set(sent.map((r) => r.body.id)).size).toBe(1)
    expect(sent[0]!.body).toMatchObject({ content: 'On our way', firstName: 'Dee' })
    // The same words again, on purpose: a new key, a new message.
    await d.client.post(`/api/play-dates/${id}/messages`, { content: 'On our way', requestKey: key() })
    const thread = await a.client.get(`/api/play-dates/${id}/messages`)
    expect(thread.body.items.map((m: { content: string }) => m.content)).toEqual(['On our way', 'On our way'])
  })
})

describe('matching', () => {
  it('runs the whole story: apply, accept, chat, report and confirm the result, history for all four', async () => {
    const { a, b, c, d } = await foursome()
    const id = await openPlayDate(a, b)

    const available = await c.client.get('/api/play-dates?tab=available')
    expect(available.body.items.map((p: { id: string }) => p.id)).toContain(id)
    const openCard = (await a.client.get('/api/play-dates?tab=mine')).body.items.find(
      (x: { id: string }) => x.id === id,
    )
    expect(openCard.respondingTeam).toBeNull()
    expect(
      (await a.client.get('/api/play-dates?tab=available')).body.items.map((p: { id: string }) => p.id),
    ).not.toContain(id)

    const applied = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })
    expect(applied.status).toBe(201)
    const again = await d.client.post(`/api/play-dates/${id}/requests`, { partnerId: c.profile.id })
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe('You or your partner have already applied for this PlayDate')

    const seenByB = await b.client.get(`/api/play-dates/${id}`)
    expect(seenByB.body.pendingRequests).toHaveLength(1)
    expect(seenByB.body.requestCount).toBe(1)
    expect(seenByB.body.respondingTeam).toBeNull()
    const requestId = seenByB.body.pendingRequests[0].id

    expect((await c.client.post(`/api/play-dates/requests/${requestId}/accept`)).status).toBe(404)
    const accepted = await b.client.post(`/api/play-dates/requests/${requestId}/accept`)
    expect(accepted.status).toBe(200)
    expect(accepted.body.status).toBe('matched')
    expect(accepted.body.respondingTeam.captain.id).toBe(c.profile.id)
    // The responding team's partner sees the match from their side.
    const seenByD = await d.client.get(`/api/play-dates/${id}`)
    expect(seenByD.status).toBe(200)
    expect(seenByD.body.respondingTeam.captain.id).toBe(c.profile.id)
    expect(seenByD.body.respondingTeam.partner.id).toBe(d.profile.id)
    expect(seenByD.body.respondingTeam.averageDupr).toBeGreaterThan(0)
    expect(seenByD.body.pendingRequests).toEqual([])
    expect(seenByD.body.viewer).toMatchObject({
      isCreatorTeam: false,
      isRespondingTeam: true,
      canChat: true,
      canCancel: true,
      canApply: false,
    })

    for (const p of [a, b, c, d]) {
      const mine = await p.client.get('/api/play-dates?tab=mine')
      expect(mine.body.items.map((x: { id: string }) => x.id)).toContain(id)
      // The player's own lists carry the team that plays the creator team.
      const card = mine.body.items.find((x: { id: string }) => x.id === id)
      expect(card.respondingTeam.captain.id).toBe(c.profile.id)
      expect(card.respondingTeam.partner.id).toBe(d.profile.id)
    }
    // Available's cards never do.
    const onlooker = await player()
    for (const item of (await onlooker.client.get('/api/play-dates?tab=available')).body.items)
      expect(item).not.toHaveProperty('respondingTeam')
    const stranger = await player()
    // Full and ahead, the game shows to a stranger (its waitlist is open), its chat does not.
    const full = await stranger.client.get(`/api/play-dates/${id}`)
    expect(full.body.viewer).toMatchObject({ canApply: true, canChat: false, isRespondingTeam: false })
    expect(full.body.result).toBeNull()
    expect((await stranger.client.get(`/api/play-dates/${id}/messages`)).status).toBe(403)
    expect((await stranger.client.post(`/api/play-dates/${id}/messages`, { content: 'hi' })).status).toBe(403)

    expect(
      (await a.client.post(`/api/play-dates/${id}/messages`, { content: '  Thursday at 6?  ' })).status,
    ).toBe(201)
    expect((await d.client.post(`/api/play-dates/${id}/messages`, { content: 'Works for us' })).status).toBe(
      201,
    )
    const empty = await d.client.post(`/api/play-dates/${id}/messages`, { content: '   ' })
    expect(empty.status).toBe(400)
    const chat = await c.client.get(`/api/play-dates/${id}/messages`)
    expect(chat.body.items.map((m: { content: string }) => m.content)).toEqual([
      'Thursday at 6?',
      'Works for us',
    ])
    expect(chat.body.items[0]).toMatchObject({ firstName: 'Ana', userId: a.profile.id })

    // Once the game has started, one team reports and the other team's confirmation completes it.
    const startsAt = new Date((await a.client.get(`/api/play-dates/${id}`)).body.startsAt)
    const ahead = startsAt.getTime() - Date.now() + 60 * 60_000
    t.clock.advance(ahead)
    const reported = await c.client.post(`/api/play-dates/${id}/result`, {
      outcome: 'played',
      pointsTo: 11,
      games: [{ us: 11, them: 6 }],
    })
    expect(reported.status).toBe(200)
    const confirmed = await a.client.post(`/api/play-dates/${id}/result/confirm`)
    expect(confirmed.status).toBe(200)
    // It settles a minute later, unless undone (docs/decisions/0159).
    expect(confirmed.body.status).toBe('matched')
    t.clock.advance(60_000)
    await runDueJobs(t.db, jobHandlers(t.deps), t.clock.now())
    const played = await a.client.get(`/api/play-dates/${id}`)
    expect(played.body.status).toBe('completed')
    expect((await c.client.post(`/api/play-dates/${id}/result/confirm`)).status).toBe(409)
    expect((await a.client.post(`/api/play-dates/${id}/cancel`)).status).toBe(409)
    t.clock.advance(-ahead - 60_000)
    for (const p of [a, b, c, d]) {
      const history = await p.client.get('/api/play-dates?tab=history')
      expect(history.body.items.map((x: { id: string }) => x.id)).toContain(id)
      expect(history.body.items.find((x: { id: string }) => x.id === id).respondingTeam.captain.id).toBe(
        c.profile.id,
      )
      const mine = await p.client.get('/api/play-dates?tab=mine')
      expect(mine.body.items.map((x: { id: string }) => x.id)).not.toContain(id)
    }
  })

  it('20 concurrent accepts of different applications leave exactly one accepted', async () => {
    const { a, b } = await foursome()
    const id = await openPlayDate(a, b)
    const teams = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const [x, y] = await Promise.all([player(), player()])
        await befriend(t.db, x!, y!)
        const res = await x!.client.post(`/api/play-dates/${id}/requests`, { partnerId: y!.profile.id })
        expect(res.status).toBe(201)
        return res.body.id as string
      }),
    )
    const results = await Promise.all(
      teams.map((requestId, i) =>
        (i % 2 ? a : b).client.post(`/api/play-dates/requests/${requestId}/accept`),
      ),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true)
    const rows = await t.db.select().from(playDateRequests).where(eq(playDateRequests.playDateId, id))
    expect(rows.filter((r) => r.status === 'accepted')).toHaveLength(1)
    expect(rows.filter((r) => r.status === 'declined')).toHaveLength(19)
    const [pd] = await t.db.select().from(playDates).where(eq(playDates.id, id))
    expect(pd?.status).toBe('matched')
  })

  it('concurrent duplicate applications leave one', async () => {
    const { a, b, c, d } = await foursome()
    const id = await openPlayDate(a, b)
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id }),
      ),
      ...Array.from({ length: 5 }, () =>
        d.client.post(`/api/play-dates/${id}/requests`, { partnerId: c.profile.id }),
      ),
    ])
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(9)
    const live = await t.db
      .select()
      .from(playDateRequests)
      .where(and(eq(playDateRequests.playDateId, id), eq(playDateRequests.status, 'pending')))
    expect(live).toHaveLength(1)
  })

  it('refuses applying to your own PlayDate, with a non-friend, or with a creator as partner', async () => {
    const { a, b, c, d } = await foursome()
    const id = await openPlayDate(a, b)
    expect((await a.client.post(`/api/play-dates/${id}/requests`, { partnerId: b.profile.id })).status).toBe(
      409,
    )
    const notFriend = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: a.profile.id })
    expect(notFriend.status).toBe(409)
    const e = await player()
    const stranger = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: e.profile.id })
    expect(stranger.status).toBe(400)
    expect(stranger.body.error.message).toBe('Please select a friend')
    const missing = await c.client.post(`/api/play-dates/${id}/requests`, {})
    expect(missing.body.error.fields.partnerId).toBe('Please select a friend')
    expect(
      (await d.client.post(`/api/play-dates/${crypto.randomUUID()}/requests`, { partnerId: c.profile.id }))
        .status,
    ).toBe(404)
  })

  it('lets an applicant withdraw and the creator team decline', async () => {
    const { a, b, c, d } = await foursome()
    const id = await openPlayDate(a, b)
    const applied = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })
    const requestId = applied.body.id
    // Both players of the applying team see their application; anyone else may still apply.
    for (const applicant of [c, d]) {
      const seen = await applicant.client.get(`/api/play-dates/${id}`)
      expect(seen.body.viewer).toMatchObject({ canApply: false, myRequest: { id: requestId } })
      expect(seen.body.viewer.myRequest.team.partner.id).toBe(d.profile.id)
    }
    const other = await (await player()).client.get(`/api/play-dates/${id}`)
    expect(other.body.viewer).toMatchObject({ canApply: true, myRequest: null })
    expect((await a.client.post(`/api/play-dates/requests/${requestId}/withdraw`)).status).toBe(404)
    const withdrawn = await d.client.post(`/api/play-dates/requests/${requestId}/withdraw`)
    expect(withdrawn.status).toBe(200)
    expect(withdrawn.body.viewer.canApply).toBe(true)
    const second = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })
    expect(second.status).toBe(201)
    expect((await c.client.post(`/api/play-dates/requests/${second.body.id}/decline`)).status).toBe(404)
    expect((await a.client.post(`/api/play-dates/requests/${second.body.id}/decline`)).status).toBe(200)
    expect((await a.client.post(`/api/play-dates/requests/${second.body.id}/accept`)).status).toBe(409)
  })
})

describe('the chat, a page at a time', () => {
  type Message = { id: string; content: string; createdAt: string }
  const contents = (body: { items: Message[] }) => body.items.map((m) => m.content)

  // A matched PlayDate whose thread holds `count` messages, one a second from 2026-03-01 10:00,
  // alternating between Ana and Dee; the 11th and 12th were sent in the same instant.
  async function matchedWithThread(count: number) {
    const { a, b, c, d } = await foursome()
    const id = await openPlayDate(a, b)
    const applied = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })
    expect((await a.client.post(`/api/play-dates/requests/${applied.body.id}/accept`)).status).toBe(200)
    const start = Date.parse('2026-03-01T10:00:00Z')
    await t.db.insert(playDateMessages).values(
      Array.from({ length: count }, (_, i) => ({
        playDateId: id,
        userId: (i % 2 ? d : a).profile.id,
        content: `Message ${i + 1}`,
        createdAt: new Date(start + (i === 11 ? 10 : i) * 1000),
      })),
    )
    return { a, b, c, d, id }
  }

  it('answers the newest page first, then each page before it, back to the first message', async () => {
    const { c, id } = await matchedWithThread(411)
    const all = Array.from({ length: 411 }, (_, i) => `Message ${i + 1}`)
    const newest = await c.client.get(`/api/play-dates/${id}/messages`)
    expect(newest.status).toBe(200)
    expect(newest.body.hasEarlier).toBe(true)
    expect(contents(newest.body)).toEqual(all.slice(211))

    const middle = await c.client.get(`/api/play-dates/${id}/messages?before=${newest.body.items[0].id}`)
    expect(middle.status).toBe(200)
    expect(middle.body.hasEarlier).toBe(true)
    expect(middle.body.items).toHaveLength(200)

    // The first page ends where messages 11 and 12 share their time: the id orders them.
    const first = await c.client.get(`/api/play-dates/${id}/messages?before=${middle.body.items[0].id}`)
    expect(first.body.hasEarlier).toBe(false)
    expect(first.body.items).toHaveLength(11)
    // Every message exactly once, oldest first, across the three pages.
    const thread = [...first.body.items, ...middle.body.items, ...newest.body.items] as Message[]
    expect(new Set(thread.map((m) => m.id)).size).toBe(411)
    expect(thread.map((m) => m.createdAt)).toEqual([...thread.map((m) => m.createdAt)].sort())
    expect(thread.map((m) => m.content).toSorted()).toEqual(all.toSorted())
    expect(contents(first.body).slice(0, 3)).toEqual(['Message 1', 'Message 2', 'Message 3'])
  })

  it('catches up with what came after a time, and says when that was more than a page', async () => {
    const { a, id } = await matchedWithThread(205)
    const after = await a.client.get(`/api/play-dates/${id}/messages?after=2026-03-01T10:03:21Z`)
    expect(after.status).toBe(200)
    expect(after.body).toMatchObject({ hasEarlier: false })
    expect(contents(after.body)).toEqual(['Message 203', 'Message 204', 'Message 205'])
    // A client asleep since before the first message: the newest page, and a gap before it.
    const behind = await a.client.get(`/api/play-dates/${id}/messages?after=2026-03-01T09:00:00Z`)
    expect(behind.body.hasEarlier).toBe(true)
    // (Messages 11 and 12 share their time, so only the set is compared.)
    expect(contents(behind.body).toSorted()).toEqual(
      Array.from({ length: 200 }, (_, i) => `Message ${i + 6}`).toSorted(),
    )
  })

  it('reads a page before a message only within the same PlayDate, and only for its players', async () => {
    const one = await matchedWithThread(3)
    const other = await matchedWithThread(3)
    const [oldest] = (await one.a.client.get(`/api/play-dates/${one.id}/messages`)).body.items as Message[]
    const elsewhere = await other.a.client.get(`/api/play-dates/${other.id}/messages?before=${oldest!.id}`)
    expect(elsewhere.body).toEqual({ items: [], hasEarlier: false })
    const missing = await one.a.client.get(
      `/api/play-dates/${one.id}/messages?before=00000000-0000-4000-8000-000000000000`,
    )
    expect(missing.body).toEqual({ items: [], hasEarlier: false })
    const stranger = await player()
    const refused = await stranger.client.get(`/api/play-dates/${one.id}/messages?before=${oldest!.id}`)
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe('Not authorized to view this PlayDate')
  })

  it('refuses a range it cannot read', async () => {
    const { a, id } = await matchedWithThread(1)
    const notAnId = await a.client.get(`/api/play-dates/${id}/messages?before=last`)
    expect(notAnId.status).toBe(400)
    expect(notAnId.body.error.code).toBe('invalid')
    const both = await a.client.get(`/api/play-dates/${id}/messages?after=2026-03-01T10:00:00Z&before=${id}`)
    expect(both.status).toBe(400)
    expect(both.body.error.message).toBe('Ask for messages after a time or before a message, not both')
  })

  it('refuses a time PostgreSQL cannot hold with a 400, not a 500', async () => {
    const { a, id } = await matchedWithThread(1)
    // Year 0, and a last second of 9999 whose -23:59 offset carries it into year 10000.
    for (const after of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59']) {
      const res = await a.client.get(`/api/play-dates/${id}/messages?after=${encodeURIComponent(after)}`)
      expect(res.status, after).toBe(400)
      expect(res.body).toEqual({
        error: { code: 'invalid', message: CHAT_AFTER_INVALID, fields: { after: CHAT_AFTER_INVALID } },
      })
    }
  })
})

describe('a chat being read', () => {
  type Notice = { title: string; read: boolean; link: string }
  const chatNotices = async (p: Player, id: string) =>
    ((await p.client.get('/api/notifications')).body.items as Notice[]).filter(
      (n) => n.title === 'New message' && n.link === `/playdates/${id}`,
    )
  const badge = async (p: Player) =>
    (await p.client.get('/api/notifications/unread-count')).body.count as number

  it('leaves no unread notice of a message to a player who has the chat open, and only theirs', async () => {
    const { a, b, c, d } = await foursome()
    const id = await openPlayDate(a, b)
    const applied = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })
    expect((await a.client.post(`/api/play-dates/requests/${applied.body.id}/accept`)).status).toBe(200)
    const send = async (from: Player, content: string) =>
      expect((await from.client.post(`/api/play-dates/${id}/messages`, { content })).status).toBe(201)

    // Closed, the chat's first message is an unread notice for the other three.
    await send(a, 'Courts 3 and 4?')
    expect(await chatNotices(c, id)).toMatchObject([{ read: false }])
    const before = await badge(c)
    // Opening the chat reads it, and its badge follows.
    const opened = await c.client.get(`/api/play-dates/${id}/messages`)
    expect(opened.status).toBe(200)
    expect(await chatNotices(c, id)).toMatchObject([{ read: true }])
    expect(await badge(c)).toBe(before - 1)

    // With the chat open, each message that arrives is fetched as it comes (the live event, or the
    // poll): it leaves no unread notice behind.
    const newest = opened.body.items.at(-1).createdAt as string
    await send(b, 'Yes, booked')
    expect((await chatNotices(c, id)).filter((n) => !n.read)).toHaveLength(1)
    const caughtUp = await c.client.get(`/api/play-dates/${id}/messages?after=${encodeURIComponent(newest)}`)
    expect(caughtUp.body.items.at(-1).content).toBe('Yes, booked')
    expect((await chatNotices(c, id)).every((n) => n.read)).toBe(true)
    expect(await badge(c)).toBe(before - 1)

    // Only the reader's own notices: D, who has not opened it, still has one unread.
    expect((await chatNotices(d, id)).filter((n) => !n.read)).toHaveLength(1)
    // Scrolling back reads nothing new, and a stranger is refused without touching anyone's.
    await send(a, 'See you there')
    const back = await c.client.get(`/api/play-dates/${id}/messages?before=${caughtUp.body.items.at(-1).id}`)
    expect(back.status).toBe(200)
    expect((await chatNotices(c, id)).filter((n) => !n.read)).toHaveLength(1)
    const stranger = await player()
    expect((await stranger.client.get(`/api/play-dates/${id}/messages`)).status).toBe(403)
    expect((await chatNotices(d, id)).filter((n) => !n.read)).toHaveLength(1)
  })
})

describe('cancelling', () => {
  it('lets the creator or partner cancel an open PlayDate, which then takes no applications', async () => {
    const { a, b, c, d } = await foursome()
    const id = await openPlayDate(a, b)
    expect((await c.client.post(`/api/play-dates/${id}/cancel`)).status).toBe(403)
    const cancelled = await b.client.post(`/api/play-dates/${id}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.status).toBe('cancelled')
    expect(cancelled.body.cancelledBy.id).toBe(b.profile.id)
    const late = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })
    expect(late.status).toBe(409)
    expect(late.body.error.message).toBe('This PlayDate is no longer available')
    expect((await a.client.post(`/api/play-dates/${id}/result`, { outcome: 'not_played' })).status).toBe(409)
    expect((await a.client.get(`/api/play-dates/${id}/messages`)).status).toBe(409)
    const history = await a.client.get('/api/play-dates?tab=history')
    expect(history.body.items.map((x: { id: string }) => x.id)).toContain(id)
  })
})

describe('an open PlayDate whose start passes', () => {
  it('leaves My PlayDates for History at its start, as expired, before its job has run', async () => {
    const { a, b, c } = await foursome()
    const id = await openPlayDate(a, b)
    const startsAt = new Date((await a.client.get(`/api/play-dates/${id}`)).body.startsAt)
    const ids = async (p: Player, tab: 'mine' | 'history') =>
      (await p.client.get(`/api/play-dates?tab=${tab}`)).body.items.map((x: { id: string }) => x.id)
    const now = t.clock.now()
    try {
      t.clock.set(new Date(startsAt.getTime() - 60_000))
      for (const p of [a, b]) {
        expect(await ids(p, 'mine')).toEqual([id])
        expect(await ids(p, 'history')).toEqual([])
      }
      const ahead = await c.client.get(`/api/play-dates/${id}`)
      expect(ahead.body).toMatchObject({ status: 'open', viewer: { canApply: true } })

      // Its start: nobody can join it now. The expiry job has not had its turn; the lists go by
      // the clock, so a list read at this moment already has it where it stays.
      t.clock.set(startsAt)
      for (const p of [a, b]) {
        expect(await ids(p, 'mine')).toEqual([])
        const history = await p.client.get('/api/play-dates?tab=history')
        expect(history.body.total).toBe(1)
        expect(history.body.items[0]).toMatchObject({ id, status: 'expired', resultMove: null })
      }
      // Its page says so too: expired, nothing to apply for or cancel, and closed to a player
      // not on it, as it is once the job has run.
      const page = async (p: Player) => {
        const res = await p.client.get(`/api/play-dates/${id}`)
        return { code: res.status, status: res.body.status, viewer: res.body.viewer }
      }
      const expired = {
        code: 200,
        status: 'expired',
        viewer: expect.objectContaining({ canApply: false, canCancel: false, myRequest: null }),
      }
      expect(await page(a)).toEqual(expired)
      expect(await page(b)).toEqual(expired)
      expect((await c.client.get(`/api/play-dates/${id}`)).status).toBe(403)
      // Its job's turn (with the other tests' jobs due by then): the same card and page.
      while ((await runDueJobs(t.db, jobHandlers(t.deps), startsAt)) > 0);
      expect(await page(a)).toEqual(expired)
      expect((await c.client.get(`/api/play-dates/${id}`)).status).toBe(403)
      expect((await a.client.get('/api/play-dates?tab=history')).body.items[0]).toMatchObject({
        id,
        status: 'expired',
      })
    } finally {
      t.clock.set(now)
    }
  })
})

describe('reporting a result', () => {
  it('refuses a stranger as the detail and chat do, and a player before the PlayDate is matched', async () => {
    const { a, b } = await foursome()
    const id = await openPlayDate(a, b)
    const stranger = await player()
    const refused = await stranger.client.post(`/api/play-dates/${id}/result`, { outcome: 'not_played' })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toEqual({ code: 'forbidden', message: 'Not authorized to view this PlayDate' })
    const early = await b.client.post(`/api/play-dates/${id}/result`, { outcome: 'not_played' })
    expect(early.status).toBe(409)
    expect(early.body.error.message).toBe('Only a matched PlayDate can have a result')
    // Cancelling an open PlayDate, which anyone may view, still says who may cancel it.
    const cancel = await stranger.client.post(`/api/play-dates/${id}/cancel`)
    expect(cancel.status).toBe(403)
    expect(cancel.body.error.message).toBe('Only the creator team can cancel this PlayDate')
  })
})

describe('rate limits', () => {
  const refusal = { code: 'rate_limited', message: RATE_LIMITED_MESSAGE }

  it(`lets a player create ${playDateLimits.createsPerUser.limit} PlayDates an hour, then answers 429`, async () => {
    const { a, b, c, d } = await foursome()
    for (let i = 0; i < playDateLimits.createsPerUser.limit; i++) await openPlayDate(a, b)
    const refused = await a.client.post('/api/play-dates', input(b))
    expect(refused.status).toBe(429)
    expect(refused.body.error).toEqual(refusal)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another player is not affected.
    await openPlayDate(c, d)
  })

  it('stops a player applying and withdrawing over and over', async () => {
    const { a, b, c, d } = await foursome()
    const id = await openPlayDate(a, b)
    expect(playDateLimits.withdrawalsPerUser.limit).toBe(playDateLimits.applicationsPerUser.limit)
    let requestId = ''
    for (let i = 0; i < playDateLimits.applicationsPerUser.limit; i++) {
      const applied = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })
      expect(applied.status).toBe(201)
      requestId = applied.body.id
      expect((await c.client.post(`/api/play-dates/requests/${requestId}/withdraw`)).status).toBe(200)
    }
    const apply = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })
    expect(apply.status).toBe(429)
    expect(apply.body.error).toEqual(refusal)
    const withdraw = await c.client.post(`/api/play-dates/requests/${requestId}/withdraw`)
    expect(withdraw.status).toBe(429)
    expect(withdraw.body.error).toEqual(refusal)
    // The creator team heard of each application and withdrawal only up to the limit.
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, a.profile.id))
    expect(told).toHaveLength(2 * playDateLimits.applicationsPerUser.limit)
    // Each limit is the player's own: the partner may still apply.
    const partner = await d.client.post(`/api/play-dates/${id}/requests`, { partnerId: c.profile.id })
    expect(partner.status).toBe(201)
  })
})

describe('notification links', () => {
  const linksOf = async (who: Player, title: string) =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, who.profile.id)))
      .filter((n) => n.title === title)
      .map((n) => n.link)

  it('tell the partner an application names at once, and the partner can withdraw it', async () => {
    const { a, b, c, d } = await foursome()
    const id = await openPlayDate(a, b)
    const applied = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })
    const [told] = (
      await t.db.select().from(notifications).where(eq(notifications.userId, d.profile.id))
    ).filter((n) => n.title === 'Applied with you')
    expect(told).toMatchObject({
      message: `Cal ${c.profile.lastName} applied with you to a PlayDate`,
      link: `/playdates/${id}`,
    })
    expect(await linksOf(c, 'Applied with you')).toEqual([])
    const withdrawn = await d.client.post(`/api/play-dates/requests/${applied.body.id}/withdraw`)
    expect(withdrawn.status).toBe(200)
    expect(await linksOf(c, 'Application withdrawn')).toEqual([`/playdates/${id}`])
  })

  it('lead each player where they can still go once the PlayDate is closed to them', async () => {
    const { a, b, c, d } = await foursome()
    const [e, f] = await Promise.all([player(), player()])
    await befriend(t.db, e!, f!)

    // Matched with C and D: E and F are declined. Until the start they may still open the full
    // game, to join its waitlist (docs/decisions/0152); their notice leads to Available.
    const matched = await openPlayDate(a, b)
    const cd = await c.client.post(`/api/play-dates/${matched}/requests`, { partnerId: d.profile.id })
    await e!.client.post(`/api/play-dates/${matched}/requests`, { partnerId: f!.profile.id })
    expect((await a.client.post(`/api/play-dates/requests/${cd.body.id}/accept`)).status).toBe(200)
    expect((await e!.client.get(`/api/play-dates/${matched}`)).body.viewer).toMatchObject({ canApply: true })
    for (const declined of [e!, f!]) {
      expect(await linksOf(declined, 'Application declined')).toEqual(['/playdates?tab=available'])
    }
    expect(await linksOf(c, 'Application accepted')).toEqual([`/playdates/${matched}`])

    // Declined by hand while still open: the PlayDate can still be opened (and applied to again).
    const open = await openPlayDate(a, b)
    const ef = await e!.client.post(`/api/play-dates/${open}/requests`, { partnerId: f!.profile.id })
    expect((await b.client.post(`/api/play-dates/requests/${ef.body.id}/decline`)).status).toBe(200)
    expect(await linksOf(e!, 'Application declined')).toContain(`/playdates/${open}`)

    // Cancelled: the partner finds it in History, the waiting applicants cannot open it.
    const cancelled = await openPlayDate(a, b)
    await c.client.post(`/api/play-dates/${cancelled}/requests`, { partnerId: d.profile.id })
    expect((await a.client.post(`/api/play-dates/${cancelled}/cancel`)).status).toBe(200)
    expect(await linksOf(b, 'PlayDate cancelled')).toEqual([`/playdates/${cancelled}`])
    expect(await linksOf(c, 'PlayDate cancelled')).toEqual(['/playdates?tab=available'])
    expect((await c.client.get(`/api/play-dates/${cancelled}`)).status).toBe(403)
  })
})

describe('listing', () => {
  it('filters Available by the creator team average, soonest first, and paginates Mine newest first', async () => {
    const { a, b, c } = await foursome()
    const first = await openPlayDate(a, b, { description: 'first', startTime: '10:00' })
    const second = await openPlayDate(a, b, { description: 'second', startTime: '08:00' })
    // Ana 4.00 and Ben 3.50: team average 3.75.
    const inRange = await c.client.get(
      '/api/play-dates?tab=available&minRating=3.7&maxRating=3.8&pageSize=50',
    )
    const ids = inRange.body.items.map((x: { id: string }) => x.id)
    expect(ids).toEqual(expect.arrayContaining([first, second]))
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first))
    const outOfRange = await c.client.get('/api/play-dates?tab=available&minRating=4&maxRating=7&pageSize=50')
    expect(outOfRange.body.items.map((x: { id: string }) => x.id)).not.toContain(first)
    const crossed = await c.client.get('/api/play-dates?tab=available&minRating=5&maxRating=3')
    expect(crossed.status).toBe(400)
    const page = await a.client.get('/api/play-dates?tab=mine&pageSize=1&page=2')
    expect(page.body).toMatchObject({ page: 2, pageSize: 1, total: 2, totalCapped: false })
    expect(page.body.items.map((x: { id: string }) => x.id)).toEqual([first])
    // Past the last page: no items, and still the tab's total.
    const past = await a.client.get('/api/play-dates?tab=mine&pageSize=1&page=5')
    expect(past.body).toMatchObject({ items: [], page: 5, total: 2, totalCapped: false })
    const none = await c.client.get('/api/play-dates?tab=mine')
    expect(none.body).toMatchObject({ items: [], total: 0, totalCapped: false })
  })

  it('filters Available by the creator team ratings as they are now', async () => {
    const { a, b, c } = await foursome()
    const id = await openPlayDate(a, b)
    const inRange = (min: number, max: number) =>
      c.client
        .get(`/api/play-dates?tab=available&minRating=${min}&maxRating=${max}&pageSize=50`)
        .then((res) => res.body.items.map((x: { id: string }) => x.id))
    // Ana 4.00 and Ben 3.50 average 3.75; Ana then rates herself 6.00: 4.75.
    expect(await inRange(3.7, 3.8)).toContain(id)
    const updated = await a.client.put('/api/profiles/me/ratings', { duprRating: 6, selfRating: 6 })
    expect(updated.status).toBe(200)
    expect(await inRange(3.7, 3.8)).not.toContain(id)
    expect(await inRange(4.7, 4.8)).toContain(id)
  })

  it('filters by the team DUPR the cards show, to 2 decimals', async () => {
    const [a, b, c] = await Promise.all([
      player({ duprRating: 3.95 }),
      player({ duprRating: 4.04 }),
      player(),
    ])
    await befriend(t.db, a!, b!)
    const id = await openPlayDate(a!, b!)
    const listed = (query: string) =>
      c!.client
        .get(`/api/play-dates?tab=available&${query}&pageSize=50`)
        .then((res) => res.body.items.filter((x: { id: string }) => x.id === id))
    // 3.95 and 4.04 average 3.995, shown as 4.00.
    const [shown] = await listed('minRating=4')
    expect(shown?.creatorTeam.averageDupr).toBe(4)
    expect(await listed('minRating=4&maxRating=4')).toHaveLength(1)
    expect(await listed('maxRating=3.99')).toHaveLength(0)
    expect(await listed('minRating=4.01')).toHaveLength(0)
  })

  it('counts a long tab only up to a hundred past the page', async () => {
    const { a, b, c } = await foursome()
    await t.db.insert(playDates).values(
      Array.from({ length: 115 }, (_, i) => ({
        creatorId: a.profile.id,
        partnerId: b.profile.id,
        type: 'challenge' as const,
        state: 'FL' as const,
        regions: ['statewide'],
        paymentPerHourMin: 25,
        paymentPerHourMax: 25,
        description: `Game ${i}`,
      })),
    )
    const first = await c.client.get('/api/play-dates?tab=available&pageSize=10')
    expect(first.body).toMatchObject({ total: 100, totalCapped: true })
    expect(first.body.items).toHaveLength(10)
    const deeper = await a.client.get('/api/play-dates?tab=mine&pageSize=10&page=3')
    expect(deeper.body).toMatchObject({ total: 115, totalCapped: false })
  })

  it('answers a rating range the same whichever way the server reads it', async () => {
    // Creator teams averaging 6.10, 6.25 and 6.40, four PlayDates each, and the viewer's own team
    // at 6.30 with two: a band no other test's players reach.
    const team = async (first: number, second: number) => {
      const [x, y] = await Promise.all([
        player({ duprRating: first, selfRating: first }),
        player({ duprRating: second, selfRating: second }),
      ])
      await befriend(t.db, x!, y!)
      return [x!, y!] as const
    }
    const teams = await Promise.all([team(6.0, 6.2), team(6.5, 6.0), team(6.4, 6.4)])
    const [viewer, viewerPartner] = await team(6.3, 6.3)
    const posted = new Map<number, string[]>()
    for (const [index, [x, y]] of teams.entries()) {
      const ids: string[] = []
      for (let i = 0; i < 4; i++)
        ids.push(await openPlayDate(x, y, { description: `Team ${index} game ${i}` }))
      posted.set(index, ids)
    }
    const own = [await openPlayDate(viewer, viewerPartner), await openPlayDate(viewerPartner, viewer)]

    const actor = { ...viewer.profile }
    const list = (query: Record<string, unknown>, plan: RatingPlan) =>
      listPlayDates(t.db, actor, playDateListQuery.parse({ tab: 'available', ...query }), new Date(), {
        cache: createTtlCache(() => new Date()),
        plan,
      })
    const ids = (page: { items: Array<{ id: string }> }) => page.items.map((item) => item.id)

    for (const range of [
      { minRating: 6, maxRating: 6.9 },
      { minRating: 6.2, maxRating: 6.3 },
      { minRating: 6.25, maxRating: 6.25 },
      { minRating: 6.3, maxRating: 6.35 },
      { minRating: 6.35 },
      { maxRating: 6.15 },
    ]) {
      for (const page of [1, 2, 3, 9]) {
        const query = { ...range, page, pageSize: 3 }
        const walked = await list(query, 'newest-first')
        const byRating = await list(query, 'by-rating')
        expect(byRating).toEqual(walked)
        const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
        const served = await viewer.client.get(`/api/play-dates?tab=available&${search}`)
        expect(served.body).toEqual(walked)
        for (const id of own) expect(ids(walked)).not.toContain(id)
      }
    }

    const expectIds = async (query: Record<string, unknown>, expected: string[]) => {
      for (const plan of ['newest-first', 'by-rating'] as const) {
        const page = await list({ ...query, pageSize: 50 }, plan)
        expect(ids(page)).toEqual(expected)
        expect(page).toMatchObject({ total: expected.length, totalCapped: false })
      }
    }
    // Soonest first; these all start at the same time, so by id (PostgreSQL orders uuids as
    // their hex text).
    const inListOrder = (...indexes: number[]) => indexes.flatMap((index) => posted.get(index)!).sort()
    await expectIds({ minRating: 6.2, maxRating: 6.3 }, inListOrder(1))
    await expectIds({ minRating: 6.35 }, inListOrder(2))
    await expectIds({ minRating: 6, maxRating: 6.9 }, inListOrder(0, 1, 2))
    await expectIds({ minRating: 6.3, maxRating: 6.35 }, [])
  })

  it('offers accepted friends as partners, regular partners first', async () => {
    const { a, b } = await foursome()
    const z = await player({ firstName: 'Zed' })
    await befriend(t.db, z, a)
    await t.db
      .insert(connections)
      .values({ requesterId: z.profile.id, receiverId: a.profile.id, type: 'partner', status: 'accepted' })
    const res = await a.client.get('/api/play-dates/partner-options')
    expect(res.body.items.map((p: { id: string }) => p.id)).toEqual([z.profile.id, b.profile.id])
    expect(res.body.items[0].isRegularPartner).toBe(true)
  })

  it('says, for a PlayDate, which friends already applied to it and cannot apply again', async () => {
    const { a, b, c, d } = await foursome()
    const id = await openPlayDate(a, b)
    const [e, f] = await Promise.all([player({ firstName: 'Eve' }), player({ firstName: 'Fay' })])
    await befriend(t.db, c, e)
    await befriend(t.db, d, f)
    // Dee applies with Fay; Cal then looks for a partner among Dee and Eve.
    expect((await d.client.post(`/api/play-dates/${id}/requests`, { partnerId: f.profile.id })).status).toBe(
      201,
    )
    const res = await c.client.get(`/api/play-dates/partner-options?playDateId=${id}`)
    expect(res.status).toBe(200)
    const applied = Object.fromEntries(
      (res.body.items as Array<{ id: string; appliedToPlayDate: boolean }>).map((p) => [
        p.id,
        p.appliedToPlayDate,
      ]),
    )
    expect(applied).toEqual({ [d.profile.id]: true, [e.profile.id]: false })
    // What the server answers when Cal picks her anyway.
    const refused = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })
    expect(refused.status).toBe(409)
    // Without a PlayDate, nobody is marked; a PlayDate that is not there is not found.
    const plain = await c.client.get('/api/play-dates/partner-options')
    expect(plain.body.items.every((p: { appliedToPlayDate: boolean }) => !p.appliedToPlayDate)).toBe(true)
    const missing = await c.client.get(
      '/api/play-dates/partner-options?playDateId=3f2b8c1e-9d4a-4b6e-8f01-2a3b4c5d6e7f',
    )
    expect(missing.status).toBe(404)
    expect((await c.client.get('/api/play-dates/partner-options?playDateId=nope')).status).toBe(400)
  })

  it('never offers or takes a paused friend as partner', async () => {
    const { a, b, c, d } = await foursome()
    const id = await openPlayDate(a, b)
    await t.db
      .update(profiles)
      .set({ isPaused: true })
      .where(inArray(profiles.id, [b.profile.id, d.profile.id]))
    expect((await a.client.get('/api/play-dates/partner-options')).body.items).toEqual([])
    const created = await a.client.post('/api/play-dates', input(b))
    expect(created.status).toBe(400)
    expect(created.body.error.fields.partnerId).toBe('Your partner must be one of your friends')
    const applied = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })
    expect(applied.status).toBe(400)
    expect(applied.body.error.message).toBe('Please select a friend')
  })
})

describe('live updates', () => {
  const isAbout = (id: string) => (event: { type: string; topic?: string }) =>
    event.type === 'playdate' && event.topic === id

  it('tells the creator team about an application, with their unread count, and all four players about a chat message', async () => {
    const { a, b, c, d } = await foursome()
    const id = await openPlayDate(a, b)
    const streams = await Promise.all([a, b, c, d].map((p) => openEventStream(t.app, p.token)))
    const [toA, toB, toC, toD] = streams
    try {
      await Promise.all(streams.map((stream) => stream.waitFor((event) => event.type === 'ready')))
      const applied = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })
      expect(applied.status).toBe(201)
      await toA!.waitFor(isAbout(id))
      await toB!.waitFor(isAbout(id))
      // The bell follows too: Ana's unread count now holds the application.
      const badge = await toA!.waitFor((event) => event.type === 'notification')
      expect(badge.data).toEqual({ type: 'notification', unreadCount: 1, asOf: expect.any(Number) })

      expect((await a.client.post(`/api/play-dates/requests/${applied.body.id}/accept`)).status).toBe(200)
      const seen = streams.map((stream) => stream.events.length)
      const sent = await d.client.post(`/api/play-dates/${id}/messages`, { content: 'See you Tuesday' })
      expect(sent.status).toBe(201)
      await Promise.all(
        [toA, toB, toC, toD].map((stream, index) => stream!.waitFor(isAbout(id), { from: seen[index] })),
      )
    } finally {
      await Promise.all(streams.map((stream) => stream.close()))
    }
  })

  it('sends nothing to players outside the PlayDate', async () => {
    const { a, b, c, d } = await foursome()
    const outsider = await player()
    const id = await openPlayDate(a, b)
    const stream = await openEventStream(t.app, outsider.token)
    try {
      await stream.waitFor((event) => event.type === 'ready')
      expect(
        (await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })).status,
      ).toBe(201)
      await expect(stream.waitFor(isAbout(id), { timeoutMs: 500 })).rejects.toThrow('no matching event')
    } finally {
      await stream.close()
    }
  })
})
