import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connections, partnerListEntries, partnerLists, profiles } from '../../db/schema'
import { signedInUser, befriend } from '../../testing/factories'
import { createClient, createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Player = Awaited<ReturnType<typeof signedInUser>>

const player = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides)

// A player with one accepted friend, so they may create lists.
async function owner() {
  const [me, friend] = await Promise.all([player({ firstName: 'Olive' }), player({ firstName: 'Fern' })])
  await befriend(t.db, me!, friend!)
  return { me: me!, friend: friend! }
}

async function createList(p: Player, name = 'Nationals 2026') {
  const res = await p.client.post('/api/partner-lists', { name })
  expect(res.status).toBe(201)
  return res.body.id as string
}

async function addManual(p: Player, listId: string, firstName: string, email?: string) {
  const res = await p.client.post(`/api/partner-lists/${listId}/manual-entries`, {
    firstName,
    lastName: 'Manual',
    ...(email ? { email } : {}),
  })
  expect(res.status).toBe(201)
  return res.body.id as string
}

async function positions(listId: string) {
  const rows = await t.db
    .select({ id: partnerListEntries.id, orderPosition: partnerListEntries.orderPosition })
    .from(partnerListEntries)
    .where(eq(partnerListEntries.partnerListId, listId))
    .orderBy(asc(partnerListEntries.orderPosition))
  return rows
}

describe('partner lists', () => {
  it('creates lists, lists them newest first with their sizes, and shows one with its entries', async () => {
    const { me } = await owner()
    const first = await createList(me, '  Spring Open  ')
    const second = await createList(me, 'Mixed doubles')
    await addManual(me, first, 'Kim')

    const lists = await me.client.get('/api/partner-lists')
    expect(lists.status).toBe(200)
    expect(lists.body.items.map((l: { id: string }) => l.id)).toEqual([second, first])
    expect(lists.body.items[1]).toMatchObject({ name: 'Spring Open', entryCount: 1 })

    const detail = await me.client.get(`/api/partner-lists/${first}`)
    expect(detail.status).toBe(200)
    expect(detail.body).toMatchObject({ id: first, name: 'Spring Open', entryCount: 1 })
    expect(detail.body.entries).toMatchObject([
      {
        firstName: 'Kim',
        lastName: 'Manual',
        orderPosition: 0,
        status: 'unknown',
        notes: '',
        invitedAt: null,
      },
    ])
  })

  it('refuses a blank or too long name', async () => {
    const { me } = await owner()
    const blank = await me.client.post('/api/partner-lists', { name: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.body.error.fields.name).toBe('List name is required')
    const long = await me.client.post('/api/partner-lists', { name: 'x'.repeat(101) })
    expect(long.status).toBe(400)
  })

  it('needs at least one accepted friend to create a list', async () => {
    const lonely = await player()
    const res = await lonely.client.post('/api/partner-lists', { name: 'Solo' })
    expect(res.status).toBe(409)
    expect(res.body.error.message).toBe('You need at least one friend to create a partner list')
    const friends = await lonely.client.get('/api/partner-lists/friends')
    expect(friends.body).toEqual({ items: [] })
  })

  it('keeps the list limit under concurrent creates', async () => {
    const { me } = await owner()
    await t.db
      .insert(partnerLists)
      .values(Array.from({ length: 99 }, (_, i) => ({ userId: me.profile.id, name: `List ${i}` })))
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => me.client.post('/api/partner-lists', { name: `Race ${i}` })),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    const refused = results.filter((r) => r.status !== 201)
    expect(refused).toHaveLength(4)
    for (const res of refused) {
      expect(res.status).toBe(409)
      expect(res.body.error.message).toBe('You can keep at most 100 partner lists')
    }
    const owned = await t.db.select().from(partnerLists).where(eq(partnerLists.userId, me.profile.id))
    expect(owned).toHaveLength(100)
  })

  it('deletes a list with its entries', async () => {
    const { me } = await owner()
    const id = await createList(me)
    await addManual(me, id, 'Lee')
    expect((await me.client.delete(`/api/partner-lists/${id}`)).status).toBe(204)
    expect(await t.db.select().from(partnerLists).where(eq(partnerLists.id, id))).toEqual([])
    expect(await positions(id)).toEqual([])
    expect((await me.client.get(`/api/partner-lists/${id}`)).status).toBe(404)
  })

  it('needs a signed-in player', async () => {
    const anonymous = createClient(t.app)
    expect((await anonymous.get('/api/partner-lists')).status).toBe(401)
    expect((await anonymous.post('/api/partner-lists', { name: 'x' })).status).toBe(401)
  })

  it('answers 400, not 500, for a malformed id', async () => {
    const { me } = await owner()
    expect((await me.client.get('/api/partner-lists/not-a-uuid')).status).toBe(400)
  })
})

describe('entries', () => {
  it('adds an accepted friend with names, ratings and the platform user', async () => {
    const me = await player()
    const friend = await player({ firstName: 'Gale', lastName: 'Storm', duprRating: 4.25, selfRating: 4.5 })
    await befriend(t.db, friend, me)
    const listId = await createList(me)

    const options = await me.client.get('/api/partner-lists/friends')
    expect(options.body.items).toMatchObject([
      { id: friend.profile.id, firstName: 'Gale', lastName: 'Storm' },
    ])

    const res = await me.client.post(`/api/partner-lists/${listId}/friend-entries`, {
      friendId: friend.profile.id,
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      firstName: 'Gale',
      lastName: 'Storm',
      duprRating: 4.25,
      selfRating: 4.5,
      platformUserId: friend.profile.id,
      email: null,
      orderPosition: 0,
    })
  })

  it('shows a friend’s face on their entry, the new one after they change it, and none on a manual entry', async () => {
    const { me, friend } = await owner()
    await t.db.update(profiles).set({ photoVersion: 'a1b2c3' }).where(eq(profiles.id, friend.profile.id))
    const listId = await createList(me)
    const added = await me.client.post(`/api/partner-lists/${listId}/friend-entries`, {
      friendId: friend.profile.id,
    })
    expect(added.body.photoUrl).toBe(`/api/profiles/${friend.profile.id}/photo?v=a1b2c3`)
    await addManual(me, listId, 'Kim')

    await t.db.update(profiles).set({ photoVersion: 'd4e5f6' }).where(eq(profiles.id, friend.profile.id))
    const detail = await me.client.get(`/api/partner-lists/${listId}`)
    expect(
      detail.body.entries.map((e: { firstName: string; photoUrl: string | null }) => e.photoUrl),
    ).toEqual([`/api/profiles/${friend.profile.id}/photo?v=d4e5f6`, null])
    const noted = await me.client.patch(`/api/partner-lists/${listId}/entries/${added.body.id}`, {
      notes: 'Great at the kitchen line',
    })
    expect(noted.status).toBe(200)
    expect(noted.body.photoUrl).toBe(`/api/profiles/${friend.profile.id}/photo?v=d4e5f6`)
  })

  it('refuses someone who is not an accepted friend', async () => {
    const { me } = await owner()
    const stranger = await player()
    const pending = await player()
    await t.db.insert(connections).values({
      requesterId: me.profile.id,
      receiverId: pending.profile.id,
      type: 'friend',
      status: 'pending',
    })
    const listId = await createList(me)
    for (const other of [stranger, pending]) {
      const res = await me.client.post(`/api/partner-lists/${listId}/friend-entries`, {
        friendId: other.profile.id,
      })
      expect(res.status).toBe(400)
    }
    expect(await positions(listId)).toEqual([])
  })

  it("refuses a friend already in the list, by platform user or by the same names: 'Already in list'", async () => {
    const me = await player()
    const [ann, bob] = await Promise.all([
      player({ firstName: 'Ann', lastName: 'Twin' }),
      player({ firstName: 'Bob', lastName: 'Named' }),
    ])
    await befriend(t.db, me, ann)
    await befriend(t.db, me, bob)
    const listId = await createList(me)

    const added = await me.client.post(`/api/partner-lists/${listId}/friend-entries`, {
      friendId: ann.profile.id,
    })
    expect(added.status).toBe(201)
    const again = await me.client.post(`/api/partner-lists/${listId}/friend-entries`, {
      friendId: ann.profile.id,
    })
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe('Already in list')

    // Bob was added by hand before becoming a listed friend.
    await me.client.post(`/api/partner-lists/${listId}/manual-entries`, {
      firstName: 'bob',
      lastName: ' NAMED ',
    })
    const byName = await me.client.post(`/api/partner-lists/${listId}/friend-entries`, {
      friendId: bob.profile.id,
    })
    expect(byName.status).toBe(409)
    expect(byName.body.error.message).toBe('Already in list')
    expect(await positions(listId)).toHaveLength(2)
  })

  it('validates manual entries with the messages of the form', async () => {
    const { me } = await owner()
    const listId = await createList(me)
    const noLast = await me.client.post(`/api/partner-lists/${listId}/manual-entries`, {
      firstName: 'Jo',
      lastName: '  ',
    })
    expect(noLast.status).toBe(400)
    expect(noLast.body.error.fields.lastName).toBe('Please enter both first and last name')
    const badEmail = await me.client.post(`/api/partner-lists/${listId}/manual-entries`, {
      firstName: 'Jo',
      lastName: 'Bo',
      email: 'jo@',
    })
    expect(badEmail.body.error.fields.email).toBe('Please enter a valid email address')
    const ok = await me.client.post(`/api/partner-lists/${listId}/manual-entries`, {
      firstName: ' Jo ',
      lastName: 'Bo',
      email: ' Jo@Example.com ',
    })
    expect(ok.status).toBe(201)
    expect(ok.body).toMatchObject({ firstName: 'Jo', email: 'jo@example.com', platformUserId: null })
  })

  it('updates status, notes and the email of a manual entry', async () => {
    const { me, friend } = await owner()
    const listId = await createList(me)
    const manualId = await addManual(me, listId, 'Max', 'max@example.com')
    const url = `/api/partner-lists/${listId}/entries/${manualId}`

    expect((await me.client.patch(url, { status: 'maybe' })).body.status).toBe('maybe')
    expect((await me.client.patch(url, { notes: 'Plays left side' })).body).toMatchObject({
      status: 'maybe',
      notes: 'Plays left side',
    })
    expect((await me.client.patch(url, { email: 'new@example.com' })).body.email).toBe('new@example.com')
    expect((await me.client.patch(url, { email: '' })).body.email).toBeNull()
    // A partner who said yes.
    expect((await me.client.patch(url, { status: 'confirmed' })).body.status).toBe('confirmed')
    expect((await me.client.patch(url, { status: 'available' })).status).toBe(400)
    expect((await me.client.patch(url, {})).status).toBe(400)
    expect((await me.client.patch(url, { notes: 'x'.repeat(2001) })).status).toBe(400)

    const friendEntry = await me.client.post(`/api/partner-lists/${listId}/friend-entries`, {
      friendId: friend.profile.id,
    })
    const friendEmail = await me.client.patch(`/api/partner-lists/${listId}/entries/${friendEntry.body.id}`, {
      email: 'x@example.com',
    })
    expect(friendEmail.status).toBe(400)
  })

  it('removes an entry and closes the gap in the order', async () => {
    const { me } = await owner()
    const listId = await createList(me)
    const a = await addManual(me, listId, 'A')
    const b = await addManual(me, listId, 'B')
    const c = await addManual(me, listId, 'C')
    expect((await me.client.delete(`/api/partner-lists/${listId}/entries/${b}`)).status).toBe(204)
    expect(await positions(listId)).toEqual([
      { id: a, orderPosition: 0 },
      { id: c, orderPosition: 1 },
    ])
    expect((await me.client.delete(`/api/partner-lists/${listId}/entries/${b}`)).status).toBe(404)
  })
})

describe('reordering', () => {
  it('rewrites the order densely from the full list of ids', async () => {
    const { me } = await owner()
    const listId = await createList(me)
    const a = await addManual(me, listId, 'A')
    const b = await addManual(me, listId, 'B')
    const c = await addManual(me, listId, 'C')
    const res = await me.client.put(`/api/partner-lists/${listId}/order`, { entryIds: [c, a, b] })
    expect(res.status).toBe(200)
    expect(res.body.items.map((e: { id: string; orderPosition: number }) => [e.id, e.orderPosition])).toEqual(
      [
        [c, 0],
        [a, 1],
        [b, 2],
      ],
    )
    const detail = await me.client.get(`/api/partner-lists/${listId}`)
    expect(detail.body.entries.map((e: { id: string }) => e.id)).toEqual([c, a, b])
  })

  it('refuses an order that does not name exactly the entries of the list', async () => {
    const { me } = await owner()
    const listId = await createList(me)
    const otherList = await createList(me, 'Other')
    const a = await addManual(me, listId, 'A')
    const b = await addManual(me, listId, 'B')
    const elsewhere = await addManual(me, otherList, 'X')
    const before = await positions(listId)

    const missing = await me.client.put(`/api/partner-lists/${listId}/order`, { entryIds: [b] })
    expect(missing.status).toBe(409)
    const foreign = await me.client.put(`/api/partner-lists/${listId}/order`, { entryIds: [b, a, elsewhere] })
    expect(foreign.status).toBe(409)
    const swapped = await me.client.put(`/api/partner-lists/${listId}/order`, { entryIds: [b, elsewhere] })
    expect(swapped.status).toBe(409)
    const repeated = await me.client.put(`/api/partner-lists/${listId}/order`, { entryIds: [a, a] })
    expect(repeated.status).toBe(400)
    expect(await positions(listId)).toEqual(before)
  })

  it('keeps a dense order under concurrent moves, adds and removals', async () => {
    const { me } = await owner()
    const listId = await createList(me)
    const ids: string[] = []
    for (const name of ['A', 'B', 'C', 'D']) ids.push(await addManual(me, listId, name))
    const [a, b, c, d] = ids as [string, string, string, string]

    const results = await Promise.all([
      me.client.put(`/api/partner-lists/${listId}/order`, { entryIds: [d, c, b, a] }),
      me.client.post(`/api/partner-lists/${listId}/manual-entries`, { firstName: 'E', lastName: 'New' }),
      me.client.put(`/api/partner-lists/${listId}/order`, { entryIds: [b, a, d, c] }),
      me.client.post(`/api/partner-lists/${listId}/manual-entries`, { firstName: 'F', lastName: 'New' }),
      me.client.delete(`/api/partner-lists/${listId}/entries/${c}`),
      me.client.put(`/api/partner-lists/${listId}/order`, { entryIds: [a, b, c, d] }),
      me.client.post(`/api/partner-lists/${listId}/manual-entries`, { firstName: 'G', lastName: 'New' }),
    ])
    // Adds and the removal always succeed; a move either wins or finds the list changed.
    for (const res of results) expect([200, 201, 204, 409]).toContain(res.status)
    expect(results.filter((r) => r.status === 201)).toHaveLength(3)
    expect(results[4]!.status).toBe(204)

    const after = await positions(listId)
    expect(after).toHaveLength(6)
    expect(after.map((row) => row.orderPosition)).toEqual([0, 1, 2, 3, 4, 5])
  })
})

describe('ownership', () => {
  it("answers 404 to every route with someone else's list or entry and changes nothing", async () => {
    const { me, friend } = await owner()
    const { me: intruder, friend: intruderFriend } = await owner()
    const listId = await createList(me)
    const entryId = await addManual(me, listId, 'Mine', 'mine@example.com')
    const ownListId = await createList(intruder, 'Intruder list')
    const snapshot = async () => ({
      lists: await t.db.select().from(partnerLists).where(eq(partnerLists.id, listId)),
      entries: await t.db
        .select()
        .from(partnerListEntries)
        .where(eq(partnerListEntries.partnerListId, listId)),
    })
    const before = await snapshot()

    const c = intruder.client
    const entryUrl = `/api/partner-lists/${listId}/entries/${entryId}`
    const attempts = [
      c.get(`/api/partner-lists/${listId}`),
      c.delete(`/api/partner-lists/${listId}`),
      c.post(`/api/partner-lists/${listId}/friend-entries`, { friendId: intruderFriend.profile.id }),
      c.post(`/api/partner-lists/${listId}/manual-entries`, { firstName: 'X', lastName: 'Y' }),
      c.patch(entryUrl, { status: 'not_interested', notes: 'mine now', email: 'x@example.com' }),
      c.delete(entryUrl),
      c.put(`/api/partner-lists/${listId}/order`, { entryIds: [entryId] }),
      c.post(`${entryUrl}/invite`, { email: 'x@example.com' }),
      // Their own list with my entry id.
      c.patch(`/api/partner-lists/${ownListId}/entries/${entryId}`, { status: 'maybe' }),
      c.delete(`/api/partner-lists/${ownListId}/entries/${entryId}`),
      c.post(`/api/partner-lists/${ownListId}/entries/${entryId}/invite`, {}),
    ]
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404)
    }
    expect(await snapshot()).toEqual(before)
    const theirs = await c.get('/api/partner-lists')
    expect(theirs.body.items.map((l: { id: string }) => l.id)).toEqual([ownListId])
    // My friend is not theirs to add.
    const notTheirFriend = await c.post(`/api/partner-lists/${ownListId}/friend-entries`, {
      friendId: friend.profile.id,
    })
    expect(notTheirFriend.status).toBe(400)
  })
})
