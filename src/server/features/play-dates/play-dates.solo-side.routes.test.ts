import { readFileSync } from 'node:fs'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OFFER_MESSAGES } from '../../../domain/play-dates/offers'
import { notifications, playDateRequests } from '../../db/schema'
import { befriendedPair, nextWeek, signedInUser } from '../../testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'

// Who came to a side alone, player by player, and who may drop out with a partner
// (docs/decisions/0205-a-side-of-two-players-who-each-joined-alone.md,
// docs/decisions/0207-joined-alone-player-by-player.md).

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Player = Awaited<ReturnType<typeof signedInUser>>
const player = (firstName: string) => signedInUser(t, { firstName })
const pair = (first: string, second: string) => befriendedPair(t, { firstName: first }, { firstName: second })

const view = async (p: Player, id: string) => (await p.client.get(`/api/play-dates/${id}`)).body
const leave = (p: Player, id: string, withPartner = false) =>
  p.client.post(`/api/play-dates/${id}/leave`, withPartner ? { withPartner } : {})

const game = {
  type: 'challenge',
  state: 'AZ',
  regions: ['east_valley'],
  amount: 25,
  description: 'Morning doubles',
}

async function post(creator: Player, partner: Player | null) {
  const posted = await creator.client.post('/api/play-dates', {
    ...game,
    ...(partner ? { partnerId: partner.profile.id } : { partnerWanted: true }),
    ...nextWeek(),
  })
  expect(posted.status, posted.text).toBe(201)
  return posted.body.id as string
}

// `p` applies (alone, or with `partner`) and the creator accepts them: the page after the accept.
async function applyAndAccept(creator: Player, id: string, p: Player, partner?: Player) {
  const applied = await p.client.post(
    `/api/play-dates/${id}/requests`,
    partner ? { partnerId: partner.profile.id } : { alone: true },
  )
  expect(applied.status, applied.text).toBe(201)
  const accepted = await creator.client.post(`/api/play-dates/requests/${applied.body.id}/accept`)
  expect(accepted.status, accepted.text).toBe(200)
  return accepted.body
}

// `p` joins the game's waitlist alone, and later takes the spot it is offered.
async function waitAlone(p: Player, id: string) {
  const res = await p.client.post(`/api/play-dates/${id}/requests`, { alone: true })
  expect(res.status, res.text).toBe(201)
  expect(res.body.status).toBe('waitlisted')
}
async function takeOfferedSpot(p: Player, id: string) {
  const offer = (await view(p, id)).viewer.offer
  expect(offer).toMatchObject({ kind: 'waitlist' })
  const taken = await p.client.post(`/api/play-dates/offers/${offer.id}/take`)
  expect(taken.status, taken.text).toBe(200)
  return taken.body
}

const side = (captain: Player, captainAlone: boolean, partner: Player, partnerAlone: boolean) => ({
  captain: { id: captain.profile.id, joinedAlone: captainAlone },
  partner: { id: partner.profile.id, joinedAlone: partnerAlone },
})

// Ana and Ben post together; Cal and Dee apply together and are accepted.
async function gameOfTwoPairs() {
  const [[a, b], [c, d]] = await Promise.all([pair('Ana', 'Ben'), pair('Cal', 'Dee')])
  const id = await post(a, b)
  const matched = await applyAndAccept(a, id, c, d)
  expect(matched.status).toBe('matched')
  return { id, a, b, c, d }
}

// Ana posts "Partner wanted"; Pia joins her alone, Xan and Yui each join the other side alone.
async function gameOfPlayersAlone() {
  const [a, p, x, y] = await Promise.all([player('Ana'), player('Pia'), player('Xan'), player('Yui')])
  const id = await post(a, null)
  for (const one of [p, x, y]) await applyAndAccept(a, id, one)
  return { id, a, p, x, y }
}

describe('a side formed by a pair that applied together', () => {
  it('says of no one that they joined alone, and the pair may drop out together', async () => {
    const { id, a, b, c, d } = await gameOfTwoPairs()
    expect(await view(d, id)).toMatchObject({
      creatorTeam: side(a, false, b, false),
      respondingTeam: side(c, false, d, false),
      viewer: { canLeave: true, canLeaveWithPartner: true },
    })
    const both = await leave(d, id, true)
    expect(both.status, both.text).toBe(200)
    expect(both.body).toMatchObject({ respondingTeam: null, spots: { otherSide: 2 } })
  })
})

describe('a side of two players who each joined alone', () => {
  it('says so of each, and each drops out only themselves: "You joined alone"', async () => {
    const { id, a, p, x, y } = await gameOfPlayersAlone()
    expect(await view(y, id)).toMatchObject({
      status: 'matched',
      creatorTeam: side(a, false, p, true),
      respondingTeam: side(x, true, y, true),
    })
    for (const one of [p, x, y]) {
      expect((await view(one, id)).viewer).toMatchObject({ canLeave: true, canLeaveWithPartner: false })
    }
    for (const one of [x, y]) {
      const both = await leave(one, id, true)
      expect(both.status).toBe(409)
      expect(both.body.error.message).toBe('You joined alone: you can only drop out yourself')
    }
    const partner = await leave(p, id, true)
    expect(partner.body.error.message).toBe(OFFER_MESSAGES.noPartnerToLeaveWith)

    // Alone, Yui drops out; Xan keeps the spot, still as one who joined alone.
    const left = await leave(y, id)
    expect(left.status, left.text).toBe(200)
    expect(await view(x, id)).toMatchObject({
      status: 'matched',
      respondingTeam: { captain: { id: x.profile.id, joinedAlone: true }, partner: null },
      spots: { left: 1 },
    })
  })

  it('is named one by one in its notices, never as a pair that applied together', async () => {
    const { a, p, x, y } = await gameOfPlayersAlone()
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

describe('a pair completed by a player alone after a drop-out', () => {
  // The one who stayed came with their partner: only the stranger joined alone, and the refusal
  // tells each what is true of them.
  async function expectOnlyTheStrangerAlone(id: string, stayed: Player, stranger: Player) {
    for (const one of [stayed, stranger]) {
      expect((await view(one, id)).viewer).toMatchObject({ canLeave: true, canLeaveWithPartner: false })
    }
    const fromStayed = await leave(stayed, id, true)
    expect(fromStayed.status).toBe(409)
    expect(fromStayed.body.error.message).toBe('Your partner joined alone: you can only drop out yourself')
    const fromStranger = await leave(stranger, id, true)
    expect(fromStranger.status).toBe(409)
    expect(fromStranger.body.error.message).toBe('You joined alone: you can only drop out yourself')
  }

  it('when the partner dropped out: the captain stays as one who came with a partner', async () => {
    const { id, a, b, c, d } = await gameOfTwoPairs()
    const wes = await player('Wes')
    await waitAlone(wes, id)
    expect((await leave(d, id)).status).toBe(200)
    expect(await view(c, id)).toMatchObject({
      respondingTeam: { captain: { id: c.profile.id, joinedAlone: false }, partner: null },
    })
    const taken = await takeOfferedSpot(wes, id)
    expect(taken).toMatchObject({
      status: 'matched',
      spots: { left: 0 },
      creatorTeam: side(a, false, b, false),
      respondingTeam: side(c, false, wes, true),
    })
    await expectOnlyTheStrangerAlone(id, c, wes)

    // Cal drops out alone: Wes keeps the spot, as one who joined alone.
    expect((await leave(c, id)).status).toBe(200)
    expect((await view(wes, id)).respondingTeam).toMatchObject({
      captain: { id: wes.profile.id, joinedAlone: true },
      partner: null,
    })
  })

  it('when the captain dropped out: the partner who stays came with a partner too', async () => {
    const { id, c, d } = await gameOfTwoPairs()
    const wes = await player('Wes')
    await waitAlone(wes, id)
    expect((await leave(c, id)).status).toBe(200)
    expect(await view(d, id)).toMatchObject({
      respondingTeam: { captain: { id: d.profile.id, joinedAlone: false }, partner: null },
    })
    expect((await takeOfferedSpot(wes, id)).respondingTeam).toMatchObject(side(d, false, wes, true))
    await expectOnlyTheStrangerAlone(id, d, wes)
  })

  it("on the creator's side: the creator posted, the player who took the partner's spot joined alone", async () => {
    const { id, a, b, c, d } = await gameOfTwoPairs()
    const wes = await player('Wes')
    await waitAlone(wes, id)
    expect((await leave(b, id)).status).toBe(200)
    expect((await takeOfferedSpot(wes, id)).creatorTeam).toMatchObject(side(a, false, wes, true))
    expect((await view(c, id)).respondingTeam).toMatchObject(side(c, false, d, false))
    const fromWes = await leave(wes, id, true)
    expect(fromWes.body.error.message).toBe(OFFER_MESSAGES.noPartnerToLeaveWith)
  })
})

describe('applications from before migration 0051', () => {
  // The migration's own statements that fill the new column and correct `solo`.
  const backfill = readFileSync(
    new URL('../../db/migrations/0051_joined-alone-player-by-player.sql', import.meta.url),
    'utf8',
  )
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.startsWith('UPDATE'))

  it('get from the migration who joined alone as far as the record tells, as a side formed now has it', async () => {
    const games = await Promise.all([
      gameOfTwoPairs().then((g) => g.id),
      gameOfPlayersAlone().then((g) => g.id),
      // A pair's partner drops out and a player alone takes the spot; then a pair's captain.
      ...(['d', 'c'] as const).map(async (leaving) => {
        const g = await gameOfTwoPairs()
        const wes = await player('Wes')
        await waitAlone(wes, g.id)
        expect((await leave(g[leaving], g.id)).status).toBe(200)
        await takeOfferedSpot(wes, g.id)
        return g.id
      }),
    ])
    const rows = () =>
      t.db
        .select({
          id: playDateRequests.id,
          solo: playDateRequests.solo,
          partnerJoinedAlone: playDateRequests.partnerJoinedAlone,
        })
        .from(playDateRequests)
        .where(inArray(playDateRequests.playDateId, games))
        .orderBy(asc(playDateRequests.id))
    const now = await rows()
    expect(now.filter((r) => r.partnerJoinedAlone)).toHaveLength(3)
    expect(now.filter((r) => !r.solo).length).toBeGreaterThan(0)
    // As the code before it wrote them: a side a stranger completed, or a pair's player left
    // alone, was `solo`, and no partner was said to have joined alone.
    await t.db
      .update(playDateRequests)
      .set({
        solo: sql`${playDateRequests.solo} or ${playDateRequests.partnerJoinedAlone} or ${playDateRequests.requesterPartnerId} is null`,
        partnerJoinedAlone: false,
      })
      .where(inArray(playDateRequests.playDateId, games))
    expect(await rows()).not.toEqual(now)
    expect(backfill).toHaveLength(3)
    for (const statement of backfill) await t.db.execute(sql.raw(statement))
    expect(await rows()).toEqual(now)
  })
})
