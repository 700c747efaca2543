import { and, eq, or, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connections, notifications, profiles } from '../../db/schema'
import { insertUser, signedInUser } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'
import { searchPlayersQuery } from './connections.search'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Player = Awaited<ReturnType<typeof signedInUser>>

const request = (from: Player, to: Player) =>
  from.client.post('/api/connections/friend-requests', { receiverId: to.profile.id })

async function friends(a: Player, b: Player) {
  const sent = await request(a, b)
  expect(sent.status).toBe(201)
  const accepted = await b.client.post(`/api/connections/${sent.body.id}/accept`)
  expect(accepted.status).toBe(200)
  return sent.body.id as string
}

const pairRows = (a: Player, b: Player, type: 'friend' | 'partner' | 'watched' = 'friend') =>
  t.db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.type, type),
        or(
          and(eq(connections.requesterId, a.profile.id), eq(connections.receiverId, b.profile.id)),
          and(eq(connections.requesterId, b.profile.id), eq(connections.receiverId, a.profile.id)),
        ),
      ),
    )

describe('friend requests', () => {
  it('creates a pending request and notifies the receiver', async () => {
    const a = await signedInUser(t, { firstName: 'Avery', lastName: 'Stone' })
    const b = await signedInUser(t)
    const res = await request(a, b)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      type: 'friend',
      status: 'pending',
      direction: 'sent',
      player: { id: b.profile.id, firstName: b.profile.firstName },
    })
    expect(res.body.player.email).toBeUndefined()

    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, b.profile.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      type: 'connection_request',
      title: 'New Friend Request',
      message: 'Avery Stone wants to be your friend',
      link: `/connections?view=received&request=${res.body.id}`,
      read: false,
    })
  })

  it('refuses a second request while one is pending, in either direction', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    expect((await request(a, b)).status).toBe(201)
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const again = await request(from, to)
      expect(again.status).toBe(409)
      expect(again.body.error).toEqual({ code: 'conflict', message: 'A friend request is already pending' })
    }
    expect(await pairRows(a, b)).toHaveLength(1)
  })

  it('refuses a request between friends, in either direction', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    await friends(a, b)
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const again = await request(from, to)
      expect(again.status).toBe(409)
      expect(again.body.error.message).toBe('A friend connection already exists')
    }
  })

  it('leaves exactly one row when both players ask each other at the same moment', async () => {
    for (let round = 0; round < 8; round++) {
      const a = await signedInUser(t)
      const b = await signedInUser(t)
      const results = await Promise.all([request(a, b), request(b, a), request(a, b), request(b, a)])
      const statuses = results.map((res) => res.status).sort()
      expect(statuses).toEqual([201, 409, 409, 409])
      for (const res of results.filter((r) => r.status === 409)) {
        expect(['A friend connection already exists', 'A friend request is already pending']).toContain(
          res.body.error.message,
        )
      }
      expect(await pairRows(a, b)).toHaveLength(1)
    }
  })

  it('refuses a request to yourself, to an unknown player and with a malformed id', async () => {
    const a = await signedInUser(t)
    const self = await request(a, a)
    expect(self.status).toBe(400)
    expect(self.body.error.message).toBe('You cannot connect with yourself')

    const unknown = await a.client.post('/api/connections/friend-requests', {
      receiverId: '00000000-0000-4000-8000-000000000000',
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.message).toBe('Player not found')

    const malformed = await a.client.post('/api/connections/friend-requests', { receiverId: 'nope' })
    expect(malformed.status).toBe(400)
    expect(malformed.body.error).toEqual({
      code: 'invalid',
      message: 'Please choose a player',
      fields: { receiverId: 'Please choose a player' },
    })
  })

  it('allows a new request after a rejection', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    const sent = await request(a, b)
    expect((await b.client.post(`/api/connections/${sent.body.id}/reject`)).status).toBe(200)
    expect((await request(a, b)).status).toBe(201)
  })

  it('asks a signed-out visitor to sign in', async () => {
    const res = await createClient(t.app).post('/api/connections/friend-requests', {
      receiverId: '00000000-0000-4000-8000-000000000000',
    })
    expect(res.status).toBe(401)
  })
})

describe('answering, cancelling and removing', () => {
  it('lets only the receiver accept or reject', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    const stranger = await signedInUser(t)
    const { body } = await request(a, b)

    for (const action of ['accept', 'reject']) {
      const byRequester = await a.client.post(`/api/connections/${body.id}/${action}`)
      expect(byRequester.status).toBe(403)
      const byStranger = await stranger.client.post(`/api/connections/${body.id}/${action}`)
      expect(byStranger.status).toBe(404)
    }

    const accepted = await b.client.post(`/api/connections/${body.id}/accept`)
    expect(accepted.status).toBe(200)
    expect(accepted.body).toMatchObject({
      status: 'accepted',
      direction: 'received',
      player: { id: a.profile.id },
    })

    const twice = await b.client.post(`/api/connections/${body.id}/reject`)
    expect(twice.status).toBe(409)
    expect(twice.body.error.message).toBe('This request is no longer pending')
  })

  it('tells the requester that the request was accepted', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t, { firstName: 'Blair', lastName: 'Quinn' })
    await friends(a, b)
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, a.profile.id))
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'other',
        title: 'Friend Request Accepted',
        message: 'Blair Quinn accepted your friend request',
        link: `/profile/${b.profile.id}`,
      }),
    ])
  })

  it('lets only the requester cancel a pending request, which deletes it', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    const stranger = await signedInUser(t)
    const { body } = await request(a, b)

    expect((await b.client.post(`/api/connections/${body.id}/cancel`)).status).toBe(403)
    expect((await stranger.client.post(`/api/connections/${body.id}/cancel`)).status).toBe(404)
    expect((await a.client.post(`/api/connections/${body.id}/cancel`)).status).toBe(204)
    expect(await pairRows(a, b)).toHaveLength(0)
    expect((await a.client.post(`/api/connections/${body.id}/cancel`)).status).toBe(404)
  })

  it('takes a cancelled request’s notification back, so sending and cancelling leaves nothing behind', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    const other = await signedInUser(t)
    await request(other, b)
    for (let round = 0; round < 3; round++) {
      const { body } = await request(a, b)
      expect((await b.client.get('/api/notifications/unread-count')).body).toEqual({
        count: 2,
        asOf: expect.any(Number),
      })
      expect((await a.client.post(`/api/connections/${body.id}/cancel`)).status).toBe(204)
    }
    // Only the request still waiting is left.
    const left = await t.db.select().from(notifications).where(eq(notifications.userId, b.profile.id))
    expect(left.map((n) => n.message)).toEqual([
      `${other.profile.firstName} ${other.profile.lastName} wants to be your friend`,
    ])
    expect((await b.client.get('/api/notifications/unread-count')).body).toEqual({
      count: 1,
      asOf: expect.any(Number),
    })
  })

  it('refuses to cancel a friendship that was already accepted', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    const id = await friends(a, b)
    const res = await a.client.post(`/api/connections/${id}/cancel`)
    expect(res.status).toBe(409)
  })

  it('lets either side remove a friendship, never a stranger', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    const stranger = await signedInUser(t)
    const first = await friends(a, b)
    expect((await stranger.client.delete(`/api/connections/${first}`)).status).toBe(404)
    expect((await b.client.delete(`/api/connections/${first}`)).status).toBe(204)
    expect(await pairRows(a, b)).toHaveLength(0)

    const second = await friends(b, a)
    expect((await b.client.delete(`/api/connections/${second}`)).status).toBe(204)
    expect(await pairRows(a, b)).toHaveLength(0)
  })

  it('refuses to remove a pending request (it is cancelled instead)', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    const { body } = await request(a, b)
    const res = await b.client.delete(`/api/connections/${body.id}`)
    expect(res.status).toBe(409)
    expect(res.body.error.message).toBe('Only an accepted connection can be removed')
  })

  it('answers a malformed or unknown connection id with 400 or 404', async () => {
    const a = await signedInUser(t)
    expect((await a.client.post('/api/connections/nope/accept')).status).toBe(400)
    expect((await a.client.post('/api/connections/00000000-0000-4000-8000-000000000000/accept')).status).toBe(
      404,
    )
  })
})

describe('regular partners', () => {
  it('invites only a friend, and the receiver accepts it', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    const invite = () => a.client.post('/api/connections/partner-requests', { receiverId: b.profile.id })

    const early = await invite()
    expect(early.status).toBe(409)
    expect(early.body.error.message).toBe('You can only invite a friend as regular partner')

    await friends(a, b)
    const sent = await invite()
    expect(sent.status).toBe(201)
    expect(sent.body).toMatchObject({ type: 'partner', status: 'pending' })

    const again = await b.client.post('/api/connections/partner-requests', { receiverId: a.profile.id })
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe('A regular partner invitation is already pending')

    const received = await b.client.get('/api/connections?view=received')
    expect(received.body.items.map((item: { type: string }) => item.type)).toEqual(['partner'])

    expect((await a.client.post(`/api/connections/${sent.body.id}/accept`)).status).toBe(403)
    expect((await b.client.post(`/api/connections/${sent.body.id}/accept`)).status).toBe(200)

    const connected = await a.client.get('/api/connections?view=connected')
    expect(connected.body.items).toEqual([
      expect.objectContaining({
        type: 'friend',
        isRegularPartner: true,
        player: expect.objectContaining({ id: b.profile.id }),
      }),
    ])
    const already = await invite()
    expect(already.body.error.message).toBe('You are already regular partners')
  })

  it('removing a friendship deletes an accepted partnership and rejects a pending invitation', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    const c = await signedInUser(t)

    const ab = await friends(a, b)
    const abPartner = await a.client.post('/api/connections/partner-requests', { receiverId: b.profile.id })
    await b.client.post(`/api/connections/${abPartner.body.id}/accept`)

    const ac = await friends(a, c)
    await c.client.post('/api/connections/partner-requests', { receiverId: a.profile.id })

    expect((await a.client.delete(`/api/connections/${ab}`)).status).toBe(204)
    expect(await pairRows(a, b, 'partner')).toHaveLength(0)

    expect((await c.client.delete(`/api/connections/${ac}`)).status).toBe(204)
    const pending = await pairRows(a, c, 'partner')
    expect(pending.map((row) => row.status)).toEqual(['rejected'])
  })
})

describe('watching', () => {
  it('creates an accepted, one-directional row, once, and removes it', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    expect((await a.client.put(`/api/connections/watching/${b.profile.id}`)).status).toBe(204)
    expect((await a.client.put(`/api/connections/watching/${b.profile.id}`)).status).toBe(204)
    expect((await b.client.put(`/api/connections/watching/${a.profile.id}`)).status).toBe(204)
    const rows = await pairRows(a, b, 'watched')
    expect(rows).toHaveLength(2)
    expect(rows.every((row) => row.status === 'accepted')).toBe(true)

    expect((await a.client.delete(`/api/connections/watching/${b.profile.id}`)).status).toBe(204)
    const left = await pairRows(a, b, 'watched')
    expect(left.map((row) => row.requesterId)).toEqual([b.profile.id])
  })

  it('refuses to watch yourself or an unknown player', async () => {
    const a = await signedInUser(t)
    expect((await a.client.put(`/api/connections/watching/${a.profile.id}`)).status).toBe(400)
    expect(
      (await a.client.put('/api/connections/watching/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404)
  })

  it('lets nobody but the watcher remove a watch through its connection id', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    await a.client.put(`/api/connections/watching/${b.profile.id}`)
    const [row] = await pairRows(a, b, 'watched')
    expect((await b.client.delete(`/api/connections/${row!.id}`)).status).toBe(404)
    expect((await b.client.post(`/api/connections/${row!.id}/accept`)).status).toBe(404)
    expect((await a.client.delete(`/api/connections/${row!.id}`)).status).toBe(204)
  })
})

describe('lists and counts', () => {
  it('shows friends by name, received and sent requests newest first, with counts', async () => {
    const me = await signedInUser(t)
    const zed = await signedInUser(t, { firstName: 'Zed', lastName: 'Adams' })
    const amy = await signedInUser(t, { firstName: 'Amy', lastName: 'Zimmer' })
    const asker1 = await signedInUser(t)
    const asker2 = await signedInUser(t)
    const asked = await signedInUser(t)
    await friends(me, zed)
    await friends(amy, me)
    await request(asker1, me)
    await request(asker2, me)
    await request(me, asked)

    const connected = await me.client.get('/api/connections')
    expect(connected.status).toBe(200)
    expect(
      connected.body.items.map((item: { player: { firstName: string } }) => item.player.firstName),
    ).toEqual(['Amy', 'Zed'])
    expect(connected.body.total).toBe(2)

    const received = await me.client.get('/api/connections?view=received')
    expect(received.body.items.map((item: { player: { id: string } }) => item.player.id)).toEqual([
      asker2.profile.id,
      asker1.profile.id,
    ])
    expect(received.body.items[0]).toMatchObject({ direction: 'received', status: 'pending' })

    const sent = await me.client.get('/api/connections?view=sent')
    expect(sent.body.items.map((item: { player: { id: string } }) => item.player.id)).toEqual([
      asked.profile.id,
    ])

    const summary = await me.client.get('/api/connections/summary')
    expect(summary.body).toEqual({ connected: 2, received: 2, sent: 1 })

    const paged = await me.client.get('/api/connections?view=received&limit=1&offset=1')
    expect(paged.body).toMatchObject({ total: 2, limit: 1, offset: 1 })
    expect(paged.body.items).toHaveLength(1)
    const past = await me.client.get('/api/connections?view=received&limit=1&offset=5')
    expect(past.body).toMatchObject({ items: [], total: 2, offset: 5 })

    expect((await me.client.get('/api/connections?limit=500')).status).toBe(400)
  })

  it('lists only the signed-in player’s own connections', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    const outsider = await signedInUser(t)
    await friends(a, b)
    const res = await outsider.client.get('/api/connections')
    expect(res.body.items).toEqual([])
  })
})

describe('friend search', () => {
  it('finds players by first name, last name and "first last", case-insensitively, never yourself', async () => {
    const me = await signedInUser(t, { firstName: 'Quincy', lastName: 'Searcher' })
    const target = await insertUser(t.db, { firstName: 'Quinlan', lastName: 'Okafor' })
    const other = await insertUser(t.db, { firstName: 'Maria', lastName: 'Quintero' })

    const byFirst = await me.client.get('/api/connections/search?q=QUIN')
    const ids = byFirst.body.results.map((r: { id: string }) => r.id)
    expect(ids).toContain(target.id)
    expect(ids).toContain(other.id)
    expect(ids).not.toContain(me.profile.id)

    const byFull = await me.client.get(`/api/connections/search?q=${encodeURIComponent('quinlan oka')}`)
    expect(byFull.body.results.map((r: { id: string }) => r.id)).toEqual([target.id])

    const byLast = await me.client.get('/api/connections/search?q=okafor')
    expect(byLast.body.results.map((r: { id: string }) => r.id)).toEqual([target.id])
    expect(byLast.body.results[0]).toEqual({
      id: target.id,
      firstName: 'Quinlan',
      lastName: 'Okafor',
      gender: target.gender,
      duprRating: 3.5,
      selfRating: 3.5,
      photoUrl: null,
      friendStatus: 'none',
      connectionId: null,
    })

    const reversed = await me.client.get(`/api/connections/search?q=${encodeURIComponent('okafor quinlan')}`)
    expect(reversed.body.results).toEqual([])
  })

  it('matches the start of any word of the name, never the middle of one, in name order', async () => {
    const me = await signedInUser(t)
    const first = await insertUser(t.db, { firstName: 'Vexa', lastName: 'Lind' })
    const last = await insertUser(t.db, { firstName: 'Tom', lastName: 'Vexaro' })
    const hyphenated = await insertUser(t.db, { firstName: 'Ann-Vexa', lastName: 'Berg' })
    const laterWord = await insertUser(t.db, { firstName: 'Mary', lastName: 'De Vexa' })
    await insertUser(t.db, { firstName: 'Ovexa', lastName: 'Moss' })
    const ids = async (q: string) => {
      const res = await me.client.get(`/api/connections/search?q=${encodeURIComponent(q)}`)
      expect(res.status).toBe(200)
      return res.body.results.map((r: { id: string }) => r.id)
    }

    expect(await ids('vexa')).toEqual([hyphenated.id, laterWord.id, last.id, first.id])
    expect(await ids('VEX')).toEqual([hyphenated.id, laterWord.id, last.id, first.id])
    expect(await ids('vexa li')).toEqual([first.id])
    expect(await ids('de vexa')).toEqual([laterWord.id])
    expect(await ids('mary de v')).toEqual([laterWord.id])
    expect(await ids('ann vexa')).toEqual([hyphenated.id])
    expect(await ids('exa')).toEqual([])
  })

  it('reads apostrophes, hyphens and spaces in names and searches alike', async () => {
    const me = await signedInUser(t)
    const target = await insertUser(t.db, { firstName: 'Siobhan', lastName: "O'Quarrel-Dunne" })
    for (const q of [
      "o'quarrel",
      'oquarrel',
      'quarrel',
      'o quarrel',
      'quarrel dunne',
      'dunne',
      '  Siobhan   O’Q ',
    ]) {
      const res = await me.client.get(`/api/connections/search?q=${encodeURIComponent(q)}`)
      expect(
        res.body.results.map((r: { id: string }) => r.id),
        q,
      ).toEqual([target.id])
    }
  })

  it('starts at two characters and treats wildcards as plain text', async () => {
    const me = await signedInUser(t)
    await insertUser(t.db, { firstName: 'Wildara', lastName: 'Card' })
    const short = await me.client.get('/api/connections/search?q=a')
    expect(short.status).toBe(400)
    for (const q of ['%%', '__', 'w%a', 'w_ldara', '%ara']) {
      const res = await me.client.get(`/api/connections/search?q=${encodeURIComponent(q)}`)
      expect(res.status, q).toBe(200)
      expect(res.body.results, q).toEqual([])
    }
  })

  it('never matches an email address', async () => {
    const me = await signedInUser(t)
    await insertUser(t.db, { firstName: 'Kim', lastName: 'Hidden', email: 'zorblatt.k@example.com' })
    const res = await me.client.get('/api/connections/search?q=zorblatt')
    expect(res.body.results).toEqual([])
  })

  it('finds a player by the new name once they rename themselves', async () => {
    const me = await signedInUser(t)
    const player = await signedInUser(t, { firstName: 'Quentrel', lastName: 'Before' })
    const renamed = await player.client.put('/api/profiles/me', {
      firstName: 'Quentrel',
      lastName: 'Afterwards',
      gender: 'male',
      duprRating: 4,
      selfRating: 4,
      birthdate: '1980-01-01',
      zipCode: '85004',
    })
    expect(renamed.status).toBe(200)
    const ids = async (q: string) =>
      (await me.client.get(`/api/connections/search?q=${encodeURIComponent(q)}`)).body.results.map(
        (r: { id: string }) => r.id,
      )
    expect(await ids('before')).toEqual([])
    expect(await ids('afterw')).toEqual([player.profile.id])
    expect(await ids('quentrel a')).toEqual([player.profile.id])
  })

  it('answers at most 20 players, the first 20 by name', async () => {
    const me = await signedInUser(t)
    const players = await Promise.all(
      Array.from({ length: 25 }, (_, i) => insertUser(t.db, { firstName: 'Xavialimit', lastName: `N${i}` })),
    )
    const res = await me.client.get('/api/connections/search?q=xavialimit')
    const byName = players.map((p) => p.lastName).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    expect(res.body.results.map((r: { lastName: string }) => r.lastName)).toEqual(byName.slice(0, 20))
  })

  it('shows the friend status of each result from the searcher’s side', async () => {
    const me = await signedInUser(t)
    const sentTo = await signedInUser(t, { firstName: 'Statusy', lastName: 'Sent' })
    const receivedFrom = await signedInUser(t, { firstName: 'Statusy', lastName: 'Received' })
    const friend = await signedInUser(t, { firstName: 'Statusy', lastName: 'Friend' })
    await signedInUser(t, { firstName: 'Statusy', lastName: 'None' })
    const sent = await request(me, sentTo)
    await request(receivedFrom, me)
    await friends(me, friend)

    const res = await me.client.get('/api/connections/search?q=statusy')
    const byLast = Object.fromEntries(
      res.body.results.map((r: { lastName: string; friendStatus: string }) => [r.lastName, r.friendStatus]),
    )
    expect(byLast).toEqual({ Friend: 'friends', None: 'none', Received: 'received', Sent: 'sent' })
    const sentResult = res.body.results.find((r: { lastName: string }) => r.lastName === 'Sent')
    expect(sentResult.connectionId).toBe(sent.body.id)
  })

  it('refuses requests and watching for an account whose address was never confirmed', async () => {
    const me = await signedInUser(t)
    const pending = await insertUser(t.db, { confirmed: false })
    for (const res of [
      await me.client.post('/api/connections/friend-requests', { receiverId: pending.id }),
      await me.client.post('/api/connections/partner-requests', { receiverId: pending.id }),
      await me.client.put(`/api/connections/watching/${pending.id}`),
    ]) {
      expect(res.status).toBe(404)
      expect(res.body.error.message).toBe('Player not found')
    }
    expect(await pairRows(me, { profile: pending } as Player)).toEqual([])
  })

  it('leaves out accounts whose address was never confirmed, and finds them once it is', async () => {
    const me = await signedInUser(t)
    const pending = await insertUser(t.db, { firstName: 'Unconfa', lastName: 'Pending', confirmed: false })
    const confirmedPlayer = await insertUser(t.db, { firstName: 'Unconfa', lastName: 'Zed' })
    const found = async () =>
      (await me.client.get('/api/connections/search?q=unconfa')).body.results.map((r: { id: string }) => r.id)
    expect(await found()).toEqual([confirmedPlayer.id])
    await t.db.update(profiles).set({ emailVerifiedAt: new Date() }).where(eq(profiles.id, pending.id))
    expect(await found()).toEqual([pending.id, confirmedPlayer.id])
  })

  it('reads the first page in name order from the keys index, one probe per friend status', async () => {
    const me = await signedInUser(t)
    const plan = await t.db.transaction(async (tx) => {
      // The test tables are tiny: take sequential scans and sorts off the table so the plan
      // shows whether the indexes alone can answer the search, in order.
      await tx.execute(sql`set local enable_seqscan = off`)
      await tx.execute(sql`set local enable_sort = off`)
      const result = (await tx.execute(
        sql`explain ${searchPlayersQuery(tx, me.profile.id, 'quin oka')}`,
      )) as {
        rows: Array<Record<string, string>>
      }
      return result.rows.map((row) => Object.values(row)[0]).join('\n')
    })
    expect(plan).toContain('profile_search_keys_name_idx')
    expect(plan).toContain('connections_live_pair_key')
    expect(plan).not.toMatch(/Sort|Seq Scan/)
  })
})
