import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  connections,
  partnerListEntries,
  playDateRequests,
  playDates,
  profiles,
  signupCodes,
} from '../db/schema'
import { PLAY_DATE_MESSAGES } from '../../domain/play-dates/play-date.messages'
import { rowsOf, type Tx } from '../db/client'
import { nextWeek, signedInUser, signUpBody } from '../testing/factories'
import { createClient, createTestApp, type TestApp, testDatabaseKind } from '../testing/test-app'

// Races on the rules that must hold however requests interleave. The feature suites race each
// rule once; here every race is repeated, with more contenders and mixed operations. On
// PostgreSQL the requests really run at once; on PGlite (one connection) they interleave.

const ROUNDS = 5
const NO_LONGER_PENDING = 'This application is no longer pending'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: '0' })
})
afterAll(() => t.close())

type Player = Awaited<ReturnType<typeof signedInUser>>
const player = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides)

// An open PlayDate of a and b, next week.
async function openPlayDateOf(a: Player, b: Player, description: string) {
  const created = await a.client.post('/api/play-dates', {
    type: 'challenge',
    state: 'TX',
    regions: ['statewide'],
    partnerId: b.profile.id,
    amount: 30,
    description,
    ...nextWeek(),
  })
  expect(created.status, created.text).toBe(201)
  return created.body.id as string
}

async function befriend(a: Player, b: Player) {
  const request = await a.client.post('/api/connections/friend-requests', { receiverId: b.profile.id })
  expect(request.status).toBe(201)
  expect((await b.client.post(`/api/connections/${request.body.id}/accept`)).status).toBe(200)
}

describe('a signup code', () => {
  it('used by six sign-ups at once makes exactly one account, round after round', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const code = String(1_000_000 + Math.floor(Math.random() * 8_999_999))
      const urlCode = `race-${randomBytes(4).toString('hex')}`
      const [row] = await t.db.insert(signupCodes).values({ code, urlCode }).returning()
      const bodies = Array.from({ length: 6 }, (_, i) =>
        signUpBody({ signupCode: i % 2 ? code : urlCode.toUpperCase() }),
      )
      const results = await Promise.all(
        bodies.map((body) => createClient(t.app).post('/api/auth/sign-up', body)),
      )
      expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400])
      const created = await t.db
        .select()
        .from(profiles)
        .where(
          inArray(
            profiles.email,
            bodies.map((b) => b.email),
          ),
        )
      expect(created).toHaveLength(1)
      const [used] = await t.db.select().from(signupCodes).where(eq(signupCodes.id, row!.id))
      expect(used!.userId).toBe(created[0]!.id)
    }
  })
})

describe('friend requests', () => {
  it('sent both ways at once, then answered and cancelled at once, leave one consistent row', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await Promise.all([player(), player()])
      const send = (from: Player, to: Player) =>
        from.client.post('/api/connections/friend-requests', { receiverId: to.profile.id })
      const sent = await Promise.all([send(a, b), send(b, a), send(a, b), send(b, a), send(b, a)])
      expect(sent.filter((r) => r.status === 201)).toHaveLength(1)
      const pair = or(
        and(eq(connections.requesterId, a.profile.id), eq(connections.receiverId, b.profile.id)),
        and(eq(connections.requesterId, b.profile.id), eq(connections.receiverId, a.profile.id)),
      )
      const rows = await t.db.select().from(connections).where(pair)
      expect(rows).toHaveLength(1)

      // The receiver accepts and rejects while the requester cancels.
      const row = rows[0]!
      const [requester, receiver] = row.requesterId === a.profile.id ? [a, b] : [b, a]
      const answers = await Promise.all([
        receiver.client.post(`/api/connections/${row.id}/accept`),
        requester.client.post(`/api/connections/${row.id}/cancel`),
        receiver.client.post(`/api/connections/${row.id}/reject`),
      ])
      expect(answers.filter((r) => r.status < 300)).toHaveLength(1)
      for (const res of answers.filter((r) => r.status >= 300)) expect([404, 409]).toContain(res.status)
      const after = await t.db.select().from(connections).where(pair)
      const winner = answers.findIndex((r) => r.status < 300)
      if (winner === 0) expect(after.map((r) => r.status)).toEqual(['accepted'])
      if (winner === 1) expect(after).toEqual([])
      if (winner === 2) expect(after.map((r) => r.status)).toEqual(['rejected'])
    }
  })
})

describe('PlayDate applications', () => {
  it('accepts, declines, withdrawals and a cancel at once leave at most one accepted team', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b, ...applicants] = await Promise.all(Array.from({ length: 8 }, () => player()))
      await befriend(a!, b!)
      const teams: Array<[Player, Player]> = [
        [applicants[0]!, applicants[1]!],
        [applicants[2]!, applicants[3]!],
        [applicants[4]!, applicants[5]!],
      ]
      await Promise.all(teams.map(([x, y]) => befriend(x, y)))
      const id = await openPlayDateOf(a!, b!, 'Race day')
      const applications = await Promise.all(
        teams.map(([x, y]) => x.client.post(`/api/play-dates/${id}/requests`, { partnerId: y.profile.id })),
      )
      expect(applications.map((r) => r.status)).toEqual([201, 201, 201])
      const [r1, r2, r3] = applications.map((r) => r.body.id as string)

      const [acceptR1, acceptR2, withdrawR1, declineR3, cancel, withdrawR2] = await Promise.all([
        a!.client.post(`/api/play-dates/requests/${r1}/accept`),
        b!.client.post(`/api/play-dates/requests/${r2}/accept`),
        teams[0]![1].client.post(`/api/play-dates/requests/${r1}/withdraw`),
        a!.client.post(`/api/play-dates/requests/${r3}/decline`),
        b!.client.post(`/api/play-dates/${id}/cancel`),
        teams[1]![0].client.post(`/api/play-dates/requests/${r2}/withdraw`),
      ])

      const [playDate] = await t.db.select().from(playDates).where(eq(playDates.id, id))
      const requests = await t.db.select().from(playDateRequests).where(eq(playDateRequests.playDateId, id))
      const statusOf = (requestId: string | undefined) => requests.find((r) => r.id === requestId)!.status
      // Each step either happened, and says so, or lost the race to another and says why.
      const lostTo = {
        accept: [PLAY_DATE_MESSAGES.noLongerAvailable, NO_LONGER_PENDING],
        other: [NO_LONGER_PENDING],
      }
      const steps = [
        { res: acceptR1, done: statusOf(r1) === 'accepted', refusals: lostTo.accept },
        { res: acceptR2, done: statusOf(r2) === 'accepted', refusals: lostTo.accept },
        { res: withdrawR1, done: statusOf(r1) === 'withdrawn', refusals: lostTo.other },
        { res: withdrawR2, done: statusOf(r2) === 'withdrawn', refusals: lostTo.other },
        { res: declineR3, done: statusOf(r3) === 'declined', refusals: lostTo.other },
      ]
      for (const { res, done, refusals } of steps) {
        if (res.status === 200) {
          expect(done, res.text).toBe(true)
        } else {
          expect(res.status, res.text).toBe(409)
          expect(refusals).toContain(res.body.error.message)
        }
      }
      // The creator team may cancel an open PlayDate and a matched one alike: nothing refuses it.
      expect(cancel.status, cancel.text).toBe(200)
      expect(playDate!.status).toBe('cancelled')
      expect(requests.filter((r) => r.status === 'accepted').length).toBeLessThanOrEqual(1)
      // Cancelled open, or matched first and then cancelled: no application is left waiting.
      expect(requests.filter((r) => r.status === 'pending')).toEqual([])
      // Nobody applied twice, and the one accepted team is not also withdrawn.
      const live = requests.filter((r) => r.status === 'pending' || r.status === 'accepted')
      expect(new Set(live.map((r) => r.requesterId)).size).toBe(live.length)
    }
  })
})

describe('PlayDate applications in which players swap roles', () => {
  it('sent at once, with an accept, leave each player in at most one live application', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b, p, q, x, y, z] = (await Promise.all(Array.from({ length: 7 }, () => player()))) as [
        Player,
        Player,
        Player,
        Player,
        Player,
        Player,
        Player,
      ]
      await Promise.all([befriend(a, b), befriend(p, q), befriend(x, y), befriend(y, z), befriend(z, x)])
      const id = await openPlayDateOf(a, b, 'Swap day')
      const first = await p.client.post(`/api/play-dates/${id}/requests`, { partnerId: q.profile.id })
      expect(first.status).toBe(201)

      // Each of x, y and z is captain in one application and partner in another.
      const apply = (captain: Player, partner: Player) =>
        captain.client.post(`/api/play-dates/${id}/requests`, { partnerId: partner.profile.id })
      const results = await Promise.all([
        apply(x, y),
        apply(y, z),
        apply(z, x),
        apply(y, x),
        round % 2 === 0 ? a.client.post(`/api/play-dates/requests/${first.body.id}/accept`) : apply(x, z),
      ])
      for (const [index, res] of results.entries()) {
        const application = index < 4 || round % 2 === 1
        // The accept of p and q's application, which none of the others can stop.
        if (!application) expect(res.status, res.text).toBe(200)
        else if (res.status !== 201) {
          expect(res.status, res.text).toBe(409)
          expect([PLAY_DATE_MESSAGES.alreadyApplied, PLAY_DATE_MESSAGES.noLongerAvailable]).toContain(
            res.body.error.message,
          )
        }
      }

      const [playDate] = await t.db.select().from(playDates).where(eq(playDates.id, id))
      const requests = await t.db.select().from(playDateRequests).where(eq(playDateRequests.playDateId, id))
      const live = requests.filter((r) => r.status === 'pending' || r.status === 'accepted')
      const players = live.flatMap((r) => [r.requesterId, r.requesterPartnerId])
      expect(new Set(players).size, JSON.stringify(live)).toBe(players.length)
      if (playDate!.status === 'matched') expect(requests.filter((r) => r.status === 'pending')).toEqual([])
      // Of x, y and z, at least one application got in unless the PlayDate was matched first.
      if (playDate!.status === 'open') expect(live.length).toBeGreaterThanOrEqual(2)
    }
  })
})

describe('applications waiting on a PlayDate’s lock', () => {
  // Deterministic on a server: the PlayDate's row is held locked while applications start, so
  // they read before the lock is theirs. PGlite runs one statement at a time: nothing waits there.
  const onServer = it.skipIf(testDatabaseKind !== 'postgres')

  async function openPlayDate() {
    const [a, b, x, y, z] = (await Promise.all(Array.from({ length: 5 }, () => player()))) as [
      Player,
      Player,
      Player,
      Player,
      Player,
    ]
    await Promise.all([befriend(a, b), befriend(x, y), befriend(y, z)])
    return { id: await openPlayDateOf(a, b, 'Held'), x, y, z }
  }

  const waitingForLocks = async () =>
    rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
      ),
    )[0]!.n

  // Holds the PlayDate's row until `count` requests wait for it, runs `meanwhile` in the holding
  // transaction, commits, and answers the requests' responses.
  async function whileHeld<T>(
    id: string,
    count: number,
    send: () => Promise<T>,
    meanwhile = async (_tx: Tx) => {},
  ) {
    let locked!: () => void
    let release!: () => void
    const isLocked = new Promise<void>((resolve) => (locked = resolve))
    const released = new Promise<void>((resolve) => (release = resolve))
    const holding = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from play_dates where id = ${id}::uuid for update`)
      locked()
      await released
      await meanwhile(tx)
    })
    await isLocked
    const sent = send()
    for (let tries = 0; (await waitingForLocks()) < count; tries++) {
      if (tries > 500) throw new Error('the requests never waited for the lock')
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    release()
    await holding
    return sent
  }

  const pending = (id: string) =>
    t.db
      .select()
      .from(playDateRequests)
      .where(and(eq(playDateRequests.playDateId, id), eq(playDateRequests.status, 'pending')))

  onServer('let one in when a player would be captain in one and partner in the other', async () => {
    const { id, x, y, z } = await openPlayDate()
    const applications = await whileHeld(id, 2, () =>
      Promise.all([
        x.client.post(`/api/play-dates/${id}/requests`, { partnerId: y.profile.id }),
        y.client.post(`/api/play-dates/${id}/requests`, { partnerId: z.profile.id }),
      ]),
    )
    expect(applications.map((r) => r.status).sort()).toEqual([201, 409])
    expect(applications.find((r) => r.status === 409)!.body.error.message).toBe(
      PLAY_DATE_MESSAGES.alreadyApplied,
    )
    expect(await pending(id)).toHaveLength(1)
  })

  onServer(
    'see the PlayDate as it is once the lock is theirs: matched meanwhile, the application joins its waitlist',
    async () => {
      const { id, x, y } = await openPlayDate()
      const application = await whileHeld(
        id,
        1,
        () => x.client.post(`/api/play-dates/${id}/requests`, { partnerId: y.profile.id }),
        async (tx) => {
          await tx.update(playDates).set({ status: 'matched' }).where(eq(playDates.id, id))
        },
      )
      expect(application.status, application.text).toBe(201)
      expect(application.body).toMatchObject({ status: 'waitlisted', position: 1 })
      expect(await pending(id)).toEqual([])
    },
  )
})

describe('partner list order', () => {
  it('stays dense and unique under concurrent moves, adds and removals, round after round', async () => {
    const [me, friend] = await Promise.all([player(), player()])
    await befriend(me, friend)
    for (let round = 0; round < ROUNDS; round++) {
      const list = await me.client.post('/api/partner-lists', { name: `Race ${round}` })
      expect(list.status).toBe(201)
      const listId = list.body.id as string
      const ids: string[] = []
      for (const name of ['A', 'B', 'C', 'D', 'E']) {
        const entry = await me.client.post(`/api/partner-lists/${listId}/manual-entries`, {
          firstName: name,
          lastName: 'Entry',
        })
        ids.push(entry.body.id as string)
      }
      const shuffled = () => [...ids].sort(() => Math.random() - 0.5)
      const results = await Promise.all([
        me.client.put(`/api/partner-lists/${listId}/order`, { entryIds: shuffled() }),
        me.client.put(`/api/partner-lists/${listId}/order`, { entryIds: shuffled() }),
        me.client.delete(`/api/partner-lists/${listId}/entries/${ids[1]}`),
        me.client.post(`/api/partner-lists/${listId}/friend-entries`, { friendId: friend.profile.id }),
        me.client.put(`/api/partner-lists/${listId}/order`, { entryIds: shuffled() }),
        me.client.post(`/api/partner-lists/${listId}/manual-entries`, { firstName: 'F', lastName: 'Entry' }),
        me.client.delete(`/api/partner-lists/${listId}/entries/${ids[3]}`),
        me.client.put(`/api/partner-lists/${listId}/order`, { entryIds: shuffled() }),
      ])
      for (const res of results) expect([200, 201, 204, 409]).toContain(res.status)
      const rows = await t.db
        .select({ id: partnerListEntries.id, position: partnerListEntries.orderPosition })
        .from(partnerListEntries)
        .where(eq(partnerListEntries.partnerListId, listId))
        .orderBy(asc(partnerListEntries.orderPosition))
      expect(rows).toHaveLength(5)
      expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3, 4])
    }
  })
})

describe('admin toggles', () => {
  it('never leave the product without an active admin, whatever three admins do to each other at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // Only this round's admins count.
      await t.db.update(profiles).set({ isAdmin: false }).where(eq(profiles.isAdmin, true))
      const admins = await Promise.all([0, 1, 2].map(() => player({ isAdmin: true })))
      const [x, y, z] = admins as [Player, Player, Player]
      const toggle = (who: Player, target: Player, what: 'admin' | 'paused') =>
        who.client.put(
          `/api/admin/users/${target.profile.id}/${what}`,
          what === 'admin' ? { isAdmin: false } : { isPaused: true },
        )
      const results = await Promise.all([
        toggle(x, y, 'admin'),
        toggle(y, z, 'paused'),
        toggle(z, x, 'admin'),
        toggle(y, x, 'paused'),
        toggle(x, z, 'paused'),
        toggle(z, y, 'admin'),
      ])
      for (const res of results) expect([200, 401, 403, 409], res.text).toContain(res.status)
      const active = await t.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.isAdmin, true), eq(profiles.isPaused, false)))
      expect(active.length).toBeGreaterThanOrEqual(1)
      // Whoever is still an active admin can still act.
      const survivor = admins.find((p) => active.some((row) => row.id === p.profile.id))!
      expect((await survivor.client.get('/api/admin/users')).status).toBe(200)
      // Clean up for the next round: nobody of this round stays paused.
      await t.db
        .update(profiles)
        .set({ isPaused: false })
        .where(
          inArray(
            profiles.id,
            admins.map((p) => p.profile.id),
          ),
        )
    }
  })
})
