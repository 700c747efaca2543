import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications, playDateRequests, playDates } from '../../db/schema'
import { befriend, nextWeek, signedInUser } from '../../testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { SPOT_MESSAGES } from '../../../domain/play-dates/spots'

// Four spots, filled by pairs or by one player (docs/decisions/0137-spots-and-solo-teams.md).

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Player = Awaited<ReturnType<typeof signedInUser>>
const player = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides)

const details = (overrides: Record<string, unknown> = {}) => ({
  type: 'challenge',
  state: 'AZ',
  regions: ['east_valley'],
  amount: 25,
  description: 'Morning doubles',
  ...nextWeek(),
  ...overrides,
})

async function postAlone(creator: Player, overrides: Record<string, unknown> = {}) {
  const res = await creator.client.post('/api/play-dates', details({ partnerWanted: true, ...overrides }))
  expect(res.status).toBe(201)
  return res.body.id as string
}

async function applyAlone(p: Player, id: string) {
  const res = await p.client.post(`/api/play-dates/${id}/requests`, { alone: true })
  expect(res.status).toBe(201)
  return res.body.id as string
}

const accept = (p: Player, requestId: string, side?: 'creator' | 'other') =>
  p.client.post(`/api/play-dates/requests/${requestId}/accept`, side ? { side } : undefined)

describe('posting alone', () => {
  it('posts with "Partner wanted", a range around the creator and three spots left', async () => {
    const a = await player({ duprRating: 3.8 })
    const res = await a.client.post('/api/play-dates', details({ partnerWanted: true }))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      status: 'open',
      creatorTeam: { partner: null, averageDupr: 3.8 },
      duprRange: { min: 3.3, max: 4.3 },
      spots: { creatorSide: 1, otherSide: 2, left: 3, partnerWanted: true },
      viewer: { isCreatorTeam: true, canCancel: true },
    })
  })

  it('still posts with a friend, the range around the team, and refuses neither a partner nor Partner wanted', async () => {
    const [a, b] = await Promise.all([player({ duprRating: 4.0 }), player({ duprRating: 3.5 })])
    await befriend(t.db, a, b)
    const res = await a.client.post('/api/play-dates', details({ partnerId: b.profile.id }))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      duprRange: { min: 3.25, max: 4.25 },
      spots: { creatorSide: 0, otherSide: 2, left: 2, partnerWanted: false },
    })
    const neither = await a.client.post('/api/play-dates', details())
    expect(neither.status).toBe(400)
    expect(neither.body.error.fields.partnerId).toBe('Please select a partner')
    const both = await a.client.post(
      '/api/play-dates',
      details({ partnerId: b.profile.id, partnerWanted: true }),
    )
    expect(both.status).toBe(400)
  })

  it('takes the range the creator sets, and refuses one upside down', async () => {
    const a = await player()
    const id = await postAlone(a, { minDupr: 3, maxDupr: 5 })
    const [row] = await t.db.select().from(playDates).where(eq(playDates.id, id))
    expect([row?.minDupr, row?.maxDupr]).toEqual([3, 5])
    const upsideDown = await a.client.post(
      '/api/play-dates',
      details({ partnerWanted: true, minDupr: 5, maxDupr: 3 }),
    )
    expect(upsideDown.status).toBe(400)
    expect(upsideDown.body.error.fields.maxDupr).toBe('The lowest rating cannot be above the highest')
  })
})

describe('the DUPR range', () => {
  it('refuses a player alone outside it, counting a self-rated player by the self rating', async () => {
    const a = await player({ duprRating: 3.5 })
    const id = await postAlone(a)
    const high = await player({ duprRating: 4.5 })
    const refused = await high.client.post(`/api/play-dates/${id}/requests`, { alone: true })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toEqual({
      code: 'invalid',
      message: "Your DUPR 4.50 is outside this PlayDate's range (3.00–4.00)",
    })
    const selfLow = await player({ duprRating: null, selfRating: 2.5 })
    const selfRefused = await selfLow.client.post(`/api/play-dates/${id}/requests`, { alone: true })
    expect(selfRefused.body.error.message).toBe(
      "Your self rating 2.50 (you have no DUPR yet) is outside this PlayDate's range (3.00–4.00)",
    )
    const selfIn = await player({ duprRating: null, selfRating: 3.25 })
    await applyAlone(selfIn, id)
  })

  it('lets a pair apply as today, whatever the range', async () => {
    const a = await player({ duprRating: 3.5 })
    const id = await postAlone(a)
    const [c, d] = await Promise.all([player({ duprRating: 4.5 }), player({ duprRating: 4.75 })])
    await befriend(t.db, c, d)
    expect((await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })).status).toBe(
      201,
    )
  })
})

describe('filling the spots', () => {
  it('a player alone becomes the partner wanted, two players alone become the other team, and the game is matched', async () => {
    const a = await player({ firstName: 'Ana' })
    const id = await postAlone(a)
    const [p, x, y] = await Promise.all([
      player({ firstName: 'Pia' }),
      player({ firstName: 'Xan' }),
      player({ firstName: 'Yui' }),
    ])
    const [rp, rx, ry] = [await applyAlone(p, id), await applyAlone(x, id), await applyAlone(y, id)]
    const pending = await a.client.get(`/api/play-dates/${id}`)
    expect(pending.body.pendingRequests.map((r: { solo: boolean }) => r.solo)).toEqual([true, true, true])

    const asPartner = await accept(a, rp)
    expect(asPartner.status).toBe(200)
    expect(asPartner.body).toMatchObject({
      status: 'open',
      creatorTeam: {
        captain: { id: a.profile.id, joinedAlone: false },
        partner: { id: p.profile.id, joinedAlone: true },
      },
      spots: { left: 2, partnerWanted: false },
    })
    const pView = await p.client.get(`/api/play-dates/${id}`)
    expect(pView.body.viewer).toMatchObject({ isCreatorTeam: true, canWithdraw: true, canCancel: false })
    expect(pView.body.pendingRequests).toEqual([])

    const first = await accept(a, rx)
    expect(first.body).toMatchObject({
      status: 'open',
      respondingTeam: { captain: { id: x.profile.id, joinedAlone: true }, partner: null },
      spots: { left: 1, otherSide: 1 },
    })
    const second = await accept(a, ry)
    expect(second.status).toBe(200)
    expect(second.body).toMatchObject({
      status: 'matched',
      spots: { left: 0 },
      respondingTeam: {
        captain: { id: x.profile.id, joinedAlone: true },
        partner: { id: y.profile.id, joinedAlone: true },
      },
    })
    // Each sees who their partner is.
    const yView = await y.client.get(`/api/play-dates/${id}`)
    expect(yView.body.viewer).toMatchObject({ isRespondingTeam: true, canChat: true, canWithdraw: false })
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, x.profile.id))
    expect(told.map((n) => n.message)).toContain(
      `Yui ${y.profile.lastName} joined alone and is your partner for this PlayDate`,
    )
    // Matched: no withdrawing any more.
    expect((await y.client.post(`/api/play-dates/requests/${ry}/withdraw`)).status).toBe(409)
  })

  it('puts a player alone on the other side when the creator says so, and refuses a pair where one spot is left', async () => {
    const [a, b] = await Promise.all([player(), player()])
    await befriend(t.db, a, b)
    const res = await a.client.post('/api/play-dates', details({ partnerId: b.profile.id }))
    const id = res.body.id as string
    const x = await player()
    const rx = await applyAlone(x, id)
    expect((await accept(a, rx, 'creator')).body.error.message).toBe(SPOT_MESSAGES.sideFull)
    expect((await accept(a, rx)).status).toBe(200)
    const [c, d] = await Promise.all([player(), player()])
    await befriend(t.db, c, d)
    const pair = await c.client.post(`/api/play-dates/${id}/requests`, { partnerId: d.profile.id })
    expect(pair.status).toBe(409)
    expect(pair.body.error.message).toBe(SPOT_MESSAGES.pairNeedsTwo)
  })

  it('lets a player alone withdraw until the game is matched, leaving the spot open again', async () => {
    const a = await player()
    const id = await postAlone(a)
    const [p, x, y] = await Promise.all([player(), player(), player()])
    const rp = await applyAlone(p, id)
    const rx = await applyAlone(x, id)
    const ry = await applyAlone(y, id)
    await accept(a, rp)
    await accept(a, rx, 'other')
    await accept(a, ry, 'other')
    // Every spot taken: matched.
    const [pd] = await t.db.select().from(playDates).where(eq(playDates.id, id))
    expect(pd?.status).toBe('matched')

    const b = await player()
    const id2 = await postAlone(b)
    const [q, z] = await Promise.all([player(), player()])
    const rq = await applyAlone(q, id2)
    const rz = await applyAlone(z, id2)
    await accept(b, rq, 'other')
    await accept(b, rz, 'other')
    // Q, the captain of a team of two alone, leaves: Z keeps the spot as a team of one.
    const left = await q.client.post(`/api/play-dates/requests/${rq}/withdraw`)
    expect(left.status).toBe(200)
    const after = await b.client.get(`/api/play-dates/${id2}`)
    expect(after.body).toMatchObject({
      respondingTeam: { captain: { id: z.profile.id }, partner: null },
      spots: { left: 2, partnerWanted: true },
    })
    const rows = await t.db.select().from(playDateRequests).where(eq(playDateRequests.playDateId, id2))
    expect(rows.find((r) => r.id === rz)?.status).toBe('accepted')
  })

  it('a partner who joined alone leaves the spot to a partner wanted again', async () => {
    const a = await player()
    const id = await postAlone(a)
    const p = await player()
    const rp = await applyAlone(p, id)
    await accept(a, rp)
    expect((await p.client.post(`/api/play-dates/${id}/cancel`)).status).toBe(403)
    const left = await p.client.post(`/api/play-dates/requests/${rp}/withdraw`)
    expect(left.status).toBe(200)
    const after = await a.client.get(`/api/play-dates/${id}`)
    expect(after.body).toMatchObject({
      creatorTeam: { partner: null },
      spots: { partnerWanted: true, left: 3 },
    })
  })
})

describe('the last spot', () => {
  it('two accepts racing for the partner wanted leave exactly one partner', async () => {
    const a = await player()
    const id = await postAlone(a)
    const applicants = await Promise.all(Array.from({ length: 6 }, () => player()))
    const requests = await Promise.all(applicants.map((p) => applyAlone(p, id)))
    const results = await Promise.all(requests.map((r) => accept(a, r, 'creator')))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true)
    const rows = await t.db.select().from(playDateRequests).where(eq(playDateRequests.playDateId, id))
    expect(rows.filter((r) => r.status === 'joined')).toHaveLength(1)
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(5)
  })

  it('two accepts racing for the last spot of the other side leave one in the game, which is matched', async () => {
    const [a, b] = await Promise.all([player(), player()])
    await befriend(t.db, a, b)
    const id = (await a.client.post('/api/play-dates', details({ partnerId: b.profile.id }))).body
      .id as string
    const x = await player()
    await accept(a, await applyAlone(x, id))
    const [y, z] = await Promise.all([player(), player()])
    const [ry, rz] = [await applyAlone(y, id), await applyAlone(z, id)]
    const results = await Promise.all([accept(a, ry), accept(b, rz)])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    const [pd] = await t.db.select().from(playDates).where(eq(playDates.id, id))
    expect(pd?.status).toBe('matched')
    const rows = await t.db.select().from(playDateRequests).where(eq(playDateRequests.playDateId, id))
    expect(rows.filter((r) => r.status === 'accepted')).toHaveLength(1)
    expect(rows.filter((r) => r.status === 'joined')).toHaveLength(1)
    expect(rows.filter((r) => r.status === 'declined')).toHaveLength(1)
  })
})

describe('finding games to join alone', () => {
  it('lists the games whose range takes the player, with their spots', async () => {
    const [low, high] = await Promise.all([player({ duprRating: 2.5 }), player({ duprRating: 6.0 })])
    const lowId = await postAlone(low)
    const highId = await postAlone(high)
    const me = await player({ duprRating: 6.2 })
    const res = await me.client.get('/api/play-dates?tab=available&alone=true&pageSize=50')
    expect(res.status).toBe(200)
    const ids = res.body.items.map((i: { id: string }) => i.id)
    expect(ids).toContain(highId)
    expect(ids).not.toContain(lowId)
    const card = res.body.items.find((i: { id: string }) => i.id === highId)
    expect(card.spots).toEqual({ creatorSide: 1, otherSide: 2, left: 3, partnerWanted: true })
    // Once applied to, it leaves the player's "Games I can join alone".
    await applyAlone(me, highId)
    const after = await me.client.get('/api/play-dates?tab=available&alone=true&pageSize=50')
    expect(after.body.items.map((i: { id: string }) => i.id)).not.toContain(highId)
  })
})
