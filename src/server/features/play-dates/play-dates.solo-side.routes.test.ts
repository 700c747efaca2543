import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OFFER_MESSAGES } from '../../../domain/play-dates/offers'
import { notifications } from '../../db/schema'
import { nextWeek, signedInUser } from '../../testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'

// A side of two players who each joined alone is no pair
// (docs/decisions/0205-a-side-of-two-players-who-each-joined-alone.md).

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Player = Awaited<ReturnType<typeof signedInUser>>
const player = (firstName: string) => signedInUser(t, { firstName })

async function applyAlone(p: Player, id: string) {
  const res = await p.client.post(`/api/play-dates/${id}/requests`, { alone: true })
  expect(res.status, res.text).toBe(201)
  return res.body.id as string
}

// Ana posts "Partner wanted"; Pia joins her alone, Xan and Yui each join the other side alone.
async function matchedGameOfPlayersAlone() {
  const [a, p, x, y] = await Promise.all([player('Ana'), player('Pia'), player('Xan'), player('Yui')])
  const posted = await a.client.post('/api/play-dates', {
    type: 'challenge',
    state: 'AZ',
    regions: ['east_valley'],
    amount: 25,
    description: 'Morning doubles',
    partnerWanted: true,
    ...nextWeek(),
  })
  expect(posted.status, posted.text).toBe(201)
  const id = posted.body.id as string
  for (const p2 of [p, x, y]) {
    const requestId = await applyAlone(p2, id)
    const accepted = await a.client.post(`/api/play-dates/requests/${requestId}/accept`)
    expect(accepted.status, accepted.text).toBe(200)
  }
  const view = await y.client.get(`/api/play-dates/${id}`)
  expect(view.body).toMatchObject({
    status: 'matched',
    creatorTeam: { partner: { id: p.profile.id }, formedAlone: true },
    respondingTeam: { captain: { id: x.profile.id }, partner: { id: y.profile.id }, formedAlone: true },
  })
  return { id, a, p, x, y }
}

const viewerOf = async (p: Player, id: string) => (await p.client.get(`/api/play-dates/${id}`)).body.viewer

describe('a side of two players who each joined alone', () => {
  it('each drops out only themselves: the page offers no "with my partner" and the server refuses it', async () => {
    const { id, p, x, y } = await matchedGameOfPlayersAlone()
    for (const one of [p, x, y]) {
      expect(await viewerOf(one, id)).toMatchObject({ canLeave: true, canLeaveWithPartner: false })
    }
    for (const one of [x, y]) {
      const both = await one.client.post(`/api/play-dates/${id}/leave`, { withPartner: true })
      expect(both.status).toBe(409)
      expect(both.body.error.message).toBe(OFFER_MESSAGES.joinedAloneLeavesAlone)
    }
    const partner = await p.client.post(`/api/play-dates/${id}/leave`, { withPartner: true })
    expect(partner.body.error.message).toBe(OFFER_MESSAGES.noPartnerToLeaveWith)

    // Alone, Yui drops out; Xan keeps the spot.
    const left = await y.client.post(`/api/play-dates/${id}/leave`)
    expect(left.status, left.text).toBe(200)
    expect((await x.client.get(`/api/play-dates/${id}`)).body).toMatchObject({
      status: 'matched',
      respondingTeam: { captain: { id: x.profile.id }, partner: null },
      spots: { left: 1 },
    })
  })

  it('is named one by one in its notices, never as a pair that applied together', async () => {
    const { a, p, x, y } = await matchedGameOfPlayersAlone()
    const name = (one: Player) => `${one.profile.firstName} ${one.profile.lastName}`
    const toAna = await t.db.select().from(notifications).where(eq(notifications.userId, a.profile.id))
    const applied = toAna.filter((n) => n.title === 'New application').map((n) => n.message)
    expect(applied.sort()).toEqual(
      [p, x, y].map((one) => `${name(one)} applied alone to your PlayDate`).sort(),
    )
    expect(toAna.map((n) => n.message)).toContain(
      `${name(p)} joined alone and is your partner for this PlayDate`,
    )
    const toXan = await t.db.select().from(notifications).where(eq(notifications.userId, x.profile.id))
    expect(toXan.map((n) => n.message)).toContain(
      `${name(y)} joined alone and is your partner for this PlayDate`,
    )
    for (const n of [...toAna, ...toXan]) expect(n.message).not.toMatch(/ and [A-Z]\w+ \S+ applied/)
  })
})
